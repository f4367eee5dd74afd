"""The parser on fictional CVs typeset by a real TeX engine, in the ways academic CVs are written.

Usage (from the checkout; needs pdflatex, xelatex, bibtex and biber on PATH)::

    .venv/bin/python bench/latex_layouts.py                      # the table, every layout
    .venv/bin/python bench/latex_layouts.py --layout bib-ieee --misses
    .venv/bin/python bench/latex_layouts.py --keep /tmp/tex      # keep .tex, .bib and PDFs

Each CV is fictional: the papers come from ``bench/styles.py`` (:func:`styles.generate`), which
knows each entry's true title, authors, year, venue and kind. Each layout writes the CV as
``.tex`` the way real academic LaTeX CVs are written: moderncv (classic and banking, the year
in the left margin), a plain article with ``\\section*`` and enumerate or itemize lists and the
owner in bold, publication lists generated from a fictional ``.bib`` by biblatex (numeric,
ieee, authoryear) or bibtex (plain, abbrv), tabularx tables of tags and citations, a
two-column page, icons beside headings and contacts, small-caps or letter-spaced headings,
and Chinese CVs with ctex (Simplified) or xeCJK (Traditional). TeX does what no HTML printer
does: ligatures, hyphenation at line ends, small caps, en dashes, months, pages, DOIs and URLs
broken over lines, bibliography styles that lower-case titles.

Each PDF is read by ``bilingual_cv.parse`` and scored as ``bench/styles.py`` scores a list
(entries F1, title exact, author count, owner place, venue, year, kind), plus the share of the
CV's sections found under their keys.

Everything is compiled in a temporary folder (or ``--keep DIR``), never in the checkout.
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
from dataclasses import dataclass, replace
from pathlib import Path

import styles  # bench/styles.py: the script's folder comes first on sys.path

import bilingual_cv

Paper = styles.Paper
Person = styles.Person

# --- TeX text ------------------------------------------------------------------------------

_SPECIAL = {"&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_", "~": r"\~{}", "^": r"\^{}"}


def tex(text: str) -> str:
    """Text with TeX's special characters escaped (``&`` -> ``\\&``)."""
    return "".join(_SPECIAL.get(c, c) for c in text)


def _name(p: Person, chinese: bool) -> str:
    return p.han if chinese and p.han else p.full


def _authors(paper: Paper, mark: str, spell: Callable[[Person], str] | None = None) -> str:
    """The author list, the owner marked in bold or with a star (``and`` before the last)."""
    out = []
    for i, p in enumerate(paper.authors):
        name = tex(spell(p) if spell else _name(p, paper.chinese))
        if i == paper.owner and mark == "bold":
            name = f"\\textbf{{{name}}}"
        elif i == paper.owner and mark == "star":
            name += "$^*$"
        out.append(name)
    if paper.chinese:
        return "，".join(out)
    return styles._and_list(out)


def _where(paper: Paper) -> str:
    v = paper.venue
    if paper.chinese:
        return (
            f"{tex(v.name)}，{paper.year}，{paper.volume}({paper.issue})：{styles._pp(paper, '-')}"
        )
    if paper.kind == "conference":
        return f"In \\emph{{Proc.\\ {tex(v.name)} ({tex(v.abbr)})}}, pp.~{styles._pp(paper, '--')}"
    return (
        f"\\emph{{{tex(v.name)}}}, vol.~{paper.volume}, no.~{paper.issue}, "
        f"pp.~{styles._pp(paper, '--')}"
    )


def citation(paper: Paper, mark: str, year: bool = True) -> str:
    """``Authors. Title. In Proc. Venue (ABBR), pp. 1--9, 2023.`` as TeX."""
    if paper.chinese:
        return f"{_authors(paper, mark)}. {tex(paper.title)}[J]. {_where(paper)}."
    tail = f", {paper.year}." if year else "."
    return f"{_authors(paper, mark)}. {tex(styles._stop(paper.title))} {_where(paper)}{tail}"


def quoted(paper: Paper, mark: str) -> str:
    """IEEE-like by hand: ``Authors, ``Title,'' \\emph{Venue}, 2023.``"""
    return f"{_authors(paper, mark)}, ``{tex(paper.title)},'' {_where(paper)}, {paper.year}."


# --- the .bib --------------------------------------------------------------------------------

