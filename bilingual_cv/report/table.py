"""The committee table: one row per input (failed ones too), its columns with their sort types,
the text each row is filtered by, and the filter controls above it. Sorting and filtering run
in the page's script (``report_assets/report.js``), on the ``data-*`` attributes written here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from bilingual_cv.report.charts import render_spark
from bilingual_cv.report.escape import html_text
from bilingual_cv.report.figures import (
    RANKS,
    Row,
    as_dict,
    as_dicts,
    degree_label,
    degree_sort_key,
)

__all__ = [
    "COLUMNS",
    "render_controls",
    "render_table",
]

#: Committee-table columns: key (for the self-test), header, sort type, tooltip.
COLUMNS = (
    ("index", "#", "num", "Order of the batch"),
    ("name", "Name", "text", "Owner of the CV"),
    ("degree", "Highest degree", "num", "Highest degree and the year it ended or ends"),
    ("pubs", "Pubs", "num", "Publications listed (patents included)"),
    ("ccf_a", "CCF-A", "num", "Publications at CCF-A venues (catalog rank)"),
    ("ccf_b", "CCF-B", "num", "Publications at CCF-B venues"),
    ("ccf_c", "CCF-C", "num", "Publications at CCF-C venues"),
    ("first_a", "1st-author A", "num", "CCF-A publications with the owner as first author"),
    ("cn", "CCF-CN A/B/C", "num", "CCF Chinese-journal catalogue ranks (sorted by A)"),
    ("mismatch", "Claim ≠ catalog", "num", "Claimed CCF ranks the catalog does not confirm"),
    ("warnings", "Warnings", "num", "What the parser could not read: see the card"),
    ("chart", "Per year", "", "Publications per year, coloured by CCF rank"),
)


def render_controls(total: int) -> str:
    """The filter box, the CCF-A minimum and the "hide failed" switch above the table."""
    return (
        '<section class="controls" aria-label="Filter">'
        '<label>Filter <input id="filter" type="search" '
        'placeholder="name, institution, venue, file…" autocomplete="off"></label>'
        '<label>Min. CCF-A <input id="min-a" type="number" min="0" step="1" value="0"></label>'
        '<label class="check"><input id="hide-failed" type="checkbox"> hide failed</label>'
        f'<span id="shown" aria-live="polite">{total} of {total} shown</span>'
        "</section>\n"
    )


def render_table(rows: Sequence[Row], years: range, top: int, with_cn: bool) -> str:
    """The committee table: a sortable header, then one row per entry (``years`` and ``top``:
    the common span and scale of the small charts; ``with_cn``: a Chinese-journal column)."""
    columns = [c for c in COLUMNS if with_cn or c[0] != "cn"]
    head = []
    for key, label, kind, tip in columns:
        if kind:
            head.append(
                f'<th scope="col" data-key="{key}" data-type="{kind}" title="{html_text(tip)}">'
                f'<button type="button">{html_text(label)}<span class="arrow"></span></button></th>'
            )
        else:
            span = ""
            if years:
                span = f'<span class="range">{years.start}–{years.stop - 1}</span>'
            head.append(f'<th scope="col" title="{html_text(tip)}">{html_text(label)}{span}</th>')
    body = [_render_row(row, years, top, with_cn) for row in rows]
    return (
        '<table id="committee"><thead><tr>'
        + "".join(head)
        + "</tr></thead>\n<tbody>\n"
        + "".join(body)
        + "</tbody></table>\n"
    )


def _num_cell(value: int, css: str = "") -> str:
    shown = "—" if value < 0 else str(value)
    classes = f"num {css}".strip() + (" zero" if value <= 0 else "")
    return f'<td class="{classes}" data-sort="{value}">{shown}</td>'


def _render_row(row: Row, years: range, top: int, with_cn: bool) -> str:
    entry = row.entry
    card = f"cv-{row.index}"
    search = " ".join(_search_words(row)).lower()
    classes = "cv-row failed" if entry.cv is None else "cv-row"
    cells = [f'<td class="num" data-sort="{row.index}">{row.index}</td>']
    name = f'<a href="#{card}">{html_text(row.name)}</a>'
    if row.second:
        name += f' <span class="second">{html_text(row.second)}</span>'
    if entry.cv is None:
        name += f'<div class="error">failed: {html_text(entry.error)}</div>'
    cells.append(f'<td class="name" data-sort="{html_text(row.name)}">{name}</td>')
    institution = row.degree.get("institution") if row.degree else None
    degree = html_text(degree_label(row.degree)) if entry.cv is not None else "—"
    if institution:
        degree += f'<div class="inst">{html_text(institution)}</div>'
    cells.append(f'<td data-sort="{degree_sort_key(row.degree)}">{degree}</td>')
    cells.append(_num_cell(row.publications))
    for rank in RANKS:
        cells.append(_num_cell(row.ccf.get(rank, -1), f"rank-{rank}"))
    cells.append(_num_cell(row.first_a, "first"))
    if with_cn:
        if row.ccf_cn is None:
            cells.append('<td class="num" data-sort="-1">—</td>')
        else:
            cn = row.ccf_cn
            cells.append(
                f'<td class="num" data-sort="{cn["A"]}">{cn["A"]}/{cn["B"]}/{cn["C"]}</td>'
            )
    cells.append(_num_cell(row.mismatches, "alert" if row.mismatches > 0 else ""))
    cells.append(_num_cell(row.warnings, "warn" if row.warnings > 0 else ""))
    cells.append(f'<td class="chart-cell">{render_spark(row.per_year, years, top)}</td>')
    return (
        f'<tr class="{classes}" id="row-{row.index}" data-card="{card}" '
        f'data-search="{html_text(search)}" data-ccf-a="{max(row.ccf.get("A", 0), 0)}">'
        + "".join(cells)
        + "</tr>\n"
    )


def _search_words(row: Row) -> Iterable[str]:
    yield row.name
    if row.second:
        yield row.second
    yield row.entry.file
    if row.entry.input:
        yield row.entry.input
    if row.entry.error:
        yield row.entry.error
    cv = row.entry.cv or {}
    person = as_dict(cv.get("person"))
    for key in ("name", "name_zh", "inferred_name"):
        if person.get(key):
            yield str(person[key])
    for item in as_dicts(cv.get("education")):
        yield str(item.get("institution") or "")
    for item in as_dicts(cv.get("experience")):
        yield str(item.get("organization") or "")
    for pub in as_dicts(cv.get("publications")):
        yield str(as_dict(pub.get("venue")).get("abbr") or "")
