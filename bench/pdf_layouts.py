"""The publication parser on fictional CVs printed to PDF in the layouts of common CV templates.

Usage (from the checkout; needs a headless Chromium on PATH)::

    .venv/bin/python bench/pdf_layouts.py                     # the table, every layout
    .venv/bin/python bench/pdf_layouts.py --layout moderncv-years --misses
    .venv/bin/python bench/pdf_layouts.py --keep /tmp/pdfs    # keep the PDFs and HTML there

Each CV is fictional: the lists come from ``bench/styles.py`` (:func:`styles.fictional_list`),
which knows every entry's true title, authors, year and venue. Each layout prints the list as
a family of LaTeX or Word CV templates does, in HTML and CSS that Chromium prints to a PDF:
a year in a left margin column printed once for a group of entries or for every entry
(moderncv), a bold title line with the venue or date right-aligned, then the authors, then the
venue (awesome-cv), a two-column table of tags and citations, a Word table of publications
with one column per field, a two-column table whose cells hold several lines (title
over authors beside venue over year), a numbered list with a hanging indent, a narrow sidebar beside the
main column, titles in small capitals with ligatures, and a long list that runs over page
breaks under a running footer; and lines in different type sizes, where a line in small type
holds more characters than a full line in large type: a bold 12pt title over 10pt authors and
an 8.5pt italic venue in a narrow column, a list set in 8pt beside an 11pt sidebar, a hanging
indent whose entries go on in small type, unnumbered paragraphs that go on in small type
with no indent, a wrapped bold title beside a right column of venue tags, and Chinese entries
mixed with smaller English ones. The PDF is then read by
``bilingual_cv.parse`` and scored as ``bench/styles.py`` scores a list: entries matched by
title similarity, then title exact, author count, owner position, venue and year.

The PDFs go to a temporary folder (or ``--keep DIR``), never into the checkout.
"""

from __future__ import annotations

import argparse
import html
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import styles  # bench/styles.py: the script's folder comes first on sys.path

import bilingual_cv

Paper = styles.Paper

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--no-pdf-header-footer",
)


def chromium() -> str | None:
    """The Chromium on PATH, or None."""
    return next((f for n in ("chromium", "chromium-browser") if (f := shutil.which(n))), None)


def print_pdf(page: str, out: Path) -> None:
    """Print the HTML ``page`` to the PDF ``out`` with headless Chromium."""
    browser = chromium()
    if browser is None:
        raise SystemExit("chromium is not installed")
    with tempfile.TemporaryDirectory(prefix="pdf-layouts-") as work:
        source = Path(work) / "cv.html"
        source.write_text(page, encoding="utf-8")
        done = subprocess.run(
            [
                browser,
                *CHROMIUM_FLAGS,
                f"--user-data-dir={work}/profile",
                f"--print-to-pdf={out}",
                source.as_uri(),
            ],
            check=False,
            capture_output=True,
            text=True,
            timeout=120,
        )
    if done.returncode != 0 or not out.exists():
        raise RuntimeError(f"chromium failed: {done.stderr[-500:]}")


# --- entry text in HTML ------------------------------------------------------------------------


def _html(text: str) -> str:
    """Escaped text with the generator's ``**bold**`` owner as ``<b>``."""
    return re.sub(r"\*\*([^*]+)\*\*", r"<b>\1</b>", html.escape(text, quote=False))


def _authors(paper: Paper, mark: str) -> str:
    return _html(", ".join(styles._names(paper, mark, styles.full_name)))


def _where(paper: Paper) -> str:
    v = paper.venue
    if paper.kind == "conference":
        return f"In <i>{_html(v.name)} ({_html(v.abbr)})</i>"
    return f"<i>{_html(v.name)}</i>, vol. {paper.volume}"


def _citation(paper: Paper, mark: str, year: bool = True) -> str:
    """``Authors. Title. In Venue (ABBR), 2023.`` (the year left out when printed elsewhere)."""
    tail = f", {paper.year}." if year else "."
    return f"{_authors(paper, mark)}. {_html(styles._stop(paper.title))} {_where(paper)}{tail}"