_BIB_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def bib_entry(key: str, paper: Paper) -> str:
    """One fictional ``.bib`` record with a month, pages, a DOI and a URL (a Chinese paper's
    authors by their Han names)."""
    authors = " and ".join(
        f"{{{p.han}}}" if paper.chinese and p.han else f"{tex(p.family)}, {tex(p.given)}"
        for p in paper.authors
    )
    v = paper.venue
    doi = f"10.5555/{paper.year}.{paper.pages[0]:04d}{paper.volume:02d}"
    fields = [
        f"  author = {{{authors}}}",
        f"  title = {{{tex(paper.title)}}}",
        f"  year = {{{paper.year}}}",
        f"  month = {_BIB_MONTHS[paper.issue - 1]}",
        f"  pages = {{{styles._pp(paper, '--')}}}",
        f"  doi = {{{doi}}}",
        f"  url = {{https://doi.example.org/{doi}/fulltext-version-{paper.volume}}}",
    ]
    if paper.kind == "conference":
        kind = "inproceedings"
        fields.append(f"  booktitle = {{Proceedings of the {tex(v.name)} ({tex(v.abbr)})}}")
    else:
        kind = "article"
        fields += [
            f"  journal = {{{tex(v.name)}}}",
            f"  volume = {{{paper.volume}}}",
            f"  number = {{{paper.issue}}}",
        ]
    return f"@{kind}{{{key},\n" + ",\n".join(fields) + "\n}\n"


# --- the CV around the list ------------------------------------------------------------------

EDUCATION = (
    ("2014--2019", "Ph.D. in Computer Science", "Example University"),
    ("2010--2014", "B.S. in Computer Science", "Sample Institute of Technology"),
)
EXPERIENCE = (
    ("2021--present", "Assistant Professor", "Department of Computing, Example University"),
    ("2019--2021", "Postdoctoral Researcher", "Sample Research Lab"),
)
SKILLS = "Rust, Python, C++, distributed systems, compilers"


@dataclass(frozen=True, slots=True)
class Doc:
    """What a layout writes: the .tex, an optional .bib, the engine, the papers in print order,
    and the section keys the CV holds."""

    tex: str
    papers: tuple[Paper, ...]
    bib: str | None = None
    engine: str = "pdflatex"
    bibtool: str | None = None  # "bibtex" or "biber"
    sections: tuple[str, ...] = ("education", "experience", "publications", "skills")


def _newest_first(papers: Sequence[Paper]) -> tuple[Paper, ...]:
    return tuple(sorted(papers, key=lambda p: -p.year))


ARTICLE_HEAD = r"""\documentclass[11pt]{article}
\usepackage[T1]{fontenc}
\usepackage[utf8]{inputenc}
\usepackage{lmodern}
\usepackage[margin=2.2cm]{geometry}
\usepackage{microtype}
\usepackage{enumitem}
\usepackage[hidelinks]{hyperref}
%s
\begin{document}
"""


def _article_header(name: str, heading: Callable[[str], str]) -> str:
    """Name, contacts, education, experience (as article CVs set them)."""
    edu = "\n".join(
        f"\\item[{d}] \\textbf{{{deg}}}, {place}" for d, deg, place in EDUCATION
    ).replace("--", "--")
    exp = "\n".join(f"\\item[{d}] \\textbf{{{t}}}, {place}" for d, t, place in EXPERIENCE)
    return (
        f"\\begin{{center}}{{\\LARGE\\bfseries {tex(name)}}}\\\\[2pt]\n"
        "Department of Computing, Example University \\\\\n"
        "\\href{mailto:owner@example.edu}{owner@example.edu} $\\cdot$ +1 555 0100 $\\cdot$ "
        "\\url{https://example.edu/~owner}\\end{center}\n"
        f"{heading('Education')}\n\\begin{{description}}[leftmargin=7em,style=nextline]\n{edu}\n"
        "\\end{description}\n"
        f"{heading('Professional Experience')}\n"
        f"\\begin{{description}}[leftmargin=7em,style=nextline]\n{exp}\n\\end{{description}}\n"
    )


def _article_tail(heading: Callable[[str], str]) -> str:
    return f"{heading('Skills')}\n{SKILLS}\n\\end{{document}}\n"


def _article(
    made: object,
    body: str,
    preamble: str = "",
    heading: Callable[[str], str] | None = None,
    head: str | None = None,
) -> str:
    """A whole article CV: ``head`` (:data:`ARTICLE_HEAD`) with ``preamble``, the owner's
    header, ``body`` and the tail, every heading set by ``heading`` (plain by default)."""
    heading = heading or _plain_heading
    name = styles.owner_header(made)
    return (
        (head or ARTICLE_HEAD) % preamble
        + _article_header(name, heading)
        + body
        + _article_tail(heading)
    )


def _plain_heading(title: str) -> str:
    return f"\\section*{{{title}}}"


