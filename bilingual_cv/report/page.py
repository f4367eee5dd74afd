"""A review report for hiring committees: one self-contained HTML page per batch.

``bilingual-cv report OUTDIR -o report.html`` reads what ``convert`` wrote into OUTDIR (the
CV JSON files and ``manifest.jsonl``) and renders one page that works offline:

- a committee table, one row per input (failed inputs too), sortable by clicking a column
  header and filtered by a text box (names, institutions under their Chinese and English
  names, venues, files) and a minimum number of CCF-A papers; its "CCF since" column counts
  from the year in the Since box (``report --since``, by default five years before the year
  the report is made; the page names the year);
- a card per CV, in the table's order (sorting the table moves the cards too): a
  publications-per-year chart (inline SVG, stacked by CCF rank), the publications with their
  CCF badges and the owner's author position, education, experience, and the warnings,
  losses first, with their lines' text.

A document that is not a CV and a candidate who appears twice (the same file, or the same
name and e-mail) are marked in the table and on the card.

The page is rendered here, in Python, with every piece of CV text escaped
(:func:`~bilingual_cv.report.escape.html_text`); its one script and one style sheet
(``report_assets/``) are allowed by hash in the page's Content Security Policy, which also
forbids any network access. So text in a CV (``<script>``, ``onerror=``) can never run, and
the same OUTDIR always gives the same bytes. How OUTDIR is read is
:mod:`bilingual_cv.report.records`.
"""

from __future__ import annotations

import base64
import dataclasses
import datetime
import hashlib
from collections.abc import Sequence
from importlib import resources

from bilingual_cv import __version__
from bilingual_cv.export.summary import default_since, find_duplicates
from bilingual_cv.report.cards import render_card
from bilingual_cv.report.charts import SPARK_YEARS
from bilingual_cv.report.escape import html_text
from bilingual_cv.report.figures import (
    RANKS,
    Row,
    as_dict,
    as_dicts,
    build_row,
)
from bilingual_cv.report.records import Entry
from bilingual_cv.report.table import render_controls, render_table

__all__ = ["render_report"]


def _asset(name: str) -> str:
    return resources.files("bilingual_cv").joinpath("report_assets", name).read_text("utf-8")


def _csp_hash(source: str) -> str:
    digest = hashlib.sha256(source.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


def render_report(
    entries: Sequence[Entry], *, title: str = "CV review report", since: int | None = None
) -> str:
    """The whole HTML page for a batch: table, cards, inline CSS and script.

    ``since`` is the first year of the table's recent CCF counts; None takes five years
    before today's year (the page says which year it was).

    >>> page = render_report([Entry("roe.json", "roe.txt",
    ...     {"schema_version": "1.0", "person": {"name": "Jane <b>Roe</b>"}})], since=2021)
    >>> "Jane &lt;b&gt;Roe&lt;/b&gt;" in page, page.count("<tr class=\\"cv-row")
    (True, 1)
    """
    if since is None:
        since = default_since(datetime.date.today())
    rows = _with_twins([build_row(index, entry) for index, entry in enumerate(entries, start=1)])
    years = _spark_years(rows)
    top = max(
        (sum(c.values()) for row in rows for y, c in row.per_year.items() if y in years),
        default=0,
    )
    with_cn = any(row.ccf_cn is not None for row in rows)
    style, script = _asset("report.css"), _asset("report.js")
    csp = _content_security_policy(style, script)
    parts = [
        "<!DOCTYPE html>\n",
        '<html lang="en"><head><meta charset="utf-8">',
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="generator" content="bilingual-cv {html_text(__version__)}">',
        f"<title>{html_text(title)}</title><style>{style}</style></head>\n<body>",
        (
            f"<header><h1>{html_text(title)}</h1>"
            f'<p class="summary">{html_text(_summary(rows, since))}</p></header>\n'
        ),
        render_controls(len(rows), since),
        render_table(rows, years, top, with_cn, since),
        _render_legend(),
        '<main id="cards">\n',
        *(render_card(row) for row in rows),
        "</main>\n",
        (
            f"<footer>Made by bilingual-cv {html_text(__version__)} from the records in this "
            "batch. "
            "CCF ranks come from the catalog; a rank the CV claims is shown apart. "
            "Names, venues and years are as parsed: check a card's warnings before relying "
            "on a number.</footer>\n"
        ),
        '<output id="selftest" hidden></output>',
        f"<script>{script}</script>\n</body></html>\n",
    ]
    return "".join(parts)


def _with_twins(rows: list[Row]) -> list[Row]:
    """The rows, each candidate who appears twice naming the other rows."""
    twins = find_duplicates([row.entry.cv for row in rows])
    return [
        dataclasses.replace(row, twins=tuple(rows[i].index for i in twins[n]))
        if n in twins
        else row
        for n, row in enumerate(rows)
    ]


def _spark_years(rows: Sequence[Row]) -> range:
    """The years the table's sparklines cover: the batch's last :data:`SPARK_YEARS` at most."""
    all_years = [year for row in rows for year in row.per_year]
    if not all_years:
        return range(0)
    return range(max(min(all_years), max(all_years) - SPARK_YEARS + 1), max(all_years) + 1)


def _content_security_policy(style: str, script: str) -> str:
    """The page's policy: nothing loads from anywhere; only its own inline style and script run."""
    return (
        f"default-src 'none'; style-src {_csp_hash(style)}; script-src {_csp_hash(script)}; "
        "img-src data:; base-uri 'none'; form-action 'none'"
    )


def _summary(rows: Sequence[Row], since: int) -> str:
    """The line under the title: CVs converted, inputs that failed, CCF editions used, the
    year the recent counts start.

    >>> _summary([build_row(1, Entry("roe.json", "roe.txt", {"person": {"name": "Jane Roe"}}))],
    ...          2021)
    '1 CV · recent CCF counts from 2021'
    """
    failed = sum(row.entry.cv is None for row in rows)
    summary = f"{len(rows) - failed} CV{'s' if len(rows) - failed != 1 else ''}"
    if failed:
        summary += f" · {failed} failed"
    editions = sorted(
        {
            str(as_dict(pub.get("ccf")).get("edition"))
            for row in rows
            if row.entry.cv
            for pub in as_dicts(row.entry.cv.get("publications"))
            if as_dict(pub.get("ccf")).get("edition")
        }
    )
    if editions:
        summary += f" · CCF list {', '.join(editions)}"
    return summary + f" · recent CCF counts from {since}"


def _render_legend() -> str:
    badges = "".join(f'<span class="badge rank-{rank}">CCF-{rank}</span>' for rank in RANKS)
    return (
        f'<p class="legend">{badges}<span class="badge rank-none">not ranked</span>'
        '<span class="badge claim">claims A</span> a rank the CV claims but neither the catalog '
        "nor CCF's Chinese-journal list gives · "
        '<span class="pos first">1st</span> the owner is first author · '
        "Papers and the CCF counts leave out preprints and patents</p>\n"
    )
