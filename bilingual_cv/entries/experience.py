"""Experience entries (work, internship, academic and research positions), and the line
pieces that education and list entries share: phrase matching, locations, labels, columns.

Layouts seen in real CVs, all handled by one rule set (header lines carry organization,
title, location and dates; detail lines carry bullets):

- ``Title, **Org**, City, ST. May 2023 – Aug. 2023`` on one line (seed 003);
- ``Org, Group City, ST`` then ``Title Summer 2024 – Present`` (seed 001), or an org line
  written as a markdown heading (``## **Acme Surgical Robotics**``, seed 001);
- columns cut by tabs or double spaces ``• Org  Title<TAB>City, State Jul 2020 - now`` and an
  organization glued to its title ``Google Software Development Engineering Intern`` (seed 004);
- ``Org May 2025 - Dec 2025`` / ``Hybrid, Sunnyvale, CA`` / ``Title, Group.`` (seed 000);
- Chinese ``组织,职位 2023.5-2024.3`` with bullet lines after it (seed 002).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

from bilingual_cv.dates import DateRange, find_date_range, parse_date_range
from bilingual_cv.detect import detect_language
from bilingual_cv.lexicon import (
    lexicon_key,
    load_labels,
    load_organizations,
    load_places,
    load_titles,
)
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.normalize import CJK_RE
from bilingual_cv.schema import Experience, ExperienceKind, Warning, WarningCode

#: Column breaks left by PDF extractors: a tab, or two or more spaces.
COLUMN_RE = re.compile(r"\t+|\s{2,}|\s+[—|]\s+")
#: A list marker left at the start of a line ("- 2025: NSDI", "· Design ...").
MARKER_RE = re.compile(r"^\s*(?:[-–—•·▪◦*]\s*)+")
#: A "Label:" at the start of a line: up to four words (or a Han run) before a colon.
LABEL_START_RE = re.compile(r"^\s*([^\s:：,，]+(?:\s+[^\s:：,，]+){0,3})\s*[:：]\s*(?=\S)")
#: Any "Label:" inside a line (a capitalized word group or a Han run before a colon).
LABEL_ANY_RE = re.compile(
    r"(?:(?<=^)|(?<=[\s,，;；]))((?:[A-Z][\w'’.-]*)(?:\s+[A-Za-z][\w'’.-]*){0,2}|[\u4e00-\u9fff][\u4e00-\u9fff A-Za-z]{0,12})\s*[:：]"
)
#: Edge punctuation without brackets (see :func:`trim`).
_EDGE_PLAIN = " \t,，;；.。:：-–—|·•"
#: Sentence ends: a line ending so is prose, not a header.
SENTENCE_END = tuple(".。;；!！?？")
#: A Han character (the pattern cleaning uses; see normalize.CJK_RE).
HAN_RE = CJK_RE
#: Most words in a city name read without a gazetteer ("Mountain View", "Salt Lake City").
MAX_CITY_WORDS = 3
#: A Latin word, for telling a sentence from a title.
LATIN_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'’-]*")
#: An opening bracket right before a date: "(expected 2026)".
OPEN_BRACKET_END_RE = re.compile(r"[(（]\s*$")
#: "Title at Org" / "Title @ Org".
AT_RE = re.compile(r"\s+(?:at|@)\s+")
#: Letters in a word that counts when telling a sentence from a title ("on", "of" do not).
MIN_CONTENT_LETTERS = 4
#: Longest header line (in words) that may be read from its title word alone.
MAX_HEADER_WORDS = 10
#: Shortest line (in words / Han characters) that is prose when it ends a sentence.
MIN_PROSE_WORDS = 8
MIN_PROSE_HAN = 20
#: A line cut by commas into parts of at most this many words is a header, not prose.
MAX_HEADER_PART_WORDS = 5


# --- phrases -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PhraseHit:
    """A lexicon phrase found in a text: its span and the value it stands for."""

    start: int
    end: int
    value: str

    @property
    def span(self) -> tuple[int, int]:
        return (self.start, self.end)


@dataclass(frozen=True, slots=True, eq=False)
class PhraseMatcher:
    """Finds lexicon phrases in text; built once per lexicon list by :func:`build_matcher`.

    Compared by identity (``eq=False``) so results can be memoized per matcher: the entry
    parsers ask the same matcher about the same line several times.
    """

    pattern: re.Pattern[str]
    values: Mapping[str, str]

    def find(self, text: str) -> list[PhraseHit]:
        """Every phrase in ``text``, leftmost-longest, without overlaps."""
        if len(text) > _MEMO_MAX_CHARS:
            return list(_find_phrases.__wrapped__(self, text))
        return list(_find_phrases(self, text))

    def first(self, text: str) -> PhraseHit | None:
        hits = self.find(text)
        return hits[0] if hits else None


#: Longer texts are never memoized, so pathological input cannot pin memory.
_MEMO_MAX_CHARS = 2000


@lru_cache(maxsize=16384)
def _find_phrases(matcher: PhraseMatcher, text: str) -> tuple[PhraseHit, ...]:
    hits = []
    for m in matcher.pattern.finditer(text):
        value = matcher.values.get(_squash(m.group(0)))
        if value is not None:
            hits.append(PhraseHit(m.start(), m.end(), value))
    return tuple(hits)


def trim(text: str) -> str:
    """Strip edge punctuation, keeping brackets that close or open inside the text.

    >>> trim("Contractor (through Populous Group),"), trim("(Virtual)."), trim("- Rice University (")
    ('Contractor (through Populous Group)', '(Virtual)', 'Rice University')
    """
    while True:
        out = text.strip(_EDGE_PLAIN)
        opened = out.count("(") + out.count("（")
        closed = out.count(")") + out.count("）")
        if out.endswith((")", "）")) and closed > opened or out.endswith(("(", "（")):
            out = out[:-1]
        elif out.startswith(("(", "（")) and opened > closed or out.startswith((")", "）")):
            out = out[1:]
        if out == text:
            return out
        text = out


def _squash(text: str) -> str:
    return lexicon_key(text).replace(" ", "")


def _entry_pattern(entry: str) -> str | None:
    """Regex for one lexicon entry: its key's tokens with any punctuation between them.

    Entries of at most two Latin letters ("M.S.", "CA") match case-sensitively, as written.

    >>> _entry_pattern("Ph.D.")
    '(?<![A-Za-z0-9])ph[\\\\W_]*d(?![A-Za-z0-9])'
    >>> _entry_pattern("M.S.")
    '(?<![A-Za-z0-9])(?-i:M\\\\.\\\\s*S)(?![A-Za-z0-9])'
    """
    key = lexicon_key(entry)
    if not key:
        return None
    letters = key.replace(" ", "")
    if letters.isascii() and letters.isalpha() and len(letters) <= 2:
        written = [c for c in entry if c.isalnum()]
        dot = r"\.\s*" if "." in entry else r"\.?\s*"  # "M.A." needs its dots: "Cambridge, MA"
        core = "(?-i:" + dot.join(map(re.escape, written)) + ")"
    else:
        core = r"[\W_]*".join(map(re.escape, key.split(" ")))
    before = r"(?<![A-Za-z0-9])" if key[0].isascii() and key[0].isalnum() else ""
    after = r"(?![A-Za-z0-9])" if key[-1].isascii() and key[-1].isalnum() else ""
    return before + core + after


def build_matcher(entries: Mapping[str, Iterable[str]] | Iterable[str]) -> PhraseMatcher:
    """A matcher for lexicon entries; a mapping gives each entry the value of its key.

    >>> m = build_matcher({"phd": ["Ph.D.", "博士"], "postdoc": ["博士后"]})
    >>> [(h.value, h.start) for h in m.find("Ph.D. Candidate; 博士后研究员")]
    [('phd', 0), ('postdoc', 17)]
    """
    pairs: list[tuple[str, str]] = []
    if isinstance(entries, Mapping):
        for value, words in entries.items():
            pairs.extend((word, str(value)) for word in words)
    else:
        pairs.extend((word, word) for word in entries)
    patterns: dict[str, str] = {}
    values: dict[str, str] = {}
    latin_keys: list[str] = []  # plain Latin entries share one trie: a long alternation is slow
    for word, value in sorted(pairs, key=lambda p: -len(lexicon_key(p[0]))):
        pattern = _entry_pattern(word)
        if pattern is None:
            continue
        values.setdefault(_squash(word), value)
        key = lexicon_key(word)
        if _TRIE_KEY_RE.fullmatch(key) and not (len(key.replace(" ", "")) <= 2):
            latin_keys.append(key)
        else:
            patterns.setdefault(pattern, word)
    alternatives = list(patterns)
    if latin_keys:
        alternatives.append(
            r"(?<![A-Za-z0-9])(?:" + _trie_pattern(latin_keys) + r")(?![A-Za-z0-9])"
        )
    alternation = "|".join(alternatives) or "(?!)"
    return PhraseMatcher(re.compile(alternation, re.IGNORECASE), values)


#: Keys that go into the shared trie: ASCII words separated by single spaces.
_TRIE_KEY_RE = re.compile(r"[a-z0-9]+(?: [a-z0-9]+)*")


def _trie_pattern(keys: Sequence[str]) -> str:
    """One regex for many keys, factored by common prefixes; longer keys win at a position.

    A space in a key matches any punctuation between words, like :func:`_entry_pattern`.

    >>> _trie_pattern(["ph d", "phd", "ms"])
    '(?:ms|ph(?:d|[\\\\W_]*d))'
    >>> bool(re.fullmatch(_trie_pattern(["north carolina", "north"]), "North-Carolina", re.I))
    True
    """
    trie: dict[str, Any] = {}
    for key in keys:
        node = trie
        for char in key:
            node = node.setdefault(char, {})
        node[""] = {}
    return _emit(trie)


def _emit(node: dict[str, Any]) -> str:
    branches = []
    # a word break goes last: "phd student" must not lose to "ph d" reading "PhD" as "Ph" + "D"
    for char in sorted((c for c in node if c), key=lambda c: (c == " ", c)):
        head = r"[\W_]*" if char == " " else re.escape(char)
        branches.append(head + _emit(node[char]))
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if "" in node:  # a key ends here: the longer continuation is tried first, then nothing
        return "(?:" + body + ")?"
    return body


@cache
def _title_heads() -> PhraseMatcher:
    return build_matcher(load_titles().heads)


@cache
def _title_modifiers() -> frozenset[str]:
    return frozenset(_squash(w) for w in load_titles().modifiers)


@cache
def _kind_words() -> tuple[PhraseMatcher, PhraseMatcher, PhraseMatcher]:
    lex = load_titles()
    return build_matcher(lex.internship), build_matcher(lex.academic), build_matcher(lex.faculty)


@cache
def organization_words() -> tuple[PhraseMatcher, PhraseMatcher]:
    """Matchers for strong (whole institution) and weak (unit) organization words."""
    lex = load_organizations()
    return build_matcher(lex.strong), build_matcher(lex.weak)


def has_title_word(text: str) -> bool:
    """Whether ``text`` holds a job-title word.

    >>> has_title_word("PhD Software Engineer Intern"), has_title_word("Microsoft Research")
    (True, False)
    """
    return _title_heads().first(text) is not None


def is_institution(text: str) -> bool:
    """Whether ``text`` names an institution or a unit of one.

    >>> is_institution("Department of Computer Science and Technology, Tsinghua University")
    True
    """
    strong, weak = organization_words()
    return strong.first(text) is not None or weak.first(text) is not None


# --- locations -----------------------------------------------------------------------


@cache
def _places() -> tuple[PhraseMatcher, PhraseMatcher, frozenset[str], frozenset[str]]:
    lex = load_places()
    first = frozenset(_squash(w) for w in lex.city_first)
    last = frozenset(_squash(w) for w in lex.city_last)
    regions = {"state": lex.states, "country": lex.countries, "city": lex.cities}
    return build_matcher(regions), build_matcher(lex.remote), first, last


def _is_region(text: str) -> bool:
    regions, remote, _, _ = _places()
    core = trim(text)
    hit = regions.first(core) or remote.first(core)
    return hit is not None and hit.start == 0 and hit.end == len(core)


#: A place column holds at most this many comma parts ("Auburn, Alabama, US").
MAX_PLACE_PARTS = 4


def _location_column(core: str) -> tuple[str, str] | None:
    """A last column (after a tab) that is wholly a place: comma parts of capitalized words
    ending in a known region ("Auburn University<TAB>Auburn, Alabama, US")."""
    head, tab, last = core.rpartition("\t")
    if not tab or not head.strip():
        return None
    parts = [part.strip() for part in last.split(",")]
    if not 2 <= len(parts) <= MAX_PLACE_PARTS:
        return None
    if not all(part and all(_is_city_word(w) for w in part.split()) for part in parts):
        return None
    regions = _places()[0]
    if not any(h.start == 0 and h.end == len(parts[-1]) for h in regions.find(parts[-1])):
        return None
    return head.rstrip(" ,"), last.strip()


def split_location(text: str) -> tuple[str, str | None]:
    """Cut a trailing location ("City, Region", a region alone, "Hybrid, ...") off a text.

    >>> split_location("Microsoft Research, Research in Software Engineering (RiSE) Redmond, WA")
    ('Microsoft Research, Research in Software Engineering (RiSE)', 'Redmond, WA')
    >>> split_location("Google, Ads Infra Mountain View, CA")
    ('Google, Ads Infra', 'Mountain View, CA')
    >>> split_location("Hybrid, Sunnyvale, CA")
    ('', 'Hybrid, Sunnyvale, CA')
    >>> split_location("Software Engineer Intern, Credit Suisse, Hong Kong.")
    ('Software Engineer Intern, Credit Suisse', 'Hong Kong')
    >>> split_location("University of California – Berkeley")
    ('University of California – Berkeley', None)
    >>> split_location("Blinn College\tBryan, TX")
    ('Blinn College', 'Bryan, TX')
    >>> split_location("Politecnico di Milano, Milan (Italy)")
    ('Politecnico di Milano', 'Milan (Italy)')
    >>> split_location("University of Oxford\tOxford, UK")
    ('University of Oxford', 'Oxford, UK')
    >>> split_location("Lakeside University\\tSpringfield, Alabama, US")
    ('Lakeside University', 'Springfield, Alabama, US')
    """
    core = text.rstrip(" \t.,;。")
    column = _location_column(core)
    if column is not None:
        return column
    suffix = ""
    paren = re.search(r"\s*\(([^()]*)\)$", core)
    if paren and _is_region(paren.group(1)):
        suffix, core = paren.group(0), core[: paren.start()].rstrip(" ,")
    regions, remote, first_words, last_words = _places()
    hits = [h for h in regions.find(core) if h.end == len(core)]
    if not hits and suffix:
        # Europass "Politecnico di Milano, Milan (Italy)": the part before a bracketed region
        # is its city when it is a comma part of capitalized words
        head, comma, city = core.rpartition(",")
        names = city.split()
        if comma and 0 < len(names) <= MAX_CITY_WORDS and all(map(_is_city_word, names)):
            return head.rstrip(" ,，"), (city.strip() + suffix).strip()
        return core, suffix.strip()[1:-1]
    if not hits:
        return text, None
    region = hits[-1]
    before = core[: region.start]
    if not before.strip():
        return "", (core + suffix).strip()
    if not before.rstrip().endswith((",", "，")):
        # a region alone closes the text only after a comma ("Credit Suisse, Hong Kong")
        return text, None
    head = before.rstrip()[:-1].rstrip()
    words = list(re.finditer(r"\S+", head))
    # the city: capitalized words right before the comma, unless the region stands alone
    start = len(head)
    taken = 0
    own_part = len(words) == 1 or (
        len(words) > 1
        and (
            words[-2].group(0).endswith((",", "，"))
            or COLUMN_RE.fullmatch(head[words[-2].end() : words[-1].start()]) is not None
        )
    )  # "Zurich, Switzerland"; "University of Oxford<TAB>Oxford, UK" (a column break)
    if region.value == "city" or (region.value == "country" and not own_part):
        words = []
    if words and _is_city_word(words[-1].group(0)) and not head[words[-1].end() :].strip():
        w = len(words) - 1
        start, taken = words[w].start(), 1
        while w > 0 and taken < 3:
            prev = words[w - 1].group(0)
            gap = head[words[w - 1].end() : words[w].start()]
            if (
                prev.endswith((",", "，", ")"))
                or not _is_city_word(prev)
                or "\t" in gap
                or "  " in gap
            ):
                break  # a column break ends the city: "Blinn College<TAB>Bryan, TX"
            if _squash(words[w].group(0)) in last_words or _squash(prev) in first_words:
                w -= 1
                start, taken = words[w].start(), taken + 1
            else:
                break
    rest = head[:start].rstrip(" ,，")
    location = core[len(rest) :].strip(" ,，") + suffix
    # a remote word before the city belongs to the location ("Hybrid, Sunnyvale, CA")
    m = re.search(r"(?:^|[,，]\s*)([^,，]+)[,，]?\s*$", rest)
    if m and remote.first(m.group(1)) is not None and _is_region(m.group(1)):
        location = rest[m.start(1) :].strip() + ", " + location
        rest = rest[: m.start(1)].rstrip(" ,，")
    return rest, location.strip()


def _is_city_word(word: str) -> bool:
    return word[:1].isupper() or bool(HAN_RE.match(word[:1]))


def is_location(text: str) -> bool:
    """Whether the whole text is a location.

    >>> is_location("Berkeley, California"), is_location("Acme Surgical Robotics")
    (True, False)
    """
    rest, location = split_location(text)
    return location is not None and not trim(rest)


# --- labels --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Label:
    """A ``Label: value`` piece of a line; ``kind`` is advisor, thesis or other."""

    kind: str
    label: str
    value: str


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
    """
    key = lexicon_key(label)
    advisor, thesis, other = _label_keys()
    if key in other:
        return "other"
    if key in _field_labels():
        return _field_labels()[key]
    for kind, keys in (("advisor", advisor), ("thesis", thesis)):
        if key in keys or any(key.startswith(k + " ") or key.endswith(" " + k) for k in keys):
            return kind
    return "other"


