"""``--since YEAR``: the first year of the recent CCF counts (``convert``'s summary and
workbook, the report's table), and its default, five years before the year of the run.

The default depends on the date, so every output that uses it names the year it counted from
(the summary's column names, the report's header and filter), and ``convert`` prints it: a
table made next January differs visibly from one made today, never silently.
"""

from __future__ import annotations

import argparse
import datetime

__all__ = ["SINCE_RANGE", "parse_year", "resolve_since"]

#: Years ``--since`` accepts.
SINCE_RANGE = range(1950, 2101)


def parse_year(text: str) -> int:
    """``--since``'s value: a year in :data:`SINCE_RANGE`.

    >>> parse_year("2021")
    2021
    >>> parse_year("21")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: a year from 1950 to 2100, not 21
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a year: {text!r}") from None
    if value not in SINCE_RANGE:
        raise argparse.ArgumentTypeError(
            f"a year from {SINCE_RANGE.start} to {SINCE_RANGE.stop - 1}, not {value}"
        )
    return value


def resolve_since(args: argparse.Namespace, today: datetime.date | None = None) -> int:
    """The first year counted: ``--since``, else five years before the year of ``today`` (the
    run's date); recorded back in ``args.since``.

    >>> args = argparse.Namespace(since=None)
    >>> resolve_since(args, datetime.date(2026, 11, 27)), args.since
    (2021, 2021)
    """
    from bilingual_cv.export.summary import default_since

    if getattr(args, "since", None) is None:
        args.since = default_since(today or datetime.date.today())
    return int(args.since)
