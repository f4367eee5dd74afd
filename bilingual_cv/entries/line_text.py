"""The text of a line inside an entry: list markers, column breaks, edge punctuation, prose.

Also the two things every entry parser does with whole lines: an entry's ``raw`` text, and
the warning for a line that no entry could take.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from bilingual_cv.lang.dates import find_date_range, find_date_ranges
from bilingual_cv.lang.scripts import CJK_RE
from bilingual_cv.lines import Line
from bilingual_cv.schema import Warning, WarningCode

#: Column breaks left by PDF extractors: a tab, or two or more spaces.
#: ``\t+|\s{2,}|\s+[—|]\s+``, led by the one space every break starts with (so it is scanned
#: for): a tab opens a run of tabs, another space a run of spaces, else a dash or bar follows.
COLUMN_RE = re.compile(r"\s(?:(?<=\t)\t*|\s+|\s*[—|]\s+)")
#: A run of non-space characters: one word.
WORD_RE = re.compile(r"\S+")
#: A comma, Latin or Chinese, with the spaces around it.
COMMA_RE = re.compile(r"\s*[,，]\s*")
#: A list marker left at the start of a line ("- 2025: NSDI", "· Design ...").
MARKER_RE = re.compile(r"^\s*(?:[-–—•·▪◦*]\s*)+")
#: The list markers of :data:`MARKER_RE`.
_MARKERS = "-–—•·▪◦*"
#: Edge punctuation without brackets (see :func:`trim`).
_EDGE_PLAIN = " \t,，;；.。:：-–—|·•"
#: Sentence ends: a line ending so is prose, not a header.
SENTENCE_END = tuple(".。;；!！?？")
#: A Han character (the pattern cleaning uses; see normalize.CJK_RE).
HAN_RE = CJK_RE
#: Shortest line (in words / Han characters) that is prose when it ends a sentence.
MIN_PROSE_WORDS = 8
MIN_PROSE_HAN = 20
#: Enumeration commas (、) that make a long Chinese line a description, with no full stop.
MIN_PROSE_ENUMERATION = 2
#: A line cut by commas into parts of at most this many words is a header, not prose.
MAX_HEADER_PART_WORDS = 5


def trim(text: str) -> str:
    """Strip edge punctuation, keeping brackets that close or open inside the text.

    >>> trim("Contractor (through Populous Group),"), trim("(Virtual)."), trim("- Rice University (")
    ('Contractor (through Populous Group)', '(Virtual)', 'Rice University')
    """
    while True:
        out = text.strip(_EDGE_PLAIN)
        if out.startswith(_BRACKETS) or out.endswith(_BRACKETS):  # most texts: no bracket edge
            out = _trim_bracket(out)
        if out == text:
            return out
        text = out


#: Round brackets, Latin and Chinese, that :func:`trim` weighs at a text's edges.
_BRACKETS = ("(", "（", ")", "）")


def _trim_bracket(text: str) -> str:
    """The text without a bracket at its end or start that nothing inside matches.

    >>> _trim_bracket("(Virtual)"), _trim_bracket("Rice University ("), _trim_bracket("Acme)")
    ('(Virtual)', 'Rice University ', 'Acme')
    """
    opened = text.count("(") + text.count("（")
    closed = text.count(")") + text.count("）")
    if text.endswith((")", "）")) and closed > opened or text.endswith(("(", "（")):
        return text[:-1]
    if text.startswith(("(", "（")) and opened > closed or text.startswith((")", "）")):
        return text[1:]
    return text


def strip_marker(text: str) -> str:
    """A line without a leading list marker.

    >>> strip_marker("- 2025: NSDI, SIGMOD"), strip_marker("· Design a system")
    ('2025: NSDI, SIGMOD', 'Design a system')
    """
    if not text[:1].isspace() and text[:1] not in _MARKERS:  # most lines: no marker
        return text
    return MARKER_RE.sub("", text, count=1)


def is_prose(text: str) -> bool:
    """A sentence of description: long enough and closed by sentence punctuation.

    >>> is_prose("Developed a data processing pipeline for risk information storage and analysis.")
    True
    >>> is_prose("Student Researcher, Google System Research Group.")
    False
    >>> is_prose("2017–2023 Ph.D. in Computer Science, Cornell University, Ithaca, NY.")
    False
    >>> is_prose("研究生助教\t2023 年 9 月 – 2024 年 1 月；2024 年 9 月 – 2025 年 1 月")
    False
    >>> is_prose("Ann Lee, Bo Wu）。以第一作者发表于 ToyConf，以合作作者发表于 ToyConf 2，并开源了多个被外部组织")
    True
    >>> is_prose("在 Ann Lee 教授指导下独立开展玩具推理、空间玩具认知、玩具智能体基础设施和玩具研究(committee:")
    True
    """
    core = text.strip()
    dated = find_date_range(core)
    if dated is not None and dated.span[0] == 0:
        return False  # "2017–2023 Ph.D. in Computer Science, Cornell University, Ithaca, NY."
    # dates are no words of prose: "助教<TAB>2023 年 9 月 – 2024 年 1 月；2024 年 9 月 – 2025 年 1 月"
    for found in reversed(find_date_ranges(core)):
        core = (core[: found.span[0]] + " " + core[found.span[1] :]).strip()
    if "。" in core[:-1] and len(HAN_RE.findall(core)) >= MIN_PROSE_HAN:
        return True  # a Chinese full stop inside the line: "…）。以第一作者发表于 …"
    if core.count("、") >= MIN_PROSE_ENUMERATION and len(HAN_RE.findall(core)) >= MIN_PROSE_HAN:
        return True  # an enumeration of what was done: "开展推理、空间认知、智能体和科学研究"
    if not core.endswith(SENTENCE_END) and len(core.split()) < 2 * MIN_PROSE_WORDS:
        return False
    parts = [part.split() for part in re.split(r"[,，;；]", core)]
    if len(parts) >= 3 and all(len(part) <= MAX_HEADER_PART_WORDS for part in parts):
        return False  # "Research Intern, Microsoft Research, Redmond, WA."
    return len(core.split()) >= MIN_PROSE_WORDS or len(HAN_RE.findall(core)) >= MIN_PROSE_HAN


def raw_text(lines: Iterable[Line]) -> str:
    """The entry's lines as written, in document order."""
    return "\n".join(line.text for line in sorted(lines, key=lambda x: x.no))


def stray_warning(line: Line) -> Warning:
    """A line that no entry could take, kept (with its number) in a warning."""
    return Warning(
        code=WarningCode.STRAY_LINE, message=f"line outside any entry: {line.text!r}", line=line.no
    )