def find_labels(text: str) -> list[Label]:
    """Every ``Label: value`` in a line; a value runs to the next label.

    >>> [(x.kind, x.value) for x in find_labels("Direction: Systems & Networking Advisor: Prof. Ann Lee")]
    [('other', 'Systems & Networking'), ('advisor', 'Prof. Ann Lee')]
    >>> [(x.kind, x.value) for x in find_labels("John Hopcroft中心,导师: 江波,博士研究方向: 分布式系统")]
    [('advisor', '江波'), ('other', '分布式系统')]
    """
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
        value = text[end:stop].strip(" \t,，;；")
        labels.append(Label(label_kind(label), label.strip(), value))
    return labels


def is_label_line(text: str) -> bool:
    """A line that starts with ``Label:`` (a detail of an entry, never its header).

    >>> is_label_line("Managers: Dr. Ann Lee, Dr. Otto Brandt"), is_label_line("2025: NSDI")
    (True, False)
    """
    m = LABEL_START_RE.match(strip_marker(text))
    return m is not None and parse_date_range(m.group(1)) is None


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
def _durations() -> re.Pattern[str]:
    units = sorted({lexicon_key(w) for w in load_titles().durations}, key=len, reverse=True)
    unit = "(?:" + "|".join(map(re.escape, units)) + r")(?![A-Za-z])" if units else "(?!)"
    length = rf"(?<![\d.])\d{{1,2}}(?:\.\d)?\s*{unit}"
    run = rf"{length}(?:[\s,]*{length})*"
    return re.compile(rf"\s*(?:[(（]\s*{run}\s*[)）]|(?:[·•|]\s*|^\s*){run}\s*$)", re.IGNORECASE)