def article_enumerate(made: object, papers: Sequence[Paper]) -> Doc:
    """article, ``\\section*``, an enumerate of IEEE-like citations, the owner in bold."""
    mark = made.mark  # type: ignore[attr-defined]
    items = "\n".join(f"\\item {quoted(p, mark)}" for p in papers)
    body = f"\\section*{{Publications}}\n\\begin{{enumerate}}\n{items}\n\\end{{enumerate}}\n"
    text = _article(made, body)
    return Doc(text, tuple(papers))


def article_bitmap(made: object, papers: Sequence[Paper]) -> Doc:
    """:func:`article_enumerate` in T1 without Latin Modern: where no Type 1 font of the T1
    encoding is installed, pdfTeX embeds bitmap Type 3 fonts with no names and no map to
    Unicode (ligatures and dashes come out as the encoding's control codes)."""
    doc = article_enumerate(made, papers)
    text = doc.tex.replace("\\usepackage{lmodern}\n", "").replace("\\usepackage{microtype}\n", "")
    return replace(doc, tex=text)


def article_itemize_sc(made: object, papers: Sequence[Paper]) -> Doc:
    """Small-caps headings with a rule, an itemize list grouped into conference and journal
    sub-lists, citations ``Authors. Title. In Proc. ...``."""

    def heading(title: str) -> str:
        return f"\\section*{{\\textsc{{{title}}}}}\\vspace{{-8pt}}\\hrule\\vspace{{4pt}}"

    mark = made.mark  # type: ignore[attr-defined]
    ordered = sorted(papers, key=lambda p: p.kind)
    groups = []
    for kind, title in (("conference", "Conference Papers"), ("journal", "Journal Articles")):
        members = [p for p in ordered if p.kind == kind]
        if members:
            items = "\n".join(f"\\item {citation(p, mark)}" for p in members)
            groups.append(
                f"\\subsection*{{{title}}}\n\\begin{{itemize}}[leftmargin=*]\n{items}\n"
                "\\end{itemize}"
            )
    body = heading("Publications") + "\n" + "\n".join(groups) + "\n"
    text = _article(made, body, heading=heading)
    return Doc(text, tuple(ordered))


def article_spaced(made: object, papers: Sequence[Paper]) -> Doc:
    """Letter-spaced upper-case headings (microtype ``\\textls``), a numbered list ``[1]``."""

    def heading(title: str) -> str:
        return f"\\section*{{\\textls[200]{{\\MakeUppercase{{{title}}}}}}}"

    mark = made.mark  # type: ignore[attr-defined]
    items = "\n".join(f"\\item {citation(p, mark)}" for p in papers)
    body = (
        heading("Publications")
        + f"\n\\begin{{enumerate}}[label={{[\\arabic*]}}]\n{items}\n\\end{{enumerate}}\n"
    )
    text = _article(made, body, heading=heading)
    return Doc(text, tuple(papers))


def article_icons(made: object, papers: Sequence[Paper]) -> Doc:
    """fontawesome icons beside headings and contacts."""

    def heading(title: str) -> str:
        icon = {
            "Education": "\\faGraduationCap",
            "Publications": "\\faBook",
            "Skills": "\\faCogs",
        }.get(title, "\\faBriefcase")
        return f"\\section*{{{icon}\\ {title}}}"

    mark = made.mark  # type: ignore[attr-defined]
    items = "\n".join(f"\\item {quoted(p, mark)}" for p in papers)
    body = heading("Publications") + f"\n\\begin{{itemize}}\n{items}\n\\end{{itemize}}\n"
    name = styles.owner_header(made)
    header = _article_header(name, heading).replace("\\href{mailto", "\\faEnvelope\\ \\href{mailto")
    text = ARTICLE_HEAD % "\\usepackage{fontawesome5}" + header + body + _article_tail(heading)
    return Doc(text, tuple(papers))


def twocolumn(made: object, papers: Sequence[Paper]) -> Doc:
    """A two-column article page, a numbered list with the owner in bold."""
    mark = made.mark  # type: ignore[attr-defined]
    items = "\n".join(f"\\item {citation(p, mark)}" for p in papers)
    body = f"\\section*{{Publications}}\n\\begin{{enumerate}}\n{items}\n\\end{{enumerate}}\n"
    text = _article(
        made, body, head=ARTICLE_HEAD.replace("[11pt]{article}", "[10pt,twocolumn]{article}")
    )
    return Doc(text, tuple(papers))


