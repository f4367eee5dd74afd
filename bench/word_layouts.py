"""The parser on fictional CVs written in Word's ways, read as DOCX and as LibreOffice's PDF.

Usage (from the checkout; needs ``python-docx`` (the ``bench`` extra) and LibreOffice's
``soffice`` on PATH for the PDF column)::

    .venv/bin/python bench/word_layouts.py                      # the table, every layout
    .venv/bin/python bench/word_layouts.py --layout gbt-auto --misses
    .venv/bin/python bench/word_layouts.py --keep /tmp/word     # keep the DOCX and PDF there

Each CV is fictional: the papers come from ``bench/styles.py`` (:func:`styles.generate`),
which knows every entry's true title, authors, year, venue and kind. Each layout writes the
CV with python-docx as people write CVs in a word processor: automatic numbered lists
(``[1]``, ``1.``) and bullets with hanging indents, tab stops with right-aligned dates or
venues, tables of publications and of education and experience (the Chinese CV form with
时间 / 单位 / 职务 columns), a text box holding the name and contacts, headers and footers
with page numbers, bold owner names, italic venues, section titles with a bottom border or
shading, Chinese and English mixed, Simplified and Traditional. LibreOffice converts each
DOCX to PDF; ``bilingual_cv.parse`` reads both files, and each is scored against the truth
as ``bench/styles.py`` scores a list (entries matched by title similarity, then title exact,
year, venue, kind, author count, owner position), plus the share of the CV's sections
(education, experience, publications) found.

Everything is written to a temporary folder (or ``--keep DIR``), never into the checkout.
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import docx
import styles  # bench/styles.py: the script's folder comes first on sys.path
from docx.enum.table import WD_TABLE_ALIGNMENT
from docx.enum.text import WD_TAB_ALIGNMENT
from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls, qn
from docx.shared import Cm, Pt
from docx.text.paragraph import Paragraph

import bilingual_cv

Paper = styles.Paper
Document = docx.Document

# --- entries as runs --------------------------------------------------------------------------
# An entry is text with ``**bold**`` (the owner, from styles.py) and ``~~italic~~`` (the venue).

_MARKS = re.compile(r"(\*\*.+?\*\*|~~.+?~~)")


def add_runs(par: Paragraph, text: str, size: float | None = None) -> None:
    """Append ``text`` to ``par`` as runs, bold and italic where marked."""
    for part in _MARKS.split(text):
        if not part:
            continue
        bold, italic = part.startswith("**"), part.startswith("~~")
        run = par.add_run(part[2:-2] if bold or italic else part)
        run.bold, run.italic = bold or None, italic or None
        if size:
            run.font.size = Pt(size)


def _names(p: Paper, mark: str, spell: Callable[..., str] = styles.full_name) -> list[str]:
    return styles._names(p, mark, spell)


def acm_entry(p: Paper, mark: str) -> str:
    """``Authors. Title. In ~~Venue (ABBR)~~, 2023.``"""
    v = p.venue
    where = f"In ~~{v.name} ({v.abbr})~~" if p.kind == "conference" else f"~~{v.name}~~"
    return f"{styles._and_list(_names(p, mark))}. {styles._stop(p.title)} {where}, {p.year}."


def ieee_entry(p: Paper, mark: str) -> str:
    """``A. Lee and B. Wu, "Title," in ~~Proc. Venue (ABBR)~~, 2023, pp. 1–9.``"""
    v = p.venue
    authors = styles._and_list(_names(p, mark, styles.initials_first))
    if p.kind == "conference":
        where = f"in ~~Proc. {v.name} ({v.abbr})~~, {p.year}, pp. {styles._pp(p)}."
    else:
        where = f"~~{v.name}~~, vol. {p.volume}, no. {p.issue}, pp. {styles._pp(p)}, {p.year}."
    return f'{authors}, "{p.title}," {where}'


def apa_entry(p: Paper, mark: str) -> str:
    """``Lee, A., & Wu, B. (2023). Title. ~~Venue~~, 34(2), 1–9.``"""
    v = p.venue
    authors = styles._and_list(_names(p, mark, styles.family_initials), "&")
    if p.kind == "conference":
        where = f"In ~~Proceedings of the {v.name} ({v.abbr})~~ (pp. {styles._pp(p)})."
    else:
        where = f"~~{v.name}~~, {p.volume}({p.issue}), {styles._pp(p)}."
    return f"{authors} ({p.year}). {styles._stop(p.title)} {where}"


def gbt_entry(p: Paper, mark: str) -> str:
    """GB/T 7714: ``Lee A, Wu B. Title[J]. Venue, 2023, 34(2): 1-9.``"""
    return styles.gbt(p, mark)[0]


def no_year_entry(p: Paper, mark: str) -> str:
    """``Authors. Title. ~~Venue (ABBR)~~.``: the year printed in a column of its own."""
    v = p.venue
    where = f"~~{v.name} ({v.abbr})~~" if v.abbr != v.name else f"~~{v.name}~~"
    return f"{', '.join(_names(p, mark))}. {styles._stop(p.title)} {where}."


# --- document pieces ----------------------------------------------------------------------------

SERIF, SANS, CJK_SC, CJK_TC = (
    "Liberation Serif",
    "Liberation Sans",
    "Noto Serif CJK SC",
    "Noto Serif CJK TC",
)


def new_document(latin: str = SERIF, cjk: str = CJK_SC, size: float = 10.5) -> Document:
    """A document with A4 pages, the body fonts set for Latin and East Asian text."""
    doc = Document()
    section = doc.sections[0]
    section.page_width, section.page_height = Cm(21), Cm(29.7)
    section.left_margin = section.right_margin = Cm(2)
    section.top_margin = section.bottom_margin = Cm(2)
    normal = doc.styles["Normal"]
    normal.font.name = latin
    normal.font.size = Pt(size)
    fonts = normal.element.rPr.rFonts
    fonts.set(qn("w:eastAsia"), cjk)
    normal.paragraph_format.space_after = Pt(2)
    return doc


def page_number_footer(doc: Document, text: str) -> None:
    """A footer ``text · page N`` and a running header on every page (Word's PAGE field)."""
    section = doc.sections[0]
    foot = section.footer.paragraphs[0]
    foot.add_run(f"{text} · ")
    foot._p.append(
        parse_xml(
            f'<w:fldSimple {nsdecls("w")} w:instr="PAGE"><w:r><w:t>1</w:t></w:r></w:fldSimple>'
        )
    )
    section.header.paragraphs[0].add_run("Curriculum Vitae")


def heading(doc: Document, text: str, *, border: bool = False, shade: bool = False) -> None:
    """A section title as CVs set it by hand: bold, larger, with a bottom rule or shading."""
    par = doc.add_paragraph()
    run = par.add_run(text)
    run.bold = True
    run.font.size = Pt(13)
    par.paragraph_format.space_before = Pt(10)
    ppr = par._p.get_or_add_pPr()
    if border:
        ppr.append(
            parse_xml(
                f'<w:pBdr {nsdecls("w")}><w:bottom w:val="single" w:sz="6" w:space="1"'
                ' w:color="444444"/></w:pBdr>'
            )
        )
    if shade:
        ppr.append(
            parse_xml(f'<w:shd {nsdecls("w")} w:val="clear" w:color="auto" w:fill="D9E2F3"/>')
        )


def numbering(doc: Document, fmt: str, text: str, indent: float = 0.9) -> int:
    """A new automatic list (``fmt`` decimal or bullet, ``text`` like ``[%1]``) with a hanging
    indent; returns its numId."""
    part = doc.part.numbering_part.element
    ids = [int(n.get(qn("w:abstractNumId"))) for n in part.findall(qn("w:abstractNum"))]
    abstract = max(ids, default=0) + 1
    twips = int(indent * 567)
    part.insert(
        0,
        parse_xml(
            f'<w:abstractNum {nsdecls("w")} w:abstractNumId="{abstract}">'
            f'<w:multiLevelType w:val="singleLevel"/><w:lvl w:ilvl="0"><w:start w:val="1"/>'
            f'<w:numFmt w:val="{fmt}"/><w:lvlText w:val="{text}"/><w:lvlJc w:val="left"/>'
            f'<w:pPr><w:ind w:left="{twips}" w:hanging="{twips}"/></w:pPr></w:lvl></w:abstractNum>'
        ),
    )
    nums = [int(n.get(qn("w:numId"))) for n in part.findall(qn("w:num"))]
    num = max(nums, default=0) + 1
    part.append(
        parse_xml(
            f'<w:num {nsdecls("w")} w:numId="{num}"><w:abstractNumId w:val="{abstract}"/></w:num>'
        )
    )
    return num


def list_item(doc: Document, num: int, text: str) -> Paragraph:
    """A paragraph of the automatic list ``num``."""
    par = doc.add_paragraph()
    par._p.get_or_add_pPr().append(
        parse_xml(f'<w:numPr {nsdecls("w")}><w:ilvl w:val="0"/><w:numId w:val="{num}"/></w:numPr>')
    )
    par.paragraph_format.space_after = Pt(3)
    add_runs(par, text)
    return par


def hanging_par(doc: Document, text: str, indent: float = 1.0) -> Paragraph:
    """A paragraph with a hanging indent (the number typed by hand, then a tab)."""
    par = doc.add_paragraph()
    fmt = par.paragraph_format
    fmt.left_indent, fmt.first_line_indent = Cm(indent), Cm(-indent)
    fmt.tab_stops.add_tab_stop(Cm(indent))
    add_runs(par, text)
    return par


def right_tab_par(doc: Document, left: str, right: str) -> Paragraph:
    """``left`` then a right-aligned tab stop at the margin holding ``right``."""
    par = doc.add_paragraph()
    par.paragraph_format.tab_stops.add_tab_stop(Cm(17), WD_TAB_ALIGNMENT.RIGHT)
    add_runs(par, f"{left}\t{right}")
    return par


def table(
    doc: Document, rows: Sequence[Sequence[str]], widths: Sequence[float], *, head: bool = True
) -> None:
    """A bordered table; the first row bold when ``head``."""
    grid = doc.add_table(rows=len(rows), cols=len(widths))
    grid.style = "Table Grid"
    grid.alignment = WD_TABLE_ALIGNMENT.CENTER
    for r, row in enumerate(rows):
        for c, text in enumerate(row):
            cell = grid.cell(r, c)
            cell.width = Cm(widths[c])
            par = cell.paragraphs[0]
            add_runs(par, f"**{text}**" if head and r == 0 and text else text, size=9.5)


def text_box(doc: Document, lines: Sequence[str], *, top_cm: float, anchor: Paragraph) -> None:
    """A floating text box (VML, as Word writes for compatibility) placed ``top_cm`` from the
    page's top, anchored to ``anchor``."""
    big = '<w:rPr><w:b/><w:sz w:val="36"/></w:rPr>'
    body = "".join(
        f'<w:p><w:r>{big if i == 0 else ""}<w:t xml:space="preserve">{line}</w:t></w:r></w:p>'
        for i, line in enumerate(lines)
    )
    pict = parse_xml(
        f'<w:r {nsdecls("w")} xmlns:v="urn:schemas-microsoft-com:vml"><w:pict><v:shape type="#_x0000_t202" '
        f'style="position:absolute;margin-left:0;margin-top:{top_cm}cm;width:17cm;height:2.4cm;'
        'z-index:1;mso-position-horizontal-relative:margin;mso-position-vertical-relative:page" '
        f'stroked="t"><v:textbox><w:txbxContent>{body}</w:txbxContent></v:textbox></v:shape>'
        "</w:pict></w:r>"
    )
    anchor._p.append(pict)


# --- the CV around the list -----------------------------------------------------------------------

EDU_EN = (
    ("2014 – 2019", "Ph.D. in Computer Science", "Example University"),
    ("2010 – 2014", "B.S. in Computer Science", "Sample Institute of Technology"),
)
EXP_EN = (
    ("2022 – present", "Assistant Professor", "Department of Computer Science, Example University"),
    ("2019 – 2022", "Postdoctoral Researcher", "Sample Research Lab"),
)
EDU_SC = (
    ("2014.09 – 2019.06", "示例大学", "计算机科学与技术", "博士"),
    ("2010.09 – 2014.06", "样本理工学院", "软件工程", "学士"),
)
EXP_SC = (
    ("2022.07 – 至今", "示例大学计算机学院", "副教授"),
    ("2019.07 – 2022.06", "样本研究院", "博士后"),
)
EDU_TC = (
    ("2014 – 2019", "示例大學 資訊工程學系", "博士"),
    ("2010 – 2014", "樣本科技大學 資訊管理學系", "學士"),
)
EXP_TC = (
    ("2022 – 迄今", "示例大學 資訊工程學系", "助理教授"),
    ("2019 – 2022", "樣本研究院", "博士後研究員"),
)


def contacts_en(doc: Document, name: str) -> None:
    par = doc.add_paragraph()
    run = par.add_run(name)
    run.bold, run.font.size = True, Pt(20)
    doc.add_paragraph("owner@example.edu · +1 555 0100 · example.edu/~owner")


def education_en(doc: Document, *, tabs: bool = True) -> None:
    heading(doc, "Education", border=True)
    for dates, degree, school in EDU_EN:
        if tabs:
            right_tab_par(doc, f"**{degree}**, {school}", dates)
        else:
            doc.add_paragraph(f"{dates}\t{degree}, {school}")


def experience_en(doc: Document) -> None:
    heading(doc, "Professional Experience", border=True)
    for dates, title, org in EXP_EN:
        right_tab_par(doc, f"**{title}**, {org}", dates)


def form_sc(doc: Document, name: str) -> None:
    """The Chinese CV form: a table of personal facts, then tables of 教育 and 工作 history."""
    title = doc.add_paragraph()
    run = title.add_run("个人简历")
    run.bold, run.font.size = True, Pt(18)
    table(
        doc,
        [("姓名", name, "性别", "男"), ("电话", "138 0000 0000", "邮箱", "owner@example.edu.cn")],
        (2.5, 6, 2.5, 6),
        head=False,
    )
    heading(doc, "教育经历", shade=True)
    table(doc, [("时间", "学校", "专业", "学位"), *EDU_SC], (4, 5, 5, 3))
    heading(doc, "工作经历", shade=True)
    table(doc, [("时间", "单位", "职务"), *EXP_SC], (4.5, 8, 4.5))


def form_tc(doc: Document, name: str) -> None:
    """The Traditional Chinese form: 學歷 and 經歷 tables under a name line."""
    par = doc.add_paragraph()
    run = par.add_run(name)
    run.bold, run.font.size = True, Pt(18)
    doc.add_paragraph("電子郵件：owner@example.edu.tw　電話：(02) 0000-0000")
    heading(doc, "學歷", border=True)
    table(doc, [("期間", "學校系所", "學位"), *EDU_TC], (4, 9, 4))
    heading(doc, "經歷", border=True)
    table(doc, [("期間", "服務機關", "職稱"), *EXP_TC], (4, 9, 4))


# --- layouts -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Made:
    """A fictional CV: its papers (in the order printed) and the sections it holds."""

    papers: tuple[Paper, ...]
    sections: frozenset[str]


EN_SECTIONS = frozenset({"education", "experience", "publications"})


def en_cv(doc: Document, name: str) -> None:
    contacts_en(doc, name)
    education_en(doc)
    experience_en(doc)


def auto_brackets(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """Automatic ``[1]`` numbering, ACM entries, italic venues, a page-number footer."""
    en_cv(doc, styles.owner_header(made))
    page_number_footer(doc, "Curriculum Vitae")
    heading(doc, "Publications", border=True)
    num = numbering(doc, "decimal", "[%1]")
    for p in papers:
        list_item(doc, num, acm_entry(p, made.mark))  # type: ignore[attr-defined]


def auto_decimal(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """Automatic ``1.`` numbering with IEEE entries, in two sub-lists (journal, conference)."""
    en_cv(doc, styles.owner_header(made))
    heading(doc, "Publications", shade=True)
    for kind, title in (("journal", "Journal Articles"), ("conference", "Conference Papers")):
        sub = doc.add_paragraph()
        sub.add_run(title).bold = True
        num = numbering(doc, "decimal", "%1.", 0.7)
        for p in papers:
            if p.kind == kind:
                list_item(doc, num, ieee_entry(p, made.mark))  # type: ignore[attr-defined]


def bullets(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """Bulleted APA entries with a hanging indent."""
    en_cv(doc, styles.owner_header(made))
    heading(doc, "Selected Publications", border=True)
    num = numbering(doc, "bullet", "\u2022", 0.6)
    for p in papers:
        list_item(doc, num, apa_entry(p, made.mark))  # type: ignore[attr-defined]


def typed_hanging(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """Numbers typed by hand (``[1]`` and a tab) over a hanging indent; IEEE entries."""
    en_cv(doc, styles.owner_header(made))
    heading(doc, "Publications", border=True)
    for i, p in enumerate(papers, 1):
        hanging_par(doc, f"[{i}]\t{ieee_entry(p, made.mark)}")  # type: ignore[attr-defined]


def tab_year(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """The year right-aligned at a tab stop after each entry's first words, entry wrapping."""
    en_cv(doc, styles.owner_header(made))
    heading(doc, "Publications", border=True)
    for p in papers:
        right_tab_par(doc, f"**{p.title}**", str(p.year))
        doc.add_paragraph(", ".join(_names(p, made.mark)))  # type: ignore[attr-defined]
        v = p.venue
        add_runs(
            doc.add_paragraph(), f"~~{v.name}~~" + (f" ({v.abbr})" if v.abbr != v.name else "")
        )


def tab_venue(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """Bold title, the venue tag and year at a right tab stop; the authors below."""
    en_cv(doc, styles.owner_header(made))
    heading(doc, "Publications", border=True)
    for p in papers:
        right_tab_par(doc, f"**{p.title}**", f"~~{p.venue.abbr} {p.year}~~")
        par = doc.add_paragraph()
        add_runs(par, ", ".join(_names(p, made.mark)))  # type: ignore[attr-defined]
        par.paragraph_format.space_after = Pt(6)


def year_column(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """The year at the left margin, a tab, the entry with a hanging indent (moderncv in Word)."""
    en_cv(doc, styles.owner_header(made))
    heading(doc, "Publications", border=True)
    for p in papers:
        hanging_par(doc, f"{p.year}\t{no_year_entry(p, made.mark)}", 2.0)  # type: ignore[attr-defined]


def pub_table_en(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """A bordered table: No., title, authors, venue, year."""
    en_cv(doc, styles.owner_header(made))
    heading(doc, "Publications", border=True)
    rows = [("No.", "Title", "Authors", "Venue", "Year")]
    rows += [
        (str(i), p.title, ", ".join(_names(p, made.mark)), p.venue.name, str(p.year))  # type: ignore[attr-defined]
        for i, p in enumerate(papers, 1)
    ]
    table(doc, rows, (1, 5, 4.5, 5, 1.5))


def header_box(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """Name and contacts in a text box at the page's top, anchored to a later paragraph."""
    name = styles.owner_header(made)
    doc.add_paragraph()
    doc.add_paragraph()
    doc.add_paragraph()
    doc.add_paragraph()
    education_en(doc)
    anchor = doc.paragraphs[-1]
    experience_en(doc)
    text_box(
        doc,
        [name, "owner@example.edu", "+1 555 0100 · example.edu/~owner"],
        top_cm=1.5,
        anchor=anchor,
    )
    page_number_footer(doc, name)
    heading(doc, "Publications", border=True)
    num = numbering(doc, "decimal", "[%1]")
    for p in papers:
        list_item(doc, num, acm_entry(p, made.mark))  # type: ignore[attr-defined]


def gbt_form(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """The Chinese CV form (tables), then GB/T 7714 entries in an automatic ``[1]`` list."""
    form_sc(doc, styles.owner_header(made))
    heading(doc, "发表论文", shade=True)
    num = numbering(doc, "decimal", "[%1]")
    for p in papers:
        list_item(doc, num, gbt_entry(p, made.mark))  # type: ignore[attr-defined]


def zh_table(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """The Chinese form with the papers in a table: 序号, 论文题目, 作者, 期刊/会议, 年份."""
    form_sc(doc, styles.owner_header(made))
    heading(doc, "代表性论文", shade=True)
    rows = [("序号", "论文题目", "作者", "期刊/会议", "年份")]
    rows += [
        (
            str(i),
            p.title,
            ", ".join(_names(p, made.mark, styles.han_or_gbt)),  # type: ignore[attr-defined]
            p.venue.name,
            str(p.year),
        )
        for i, p in enumerate(papers, 1)
    ]
    table(doc, rows, (1.2, 5.5, 4, 4.8, 1.5))


def zh_mixed(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """A Chinese CV with English papers: ``1.`` automatic list of ACM entries, running footer."""
    form_sc(doc, styles.owner_header(made))
    page_number_footer(doc, "个人简历")
    heading(doc, "科研成果", shade=True)
    num = numbering(doc, "decimal", "%1.", 0.7)
    for p in papers:
        list_item(doc, num, acm_entry(p, made.mark))  # type: ignore[attr-defined]


def tc_form(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """A Traditional Chinese CV: 學歷 / 經歷 tables, 著作目錄 with 期刊論文 and 研討會論文 lists."""
    form_tc(doc, styles.owner_header(made))
    heading(doc, "著作目錄", border=True)
    for kind, title in (("journal", "(A) 期刊論文"), ("conference", "(B) 研討會論文")):
        sub = doc.add_paragraph()
        sub.add_run(title).bold = True
        num = numbering(doc, "decimal", "%1.", 0.7)
        for p in papers:
            if p.kind == kind:
                list_item(doc, num, apa_entry(p, made.mark))  # type: ignore[attr-defined]


def three_lines(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """Title, authors, then the venue in italics and the year, a paragraph each, no numbers,
    no space between entries (the title set in plain type)."""
    en_cv(doc, styles.owner_header(made))
    heading(doc, "Publications", border=True)
    for p in papers:
        for text in (
            p.title,
            ", ".join(_names(p, made.mark)),  # type: ignore[attr-defined]
            f"~~{p.venue.name}~~, {p.year}",
        ):
            par = doc.add_paragraph()
            add_runs(par, text)
            par.paragraph_format.space_after = Pt(0)


def authors_first_lines(doc: Document, made: object, papers: Sequence[Paper]) -> None:
    """Authors, the title in quotes, the venue and year: three lines a paragraph with line
    breaks (Shift+Enter), a blank line between entries."""
    en_cv(doc, styles.owner_header(made))
    heading(doc, "Publications", border=True)
    for p in papers:
        par = doc.add_paragraph()
        add_runs(par, ", ".join(_names(p, made.mark, styles.initials_first)))  # type: ignore[attr-defined]
        par.add_run().add_break()
        add_runs(par, f'"{p.title}"')
        par.add_run().add_break()
        v = p.venue
        add_runs(
            par, f"~~{v.name}~~" + (f" ({v.abbr})" if v.abbr != v.name else "") + f", {p.year}."
        )


@dataclass(frozen=True, slots=True)
class Layout:
    """A way of writing a CV in Word."""

    build: Callable[[Document, object, Sequence[Paper]], None]
    chinese: bool = False  # Chinese titles, Han names, Chinese journals among the venues
    by_year: bool = False
    entries: int = 10
    cjk: str = CJK_SC
    latin: str = SERIF


LAYOUTS: dict[str, Layout] = {
    "auto-brackets": Layout(auto_brackets, by_year=True),
    "auto-decimal": Layout(auto_decimal, latin=SANS),
    "bullets": Layout(bullets, by_year=True),
    "typed-hanging": Layout(typed_hanging),
    "tab-year": Layout(tab_year, by_year=True, latin=SANS),
    "tab-venue": Layout(tab_venue, by_year=True),
    "year-column": Layout(year_column, by_year=True),
    "pub-table": Layout(pub_table_en, latin=SANS),
    "header-box": Layout(header_box, entries=24),
    "gbt-form": Layout(gbt_form, chinese=True),
    "zh-table": Layout(zh_table, chinese=True),
    "zh-mixed": Layout(zh_mixed, entries=14),
    "tc-form": Layout(tc_form, cjk=CJK_TC),
    "three-lines": Layout(three_lines, by_year=True),
    "authors-first-lines": Layout(authors_first_lines, by_year=True, latin=SANS),
}


def make_cv(name: str, k: int, folder: Path) -> tuple[Path, tuple[Paper, ...]]:
    """Write CV number ``k`` of layout ``name`` into ``folder``: its DOCX and its papers."""
    layout = LAYOUTS[name]
    rng = random.Random(f"word-{name}-{k}")
    chinese_owner = name in ("zh-mixed",)
    made = styles.generate(rng, layout.entries, chinese=layout.chinese, pinyin=chinese_owner)
    if chinese_owner:
        made = styles.FictionalList(made.owner, made.mark, made.papers, chinese=True)
    papers = made.papers
    if layout.by_year:
        papers = tuple(sorted(papers, key=lambda p: -p.year))
    if name in ("auto-decimal", "tc-form"):  # printed journal list first, then conferences
        papers = tuple(p for k_ in ("journal", "conference") for p in papers if p.kind == k_)
    doc = new_document(layout.latin, layout.cjk)
    layout.build(doc, made, papers)
    path = folder / f"{name}-{k}.docx"
    doc.save(str(path))
    return path, papers


def soffice() -> str | None:
    """LibreOffice's command on PATH, or None."""
    return next((f for n in ("soffice", "libreoffice") if (f := shutil.which(n))), None)


def to_pdf(paths: Sequence[Path], folder: Path) -> None:
    """Convert the DOCX ``paths`` to PDFs in ``folder`` with one headless LibreOffice run."""
    office = soffice()
    if office is None:
        raise SystemExit("LibreOffice is not installed")
    with tempfile.TemporaryDirectory(prefix="word-profile-") as profile:
        done = subprocess.run(
            [
                office,
                f"-env:UserInstallation=file://{profile}",
                "--headless",
                "--convert-to",
                "pdf",
                "--outdir",
                str(folder),
                *map(str, paths),
            ],
            check=False,
            capture_output=True,
            text=True,
            timeout=600,
        )
    if done.returncode != 0:
        raise RuntimeError(f"LibreOffice failed: {done.stderr[-500:]}")


FIELDS = ("title=", "year", "venue", "kind", "#auth", "owner")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", nargs="*", choices=sorted(LAYOUTS), help="only these")
    parser.add_argument("--cvs", type=int, default=2, help="CVs per layout")
    parser.add_argument("--keep", type=Path, help="keep the DOCX and PDF files in this folder")
    parser.add_argument("--misses", action="store_true", help="print every miss")
    parser.add_argument("--no-pdf", action="store_true", help="read the DOCX only")
    args = parser.parse_args(argv)
    pdf = not args.no_pdf and soffice() is not None
    if not pdf and not args.no_pdf:
        print("LibreOffice is not installed: DOCX only", file=sys.stderr)
    names = args.layout or list(LAYOUTS)
    with tempfile.TemporaryDirectory(prefix="word-layouts-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        made = {(n, k): make_cv(n, k, folder) for n in names for k in range(args.cvs)}
        if pdf:
            to_pdf([path for path, _ in made.values()], folder)
        columns = ("F1", *FIELDS, "sec")
        print(f"{args.cvs} CVs per layout")
        print("| layout | file | " + " | ".join(columns) + " |")
        print("|---|---|" + "---|" * len(columns))
        formats = ("docx", "pdf") if pdf else ("docx",)
        overall = {f: (styles.Tally(), [0, 0]) for f in formats}
        for name in names:
            for fmt in formats:
                tally, sec = styles.Tally(), [0, 0]
                for k in range(args.cvs):
                    path, papers = made[(name, k)]
                    cv = bilingual_cv.parse(path.with_suffix(f".{fmt}"))
                    found, want = styles.sections_found(cv, EN_SECTIONS)
                    sec[0] += found
                    sec[1] += want
                    misses = styles.score(papers, cv, tally)
                    if args.misses:
                        if found < want:
                            got = sorted(str(s.key) for s in cv.sections)
                            print(f"  {name}-{k}.{fmt} sections: got {got}")
                        for miss in misses:
                            print(
                                f"  {name}-{k}.{fmt} {miss.field}: want {miss.expected!r}"
                                f" got {miss.got!r}"
                            )
                styles._merge(overall[fmt][0], tally)
                overall[fmt][1][0] += sec[0]
                overall[fmt][1][1] += sec[1]
                print(
                    f"| {name} | {fmt} | {styles.table_row(tally, FIELDS, (sec[0], sec[1]))} |",
                    flush=True,
                )
        for fmt in formats:
            tally, sec = overall[fmt]
            print(f"| ALL | {fmt} | {styles.table_row(tally, FIELDS, (sec[0], sec[1]))} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