def strip_duration(text: str) -> str:
    """A header line without the length of the position that exports print beside it.

    >>> strip_duration("January 2020 - Present (4 years 2 months)")
    'January 2020 - Present'
    >>> strip_duration("5 years 3 months"), strip_duration("Google · 2 yrs 3 mos")
    ('', 'Google')
    >>> strip_duration("2019.09-2024.06（5年）"), strip_duration("民国108年")
    ('2019.09-2024.06', '民国108年')
    """
    return _durations().sub("", text)


def header_text(line: Line) -> str:
    """The text of a header line that the fields are read from.

    The list marker, a leading ``现职：`` / ``Current Position:`` label and the length of the
    position ("(4 years 2 months)") are dropped; the line's ``raw`` keeps them.

    >>> header_text(Line(1, "现职：国立成功大学 资讯工程学系 助理教授（民国110年8月迄今）"))
    '国立成功大学 资讯工程学系 助理教授（民国110年8月迄今）'
    """
    text = strip_duration(strip_marker(line.text)).strip()
    m = LABEL_START_RE.match(text)
    if m is not None and label_kind(m.group(1)) == "position":
        text = text[m.end() :].strip()
    return text


def is_sentence(text: str) -> bool:
    """A description written as a sentence: most of its longer words are lower case.

    Titles and names capitalize their words ("Student Researcher, Google System Research
    Group."); a description does not, even when it opens with a title word ("Lead research on
    efficient inference systems.").

    >>> is_sentence("Lead research on efficient inference systems.")
    True
    >>> is_sentence("Assistant Professor of Computer Science"), is_sentence("Research intern")
    (False, False)
    """
    words = [w for w in LATIN_WORD_RE.findall(text) if len(w) >= MIN_CONTENT_LETTERS]
    lower = sum(1 for w in words if w[0].islower())
    return lower >= 2 and 2 * lower > len(words)


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
    for part in re.split(r"\s*(?:[,，;；、/&]|\band\b|和)\s*", value):
        for hit in reversed(_honorifics().find(part)):
            part = part[: hit.start] + " " + part[hit.end :]
        part = trim(" ".join(part.split()))
        if part:
            names.append(part)
    return names