def tabularx_tags(made: object, papers: Sequence[Paper]) -> Doc:
    """A tabularx table: a tag (``[C3]``, ``[J2]``) column beside the citation."""
    mark = made.mark  # type: ignore[attr-defined]
    left = {k: sum(p.kind == k for p in papers) for k in ("conference", "journal")}
    rows = []
    for p in papers:
        tag = f"[{'C' if p.kind == 'conference' else 'J'}{left[p.kind]}]"
        left[p.kind] -= 1
        rows.append(f"\\textbf{{{tag}}} & {citation(p, mark)} \\\\[3pt]")
    body = (
        "\\section*{Publications}\n\\noindent\\begin{tabularx}{\\textwidth}{@{}lX@{}}\n"
        + "\n".join(rows)
        + "\n\\end{tabularx}\n"
    )
    text = _article(made, body, "\\usepackage{tabularx}")
    return Doc(text, tuple(papers))


def tabularx_years(made: object, papers: Sequence[Paper]) -> Doc:
    """A tabularx table: the year in the left column, the citation without it beside."""
    mark = made.mark  # type: ignore[attr-defined]
    ordered = _newest_first(papers)
    rows = [f"{p.year} & {citation(p, mark, year=False)} \\\\[3pt]" for p in ordered]
    body = (
        "\\section*{Publications}\n\\noindent\\begin{tabularx}{\\textwidth}{@{}lX@{}}\n"
        + "\n".join(rows)
        + "\n\\end{tabularx}\n"
    )
    text = _article(made, body, "\\usepackage{tabularx}")
    return Doc(text, ordered)


def _moderncv(made: object, papers: Sequence[Paper], style: str) -> Doc:
    mark = made.mark  # type: ignore[attr-defined]
    ordered = _newest_first(papers)
    owner = made.owner  # type: ignore[attr-defined]
    edu = "\n".join(
        f"\\cventry{{{d}}}{{{deg}}}{{{place}}}{{Example City}}{{}}{{}}"
        for d, deg, place in EDUCATION
    )
    exp = "\n".join(
        f"\\cventry{{{d}}}{{{t}}}{{{place}}}{{Example City}}{{}}{{}}" for d, t, place in EXPERIENCE
    )
    if style == "banking":
        pubs = "\n".join(
            f"\\cventry{{{p.year}}}{{{tex(p.title)}}}{{{_venue_short(p)}}}{{}}{{}}"
            f"{{{_authors(p, mark)}}}"
            for p in ordered
        )
    else:
        pubs = "\n".join(
            f"\\cvitem{{{p.year}}}{{{citation(p, mark, year=False)}}}" for p in ordered
        )
    text = (
        "\\documentclass[11pt,a4paper,sans]{moderncv}\n"
        f"\\moderncvstyle{{{style}}}\n\\moderncvcolor{{blue}}\n"
        "\\usepackage[utf8]{inputenc}\n\\usepackage[scale=0.77]{geometry}\n"
        f"\\name{{{tex(owner.given)}}}{{{tex(owner.family)}}}\n"
        "\\title{Curriculum Vitae}\n\\address{1 Example Road}{Example City}{Exampleland}\n"
        "\\phone[mobile]{+1~555~0100}\n\\email{owner@example.edu}\n"
        "\\homepage{example.edu/~owner}\n"
        "\\begin{document}\n\\makecvtitle\n"
        f"\\section{{Education}}\n{edu}\n"
        f"\\section{{Experience}}\n{exp}\n"
        f"\\section{{Publications}}\n{pubs}\n"
        f"\\section{{Skills}}\n\\cvitem{{Languages}}{{{SKILLS}}}\n"
        "\\end{document}\n"
    )
    return Doc(text, ordered)


def moderncv_cventry(made: object, papers: Sequence[Paper]) -> Doc:
    """moderncv classic with ``\\cventry{2023}{Title}{Venue}{}{}{Authors}``: the year in the
    margin, the bold title and italic venue on one line, the authors below."""
    mark = made.mark  # type: ignore[attr-defined]
    ordered = _newest_first(papers)
    pubs = "\n".join(
        f"\\cventry{{{p.year}}}{{{tex(p.title)}}}{{{_venue_short(p)}}}{{}}{{}}"
        f"{{{_authors(p, mark)}}}"
        for p in ordered
    )
    doc = _moderncv(made, papers, "classic")
    start = doc.tex.index("\\section{Publications}")
    end = doc.tex.index("\\section{Skills}")
    text = doc.tex[:start] + f"\\section{{Publications}}\n{pubs}\n" + doc.tex[end:]
    return Doc(text, ordered)


