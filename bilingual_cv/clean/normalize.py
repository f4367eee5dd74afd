"""Cleaning of PDF-extracted text: a visible, ordered list of small fixes.

Per-line fixes are ``str -> str`` and run in the order of :data:`LINE_FIXES`; a fix may
break a line in two (by returning a newline), and every resulting line keeps the number of
the input line it came from (``Line.origin``). Then markdown emphasis and headings are
stripped while their positions are kept on the :class:`~bilingual_cv.lines.Line`
(``md_level``, ``bold``), bullets are removed (``bullet``), hyphenated line breaks are
joined, and Traditional Chinese is folded to Simplified once, by OpenCC.
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Literal, Protocol

from bilingual_cv.lang import depends_on_languages, languages
from bilingual_cv.lang.dates import find_date_range
from bilingual_cv.lang.scripts import CJK_RE, count_cjk, count_latin
from bilingual_cv.lexicon import load_dates, load_layout
from bilingual_cv.lines import Line, Span

Script = Literal["hans", "hant", "latin", "mixed"]

#: Quotes that PDF extractors and word processors produce, folded to ASCII.
_QUOTES: dict[int, str] = str.maketrans(
    {
        "“": '"',
        "”": '"',
        "„": '"',
        "‟": '"',
        "″": '"',
        "‘": "'",
        "’": "'",
        "‚": "'",
        "‛": "'",
        "′": "'",
        "`": "'",
    }
)
#: Any character :data:`_QUOTES` folds: most lines hold none, and a search is much cheaper
#: than ``str.translate`` with a dict on a non-ASCII line.
_QUOTE_RE = re.compile("[" + re.escape("".join(map(chr, _QUOTES))) + "]")
#: Control characters other than tab, zero-width characters, bidirectional embeddings,
#: overrides and isolates (which can make a viewer show text reversed: U+202E), other
#: format characters, and lone surrogates (which no UTF-8 writer accepts).
_CONTROL_RE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e"
    "\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\ud800-\udfff]"
)
#: Emoji, dingbats, pictographs, private-use icon-font glyphs and variation selectors.
_ICON_RE = re.compile(
    "[\U0001f000-\U0001faff\u2600-\u27bf\u2b00-\u2bff\ue000-\uf8ff\ufe00-\ufe0f\u20e3\u2300-\u23ff]"
)
#: ``{\bf X}``, ``{\it X}``, ``{\em X}``, ``{\sc X}``.
_TEX_GROUP_RE = re.compile(r"\{\\(?:bf|it|em|sc|tt|rm|sf|large|Large|small)\s+([^{}]*)\}")
#: ``\textbf{X}`` and friends keep their argument.
_TEX_ARG_RE = re.compile(
    r"\\(?:textbf|textit|emph|underline|textsc|texttt|mbox|text|mathrm|mathbf)\{([^{}]*)\}"
)
#: ``\label{..}``, ``\ref{..}``, ``\cite{..}``, ``\vspace{..}`` and friends vanish.
_TEX_DROP_RE = re.compile(r"\\(?:label|ref|cite|vspace|hspace|pageref|index)\*?\{[^{}]*\}")
#: ``\href{url}{text}`` keeps text.
_TEX_HREF_RE = re.compile(r"\\href\{([^{}]*)\}\{([^{}]*)\}")
#: Escaped special characters ``\& \% \_ \# \$``.
_TEX_ESCAPE_RE = re.compile(r"\\([&%_#$])")
#: Dot leaders and ellipsis commands.
_TEX_DOTS_RE = re.compile(r"\\(?:ldots|dots|cdots|dotfill|hfill)\b")
#: ``\cdot`` used as an inline bullet by LaTeX CV templates.
_TEX_CDOT_RE = re.compile(r"\s*\\cdot\b\s*")
#: Any other backslash command: dropped.
_TEX_CMD_RE = re.compile(r"\\[A-Za-z]+\*?")
#: Runs of leader dots or ellipses left behind.
_LEADER_RE = re.compile(r"(?:[.…][ \t]*){4,}|(?:…[ \t]*){2,}")
#: An ALL-CAPS word glued to the ``**`` that opens bold text: ``SERVICES**Program``. The
#: capitals are looked for behind the ``**`` found: a literal first is searched in C, a
#: look-behind first is tried at every position (20 times slower on a document).
_GLUED_BOLD_RE = re.compile(r"\*\*(?<=[A-Z]{3}\*\*)(?=[A-Za-z])")
#: Markdown link ``[text](target)`` and autolink ``<https://...>``.
_MD_LINK_RE = re.compile(r"\[([^\[\]]*)\]\(([^()\s]*)\)")
_MD_AUTOLINK_RE = re.compile(r"<((?:https?://|mailto:|www\.)[^<>\s]+)>")
#: Leading markdown heading marks.
_MD_HEADING_RE = re.compile(r"^\s{0,3}(#{1,6})\s+")
#: Leading bullet: dashes, dots, squares, circles, and ``- ·`` pairs; not a minus sign before a
#: digit run like a date, nor the Chinese dash ``——`` that opens a translated title.
_BULLET_RE = re.compile(r"^\s*(?!——)(?:(?:[-•·▪▫■□●○◦‣⁃∙–—]|\*(?=\s))\s*){1,2}(?=\S)")
#: A dash before a year: a date range's open start ("- 2019"), not a bullet.
_DASH_YEAR_RE = re.compile(r"\s*-\s*\d{4}\b")
#: The characters a markdown heading mark or a bullet (:data:`_BULLET_RE`) starts with.
_MARKUP_LEADS = "#-•·▪▫■□●○◦‣⁃∙–—*"
#: Bold ``**x**`` and italic ``*x*`` or ``_x_`` emphasis.
_MD_BOLD_RE = re.compile(r"\*\*(.+?)\*\*")
#: (The italic pattern starts with its "*", checking what comes before after it: a pattern that
#: starts with a character is scanned for, one that starts with a lookbehind tried everywhere.)
ITALIC_RE = re.compile(r"\*(?<![\w*]\*)(?!\s)([^*]+?)(?<!\s)\*(?![\w*])")
_MD_UNDERSCORE_RE = re.compile(r"__(.+?)__")
#: Emphasis marks whose partner is on another line: at a line's start before a word, or at
#: its end after punctuation.
_LONE_EMPHASIS_RE = re.compile(r"^\s*\*{1,2}(?=[^\s*])|(?<=[.)\]])\*{1,2}\s*$")
#: No word broken at a line end is longer than this (characters).
MAX_WORD_CHARS = 64
#: A soft hyphen: a hyphen a typesetter added to break a word at a line end.
SOFT_HYPHEN = "\u00ad"
#: A word broken by a hyphen at the end of a line: ``Mobi-``, or by a soft hyphen.
_HYPHEN_END_RE = re.compile(r"([A-Za-z]+)(-|\u00ad)$")
_WORD_START_RE = re.compile(r"^([A-Za-z]+)")


def normalize_width(line: str) -> str:
    """Fold full-width forms, compatibility characters and typographic quotes (NFKC).

    >>> normalize_width("２０１９．９ － ２０２５．３（预期）")
    '2019.9 - 2025.3(预期)'
    >>> normalize_width("”PipeServe: A Pipelined Framework”.")
    '"PipeServe: A Pipelined Framework".'
    >>> normalize_width("A. Lee, ``Toy flow analysis,'' Acta Toy, 1977.")
    'A. Lee, "Toy flow analysis," Acta Toy, 1977.'
    """
    if not line.isascii():
        line = nfkc(line)
        if _QUOTE_RE.search(line):
            for quote in set(_QUOTE_RE.findall(line)):  # str.replace per quote found: a
                line = line.replace(quote, _QUOTES[ord(quote)])  # dict translate is slow
    elif "`" in line:  # nothing for NFKC to fold in ASCII; only the backtick quote
        line = line.replace("`", "'")
    return line.replace("''", '"') if "''" in line else line  # TeX quotes: ``x'' -> "x"


#: Characters that NFKC often changes in CVs: full-width forms, the ideographic space,
#: ellipses, ligatures, Roman numerals, circled numbers, super- and subscripts, NBSP. Only a
#: speed-up of :func:`nfkc`: a character it leaves out sends a text to the full algorithm.
_COMPAT_RE = re.compile(
    "[\u00a0-\u00bf\u2000-\u200a\u2024-\u2026\u202f\u2033-\u2037\u203c-\u2057\u205f"
    "\u2070-\u218f\u2460-\u24ff\u3000\u3131-\u33ff\uf900-\ufaff\ufb00-\ufb4f"
    "\ufe10-\ufe6f\uff00-\uffef]"
)


def nfkc(text: str) -> str:
    """``unicodedata.normalize("NFKC", text)``, several times faster on a Chinese document.

    The full algorithm decomposes and recomposes every character, though a CV holds only a
    few that change (``，`` ``：`` ``（``). Each of those is replaced by its own NFKC form,
    which keeps the text equivalent; when the result is normalized, it is *the* NFKC form
    (equivalent texts have one), else the full algorithm runs.

    >>> nfkc("教育背景：清华大学（２０１９）ﬁ…"), nfkc("Jose\u0301 ①")
    ('教育背景:清华大学(2019)fi...', 'José 1')
    """
    if unicodedata.is_normalized("NFKC", text):
        return text
    folded = text
    for char in set(_COMPAT_RE.findall(text)):
        folded = folded.replace(char, unicodedata.normalize("NFKC", char))
    if unicodedata.is_normalized("NFKC", folded):
        return folded
    return unicodedata.normalize("NFKC", text)


def strip_control(line: str) -> str:
    """Drop control and zero-width characters (tabs stay: they separate columns).

    >>> strip_control("Ph.D.\\u200b in CS\\x0c")
    'Ph.D. in CS'
    """
    if line.isprintable() or (line.isascii() and line.replace("\t", " ").isprintable()):
        return line
    if line.endswith(SOFT_HYPHEN):  # a PDF's line-end hyphenation: join_hyphenated reads it
        return _CONTROL_RE.sub("", line[:-1]) + SOFT_HYPHEN
    return _CONTROL_RE.sub("", line)


def strip_latex(line: str) -> str:
    """Remove LaTeX residue: math dollars, font groups, labels, escapes, stray commands.

    ``\\cdot`` used as an inline bullet starts a new bulleted line.

    >>> strip_latex(r" $Postdoctoral\\ Researcher$ ")
    ' Postdoctoral Researcher '
    >>> strip_latex(r"${\\bf SERVICE}$")
    'SERVICE'
    >>> strip_latex(r"github.com/someone \\price some@uni.edu")
    'github.com/someone some@uni.edu'
    >>> strip_latex(r"$\\label{lem:x} Automatic \\ Generation$")
    ' Automatic Generation'
    >>> strip_latex(r"microservices. \\cdot This work is integrated")
    'microservices.\\n• This work is integrated'
    """
    if "\\" not in line and "$" not in line:
        return line
    line = _TEX_DROP_RE.sub("", line)
    line = _TEX_HREF_RE.sub(r"\2", line)
    line = _TEX_GROUP_RE.sub(r"\1", line)
    line = _TEX_ARG_RE.sub(r"\1", line)
    line = _TEX_ESCAPE_RE.sub(r"\1", line)
    line = line.replace("\\ ", " ").replace("\\\\", " ")
    line = _TEX_DOTS_RE.sub("…", line)
    line = _TEX_CDOT_RE.sub("\n• ", line).lstrip("\n")
    line = _TEX_CMD_RE.sub("", line)
    if line.count("$") >= 2 or re.fullmatch(r"\s*\$[^$]*", line):
        line = line.replace("$", "")
    line = _LEADER_RE.sub(" ", line)
    return re.sub(r"(?<=\S) {2,}(?=\S)", " ", line)


def strip_icons(line: str) -> str:
    """Remove emoji, dingbats and icon-font glyphs that PDF extraction leaves.

    >>> strip_icons("🏆 **Best Paper Award**")
    '**Best Paper Award**'
    """
    if not _ICON_RE.search(line):
        return line
    return _ICON_RE.sub("", line).strip()


def strip_markdown_links(line: str) -> str:
    """Unwrap markdown links and autolinks, keeping the text and any real target.

    >>> strip_markdown_links("Advisor: [Prof. Ann Lee](#)")
    'Advisor: Prof. Ann Lee'
    >>> strip_markdown_links("Website: <https://example.org>")
    'Website: https://example.org'
    >>> strip_markdown_links("[Homepage](https://a.example.com)")
    'Homepage https://a.example.com'
    """
    if "](" in line:
        line = _MD_LINK_RE.sub(_link_text, line)
    if "<" in line:
        line = _MD_AUTOLINK_RE.sub(r"\1", line)
    return line


def _link_text(match: re.Match[str]) -> str:
    text, target = match.group(1).strip(), match.group(2).strip()
    if not target or target.startswith("#") or target == text:
        return text or target
    return f"{text} {target}" if text else target


def split_glued_bold(line: str) -> str:
    """Break a line where an ALL-CAPS heading is glued to the bold text after it.

    >>> split_glued_bold("SERVICES**Program Committee / Reviewer**")
    'SERVICES\\n**Program Committee / Reviewer**'
    """
    if "**" not in line:
        return line
    return _GLUED_BOLD_RE.sub("\n**", line)


#: Page marks without words: "- 2 -", "2/3".
_NUMBER_PAGE_MARKS = (r"[-–—]\s*\d{1,3}\s*[-–—]", r"\d{1,3}\s*/\s*\d{1,3}")


@depends_on_languages
def _page_mark_re() -> re.Pattern[str]:
    """A page number or footer a PDF extractor leaves between pages: the number-only marks
    and every language's worded ones (``lexicons/<lang>/layout.yaml``)."""
    worded = [
        re.escape(mark).replace(r"\ ", r"\s*").replace(r"\{n\}", r"\d{1,3}")
        for lang in languages()
        for mark in load_layout(lang.lexicon).page_marks
    ]
    marks = sorted(worded, key=len, reverse=True) + list(_NUMBER_PAGE_MARKS)
    return re.compile(r"^\s*(?:" + "|".join(marks) + r")\s*$", re.IGNORECASE)


