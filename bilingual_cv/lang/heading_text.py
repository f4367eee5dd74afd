"""The text of a heading line: what surrounds a heading's words and is cut off before they
are read (numbering, decorative brackets, rules, a remark in brackets, letter spacing), and
how the line is set (capitals, letter spacing).
"""

from __future__ import annotations

import re

from bilingual_cv.lang.scripts import HAN
from bilingual_cv.memo import memo_short_texts

#: Numbering before a heading: ``一、``, ``1.``, ``IV.``, ``(2)``; and the labels of
#: sub-lists in Taiwanese and Hong Kong CVs: ``(一)``, ``(A)``, ``甲、``, ``A.`` before Chinese,
#: and the formal numerals of Taiwanese forms (``壹、基本资料``, ``贰、学历``).
NUMBERING_RE = re.compile(
    r"^\s*(?:[一二三四五六七八九十]+\s*[、.]|\(?\d{1,2}[.、)]|[IVX]{1,4}\.)\s*"
    r"|^\s*(?:\([一二三四五六七八九十]{1,3}\)|\([A-Ha-h]\)|[甲乙丙丁戊己庚辛]\s*[、.]"
    r"|[壹贰貳叁參参肆伍陆陸柒捌玖拾]{1,3}\s*[、.]"
    rf"|[A-H]\s*[.、](?=\s*[{HAN}]))\s*"
)


#: Decorative brackets around a heading: ``【教育背景】``, ``[ Education ]``.
BRACKETS_RE = re.compile(r"^[【\[〔〖<《]\s*(.+?)\s*[】\]〕〗>》]$")

#: The closing brackets of :data:`BRACKETS_RE`.
_CLOSING_BRACKETS = ("】", "]", "〕", "〗", ">", "》")


def match_brackets(text: str) -> re.Match[str] | None:
    """:data:`BRACKETS_RE` matched on ``text``: tried only when ``text`` ends with a closing
    bracket or a newline (``$`` matches before a last newline), as every match does; else
    its lazy ``(.+?)`` tries every position of a line that opens with a bracket
    (``[C1] A Paper ...``).

    >>> match_brackets("【教育背景】").group(1), match_brackets("[C1] A Paper") is None
    ('教育背景', True)
    """
    if text.endswith(_CLOSING_BRACKETS) or text.endswith("\n"):
        return BRACKETS_RE.match(text)
    return None


#: A remark after a heading: ``Publications (* denotes equal contribution)``.
REMARK_RE = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")


#: Punctuation and rules that may close a heading (besides spaces).
_TRAILING_CHARS = ":：.。-–—|_=─━"


#: Rules that may open a heading set between two (``— Publications —``, ``== Skills ==``).
_LEADING_CHARS = "-–—|_=─━~ \t"


#: A heading set with spaced letters: ``E D U C A T I O N``, ``教 育 背 景``.
_SPACED_RE = re.compile(rf"[A-Za-z{HAN}](?:\s{{1,3}}[A-Za-z{HAN}]){{3,}}")


#: A letter alone between spaces: every letter-spaced text holds one (its second letter).
_SPACED_LETTER_RE = re.compile(rf"\s[A-Za-z{HAN}]\s")


#: Two or more spaces: the gaps between words of a letter-spaced heading.
_WORD_GAP_RE = re.compile(r"\s{2,}")


def is_letter_spaced(text: str) -> bool:
    """``text`` holds letters set apart by spaces (:data:`_SPACED_RE`).

    Searched for a lone letter between spaces first: :data:`_SPACED_RE` is tried at every
    letter of the text, and most texts hold no lone letter.

    >>> is_letter_spaced("E D U C A T I O N"), is_letter_spaced("Member of a Committee")
    (True, False)
    """
    return _SPACED_LETTER_RE.search(text) is not None and _SPACED_RE.search(text) is not None


def strip_heading(text: str, *, collapse: bool = True) -> str:
    """A heading without numbering, brackets, rules after it, or letter spacing.

    >>> strip_heading("E D U C A T I O N"), strip_heading("W O R K   E X P E R I E N C E")
    ('EDUCATION', 'WORK EXPERIENCE')
    >>> strip_heading("教 育 背 景"), strip_heading("Education ______"), strip_heading("二、科研经历：")
    ('教育背景', 'Education', '科研经历')
    >>> strip_heading("— Publications —"), strip_heading("== 教育背景 ==")
    ('Publications', '教育背景')
    """
    return _stripped_heading(text, collapse)


@memo_short_texts(max_chars=200, maxsize=8192)  # each line is tried by several heading rules
def _stripped_heading(text: str, collapse: bool) -> str:
    text = NUMBERING_RE.sub("", text)
    text = unbracket(text.strip())
    text = strip_trailing(text).lstrip(_LEADING_CHARS).strip()
    if collapse and _SPACED_RE.fullmatch(text):
        text = " ".join(word.replace(" ", "") for word in _WORD_GAP_RE.split(text))
    return text


def unbracket(text: str) -> str:
    """The text inside decorative brackets (:data:`BRACKETS_RE`), else ``text``.

    Matched at the start rather than substituted: ``Pattern.sub`` with a ``\\1`` template
    parses the template in Python on every call, which cost more than the rest of
    :func:`_stripped_heading` together.

    >>> unbracket("【教育背景】"), unbracket("[C1] A Paper")
    ('教育背景', '[C1] A Paper')
    """
    found = match_brackets(text)
    return text if found is None else found.group(1) + text[found.end() :]


def strip_trailing(text: str) -> str:
    """``text`` without the spaces, punctuation and rules that close it.

    A loop from the end: a search for a closing run (``[...]+$``) tries every position of
    the line.

    >>> strip_trailing("Education ____ "), strip_trailing("二、科研经历：")
    ('Education', '二、科研经历')
    """
    end = len(text)
    while end and (text[end - 1] in _TRAILING_CHARS or text[end - 1].isspace()):
        end -= 1
    return text[:end]


def find_remark(text: str) -> re.Match[str] | None:
    """The remark closing ``text`` (:data:`REMARK_RE`), searched for only when ``text``
    ends with a closing bracket: most lines do not, and the search tries every position.

    >>> find_remark("Publications (* denotes equal contribution)").start()
    12
    """
    if not text.rstrip().endswith((")", "）")):
        return None
    return REMARK_RE.search(text)


def is_caps(text: str) -> bool:
    """Has letters, all of them capitals (CJK has no case: never caps).

    >>> is_caps("HONORS & AWARDS"), is_caps("Honors"), is_caps("教育")
    (True, False, False)
    """
    return text == text.upper() and text != text.lower()