def title_first(made: object, papers: Sequence[Paper]) -> Doc:
    """A hand-made entry macro as awesome-cv-like CVs write it: the bold title with the year
    flush right, the authors, then the venue in italics."""
    mark = made.mark  # type: ignore[attr-defined]
    ordered = _newest_first(papers)
    entries = "\n".join(
        f"\\pub{{{tex(p.title)}}}{{{_authors(p, mark)}}}{{{_venue_short(p)}}}{{{p.year}}}"
        for p in ordered
    )
    macro = (
        "\\newcommand{\\pub}[4]{\\noindent\\textbf{#1}\\hfill{\\small #4}\\\\\n"
        "#2\\\\\n\\textit{#3}\\par\\smallskip}"
    )
    text = _article(made, f"\\section*{{Publications}}\n{entries}\n", macro)
    return Doc(text, ordered)


def curve_rubric(made: object, papers: Sequence[Paper]) -> Doc:
    """The curve class: rubrics, ``\\entry*[2023]`` with the year in the left column."""
    mark = made.mark  # type: ignore[attr-defined]
    ordered = _newest_first(papers)
    owner = made.owner  # type: ignore[attr-defined]
    entries = "\n".join(f"\\entry*[{p.year}] {citation(p, mark, year=False)}" for p in ordered)
    edu = "\n".join(f"\\entry*[{d}] \\textbf{{{deg}}}, {place}" for d, deg, place in EDUCATION)
    exp = "\n".join(f"\\entry*[{d}] \\textbf{{{t}}}, {place}" for d, t, place in EXPERIENCE)
    text = (
        "\\documentclass[a4paper,11pt]{curve}\n\\usepackage[T1]{fontenc}\n"
        "\\usepackage[margin=2.2cm]{geometry}\n"
        f"\\title{{{tex(owner.full)}}}\n\\subtitle{{owner@example.edu}}\n"
        "\\leftheader{Example University}\n\\rightheader{+1 555 0100}\n"
        "\\begin{filecontents*}{edu.tex}\n\\begin{rubric}{Education}\n"
        f"{edu}\n\\end{{rubric}}\n\\end{{filecontents*}}\n"
        "\\begin{filecontents*}{exp.tex}\n\\begin{rubric}{Experience}\n"
        f"{exp}\n\\end{{rubric}}\n\\end{{filecontents*}}\n"
        "\\begin{filecontents*}{pubs.tex}\n\\begin{rubric}{Publications}\n"
        f"{entries}\n\\end{{rubric}}\n\\end{{filecontents*}}\n"
        "\\begin{filecontents*}{skills.tex}\n\\begin{rubric}{Skills}\n"
        f"\\entry*[Languages] {SKILLS}\n\\end{{rubric}}\n\\end{{filecontents*}}\n"
        "\\begin{document}\n\\makeheaders[c]\n\\makerubric{edu}\n\\makerubric{exp}\n"
        "\\makerubric{pubs}\n\\makerubric{skills}\n\\end{document}\n"
    )
    return Doc(text, ordered)


def _venue_short(p: Paper) -> str:
    v = p.venue
    if p.kind == "conference":
        return f"Proc.\\ {tex(v.name)} ({tex(v.abbr)})"
    return f"{tex(v.name)}, vol.~{p.volume}"


def moderncv_classic(made: object, papers: Sequence[Paper]) -> Doc:
    """moderncv classic: ``\\cvitem{2023}{citation}``, the year in the left margin."""
    return _moderncv(made, papers, "classic")


def moderncv_banking(made: object, papers: Sequence[Paper]) -> Doc:
    """moderncv banking: ``\\cventry{2023}{Title}{Venue}{}{}{Authors}``."""
    return _moderncv(made, papers, "banking")


def _bib_doc(made: object, papers: Sequence[Paper], preamble: str, printer: str, tool: str) -> Doc:
    keys = [f"paper{i}" for i in range(len(papers))]
    bib = "\n".join(bib_entry(k, p) for k, p in zip(keys, papers, strict=True))
    body = f"\\section*{{Publications}}\n\\nocite{{*}}\n{printer}\n"
    text = _article(made, body, preamble)
    return Doc(text, tuple(papers), bib=bib, bibtool=tool)


def _biblatex(style: str, sorting: str) -> Callable[[object, Sequence[Paper]], Doc]:
    def layout(made: object, papers: Sequence[Paper]) -> Doc:
        ordered = _newest_first(papers) if sorting == "ydnt" else _by_author(papers)
        pre = (
            f"\\usepackage[backend=biber,style={style},sorting={sorting},maxnames=99]{{biblatex}}\n"
            "\\addbibresource{cv.bib}"
        )
        doc = _bib_doc(made, papers, pre, "\\printbibliography[heading=none]", "biber")
        return replace(doc, papers=ordered)

    layout.__doc__ = f"biblatex style={style}, sorting={sorting}, from a fictional .bib."
    return layout


