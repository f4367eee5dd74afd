"""A line that holds a patent's number and nothing of its title (:func:`read_number_line`).

Patent lists often print each item as the patent office does: the registration or
application number first, with the date in a right-hand column, and the title on the
line(s) under it (``[2] KR 10-2345678<gap>Jul 2022`` / ``TOY KITE METHOD AND SYSTEM``).
Such a first line is no title, and the line under it is the item's title, never a heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from bilingual_cv.lang.dates import parse_date

#: A patent or application number as offices and CVs print it: an office's code (``US``,
#: ``KR``, ``CN``, ``EP``, ``WO``, ``JP``, ``ZL`` ...), maybe ``Patent No.``, then digit
#: groups joined by commas, stops, slashes, hyphens or single spaces (``10,234,567``,
#: ``10-2021-0123456``, ``2020/123456``, ``2020 1 0123456.7``) and a kind code (``B2``,
#: ``A1``). A lone four-digit year after a space is the date, not part of the number.
_NUMBER_RE = re.compile(
    r"(?:(?:[Pp]atent|专利号)\s*(?:No\.?|Number)?\s*[:：]?\s*)?"
    r"(?:PCT/)?(?:U\.S\.|US|KR|CN|ZL|EP|WO|JP|TW|DE|GB|FR|CA|AU|IN|RU)(?![A-Za-z])"
    r"\s?(?:[Pp]at(?:ent|\.)?\s*)?(?:(?:[Aa]pp(?:lication|l?\.)\s*)?No\.?\s*[:：]?\s*)?"
    r"\d+(?:(?:[,./\-]|\s(?!(?:19|20)\d\d\b))\d+)*(?:\.[\dX])?"
    r"(?:\s?[A-Z]\d?(?![A-Za-z\d]))?"
)
#: The fewest digits a patent number holds (a page range or a volume holds fewer).
MIN_NUMBER_DIGITS = 6
#: What may stand between the number and its date: separators, a bracket.
_BETWEEN = " \t,;|()（）"


@dataclass(frozen=True, slots=True)
class NumberLine:
    """A patent's number line: the number as written and the printed date, if any."""

    number: str
    #: The date printed beside the number, as written (``Mar 2023``), or None.
    date_text: str | None
    #: That date as a contract string (``2023-03``), or None.
    date: str | None


def read_number_line(text: str) -> NumberLine | None:
    """The patent number (and date) of a line that holds nothing else, else None.

    >>> read_number_line("KR 10-2021-0123456" + " " * 30 + "Nov 2021")
    NumberLine(number='KR 10-2021-0123456', date_text='Nov 2021', date='2021-11')
    >>> read_number_line("US 10,234,567 B2")
    NumberLine(number='US 10,234,567 B2', date_text=None, date=None)
    >>> read_number_line("ZL 2020 1 0123456.7, 2021")
    NumberLine(number='ZL 2020 1 0123456.7', date_text='2021', date='2021')
    >>> read_number_line("US 10234567, Toy Kite Launcher") is None
    True
    >>> read_number_line("EP 2019, pp. 12-15") is None
    True
    """
    stripped = text.strip()
    if not stripped or not stripped[0].isalpha() and not stripped.startswith("专利"):
        return None
    found = _NUMBER_RE.match(stripped)
    if found is None or sum(map(str.isdigit, found.group(0))) < MIN_NUMBER_DIGITS:
        return None
    rest = stripped[found.end() :].strip(_BETWEEN)
    if not rest:
        return NumberLine(found.group(0).strip(), None, None)
    date = parse_date(rest)
    if date is None or date == "present":
        return None
    return NumberLine(found.group(0).strip(), rest, date)
