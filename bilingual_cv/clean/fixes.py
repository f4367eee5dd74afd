"""The per-line fixes of extracted text: each a named ``str -> str``, run in the order of
:data:`LINE_FIXES`.

Over-long lines wrapped, width and quotes folded (NFKC), control, zero-width and bidirectional
characters dropped, LaTeX residue, icons and markdown links removed, an ALL-CAPS heading glued
to bold text broken off, page marks blanked, trailing space dropped. A fix may break a line in
two (by returning a newline). :func:`apply_line_fixes` runs them all over a document, skipping
those that would change no line.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from bilingual_cv.clean.fold import nfkc
from bilingual_cv.lang import depends_on_languages, languages
from bilingual_cv.lexicon import load_layout

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
#: Emoji, dingbats, pictographs, private-use icon-font glyphs and variation selectors; an
#: envelope only where it is an icon (before an address), not the corresponding author's mark
#: right after a name ("Ann Lee✉, Bo Wu"). (One class with the envelope in it, then a look
#: back at an envelope: a pattern that starts with a class is scanned for in C, one that starts
#: with an alternation is tried at every character of a document.)
_ICON_RE = re.compile(
    "[\U0001f000-\U0001faff\u2600-\u2708\u270a-\u27bf\u2b00-\u2bff\ue000-\uf8ff"
    "\ufe00-\ufe0f\u20e3\u2300-\u23ff\u2709](?<![\\w.*∗†]\u2709)"
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
#: A soft hyphen: a hyphen a typesetter added to break a word at a line end.
SOFT_HYPHEN = "\u00ad"


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
