"""Labels: the ``Label: value`` pieces of a line (``Advisor:``, ``Thesis:``, ``导师：``) and
form-style header lines whose labels name fields (``公司：``, ``职位：``, ``学校：``).

Label words come from ``lexicons/entries/labels.yaml``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache

from bilingual_cv.entries.line_text import COLUMN_RE, HAN_RE, strip_marker, trim
from bilingual_cv.entries.phrases import PhraseMatcher, build_matcher
from bilingual_cv.lang.dates import parse_date_range
from bilingual_cv.lang.scripts import HAN
from bilingual_cv.lexicon import lexicon_key, load_labels
from bilingual_cv.memo import memo_short_texts

#: A "Label:" at the start of a line: up to four words (or a Han run) before a colon.
LABEL_START_RE = re.compile(r"^\s*([^\s:：,，]+(?:\s+[^\s:：,，]+){0,3})\s*[:：]\s*(?=\S)")
#: Any "Label:" inside a line (a capitalized word group or a Han run before a colon), at the
#: line's start or after a space or an opening punctuation. Written to start with its first
#: letter, so that the engine scans for it; what comes before is checked after that letter
#: (the plain form is in tests/test_regex_forms.py).
LABEL_ANY_RE = re.compile(
    rf"([A-Z{HAN}](?<![^\s,，;；(（\[【][A-Z{HAN}])"
    rf"(?:(?<=[A-Z])[\w'’.-]*(?:\s+[A-Za-z][\w'’.-]*){{0,2}}|(?<=[{HAN}])[{HAN} A-Za-z]{{0,12}}))"
    r"\s*[:：]"
)


@dataclass(frozen=True, slots=True)
class Label:
    """A ``Label: value`` piece of a line; ``kind`` is advisor, thesis or other."""

    kind: str
    label: str
    value: str
    #: Where ``Label: value`` stands in the line, an opening bracket before it included.
    span: tuple[int, int] = (0, 0)


@cache
def _label_keys() -> tuple[frozenset[str], frozenset[str], frozenset[str]]:
    lex = load_labels()
    return (
        frozenset(lexicon_key(w) for w in lex.advisor),
        frozenset(lexicon_key(w) for w in lex.thesis),
        frozenset(lexicon_key(w) for w in lex.other),
    )


@cache
def _field_labels() -> Mapping[str, str]:
    """Form-field label key -> the field it names (``organization``, ``date``, ...)."""
    return {
        lexicon_key(word): kind for kind, words in load_labels().fields.items() for word in words
    }


#: Label kinds that name a field of an entry header (lexicons/entries/labels.yaml ``fields``).
FIELD_KINDS = frozenset(
    {"organization", "title", "date", "institution", "major", "degree", "position"}
)
#: Field kinds that make a one-label line a header by themselves ("公司：字节跳动").
_HEADER_KINDS = frozenset({"organization", "institution", "date", "position"})


def label_kind(label: str) -> str:
    """``advisor``, ``thesis``, a field kind (``organization``, ``date``, ...) or ``other``.

    >>> label_kind("Advisors"), label_kind("导师 Advisor"), label_kind("Thesis Committee")
    ('advisor', 'advisor', 'other')
    >>> label_kind("公司"), label_kind("学历"), label_kind("Thesis Title")
    ('organization', 'degree', 'thesis')
    >>> label_kind("博士后合作导师"), label_kind("硕士学位论文")
    ('advisor', 'thesis')
    """
    key = lexicon_key(label)
    advisor, thesis, other = _label_keys()
    if key in other:
        return "other"
    if key in _field_labels():
        return _field_labels()[key]
    edges = _edge_words(key)
    tails = _han_tails(key) if HAN_RE.match(key[-1:]) else set()
    for kind, keys in (("advisor", advisor), ("thesis", thesis)):
        if not keys.isdisjoint(edges):
            return kind
        if not keys.isdisjoint(tails):
            return kind  # "博士后合作导师", "硕士学位论文": Chinese runs have no spaces
    return "other"


def _edge_words(key: str) -> set[str]:
    """The key and every run of its words that opens or closes it: a label names a kind when
    one of these is a key of the kind ("thesis title", "导师 advisor").

    >>> sorted(_edge_words("thesis title page"))
    ['page', 'thesis', 'thesis title', 'thesis title page', 'title page']
    """
    cuts = [i for i, char in enumerate(key) if char == " "]
    return {key} | {key[:i] for i in cuts} | {key[i + 1 :] for i in cuts}


def _han_tails(key: str) -> set[str]:
    """Every end of the key that starts with a Han character ("合作导师", "导师", "师").

    >>> sorted(_han_tails("博士后合作导师"))[:3]
    ['作导师', '博士后合作导师', '合作导师']
    """
    return {key[i:] for i, char in enumerate(key) if HAN_RE.match(char)}


def find_labels(text: str) -> list[Label]:
    """Every ``Label: value`` in a line; a value runs to the next label.

    >>> [(x.kind, x.value) for x in find_labels("Direction: Systems & Networking Advisor: Prof. Ann Lee")]
    [('other', 'Systems & Networking'), ('advisor', 'Prof. Ann Lee')]
    >>> [(x.kind, x.value) for x in find_labels("Jane Roe中心,导师: 王五,博士研究方向: 玩具系统")]
    [('advisor', '王五'), ('other', '玩具系统')]
    >>> [(x.kind, x.value) for x in find_labels("DEPT. OF TOYS, ADVISOR: ANN LEE\\tAug. 2018 - 2024")]
    [('advisor', 'ANN LEE')]
    >>> [(x.kind, x.value, x.span) for x in find_labels("Ph.D. (Advisor: Ann Lee), 2020")]
    [('advisor', 'Ann Lee', (6, 24))]
    """
    if ":" not in text and "：" not in text:  # most lines: no colon, no label
        return []
    return list(_labels_in(text))  # a list of its own for each caller


#: Memoized: an education line is asked for its labels as a detail, as a header and for its
#: advisor.
@memo_short_texts(max_chars=2000, maxsize=4096)
def _labels_in(text: str) -> tuple[Label, ...]:
    found: list[tuple[int, int, str]] = []
    for m in LABEL_ANY_RE.finditer(text):
        start, label = m.start(1), m.group(1)
        words = label.split()
        if m.start(1) > 0 and len(words) > 1:
            # mid-line, the label is its shortest known tail, else its last word
            tails = [" ".join(words[k:]) for k in range(len(words) - 1, 0, -1)]
            tail = next((t for t in tails if label_kind(t) != "other"), words[-1])
            start, label = m.end(1) - len(tail), tail
        found.append((start, m.end(), label))
    labels = []
    for n, (start, end, label) in enumerate(found):
        stop = found[n + 1][0] if n + 1 < len(found) else len(text)
        column = text.find("\t", end, stop)  # a value ends where its column does
        if column > end:
            stop = column
        bracket = _CLOSING.get(text[start - 1]) if start > 0 else None
        if bracket is not None:  # "(Advisor: Ann Lee)": the value ends at its bracket
            close = text.find(bracket, end, stop)
            stop = close if close >= 0 else stop
            start -= 1
        value = text[end:stop].strip(" \t,，;；")
        span_end = stop + 1 if bracket is not None and text[stop : stop + 1] == bracket else stop
        labels.append(Label(label_kind(label), label.strip(), value, (start, span_end)))
    return tuple(labels)


#: The closing bracket of each opening bracket a label may stand in.
_CLOSING = {"(": ")", "（": "）", "[": "]", "【": "】"}


#: A bracket that opens and does not close before the end of a label: the colon after it is
#: inside the aside ("示例大学（排名:前 5%）"), not after a label.
_OPEN_BRACKET_RE = re.compile(r"[(（][^)）]*$")


def is_label_line(text: str) -> bool:
    """A line that starts with ``Label:`` (a detail of an entry, never its header).

    >>> is_label_line("Managers: Dr. Ann Lee, Dr. Otto Brandt"), is_label_line("2025: NSDI")
    (True, False)
    >>> is_label_line("导师：李安"), is_label_line("示例大学 学士 软件工程 绩点排名: 4/135")
    (True, False)
    >>> is_label_line("示例大学(高考分:587)\t人工智能\t本科\t2020.09 – 2024.07")
    False
    """
    if ":" not in text and "：" not in text:  # most lines: no colon, no label
        return False
    m = LABEL_START_RE.match(strip_marker(text))
    if m is None or parse_date_range(m.group(1)) is not None:
        return False
    if _OPEN_BRACKET_RE.search(m.group(1)) is not None:
        return False  # the colon stands inside a bracketed aside: "示例大学(高考分:587)"
    # Chinese words apart are fields of a header ("东南大学 学士 软件工程 绩点排名: 4/135"), no label
    return not (HAN_RE.search(m.group(1)) and len(m.group(1).split()) > 1)


def labelled_fields(text: str) -> dict[str, str] | None:
    """The fields of a form-style header line, by kind; ``None`` for any other line.

    A line is form-style when it starts with a label and every label in it names a field
    (lexicons/entries/labels.yaml ``fields``). A value runs to the next label.

    >>> labelled_fields("公司：字节跳动  职位：后端开发工程师  时间：2021.07-2022.05")
    {'organization': '字节跳动', 'title': '后端开发工程师', 'date': '2021.07-2022.05'}
    >>> labelled_fields("Advisor: Prof. Jane Roe") is None
    True
    """
    if not is_label_line(text):
        return None
    labels = find_labels(text)
    if not labels or any(x.kind not in FIELD_KINDS for x in labels):
        return None
    fields: dict[str, str] = {}
    for x in labels:
        value = trim(x.value)
        if value:
            fields.setdefault(x.kind, value)
    return fields


def is_field_header(text: str) -> bool:
    """A form-style line that opens or continues an entry header on its own.

    A lone title label ("Role: tech lead") may also be a detail, so it needs a second label.

    >>> is_field_header("时间：2019年9月至今  学校：浙江大学"), is_field_header("Role: tech lead")
    (True, False)
    """
    fields = labelled_fields(text)
    return fields is not None and (len(fields) >= 2 or not _HEADER_KINDS.isdisjoint(fields))


@cache
def _column_names() -> frozenset[str]:
    return frozenset(lexicon_key(w) for w in load_labels().column_names)


def is_table_header_row(text: str) -> bool:
    """The header row of a table of entries: two cells or more, each a field label or a
    column name (lexicons/entries/labels.yaml ``column_names``), one field label at least.

    >>> is_table_header_row("分类\\t地点\\t职位\\t时间"), is_table_header_row("Company  Role  Dates")
    (True, True)
    >>> is_table_header_row("实习\\t示例公司\\t实习生\\t2024.03-至今"), is_table_header_row("时间")
    (False, False)
    """
    cells = [lexicon_key(trim(c)) for c in COLUMN_RE.split(strip_marker(text)) if trim(c)]
    if len(cells) < 2:
        return False
    fields = _field_labels()
    return all(c in fields or c in _column_names() for c in cells) and any(
        c in fields for c in cells
    )


@cache
def _name_separator_re() -> re.Pattern[str]:
    """What separates names in a label value: punctuation, or a joining word
    (lexicons/entries/labels.yaml ``name_joiners``; a Latin one only as a whole word)."""
    joiners = "".join(
        "|" + (rf"\b{re.escape(w)}\b" if w.isascii() else re.escape(w))
        for w in load_labels().name_joiners
    )
    return re.compile(rf"\s*(?:[,，;；、/&]{joiners})\s*")


@cache
def _honorifics() -> PhraseMatcher:
    return build_matcher(load_labels().honorifics)


def split_names(value: str) -> list[str]:
    """Advisor names from a label value, honorifics removed.

    >>> split_names("Prof. Ann Lee, Prof. Bo Wu")
    ['Ann Lee', 'Bo Wu']
    >>> split_names("Cy E. Ma and Ann Lee"), split_names("张伟 教授")
    (['Cy E. Ma', 'Ann Lee'], ['张伟'])
    """
    names = []
    for part in _name_separator_re().split(value):
        for hit in reversed(_honorifics().find(part)):
            part = part[: hit.start] + " " + part[hit.end :]
        part = trim(" ".join(part.split()))
        if part:
            names.append(part)
    return names
