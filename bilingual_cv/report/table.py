"""The committee table: one row per input (failed ones too), its columns with their sort types,
the text each row is filtered by, and the filter controls above it. Sorting and filtering run
in the page's script (``report_assets/report.js``), on the ``data-*`` attributes written here:
``data-years`` holds a row's CCF counts per year, from which the script recounts the "CCF
since" column when the since year is changed.

Counts say what they include: "Papers" leaves out preprints and patents (shown under it), the
CCF columns count papers only (the catalogue ranks no preprint or patent).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence

from bilingual_cv.report.aliases import institution_aliases
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

#: Committee-table columns: key (for the self-test), header, sort type, tooltip. ``{since}``
#: is the first year of the recent counts.
COLUMNS = (
    ("index", "#", "num", "Order of the batch"),
    ("name", "Name", "text", "Owner of the CV"),
    ("degree", "Highest degree", "num", "Highest degree and the year it ended or ends"),
    ("position", "Current position", "text", "The position the CV lists as held now"),
    ("papers", "Papers", "num",
     ("Conference, journal, workshop and other papers; preprints and patents are counted"
      " apart, below the number")),
    ("ccf_a", "CCF-A", "num", "Papers at CCF-A venues (catalog rank; no preprint or patent)"),
    ("ccf_b", "CCF-B", "num", "Papers at CCF-B venues"),
    ("ccf_c", "CCF-C", "num", "Papers at CCF-C venues"),
    ("recent", "CCF since {since}", "num",
     "CCF-A/B/C papers from the year in the Since box on (sorted by A)"),
    ("first_a", "1st-author A", "num", "CCF-A papers with the owner as first author"),
    ("co_first_a", "1st/co-1st A", "num",
     "CCF-A papers with the owner as first or co-first (equal-contribution) author"),
    ("corresponding_a", "Corr. A", "num", "CCF-A papers with the owner as corresponding author"),
    ("cn", "CCF-CN A/B/C", "num", "CCF Chinese-journal catalogue ranks (sorted by A)"),
    ("mismatch", "Claim ≠ catalog", "num", "Claimed CCF ranks the catalog does not confirm"),
    ("warnings", "Warnings", "num",
     ("Losses (parts of the CV missing from the record) and warnings; notices about stray"
      " lines are not counted: see the card")),
    ("chart", "Per year", "", "Papers per year, coloured by CCF rank"),
)  # fmt: skip


def render_controls(total: int, since: int) -> str:
    """The filter box, the CCF-A minimum, the since year, and the switches above the table."""
    return (
        '<section class="controls" aria-label="Filter">'
        '<label>Filter <input id="filter" type="search" '
        'placeholder="name, institution, venue, file…" autocomplete="off"></label>'
        '<label>Min. CCF-A <input id="min-a" type="number" min="0" step="1" value="0"></label>'
        '<label title="First year of the CCF since column">Since '
        f'<input id="since" type="number" min="1950" max="2100" step="1" value="{since}"></label>'
        '<label class="check"><input id="hide-failed" type="checkbox"> hide failed</label>'
        '<label class="check" title="Notices about lines placed or left out as extra">'
        '<input id="show-info" type="checkbox"> show stray-line notices</label>'
        f'<span id="shown" aria-live="polite">{total} of {total} shown</span>'
        "</section>\n"
    )


def render_table(rows: Sequence[Row], years: range, top: int, with_cn: bool, since: int) -> str:
    """The committee table: a sortable header, then one row per entry (``years`` and ``top``:
    the common span and scale of the small charts; ``with_cn``: a Chinese-journal column;
    ``since``: the first year of the recent CCF counts)."""
    columns = [c for c in COLUMNS if with_cn or c[0] != "cn"]
    head = []
    for key, template, kind, tip in columns:
        label = template.format(since=since)
        if key == "recent":
            head.append(
                f'<th scope="col" data-key="{key}" data-type="{kind}" title="{html_text(tip)}">'
                '<button type="button">CCF since <span id="since-year">'
                f'{since}</span><span class="arrow"></span></button></th>'
            )
        elif kind:
            head.append(
                f'<th scope="col" data-key="{key}" data-type="{kind}" title="{html_text(tip)}">'
                f'<button type="button">{html_text(label)}<span class="arrow"></span></button></th>'
            )
        else:
            span = ""
            if years:
                span = f'<span class="range">{years.start}–{years.stop - 1}</span>'
            head.append(f'<th scope="col" title="{html_text(tip)}">{html_text(label)}{span}</th>')
    body = [_render_row(row, years, top, with_cn, since) for row in rows]
    return (
        '<div class="table-wrap"><table id="committee"><thead><tr>'
        + "".join(head)
        + "</tr></thead>\n<tbody>\n"
        + "".join(body)
        + "</tbody></table></div>\n"
    )


def _num_cell(value: int, css: str = "") -> str:
    shown = "—" if value < 0 else str(value)
    classes = f"num {css}".strip() + (" zero" if value <= 0 else "")
    return f'<td class="{classes}" data-sort="{value}">{shown}</td>'


def _render_row(row: Row, years: range, top: int, with_cn: bool, since: int) -> str:
    entry = row.entry
    card = f"cv-{row.index}"
    search = " ".join(_search_words(row)).lower()
    classes = "cv-row failed" if entry.cv is None else "cv-row"
    if row.not_a_cv:
        classes += " not-cv"
    cells = [f'<td class="num" data-sort="{row.index}">{row.index}</td>']
    name = f'<a href="#{card}">{html_text(row.name)}</a>'
    if row.second:
        name += f' <span class="second">{html_text(row.second)}</span>'
    if entry.cv is None:
        name += f'<div class="error">failed: {html_text(entry.error)}</div>'
    if row.not_a_cv:
        name += (
            '<div class="error not-cv-mark" title="No owner, no CV section and no entry were'
            ' found">not a CV</div>'
        )
    if row.twins:
        links = ", ".join(f'<a href="#row-{twin}">#{twin}</a>' for twin in row.twins)
        name += (
            '<div class="twin" title="The same file, or the same name and e-mail">'
            f"same candidate as {links}</div>"
        )
    cells.append(f'<td class="name" data-sort="{html_text(row.name)}">{name}</td>')
    institution = row.degree.get("institution") if row.degree else None
    degree = html_text(degree_label(row.degree)) if entry.cv is not None else "—"
    if institution:
        degree += f'<div class="inst">{html_text(institution)}</div>'
    cells.append(f'<td data-sort="{degree_sort_key(row.degree)}">{degree}</td>')
    cells.append(_position_cell(row))
    cells.append(_papers_cell(row))
    for rank in RANKS:
        cells.append(_num_cell(row.ccf.get(rank, -1), f"rank-{rank}"))
    cells.append(_recent_cell(row, since))
    cells.append(_num_cell(row.first_a, "first"))
    cells.append(_num_cell(row.co_first_a, "first"))
    cells.append(_num_cell(row.corresponding_a))
    if with_cn:
        if row.ccf_cn is None:
            cells.append('<td class="num" data-sort="-1">—</td>')
        else:
            cn = row.ccf_cn
            cells.append(
                f'<td class="num" data-sort="{cn["A"]}">{cn["A"]}/{cn["B"]}/{cn["C"]}</td>'
            )
    cells.append(_num_cell(row.mismatches, "alert" if row.mismatches > 0 else ""))
    cells.append(_warnings_cell(row))
    cells.append(f'<td class="chart-cell">{render_spark(row.per_year, years, top)}</td>')
    return (
        f'<tr class="{classes}" id="row-{row.index}" data-card="{card}" '
        f'data-search="{html_text(search)}" data-ccf-a="{max(row.ccf.get("A", 0), 0)}">'
        + "".join(cells)
        + "</tr>\n"
    )


def _position_cell(row: Row) -> str:
    """The current position: title, then the organization below it."""
    position = row.position
    if position is None:
        return '<td data-sort="">—</td>'
    title = str(position.get("title") or "")
    organization = str(position.get("organization") or "")
    shown = html_text(title or organization)
    if title and organization:
        shown += f'<div class="inst">{html_text(organization)}</div>'
    return f'<td class="position" data-sort="{html_text(title or organization)}">{shown}</td>'


def _papers_cell(row: Row) -> str:
    """Papers, with the preprints and patents counted apart beneath."""
    if row.entry.cv is None:
        return _num_cell(-1)
    apart = [f"+{n} {what}{'s' if n != 1 else ''}"
             for n, what in ((row.preprints, "preprint"), (row.patents, "patent")) if n]  # fmt: skip
    extra = f'<div class="apart">{" · ".join(apart)}</div>' if apart else ""
    zero = " zero" if row.papers <= 0 else ""
    return f'<td class="num{zero}" data-sort="{row.papers}">{row.papers}{extra}</td>'


def _recent_cell(row: Row, since: int) -> str:
    """CCF-A/B/C papers since ``since``; the script recounts from ``data-years``."""
    if row.entry.cv is None:
        return '<td class="num recent" data-sort="-1" data-years="{}">—</td>'
    years = {str(year): [counts.get(rank, 0) for rank in RANKS]
             for year, counts in row.per_year.items()}  # fmt: skip
    counts = [sum(c[i] for y, c in years.items() if int(y) >= since) for i in range(len(RANKS))]
    data = html_text(json.dumps(years, separators=(",", ":"), sort_keys=True))
    zero = " zero" if not any(counts) else ""
    return (
        f'<td class="num recent{zero}" data-sort="{counts[0]}" data-years="{data}">'
        f"{'/'.join(map(str, counts))}</td>"
    )


def _warnings_cell(row: Row) -> str:
    """Losses and warnings (info notices left out); red when anything was lost."""
    if row.entry.cv is None:
        return _num_cell(-1)
    total = row.losses + row.warns
    css = "num alert" if row.losses else ("num warn" if total else "num zero")
    shown = str(total)
    if row.losses:
        shown += f'<div class="apart">{row.losses} lost</div>'
    return f'<td class="{css}" data-sort="{row.losses * 10000 + row.warns}">{shown}</td>'


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
    places = [
        *(str(item.get("institution") or "") for item in as_dicts(cv.get("education"))),
        *(
            str(item.get("organization") or "")
            for key in ("experience", "research_experience")
            for item in as_dicts(cv.get(key))
        ),
    ]
    yield from places
    yield from institution_aliases(places)
    if row.position:
        yield str(row.position.get("title") or "")
    for pub in as_dicts(cv.get("publications")):
        yield str(as_dict(pub.get("venue")).get("abbr") or "")