# --- columns and markers -------------------------------------------------------------


def strip_marker(text: str) -> str:
    """A line without a leading list marker.

    >>> strip_marker("- 2025: NSDI, SIGMOD"), strip_marker("· Design a system")
    ('2025: NSDI, SIGMOD', 'Design a system')
    """
    return MARKER_RE.sub("", text, count=1)


def is_prose(text: str) -> bool:
    """A sentence of description: long enough and closed by sentence punctuation.

    >>> is_prose("Developed a data processing pipeline for risk information storage and analysis.")
    True
    >>> is_prose("Student Researcher, Google System Research Group.")
    False
    >>> is_prose("2017–2023 Ph.D. in Computer Science, Cornell University, Ithaca, NY.")
    False
    """
    core = text.strip()
    if not core.endswith(SENTENCE_END) and len(core.split()) < 2 * MIN_PROSE_WORDS:
        return False
    dated = find_date_range(core)
    if dated is not None and dated.span[0] == 0:
        return False  # "2017–2023 Ph.D. in Computer Science, Cornell University, Ithaca, NY."
    parts = [part.split() for part in re.split(r"[,，;；]", core)]
    if len(parts) >= 3 and all(len(part) <= MAX_HEADER_PART_WORDS for part in parts):
        return False  # "Research Intern, Microsoft Research, Redmond, WA."
    return len(core.split()) >= MIN_PROSE_WORDS or len(HAN_RE.findall(core)) >= MIN_PROSE_HAN


