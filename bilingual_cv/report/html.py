"""A review report for hiring committees: one self-contained HTML page per batch.

``bilingual-cv report OUTDIR -o report.html`` reads what ``convert`` wrote into OUTDIR (the
CV JSON files and ``manifest.jsonl``) and renders one page that works offline:

- a committee table, one row per input (failed inputs too), sortable by clicking a column
  header and filtered by a text box and a minimum number of CCF-A papers;
- a card per CV: a publications-per-year chart (inline SVG, stacked by CCF rank), the
  publications with their CCF badges and the owner's author position, education,
  experience, and the warnings with their line numbers.

The page is rendered here, in Python, with every piece of CV text escaped; its one script
and one style sheet are constants of this module, allowed by hash in the page's Content
Security Policy, which also forbids any network access. So text in a CV (``<script>``,
``onerror=``) can never run, and the same OUTDIR always gives the same bytes.

OUTDIR's files are read without following links (a link planted there is reported as
unreadable, never read through). CV records are read as plain JSON dicts, every field with a default, so records written by
an older or newer version of the schema still render.
"""

from __future__ import annotations

import base64
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from html import escape
from importlib import resources
from pathlib import Path
from typing import Any

from bilingual_cv import __version__
from bilingual_cv.batch.outdir import MANIFEST_NAME, is_output_name, read_text
from bilingual_cv.errors import InputError

#: CCF ranks in the order they are counted and stacked; "none" is a publication outside the list.
RANKS = ("A", "B", "C")
#: Degrees from highest to lowest; a postdoc is a position, not a degree, and is left out.
DEGREE_ORDER = ("phd", "master", "bachelor", "other")
#: How each degree is shown.
DEGREE_LABELS = {"phd": "PhD", "master": "Master", "bachelor": "Bachelor", "other": "Other"}
#: Bar colours of the chart (the badges use the same ones through report.css).
RANK_COLOURS = {"A": "#b42318", "B": "#dc6803", "C": "#ca9a04", "none": "#98a2b3"}
#: Height and bar pitch, in pixels, of the per-CV chart.
CHART_HEIGHT = 150
CHART_STEP = 30
#: The per-CV chart shows this many latest years one by one; earlier ones share one bar, so a
#: stray early year (a misread date, a 1990s paper) cannot squeeze the rest.
CHART_YEARS = 16
#: The table's small charts show this many latest years of the batch, on one common scale.
SPARK_YEARS = 12
#: Width and height of the small per-row chart in the committee table.
SPARK_WIDTH = 140
SPARK_HEIGHT = 28
#: The warning code the pipeline gives a CCF rank claimed by the CV that the catalog denies.
MISMATCH_CODE = "claimed_ccf_mismatch"


@dataclass(frozen=True, slots=True)
class Entry:
    """One input of the batch: its CV record, or why there is none."""

    file: str
    input: str | None
    cv: Mapping[str, Any] | None
    error: str | None = None


# --- reading OUTDIR ----------------------------------------------------------------------------


def read_outdir(outdir: Path) -> tuple[list[Entry], list[str]]:
    """The batch in OUTDIR, in the manifest's order, and a message for each unreadable file.

    With a manifest, every input it records becomes an entry (failed ones with their error);
    without one, every ``*.json`` file that holds a CV record does, in name order.

    Raises:
        InputError: OUTDIR is not a folder, or holds neither a manifest nor a CV record.
    """
    if not outdir.is_dir():
        raise InputError(f"{outdir}: not a folder (give the -o folder of 'bilingual-cv convert')")
    problems: list[str] = []
    manifest = outdir / MANIFEST_NAME
    if manifest.is_file():
        entries = _entries_from_manifest(outdir, manifest, problems)
    else:
        entries = _entries_from_files(outdir, problems)
    if not entries:
        raise InputError(f"{outdir}: no {MANIFEST_NAME} and no CV JSON files found")
    return entries, problems