def strip_page_marks(line: str) -> str:
    """Blank out page numbers and footers ("Page 2 of 3", "- 2 -", "第 2 页") between pages.

    >>> strip_page_marks("Page 1 of 2"), strip_page_marks("第 2 页，共 3 页"), strip_page_marks("2019 - 2023")
    ('', '', '2019 - 2023')
    """
    return "" if _page_mark_re().match(line) else line


def strip_trailing_space(line: str) -> str:
    """Drop trailing spaces and tabs.

    >>> strip_trailing_space("EDUCATION \\t")
    'EDUCATION'
    """
    return line.rstrip(" \t")


#: No CV line is longer than this (characters); a longer one is a paragraph or junk.
MAX_LINE_CHARS = 2_000


def wrap_long_line(line: str) -> str:
    """Break a line longer than :data:`MAX_LINE_CHARS` at spaces (or anywhere, when it has
    none), so that no later step works on a line no CV holds; nothing is dropped.

    >>> [len(part) for part in wrap_long_line("word " * 1000).split("\\n")]
    [1999, 1999, 1000]
    """
    if len(line) <= MAX_LINE_CHARS:
        return line
    parts: list[str] = []
    while len(line) > MAX_LINE_CHARS:
        cut = line.rfind(" ", MAX_LINE_CHARS // 2, MAX_LINE_CHARS)
        cut = cut if cut > 0 else MAX_LINE_CHARS
        parts.append(line[:cut])
        line = line[cut:].lstrip(" ")
    parts.append(line)
    return "\n".join(parts)


#: The per-line fixes, applied in this order.
LINE_FIXES: tuple[Callable[[str], str], ...] = (
    wrap_long_line,
    normalize_width,
    strip_control,
    strip_latex,
    strip_icons,
    strip_markdown_links,
    split_glued_bold,
    strip_page_marks,
    strip_trailing_space,
)


def _has_long_line(text: str, lines: Sequence[str]) -> bool:
    """A line is longer than :data:`MAX_LINE_CHARS`."""
    return len(text) > MAX_LINE_CHARS and max(map(len, lines)) > MAX_LINE_CHARS


def _has_control(text: str, lines: Sequence[str]) -> bool:
    """``text`` holds a character :func:`strip_control` drops."""
    return _CONTROL_RE.search(text) is not None


def _has_latex(text: str, lines: Sequence[str]) -> bool:
    """``text`` holds a backslash or a dollar: :func:`strip_latex` reads nothing else."""
    return "\\" in text or "$" in text


def _has_icon(text: str, lines: Sequence[str]) -> bool:
    """``text`` holds a character :func:`strip_icons` drops."""
    return _ICON_RE.search(text) is not None


def _has_link(text: str, lines: Sequence[str]) -> bool:
    """``text`` may hold a markdown link or an autolink."""
    return "](" in text or "<" in text


def _has_glued_bold(text: str, lines: Sequence[str]) -> bool:
    """``text`` holds what :func:`split_glued_bold` breaks (the match never spans lines)."""
    return _GLUED_BOLD_RE.search(text) is not None


def _has_trailing_space(text: str, lines: Sequence[str]) -> bool:
    """A line of ``text`` ends with a space or a tab."""
    return " \n" in text or "\t\n" in text or text.endswith((" ", "\t"))


#: Fixes that act on each line alone and never make or take a newline (NFKC and character
#: maps): one call on the lines joined by newlines equals a call on each line.
_TEXT_WIDE_FIXES: frozenset[Callable[[str], str]] = frozenset({normalize_width})
#: For other fixes, a test on the lines and on the lines joined by newlines that is false
#: only when the fix changes no line: most documents need few of the fixes, and each test is
#: one C-level scan.
_FIX_NEEDED: dict[Callable[[str], str], Callable[[str, Sequence[str]], bool]] = {
    wrap_long_line: _has_long_line,
    strip_control: _has_control,
    strip_latex: _has_latex,
    strip_icons: _has_icon,
    strip_markdown_links: _has_link,
    split_glued_bold: _has_glued_bold,
    strip_trailing_space: _has_trailing_space,
}


def apply_line_fixes(text: str) -> list[str]:
    """Every fix of :data:`LINE_FIXES` in order, on each line of ``text`` (split at
    newlines); a fixed line may hold newlines.

    The same as calling each fix on each line, at a fraction of the cost: a fix that
    :data:`_FIX_NEEDED` shows to change no line is skipped, and a text-wide one
    (:data:`_TEXT_WIDE_FIXES`) runs once on the whole text.

    >>> apply_line_fixes("## **Ｅｄｕｃａｔｉｏｎ**  \\nPage 2 of 3\\nSERVICES**PC** $x$")
    ['## **Education**', '', 'SERVICES\\n**PC** x']
    """
    lines = text.split("\n")
    for fix in LINE_FIXES:
        if fix in _TEXT_WIDE_FIXES and text.count("\n") == len(lines) - 1:
            fixed = fix(text)
            if fixed != text:
                text, lines = fixed, fixed.split("\n")
            continue
        needed = _FIX_NEEDED.get(fix)
        if needed is not None and not needed(text, lines):
            continue
        new = [fix(line) for line in lines]
        if new != lines:
            lines, text = new, "\n".join(new)
    return lines


@dataclass(frozen=True, slots=True)
class CleanText:
    """The cleaned lines of a document and what cleaning found out about it."""

    lines: tuple[Line, ...]
    script: Script
    folded: bool
    #: The lines' text as printed, before folding (empty when nothing was folded).
    printed: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


class _Converter(Protocol):
    def convert(self, text: str) -> str: ...


@cache
def _opencc() -> _Converter:
    import opencc  # heavy: loaded on first Chinese text, never at import

    converter: _Converter = opencc.OpenCC("t2s")
    return converter


def fold_traditional(text: str) -> str:
    """Fold Traditional Chinese characters to Simplified (OpenCC ``t2s``); other text is kept.

    >>> fold_traditional("學歷：國立臺灣大學 資訊工程學系")
    '学历：国立台湾大学 资讯工程学系'
    >>> fold_traditional("Education")
    'Education'
    """
    if not CJK_RE.search(text):
        return text
    return _opencc().convert(text)


def detect_script(text: str, folded: str) -> Script:
    """Script of a document from its CJK share and how much folding changed.

    >>> detect_script("學歷 經歷 著作", "学历 经历 著作")
    'hant'
    >>> detect_script("Education and Experience", "Education and Experience")
    'latin'
    """
    cjk = count_cjk(text)
    latin = count_latin(text)
    if cjk == 0:
        return "latin"
    if latin and 0.2 <= cjk / (cjk + latin) <= 0.8:
        return "mixed"
    if cjk / (cjk + latin) < 0.2:
        return "latin"
    if folded == text:
        return "hans"
    changed = sum(map(str.__ne__, text, folded))  # the pairs zip() gives, counted in C
    return "hant" if changed >= max(2, 0.02 * cjk) else "hans"


def strip_markup(text: str) -> tuple[str, int, tuple[Span, ...], tuple[Span, ...], bool]:
    """Strip markdown heading marks, bullets and emphasis from one line, keeping positions.

    Returns the text, the markdown heading level, the bold and italic spans and whether a
    bullet led.

    >>> strip_markup("## **Publications**")
    ('Publications', 2, ((0, 12),), (), False)
    >>> strip_markup("- · Design a **fast** allocator.")
    ('Design a fast allocator.', 0, ((9, 13),), (), True)
    >>> strip_markup("*Designed AWARE (published at ATC 2023 [C10]).*")[0]
    'Designed AWARE (published at ATC 2023 [C10]).'
    >>> strip_markup("- 1. **Ann Lee**. *A Title.* OSDI, 2024.")
    ('1. Ann Lee. A Title. OSDI, 2024.', 0, ((3, 10),), ((12, 20),), True)
    """
    stripped = text.strip()
    if (not stripped or stripped[0] not in _MARKUP_LEADS) and "*" not in text and "__" not in text:
        return stripped, 0, (), (), False  # no heading mark, bullet or emphasis: most lines
    return _strip_markup_marks(text)


def _strip_markup_marks(text: str) -> tuple[str, int, tuple[Span, ...], tuple[Span, ...], bool]:
    """:func:`strip_markup` of a line that may hold marks: every pattern is tried."""
    level = 0
    heading = _MD_HEADING_RE.match(text)
    if heading:
        level = len(heading.group(1))
        text = text[heading.end() :]
    bullet = False
    mark = _BULLET_RE.match(text)
    if mark and not _DASH_YEAR_RE.match(text):
        bullet = True
        text = text[mark.end() :]
    bold: tuple[Span, ...] = ()
    italic: tuple[Span, ...] = ()
    if "**" in text:
        text, bold, _ = unwrap_spans(text, _MD_BOLD_RE, 2, ())
        text = text.replace("**", "")
    if "*" in text:
        text, italic, bold = unwrap_spans(text, ITALIC_RE, 1, bold)
    if "__" in text:
        text, extra, italic = unwrap_spans(text, _MD_UNDERSCORE_RE, 2, italic)
        bold = bold + extra
    if "*" in text:  # emphasis opened or closed on another line: "*Designed ..." / "... [C7]).*"
        text = _LONE_EMPHASIS_RE.sub("", text)
    stripped = text.lstrip()
    shift = len(text) - len(stripped)
    if shift:
        bold = tuple((max(0, s - shift), max(0, e - shift)) for s, e in bold)
        italic = tuple((max(0, s - shift), max(0, e - shift)) for s, e in italic)
    return stripped.rstrip(), level, bold, italic, bullet


def unwrap_spans(
    text: str, pattern: re.Pattern[str], marker: int, others: tuple[Span, ...]
) -> tuple[str, tuple[Span, ...], tuple[Span, ...]]:
    """Remove ``marker``-wide emphasis marks matched by ``pattern``; return the new text,
    the spans of the unwrapped text, and ``others`` shifted to the new positions.

    >>> unwrap_spans("Ann *Title* Bo", ITALIC_RE, 1, ((12, 14),))
    ('Ann Title Bo', ((4, 9),), ((10, 12),))
    """
    out: list[str] = []
    spans: list[Span] = []
    removed: list[int] = []  # positions (in the old text) of removed marks
    pos = 0
    length = 0
    for match in pattern.finditer(text):
        start, end = match.span()
        inner = match.group(1)
        out.append(text[pos:start])
        out.append(inner)
        length += start - pos
        spans.append((length, length + len(inner)))
        length += len(inner)
        removed.append(start)
        removed.append(end - marker)
        pos = end
    out.append(text[pos:])
    if not others:  # most lines: one kind of emphasis
        return "".join(out), tuple(spans), ()

    def shift(index: int) -> int:  # ``removed`` is in ascending order
        return index - marker * bisect_left(removed, index)

    return "".join(out), tuple(spans), tuple((shift(s), shift(e)) for s, e in others)


#: A line that is only a bullet glyph.
_LONE_BULLET_RE = re.compile(r"\s*[•·▪▫■□●○◦‣⁃∙]\s*")


def blank_lone_bullets(lines: list[Line]) -> list[Line]:
    """A bullet a PDF set on a line of its own (its item's text on the next line) starts a
    new item: it becomes a blank line, which separates entries as in a text CV.

    >>> [(l.text, l.bullet) for l in blank_lone_bullets([Line(0, "•", 1), Line(0, "Acme Inc.", 2)])]
    [('', False), ('Acme Inc.', False)]
    """
    return [
        Line(0, "", line.origin) if _LONE_BULLET_RE.fullmatch(line.text) else line for line in lines
    ]


def join_hyphenated(lines: list[Line], is_compound: Callable[[str], bool]) -> list[Line]:
    """Join a line ending in ``word-`` with the next line that continues the word.

    The hyphen is dropped when the joined word is a known compound (``Mobi-`` + ``Com``
    is MobiCom), and kept otherwise (``fine-`` + ``grained``).
    """
    if not any(line.text.endswith(("-", SOFT_HYPHEN)) for line in lines):
        return list(lines)  # no line ends in a hyphen: most documents
    out: list[Line] = []
    lines = list(lines)
    index = 0
    while index < len(lines):
        line = lines[index]
        nxt = lines[index + 1] if index + 1 < len(lines) else None
        end = (
            _HYPHEN_END_RE.search(line.text[-MAX_WORD_CHARS:])  # only a line's end can hold it
            if line.text.endswith(("-", SOFT_HYPHEN))
            else None
        )
        start = _WORD_START_RE.match(nxt.text) if end and nxt is not None else None
        if end and start and nxt is not None and not nxt.bullet and len(end.group(1)) >= 2:
            word = end.group(1) + start.group(1)
            soft = end.group(2) == SOFT_HYPHEN
            if is_compound(word):
                head = line.text[:-1]  # "Mobi-" / "Com": a known name
            elif soft and start.group(1)[:1].islower():
                head = line.text[:-1]  # "Hier" / "archical": typesetter's hyphenation
            else:
                head = line.text[:-1] + "-"  # "Multi" / "Perspective": a real hyphen
            shift = len(head)
            bold = line.bold + tuple((s + shift, e + shift) for s, e in nxt.bold)
            italic = line.italic + tuple((s + shift, e + shift) for s, e in nxt.italic)
            # the joined line may end in a broken word too ("Ma-" / "chine ... Trans-" / "formation")
            lines[index + 1] = Line(
                0, head + nxt.text, line.origin, line.md_level, bold, line.bullet, italic
            )
            index += 1
            continue
        if line.text.endswith(SOFT_HYPHEN):  # nothing to join: the hyphen as printed
            line = Line(
                0,
                line.text[:-1] + "-",
                line.origin,
                line.md_level,
                line.bold,
                line.bullet,
                line.italic,
            )
        out.append(line)
        index += 1
    return out


#: A line holding only the year that a PDF wrapped off the line above: "Oct 2015 - Feb" / "2017".
_YEAR_LINE_RE = re.compile(r"^\s*((?:19|20)\d{2})(?:\s*[-–—~]\s*(?:(?:19|20)\d{2}|\w+))?\s*$")


@depends_on_languages
def _open_date_re() -> re.Pattern[str]:
    """The end of a line that waits for a year: a word (a month name: the join is kept only
    when a longer date results), a range dash, or a Chinese range word (``至``, from the
    date lexicons)."""
    han = sorted(
        {
            word
            for lang in languages()
            for word in load_dates(lang.lexicon).range_words
            if CJK_RE.search(word)
        },
        key=len,
        reverse=True,
    )
    words = "".join(f"|{re.escape(w)}" for w in han)
    return re.compile(rf"(?:(?<![A-Za-z])[A-Za-z]{{3,9}}\.?|[-–—~]{words})\s*$")


def join_wrapped_dates(lines: list[Line]) -> list[Line]:
    """Put back a year that a PDF extractor wrapped onto a line of its own.

    >>> joined = join_wrapped_dates([Line(1, "Contractor Redmond, WA Oct 2015 - Feb"), Line(2, "2017")])
    >>> [line.text for line in joined]
    ['Contractor Redmond, WA Oct 2015 - Feb 2017']
    >>> len(join_wrapped_dates([Line(1, "Best Paper Award"), Line(2, "2017")]))
    2
    >>> len(join_wrapped_dates([Line(1, "B.S. in Mathematics"), Line(2, "2015 – 2020")]))
    2
    """
    out: list[Line] = []
    for line in lines:
        previous = out[-1] if out else None
        if (
            previous is not None
            and _YEAR_LINE_RE.match(line.text)
            and _open_date_re().search(previous.text)
        ):
            joined = previous.text.rstrip() + " " + line.text.strip()
            before, after = find_date_range(previous.text), find_date_range(joined)
            boundary = len(previous.text.rstrip())
            grew = (
                after is not None
                and after.span[0] < boundary
                and after.span[1] == len(joined)
                and (
                    before is None
                    or after.span[1] - after.span[0] > before.span[1] - before.span[0]
                )
            )
            if grew and after is not None and after.end is not None and after.start is not None:
                out[-1] = Line(
                    0,
                    joined,
                    previous.origin,
                    previous.md_level,
                    previous.bold,
                    previous.bullet,
                    previous.italic,
                )
                continue
        out.append(line)
    return out


def _never_compound(word: str) -> bool:
    return False


def clean_text(text: str, is_compound: Callable[[str], bool] = _never_compound) -> CleanText:
    """Run every fix over a document and number the resulting lines.

    >>> cleaned = clean_text("## **Education**\\n學歷\\n- · Ph.D., 2019")
    >>> [(l.no, l.text, l.origin, l.md_level, l.bullet) for l in cleaned.lines]
    [(1, 'Education', 1, 2, False), (2, '学历', 2, 0, False), (3, 'Ph.D., 2019', 3, 0, True)]
    """
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    pieces: list[Line] = []
    for origin, fixed in enumerate(apply_line_fixes(text), start=1):
        for part in fixed.split("\n") if "\n" in fixed else (fixed,):
            body, level, bold, italic, bullet = strip_markup(part)
            # numbered by position already: a line no later step moves keeps its object
            pieces.append(Line(len(pieces) + 1, body, origin, level, bold, bullet, italic))
    pieces = join_wrapped_dates(join_hyphenated(blank_lone_bullets(pieces), is_compound))
    printed_lines = [line.text for line in pieces]
    original = "\n".join(printed_lines)
    folded = fold_traditional(original)
    script = detect_script(original, folded)
    changed = folded != original
    folded_lines = folded.split("\n") if changed else printed_lines
    lines = tuple(
        line
        if line.no == no and line.text == new_text
        else Line(no, new_text, line.origin, line.md_level, line.bold, line.bullet, line.italic)
        for no, (line, new_text) in enumerate(zip(pieces, folded_lines, strict=True), start=1)
    )
    printed = tuple(printed_lines) if changed else ()
    return CleanText(lines=lines, script=script, folded=changed, printed=printed)


#: Up to this size a folded document is searched for each output string (beyond, the
#: document's character pairs alone unfold, so the cost stays linear).
MAX_POSITION_UNFOLD_CHARS = 200_000


class Unfolder:
    """Gives back the characters a CV printed for text read from its folded copy.

    Matching runs on Simplified text, but every output field keeps the script the CV was
    written in (學歷 stays 學歷). A string found in the folded document is replaced by the
    printed text at the same place; any other string (a title joined from two lines) is
    mapped character by character, with the Traditional character this document folded to
    each Simplified one.

    >>> cleaned = clean_text("學歷\\n國立臺灣大學 資訊工程學系 博士")
    >>> unfold = Unfolder(cleaned)
    >>> unfold("学历"), unfold("国立台湾大学"), unfold("资讯工程 学系"), unfold("Ph.D.")
    ('學歷', '國立臺灣大學', '資訊工程 學系', 'Ph.D.')
    """

    def __init__(self, cleaned: CleanText) -> None:
        folded = [line.text for line in cleaned.lines]
        printed = list(cleaned.printed) or folded
        aligned = [len(f) == len(p) for f, p in zip(folded, printed, strict=True)]
        self._folded = "\n".join(f if ok else "" for f, ok in zip(folded, aligned, strict=True))
        self._printed = "\n".join(p if ok else "" for p, ok in zip(printed, aligned, strict=True))
        pairs: dict[str, dict[str, int]] = {}
        # every (folded, printed) character pair of the aligned lines, counted in one pass
        for (f_char, p_char), n in Counter(zip(self._folded, self._printed)).items():
            if CJK_RE.match(f_char):
                pairs.setdefault(f_char, {})[p_char] = n
        # the printed character a folded one most often stands for ("台" printed as 台 and
        # as 臺 folds to 台 both times: the more frequent wins)
        chars = {f: max(c, key=lambda k: (c[k], k)) for f, c in pairs.items()}
        self._chars = {f: p for f, p in chars.items() if f != p}
        self._table = str.maketrans(self._chars)  # the same map, for str.translate
        #: Folded characters printed otherwise somewhere: a text with none of them is the
        #: same folded and printed, wherever it stands.
        self._changed = frozenset(f for f, c in pairs.items() if any(p != f for p in c))
        self.active = bool(self._chars)

    def __call__(self, text: str) -> str:
        if not self.active or self._changed.isdisjoint(text):
            return text
        return "\n".join(self._unfold_line(piece) for piece in text.split("\n"))

    def _unfold_line(self, text: str) -> str:
        small = len(self._folded) <= MAX_POSITION_UNFOLD_CHARS
        at = self._folded.find(text) if text and small else -1
        if at >= 0:
            return self._printed[at : at + len(text)]
        return text.translate(self._table)