def header_date(text: str) -> DateRange | None:
    """The date of a header line: a full range anywhere, or a single date that ends the line.

    >>> header_date("Research Intern Summer 2023").start
    '2023'
    >>> header_date("Designed AWARE (published at ATC 2023 [C10]), a framework.") is None
    True
    >>> header_date("Applied Scientist Intern — Summer 2023, Seattle, WA").start
    '2023'
    >>> header_date("Summer 2021 Research Intern, Microsoft Research, Redmond, WA.").start
    '2021'
    >>> header_date("Ph.D. Student, Computer Science (expected 2026)").end
    '2026'

    """
    found = find_date_range(text)
    if found is None:
        return None
    if found.start is not None and found.end is not None:
        return found
    before = text[: found.span[0]]
    wrapped = OPEN_BRACKET_END_RE.search(before) is not None  # "(expected 2026)": a date alone
    if not wrapped and before.count("(") + before.count("（") > before.count(")") + before.count(
        "）"
    ):
        return None  # a year inside a venue mention: "产出论文一篇(VLDB 2024)"
    after = trim(text[found.span[1] :])
    if not after or is_location(after):
        return found
    if not trim(before):
        return found  # a date column first: "Summer 2021 Research Intern, Microsoft Research"
    return None


# --- experience entries --------------------------------------------------------------


@dataclass(slots=True)
class _Entry:
    """Lines of one entry while the section is read."""

    header: list[Line] = field(default_factory=list)
    #: For each header line: whether it names an organization in a part of its own.
    header_orgs: list[bool] = field(default_factory=list)
    details: list[Line] = field(default_factory=list)
    lines: list[Line] = field(default_factory=list)
    date: DateRange | None = None
    date_first: bool = False
    has_title: bool = False
    #: An organization in a part or line of its own.
    has_org: bool = False
    #: An organization only glued to the title ("Google Software Engineering Intern").
    glued: bool = False
    in_details: bool = False
    #: Date-only lines after the entry's own date: placed later on an entry lacking one.
    extra_dates: list[tuple[Line, DateRange]] = field(default_factory=list)
    #: The entry that names this role's organization: one company line heading several roles.
    parent: _Entry | None = None


def _is_header(line: Line) -> bool:
    """Whether a line can carry an entry's organization, title, location or date."""
    text = header_text(line)
    if not text:
        return False
    if is_label_line(text):
        return is_field_header(text)
    if header_date(text) is not None:
        return not is_prose(text)
    if line.bullet or is_prose(text):
        return False
    if line.md_level or (line.bold and line.is_bold(0, len(text))):
        return True
    if split_location(text)[1] is not None:
        return True  # a location line, or an organization with its location (seed 001)
    if is_sentence(text):
        return False  # a description opening with a title word: "Lead research on ..."
    words = len(text.split())
    if text.endswith(SENTENCE_END) and not has_title_word(text):
        return False
    if has_title_word(text) and words <= MAX_HEADER_WORDS:
        return True
    return words <= 6 and not text[:1].islower() and not text.endswith((":", "：", ",", "，"))