def _entries_from_manifest(outdir: Path, manifest: Path, problems: list[str]) -> list[Entry]:
    entries = []
    try:
        lines = read_text(manifest).splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{manifest}: cannot be read ({exc})") from exc
    for number, line in enumerate(lines, start=1):
        try:
            record = json.loads(line) if line.strip() else None
        except json.JSONDecodeError:
            record = None
        if not isinstance(record, dict):
            if line.strip():
                problems.append(f"{manifest}:{number}: not a manifest record, left out")
            continue
        source = record.get("input")
        output = record.get("output")
        # an output is a plain name inside OUTDIR, never a path elsewhere
        if record.get("status") == "failed" or not is_output_name(output):
            error = record.get("error") or record.get("error_code") or "conversion failed"
            entries.append(Entry(str(source or "?"), _str_or_none(source), None, str(error)))
            continue
        cv, error = _read_cv(outdir / str(output))
        if error:
            problems.append(error)
        entries.append(Entry(str(output), _str_or_none(source), cv, error))
    return entries


def _entries_from_files(outdir: Path, problems: list[str]) -> list[Entry]:
    entries = []
    for path in sorted(outdir.glob("*.json")):
        cv, error = _read_cv(path)
        if error:
            problems.append(error + ", left out")
            continue
        assert cv is not None
        entries.append(Entry(path.name, _str_or_none((cv.get("source") or {}).get("path")), cv))
    return entries


def _read_cv(path: Path) -> tuple[dict[str, Any] | None, str | None]:
    try:
        data = json.loads(read_text(path))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        return None, f"{path}: cannot read this CV record ({exc})"
    if not is_cv_record(data):
        return None, f"{path}: not a CV record"
    return data, None


def is_cv_record(data: object) -> bool:
    """Whether a JSON value looks like a CV record of this package.

    >>> is_cv_record({"schema_version": "1.0", "person": {"name": "Jane Roe"}})
    True
    >>> is_cv_record({"basics": {"name": "Jane Roe"}})
    False
    """
    return isinstance(data, dict) and isinstance(data.get("schema_version"), str)


def _str_or_none(value: object) -> str | None:
    return value if isinstance(value, str) else None


# --- figures of one CV -------------------------------------------------------------------------


def _dicts(value: object) -> list[Mapping[str, Any]]:
    """The dict items of a JSON list (anything else reads as empty)."""
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, dict)]


def _dict(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, dict) else {}