def _by_author(papers: Sequence[Paper]) -> tuple[Paper, ...]:
    return tuple(sorted(papers, key=lambda p: (p.authors[0].family, p.year)))


def _bibtex(style: str) -> Callable[[object, Sequence[Paper]], Doc]:
    def layout(made: object, papers: Sequence[Paper]) -> Doc:
        printer = f"\\bibliographystyle{{{style}}}\n\\renewcommand{{\\refname}}{{}}\n" + (
            "\\vspace{-2em}\\bibliography{cv}"
        )
        doc = _bib_doc(made, papers, "\\usepackage[numbers]{natbib}", printer, "bibtex")
        return replace(doc, papers=tuple(papers))

    layout.__doc__ = f"bibtex \\bibliographystyle{{{style}}} from a fictional .bib."
    return layout


ZH_HEAD = r"""\documentclass[11pt]{ctexart}
\usepackage[margin=2.2cm]{geometry}
\usepackage{enumitem}
\ctexset{section={format=\Large\bfseries\raggedright}}
\begin{document}
"""

ZH_TC_HEAD = r"""\documentclass[11pt]{article}
\usepackage{xeCJK}
\setCJKmainfont{Noto Serif CJK TC}
\usepackage[margin=2.2cm]{geometry}
\usepackage{enumitem}
\begin{document}
"""


def zh_ctex(made: object, papers: Sequence[Paper]) -> Doc:
    """A Simplified Chinese CV with ctex: 教育背景, 工作经历, 发表论文 (GB/T 7714 entries)."""
    mark = made.mark  # type: ignore[attr-defined]
    ordered = _newest_first(papers)
    items = "\n".join(f"\\item {_gbt(p, mark)}" for p in ordered)
    name = styles.owner_header(made)
    text = (
        ZH_HEAD
        + f"\\begin{{center}}{{\\LARGE\\bfseries {name}}}\\\\ 电子邮件：owner@example.edu \\quad "
        "电话：+86 155 0000 0100\\end{center}\n"
        "\\section*{教育背景}\n\\begin{itemize}[leftmargin=*]\n"
        "\\item 2014--2019 \\quad 示例大学 \\quad 计算机科学与技术 \\quad 博士\n"
        "\\item 2010--2014 \\quad 样例理工学院 \\quad 计算机科学与技术 \\quad 学士\n"
        "\\end{itemize}\n"
        "\\section*{工作经历}\n\\begin{itemize}[leftmargin=*]\n"
        "\\item 2021--至今 \\quad 示例大学计算机学院 \\quad 助理教授\n"
        "\\item 2019--2021 \\quad 样例研究院 \\quad 博士后\n\\end{itemize}\n"
        f"\\section*{{发表论文}}\n\\begin{{enumerate}}[label={{[\\arabic*]}},leftmargin=*]\n"
        f"{items}\n\\end{{enumerate}}\n"
        "\\section*{专业技能}\nRust，Python，C++，分布式系统\n\\end{document}\n"
    )
    return Doc(text, ordered, engine="xelatex")


def _zh_bib(style: str, tool: str) -> Callable[[object, Sequence[Paper]], Doc]:
    def layout(made: object, papers: Sequence[Paper]) -> Doc:
        keys = [f"paper{i}" for i in range(len(papers))]
        bib = "\n".join(bib_entry(k, p) for k, p in zip(keys, papers, strict=True))
        if tool == "biber":
            pre = (
                f"\\usepackage[backend=biber,style={style},sorting=ydnt,maxbibnames=99]{{biblatex}}"
                "\n\\addbibresource{cv.bib}\n"
            )
            printer = "\\printbibliography[heading=none]"
            ordered = _newest_first(papers)
        else:
            pre = "\\usepackage{gbt7714}\n" if style.startswith("gbt7714") else ""
            printer = (
                f"\\bibliographystyle{{{style}}}\n\\renewcommand{{\\refname}}{{}}\n"
                "\\vspace{-2em}\\bibliography{cv}"
            )
            # (GB/T 7714 prints three authors, then "等" or "et al.", of a longer list)
            ordered = tuple(replace(p, shown=3) if len(p.authors) > 3 else p for p in papers)
        doc = zh_ctex(made, papers)
        start = doc.tex.index("\\section*{发表论文}")
        end = doc.tex.index("\\section*{专业技能}")
        text = (
            doc.tex[:start] + f"\\section*{{发表论文}}\n\\nocite{{*}}\n{printer}\n" + doc.tex[end:]
        ).replace("\\begin{document}", pre + "\\begin{document}", 1)
        return replace(doc, tex=text, papers=ordered, bib=bib, bibtool=tool)

    layout.__doc__ = f"A Chinese CV (ctex) whose list is {style} output from a fictional .bib."
    return layout