def _entry_date(text: str) -> DateRange | None:
    """The date of a header line; a form-style line gives the value of its date label."""
    fields = labelled_fields(text)
    if fields is None:
        return header_date(text)
    value = fields.get("date")
    return None if value is None else parse_date_range(value) or find_date_range(value)


@dataclass(frozen=True, slots=True)
class _Slots:
    """Which fields a header line fills."""

    title: bool = False
    org: bool = False
    glued: bool = False


def _line_slots(text: str) -> _Slots:
    """The fields a header line names, besides its date and location."""
    fields = labelled_fields(text)
    if fields is not None:
        return _Slots(title="title" in fields, org="organization" in fields)
    body = text
    found = header_date(text)
    if found is not None:
        body = text[: found.span[0]] + " " + text[found.span[1] :]
    rest, _ = split_location(trim(body))
    rest = trim(rest)
    if not rest:
        return _Slots()
    parts = _parts(rest)
    titled = [p for p in parts if has_title_word(p)]
    glued = bool(titled and _glued_org(titled[0])[0])
    return _Slots(title=bool(titled), org=len(titled) < len(parts), glued=glued)


def _is_length_only(line: Line) -> bool:
    """A line holding only a position's length: "5 years 3 months" under a company."""
    text = strip_marker(line.text).strip()
    return bool(text) and not trim(strip_duration(text))


def group_entries(lines: Sequence[Line]) -> list[_Entry]:
    """Group section lines into entries: header lines, then the detail lines below them.

    The first header line sets the layout. When it names an organization only (LinkedIn,
    Awesome-CV), a role line without an organization of its own belongs to the company
    above it. When it names a title (Jake's Resume: ``Title<TAB>dates`` / ``Org<TAB>City``),
    an organization line right after a title line completes that entry.
    """
    entries: list[_Entry] = []
    current: _Entry | None = None
    org_first: bool | None = None
    for line in lines:
        if line.is_blank:
            continue
        if current is not None and _is_length_only(line):
            current.lines.append(line)  # kept in raw, read as nothing
            continue
        text = header_text(line)
        fields = labelled_fields(text)
        lone_title = (
            fields is not None
            and "title" in fields
            and current is not None
            and not current.in_details
            and not current.has_title
        )  # "职位：后端开发工程师" under "公司：字节跳动"
        if not (_is_header(line) or lone_title):
            if current is None:
                current = _Entry()
                entries.append(current)
            current.details.append(line)
            current.lines.append(line)
            current.in_details = True
            continue
        date = _entry_date(text)
        date_only = date is not None and (
            parse_date_range(text) is not None or (fields is not None and set(fields) == {"date"})
        )
        slots = _Slots() if date_only else _line_slots(text)
        if org_first is None and (slots.title or slots.org or slots.glued):
            org_first = slots.org and not slots.title
        if (
            current is not None
            and date is not None
            and date_only
            and current.date is not None
            and not current.in_details
            and not current.date_first
        ):
            # a second date under one header: moved here by the extractor (seed 000)
            current.extra_dates.append((line, date))
            current.lines.append(line)
            continue
        current_org = current is not None and (
            current.has_org
            or current.parent is not None
            or (current.glued and org_first is not False)
        )
        start_new = (
            current is None
            or current.in_details
            or (date is not None and current.date is not None)
            or (current.date is not None and slots.title and current.has_title)
            or (
                current.date is not None
                and (slots.org or slots.glued)
                and current_org
                and current.has_title
            )
        )
        if (
            start_new
            and current is not None
            and current.date_first
            and not current.has_title
            and not current.has_org
            and date is None
        ):
            start_new = current.in_details
        if start_new:
            previous = current
            current = _Entry(date_first=date_only)
            if (
                org_first
                and previous is not None
                and slots.title
                and not (slots.org or slots.glued)
                and (previous.has_org or previous.parent is not None)
            ):
                current.parent = previous.parent or previous
            entries.append(current)
        assert current is not None
        current.header.append(line)
        current.header_orgs.append(slots.org)
        current.lines.append(line)
        if date is not None and current.date is None:
            current.date = date
        current.has_title |= slots.title
        current.has_org |= slots.org
        current.glued |= slots.glued
    return entries


def _parts(text: str) -> list[str]:
    """Columns, then comma parts, of a header text (dates and location already cut)."""
    parts: list[str] = []
    for column in COLUMN_RE.split(text):
        for part in re.split(r"[,，]\s*(?![^()]*\))", column):
            part = trim(part)
            if part:
                parts.append(part)
    return parts