def _int(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def display_names(cv: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """The owner's name as the table shows it, and a second form of it (or a note).

    >>> display_names({"person": {"name": "Hua Li", "name_zh": "李华"}})
    ('Hua Li', '李华')
    >>> display_names({"person": {"name": "李华", "name_zh": "李华"}})
    ('李华', None)
    >>> display_names({"person": {"inferred_name": "Jane Roe"}})
    ('Jane Roe', 'inferred from author lists')
    """
    person = _dict(cv.get("person"))
    name, name_zh = person.get("name"), person.get("name_zh")
    if name:
        return str(name), str(name_zh) if name_zh and name_zh != name else None
    if name_zh:
        return str(name_zh), None
    inferred = person.get("inferred_name")
    if inferred:
        return str(inferred), "inferred from author lists"
    return None, None


def highest_degree(education: object) -> Mapping[str, Any] | None:
    """The education entry with the highest degree (the latest of equals; postdocs ignored).

    >>> highest_degree([
    ...     {"degree": "bachelor", "end": "2019-06"},
    ...     {"degree": "phd", "end": "2025-06", "expected": True},
    ... ])["end"]
    '2025-06'
    >>> highest_degree([{"degree": "postdoc", "end": "present"}]) is None
    True
    """
    best: Mapping[str, Any] | None = None
    for entry in _dicts(education):
        if entry.get("degree") not in DEGREE_ORDER:
            continue
        if best is None or _degree_key(entry) > _degree_key(best):
            best = entry
    return best


def _degree_key(entry: Mapping[str, Any]) -> tuple[int, str]:
    degree = entry.get("degree")
    level = len(DEGREE_ORDER) - DEGREE_ORDER.index(degree) if degree in DEGREE_ORDER else 0
    end = entry.get("end")
    return level, end if isinstance(end, str) and end != "present" else "9999"


def degree_label(entry: Mapping[str, Any] | None) -> str:
    """How the committee table shows a degree: kind, year, and whether it is still to come.

    >>> degree_label({"degree": "phd", "end": "2026-06", "expected": True})
    'PhD 2026 (expected)'
    >>> degree_label({"degree": "master", "end": "present"})
    'Master (ongoing)'
    >>> degree_label(None)
    '—'
    """
    if entry is None:
        return "—"
    label = DEGREE_LABELS.get(str(entry.get("degree")), "Other")
    end = entry.get("end")
    if end == "present":
        return f"{label} (ongoing)"
    if isinstance(end, str) and end[:4].isdigit():
        label += f" {end[:4]}"
    if entry.get("expected"):
        label += " (expected)"
    return label


def degree_sort_key(entry: Mapping[str, Any] | None) -> int:
    """A number that orders degrees by level, then year (higher is more senior or later).

    >>> degree_sort_key({"degree": "phd", "end": "2022-05"}) > degree_sort_key(
    ...     {"degree": "master", "end": "2024"})
    True
    """
    if entry is None:
        return 0
    level, end = _degree_key(entry)
    return level * 10000 + (int(end[:4]) if end[:4].isdigit() else 0)


def publication_rank(pub: Mapping[str, Any]) -> str:
    """The catalog's CCF rank of a publication, or ``"none"``.

    >>> publication_rank({"ccf": {"rank": "A", "abbr": "OSDI"}})
    'A'
    >>> publication_rank({"ccf": None, "claimed_ccf": "A"})
    'none'
    """
    rank = _dict(pub.get("ccf")).get("rank")
    return rank if rank in RANKS else "none"


def is_rank_mismatch(pub: Mapping[str, Any]) -> bool:
    """Whether the CV claims a CCF rank for a publication that the catalog does not give it.

    >>> is_rank_mismatch({"claimed_ccf": "A", "ccf": {"rank": "B"}})
    True
    >>> is_rank_mismatch({"claimed_ccf": "A", "ccf": None})
    True
    >>> is_rank_mismatch({"claimed_ccf": None, "ccf": {"rank": "B"}})
    False
    """
    claimed = pub.get("claimed_ccf")
    return bool(claimed) and claimed != _dict(pub.get("ccf")).get("rank")


def count_mismatches(cv: Mapping[str, Any]) -> int:
    """Claimed-versus-catalog rank disagreements: publications, or the pipeline's warnings.

    The two usually describe the same papers, so the larger count is taken, not the sum.

    >>> count_mismatches({"publications": [{"claimed_ccf": "A", "ccf": {"rank": "B"}}],
    ...                   "warnings": [{"code": "claimed_ccf_mismatch", "line": 12}]})
    1
    """
    pubs = sum(1 for pub in _dicts(cv.get("publications")) if is_rank_mismatch(pub))
    warned = sum(1 for w in _dicts(cv.get("warnings")) if w.get("code") == MISMATCH_CODE)
    return max(pubs, warned)


def rank_counts(cv: Mapping[str, Any], key: str = "ccf") -> dict[str, int]:
    """CCF counts from a CV's stats: ``key`` is ``ccf``, ``ccf_owner_first`` or ``ccf_cn``.

    >>> rank_counts({"stats": {"ccf": {"A": 3, "B": 1}}})
    {'A': 3, 'B': 1, 'C': 0}
    >>> rank_counts({}, "ccf_cn")
    {'A': 0, 'B': 0, 'C': 0}
    """
    counts = _dict(_dict(cv.get("stats")).get(key))
    return {rank: _int(counts.get(rank)) for rank in RANKS}


def publications_per_year(cv: Mapping[str, Any]) -> dict[int, dict[str, int]]:
    """Publications (patents left out, as in the CCF counts) per year and CCF rank.

    >>> publications_per_year({"publications": [
    ...     {"year": 2023, "ccf": {"rank": "A"}}, {"year": 2023, "ccf": None},
    ...     {"year": 2024, "kind": "patent"}, {"year": None}]})
    {2023: {'A': 1, 'B': 0, 'C': 0, 'none': 1}}
    """
    years: dict[int, dict[str, int]] = {}
    for pub in _dicts(cv.get("publications")):
        year = pub.get("year")
        if not isinstance(year, int) or isinstance(year, bool) or pub.get("kind") == "patent":
            continue
        counts = years.setdefault(year, dict.fromkeys((*RANKS, "none"), 0))
        counts[publication_rank(pub)] += 1
    return dict(sorted(years.items()))


# --- SVG charts --------------------------------------------------------------------------------


def render_chart(per_year: Mapping[int, Mapping[str, int]]) -> str:
    """A stacked bar chart of publications per year, coloured by CCF rank, as inline SVG.

    >>> svg = render_chart({2022: {"A": 1, "none": 1}, 2024: {"B": 2}})
    >>> svg.count("<rect class=\\"bar"), "2023" in svg
    (3, True)
    >>> render_chart({})
    ''
    """
    if not per_year:
        return ""
    slots = chart_slots(per_year)
    top = max(sum(counts.values()) for _, counts in slots)
    scale = max(top, 1)
    left, bottom, head = 28, 22, 10
    plot = CHART_HEIGHT - bottom - head
    width = left + CHART_STEP * len(slots) + 8
    parts = [
        (
            f'<svg class="chart" role="img" width="{width}" height="{CHART_HEIGHT}" '
            f'viewBox="0 0 {width} {CHART_HEIGHT}" xmlns="http://www.w3.org/2000/svg">'
        ),
        "<title>Publications per year by CCF rank</title>",
    ]
    for tick in _ticks(top):
        y = head + plot - plot * tick / scale
        parts.append(
            f'<line class="grid" x1="{left}" x2="{width - 4}" y1="{y:.1f}" y2="{y:.1f}"/>'
            f'<text class="tick" x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{tick}</text>'
        )
    for slot, (year, counts) in enumerate(slots):
        x = left + CHART_STEP * slot + 5
        y = float(head + plot)
        for rank in (*RANKS, "none"):
            count = counts.get(rank, 0)
            if not count:
                continue
            height = plot * count / scale
            y -= height
            label = f"CCF-{rank}" if rank in RANKS else "not ranked"
            parts.append(
                f'<rect class="bar rank-{rank}" x="{x}" y="{y:.1f}" width="{CHART_STEP - 10}" '
                f'height="{height:.1f}" fill="{RANK_COLOURS[rank]}">'
                f"<title>{year}: {count} {label}</title></rect>"
            )
        parts.append(
            f'<text class="year" x="{x + (CHART_STEP - 10) / 2}" y="{CHART_HEIGHT - 6}" '
            f'text-anchor="middle">{year}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def chart_slots(per_year: Mapping[int, Mapping[str, int]]) -> list[tuple[str, dict[str, int]]]:
    """The bars of a CV's chart: every year of its last :data:`CHART_YEARS`, gaps included,
    after one bar for all earlier years.

    >>> [label for label, _ in chart_slots({2021: {"A": 1}, 2023: {"B": 1}})]
    ['2021', '2022', '2023']
    >>> slots = chart_slots({1957: {"C": 1}, 2010: {"A": 1}, 2024: {"A": 2}})
    >>> slots[0], slots[1][0], slots[-1][0]
    (('≤2008', {'A': 0, 'B': 0, 'C': 1, 'none': 0}), '2009', '2024')
    """
    last = max(per_year)
    first = max(min(per_year), last - CHART_YEARS + 1)
    slots = []
    earlier = dict.fromkeys((*RANKS, "none"), 0)
    for year, counts in per_year.items():
        if year < first:
            for rank in earlier:
                earlier[rank] += counts.get(rank, 0)
    if any(earlier.values()):
        slots.append((f"≤{first - 1}", earlier))
    for year in range(first, last + 1):
        counts = per_year.get(year, {})
        slots.append((str(year), {rank: counts.get(rank, 0) for rank in (*RANKS, "none")}))
    return slots


def _ticks(top: int) -> list[int]:
    """Grid values for a chart whose tallest bar is ``top``: 0, the top, and a middle.

    >>> _ticks(1), _ticks(4), _ticks(7)
    ([0, 1], [0, 2, 4], [0, 4, 7])
    """
    if top <= 1:
        return [0, 1]
    middle = (top + 1) // 2
    return sorted({0, middle, top})


def render_spark(per_year: Mapping[int, Mapping[str, int]], years: range, top: int) -> str:
    """A small stacked chart for the committee table, on the batch's common years and scale.

    >>> render_spark({2023: {"A": 2}}, range(2022, 2025), 2).count("<rect")
    1
    """
    if not per_year or not years:
        return ""
    step = SPARK_WIDTH / len(years)
    scale = max(top, 1)
    parts = [
        (
            f'<svg class="spark" width="{SPARK_WIDTH}" height="{SPARK_HEIGHT}" '
            f'viewBox="0 0 {SPARK_WIDTH} {SPARK_HEIGHT}" aria-hidden="true" '
            'xmlns="http://www.w3.org/2000/svg">'
        ),
        (
            f'<line class="base" x1="0" x2="{SPARK_WIDTH}" y1="{SPARK_HEIGHT - 0.5}" '
            f'y2="{SPARK_HEIGHT - 0.5}"/>'
        ),
    ]
    for slot, year in enumerate(years):
        y = float(SPARK_HEIGHT)
        for rank in (*RANKS, "none"):
            count = per_year.get(year, {}).get(rank, 0)
            if count:
                height = (SPARK_HEIGHT - 2) * count / scale
                y -= height
                parts.append(
                    f'<rect x="{slot * step + 0.5:.1f}" y="{y:.1f}" '
                    f'width="{max(step - 1, 1):.1f}" height="{height:.1f}" '
                    f'fill="{RANK_COLOURS[rank]}"/>'
                )
    parts.append("</svg>")
    return "".join(parts)


# --- HTML --------------------------------------------------------------------------------------


def _text(value: object) -> str:
    """Escaped text of a JSON value (empty for null).

    >>> _text('<script>alert("x")</script>')
    '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'
    """
    return "" if value is None else escape(str(value), quote=True)


def _asset(name: str) -> str:
    return resources.files("bilingual_cv").joinpath("report_assets", name).read_text("utf-8")


def _csp_hash(source: str) -> str:
    digest = hashlib.sha256(source.encode("utf-8")).digest()
    return "'sha256-" + base64.b64encode(digest).decode("ascii") + "'"


@dataclass(frozen=True, slots=True)
class Row:
    """What the committee table shows of one entry (numbers are -1 for a failed input)."""

    index: int
    entry: Entry
    name: str
    second: str | None
    degree: Mapping[str, Any] | None
    publications: int
    ccf: dict[str, int]
    first_a: int
    ccf_cn: dict[str, int] | None
    mismatches: int
    warnings: int
    per_year: dict[int, dict[str, int]]


def build_row(index: int, entry: Entry) -> Row:
    """The committee-table figures of one entry of the batch."""
    cv = entry.cv
    if cv is None:
        name = Path(entry.input or entry.file).name
        return Row(index, entry, name, None, None, -1, {}, -1, None, -1, -1, {})
    found, second = display_names(cv)
    has_cn = isinstance(_dict(cv.get("stats")).get("ccf_cn"), dict)
    return Row(
        index=index,
        entry=entry,
        name=found or Path(entry.file).stem,
        second=second if found else "no name found",
        degree=highest_degree(cv.get("education")),
        publications=_int(_dict(cv.get("stats")).get("publications"))
        or len(_dicts(cv.get("publications"))),
        ccf=rank_counts(cv),
        first_a=rank_counts(cv, "ccf_owner_first")["A"],
        ccf_cn=rank_counts(cv, "ccf_cn") if has_cn else None,
        mismatches=count_mismatches(cv),
        warnings=len(_dicts(cv.get("warnings"))),
        per_year=publications_per_year(cv),
    )


def render_report(entries: Sequence[Entry], *, title: str = "CV review report") -> str:
    """The whole HTML page for a batch: table, cards, inline CSS and script.

    >>> page = render_report([Entry("roe.json", "roe.txt",
    ...     {"schema_version": "1.0", "person": {"name": "Jane <b>Roe</b>"}})])
    >>> "Jane &lt;b&gt;Roe&lt;/b&gt;" in page, page.count("<tr class=\\"cv-row")
    (True, 1)
    """
    rows = [build_row(index, entry) for index, entry in enumerate(entries, start=1)]
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
        f'<meta name="generator" content="bilingual-cv {_text(__version__)}">',
        f"<title>{_text(title)}</title><style>{style}</style></head>\n<body>",
        f'<header><h1>{_text(title)}</h1><p class="summary">{_text(_summary(rows))}</p></header>\n',
        _render_controls(len(rows)),
        _render_table(rows, years, top, with_cn),
        _render_legend(),
        '<main id="cards">\n',
        *(_render_card(row) for row in rows),
        "</main>\n",
        (
            f"<footer>Made by bilingual-cv {_text(__version__)} from the records in this batch. "
            "CCF ranks come from the catalog; a rank the CV claims is shown apart. "
            "Names, venues and years are as parsed: check a card's warnings before relying "
            "on a number.</footer>\n"
        ),
        '<output id="selftest" hidden></output>',
        f"<script>{script}</script>\n</body></html>\n",
    ]
    return "".join(parts)


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


def _summary(rows: Sequence[Row]) -> str:
    """The line under the title: CVs converted, inputs that failed, CCF editions used.

    >>> _summary([build_row(1, Entry("roe.json", "roe.txt", {"person": {"name": "Jane Roe"}}))])
    '1 CV'
    """
    failed = sum(row.entry.cv is None for row in rows)
    summary = f"{len(rows) - failed} CV{'s' if len(rows) - failed != 1 else ''}"
    if failed:
        summary += f" · {failed} failed"
    editions = sorted(
        {
            str(_dict(pub.get("ccf")).get("edition"))
            for row in rows
            if row.entry.cv
            for pub in _dicts(row.entry.cv.get("publications"))
            if _dict(pub.get("ccf")).get("edition")
        }
    )
    if editions:
        summary += f" · CCF list {', '.join(editions)}"
    return summary


def _render_controls(total: int) -> str:
    return (
        '<section class="controls" aria-label="Filter">'
        '<label>Filter <input id="filter" type="search" '
        'placeholder="name, institution, venue, file…" autocomplete="off"></label>'
        '<label>Min. CCF-A <input id="min-a" type="number" min="0" step="1" value="0"></label>'
        '<label class="check"><input id="hide-failed" type="checkbox"> hide failed</label>'
        f'<span id="shown" aria-live="polite">{total} of {total} shown</span>'
        "</section>\n"
    )


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


def _render_table(rows: Sequence[Row], years: range, top: int, with_cn: bool) -> str:
    columns = [c for c in COLUMNS if with_cn or c[0] != "cn"]
    head = []
    for key, label, kind, tip in columns:
        if kind:
            head.append(
                f'<th scope="col" data-key="{key}" data-type="{kind}" title="{_text(tip)}">'
                f'<button type="button">{_text(label)}<span class="arrow"></span></button></th>'
            )
        else:
            span = ""
            if years:
                span = f'<span class="range">{years.start}–{years.stop - 1}</span>'
            head.append(f'<th scope="col" title="{_text(tip)}">{_text(label)}{span}</th>')
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
    name = f'<a href="#{card}">{_text(row.name)}</a>'
    if row.second:
        name += f' <span class="second">{_text(row.second)}</span>'
    if entry.cv is None:
        name += f'<div class="error">failed: {_text(entry.error)}</div>'
    cells.append(f'<td class="name" data-sort="{_text(row.name)}">{name}</td>')
    institution = row.degree.get("institution") if row.degree else None
    degree = _text(degree_label(row.degree)) if entry.cv is not None else "—"
    if institution:
        degree += f'<div class="inst">{_text(institution)}</div>'
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
        f'data-search="{_text(search)}" data-ccf-a="{max(row.ccf.get("A", 0), 0)}">'
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
    person = _dict(cv.get("person"))
    for key in ("name", "name_zh", "inferred_name"):
        if person.get(key):
            yield str(person[key])
    for item in _dicts(cv.get("education")):
        yield str(item.get("institution") or "")
    for item in _dicts(cv.get("experience")):
        yield str(item.get("organization") or "")
    for pub in _dicts(cv.get("publications")):
        yield str(_dict(pub.get("venue")).get("abbr") or "")


def _render_legend() -> str:
    badges = "".join(f'<span class="badge rank-{rank}">CCF-{rank}</span>' for rank in RANKS)
    return (
        f'<p class="legend">{badges}<span class="badge rank-none">not ranked</span>'
        '<span class="badge claim">claims A</span> a rank the CV claims but the catalog does '
        'not give · <span class="pos first">1st</span> the owner is first author</p>\n'
    )


def _render_card(row: Row) -> str:
    entry = row.entry
    head = f'<h2><span class="idx">{row.index}</span> {_text(row.name)}'
    if row.second:
        head += f' <span class="second">{_text(row.second)}</span>'
    head += '</h2><a class="top" href="#committee">↑ table</a>'
    source = entry.input or entry.file
    if entry.cv is None:
        return (
            f'<section class="card failed" id="cv-{row.index}">{head}'
            f'<p class="meta">{_text(source)}</p>'
            f'<p class="error">This input failed: {_text(entry.error)}</p></section>\n'
        )
    cv = entry.cv
    person = _dict(cv.get("person"))
    meta = [source, str(cv.get("language") or "")]
    contacts = [
        *(str(x) for x in person.get("emails") or [] if x),
        *(str(x) for x in person.get("urls") or [] if x),
    ]
    figures = (
        f'<ul class="figures"><li><b>{row.publications}</b> publications</li>'
        + "".join(
            f'<li class="rank-{rank}"><b>{row.ccf[rank]}</b> CCF-{rank}</li>' for rank in RANKS
        )
        + f"<li><b>{row.first_a}</b> first-authored CCF-A</li>"
        + (
            f'<li class="alert"><b>{row.mismatches}</b> claim ≠ catalog</li>'
            if row.mismatches
            else ""
        )
        + f"<li><b>{row.warnings}</b> warnings</li></ul>"
    )
    chart = render_chart(row.per_year)
    interests = [str(x) for x in cv.get("research_interests") or [] if x]
    parts = [
        f'<section class="card" id="cv-{row.index}">{head}',
        f'<p class="meta">{" · ".join(_text(m) for m in meta if m)}</p>',
    ]
    if contacts:
        parts.append(f'<p class="contacts">{" · ".join(_text(c) for c in contacts)}</p>')
    parts.append(f'<div class="overview">{figures}{chart}</div>')
    if interests:
        parts.append(
            f'<p class="interests"><b>Research interests:</b> {_text("; ".join(interests))}</p>'
        )
    parts.append(_render_publications(cv))
    parts.append(_render_education(cv))
    parts.append(_render_experience(cv))
    parts.append(_render_warnings(cv))
    parts.append("</section>\n")
    return "".join(parts)


def _badges(pub: Mapping[str, Any]) -> str:
    ccf = _dict(pub.get("ccf"))
    rank = publication_rank(pub)
    badges = []
    if rank in RANKS:
        tip = f"{ccf.get('full_name') or ''} ({ccf.get('type') or ''}, CCF {ccf.get('edition') or ''})"
        badges.append(f'<span class="badge rank-{rank}" title="{_text(tip)}">CCF-{rank}</span>')
    cn = _dict(pub.get("ccf_cn")).get("rank")
    if cn in RANKS:
        badges.append(
            f'<span class="badge cn" title="CCF Chinese-journal catalogue">CN-{_text(cn)}</span>'
        )
    if is_rank_mismatch(pub):
        claimed = _text(pub.get("claimed_ccf"))
        found = f"CCF-{rank}" if rank in RANKS else "not listed"
        badges.append(
            f'<span class="badge claim" title="The CV claims CCF-{claimed}; the catalog says '
            f'{found}">claims {claimed}</span>'
        )
    elif pub.get("claimed_ccf"):
        badges.append('<span class="badge claimed-ok" title="The CV claims this rank too">✓</span>')
    if not badges:
        badges.append('<span class="badge rank-none">—</span>')
    return "".join(badges)


def _authors(pub: Mapping[str, Any]) -> str:
    authors = [str(a) for a in pub.get("authors") or [] if a]
    position = pub.get("owner_position")
    shown = []
    for number, author in enumerate(authors, start=1):
        text = _text(author)
        shown.append(f'<b class="owner">{text}</b>' if number == position else text)
    return ", ".join(shown)


def _render_publications(cv: Mapping[str, Any]) -> str:
    pubs = _dicts(cv.get("publications"))
    if not pubs:
        return '<h3>Publications</h3><p class="none">None found.</p>'
    rows = []
    for pub in pubs:
        position = pub.get("owner_position")
        if isinstance(position, int) and not isinstance(position, bool):
            pos_class = "pos first" if position == 1 else "pos"
            pos = (
                f'<span class="{pos_class}">{"1st" if position == 1 else _ordinal(position)}</span>'
            )
            total = len(pub.get("authors") or [])
            if total:
                pos += f'<span class="of"> of {total}</span>'
        else:
            pos = (
                '<span class="pos unknown" title="no author list, or the owner not found">?</span>'
            )
        venue = _dict(pub.get("venue"))
        venue_text = venue.get("abbr") or venue.get("name") or venue.get("raw")
        venue_tip = venue.get("raw") or venue.get("name") or ""
        title = pub.get("title") or pub.get("raw")
        authors = _authors(pub)
        notes = [str(n) for n in pub.get("notes") or [] if n]
        rank = publication_rank(pub)
        row_class = f"rank-{rank}" + (" first" if position == 1 else "")
        rows.append(
            f'<tr class="{row_class}"><td class="num">{_text(pub.get("year"))}</td>'
            f'<td class="badges">{_badges(pub)}</td>'
            f'<td><div class="title">{_text(title)}</div>'
            + (f'<div class="authors">{authors}</div>' if authors else "")
            + (f'<div class="notes">{_text("; ".join(notes))}</div>' if notes else "")
            + f'</td><td title="{_text(venue_tip)}">{_text(venue_text)}</td>'
            f'<td>{_text(pub.get("kind"))}</td><td class="position">{pos}</td></tr>'
        )
    return (
        f"<h3>Publications <small>{len(pubs)}</small></h3>"
        '<table class="pubs"><thead><tr><th>Year</th><th>Rank</th><th>Title and authors</th>'
        "<th>Venue</th><th>Kind</th><th>Owner</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )


def _ordinal(number: int) -> str:
    """English ordinal of an author position.

    >>> [_ordinal(n) for n in (2, 3, 4, 11, 22)]
    ['2nd', '3rd', '4th', '11th', '22nd']
    """
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def _span(item: Mapping[str, Any]) -> str:
    """A date range as shown in a card.

    >>> _span({"start": "2019-09", "end": "present"}), _span({"end": "2024"}), _span({})
    ('2019-09 – present', '– 2024', '')
    >>> _span({"start": "2020", "end": "2020"})
    '2020'
    """
    start, end = item.get("start"), item.get("end")
    if not start and not end:
        return ""
    if start == end:
        return str(start)
    return " – ".join(str(x) for x in (start, end) if x) if start else f"– {end}"


def _render_education(cv: Mapping[str, Any]) -> str:
    items = _dicts(cv.get("education"))
    if not items:
        return '<h3>Education</h3><p class="none">None found.</p>'
    rows = []
    for item in items:
        degree = DEGREE_LABELS.get(str(item.get("degree")), str(item.get("degree") or "—"))
        if item.get("degree") == "postdoc":
            degree = "Postdoc"
        if item.get("expected"):
            degree += " (expected)"
        extra = []
        if item.get("thesis"):
            extra.append(f"Thesis: {item['thesis']}")
        advisors = [str(a) for a in item.get("advisors") or [] if a]
        if advisors:
            extra.append(f"Advisor: {', '.join(advisors)}")
        rows.append(
            f'<tr><td class="dates">{_text(_span(item))}</td><td>{_text(degree)}</td>'
            f"<td>{_text(item.get('institution'))}"
            + (f'<div class="sub">{_text(" · ".join(extra))}</div>' if extra else "")
            + f"</td><td>{_text(item.get('field'))}</td></tr>"
        )
    return '<h3>Education</h3><table class="plain"><tbody>' + "".join(rows) + "</tbody></table>"


def _render_experience(cv: Mapping[str, Any]) -> str:
    items = [*_dicts(cv.get("experience")), *_dicts(cv.get("research_experience"))]
    if not items:
        return '<h3>Experience</h3><p class="none">None found.</p>'
    rows = []
    for item in items:
        bullets = [str(b) for b in item.get("bullets") or [] if b]
        rows.append(
            f'<tr><td class="dates">{_text(_span(item))}</td>'
            f"<td><b>{_text(item.get('title'))}</b> {_text(item.get('organization'))}"
            + (f'<div class="sub">{_text(" · ".join(bullets))}</div>' if bullets else "")
            + f'</td><td class="kind">{_text(item.get("kind"))}</td></tr>'
        )
    return '<h3>Experience</h3><table class="plain"><tbody>' + "".join(rows) + "</tbody></table>"


def _render_warnings(cv: Mapping[str, Any]) -> str:
    warnings = _dicts(cv.get("warnings"))
    if not warnings:
        return '<h3>Warnings</h3><p class="none">None: every line was read.</p>'
    items = []
    for warning in warnings:
        line = warning.get("line")
        where = f"line {line}" if isinstance(line, int) else "—"
        code = str(warning.get("code") or "")
        css = "alert" if code == MISMATCH_CODE else ""
        items.append(
            f'<li class="{css}"><span class="line">{_text(where)}</span>'
            f"<code>{_text(code)}</code> {_text(warning.get('message'))}</li>"
        )
    return (
        f'<h3>Warnings <small>{len(warnings)}</small></h3><ul class="warnings">'
        + "".join(items)
        + "</ul>"
    )
