"""Degrees and what one line of an education section names.

A header line names a degree and its span (``find_degree``: "Doctor of Philosophy - PhD" is
one degree), a field of study (``find_field``), an institution, a unit losing to its
university (``find_institution``), a date and a location; :func:`read_line` reads them all
at once, a form line ("学校：浙江大学  专业：…") by its labels. A line that is an advisor,
a thesis or a bullet is a detail line instead (:func:`is_detail_line`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from bilingual_cv.entries.dates import header_date
from bilingual_cv.entries.labels import find_labels, is_label_line, labelled_fields
from bilingual_cv.entries.line_text import (
    COLUMN_RE,
    HAN_RE,
    SENTENCE_END,
    is_prose,
    strip_marker,
    trim,
)
from bilingual_cv.entries.organizations import organization_words
from bilingual_cv.entries.phrases import PhraseMatcher, build_matcher
from bilingual_cv.entries.places import is_location, split_location
from bilingual_cv.entries.titles import is_sentence
from bilingual_cv.lang.dates import (
    DateRange,
    find_date_ranges,
    is_expected_mark,
    parse_date_range,
)
from bilingual_cv.lang.scripts import HAN
from bilingual_cv.lexicon import load_degrees
from bilingual_cv.lines import Line
from bilingual_cv.schema import Degree

#: Most words in an institution named without an institution word ("Carnegie Mellon").
MAX_NAME_WORDS = 4
#: Form-field label kinds that make a line an education header, not a detail ("Title:" is not).
EDUCATION_FIELDS = frozenset({"institution", "major", "degree", "date"})
#: Label kinds of detail lines under a degree ("Advisor:", "Thesis:").
DETAIL_LABELS = frozenset({"advisor", "thesis"})
#: What may stand between a degree and its restated abbreviation: "Doctor of Philosophy -
#: PhD" (LinkedIn), "Master of Science (M.Sc.)"; group 1 is an opening bracket.
RESTATED_RE = re.compile(r"\.?\s*(?:[-–—]\s*|([(（])\s*)")
#: The closing bracket of a restated degree: "(M.Sc.)".
CLOSE_RE = re.compile(r"\.?\s*[)）]")


@cache
def _degrees() -> PhraseMatcher:
    return build_matcher(load_degrees().degrees)


@cache
def _field_end_re() -> re.Pattern[str]:
    """What ends a field of study after the degree: an end word ("... with First Class
    Honours", lexicons/entries/degrees.yaml ``field_ends``) or an opening bracket."""
    ends = "|".join(map(re.escape, load_degrees().field_ends)) or "(?!)"
    return re.compile(rf"\s+(?:{ends})\b.*$|\s*[(（].*$", re.IGNORECASE)


@cache
def _field_start_re() -> re.Pattern[str]:
    """What opens a field of study right after its degree: a link word ("in", "of",
    lexicons/entries/degrees.yaml ``field_links``) or a comma or colon."""
    links = "|".join(map(re.escape, load_degrees().field_links)) or "(?!)"
    return re.compile(
        rf"\s*(?:\.\s*)?(?:(?:{links})\s+|[,，:]\s*)(?P<field>[^,，;；\t]+)", re.IGNORECASE
    )


#: An undotted "MA" / "BA" (left out of the lexicon: "Cambridge, MA") right before its field:
#: "MA in Neuroscience", "BA of Toy Studies" (the field starts with a capital; a state code
#: after its city ("Cambridge, MA in Summer 2019") or before "in 2019" is none).
_LINKED_SHORT_RE = re.compile(r"(?<![\w.])(?<!, )([MB])A(?=\s+(?:in|of)\s+[A-Z])")


def find_degree(text: str) -> tuple[Degree, tuple[int, int]] | None:
    """The first degree named in a line, and its span.

    >>> find_degree("上海交通大学,计算机科学与技术,硕博连读 2019.9 - 2025.3(预期)")[0].value
    'phd'
    >>> [find_degree(t)[0].value for t in ("Ph.D. Candidate, Computer Science", "BEng in Computer Science", "博士后研究员", "B.S.E. in CS")]
    ['phd', 'bachelor', 'postdoc', 'bachelor']
    >>> find_degree("Cambridge, MA") is None
    True
    >>> find_degree("Doctor of Philosophy - PhD, Computer Science · (2010 - 2015)")[1]
    (0, 26)
    >>> find_degree("Master of Science (M.Sc.) in Computer Science")[1]
    (0, 25)
    >>> find_degree("MA in Toy Studies")[0].value, find_degree("Toyville, MA in 2019") is None
    ('master', True)
    """
    hits = _degrees().find(text)
    # (every match holds "MA" or "BA"; the pattern opens with look-behinds, tried everywhere)
    short = _LINKED_SHORT_RE.search(text) if "MA" in text or "BA" in text else None
    if short is not None and (not hits or short.start() < hits[0].start):
        # "MA in Neuroscience": an undotted MA / BA before its field, never a state code
        degree = Degree.MASTER if short.group(1) == "M" else Degree.BACHELOR
        return degree, short.span()
    if not hits:
        return None
    first, end = hits[0], hits[0].end
    for hit in hits[1:]:
        # the same degree restated: "Doctor of Philosophy - PhD", "Master of Science (M.Sc.)"
        gap = RESTATED_RE.fullmatch(text, end, hit.start)
        if gap is None or hit.value != first.value:
            break
        end = hit.end
        if gap.group(1):
            close = CLOSE_RE.match(text, end)
            end = close.end() if close else end
    return Degree(first.value), (first.start, end)


def find_institution(text: str) -> str | None:
    """The institution named in a header line (a unit loses to its university).

    >>> find_institution("Department of Computer Science and Technology, Tsinghua University")
    'Tsinghua University'
    >>> find_institution("University of Washington Seattle, WA")
    'University of Washington'
    >>> find_institution("国立台湾大学 资讯工程学系 博士")
    '国立台湾大学'
    >>> find_institution("Example University of Technology (EUT)")
    'Example University of Technology'
    >>> find_institution("示例大学（QS 世界大学排名前 200）\t计算机科学 博士")
    '示例大学'
    >>> find_institution("玩具科学博士（PhD）, 示例大学（The Example University）\t2023–2026")
    '示例大学'
    """
    strong, weak = organization_words()
    parts = _parts(split_location(text)[0])
    for matcher in (strong, weak):
        for part in parts:
            hit = matcher.first(part)
            if hit is not None and find_degree(part) is None:
                return _without_acronym(
                    trim(split_location(_before_aside(part, hit.end))[0]) or part
                )
            glued = None if hit is None or matcher is weak else glued_institution(part, hit.end)
            if glued is not None:
                return glued  # "国立玩具大学资讯工程博士": the degree in the same run
    return None


#: A run of Han characters: an institution's name written in one piece.
_HAN_RUN_RE = re.compile(f"[{HAN}]+")


def glued_institution(part: str, name_end: int) -> str | None:
    """The institution that opens a Chinese run with no space after it, when its name ends
    at ``name_end`` and more Han characters follow (a unit, a field, a degree or a title:
    "国立玩具大学资讯工程学系博士", "玩具大学计算机学院教授"); None otherwise.

    >>> glued_institution("国立玩具大学资讯工程博士", 6), glued_institution("国立玩具大学", 6)
    ('国立玩具大学', None)
    >>> glued_institution("博士 国立玩具大学资讯", 9) is None
    True
    """
    head = part[:name_end]
    if _HAN_RUN_RE.fullmatch(head) is None or len(head) < 4:
        return None
    return head if _HAN_RUN_RE.match(part, name_end) else None


def _before_aside(part: str, name_end: int) -> str:
    """The part up to a bracketed aside that more words follow, when the institution's name
    ends before it: "Example University (Toy College of Engineering) Toy Engineering" is
    "Example University"; an aside at the end ("(EUT)") stays for :func:`_without_acronym`.

    >>> _before_aside("Example University (Toy College) Toy Engineering", 18)
    'Example University '
    >>> _before_aside("Example University of Technology (EUT)", 18)
    'Example University of Technology (EUT)'
    """
    opening = part.find("(", name_end)
    closing = part.find(")", opening + 1) if opening >= 0 else -1
    if opening < 0 or closing < 0 or not part[closing + 1 :].strip(" .,"):
        return part
    return part[:opening]


#: The institution's acronym after its name ("Example University of Technology (EUT)"), its
#: English name after a Chinese one ("示例大学（The Example University）"), or a note on it
#: ("示例大学（推免生）", "示例大学（QS 排名前 200）").
_ACRONYM_AFTER_RE = re.compile(
    rf"\s*[(（][A-Z][A-Za-z&\-]{{1,9}}[)）]$|(?<=[{HAN}])\s*[(（][A-Za-z][A-Za-z .,&'\-]*[)）]$"
    rf"|(?<=[{HAN}])\s*[(（][^()（）]*[{HAN}\d][^()（）]*[)）]$"
)
#: Only a name's end is searched for those (the pattern ends there): linear time on any text.
MAX_ACRONYM_TAIL = 80


def _without_acronym(name: str) -> str:
    """The name without the acronym or English name bracketed after it."""
    head, tail = name[:-MAX_ACRONYM_TAIL], name[-MAX_ACRONYM_TAIL:]
    return head + _ACRONYM_AFTER_RE.sub("", tail) or name


#: A word of a Chinese line split at spaces, a bracket group (spaces and all) kept whole.
_BRACKETED_WORD_RE = re.compile(r"(?:[^\s(（]+|[(（][^)）]*[)）]?)+")


#: A comma or semicolon, Latin or Chinese, with the spaces around it (``\s*[,，;；]\s*``, led by
#: the class of its first characters, so that it is scanned for).
_PART_SEP_RE = re.compile(r"[\s,，;；](?:(?<=\s)\s*[,，;；]|(?<=[,，;；]))\s*")


def _parts(text: str) -> list[str]:
    """Comma parts and columns of a line; Han text is also cut at spaces."""
    parts: list[str] = []
    for column in COLUMN_RE.split(text):
        for part in _PART_SEP_RE.split(column):
            if HAN_RE.search(part) and " " in part.strip():
                # at spaces outside brackets: "示例大学（The Example University）" is one part
                parts.extend(p for p in _BRACKETED_WORD_RE.findall(part) if trim(p))
            elif trim(part):
                parts.append(trim(part))
    return parts


def find_field(text: str, span: tuple[int, int]) -> str | None:
    """The field of study around a degree: after "in"/"of"/a comma, or a separate part.

    >>> find_field("Ph.D. in Computer Science 2021 – Present", (0, 5))
    'Computer Science'
    >>> find_field("Ph.D. Candidate, Computer Science, May 2024 (expected)", (0, 15))
    'Computer Science'
    >>> find_field("B.Eng. in Computer Science with First Class Honours, May 2019", (0, 6))
    'Computer Science'
    >>> find_field("上海交通大学,信息安全,工学学士 2015.9 - 2019.6", (12, 16))
    '信息安全'
    >>> find_field("Postdoctoral Researcher", (0, 23)) is None
    True
    >>> find_field("2019.09-2024.06    北京大学    计算机软件与理论    博士", (39, 41))
    '计算机软件与理论'
    >>> find_field("香港玩具大学 哲学博士(计算机科学)", (7, 11))
    '计算机科学'
    """
    found = header_date(text)
    # the date becomes a column break of the same length, so ``span`` still points at the degree
    body = (
        text
        if found is None
        else text[: found.span[0]]
        + "\t".ljust(found.span[1] - found.span[0])
        + text[found.span[1] :]
    )
    after = body[span[1] :]
    m = _field_start_re().match(after)
    if m:
        value = trim(_field_end_re().sub("", m.group("field")))
        if value and find_degree(value) is None and organization_words()[0].first(value) is None:
            return value
    strong, _ = organization_words()
    others = [
        p
        for p in map(_without_glued_institution, _parts(body[: span[0]] + "\t" + body[span[1] :]))
        if strong.first(p) is None
        and not is_location(p)
        and parse_date_range(p) is None
        and not is_expected_mark(p)  # "博士（在读）": a state, not a field
    ]
    if HAN_RE.search(text) and others:
        return _WHOLLY_BRACKETED_RE.sub(r"\1", others[-1])  # "哲学博士（计算机科学）"
    return None


#: A text wholly in one pair of brackets, the field after a degree in Hong Kong's manner.
_WHOLLY_BRACKETED_RE = re.compile(r"^[(（]([^()（）]+)[)）]$")


def _without_glued_institution(part: str) -> str:
    """The part after an institution glued to it ("国立玩具大学资讯工程" -> "资讯工程")."""
    hit = organization_words()[0].first(part)
    glued = None if hit is None else glued_institution(part, hit.end)
    return part if glued is None else part[len(glued) :]


def is_detail_line(line: Line, bullets_are_details: bool) -> bool:
    """A line under a degree rather than a header: an advisor, a thesis, a sentence, or a
    bullet when ``bullets_are_details`` (some line of the section has no bullet).

    >>> is_detail_line(Line(1, "Advisor: Ann Lee"), True), is_detail_line(Line(2, "Ph.D. in Toys, 2020"), True)
    (True, False)
    """
    text = strip_marker(line.text).strip()
    labelled = labelled_fields(text)
    if labelled is not None and not EDUCATION_FIELDS.isdisjoint(labelled):
        return False  # "学校：浙江大学  专业：计算机科学与技术  学历：博士研究生"
    if is_label_line(text):
        return True
    if is_prose(text) or is_sentence(text):
        # "Bachelor in Toy Science & Play (double degree)." is a degree line; "At Toy U, I
        # obtained a masters degree in toy science with" is a sentence that mentions one
        degree = find_degree(text)
        return degree is None or degree[1][0] > 0
    if any(label.kind in DETAIL_LABELS for label in find_labels(text)):
        return find_degree(text.split(":")[0].split("：")[0]) is None
    return line.bullet and bullets_are_details and not _is_degree_bullet(text)


#: Longest bullet (in words, or Han characters) that is a degree line by naming a degree.
MAX_DEGREE_BULLET_WORDS = 10
MAX_DEGREE_BULLET_HAN = 24


def _is_degree_bullet(text: str) -> bool:
    """A bullet that is a degree line under its institution ("**Example University**" /
    "- Ph.D. in Computer Science, 2019 – 2024", "- 交通信息工程专业 博士学位"): it names a
    degree and is short, not a sentence that mentions one.

    >>> _is_degree_bullet("Ph.D. in Toy Science, 2019 – 2024"), _is_degree_bullet("玩具工程专业 博士学位")
    (True, True)
    >>> _is_degree_bullet("Mentored two master students on toy robots")
    False
    """
    found = find_degree(text)
    if found is None:
        return False
    if any(w[:1].islower() for w in _LATIN_WORD_RE.findall(text[: found[1][0]])):
        return False  # words of a sentence before the degree: "Mentored two master students"
    words = len(text.split())
    han = len(HAN_RE.findall(text))
    return words <= MAX_DEGREE_BULLET_WORDS and han <= MAX_DEGREE_BULLET_HAN


_LATIN_WORD_RE = re.compile(r"[A-Za-z]+")


@dataclass(frozen=True, slots=True)
class LineFields:
    """What one header line of an education section names."""

    degree: tuple[Degree, tuple[int, int]] | None
    institution: str | None
    date: DateRange | None
    field: str | None
    location: str | None


def read_line(text: str) -> LineFields:
    """The degree, institution, date, field and location a line names.

    >>> f = read_line("时间：2019年9月至今  学校：浙江大学  专业：计算机科学与技术  学历：博士研究生")
    >>> f.institution, f.degree[0].value, f.field, f.date.start, f.date.end
    ('浙江大学', 'phd', '计算机科学与技术', '2019-09', 'present')
    """
    labelled = labelled_fields(text)
    if labelled is not None and not EDUCATION_FIELDS.isdisjoint(labelled):
        value = labelled.get("date")
        degree = find_degree(labelled.get("degree", ""))
        return LineFields(
            degree=None if degree is None else (degree[0], (0, 0)),
            institution=labelled.get("institution"),
            date=None if value is None else parse_date_range(value) or header_date(value),
            field=labelled.get("major"),
            location=None,
        )
    text = _without_inline_details(text)
    degree = find_degree(text)
    date = header_date(text)
    expected = _expected_end(text, date) if degree is not None else None
    if expected is not None and date is not None:
        # "Ph.D. (expected 2026)  Sept 2020 – Present": the range ends when the degree is due
        date = DateRange(date.start, expected.end, True, date.raw, date.span)
        a, b = _bracketed(text, expected.span)
        text = text[:a] + "\t".ljust(b - a) + text[b:]  # not part of the field
    undated = text if date is None else text[: date.span[0]] + "\t" + text[date.span[1] :]
    rest, location = split_location(
        text if date is None else text[: date.span[0]] + text[date.span[1] :]
    )
    institution = find_institution(undated)
    if institution is None and degree is None and location is not None:
        institution = _named_beside_place(rest)
    return LineFields(
        degree=degree,
        institution=institution,
        date=date,
        field=None if degree is None else find_field(text, degree[1]),
        location=location,
    )


def _without_inline_details(text: str) -> str:
    """The line with an advisor or thesis named inside it blanked out (their place kept):
    "博士（导师：张三教授）", "Ph.D., 2020 (Advisor: Ann Lee)". They are read as details.

    >>> _without_inline_details("Ph.D. in Toys (Advisor: Ann Lee), 2020").split()
    ['Ph.D.', 'in', 'Toys', ',', '2020']
    >>> _without_inline_details("玩具工程 • 博士导师：张三").split()
    ['玩具工程', '•', '博士']
    """
    for label in reversed(find_labels(text)):
        start, end = label.span
        if label.kind not in DETAIL_LABELS or start == 0:
            continue
        degree = find_degree(label.label)  # "博士导师：…": the degree word stays a degree
        if degree is not None:
            start = text.index(label.label, start) + degree[1][1]
        text = text[:start] + "\t".ljust(end - start) + text[end:]
    return text


def _named_beside_place(rest: str) -> str | None:
    """A short capitalized name written beside a place, with no institution word: the
    institution ("Virginia Tech | Blacksburg, Virginia", "Caltech, Pasadena, CA").

    >>> _named_beside_place("Example Tech |"), _named_beside_place("Advisor: Ann Lee")
    ('Example Tech', None)
    """
    name = trim(rest.replace("|", " "))
    words = name.split()
    if not 0 < len(words) <= MAX_NAME_WORDS or is_label_line(name) or is_prose(name):
        return None
    return name if _is_capitalized(name) else None


def _bracketed(text: str, span: tuple[int, int]) -> tuple[int, int]:
    """The span widened to the brackets around it, if it is in brackets: "(预计 2026 年毕业)".

    >>> _bracketed("博士（预计 2026 年毕业）", (3, 12))
    (2, 15)
    """
    a, b = span
    opening = max(text.rfind("(", 0, a), text.rfind("（", 0, a))
    closing = min((i for i in (text.find(")", b), text.find("）", b)) if i >= 0), default=-1)
    if opening < 0 or closing < 0 or any(c in text[opening + 1 : closing] for c in "()（）"):
        return span
    return opening, closing + 1


def _expected_end(text: str, date: DateRange | None) -> DateRange | None:
    """The date a degree is expected, written beside a range open to the present.

    >>> _expected_end("Ph.D. in Toys (expected 2026)\tSept 2020 – Present", header_date("Sept 2020 – Present")).end
    '2026'
    """
    if date is None or date.end != "present":
        return None
    return next(
        (r for r in find_date_ranges(text) if r.expected and r.start is None and r.end),
        None,
    )


def is_name_line(text: str, read: LineFields) -> bool:
    """A short line naming nothing we know: an institution without an institution word
    ("MIT", "Caltech") when a degree line follows it (LinkedIn export)."""
    if read.degree or read.institution or read.date or read.location or is_label_line(text):
        return False
    words = text.split()
    return (
        0 < len(words) <= MAX_NAME_WORDS
        and not text.endswith(SENTENCE_END)
        and _is_capitalized(text)
    )


def _is_capitalized(text: str) -> bool:
    """Every word starts with a capital or a Han character: a name, not a phrase."""
    return all(w[:1].isupper() or HAN_RE.match(w[:1]) for w in text.split())


def other_part(text: str, read: LineFields) -> str | None:
    """A capitalized part of a one-line degree entry that is neither degree, field, date nor
    place: its institution ("M.S. in Computer Science, MIT, 2012").

    >>> other_part("M.S. in Computer Science, MIT, 2012", read_line("M.S. in Computer Science, MIT, 2012"))
    'MIT'
    >>> other_part("B.Eng. in EE, May 2019", read_line("B.Eng. in EE, May 2019")) is None
    True
    """
    if read.degree is None:
        return None
    body = (
        text if read.date is None else text[: read.date.span[0]] + "\t" + text[read.date.span[1] :]
    )
    for part in _parts(body):
        if (
            find_degree(part) is None
            and part != read.field
            and not is_location(part)
            and parse_date_range(part) is None
            and not any(c.isdigit() for c in part)
            and len(part.split()) <= MAX_NAME_WORDS
            and _is_capitalized(part)
        ):
            return part
    return None