def _gbt(p: Paper, mark: str) -> str:
    line, *_ = styles.gbt(p, mark)
    return re.sub(r"\*\*([^*]+)\*\*", r"\\textbf{\1}", tex(line))


def zh_tc(made: object, papers: Sequence[Paper]) -> Doc:
    """A Traditional Chinese CV with xeCJK: 學歷, 經歷, 著作目錄 of English papers."""
    mark = made.mark  # type: ignore[attr-defined]
    ordered = _newest_first(papers)
    items = "\n".join(f"\\item {citation(p, mark)}" for p in ordered)
    owner = made.owner  # type: ignore[attr-defined]
    name = f"{owner.han or ''}（{owner.full}）"
    text = (
        ZH_TC_HEAD
        + f"\\begin{{center}}{{\\LARGE\\bfseries {name}}}\\\\ 電子郵件：owner@example.edu \\quad "
        "電話：+886 2 5550 0100\\end{center}\n"
        "\\section*{學歷}\n\\begin{itemize}[leftmargin=*]\n"
        "\\item 2014--2019 \\quad 示例大學 \\quad 資訊工程學系 \\quad 博士\n"
        "\\item 2010--2014 \\quad 樣例科技大學 \\quad 資訊工程學系 \\quad 學士\n"
        "\\end{itemize}\n"
        "\\section*{經歷}\n\\begin{itemize}[leftmargin=*]\n"
        "\\item 2021--迄今 \\quad 示例大學資訊工程學系 \\quad 助理教授\n"
        "\\item 2019--2021 \\quad 樣例研究院 \\quad 博士後研究員\n\\end{itemize}\n"
        f"\\section*{{著作目錄}}\n\\begin{{enumerate}}[leftmargin=*]\n"
        f"{items}\n\\end{{enumerate}}\n"
        "\\section*{專長}\nRust、Python、C++、分散式系統\n\\end{document}\n"
    )
    return Doc(text, ordered, engine="xelatex")


@dataclass(frozen=True, slots=True)
class Layout:
    """A way of writing the CV: the function, the papers per CV and the people's script."""

    write: Callable[[object, Sequence[Paper]], Doc]
    entries: int = 10
    chinese: bool = False
    pinyin: bool = False


LAYOUTS: dict[str, Layout] = {
    "moderncv-classic": Layout(moderncv_classic),
    "moderncv-banking": Layout(moderncv_banking),
    "moderncv-cventry": Layout(moderncv_cventry),
    "title-first": Layout(title_first),
    "curve": Layout(curve_rubric),
    "article-enum": Layout(article_enumerate),
    "article-bitmap": Layout(article_bitmap),
    "article-itemize-sc": Layout(article_itemize_sc),
    "article-spaced": Layout(article_spaced),
    "article-icons": Layout(article_icons),
    "twocolumn": Layout(twocolumn, entries=14),
    "tabularx-tags": Layout(tabularx_tags),
    "tabularx-years": Layout(tabularx_years),
    "biblatex-numeric": Layout(_biblatex("numeric", "ydnt")),
    "biblatex-ieee": Layout(_biblatex("ieee", "ydnt")),
    "biblatex-authoryear": Layout(_biblatex("authoryear", "nyt")),
    "bibtex-plain": Layout(_bibtex("plain")),
    "bibtex-abbrv": Layout(_bibtex("abbrv")),
    "bibtex-ieeetran": Layout(_bibtex("IEEEtran")),
    "bibtex-alpha": Layout(_bibtex("alpha")),
    "bibtex-apalike": Layout(_bibtex("apalike")),
    "biblatex-alphabetic": Layout(_biblatex("alphabetic", "nyt")),
    "biblatex-apa": Layout(_biblatex("apa", "nyt")),
    "biblatex-chicago": Layout(_biblatex("chicago-authordate", "nyt")),
    "bibtex-acmref": Layout(_bibtex("ACM-Reference-Format")),
    "bibtex-splncs04": Layout(_bibtex("splncs04")),
    "bibtex-plainnat": Layout(_bibtex("plainnat")),
    "bibtex-acm": Layout(_bibtex("acm")),
    "bibtex-siam": Layout(_bibtex("siam")),
    "zh-ctex": Layout(zh_ctex, chinese=True),
    "zh-tc": Layout(zh_tc, pinyin=True),
    "zh-gb7714-biblatex": Layout(_zh_bib("gb7714-2015", "biber"), chinese=True),
    "zh-gbt7714-bibtex": Layout(_zh_bib("gbt7714-numerical", "bibtex"), chinese=True),
}