def _tag(paper: Paper) -> str:
    return f"{_html(paper.venue.abbr)} {paper.year}"


# --- layouts -----------------------------------------------------------------------------------

BASE_CSS = """
@page { size: A4; margin: 18mm 20mm; }
body { font-family: 'Liberation Serif', serif; font-size: 10.5pt; line-height: 1.3; }
h1 { font-size: 20pt; margin: 0 0 2pt 0; }
h2 { font-size: 13pt; border-bottom: 1px solid #444; margin: 14pt 0 6pt 0; }
.contact { color: #333; }
table { border-collapse: collapse; width: 100%; }
td, th { vertical-align: top; padding: 1pt 4pt; text-align: left; }
"""

HEADER = """<h1>{name}</h1><div class="contact">owner@example.edu · +1 555 0100 · example.edu/~owner</div>
<h2>Education</h2>
<table><tr><td style="width:18%">2014 – 2019</td><td><b>Ph.D. in Computer Science</b>, Example University</td></tr>
<tr><td>2010 – 2014</td><td><b>B.S. in Computer Science</b>, Sample Institute of Technology</td></tr></table>
"""


@dataclass(frozen=True, slots=True)
class Layout:
    """A CV template imitated: its CSS, the list's HTML, and how the papers are ordered."""

    css: str
    body: Callable[[Sequence[Paper], str], str]
    by_year: bool = False  # the template prints the list newest first
    entries: int = 10
    chinese: bool = False  # Chinese titles, Han names, Chinese journals among the venues
    wrapper: str = "{header}<h2>Publications</h2>{body}"


def moderncv_years(papers: Sequence[Paper], mark: str) -> str:
    """moderncv: the year in the left margin column, once for a group of entries."""
    rows, last = [], None
    for p in papers:
        year = str(p.year) if p.year != last else ""
        last = p.year
        rows.append(f'<tr><td class="m">{year}</td><td>{_citation(p, mark, year=False)}</td></tr>')
    return f"<table>{''.join(rows)}</table>"


def moderncv_dates(papers: Sequence[Paper], mark: str) -> str:
    """moderncv ``\\cvitem{2023}{...}``: each entry's year in the left margin column."""
    rows = [
        f'<tr><td class="m">{p.year}</td><td>{_citation(p, mark, year=False)}</td></tr>'
        for p in papers
    ]
    return f"<table>{''.join(rows)}</table>"


MODERNCV_CSS = "td.m { width: 17%; text-align: right; color: #246; padding-right: 10pt; }"


def awesome_date(papers: Sequence[Paper], mark: str) -> str:
    """awesome-cv: bold title with the date right-aligned, the authors, the venue in italics."""
    out = []
    for p in papers:
        month = styles._MONTHS[p.issue - 1].rstrip(".")
        out.append(
            f'<div class="e"><div class="r"><b>{_html(p.title)}</b><span>{month}. {p.year}</span>'
            f'</div><div>{_authors(p, mark)}</div><div class="v">{_where(p)}</div></div>'
        )
    return "".join(out)


def awesome_venue(papers: Sequence[Paper], mark: str) -> str:
    """awesome-cv: bold title with the venue tag and year right-aligned, then the authors."""
    out = []
    for p in papers:
        out.append(
            f'<div class="e"><div class="r"><b>{_html(p.title)}</b><span>{_tag(p)}</span></div>'
            f"<div>{_authors(p, mark)}</div></div>"
        )
    return "".join(out)


AWESOME_CSS = """
body { font-family: 'Liberation Sans', sans-serif; font-size: 10pt; }
.e { margin-bottom: 6pt; }
.r { display: flex; justify-content: space-between; gap: 12pt; }
.r span { color: #555; font-style: italic; white-space: nowrap; }
.v { color: #555; }
"""


def tag_table(papers: Sequence[Paper], mark: str) -> str:
    """A two-column table: the tag (``[C3]``) over the venue tag, beside the citation."""
    left = {k: sum(p.kind == k for p in papers) for k in ("conference", "journal")}
    rows = []
    for p in papers:
        tag = f"[{'C' if p.kind == 'conference' else 'J'}{left[p.kind]}]"
        left[p.kind] -= 1
        rows.append(f'<tr><td class="t">{tag}</td><td>{_citation(p, mark)}</td></tr>')
    return f"<table>{''.join(rows)}</table>"