def _glued_org(part: str) -> tuple[str, str]:
    """Split ``Org Title`` written without a separator into (org, title).

    >>> _glued_org("Google Software Development Engineering Intern")
    ('Google', 'Software Development Engineering Intern')
    >>> _glued_org("Microsoft Research Research Intern")
    ('Microsoft Research', 'Research Intern')
    >>> _glued_org("国立成功大学 资讯工程学系 助理教授")
    ('国立成功大学 资讯工程学系', '助理教授')
    >>> _glued_org("Research Assistant at SANDS Lab")
    ('SANDS Lab', 'Research Assistant')
    """
    at = AT_RE.search(part)
    if at and has_title_word(part[: at.start()]):
        return trim(part[at.end() :]), trim(part[: at.start()])
    head = _title_heads().first(part)
    if head is None:
        return "", part
    words = list(re.finditer(r"\S+", part))
    index = next(n for n, w in enumerate(words) if w.end() > head.start)
    if HAN_RE.search(words[index].group(0)):
        return trim(part[: words[index].start()]), trim(part[words[index].start() :])
    modifiers = _title_modifiers()
    first = index
    while first > 0:
        prev = _squash(words[first - 1].group(0))
        if prev not in modifiers or prev == _squash(words[first].group(0)):
            break
        first -= 1
    return trim(part[: words[first].start()]), trim(part[words[first].start() :])


def _bold_text(line: Line) -> str | None:
    for s, e in line.bold:
        if 0 < e - s < len(line.text):
            return trim(line.text[s:e])
    return None


@dataclass(slots=True)
class _Fields:
    organization: str | None = None
    title: str | None = None
    location: str | None = None
    extra: list[str] = field(default_factory=list)


def _read_header(entry: _Entry, kind: ExperienceKind) -> _Fields:
    fields = _Fields()
    texts = [header_text(line) for line in entry.header]
    # a title is cut into "Org Title" only when no other line names the organization:
    # "Information Technology Support Specialist" / "Southwestern University<TAB>Georgetown, TX"
    org_lines = {n for n, org in enumerate(entry.header_orgs) if org}
    for n, (line, text) in enumerate(zip(entry.header, texts, strict=True)):
        labelled = labelled_fields(text)
        if labelled is not None:
            if fields.organization is None:
                fields.organization = labelled.get("organization")
            if fields.title is None:
                fields.title = labelled.get("title")
            continue
        found = header_date(text)
        if found is not None:
            text = text[: found.span[0]] + "\t" + text[found.span[1] :]
        columns = [trim(c) for c in COLUMN_RE.split(text) if trim(c)]
        rest_columns = []
        for column in columns:
            rest, location = split_location(column)
            if location is not None and fields.location is None:
                fields.location = location
            if trim(rest):
                rest_columns.append(trim(rest))
        bold = _bold_text(line)
        parts = _parts("\t".join(rest_columns))
        may_glue = not org_lines - {n}
        org_here = False  # the organization was named on this line: later parts are its group
        for part in parts:
            if (
                bold is not None
                and part == bold
                and fields.organization is None
                and (is_institution(part) or not has_title_word(part))
                and AT_RE.search(part) is None
            ):  # the bold part names the employer, unless it is a role ("**Research Intern**")
                # or a role at the employer ("**Assistant Professor @ Fictional University**")
                fields.organization, org_here = part, True
            elif fields.title is None and has_title_word(part):
                org, title = _glued_org(part)
                if org and not may_glue and AT_RE.search(part) is None:
                    org, title = "", part
                fields.title = title
                if org and fields.organization is None:
                    fields.organization, org_here = org, True
            elif (
                fields.organization is None
                and fields.title is None
                and kind is ExperienceKind.RESEARCH
                and not is_institution(part)
                and len(parts) == 1
            ):
                fields.title = part  # a research project named by its topic (seed 002)
            elif fields.organization is None:
                fields.organization, org_here = part, True
            elif org_here and fields.organization is not None and not has_title_word(part):
                # a group after its organization ("Google, Ads Infra", seed 001)
                fields.organization += ", " + part
            else:
                fields.extra.append(part)
    if fields.title is None and fields.organization is not None and fields.extra:
        # a title with no title word, in its own part after the organization ("Amazon" / "SDE II")
        fields.title = fields.extra.pop(0)
    return fields


def experience_kind(
    title: str | None, organization: str | None, section_kind: ExperienceKind
) -> ExperienceKind:
    """The kind of a position: research section, internship, academic, else the section's.

    >>> experience_kind("Research Intern", "Microsoft Research", ExperienceKind.WORK).value
    'internship'
    >>> experience_kind("Assistant Professor of Computer Science", "Duke University", ExperienceKind.WORK).value
    'academic'
    >>> experience_kind("博士后研究员", "中央研究院 资讯科学研究所", ExperienceKind.WORK).value
    'academic'
    """
    if section_kind is ExperienceKind.RESEARCH:
        return section_kind
    intern, academic, faculty = _kind_words()
    text = title or ""
    if intern.first(text) is not None:
        return ExperienceKind.INTERNSHIP
    if faculty.first(text) is not None:
        return ExperienceKind.ACADEMIC
    if (
        academic.first(text) is not None
        and organization
        and organization_words()[0].first(organization)
    ):
        return ExperienceKind.ACADEMIC
    return section_kind


def _bullets(lines: Sequence[Line]) -> list[str]:
    """Detail lines as bullets; a wrapped line joins the bullet it continues."""
    bullets: list[str] = []
    after_label = False
    for line in lines:
        text = strip_marker(line.text).strip()
        if not text:
            continue
        marker = line.bullet or MARKER_RE.match(line.text) is not None
        label = is_label_line(text)
        continues = bullets and not marker and not label and not after_label
        after_label = label
        if continues and not bullets[-1].endswith(SENTENCE_END):
            sep = "" if HAN_RE.match(text[:1]) and HAN_RE.search(bullets[-1][-1:]) else " "
            bullets[-1] = bullets[-1] + sep + text
        else:
            bullets.append(text)
    return bullets