def compile_doc(doc: Doc, folder: Path) -> Path:
    """Typeset ``doc`` in ``folder`` (engine, then bibtex or biber, then twice more)."""
    (folder / "cv.tex").write_text(doc.tex, encoding="utf-8")
    if doc.bib is not None:
        (folder / "cv.bib").write_text(doc.bib, encoding="utf-8")
    run = [doc.engine, "-interaction=nonstopmode", "-halt-on-error", "cv.tex"]
    steps = [run]
    if doc.bibtool:
        steps += [[doc.bibtool, "cv"], run, run]
    for step in steps:
        done = subprocess.run(
            step, cwd=folder, capture_output=True, text=True, timeout=300, check=False
        )
        if done.returncode != 0 and step[0] != "bibtex":
            raise RuntimeError(f"{step[0]} failed: {done.stdout[-1500:]}")
    return folder / "cv.pdf"


def bibtex_order(folder: Path, papers: Sequence[Paper]) -> tuple[Paper, ...]:
    """The papers in the order bibtex printed them (its ``.bbl``)."""
    bbl = (folder / "cv.bbl").read_text(encoding="utf-8", errors="replace")
    keys = re.findall(r"\\bibitem(?:\[[^\]]*\])?\{paper(\d+)\}", bbl)
    return tuple(papers[int(k)] for k in keys) if keys else tuple(papers)


def make_cv(name: str, k: int, folder: Path) -> tuple[Path, Doc]:
    """Typeset CV number ``k`` of layout ``name`` in its own folder under ``folder``."""
    layout = LAYOUTS[name]
    made = styles.generate(
        random.Random(f"tex-{name}-{k}"),
        layout.entries,
        chinese=layout.chinese,
        pinyin=layout.pinyin,
    )
    doc = layout.write(made, made.papers)
    work = folder / f"{name}-{k}"
    work.mkdir(parents=True, exist_ok=True)
    pdf = compile_doc(doc, work)
    if doc.bibtool == "bibtex":
        doc = replace(doc, papers=bibtex_order(work, doc.papers))  # (.bib order, keys paper<i>)
    return pdf, doc


FIELDS = ("title=", "#auth", "owner", "venue", "year", "kind")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--layout", nargs="*", choices=sorted(LAYOUTS), help="only these")
    parser.add_argument("--cvs", type=int, default=2, help="CVs per layout")
    parser.add_argument("--keep", type=Path, help="keep the sources and PDFs in this folder")
    parser.add_argument("--misses", action="store_true", help="print every miss")
    args = parser.parse_args(argv)
    missing = [t for t in ("pdflatex", "xelatex", "bibtex", "biber") if not shutil.which(t)]
    if missing:
        print(f"not installed: {', '.join(missing)}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory(prefix="latex-layouts-") as tmp:
        folder = args.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        columns = ("F1", *FIELDS, "sec")
        print(f"{args.cvs} CVs per layout")
        print("| layout | " + " | ".join(columns) + " |")
        print("|---|" + "---|" * len(columns))
        overall = styles.Tally()
        sec_all = [0, 0]
        for name in args.layout or LAYOUTS:
            tally = styles.Tally()
            sec = [0, 0]
            for k in range(args.cvs):
                try:
                    pdf, doc = make_cv(name, k, folder)
                except (RuntimeError, subprocess.TimeoutExpired) as err:
                    print(f"| {name} | failed to typeset: {str(err)[-300:]!r} |")
                    break
                cv = bilingual_cv.parse(pdf)
                misses = styles.score(doc.papers, cv, tally)
                found, total = styles.sections_found(cv, doc.sections)
                sec[0] += found
                sec[1] += total
                if args.misses:
                    got = [s.key.value for s in cv.sections]  # type: ignore[attr-defined]
                    if found < total:
                        print(f"  {name}-{k} sections: want {doc.sections} got {got}")
                    for miss in misses:
                        print(f"  {name}-{k} {miss.field}: want {miss.expected!r} got {miss.got!r}")
            else:
                styles._merge(overall, tally)
                sec_all[0] += sec[0]
                sec_all[1] += sec[1]
                print(
                    f"| {name} | {styles.table_row(tally, FIELDS, (sec[0], sec[1]))} |", flush=True
                )
        print(f"| ALL | {styles.table_row(overall, FIELDS, (sec_all[0], sec_all[1]))} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