def venue_table(papers: Sequence[Paper], mark: str) -> str:
    """A two-column table: the venue tag and year (``CVPR 2023``) beside the citation."""
    rows = [
        f'<tr><td class="t">{_tag(p)}</td><td>{_citation(p, mark, year=False)}</td></tr>'
        for p in papers
    ]
    return f"<table>{''.join(rows)}</table>"


TAG_CSS = "td.t { width: 22%; font-weight: bold; }"


def word_table(papers: Sequence[Paper], mark: str) -> str:
    """A Word table with borders: number, title, authors, venue, year."""
    head = "<tr><th>No.</th><th>Title</th><th>Authors</th><th>Venue</th><th>Year</th></tr>"
    rows = [
        f"<tr><td>{i}</td><td>{_html(p.title)}</td><td>{_authors(p, mark)}</td>"
        f"<td>{_html(p.venue.name)}</td><td>{p.year}</td></tr>"
        for i, p in enumerate(papers, 1)
    ]
    return f'<table class="w">{head}{"".join(rows)}</table>'


WORD_CSS = """
body { font-family: 'Liberation Sans', sans-serif; font-size: 10pt; }
table.w td, table.w th { border: 1px solid #000; padding: 2pt 3pt; }
table.w th { background: #ddd; }
"""


def _cell_venue(paper: Paper) -> str:
    """A table's venue cell: a journal's full name when short, else the venue's tag."""
    venue = paper.venue
    return venue.name if paper.kind == "journal" and len(venue.name) <= 32 else venue.abbr


def cell_table(papers: Sequence[Paper], mark: str) -> str:
    """A two-column Word or tabularx table of papers whose cells hold several lines: the
    title (in bold, sometimes wrapping) over the authors on the left, the venue tag over the
    year on the right; a journal's right cell holds its full name when the name is short."""
    rows = [
        f'<tr><td class="l"><b>{_html(p.title)}</b><br>{_authors(p, mark)}</td>'
        f'<td class="c">{_html(_cell_venue(p))}<br>{p.year}</td></tr>'
        for p in papers
    ]
    return f'<table class="c">{"".join(rows)}</table>'


def cell_rows(papers: Sequence[Paper], mark: str) -> str:
    """The same two-column table written a row per line, as LaTeX CVs write it
    (``Title & ICML \\\\ Authors & 2023 \\\\``): the title (wrapping in its cell) beside the
    venue, the authors beside the year, so that the text layer reads line by line across."""
    rows = [
        f'<tr><td class="l"><b>{_html(p.title)}</b></td><td class="c">{_html(_cell_venue(p))}</td></tr>'
        f'<tr class="e"><td class="l">{_authors(p, mark)}</td><td class="c">{p.year}</td></tr>'
        for p in papers
    ]
    return f'<table class="c">{"".join(rows)}</table>'


CELL_CSS = """
table.c td { padding: 0 4pt 0 0; }
table.c tr.e td { padding-bottom: 5pt; }
td.l { width: 72%; }
td.c { width: 28%; }
"""


def hanging(papers: Sequence[Paper], mark: str) -> str:
    """A numbered list with a hanging indent: the number in the margin, lines wrap under text."""
    items = "".join(f"<li>{_citation(p, mark)}</li>" for p in papers)
    return f"<ol>{items}</ol>"


HANGING_CSS = "ol { padding-left: 2.2em; } li { margin-bottom: 3pt; text-align: justify; }"


def sidebar(papers: Sequence[Paper], mark: str) -> str:
    """The publications in a main column beside a narrow sidebar of contacts and skills."""
    return "".join(f'<p class="p">{_citation(p, mark)}</p>' for p in papers)


SIDEBAR_CSS = """
.grid { display: grid; grid-template-columns: 28% 1fr; gap: 14pt; }
.side { background: #eef; padding: 6pt; font-size: 9pt; }
.side h3 { font-size: 10pt; margin: 8pt 0 2pt 0; }
.p { margin: 0 0 5pt 0; }
"""