def raw_text(lines: Iterable[Line]) -> str:
    """The entry's lines as written, in document order."""
    return "\n".join(line.text for line in sorted(lines, key=lambda x: x.no))


def stray_warning(line: Line) -> Warning:
    """A line that no entry could take, kept (with its number) in a warning."""
    return Warning(
        code=WarningCode.STRAY_LINE, message=f"line outside any entry: {line.text!r}", line=line.no
    )


def date_warning(line: Line) -> Warning:
    return Warning(
        code=WarningCode.DATE_UNPARSED,
        message=f"no date could be read in {line.text!r}",
        line=line.no,
    )


def place_dates(
    dateless: Sequence[int], dates: Sequence[tuple[Line, DateRange]]
) -> dict[int, tuple[Line, DateRange]]:
    """Give entries lacking dates the stray date lines, in order, when the counts agree.

    Entries are listed newest first in CVs; so are stray dates once sorted by their end,
    so the i-th dateless entry gets the i-th newest date.

    >>> from bilingual_cv.lines import Line
    >>> a, b = Line(1, "Jul. 2024"), Line(2, "Expected: 2029")
    >>> placed = place_dates([0, 1], [(a, parse_date_range(a.text)), (b, parse_date_range(b.text))])
    >>> placed[0][0].text, placed[1][0].text
    ('Expected: 2029', 'Jul. 2024')
    """
    if not dateless or len(dateless) != len(dates):
        return {}
    ordered = sorted(dates, key=lambda d: _date_key(d[1]), reverse=True)
    return dict(zip(dateless, ordered, strict=True))


def _date_key(found: DateRange) -> str:
    """Sortable form of a range's latest known date; an open end sorts last."""
    last = found.end or found.start or ""
    return "9999" if last == "present" else last


def parse_experience(
    section: RawSection, kind: ExperienceKind, orphans: Sequence[Line] = ()
) -> tuple[list[Experience], list[Warning]]:
    """Every position of an experience or research-experience section.

    Args:
        section: The section's lines.
        kind: ``WORK`` for an experience section (refined to internship or academic per
            entry), ``RESEARCH`` for a research-experience section.
        orphans: Date lines found outside any entry elsewhere (unused dates of other
            sections); an entry without a date may receive one.

    Returns:
        The entries in document order, and warnings: ``date_unparsed`` for an entry whose
        header has no readable date, ``line_moved`` when a stray date line was placed.

    >>> from bilingual_cv.normalize import clean_text
    >>> lines = clean_text("阿里云云网络,研究型实习生 2023.5-2024.3\\n• 定位并优化启动速度瓶颈问题;").lines
    >>> from bilingual_cv.schema import SectionKind
    >>> section = RawSection(SectionKind.EXPERIENCE, "实习经历", 1, 2, lines, "zh")
    >>> [(e.organization, e.title, e.start, e.end, e.kind.value) for e in parse_experience(section, ExperienceKind.WORK)[0]]
    [('阿里云云网络', '研究型实习生', '2023-05', '2024-03', 'internship')]
    """
    entries = group_entries(section.lines)
    warnings: list[Warning] = []
    strays = [d for e in entries for d in e.extra_dates]
    strays += [
        (line, found)
        for line in orphans
        if (found := parse_date_range(strip_marker(line.text))) is not None
    ]
    dateless = [n for n, e in enumerate(entries) if e.date is None and e.header]
    placed = place_dates(dateless, strays)
    used = {id(line) for line, _ in placed.values()}
    warnings.extend(stray_warning(line) for line in orphans if id(line) not in used)
    results: list[Experience] = []
    read: dict[int, _Fields] = {}
    for n, entry in enumerate(entries):
        fields = _read_header(entry, kind)
        read[id(entry)] = fields
        if fields.organization is None and entry.parent is not None:
            # a role under the company line above it (LinkedIn: "Google" / "5 years 3 months")
            fields.organization = read[id(entry.parent)].organization
        date = entry.date
        lines = [
            line
            for line in entry.lines
            if not any(line is s for s, _ in entry.extra_dates if id(s) in used)
        ]
        if n in placed:
            line, date = placed[n]
            lines.append(line)
            warnings.append(
                Warning(
                    code=WarningCode.LINE_MOVED,
                    message=f"date line {line.text!r} placed on entry {fields.organization or fields.title!r}",
                    line=line.no,
                )
            )
        elif date is None and entry.header:
            warnings.append(date_warning(entry.header[0]))
        for line, _ in entry.extra_dates:
            if id(line) not in used:
                warnings.append(
                    Warning(
                        code=WarningCode.STRAY_LINE,
                        message=f"date line outside any entry: {line.text!r}",
                        line=line.no,
                    )
                )
        text = raw_text(lines)
        if date is not None and date.end is None:
            # a single date ("Summer 2023") is a position that began and ended then
            date = DateRange(date.start, date.start, date.expected, date.raw, date.span)
        results.append(
            Experience(
                organization=fields.organization,
                title=fields.title,
                location=fields.location,
                start=date.start if date else None,
                end=date.end if date else None,
                kind=experience_kind(fields.title, fields.organization, kind),
                bullets=_bullets(entry.details),
                lang=detect_language(text, section.lang).lang,
                raw=text,
            )
        )
    return results, warnings