SIDEBAR_WRAPPER = """<h1>{name}</h1>
<div class="grid"><div class="side"><h3>Contact</h3>owner@example.edu<br>+1 555 0100<br>
Example City, Exampleland<h3>Skills</h3>Rust<br>Python<br>C++<br>Distributed systems<br>
Query optimization<br>Compilers<h3>Languages</h3>English (native)<br>Spanish (fluent)<br>
German (basic)<h3>Interests</h3>Hiking<br>Chess<br>Photography<br>Cooking</div>
<div class="main"><h2>Education</h2><p>Ph.D. in Computer Science, Example University, 2019</p>
<h2>Publications</h2>{body}</div></div>"""


def small_caps(papers: Sequence[Paper], mark: str) -> str:
    """Titles in small capitals with ligatures, venues in italics."""
    out = []
    for i, p in enumerate(papers, 1):
        out.append(
            f'<p class="p">[{i}] {_authors(p, mark)}. <span class="sc">'
            f"{_html(styles._stop(p.title))}</span> {_where(p)}, {p.year}.</p>"
        )
    return "".join(out)


SMALLCAPS_CSS = """
body { font-family: 'DejaVu Serif', serif; font-variant-ligatures: common-ligatures; }
.sc { font-variant: small-caps; }
.p { margin: 0 0 4pt 1.8em; text-indent: -1.8em; }
"""


def page_break(papers: Sequence[Paper], mark: str) -> str:
    """A long numbered list over page breaks, a running footer on every page."""
    items = "".join(f"<li>{_citation(p, mark)}</li>" for p in papers)
    return f'<div class="foot">Curriculum Vitae · updated November 2026</div><ol>{items}</ol>'


PAGEBREAK_CSS = """
.foot { position: fixed; bottom: 0; right: 0; font-size: 8pt; color: #666; }
ol { padding-left: 2.2em; } li { margin-bottom: 4pt; }
"""


def gbt_zh(papers: Sequence[Paper], mark: str) -> str:
    """A Chinese CV: GB/T 7714 entries numbered ``[1]`` with a hanging indent, the year of
    each group in a left margin column once (Chinese titles, Han names, Chinese journals)."""
    rows, last = [], None
    for i, p in enumerate(papers, 1):
        year = str(p.year) if p.year != last else ""
        last = p.year
        text = _html(styles.gbt(p, mark)[0])
        rows.append(f'<tr><td class="m">{year}</td><td>[{i}] {text}</td></tr>')
    return f"<table>{''.join(rows)}</table>"


GBT_ZH_CSS = MODERNCV_CSS + "body { font-family: 'Noto Serif CJK SC', serif; }"


# --- lines in different type sizes ---------------------------------------------------------
# A line in smaller type holds more characters than a full line in larger type: these layouts
# print the parts of an entry, or the whole list, in a size other than the rest of the CV.


def sized_fields(papers: Sequence[Paper], mark: str) -> str:
    """Word and LaTeX CVs: a bold title line (12pt), the authors (10pt), the venue and year in
    small italics (8.5pt), each on its own lines, in a narrow column."""
    out = []
    for p in papers:
        out.append(
            f'<div class="e"><div class="t">{_html(p.title)}</div><div class="a">'
            f'{_authors(p, mark)}</div><div class="v">{_where(p)}, {p.year}.</div></div>'
        )
    return f'<div class="col">{"".join(out)}</div>'


SIZED_CSS = """
.col { width: 11cm; }
.e { margin-bottom: 5pt; }
.t { font-size: 12pt; font-weight: bold; }
.a { font-size: 10pt; }
.v { font-size: 8.5pt; font-style: italic; }
"""


def small_list(papers: Sequence[Paper], mark: str) -> str:
    """A two-column CV (sidebar 11pt) whose publication list is set in 8pt."""
    return "".join(f'<p class="p">{_citation(p, mark)}</p>' for p in papers)


SMALL_LIST_CSS = (
    SIDEBAR_CSS
    + """
body { font-size: 11pt; }
.side { font-size: 11pt; }
.p { font-size: 8pt; margin: 0 0 3pt 0; }
"""
)


def hanging_small(papers: Sequence[Paper], mark: str) -> str:
    """A hanging indent whose entries open in normal type (authors, title) and go on in small
    type (the venue, ``\\small`` in LaTeX): continuation lines are smaller."""
    out = []
    for i, p in enumerate(papers, 1):
        out.append(
            f'<p class="h">[{i}] {_authors(p, mark)}. <b>{_html(styles._stop(p.title))}</b> '
            f'<span class="s">{_where(p)}, {p.year}, pp. {styles._pp(p)}.</span></p>'
        )
    return "".join(out)


HANGING_SMALL_CSS = """
body { font-size: 11pt; }
.h { margin: 0 0 4pt 2em; text-indent: -2em; width: 13cm; }
.s { font-size: 8pt; }
"""


def paragraph_small(papers: Sequence[Paper], mark: str) -> str:
    """Unnumbered paragraphs with no indent that open in normal type (authors, title) and go
    on in small type (the venue): nothing but the widths marks where an entry goes on, and a
    full line in normal type is narrower, in characters, than the small lines under it."""
    out = []
    for p in papers:
        out.append(
            f'<p class="h">{_authors(p, mark)}. {_html(styles._stop(p.title))} '
            f'<span class="s">{_where(p)}, {p.year}, pp. {styles._pp(p)}.</span></p>'
        )
    return "".join(out)


PARAGRAPH_SMALL_CSS = """
body { font-size: 11pt; }
.h { margin: 0 0 4pt 0; width: 13cm; }
.s { font-size: 8pt; }
"""


def right_tag_title(papers: Sequence[Paper], mark: str) -> str:
    """A bold 12pt title wrapped beside a right-aligned column of venue tags and years (9pt),
    the authors (10pt) and the venue in small type (8.5pt) under it."""
    out = []
    for p in papers:
        out.append(
            f'<div class="e"><div class="r"><b>{_html(p.title)}</b><span>{_tag(p)}</span></div>'
            f'<div class="a">{_authors(p, mark)}</div><div class="v">{_where(p)}</div></div>'
        )
    return f'<div class="col">{"".join(out)}</div>'


RIGHT_TAG_CSS = """
.col { width: 12cm; }
.e { margin-bottom: 6pt; }
.r { display: flex; justify-content: space-between; gap: 10pt; font-size: 12pt; }
.r span { font-size: 9pt; color: #444; white-space: nowrap; }
.a { font-size: 10pt; }
.v { font-size: 8.5pt; font-style: italic; }
"""


def zh_en_sizes(papers: Sequence[Paper], mark: str) -> str:
    """A Chinese CV mixing GB/T 7714 entries in Chinese (10.5pt, 五号) with English ones in
    smaller type (9pt), numbered ``[1]`` with a hanging indent."""
    out = []
    for i, p in enumerate(papers, 1):
        size = "zh" if p.chinese else "en"
        out.append(f'<p class="{size}">[{i}] {_html(styles.gbt(p, mark)[0])}</p>')
    return f'<div class="col">{"".join(out)}</div>'


ZH_EN_CSS = """
body { font-family: 'Noto Serif CJK SC', serif; }
.col { width: 14cm; }
.zh, .en { margin: 0 0 3pt 2em; text-indent: -2em; }
.zh { font-size: 10.5pt; }
.en { font-size: 9pt; font-family: 'Liberation Serif', serif; }
"""


LAYOUTS: dict[str, Layout] = {
    "moderncv-years": Layout(MODERNCV_CSS, moderncv_years, by_year=True),
    "moderncv-dates": Layout(MODERNCV_CSS, moderncv_dates, by_year=True),
    "awesome-date": Layout(AWESOME_CSS, awesome_date, by_year=True),
    "awesome-venue": Layout(AWESOME_CSS, awesome_venue, by_year=True),
    "tag-table": Layout(TAG_CSS, tag_table),
    "venue-table": Layout(TAG_CSS, venue_table, by_year=True),
    "word-table": Layout(WORD_CSS, word_table),
    "cell-table": Layout(CELL_CSS, cell_table, by_year=True),
    "cell-rows": Layout(CELL_CSS, cell_rows, by_year=True),
    "hanging": Layout(HANGING_CSS, hanging),
    "sidebar": Layout(SIDEBAR_CSS, sidebar, wrapper=SIDEBAR_WRAPPER),
    "small-caps": Layout(SMALLCAPS_CSS, small_caps),
    "page-break": Layout(PAGEBREAK_CSS, page_break, entries=30),
    "gbt-zh": Layout(
        GBT_ZH_CSS, gbt_zh, by_year=True, chinese=True, wrapper="{header}<h2>发表论文</h2>{body}"
    ),
    "sized-fields": Layout(SIZED_CSS, sized_fields, by_year=True),
    "small-list": Layout(SMALL_LIST_CSS, small_list, wrapper=SIDEBAR_WRAPPER),
    "hanging-small": Layout(HANGING_SMALL_CSS, hanging_small),
    "paragraph-small": Layout(PARAGRAPH_SMALL_CSS, paragraph_small),
    "right-tag-title": Layout(RIGHT_TAG_CSS, right_tag_title, by_year=True),
    "zh-en-sizes": Layout(
        ZH_EN_CSS, zh_en_sizes, chinese=True, wrapper="{header}<h2>发表论文</h2>{body}"
    ),
}


def cv_page(layout: Layout, made: object, papers: Sequence[Paper]) -> str:
    """The whole HTML page of a fictional CV in ``layout``."""
    name = html.escape(styles.owner_header(made))
    body = layout.body(papers, made.mark)  # type: ignore[attr-defined]
    content = layout.wrapper.format(header=HEADER.format(name=name), name=name, body=body)
    return (
        f'<!doctype html><html><head><meta charset="utf-8"><style>{BASE_CSS}{layout.css}'
        f"</style></head><body>{content}</body></html>"
    )


def make_cv(name: str, k: int, folder: Path) -> tuple[Path, tuple[Paper, ...]]:
    """Print CV number ``k`` of layout ``name`` into ``folder``: its PDF and its papers."""
    layout = LAYOUTS[name]
    seed = f"pdf-{name}-{k}"
    made = styles.generate(random.Random(seed), layout.entries, chinese=layout.chinese)
    papers = made.papers
    if layout.by_year:
        papers = tuple(sorted(papers, key=lambda p: -p.year))
    pdf = folder / f"{name}-{k}.pdf"
    page = cv_page(layout, made, papers)
    (folder / f"{name}-{k}.html").write_text(page, encoding="utf-8")
    print_pdf(page, pdf)
    return pdf, papers


FIELDS = ("title=", "year", "venue", "#auth", "owner")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", nargs="*", choices=sorted(LAYOUTS), help="only these")
    parser.add_argument("--cvs", type=int, default=3, help="CVs per layout")
    parser.add_argument("--keep", type=Path, help="keep the PDFs and HTML in this folder")
    parser.add_argument("--misses", action="store_true", help="print every miss")
    args = parser.parse_args(argv)
    if chromium() is None:
        print("chromium is not installed", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="pdf-layouts-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        columns = ("F1", *FIELDS)
        print(f"{args.cvs} CVs per layout")
        print("| layout | " + " | ".join(columns) + " |")
        print("|---|" + "---|" * len(columns))
        overall = styles.Tally()
        for name in args.layout or LAYOUTS:
            tally = styles.Tally()
            for k in range(args.cvs):
                pdf, papers = make_cv(name, k, folder)
                cv = bilingual_cv.parse(pdf)
                misses = styles.score(papers, cv, tally)
                if args.misses:
                    for miss in misses:
                        print(f"  {name}-{k} {miss.field}: want {miss.expected!r} got {miss.got!r}")
            styles._merge(overall, tally)
            print(f"| {name} | {styles.table_row(tally, FIELDS)} |", flush=True)
        print(f"| ALL | {styles.table_row(overall, FIELDS)} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
