"""Publication lists: entries split, fields parsed, owner found, venues ranked.

Entry styles seen in real CVs, all handled here:

- tagged or numbered items (``[C13]``, ``1.``, ``- 1.``) and bullets, one entry per item,
  with the item's wrapped lines and note lines;
- untagged multi-line entries (title / authors / venue lines, in any order, blank lines
  between) grouped by what each line is;
- one-line ``Authors. Title. Venue (ABBR), Year.``; ``Authors, "Title". (Venue Year, CCF-A)``;
  title and authors run together on one line;
- Chinese references (``作者. 标题[J]. 期刊, 2023``) and patents
  (``CN202310791299.6《标题》作者，作者``).
"""

from __future__ import annotations

import datetime
import itertools
import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache

from bilingual_cv.clean.normalize import ITALIC_RE as _ITALIC_RE
from bilingual_cv.clean.normalize import unwrap_spans
from bilingual_cv.lang import ITEM_START_RE
from bilingual_cv.lang.dates import YEAR_RE, find_date_ranges, is_month_name, parse_date_range
from bilingual_cv.lang.scripts import CJK_RE, HAN
from bilingual_cv.lang.zh import romanize_name
from bilingual_cv.lexicon import (
    lexicon_key,
    load_ccf_markers,
    load_ccf_unranked,
    load_publication_words,
    load_romanization,
)
from bilingual_cv.lines import Line, RawEntry, RawSection, Span
from bilingual_cv.memo import memo_short_texts
from bilingual_cv.schema import (
    CcfRank,
    Lang,
    Person,
    Publication,
    PublicationKind,
    SectionKind,
    Venue,
    Warning,
    WarningCode,
)
from bilingual_cv.venues import (
    Edition,
    VenueMatch,
    VenueType,
    describe_venue,
    without_links,
)

#: Entries kept by the memo caches of the pure helpers below (names and lines recur: an
#: owner's name is in every entry, a venue line in many CVs).
MEMO_SIZE = 8192
#: Longer strings are never memoized, so pathological input cannot pin memory.
MEMO_MAX_CHARS = 2000
#: No personal name is longer than this (characters).
MAX_NAME_CHARS = 40
#: How much text after a sentence end is read to decide whether a venue starts there.
VENUE_PROBE_CHARS = 300
#: Texts up to this many words are looked up in the venue catalogs to tell a venue line.
VENUE_LOOKUP_WORDS = 12
#: Separators between authors: a comma or semicolon (Latin or Chinese, maybe with "and" or
#: "&" after it), "and" or "&", or 和/与 between Han names, with the spaces around them. A match
#: starts where a run of spaces does (linear time). Written to start with the class of every
#: separator's first character, so that the engine scans for it instead of trying each
#: position; what follows depends on whether that character was a space, a comma or 和/与
#: (the plain form is in tests/test_regex_forms.py).
_AUTHOR_SEP_RE = re.compile(
    r"[\s,，、;；和与](?<!\s[\s\S])"
    rf"(?:(?<=\s)\s*(?:(?:,|，|、|;|；)\s*(?:and\s+|&\s*)?|(?:and|&)\s+|(?:和|与)\s*(?=[{HAN}]))"
    r"|(?<=[,，、;；])\s*(?:and\s+|&\s*)?"
    rf"|(?<=[和与])\s*(?=[{HAN}]))"
)
#: Footnote marks on an author: symbols, superscript-like digits ("Ann Lee1", "Bo Wu1,2" is
#: split at the comma, so a bare "2" is a mark too).
_AUTHOR_SYMBOLS_RE = r"[*†‡§¶#✉^]+|\d+$"
#: "et al." closing an author list (``\s+…``, led by one ``\s``, so that it is scanned for).
_ET_AL_RE = re.compile(r"\s\s*et\s*,?\s*al\.?\s*$", re.IGNORECASE)
#: An initial: ``E.``, ``T-H.``, ``J``, ``C.-W.`` (a hyphenated given name).
_INITIAL_RE = re.compile(r"^[A-Z](?:(?:\.-?|-)[A-Z])*\.?$")
#: A Han-character personal name (2-4 characters, maybe with a mark).
_HAN_NAME_RE = re.compile(rf"^[{HAN}]{{2,4}}$")
#: A title in quotes or in Chinese title marks.
_QUOTED_RE = re.compile(r'"([^"]{8,})"|《([^《》]+)》|「([^「」]+)」')
#: The year of an event: 19xx/20xx, or an apostrophe year ``'25``.
_YEAR_RE = YEAR_RE
_SHORT_YEAR_RE = re.compile(r"'(\d{2})\b")
#: arXiv identifiers ``2404.02407`` (YYMM.number) and ``arXiv:2109.11666``.
#: A bracketed venue tag with its two-digit year after a hyphen: "(IAAI-23)".
_HYPHEN_TAG_YEAR_RE = re.compile(r"[(（][A-Z][A-Za-z]{1,11}[-‐](\d{2})[)）]")
_ARXIV_ID_RE = re.compile(r"(?:arxiv[:/ ]\s*|abs/)(\d{2})(\d{2})\.\d{4,5}", re.IGNORECASE)
#: Patent numbers: CN2023..., US 2017..., WO2017...; the year is in the number.
_PATENT_RE = re.compile(
    r"(?=[CUWEJKTP12])"  # the first characters of the alternatives: a quick test per position
    r"(?:\b(?:CN|US|WO|EP|JP|KR|TW)\s?(?:Patent\s*)?(\d{4})\d{4,}[\d.]*[A-Z]?\d?\b|Patent\s+(?:No\.?\s*)?(\d{4})\d{5,}[A-Z]?\d?"
    # a Chinese application number without its CN prefix: year, type, serial, check digit
    r"|(?<![\d.])((?:19|20)\d{2})[1-9]\d{7}\.[\dX](?![\d.]))",
    re.IGNORECASE,
)
#: Every patent number holds eight digits in a row: a text without them is not searched.
#: (``\d{8}``, led by one ``\d``, so that it is scanned for.)
_EIGHT_DIGITS_RE = re.compile(r"\d\d{7}")


def _find_patent(text: str) -> re.Match[str] | None:
    """The first patent number in ``text`` (see :data:`_PATENT_RE`).

    >>> _find_patent("CN 202310123456.7, 2023").group(1), _find_patent("pp. 1234-5678")
    ('2023', None)
    """
    return _PATENT_RE.search(text) if _EIGHT_DIGITS_RE.search(text) else None


#: A year right after the authors: ``(2023).`` or ``2023.``
_LEADING_YEAR_RE = re.compile(r"^\(?((?:19|20)\d{2})[a-z]?\)?[.,:]\s*")
#: A claimed CCF rank: ``CCF-A``, ``CCF A``, ``CCF A类``, ``CCF推荐A类``.
#: (The first letter is matched case-sensitively as [Cc], what IGNORECASE reads "C" as, so the
#: engine can scan for it: a cased letter under IGNORECASE is tried at every position.)
CLAIM_RE = re.compile(
    r"(?-i:[Cc])CF\s*[-‐:：]?\s*(?:推荐\s*)?([ABC])(?:\s*类)?(?![A-Za-z])", re.IGNORECASE
)
#: GB/T 7714 type code after a title: ``[J]``, ``[C]``, ``[P]``.
_TYPE_CODE_RE = re.compile(r"\[([JCAPMDRSZN])(?:/OL)?\]")
#: GB/T 7714 and Scopus-style names: an upper-case surname and initials (``ZHAO Y``,
#: ``WANG S Y``, ``GREAVES S``).
_CAPS_SURNAME_NAME_RE = re.compile(r"^[A-Z][A-Z'\-]+(?:\s+[A-Z]\.?){1,3}$")
#: A bracketed note at the end: ``[AI分布式训练相关]``.
_BRACKET_NOTE_RE = re.compile(r"\s*\[([^\[\]]{2,60})\]\s*$")
#: A bracketed group inside a venue text: ``(SIGCOMM '23)``, ``(Spotlight)``, with the spaces
#: before it (``\s*\(([^()]{2,80})\)``, led by the class of its first characters: scanned for).
_PAREN_RE = re.compile(r"[\s(](?:(?<=\s)\s*\(|(?<=\())([^()]{2,80})\)")
#: DOIs and URLs closing an entry: ``https://doi.org/10.1145/...``, ``doi: 10.1109/...``.
_TRAILING_LINK_RE = re.compile(
    r"(?:[\s.,;]*(?:doi\s*:?\s*10\.\S+|https?://\S+|www\.\S+|10\.\d{4,}/\S+))+[\s.]*$",
    re.IGNORECASE,
)


@cache
def _other_claim_re() -> re.Pattern[str]:
    """Other rank claims that are notes, not venues: ``清华 A类``. (What comes before the
    first character is checked after it, so that it is scanned for.) Compiled on first use:
    its three CJK classes cost 3 ms to compile, and few CVs write such a claim."""
    return re.compile(rf"[{HAN}](?<![{HAN}]{{2}})[{HAN}]*\s*[ABC]\s*类")


#: What may close a name before a title or venue: ``Bo Wu. Fairness in ...``, Google
#: Scholar's ``A Lee, B Wu - Proceedings of ...``; and, after other names, dblp's
#: ``Ann Lee, Bo Wu: Title`` (a colon at the start is a title's: ``Graph Learning: A Survey``).
#: (Each is written to start with the class of its first characters, so that the engine scans
#: for it; the plain forms are in tests/test_regex_forms.py.)
_NAME_END_RE = re.compile(
    r"[.。\s](?:(?<=\.)\s+(?=\S)|(?<=。)\s*(?=\S)|(?<=\s)(?<!\s\s)\s*[-–—]\s+(?=\S))"
)
_LAST_NAME_END_RE = re.compile(
    r"[.。\s:](?:(?<=\.)\s+(?=\S)|(?<=。)\s*(?=\S)|(?<=\s)(?<!\s\s)\s*[-–—]\s+(?=\S)"
    r"|(?<=:)\s+(?=\S))"
)
#: A dash between the authors and the venue (Google Scholar), left over at the venue's start.
_DASHES = "-–—"
#: A sentence end inside an entry: ``.?!`` not after a space, a point or a lone capital (an
#: initial), with the spaces after it; ``。``; spaces after ``?!``. (Led by the class of its
#: first characters, so that it is scanned for; the plain form is in tests/test_regex_forms.py.)
_SENTENCE_END_RE = re.compile(
    r"[.?!。\s](?:(?<=[.?!])(?<![\s.][.?!])(?<!\b[A-Z][.?!])\s+|(?<=。)\s*|(?<=[?!]\s)\s*)"
)


@dataclass(frozen=True, slots=True)
class Text:
    """A joined entry text with its bold spans, so authors in bold can be found."""

    text: str
    bold: tuple[Span, ...] = ()

    def is_bold(self, start: int, end: int) -> bool:
        return any(s <= start and end <= e and e > s for s, e in self.bold)


def join_lines(lines: Sequence[Line]) -> Text:
    """Join lines with spaces (no space after a hyphen break), keeping bold spans.

    >>> join_lines([Line(1, "Ann Lee,", bold=((0, 7),)), Line(2, "Bo Wu")]).text
    'Ann Lee, Bo Wu'
    """
    parts: list[str] = []
    bold: list[Span] = []
    length = 0
    for line in lines:
        piece = line.text.strip()
        if not piece:
            continue
        if parts:
            glued = parts[-1].endswith("-") and piece[:1].islower()
            han = bool(CJK_RE.match(parts[-1][-1])) and (
                bool(CJK_RE.match(piece[0])) or piece[0] in ",，、"
            )
            sep = "" if glued or han else " "  # Chinese lines wrap without a space
            parts.append(sep)
            length += len(sep)
        offset = length + (len(line.text) - len(line.text.lstrip()))
        bold.extend((offset + s, offset + e) for s, e in line.bold)
        parts.append(piece)
        length += len(piece)
    text = "".join(parts)
    if "*" in text:  # italics that a PDF extractor broke over two lines
        text, _, shifted = unwrap_spans(text, _ITALIC_RE, 1, tuple(bold))
        return Text(text, shifted)
    return Text(text, tuple(bold))


@dataclass(slots=True)
class Parts:
    """The pieces of one entry before they become a Publication."""

    title: str | None = None
    authors: list[str] = field(default_factory=list)
    bold_authors: list[int] = field(default_factory=list)
    venue: str | None = None
    notes: list[str] = field(default_factory=list)
    type_code: str | None = None
    patent_year: int | None = None
    leading_year: int | None = None
    #: The venue tag the entry opens with (``NSDI'24``, ``[AACL 2022]``), as written.
    venue_tag: str | None = None
    #: The owner's place stated in words (``第一作者``), for entries with no author list;
    #: 0 when the words name no single place (``共同第一作者``).
    stated_position: int | None = None


# --- names --------------------------------------------------------------------------


@cache
def _particles() -> frozenset[str]:
    return frozenset(load_publication_words().name_particles)


@cache
def _author_marks_re() -> re.Pattern[str]:
    """Footnote marks and bracketed notes (``author_notes`` in the lexicon) on an author."""
    notes = sorted(
        (re.escape(n).replace("\\ ", r"[\s\-]*") for n in load_publication_words().author_notes),
        key=len,
        reverse=True,
    )
    bracketed = rf"\s*[(（\[]\s*(?:{'|'.join(notes)})[^)）\]]*[)）\]]" if notes else r"(?!)"
    # what a mark starts with, tested before the alternatives at each position
    first = r"(?=[*†‡§¶#✉^\d\s(（\[])"
    return re.compile(rf"{first}(?:{_AUTHOR_SYMBOLS_RE}|{bracketed})", re.IGNORECASE)


@memo_short_texts(max_chars=200, maxsize=MEMO_SIZE)  # a list's authors are cleaned often
def clean_author(chunk: str) -> str:
    """An author as written, without footnote marks and contribution notes.

    >>> [clean_author(x) for x in ["Ann Lee*†", "Bo Wu (equal contribution)", "李安（通讯作者）", "Cy Ma1"]]
    ['Ann Lee', 'Bo Wu', '李安', 'Cy Ma']
    """
    chunk = _ET_AL_RE.sub("", chunk)  # "Ann Lee et al.": the one author named
    if _MARK_START_RE.search(chunk):  # most authors carry no mark: two scans saved
        marks = _author_marks_re()
        chunk = marks.sub("", marks.sub("", chunk))  # "Ann Lee1 (equal contribution)"
    return chunk.strip(" .,;:…")


#: A character that every match of :func:`_author_marks_re` holds (its first one, or the
#: bracket after spaces): a chunk without one has no mark to remove.
_MARK_START_RE = re.compile(r"[*†‡§¶#✉^\d(（\[]")


def is_name(chunk: str) -> bool:
    """True when a chunk of text reads as one person's name.

    >>> [is_name(x) for x in ["Zoltan T. Kovacs", "T-H. Ann Chan", "Íñigo Pérez", "王晓明", "ZHAO Y", "C.-W. Tseng"]]
    [True, True, True, True, True, True]
    >>> [is_name(x) for x in ["Fairness in Serving", "NSDI", "2024", "Best Paper Award", "Ann"]]
    [False, False, False, False, False]
    """
    if len(chunk) > MAX_NAME_CHARS + 20:
        return False
    return _is_name(chunk)


#: A given name written short, first in a name: "Md. Ann Lee", "Mohd. Bo Wu".
_SHORT_GIVEN_RE = re.compile(r"[A-Z][a-z]{1,3}\.")


@lru_cache(maxsize=MEMO_SIZE)
def _is_name(chunk: str) -> bool:
    chunk = _uninvert(clean_author(chunk))
    if not chunk or len(chunk) > MAX_NAME_CHARS:
        return False
    if _HAN_NAME_RE.match(chunk) or _CAPS_SURNAME_NAME_RE.match(chunk):
        return True
    words = chunk.split()
    if not 2 <= len(words) <= 5:
        return False
    particles = _particles()
    capitals = 0
    for position, word in enumerate(words):
        if _INITIAL_RE.match(word) or (position == 0 and _SHORT_GIVEN_RE.fullmatch(word)):
            continue
        if position and word in particles:
            continue
        if not word[0].isupper() or not _is_name_word(word):
            return False
        if len(word) > 3 and word.isupper():
            return False
        capitals += 1
    if lexicon_key(words[0]) in _title_words() and not _INITIAL_RE.match(words[0]):
        return False  # "On InstaHide", but "A. Lee" is a name
    return capitals >= 1 and not any(lexicon_key(word) in _cue_words() for word in words)


def _is_name_word(word: str) -> bool:
    """Letters only, apostrophes and hyphens aside: ``O'Brien``, ``Garcia-Molina``.

    >>> [_is_name_word(w) for w in ["O'Brien", "Garcia-Molina", "Pérez", "Lee1", "A.B"]]
    [True, True, True, False, False]
    """
    return word.isalpha() or all(ch.isalpha() or ch in "'-" for ch in word)


@cache
def _title_words() -> frozenset[str]:
    """Words no name holds: venue and note cues anywhere, title function words first."""
    words = load_publication_words()
    cues = words.venue_cues + words.notes + words.title_words
    return frozenset(lexicon_key(w) for w in cues if " " not in lexicon_key(w))


@cache
def _cue_words() -> frozenset[str]:
    words = load_publication_words()
    return frozenset(
        lexicon_key(w) for w in words.venue_cues + words.notes if " " not in lexicon_key(w)
    )


def _name_tokens(name: str) -> list[str]:
    return lexicon_key(clean_author(name)).split()


def name_keys(name: str) -> frozenset[str]:
    """Spellings under which a name may appear in an author list.

    >>> sorted(name_keys("Xiaoming Wang"))
    ['wang x', 'wang xiaoming', 'x wang', 'xiaoming wang']
    >>> "ann lee" in name_keys('Ann “Annie” Lee'), "ann lee" in name_keys('Ann Lee "Leo"')
    (True, True)
    """
    nickname = _NICKNAME_RE.search(name)
    if nickname is not None:  # 'Ann Lee "Leo"': papers spell the name with or without it
        plain = (name[: nickname.start()] + " " + name[nickname.end() :]).strip()
        if plain:
            return name_keys(plain) | _name_keys(_NICKNAME_RE.sub(r" \1 ", name))
    return _name_keys(name)


#: A nickname in quotes inside a name: 'Ann “Annie” Lee'.
_NICKNAME_RE = re.compile(r"\s*[\"“”]([^\"“”]{1,30})[\"“”]")


def _name_keys(name: str) -> frozenset[str]:
    if _HAN_NAME_RE.match(name.strip()):
        return frozenset({name.strip()}) | _romanized_keys(name.strip())
    tokens = _name_tokens(name)
    if len(tokens) < 2:
        return frozenset({" ".join(tokens)}) if tokens else frozenset()
    given, family = tokens[:-1], tokens[-1]
    first = given[0]
    keys = {
        " ".join(tokens),
        f"{first} {family}",
        f"{family} {first}",
        f"{first[0]} {family}",
        f"{family} {first[0]}",
        f"{family} {' '.join(given)}",
    }
    return frozenset(keys)


@lru_cache(maxsize=MEMO_SIZE)
def _romanized_keys(han: str) -> frozenset[str]:
    """Pinyin spellings of a Han name as it is written in English author lists.

    Initials are left out: 王晓明 and 王小雨 are both "X. Wang".

    >>> {"xiaoming wang", "wang xiaoming"} <= _romanized_keys("王晓明")
    True
    """
    keys: set[str] = set()
    for given, family in romanize_name(han):
        keys |= {f"{given} {family}", f"{family} {given}"}
    return frozenset(keys)


#: At most this many pinyin spellings are tried for one Wade-Giles name.
MAX_SPELLINGS = 32


def _pinyin_spellings(tokens: list[str]) -> set[str]:
    """Pinyin spellings ("given family") of a name written in Wade-Giles or Taiwanese style.

    >>> sorted(_pinyin_spellings(["chih", "ming", "hsu"]))
    ['chiming xu', 'zhiming xu']
    >>> _pinyin_spellings(["ann", "lee"])
    set()
    """
    table = load_romanization().syllables
    if not any(token in table for token in tokens):
        return set()
    readings = [table.get(token, [token]) for token in tokens]
    spellings: set[str] = set()
    for combo in itertools.islice(itertools.product(*readings), MAX_SPELLINGS):
        spellings.add(f"{''.join(combo[:-1])} {combo[-1]}")
    return spellings


@lru_cache(maxsize=MEMO_SIZE)
def _author_key(author: str, *, romanize: bool = True) -> frozenset[str]:
    tokens = _name_tokens(author)
    if _HAN_NAME_RE.match(author.strip()):
        han = frozenset({author.strip()})
        return han | _romanized_keys(author.strip()) if romanize else han
    if len(tokens) < 2:
        return frozenset(tokens)
    keys = {" ".join(tokens), f"{tokens[0]} {tokens[-1]}", f"{''.join(tokens[:-1])} {tokens[-1]}"}
    if romanize:
        keys |= _pinyin_spellings(tokens)
    if "," in author:  # "Wang, Xiaoming"
        keys.add(f"{tokens[-1]} {tokens[0]}")
    return frozenset(keys)


def owner_position(parts: Parts, names: frozenset[str]) -> int | None:
    """1-based position of the owner: by name (any spelling), else the one bold author.

    >>> owner_position(Parts(authors=["Bo Wu", "X. Wang"]), name_keys("Xiaoming Wang"))
    2
    >>> owner_position(Parts(authors=["S. Li", "Y. Zhou"]), name_keys("李爽"))
    1
    """
    if not parts.authors:
        return parts.stated_position or None
    for romanize in (False, True):  # the name as written first, then its pinyin
        for index, author in enumerate(parts.authors, start=1):
            if _author_key(author, romanize=romanize) & names:
                return index
    initials = _initial_keys(names)
    matched = [i for i, a in enumerate(parts.authors, start=1) if _author_key(a) & initials]
    if len(matched) == 1:  # "S. Li" for 李爽: only when no other author fits it too
        return matched[0]
    if len(parts.bold_authors) == 1:
        return parts.bold_authors[0] + 1
    return None


@lru_cache(maxsize=MEMO_SIZE)
def _initial_keys(names: frozenset[str]) -> frozenset[str]:
    """The owner's spellings with the given name cut to its initial ("s li" for "shuang li"):
    the last resort for a Chinese name, whose initials two people may share.

    >>> sorted(_initial_keys(frozenset({"shuang li", "李爽"})))
    ['li s', 's li']
    """
    keys: set[str] = set()
    for key in names:
        words = key.split()
        if len(words) == 2 and all(w.isascii() and w.isalpha() for w in words):
            given, family = words
            keys |= {f"{given[0]} {family}", f"{family} {given[0]}"}
    return frozenset(keys)


# --- splitting a list into entries ------------------------------------------------------


def _is_anchor(line: Line) -> bool:
    return line.bullet or bool(ITEM_START_RE.match(line.text))


@cache
def _stray_labels() -> frozenset[str]:
    return frozenset(lexicon_key(label) for label in load_publication_words().stray_labels)


def is_stray_line(text: str) -> bool:
    """A line that belongs to no publication: a lone date, an ``Advisor:`` label line.

    >>> [is_stray_line(x) for x in ["Jul. 2024", "Expected: 2029", "Advisor: Prof. Fan Lai", "NSDI, 2025"]]
    [True, True, True, False]
    """
    text = text.strip()
    label = re.match(r"^([^:：]{2,30})[:：]", text)
    if label and lexicon_key(label.group(1)) in _stray_labels():
        return True
    return parse_date_range(text) is not None


def split_entries(section: RawSection) -> tuple[list[RawEntry], list[Line]]:
    """Split a publication section into entries; also return lines that are no entry.

    >>> from bilingual_cv.clean.normalize import clean_text
    >>> from bilingual_cv.schema import SectionKind
    >>> lines = clean_text("Summary: ATC 2024\\n\\n[C2] Title Two\\nAnn Lee\\n\\n[C1] Title One\\nBo Wu").lines
    >>> entries, strays = split_entries(RawSection(SectionKind.PUBLICATIONS, "P", 1, 6, lines))
    >>> [e.lines[0].text for e in entries], [s.text for s in strays]
    (['[C2] Title Two', '[C1] Title One'], ['Summary: ATC 2024'])
    """
    lines = [line for line in section.lines if not line.is_blank]
    if not lines:
        return [], []
    labelled = find_label_lines(lines) | long_numbered_lines(lines)
    anchors = sum(_is_anchor(line) or line.no in labelled for line in lines)
    if not anchors:  # no numbers, bullets or tags: entries may open with their quoted title
        titled = frozenset(line.no for line in lines if _QUOTED_START_RE.match(line.text))
        if len(titled) >= MIN_LABELS:
            labelled, anchors = titled, len(titled)
    if anchors >= max(1, len(lines) // 6):
        return _split_anchored(lines, section, labelled)
    return _split_by_roles(lines, section)


#: An entry label with no punctuation: a bare number (``1 Ann Lee, ...``) or a biblatex
#: author-year label (``2021a R. Chen, ...``).
_NUMBER_LABEL_RE = re.compile(rf"^(\d{{1,3}})\s+(?=[A-Z{HAN}])")
_YEAR_LABEL_RE = re.compile(rf"^((?:19|20)\d{{2}})([a-z]?)\s+(?=[A-Z{HAN}])")
#: A venue tag opening an entry without brackets, alone on its line or before a tab or
#: space: ``NSDI'24``, ``USENIX ATC'23`` (a left column of tags in a two-column layout).
_TAG_LABEL_RE = re.compile(
    r"^([A-Z][A-Za-z0-9&+\-]{1,15}(?: [A-Z][A-Za-z0-9&+\-]{1,15})?\s?'\d{2})(?:[\t ]+|$)"
)
#: Labels count only when at least this many lines of a list carry them.
MIN_LABELS = 3


def find_label_lines(lines: Sequence[Line]) -> frozenset[int]:
    """Numbers of the lines that open an entry with an unpunctuated label: numbers that
    count up from 1 (restarting at 1 in each sub-list), or year labels, when a list has
    at least :data:`MIN_LABELS` of them.

    >>> lines = [Line(1, "1 Ann Lee. A Title."), Line(2, "2 in total"), Line(3, "2 Bo Wu. B."), Line(4, "3 Cy Ma. C.")]
    >>> sorted(find_label_lines(lines))
    [1, 3, 4]
    """
    numbered: list[int] = []
    expected = 1
    for line in lines:
        label = _NUMBER_LABEL_RE.match(line.text)
        if label is None:
            continue
        number = int(label.group(1))
        if number == expected or (number == 1 and numbered):
            numbered.append(line.no)
            expected = number + 1
    years = [line.no for line in lines if _YEAR_LABEL_RE.match(line.text)]
    tags = [line.no for line in lines if _opens_with_tag(line.text)]
    found = set(numbered if len(numbered) >= MIN_LABELS else ())
    found.update(years if len(years) >= MIN_LABELS else ())
    found.update(tags if len(tags) >= MIN_LABELS else ())
    return frozenset(found)


def long_numbered_lines(lines: Sequence[Line]) -> frozenset[int]:
    """Numbers of the lines that open with an entry number of four digits or more (``[1024]``,
    ``1024.``; :data:`ITEM_START_RE` reads three) counting on from the numbered line before
    or after it, up or down by one: a list of over 999 entries. A year in brackets
    (``[2019]``) is no entry number unless the years count like one.

    >>> lines = [Line(1, "[999] Ann Lee. A."), Line(2, "[1000] Bo Wu. B."), Line(3, "[2019]"), Line(4, "[1001] C.")]
    >>> sorted(long_numbered_lines(lines))
    [2]
    """
    numbered = [
        (line.no, _number_of(m))
        for line in lines
        if (m := _ENTRY_NUMBER_RE.match(line.text)) is not None
    ]
    return frozenset(
        no
        for i, (no, number) in enumerate(numbered)
        if number >= 1000
        and any(
            0 <= j < len(numbered) and abs(numbered[j][1] - number) == 1 for j in (i - 1, i + 1)
        )
    )


def _long_entry_number(text: str) -> re.Match[str] | None:
    """An entry number of four digits or more opening ``text`` (``[1024] Ann Lee, ...``),
    unless it may be a year: a bracketed year opening an entry is its venue tag."""
    found = _ENTRY_NUMBER_RE.match(text)
    if found is None:
        return None
    number = _number_of(found)
    return found if number >= 1000 and not MIN_YEAR <= number <= MAX_YEAR else None


def _number_of(entry_number: re.Match[str]) -> int:
    """The number a match of :data:`_ENTRY_NUMBER_RE` read (one group per form)."""
    return int(next(group for group in entry_number.groups() if group))


#: An entry number in the forms of :data:`ITEM_START_RE`, of up to five digits.
_ENTRY_NUMBER_RE = re.compile(
    r"^\s*(?:\[[A-Za-z]{0,3}(\d{1,5})\]|\((\d{1,5})\)|(\d{1,5})[.)、](?!\d)|[A-Z](\d{1,5})[.)])\s*"
)


#: A line that opens with a quoted title, closed on the same line: '"Fast Things" OSDI25 ...'.
_QUOTED_START_RE = re.compile(r'^\s*["“”][^"“”]{8,}["“”]')


def _opens_with_tag(text: str) -> bool:
    """The line opens with a venue tag: ``NSDI'24``, or one in square brackets with a year
    and the entry after it (``[CoNLL 2019]: Ann Lee, ...``). A line opening with a venue in
    round brackets is more often the end of a wrapped venue text ("... Implementation /
    (NSDI 2018)").

    >>> [_opens_with_tag(t) for t in ["[CoNLL 2019]: Ann Lee", "(DSN 2018)", "[J] Ann Lee"]]
    [True, False, False]
    """
    if _TAG_LABEL_RE.match(text):
        return True
    lead = _LEAD_VENUE_RE.match(text)
    return (
        lead is not None
        and text.lstrip()[0] in "[【"
        and _TAG_YEAR_RE.search(lead.group(1)) is not None
        and len(text) > lead.end() + 1
    )


def _split_anchored(
    lines: list[Line], section: RawSection, labelled: frozenset[int] = frozenset()
) -> tuple[list[RawEntry], list[Line]]:
    groups: list[list[Line]] = []
    strays: list[Line] = []
    anchored = False
    for line in lines:
        if _is_anchor(line) or line.no in labelled:
            anchored = True
            groups.append([line])
        elif (
            not anchored or (_has_year(groups[-1]) and _is_finished(groups[-1][-1].text))
        ) and _is_whole_entry(line.text):
            # an untagged full entry before, or after a finished, tagged one (the cheap test
            # first: most lines go on an unfinished entry, and need no author run)
            groups.append([line])
        elif groups:
            groups[-1].append(line)
        else:
            strays.append(line)  # "Summary (first-author): ..." above the list
    return [RawEntry(tuple(g), section.lang, section.heading) for g in groups], strays


def _is_finished(text: str) -> bool:
    """The line ends an entry: a full stop, a closing bracket, a number (year, pages), not a
    word the next line goes on from ("... Triggered in the")."""
    end = text.rstrip()[-1:]
    return not end or end in '.。)）]】"”' or end.isdigit()


def _has_year(group: list[Line]) -> bool:
    return any(_YEAR_RE.search(line.text) or _SHORT_YEAR_RE.search(line.text) for line in group)


#: Roles of a line inside an untagged publication list.
_TITLE, _AUTHORS, _VENUE, _NOTE, _STRAY, _ENTRY = (
    "title",
    "authors",
    "venue",
    "note",
    "stray",
    "entry",
)
#: What closes an author list before a title: a full stop, a year, a quote.
_AUTHORS_CLOSED_RE = re.compile(
    r"^\s*(?:\(?(?:19|20)\d{2}[a-z]?\)?)?\s*[.。:]\s(?![-–—])|^[,，]?\s*[\"《「]"
)
#: A line this long that opens with authors and holds a year is a whole entry by itself.
MIN_ENTRY_CHARS = 60


def _is_whole_entry(text: str) -> bool:
    """``Lee, A., Wu, B. (2023). Title. Journal, 34(2).``: one line, one entry.

    >>> _is_whole_entry("Lee, A., Wu, B., & Ma, C. (2023). Learned indexes. IEEE TPDS, 34(2), 100-115.")
    True
    >>> _is_whole_entry("Ann Lee, Bo Wu, Cy Ma")
    False
    """
    if len(text) < MIN_ENTRY_CHARS or not (_YEAR_RE.search(text) or _SHORT_YEAR_RE.search(text)):
        return False
    start, end, spans = find_author_run(text)
    if start != 0 or not spans or end > len(text) - 20:
        return False
    return bool(_AUTHORS_CLOSED_RE.match(text[end:]))


def _opens_entry(text: str) -> bool:
    """A line that opens a one-line style entry wrapped over several lines: authors closed by
    a full stop, then a title that is no venue (``Ann Lee, Bo Wu. Fast consensus for geo-``).

    >>> _opens_entry("Bo Wu and Ann Lee. Learned congestion control. IEEE/ACM")
    True
    >>> [_opens_entry(x) for x in ["Ann Lee, Bo Wu. NSDI 2024.", "Ann Lee, Bo Wu"]]
    [False, False]
    """
    start, end, spans = find_author_run(text)
    if start != 0 or not spans:
        return False
    closed = _AUTHORS_CLOSED_RE.match(text[end:])
    if closed is None:
        return False
    rest = text[end + closed.end() :]
    title = _SENTENCE_END_RE.split(rest, maxsplit=1)[0]
    return len(title) >= MIN_TITLE_CHARS and not _is_venue_text(title)


#: A title and, in brackets after it, where it appeared: ``Fast Things(NSDI 2024, 第一作者)``.
_BRACKETED_VENUE_RE = re.compile(r"^([^(（]{10,}?)\s*[(（]([^)）]*)")
_OPEN_BRACKETS = "(（"
_CLOSE_BRACKETS = ")）"


def _bracket_depth(text: str) -> int:
    """Round brackets the line opens and does not close (a venue bracket wrapped onto the
    next line)."""
    return sum(text.count(c) for c in _OPEN_BRACKETS) - sum(text.count(c) for c in _CLOSE_BRACKETS)


def _opens_bracketed_entry(text: str) -> bool:
    """A title, then its venue in round brackets, with the status and position after it:
    ``Fast Things for Slow Networks(IEEE Transactions on Networking, 已接收, 第一作者)``.
    The bracket names a venue or a year; the text before it is no author list.

    >>> _opens_bracketed_entry("虚构缓存的替换方法研究(计算机学报, 2023. 已接收)")
    True
    >>> _opens_bracketed_entry("Learning (Almost) Everything Twice")
    False
    """
    found = _BRACKETED_VENUE_RE.match(text)
    if found is None or _is_venue_text(found.group(1)):
        return False
    inside = re.split(r"[,，;；]", found.group(2), maxsplit=1)[0]
    start, _, spans = find_author_run(found.group(1))
    if start == 0 and len(spans) >= 2:
        return False
    return _is_venue_text(inside) or _YEAR_RE.search(inside) is not None


#: A whole entry in the bracketed shape: title, then one bracket that ends the entry.
_BRACKETED_WHOLE_RE = re.compile(r"^([^(（)）]{10,}?)\s*[(（]([^()（）]+)[)）][\s.。]*$")
#: How such an entry ends: a text that does not end so is not matched (the pattern's lazy
#: title part is tried at every character up to the first bracket).
_BRACKET_AT_END_RE = re.compile(r"[)）][\s.。]*$")


def _parse_bracketed(text: str, parts: Parts) -> bool:
    """Read an entry of the bracketed shape (:func:`_opens_bracketed_entry`): the title, and
    the bracket as the venue with its notes. False, and nothing read, for any other shape.

    >>> parts = Parts()
    >>> _parse_bracketed("Slow Things Made Fast(Science Reports, 已接收, 第一作者)", parts)
    True
    >>> parts.title, parts.venue
    ('Slow Things Made Fast', 'Science Reports, 已接收, 第一作者')
    """
    found = _BRACKETED_WHOLE_RE.match(text) if _BRACKET_AT_END_RE.search(text) else None
    if found is None or not re.search(r"[,，;；]", found.group(2)):
        return False
    start, _, spans = find_author_run(found.group(1))
    if (start == 0 and len(spans) >= 2) or _is_venue_text(found.group(1)):
        return False
    parts.title, parts.venue = found.group(1).strip(), found.group(2).strip()
    return True


def _closes_bracketed_entry(group: Sequence[Line]) -> bool:
    """The group is a bracketed entry (:func:`_opens_bracketed_entry`) whose brackets all
    closed at the end of its last line: whatever follows is the next entry."""
    if len(group) > MAX_BRACKETED_LINES or not group[-1].text.rstrip().endswith(_CLOSERS):
        return False
    text = " ".join(line.text for line in group)
    return _bracket_depth(text) == 0 and _opens_bracketed_entry(group[0].text)


#: A bracketed entry (:func:`_opens_bracketed_entry`) is a few lines long, never more.
MAX_BRACKETED_LINES = 6
_CLOSERS = tuple(_CLOSE_BRACKETS)


def _is_patent_line(text: str) -> bool:
    """A title and its patent number on one line: one patent.

    >>> _is_patent_line("一种虚构的缓存替换方法, 202010064079.X")
    True
    """
    patent = _find_patent(text)
    return patent is not None and len(text[: patent.start()].strip(" ,，;；")) >= MIN_TITLE_CHARS


#: A title is at least this long (characters); shorter text after the authors is no title.
MIN_TITLE_CHARS = 10


def _text_length(line: Line) -> int:
    return len(line.text)


@memo_short_texts(max_chars=MEMO_MAX_CHARS, maxsize=MEMO_SIZE, length=_text_length)
def line_role(line: Line) -> str:
    """What one line of an untagged list is: title, authors, venue, note or stray.

    >>> [line_role(Line(1, t)) for t in ["High-level Programming for Networks", "NSDI, 2025", "Ann Lee, Bo Wu, Cy Ma", "Jul. 2024"]]
    ['title', 'venue', 'authors', 'stray']
    """
    text = line.text.strip()
    if is_stray_line(text):
        return _STRAY
    if line.bold and line.is_bold(0, len(text)) and _is_note(text):
        return _NOTE
    if (
        _is_whole_entry(text)
        or _opens_entry(text)
        or _is_patent_line(text)
        or _opens_bracketed_entry(text)
    ):
        return _ENTRY
    start, end, spans = find_author_run(text)
    if (
        start == 0
        and spans
        and (len(spans) >= 2 or text.rstrip().endswith(","))
        and (end >= len(text) - 1 or len(spans) >= 2)
    ):
        return _AUTHORS
    if _is_venue_text(text) and not (end > start and _has_names(text[start:end], 2)):
        return _VENUE
    return _TITLE


def _split_by_roles(lines: list[Line], section: RawSection) -> tuple[list[RawEntry], list[Line]]:
    groups: list[list[Line]] = []
    seen: list[set[str]] = []
    firsts: list[str] = []
    strays: list[Line] = []
    for line in lines:
        role = line_role(line)
        if role == _STRAY:
            strays.append(line)
            continue
        if (
            groups
            and line_role(groups[-1][-1]) == _AUTHORS
            and _continues_authors(groups[-1][-1].text, line.text)
        ):
            groups[-1].append(line)  # a name broken over two lines
            continue
        if groups and (line.text[:1].islower() or _bracket_depth(groups[-1][-1].text) > 0):
            groups[-1].append(line)  # the rest of a wrapped line ("in" / "submission")
            continue
        if groups and groups[-1][-1].text.rstrip().endswith((",", "，")):
            groups[-1].append(line)  # an author list wrapped after a comma ("Ann Lee," / "Bo Wu.")
            seen[-1].add(role)
            continue
        current = seen[-1] if seen else None
        starts = (
            current is None
            or role == _ENTRY
            or _closes_bracketed_entry(groups[-1])
            or (
                role == _TITLE
                and _TITLE in current
                and (
                    _AUTHORS in current
                    or _VENUE in current
                    or _has_embedded_authors(groups[-1][0].text)
                )
            )
            or (role == _AUTHORS and _AUTHORS in current and _VENUE in current)
            # two-column leftovers: every entry's venue line comes before its title
            or (role == _VENUE and firsts[-1] == _VENUE and _TITLE in current)
        )
        if starts:
            groups.append([line])
            seen.append({role})
            firsts.append(role)
        else:
            groups[-1].append(line)
            assert current is not None
            current.add(role)
    return [RawEntry(tuple(g), section.lang, section.heading) for g in groups], strays


# --- fields of one entry ---------------------------------------------------------------


def _has_names(text: str, at_least: int) -> bool:
    """At least ``at_least`` of the pieces between author separators are names (read up to
    the last one needed)."""
    found = 0
    for chunk in _AUTHOR_SEP_RE.split(text):
        if is_name(chunk):
            found += 1
            if found >= at_least:
                return True
    return False


def find_author_run(text: str) -> tuple[int, int, list[tuple[int, int]]]:
    """The longest run of comma-separated names in ``text``: (start, end, name spans).

    The first name may have title words glued before it, the last one venue words after
    it (``... Network Fabrics Ann Lee, Bo Wu arXiv preprint``).

    >>> text = "Fast Things at Scale Ann Lee, Bo Wu, Cy Ma arXiv preprint"
    >>> start, end, spans = find_author_run(text)
    >>> [text[s:e] for s, e in spans]
    ['Ann Lee', 'Bo Wu', 'Cy Ma']
    """
    start, end, spans = _author_run(text)
    return start, end, list(spans)


@memo_short_texts(max_chars=MEMO_MAX_CHARS, maxsize=MEMO_SIZE)
def _author_run(text: str) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    separated = _chunks(text)
    chunks = _pair_inverted_names(text, separated)
    # a separated piece holds a comma at most as its first character (", Lee" after " and "),
    # so no part of it is a name written family name first: "Lee, A." is a pair of pieces,
    # and a list with no pair has no run of such names to end
    paired = len(chunks) < len(separated)
    best: list[tuple[int, int]] = []
    index = 0
    while index < len(chunks):
        piece = text[chunks[index][0] : chunks[index][1]]
        if not is_name(piece):
            if index == 0 and not best:
                head_only = _name_head(text, chunks[0])
                if head_only is not None:
                    best = [head_only]
            index += 1
            continue
        run = [chunks[index]]
        stop = index + 1
        while stop < len(chunks) and (
            is_name(text[chunks[stop][0] : chunks[stop][1]])
            or _is_glued_caps_name(text, run[-1], chunks[stop])
        ):
            if paired and _ends_inverted_run(text, run, chunks[stop]):
                break
            run.append(chunks[stop])
            stop += 1
        if index > 0:
            head = _name_tail(text, chunks[index - 1])
            if head is not None:
                run.insert(0, head)
        if stop < len(chunks):
            tail = _name_head(text, chunks[stop])
            if tail is not None and not (paired and _ends_inverted_run(text, run, tail)):
                run.append(tail)
        if (
            (index == 0 or len(run) >= 2)
            and len(run) > len(best)
            and not (best and best[0][0] == 0 and _in_venue_name(text, run[0][0], run[-1][1]))
        ):
            best = run
        index = stop
    if not best or (len(best) == 1 and best[0][0] != 0):
        return 0, 0, ()
    et_al = _ET_AL_AFTER_RE.match(text, best[-1][1])  # "Li A, et al. Title": the list ends
    return best[0][0], et_al.end() if et_al else best[-1][1], tuple(best)


#: "et al." closing an author list after its last name, with or without a comma.
_ET_AL_AFTER_RE = re.compile(r"[,，]?\s*(?:and\s+)?et\.?\s*al\.?", re.IGNORECASE)


def _is_glued_caps_name(text: str, previous: tuple[int, int], chunk: tuple[int, int]) -> bool:
    """A name garbled in the same style as the one before it: a family name glued to its
    initial in a list of capitals ("JIAN Y, ZHAO Y, YUW, LUO K", GB/T 7714), or a family name
    cut to its initial in a list of initials ("S. Li, Y. Y, C. Wu")."""
    piece = text[chunk[0] : chunk[1]].strip().rstrip("*†")
    before = text[previous[0] : previous[1]].strip().rstrip("*†")
    if _GLUED_CAPS_RE.fullmatch(piece):
        return bool(_CAPS_SURNAME_NAME_RE.match(before))
    return bool(_BARE_INITIALS_RE.fullmatch(piece) and _INITIAL_FIRST_RE.fullmatch(before))


_GLUED_CAPS_RE = re.compile(r"[A-Z]{3,6}")
#: Two initials and nothing else ("Y. Y"), and a name written initial first ("S. Li").
_BARE_INITIALS_RE = re.compile(r"[A-Z]\.\s?[A-Z]\.?")
_INITIAL_FIRST_RE = re.compile(r"(?:[A-Z]\.\s?)+[A-Z][a-z'\-]+")


def _ends_inverted_run(text: str, run: Sequence[tuple[int, int]], chunk: tuple[int, int]) -> bool:
    """After two names written family name first ("Lee, A., Wu, B."), a name written in
    order is Title-Case title words: "Lee, A., Wu, B., Kernel Support for Toys, ...".

    >>> text = "Lee, A., Wu, B., Kernel Support for Toys"
    >>> _ends_inverted_run(text, [(0, 6), (9, 14)], (17, 31))
    True
    """
    inverted = sum(_is_inverted(text[s:e]) for s, e in run[-2:])
    return inverted >= 2 and not _is_inverted(text[chunk[0] : chunk[1]])


def _is_inverted(piece: str) -> bool:
    """``Lee, A.`` or ``Roe, Jane``: a family name, a comma, then the given name."""
    surname, comma, given = piece.partition(",")
    return bool(
        comma and _surname_re().match(surname.strip()) and _GIVEN_WHOLE_RE.match(given.strip())
    )


#: A whole given name after the comma of an inverted name: initials, one or two words.
_GIVEN_WHOLE_RE = re.compile(
    r"^(?:[A-Z]\.?(?:[\s\-]?[A-Z]\.?)*|[A-Z][a-z'\-]+(?:\s[A-Z][a-z'\-]+)?)$"
)


def _in_venue_name(text: str, start: int, end: int) -> bool:
    """The names found at ``start:end`` are Title-Case words of a venue's name: the sentence
    they end says it is a venue ("IEEE Trans. Pattern Analysis and Machine Intelligence")."""
    sentence = text.rfind(". ", 0, start)
    while sentence > 0 and _is_cut_word_before(text, sentence):
        sentence = text.rfind(". ", 0, sentence)  # "Trans. " goes on: one venue name
    return _is_venue_text(text[sentence + 2 if sentence >= 0 else 0 : end])


def _chunks(text: str) -> list[tuple[int, int]]:
    """Spans of the pieces between author separators."""
    chunks: list[tuple[int, int]] = []
    pos = 0
    for sep in _AUTHOR_SEP_RE.finditer(text):
        chunks.append((pos, sep.start()))
        pos = sep.end()
    chunks.append((pos, len(text)))
    return chunks


@cache
def _surname_re() -> re.Pattern[str]:
    """A family name written first: ``Lee``, ``MacLeod``, ``O'Brien``, ``Garcia-Molina``,
    ``van der Berg``, ``Van Dyke`` (particles from the lexicon; capitalized only when three
    letters or more: "Di", "Le", "Da" open Chinese and Vietnamese names, "Di Xu, Ann Lee" is
    two people).

    >>> [bool(_surname_re().match(x)) for x in ["MacLeod", "Van Dyke", "van der Berg", "Di Xu", "NSDI"]]
    [True, True, True, False, False]
    """
    words = sorted(_particles(), key=len, reverse=True)
    forms = [*words, *(w.capitalize() for w in words if len(w) >= 3)]
    particles = "|".join(re.escape(w) for w in forms)
    return re.compile(rf"^(?:(?:{particles})\s+)*[A-Z][a-z'\-]+(?:[A-Z][a-z'\-]+)*$")


#: The given name or initials after a family name written first: ``Wang, Xiaoming``.
_GIVEN_RE = re.compile(
    r"^(?:[A-Z][a-z'\-]+(?:\s[A-Z][a-z'\-]+)?(?=$|\.\s|\s\()|[A-Z]\.(?:\s?[A-Z]\.)*(?=$|\s))"
)


#: Given names as initials: ``Y.``, ``Z. L.``, ``M.-C.``.
_INITIAL_START_RE = re.compile(r"^[A-Z]\.(?:$|[\s\-])")


def _pair_inverted_names(text: str, chunks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Merge ``Surname, Given`` pairs into one chunk when a list opens that way, and
    ``Surname, I.`` pairs anywhere (APA lists mix them with full names).

    >>> text = "Wang, Xiaoming and Wu, B. Paper title."
    >>> [text[s:e] for s, e in _pair_inverted_names(text, _chunks(text))]
    ['Wang, Xiaoming', 'Wu, B. Paper title.']
    >>> text = "Ann Lee, Guang, Y., & Le, M. (2024). Title."
    >>> [text[s:e] for s, e in _pair_inverted_names(text, _chunks(text))]
    ['Ann Lee', 'Guang, Y.', 'Le, M. (2024). Title.']
    """
    pieces = [text[s:e].strip() for s, e in chunks]
    if len(pieces) < 2:
        return chunks
    opens_inverted = bool(_surname_re().match(pieces[0]) and _GIVEN_RE.match(pieces[1]))
    paired: list[tuple[int, int]] = []
    index = 0
    while index < len(chunks):
        if (
            index + 1 < len(chunks)
            and _surname_re().match(pieces[index])
            and _GIVEN_RE.match(pieces[index + 1])
            and (opens_inverted or _INITIAL_START_RE.match(pieces[index + 1]))
        ):
            paired.append((chunks[index][0], chunks[index + 1][1]))
            index += 2
        else:
            paired.append(chunks[index])
            index += 1
    return paired


def _uninvert(chunk: str) -> str:
    """``Wang, Xiaoming`` -> ``Xiaoming Wang``; other chunks unchanged."""
    surname, comma, given = chunk.partition(",")
    if comma and _surname_re().match(surname.strip()) and given.strip():
        return f"{given.strip()} {surname.strip()}"
    return chunk


#: A run of non-space characters: one word of a name.
_WORD_RE = re.compile(r"\S+")


def _name_tail(text: str, chunk: tuple[int, int]) -> tuple[int, int] | None:
    """The name at the end of a chunk that starts with title words: its last 2-3 words."""
    words = list(_WORD_RE.finditer(text[chunk[0] : chunk[1]]))
    for size in (2, 3):
        if len(words) <= size:
            continue
        start = chunk[0] + words[-size].start()
        candidate = text[start : chunk[1]]
        if size == 2 and _INITIAL_RE.match(words[-2].group(0)):
            continue
        if is_name(candidate):
            return (start, chunk[1])
    return None


def _name_head(text: str, chunk: tuple[int, int]) -> tuple[int, int] | None:
    """The name at the start of a chunk that goes on with venue words or a title."""
    piece = text[chunk[0] : chunk[1]]
    initial_end: tuple[int, int] | None = None
    for stop in (_LAST_NAME_END_RE if chunk[0] else _NAME_END_RE).finditer(piece):
        if stop.start() > MAX_NAME_CHARS:
            break
        candidate = piece[: stop.start()]
        if not is_name(candidate):
            continue
        if not _INITIAL_RE.match(candidate.split()[-1]):
            return (chunk[0], chunk[0] + stop.start())
        if (
            initial_end is None
        ):  # "Wang W. Title": the initial ends the name unless a longer name follows
            initial_end = (chunk[0], chunk[0] + stop.start())
    if initial_end is not None:
        return initial_end
    words = list(itertools.islice(_WORD_RE.finditer(piece), 4))  # a name and the word after
    for size in (3, 2):
        if len(words) <= size:
            continue
        end = words[size - 1].end()
        nxt = words[size].group(0)
        if (
            (  # the word after first: it costs less than reading a name
                nxt[:1].islower()
                or nxt.isupper()
                or nxt.startswith(("(", "*", '"'))
                or lexicon_key(nxt) in _title_words()
            )
            and is_name(piece[:end])
        ):
            if (
                size == 3
                and is_name(piece[: words[1].end()])
                and not _INITIAL_RE.match(words[1].group(0))
                and words[2].group(0)[:1].isupper()
                and lexicon_key(words[2].group(0)) in _title_words()
            ):
                continue
            return (chunk[0], chunk[0] + end)
    return None


def _has_embedded_authors(text: str) -> bool:
    start, _, spans = find_author_run(text)
    return start > 0 and len(spans) >= 2


@cache
def _venue_cues() -> tuple[frozenset[str], tuple[str, ...]]:
    cues = [lexicon_key(c) for c in load_publication_words().venue_cues]
    return frozenset(c for c in cues if " " not in c), tuple(c for c in cues if " " in c)


def _is_venue_text(text: str) -> bool:
    if _YEAR_RE.search(text) or _SHORT_YEAR_RE.search(text):
        return True
    return _names_venue_words(text)


def is_recognized(match: VenueMatch | None) -> bool:
    """A venue the catalogs or the unranked list know, or whose kind the text states."""
    return match is not None and (
        match.method is not None or match.abbr is not None or match.kind is not None
    )


@cache
def _note_cues() -> tuple[str, ...]:
    return tuple(lexicon_key(cue) for cue in load_publication_words().notes)


@cache
def _note_re() -> re.Pattern[str]:
    """One pattern for every note cue after a space: searched in the normalized text with a
    space put before it, it finds a cue at a word start. (A pattern that starts with a space is
    scanned for; one that starts with "at the start or after a space" is tried everywhere.)"""
    cues = sorted(_note_cues(), key=len, reverse=True)
    return re.compile(" (?:" + "|".join(re.escape(cue) for cue in cues if cue) + ")")


def _is_note(text: str) -> bool:
    """``text`` holds a note cue at a word start ("Best Paper Award", "(co-first author)")."""
    return _note_re().search(" " + lexicon_key(text)) is not None


def parse_parts(entry: RawEntry) -> Parts:
    """Split one entry into title, authors, venue text and notes.

    >>> from bilingual_cv.clean.normalize import clean_text
    >>> lines = clean_text("- 3. Ann Lee, **Bo Wu**. Fast Things. The 20th USENIX Symposium on NSDI (NSDI), 2023.").lines
    >>> p = parse_parts(RawEntry(lines))
    >>> p.title, p.authors, p.bold_authors, p.venue
    ('Fast Things', ['Ann Lee', 'Bo Wu'], [1], 'The 20th USENIX Symposium on NSDI (NSDI), 2023.')
    """
    lines = [line for line in entry.lines if not line.is_blank]
    if not lines:
        return Parts()
    first = lines[0]
    tag = (
        ITEM_START_RE.match(first.text)
        or _NUMBER_LABEL_RE.match(first.text)
        or _long_entry_number(first.text)
    )
    year_label = _YEAR_LABEL_RE.match(first.text)
    if year_label:
        tag = year_label
    if tag:
        lines = [_drop_prefix(first, tag.end()), *lines[1:]]
    lines = [_blank_links(line) for line in lines]
    lead = _TAG_LABEL_RE.match(lines[0].text) if tag is None else None
    if lead is not None:  # "NSDI'24<TAB>Authors. Title. Venue."
        lines[0] = _drop_prefix(lines[0], lead.end())
        lines = [line for line in lines if not line.is_blank] or lines[:1]
    else:
        lead = _LEAD_VENUE_RE.match(lines[0].text)
    venue_tag = lead.group(1).strip() if lead else None
    lead_venue = venue_tag if venue_tag and _names_venue(venue_tag) else None
    if (
        lead is not None
        and (lead_venue is not None or _TAG_YEAR_RE.search(lead.group(1)))
        and lines[0].text.startswith(lead.group(0))
    ):
        # "[NSDI'25] Title. Authors.", "[FooConf 2014]: Authors. Title.": a label, not text
        lines[0] = _drop_prefix(lines[0], lead.end())
    body, notes = _split_note_lines([line for line in lines if not line.is_blank] or lines[:1])
    parts = Parts(notes=notes)
    joined = join_lines(body)
    _parse_body(body, joined, parts)
    if parts.patent_year is None:
        patent = _find_patent(joined.text)
        if patent:  # "一种缓存方法, 202010064079.X": a patent line with its number only
            parts.patent_year = int(patent.group(1) or patent.group(2) or patent.group(3))
            if parts.title and patent.group(0) in parts.title:
                parts.title = parts.title.replace(patent.group(0), "").rstrip(" ,，;；")
    parts.title, parts.stated_position = _split_position_words(_clean_title(parts.title))
    if parts.stated_position is None and not parts.authors:
        parts.stated_position = stated_position(joined.text)
    if year_label and parts.leading_year is None:
        parts.leading_year = int(year_label.group(1))
    parts.venue_tag = venue_tag
    if lead_venue is not None and _tag_decides(lead_venue, parts.venue):
        parts.venue = lead_venue
    if parts.venue is not None:
        venue, extra = _split_venue_notes(parts.venue)
        parts.venue = venue
        parts.notes[:0] = extra
    return parts


def _parse_body(body: list[Line], joined: Text, parts: Parts) -> None:
    """Read the entry's lines (``joined``: :func:`join_lines` of them) by their shape: a title
    with its venue in brackets, one-line styles (quoted title, authors first, APA), else a
    title line over author and venue lines."""
    if _parse_bracketed(joined.text, parts):
        return
    if (
        _QUOTED_RE.search(joined.text)
        or _starts_with_authors(body[0].text)
        or (len(joined.text) <= MEMO_MAX_CHARS and _match_apa(joined.text))
        or (len(body) == 1 and _starts_with_authors(joined.text))
        or _authors_fill_first_line(body, joined.text)
    ):
        _parse_inline(joined, parts)
    else:
        _parse_structured(body, parts)


def _authors_fill_first_line(body: Sequence[Line], joined: str) -> bool:
    """The author list takes the whole first line and goes on over the next one ("CHEN J*" /
    ", XIE G, LUO K. Title[C]//..."): the entry is written in one run, authors first."""
    if len(body) < 2 or len(joined) > MEMO_MAX_CHARS:
        return False
    if not (body[0].text.rstrip().endswith((",", "，")) or body[1].text.lstrip()[:1] in ",，"):
        return False  # the list goes on visibly; "Rack-Scale Memory" over names is a title
    start, end, spans = find_author_run(joined)
    return start == 0 and len(spans) >= 2 and end >= len(body[0].text.strip())


@cache
def _position_re() -> re.Pattern[str]:
    """The owner-position words, longest first, as one pattern."""
    words = sorted(load_publication_words().owner_position_words, key=len, reverse=True)
    return re.compile("|".join(re.escape(w) for w in words) or "(?!)", re.IGNORECASE)


def stated_position(text: str) -> int | None:
    """The owner's place that an entry states in words (the first such words), else None.

    >>> stated_position("Fast Caches. FooConf 2023, 第二作者"), stated_position("共同第一作者")
    (2, 0)
    """
    found = _position_re().search(text)
    if found is None:
        return None
    table = {k.casefold(): v for k, v in load_publication_words().owner_position_words.items()}
    return table[found.group(0).casefold()]


#: Position words closing a title: "Title: 第一作者/共同第一作者".
#: (``\s*[:：,，]\s*([^:：,，]{2,40})$``, led by a character class so that it is scanned for.)
_TITLE_POSITION_RE = re.compile(
    r"[\s:：,，](?:(?<=\s)\s*[:：,，]|(?<=[:：,，]))\s*([^:：,，]{2,40})$"
)


def _split_position_words(title: str | None) -> tuple[str | None, int | None]:
    """A title without the position words a CV closed it with, and the position.

    >>> _split_position_words("Deep Fictional Transforms: 第一作者")
    ('Deep Fictional Transforms', 1)
    """
    if title is None or len(title) > MEMO_MAX_CHARS:
        return title, None
    tail = _TITLE_POSITION_RE.search(title)
    if tail is None or _position_re().sub("", tail.group(1)).strip(" /、") != "":
        return title, None
    return title[: tail.start()].rstrip() or None, stated_position(tail.group(1))


@cache
def _link_re() -> re.Pattern[str]:
    words = sorted(
        (re.escape(w).replace("\\ ", r"\s+") for w in load_publication_words().link_words),
        key=len,
        reverse=True,
    )
    return re.compile(rf"\[\s*(?:{'|'.join(words)})\s*\]" if words else r"(?!)", re.IGNORECASE)


def strip_links(text: str) -> str:
    """Bracketed link words (``[PDF] [Code]``) blanked out, the text's length unchanged so
    that bold spans still line up; the entry's raw text keeps them.

    Each bracket is looked up in a set (:func:`_link_keys`), with the answer of
    :func:`_link_re`: compiling that pattern costs more than reading most CVs' links, and a
    process that reads one CV pays for it on the CV. The pattern is still used where only it
    gives its answer (see :func:`_is_plain`).

    >>> kept = strip_links("ICCV 2023. [PDF] [ Project  page ] [Oral]")
    >>> kept.split(), len(kept)
    (['ICCV', '2023.', '[Oral]'], 41)
    """
    if "[" not in text:
        return text
    return _BRACKETED_RE.sub(_blank_link, text)


#: A bracket with no bracket inside: every match of :func:`_link_re` is one.
_BRACKETED_RE = re.compile(r"\[([^\[\]]*)\]")


def _blank_link(bracket: re.Match[str]) -> str:
    """The bracket blanked out when it holds only a link word, as :func:`_link_re` says."""
    keys = _link_keys()
    inner = bracket.group(1)
    if keys is not None and (inner.isascii() or all(map(_is_plain, inner))):
        is_link = " ".join(inner.split()).lower() in keys
    else:
        is_link = _link_re().fullmatch(bracket.group(0)) is not None
    return " " * len(bracket.group(0)) if is_link else bracket.group(0)


def _is_plain(char: str) -> bool:
    """``re.IGNORECASE`` matches the character only to itself and its other ASCII case: it
    is ASCII or has no case. (Four others match an ASCII letter: İ ı ſ and the Kelvin sign.)"""
    return char.isascii() or char.lower() == char == char.upper()


@cache
def _link_keys() -> frozenset[str] | None:
    return link_keys(load_publication_words().link_words)


def link_keys(words: Sequence[str]) -> frozenset[str] | None:
    """The link words in lower case, to look a bracket's words up in (joined by single
    spaces, in lower case); None when a word is not plain (a space that is not single, a
    character :func:`_is_plain` rejects): only :func:`_link_re` matches those right.

    >>> sorted(link_keys(["pdf", "project page"])), link_keys(["ſlides"])
    (['pdf', 'project page'], None)
    """
    if not all(w == " ".join(w.split()) and all(map(_is_plain, w)) for w in words):
        return None
    return frozenset(w.lower() for w in words)


def _blank_links(line: Line) -> Line:
    text = strip_links(line.text)
    if text == line.text:
        return line
    return Line(line.no, text, line.origin, line.md_level, line.bold, line.bullet)


def _split_note_lines(lines: list[Line]) -> tuple[list[Line], list[str]]:
    body: list[Line] = [lines[0]]
    notes: list[str] = []
    for line in lines[1:]:
        text = line.text.strip()
        fully_bold = bool(line.bold) and line.is_bold(0, len(text))
        if (fully_bold and len(body) >= 2) or (
            _is_note_line(text)
            and not find_author_run(text)[2]
            and len(text) < 120
            and not _is_venue_line(text)
        ):
            notes.append(text.rstrip("."))
        else:
            body.append(line)
    return body, notes


#: A venue tag in brackets opening an entry: ``[NSDI'25]``, ``(ICML 2023)``.
_LEAD_VENUE_RE = re.compile(r"^\s*[\[(【]([^\[\]()【】]{2,40})[\])】]\s*")


def _tag_decides(tag: str, venue: str | None) -> bool:
    """The entry's venue tag names its venue: the venue text names none, or names another
    venue while also naming the tag's (``[CoNLL 2019] ... In ACL SIGNLL CoNLL 2019``: the
    tag says which of the two). A workshop text keeps its own venue: a tag there is the host.

    >>> _tag_decides("CoNLL 2019", "In ACL SIGNLL CoNLL 2019"), _tag_decides("NSDI'24", "Hot Topics Workshop at NSDI")
    (True, False)
    """
    if not venue:
        return True
    body = describe_venue(venue_query(venue))
    if body is not None and body.kind == "workshop":
        return False
    if body is None or body.method is None:
        return True
    named = describe_venue(venue_query(tag))
    if named is None or named.abbr is None or named.abbr == body.abbr or named.kind == "workshop":
        return False
    return lexicon_key(named.abbr) in lexicon_key(venue).split()


def _drop_prefix(line: Line, shift: int) -> Line:
    """The line without its first ``shift`` characters, bold spans moved along."""
    bold = tuple((max(0, s - shift), max(0, e - shift)) for s, e in line.bold if e > shift)
    return Line(line.no, line.text[shift:], line.origin, line.md_level, bold, line.bullet)


def _names_venue(text: str) -> bool:
    """The text names a venue the catalogs or the unranked list know."""
    match = describe_venue(text)
    return match is not None and match.method is not None


def _is_note_line(text: str) -> bool:
    """A line that is a note: it opens with a note word, or holds one and names no venue
    (``SOSP 2023, Best Paper Award`` is the venue line, with a note the venue split keeps)."""
    if not _is_note(text):
        return False
    key = lexicon_key(text)
    return any(key.startswith(cue) for cue in _note_cues()) or not _is_venue_text(text)


def _is_venue_line(text: str) -> bool:
    """A line that says it is a venue: it opens with "In", or holds a journal, conference or
    proceedings word (``lexicons/ccf/markers.yaml``)."""
    return (
        _venue_openers_re().search(text) is not None
        or _kind_words("journal").found(text)
        or _kind_words("conference").found(text)
    )


@cache
def _venue_openers_re() -> re.Pattern[str]:
    """Words that open a venue text, as written (``In``, not "in" inside a title)."""
    words = sorted(load_publication_words().venue_openers, key=len, reverse=True)
    alternatives = "|".join(re.escape(w) for w in words)
    return re.compile(rf"(?<!\w)(?:{alternatives})(?!\w)" if words else "(?!)")


def _starts_with_authors(text: str) -> bool:
    """The text opens with an author list: two names, or one name closed by a full stop or
    followed by its year ("Roe, J., 1991.", "Roe, J. (1991)")."""
    start, end, spans = find_author_run(text)
    if start != 0 or not spans:
        return False
    return (
        len(spans) >= 2
        or text[end : end + 2] in (". ", "。", ": ")
        or (text[end - 1 : end] == "." and text[end : end + 1] == " ")  # "Li A, et al. Title"
        or text[end : end + 1] == "。"
        or _YEAR_AFTER_NAME_RE.match(text, end) is not None
    )


#: A year right after an author list: ", 1991.", " (1991)".
_YEAR_AFTER_NAME_RE = re.compile(r"[,.]?\s*\(?(?:19|20)\d{2}[a-z]?\)?[.,]?\s")


def _bold_indexes(joined: Text, spans: list[tuple[int, int]]) -> list[int]:
    if not joined.bold:
        return []  # plain text (most input): no span to test
    return [i for i, (s, e) in enumerate(spans) if joined.is_bold(s, e)]


#: APA: ``Lee, A., Wu, B., & Ma, C. (2023). Title. Venue.``: the year in brackets ends the
#: author list.
_APA_RE = re.compile(
    r"^(?P<authors>[^()]{3,}?)\s*\((?P<year>(?:19|20)\d{2})[a-z]?\)(?:\.\s*|\s+)(?P<rest>\S.*)$"
)
#: The author-year form without brackets (Harvard, ACM): ``Lee, A., 1991. Title.``; every
#: chunk before the year must read as a name.
_BARE_YEAR_RE = re.compile(
    r"^(?P<authors>[^()]{3,}?)[,.]\s+(?P<year>(?:19|20)\d{2})[a-z]?\.\s+(?P<rest>\S.*)$"
)
#: The years as the two patterns above write them: a text without one is not matched (the
#: patterns' lazy author part is tried at every character up to the first bracket).
_APA_YEAR_RE = re.compile(r"\((?:19|20)\d{2}[a-z]?\)")
_BARE_YEAR_AT_RE = re.compile(r"[,.]\s+(?:19|20)\d{2}[a-z]?\.\s")


def _match_apa(text: str) -> re.Match[str] | None:
    """:data:`_APA_RE` on a text that holds its bracketed year."""
    return _APA_RE.match(text) if _APA_YEAR_RE.search(text) else None


def _match_bare_year(text: str) -> re.Match[str] | None:
    """:data:`_BARE_YEAR_RE` on a text that holds its year between full stops."""
    return _BARE_YEAR_RE.match(text) if _BARE_YEAR_AT_RE.search(text) else None


#: What stands for left-out authors in an APA list.
_ELLIPSIS_RE = re.compile(r"^(?:…|\.{3}|et\s*al\.?)$", re.IGNORECASE)
#: An APA author list may hold this many chunks that read as no name (a garbled co-author).
MAX_APA_GARBLED = 1
#: An ellipsis inside an author list, which separates names like a comma.
_ELLIPSIS_SPLIT_RE = re.compile(r"\s*,?\s*(?:…|\.{3})\s*")


def _parse_apa(joined: Text, parts: Parts) -> bool:
    """``Authors (2023). Title. In Venue.``: fill ``parts`` and return True, or return False.

    >>> p = Parts()
    >>> _parse_apa(Text("Roe, J., Lee, A., ... Wu, B. (2024). A Fictional Allocator. In FooSec.", ()), p)
    True
    >>> p.authors, p.title, p.venue, p.leading_year
    (['Roe, J', 'Lee, A', 'Wu, B'], 'A Fictional Allocator', 'In FooSec.', 2024)
    >>> p = Parts()
    >>> _parse_apa(Text("Roe, J. and Lee, A., 2019. Toys at Scale. In FooSec.", ()), p)
    True
    >>> p.authors, p.title, p.leading_year
    (['Roe, J', 'Lee, A'], 'Toys at Scale', 2019)
    >>> _parse_apa(Text("Ann Lee, Bo Wu. Toys of 2020. In FooSec.", ()), Parts())
    False
    """
    if len(joined.text) > MEMO_MAX_CHARS:
        return False  # no entry is this long; the lazy author pattern is kept off huge text
    found = _match_apa(joined.text)
    garbled = MAX_APA_GARBLED
    if found is None:
        found, garbled = _match_bare_year(joined.text), 0
    if found is None:
        return False
    head = _ELLIPSIS_SPLIT_RE.sub(", ", found.group("authors"))
    if '"' in head or "《" in head:
        return False  # a quoted title before the year: not an APA author list
    chunks = _pair_inverted_names(head, _chunks(head))
    names = [
        (s, e)
        for s, e in chunks
        if head[s:e].strip() and not _ELLIPSIS_RE.match(head[s:e].strip(" ,&"))
    ]
    readable = [
        c
        for c in names
        if is_name(head[c[0] : c[1]]) or _INITIAL_START_RE.match(head[c[0] : c[1]].strip())
    ]
    if not names or len(readable) < len(names) - garbled:
        return False
    parts.authors = [clean_author(head[s:e]) for s, e in names]
    parts.bold_authors = _bold_indexes(joined, names)
    parts.leading_year = int(found.group("year"))
    title, venue = _split_title_venue(found.group("rest"))
    if venue is None:
        title, _, rest = found.group("rest").partition(". ")
        venue = rest or None
    parts.title, parts.venue = title, venue
    return True


def _parse_inline(joined: Text, parts: Parts) -> None:
    """``Authors. Title. Venue`` or ``Authors, "Title". (Venue)`` or ``No《Title》Authors``."""
    if _parse_apa(joined, parts):
        return
    text = joined.text
    quoted = _QUOTED_RE.search(text)
    if quoted:
        title = next(group for group in quoted.groups() if group is not None)
        before, after = text[: quoted.start()], text[quoted.end() :]
        patent = _find_patent(before) or _find_patent(after)
        if patent:
            parts.patent_year = int(patent.group(1) or patent.group(2) or patent.group(3))
        pool, offset = (before, 0) if _has_names(before, 1) else (after, quoted.end())
        start, end, spans = find_author_run(pool)
        parts.authors = [clean_author(pool[s:e]) for s, e in spans]
        parts.bold_authors = _bold_indexes(joined, [(s + offset, e + offset) for s, e in spans])
        parts.title = title
        rest = after if pool is before else pool[end:]
        rest = rest.strip(" .,，;:")
        if not rest and pool is after and spans and start > 0:
            rest = pool[:start].strip(" .,，;:")  # '"Title" OSDI25 Ann Lee, Bo Wu.'
        rest = rest.strip(" .,，;:")
        code = _TYPE_CODE_RE.search(rest)
        if code:
            parts.type_code = code.group(1)
            rest = _TYPE_CODE_RE.sub("", rest).strip(" .")
        parts.venue = rest or None
        return
    _, end, spans = find_author_run(text)
    parts.authors = [clean_author(text[s:e]) for s, e in spans]
    parts.bold_authors = _bold_indexes(joined, spans)
    rest = text[end:].lstrip(" .,:;。，" + _DASHES)
    code = _TYPE_CODE_RE.search(rest)
    if code:
        parts.type_code = code.group(1)
        parts.title = rest[: code.start()].strip(" .")
        parts.venue = rest[code.end() :].strip(" .,/") or None
        return
    patent = _find_patent(rest)
    if patent:
        parts.patent_year = int(patent.group(1) or patent.group(2) or patent.group(3))
    year = _LEADING_YEAR_RE.match(rest)
    if year:  # APA "(2023). Title." and ACM "2023. Title."
        parts.leading_year = int(year.group(1))
        rest = rest[year.end() :]
    title, venue = _split_title_venue(rest)
    parts.title, parts.venue = title, venue


def _split_title_venue(rest: str) -> tuple[str, str | None]:
    """Title up to the first sentence end that a venue follows; failing that, up to the first
    sentence end that a citation's tail follows (a year, a volume, pages, "to appear"), as
    in "Toy Optics, 11 (8), 2237-2255": a venue no word and no catalog names.

    >>> _split_title_venue("Fast toy algorithms for toy networks. Toy Optics, to appear.")
    ('Fast toy algorithms for toy networks', 'Toy Optics, to appear.')
    >>> _split_title_venue("Toys. And more toys.")
    ('Toys. And more toys.', None)
    """
    fallback: tuple[str, str] | None = None
    for end in _SENTENCE_END_RE.finditer(rest):
        if _after_abbreviation(rest, end.start()):
            continue  # "in Proc. of NSDI": the stop of an abbreviated word ends no sentence
        after = rest[end.end() : end.end() + VENUE_PROBE_CHARS]
        title = rest[: end.start() + (1 if rest[end.start()] in "?!" else 0)]
        if _is_venue_text(after) or _find_patent(after):
            return title, after
        if fallback is None and len(title) >= MIN_TITLE_CHARS and _CITATION_TAIL_RE.search(after):
            fallback = title, after
    return _split_at_comma(rest) or fallback or (rest, None)


def _after_abbreviation(text: str, stop: int) -> bool:
    """The full stop at ``stop`` ends an abbreviated word ("Proc.", "Trans.")."""
    return text[stop] == "." and _is_cut_word_before(text, stop)


def _is_cut_word_before(text: str, stop: int) -> bool:
    """The word that ends at ``stop`` is one ISO 4 cuts ("Trans", "Proc"). Only the last
    few characters are looked at: a cut word is short, and a long run of letters must cost
    constant time here.

    >>> _is_cut_word_before("IEEE Trans. Toys", 10), _is_cut_word_before("Toy Data. X", 8)
    (True, False)
    """
    window = text[max(0, stop - MAX_CUT_WORD) : stop]
    word = _LAST_WORD_RE.search(window)
    if word is None or (word.start() == 0 and stop > MAX_CUT_WORD):
        return False  # no word, or one longer than any cut word
    return word.group(0).casefold() in _abbreviated()


#: Longest word an ISO 4 venue abbreviation cuts short, in characters.
MAX_CUT_WORD = 12


def _split_at_comma(rest: str) -> tuple[str, str] | None:
    """Title and venue of ``Title, Venue, Year`` (IEEE without quotes, and the usual Chinese
    form ``标题, 期刊, 2021``): the first comma after which a venue's name follows, itself a
    venue name and not a year alone.

    >>> _split_at_comma("Toys, games and more, Proceedings of the Toy Conference, 2019.")
    ('Toys, games and more', 'Proceedings of the Toy Conference, 2019.')
    >>> _split_at_comma("Toys, games and more, 2019.") is None
    True
    """
    for comma in itertools.islice(_COMMA_RE.finditer(rest), MAX_TITLE_COMMAS):
        if comma.start() < MIN_TITLE_CHARS:
            continue
        after = rest[comma.end() : comma.end() + VENUE_PROBE_CHARS]
        if _names_venue_words(_COMMA_RE.split(after, maxsplit=1)[0]):
            return rest[: comma.start()].strip(), after
    return None


#: A title holds at most this many commas before its venue (a bound on any input).
MAX_TITLE_COMMAS = 12


_COMMA_RE = re.compile(r"\s*[,，]\s*")
#: A word cut short with a full stop at the start of a text, then a capitalized word.
_LEADING_CUT_RE = re.compile(r"^\s*(?:in\s+)?([A-Za-z]{1,8})\.\s+[A-Z]")


def _names_venue_words(text: str) -> bool:
    """The text is a venue's name by its words, by a catalog, or by opening with an ISO 4 cut
    word ("J. Logic Programming", "Math. Programming"); a year alone is not."""
    cut = _LEADING_CUT_RE.match(text)
    if cut is not None and cut.group(1).casefold() in _abbreviated():
        return True
    key = lexicon_key(text)
    words, phrases = _venue_cues()
    if any(word in words for word in key.split()) or any(p in key for p in phrases):
        return True
    return len(text.split()) <= VENUE_LOOKUP_WORDS and is_recognized(describe_venue(text))


#: What follows a title in a citation even when its venue is unknown: a year, a volume and
#: issue, pages, or a status ("to appear", "in press").
_CITATION_TAIL_RE = re.compile(
    r"(?<!\d)(?:19|20)\d{2}(?!\d)|\d\s?\(\d{1,3}\)|\bpp?\.\s?\d|\bpages?\s\d|\d+\s?[-–]\s?\d+"
    r"|\bto appear\b|\bin press\b|\bforthcoming\b",
    re.IGNORECASE,
)


@dataclass(slots=True)
class _Pieces:
    """The lines of a structured entry, sorted into its fields while it is read."""

    title: list[str] = field(default_factory=list)
    authors: list[Line] = field(default_factory=list)
    venue: list[str] = field(default_factory=list)


def _parse_structured(lines: list[Line], parts: Parts) -> None:
    """Title first, then author and venue lines in any order."""
    lines, roles = _structured_roles(lines)
    has_author_line = _AUTHORS in roles
    pieces = _Pieces()
    for position, line in enumerate(lines):
        text = line.text.strip()
        role = roles[position]
        previous_was_authors = position > 0 and roles[position - 1] == _AUTHORS
        if (
            role != _AUTHORS
            and pieces.authors
            and previous_was_authors
            and _continues_authors(pieces.authors[-1].text, text)
        ):
            role = roles[position] = _AUTHORS  # a name broken over two lines ("Gilbert" / …)
        if position == 0:
            following = lines[1] if len(lines) > 1 else None
            if _read_first_line(line, following, has_author_line, pieces):
                roles[1] = _AUTHORS  # the list goes on over the next line
        elif not pieces.authors and not pieces.venue and _bracket_depth(pieces.title[-1]) > 0:
            pieces.title.append(text)  # "Fast Toys (Under" / "Review)": the bracket goes on
        elif role == _AUTHORS:
            _, end, _ = find_author_run(text)
            tail = text[end:].strip(" ,." + _DASHES) if end else ""
            if tail and (_is_venue_text(tail) or tail.startswith("(")):
                pieces.authors.append(_slice_line(line, 0, end))
                pieces.venue.append(tail)
            else:
                pieces.authors.append(line)
        elif role == _VENUE or pieces.venue or pieces.authors:
            pieces.venue.append(text)
        else:
            pieces.title.append(text)
    parts.title = " ".join(pieces.title).strip() or None
    if pieces.authors:
        _set_authors(parts, pieces.authors)
    parts.venue = " ".join(pieces.venue).strip() or None


def _structured_roles(lines: list[Line]) -> tuple[list[Line], list[str]]:
    """The entry's lines in reading order and the role of each (the first is the title's).
    A venue line printed before its title (two-column leftovers) moves to the end; a lone
    name between the title and a venue line is the author line."""
    roles = [_TITLE] + [line_role(line) for line in lines[1:]]
    if len(lines) >= 2 and roles[1] == _TITLE and line_role(lines[0]) == _VENUE:
        lines = [*lines[1:], lines[0]]
        roles = [_TITLE, *roles[2:], _VENUE]
    if _AUTHORS not in roles and _VENUE in roles[2:]:
        for position in range(1, roles.index(_VENUE, 2)):
            if _is_lone_name(lines[position].text):
                roles[position] = _AUTHORS  # "Verified Schedulers" / "Ann Lee" / "EuroSys 2021"
                break
    return lines, roles


def _read_first_line(
    line: Line, following: Line | None, has_author_line: bool, pieces: _Pieces
) -> bool:
    """Read the title line, which may also hold the start of the author list (and the venue
    after a whole list); True when the author list goes on over the next line."""
    text = line.text.strip()
    run_on = _title_runs_on(line, following) if following is not None else None
    if run_on is not None:  # "Fast Toys Ann Lee, Bo" / "Wu, Cy Ma": a lost line break
        pieces.title.append(text[:run_on].strip())
        pieces.authors.append(_slice_line(line, run_on, len(text)))
        return True
    start, end, spans = find_author_run(text)
    trailing = _name_tail(text, _chunks(text.rstrip(","))[-1]) if text.endswith(",") else None
    if trailing is not None and (start == 0 or not spans):
        pieces.title.append(text[: trailing[0]].strip())
        pieces.authors.append(_slice_line(line, trailing[0], len(text)))
    elif start > 0 and len(spans) >= 2 and not has_author_line:
        pieces.title.append(text[:start].strip())
        pieces.authors.append(_slice_line(line, start, end))
        tail = text[end:].strip(" ,.")
        if tail:
            pieces.venue.append(tail)
    else:
        pieces.title.append(text)
    return False


def _set_authors(parts: Parts, author_lines: list[Line]) -> None:
    """The authors of the author lines (their names, else every comma part) and which of
    them are bold."""
    joined = join_lines(author_lines)
    spans = find_author_run(joined.text)[2]
    if not spans:
        spans = [
            (m.start(), m.end())
            for m in re.finditer(r"[^,，、]+", joined.text)
            if m.group(0).strip()
        ]
    parts.authors = [clean_author(joined.text[s:e]) for s, e in spans]
    parts.bold_authors = _bold_indexes(joined, spans)


def _title_runs_on(line: Line, following: Line) -> int | None:
    """Where the author list starts in a title line that runs on into it, the list going on
    over the next line (a PDF lost the line break after the title); None for other lines.

    >>> _title_runs_on(Line(1, "Fast Toys on the Fly Ann Lee, Bo"), Line(2, "Wu, Cy Ma, Di Xu"))
    21
    >>> _title_runs_on(Line(1, "Fast Toys on the Fly"), Line(2, "Ann Lee, Bo Wu, Cy Ma")) is None
    True
    >>> _title_runs_on(Line(1, "When Toys Meet Performance and Resilience"), Line(2, "Ann Lee, Bo Wu")) is None
    True
    >>> _title_runs_on(Line(1, "一种虚构的玩具方法 [发明],李安,吴"), Line(2, "波,马丁,申请号:CN2018"))
    15
    """
    first = line.text.strip()
    if "," not in first and "，" not in first:
        return None  # no comma in the line, so none after a list's start (tested below)
    joined = join_lines([line, following]).text  # a Chinese name wraps without a space
    start, end, spans = find_author_run(joined)
    if not (0 < start < len(first) and end > len(first) and len(spans) >= 3):
        return None
    if not any(mark in first[start:] for mark in ",，"):
        return None  # a whole name and its comma before the break, not Title-Case words
    title = first[:start].strip()
    if len(title) < MIN_TITLE_CHARS or _is_venue_text(title):
        return None
    return start


def _is_lone_name(text: str) -> bool:
    """The whole line is one person's name (a single author's line)."""
    start, end, spans = find_author_run(text.strip())
    return start == 0 and len(spans) == 1 and end >= len(text.strip().rstrip(".*")) - 1


#: A list that ends in a given name and its middle initial, the surname on the next line
#: ("..., Zoe T." / "Kowalczyk, ...").
_OPEN_INITIAL_RE = re.compile(r"(?:^|[,，]\s*)[A-Z][a-z]+\s[A-Z]\.$")
#: How far back from a line's end that name is looked for.
MAX_NAME_TAIL = 40


def _continues_authors(previous: str, text: str) -> bool:
    """A line that goes on with the author list above it (a name broken over two lines).

    >>> _continues_authors("Ann Lee, Bo Wu, Matthai", "Philipose, Cy Ma, Di Xu")
    True
    >>> _continues_authors("Ann Lee, Bo Wu", "ACM Symposium on Operating Systems Principles (SOSP '19)")
    False
    >>> _continues_authors("Ann Lee, Bo Wu, Zoe T.", "Kowalczyk, Cy Ma, Di K. Xu")
    True
    """
    previous = previous.rstrip()
    open_initial = _OPEN_INITIAL_RE.search(previous[-MAX_NAME_TAIL:]) is not None
    if previous.endswith((";", ")")) or (previous.endswith(".") and not open_initial):
        return False
    last = _chunks(previous)[-1]
    if (
        not previous.endswith((",", "，", "、"))
        and not open_initial
        and is_name(previous[last[0] : last[1]])
    ):
        return False  # the list above ended with a whole name
    joined = f"{previous} {text}"
    start, end, spans = find_author_run(joined)
    return start == 0 and end > len(previous) + 1 and len(spans) >= 2


def _slice_line(line: Line, start: int, end: int) -> Line:
    bold = tuple(
        (max(0, s - start), min(e, end) - start) for s, e in line.bold if e > start and s < end
    )
    return Line(line.no, line.text[start:end], line.origin, 0, bold, False)


def _clean_title(title: str | None) -> str | None:
    if title is None:
        return None
    title = title.strip().strip('"').strip()
    title = re.sub(
        r"\s*\((?:under review|in submission|submitted|to appear)\)\s*$",
        "",
        title,
        flags=re.IGNORECASE,
    )
    title = title.rstrip(" .,;:：，；")
    return title or None


#: A starred remark after the venue's sentence: ". *2023 travel grant".
_STARRED_NOTE_RE = re.compile(r"[.。]\s*[*†‡]\s*")


#: A letter, and a leading "In" with what comes before it: a venue text beside its link.
_LETTER_RE = re.compile(r"[^\W\d_]")
_LEADING_IN_RE = re.compile(r"^\W*in\b", re.IGNORECASE)
#: A sentence after a venue's year: ". Best paper award."
_SENTENCE_AFTER_YEAR_RE = re.compile(r"\s*[).]*\s*[.,;]\s+(\S.*)$")


def _may_hold_link(text: str) -> bool:
    """Whether :data:`_TRAILING_LINK_RE` may find a link: every form it knows holds "://",
    "www" or a DOI's "10." (most venue texts hold none, and are not searched).

    >>> [_may_hold_link(t) for t in ["NSDI 2024", "doi: 10.1/x", "WWW.toy.org", "ToyConf, 2024"]]
    [False, True, True, False]
    """
    return "10." in text or "://" in text or "www" in text.lower()


def _split_venue_notes(venue: str) -> tuple[str | None, list[str]]:
    """Venue text up to its year; sentences after it are notes (``2023. Best Paper Award.``),
    and so are bracketed remarks (``(Oral, acceptance rate: 18%)``); a DOI or URL at the end
    is dropped (the raw text keeps it).

    >>> _split_venue_notes("AAAI 2023 (Oral, acceptance rate: 18%). https://doi.org/10.1/x")
    ('AAAI 2023', ['Oral, acceptance rate: 18%'])
    >>> _split_venue_notes("In ToyConf (CCF-A). *2023 travel grant.")
    ('In ToyConf (CCF-A).', ['2023 travel grant'])
    """
    notes: list[str] = []
    starred = _STARRED_NOTE_RE.search(venue)
    if starred is not None and starred.start() > 0:  # "In ToyConf. *2023 travel grant."
        notes.append(venue[starred.end() :].strip().rstrip("."))
        venue = venue[: starred.start() + 1]
    if _may_hold_link(venue):  # most venue texts hold no link, and are kept as they are
        stripped = _TRAILING_LINK_RE.sub("", venue)
        if _LETTER_RE.search(_LEADING_IN_RE.sub("", without_links(stripped))):
            venue = stripped  # else the link is all there is ("url: https://arxiv.org/abs/...")
    for remark in reversed(list(_PAREN_RE.finditer(venue))):
        inner = remark.group(1).strip()
        if _is_note(inner) or "%" in inner:
            notes.insert(0, inner)
            venue = venue[: remark.start()] + venue[remark.end() :]
    while True:
        bracket = _BRACKET_NOTE_RE.search(venue)
        if not bracket:
            break
        notes.insert(0, bracket.group(1).strip())
        venue = venue[: bracket.start()]
    year = None
    for year in _YEAR_RE.finditer(venue):
        pass
    if year is not None:
        tail = venue[year.end() :]
        sentence = _SENTENCE_AFTER_YEAR_RE.match(tail)
        if sentence and _is_note(sentence.group(1)):
            notes.insert(0, sentence.group(1).strip().rstrip("."))
            venue = venue[: year.end() + tail.index(sentence.group(1))].rstrip(" .,;") + "."
    venue = venue.strip()
    return (venue or None), notes


# --- from parts to a Publication ------------------------------------------------------


@cache
def _section_kinds() -> tuple[tuple[str, PublicationKind], ...]:
    return tuple(
        (lexicon_key(k.word), PublicationKind(k.kind))
        for k in load_publication_words().section_kinds
    )


def section_kind(section: RawSection) -> PublicationKind | None:
    """The kind a sub-heading gives its entries (``Workshop Papers`` -> workshop)."""
    if section.key is SectionKind.PATENTS:
        return PublicationKind.PATENT
    key = f" {lexicon_key(section.heading or '')} "
    for word, kind in _section_kinds():
        if f" {word}" in key or (CJK_RE.search(word) and word in key):
            return kind
    return None


@dataclass(frozen=True, slots=True)
class _Cues:
    """Lexicon words to look for in a text: Latin ones as whole words, Chinese ones anywhere.

    A lexicon key is words joined by single spaces, so a whole-word cue is a plain substring
    of the key padded with a space on each side (one regex alternation of every cue tried at
    every position cost far more).

    >>> cues = _Cues.of(["under review", "在投"])
    >>> cues.found("Under Review at ToyConf"), cues.found("Underreviewed"), cues.found("论文在投中")
    (True, False, True)
    """

    #: Latin cues of one word (found among the key's words).
    words: frozenset[str]
    han: tuple[str, ...]
    #: Latin cues of several words, padded, by their first word: such a cue is in the padded
    #: key only where its first word is one of the key's words.
    latin_by_first: dict[str, tuple[str, ...]] = field(compare=False)

    @classmethod
    def of(cls, words: Iterable[str]) -> _Cues:
        keys = [k for k in dict.fromkeys(lexicon_key(w) for w in words) if k]
        latin = [k for k in keys if not CJK_RE.search(k)]
        padded = tuple(f" {k} " for k in latin if " " in k)
        by_first: dict[str, list[str]] = {}
        for cue in padded:
            by_first.setdefault(cue.split()[0], []).append(cue)
        return cls(
            frozenset(k for k in latin if " " not in k),
            tuple(k for k in keys if CJK_RE.search(k)),
            {first: tuple(cues) for first, cues in by_first.items()},
        )

    def found(self, text: str) -> bool:
        key = lexicon_key(text)
        split = key.split()
        if not self.words.isdisjoint(split):
            return True
        firsts = self.latin_by_first.keys() & split
        if firsts:
            padded = f" {key} "
            if any(cue in padded for first in firsts for cue in self.latin_by_first[first]):
                return True
        # a key in ASCII holds no Han cue
        return not key.isascii() and any(cue in key for cue in self.han)


@cache
def _preprint_cues() -> tuple[str, ...]:
    """What says a work is not (yet) published: the venue matcher's preprint words
    (``lexicons/ccf/markers.yaml``) and the names of the archives it lists as preprint venues
    (``lexicons/ccf/unranked.yaml``): one list each, shared with :mod:`bilingual_cv.venues.catalog`."""
    archives = [
        text
        for venue in load_ccf_unranked().venues
        if venue.kind == "preprint"
        for text in (venue.abbr, venue.name, *venue.aliases)
    ]
    return tuple(
        dict.fromkeys(lexicon_key(cue) for cue in (*load_ccf_markers().preprint, *archives))
    )


def _is_preprint_text(text: str) -> bool:
    """Whether the text holds a preprint cue.

    >>> _is_preprint_text("Under Review at NeurIPS"), _is_preprint_text("Submittedness")
    (True, False)
    >>> _is_preprint_text("已投稿至《计算机学报》"), _is_preprint_text("arXiv:2101.00001")
    (True, True)
    """
    return _preprint_words().found(text)


@cache
def _preprint_words() -> _Cues:
    return _Cues.of(_preprint_cues())


#: The earliest year a publication of a living researcher can have.
MIN_YEAR = 1950
#: The latest: in press or accepted work may carry a coming year, no more.
MAX_YEAR = datetime.date.today().year + 6


def find_year(parts: Parts, raw: str) -> int | None:
    """Year from the venue text, else an arXiv id, a patent number, or a year anywhere;
    never outside [:data:`MIN_YEAR`, :data:`MAX_YEAR`] (a page or patent number is no year).

    >>> find_year(Parts(venue="Fictional Letters, 1842: 3015"), "")
    """
    year = _find_year(parts, raw)
    return year if year is not None and MIN_YEAR <= year <= MAX_YEAR else None


def _find_year(parts: Parts, raw: str) -> int | None:
    if parts.patent_year is not None and MIN_YEAR <= parts.patent_year <= MAX_YEAR:
        return parts.patent_year  # a publication number (CN114000000A) holds no year
    if parts.leading_year is not None:
        return parts.leading_year
    glued = _GLUED_TAG_RE.match((parts.venue or "").strip())
    if glued:
        return 2000 + int(glued.group(2))
    tagged = _tag_year(parts.venue_tag)
    if tagged is not None:
        return tagged  # "SOSP'21<TAB>…, invited fast-track to TOS'22": the entry's own tag
    for text in (parts.venue or "", raw if parts.title is None else raw.replace(parts.title, " ")):
        arxiv = _ARXIV_ID_RE.search(text)
        unnumbered = _ARXIV_ID_RE.sub(" ", text) if arxiv else text  # "arXiv:2003.07630" is 2020
        years = [int(y) for y in _YEAR_RE.findall(unnumbered) if MIN_YEAR <= int(y) <= MAX_YEAR]
        if years:
            return years[-1]
        short = _SHORT_YEAR_RE.search(text)
        if short:
            return 2000 + int(short.group(1))
        if arxiv:
            return 2000 + int(arxiv.group(1))
        hyphened = _HYPHEN_TAG_YEAR_RE.search(text) if text is parts.venue else None
        if hyphened:
            return 2000 + int(hyphened.group(1))  # "(IAAI-23)": a venue tag and its year
    for found in reversed(find_date_ranges(raw)):  # "民国111年" and other calendar forms
        for date in (found.end, found.start):
            if date and date[:4].isdigit():
                return int(date[:4])
    return None


def _tag_year(tag: str | None) -> int | None:
    """The year of an entry's venue tag: ``SOSP'21``, ``[AACL 2022]``."""
    if not tag:
        return None
    full = _YEAR_RE.search(tag)
    if full is not None and MIN_YEAR <= int(full.group(0)) <= MAX_YEAR:
        return int(full.group(0))
    short = _SHORT_YEAR_RE.search(tag)
    return 2000 + int(short.group(1)) if short else None


@cache
def _trailing_han_re() -> re.Pattern[str]:
    """Chinese words closing a venue text (a remark: "计算机视觉顶会"); a match starts where a
    Han run does, so a long run costs linear time. Compiled on first use (1.5 ms: CJK
    classes), by the few venue texts that end in Chinese."""
    return re.compile(rf"(?<![{HAN}])[{HAN}]+$")


#: A venue tag with its year glued on: "OSDI25", "Yarch23".
_GLUED_TAG_RE = re.compile(r"^([A-Z][A-Za-z&\-]{1,11})(\d{2})$")


#: A comma with nothing after it before another comma or a closing bracket.
_EMPTY_COMMA_RE = re.compile(r"\s*,\s*(?=[,)])")


@memo_short_texts(max_chars=MEMO_MAX_CHARS, maxsize=MEMO_SIZE)
def venue_query(venue: str) -> str:
    """The venue text without rank claims and notes that only confuse matching; a workshop
    tag glued to its host by a hyphen is written with "@" (``FL-AAAI`` is ``FL@AAAI``).

    Memoized: an entry's venue is asked for when it is parsed, when its tag is weighed and
    when it is ranked."""
    # each pattern is tried only on a text holding what it must match (most venue texts
    # hold no claim, no trailing Chinese, no hyphen): the unanchored ones try every place
    text = _GLUED_TAG_RE.sub(r"\1 '\2", venue.strip())  # "OSDI25" is "OSDI '25"
    if "ccf" in text.lower():
        text = CLAIM_RE.sub(" ", text)
    if "类" in text:
        text = _other_claim_re().sub(" ", text)
    if text and re.fullmatch(f"[{HAN}]", text[-1]):
        text = _trailing_han_re().sub(" ", text)
    if "-" in text:
        text = _HYPHEN_TAG_RE.sub(_hosted_tag, text)
    held = _WORKSHOP_THEN_HOST_RE.match(text)
    if held is not None and _names_venue(text[held.end() :]):
        text = f"{held.group(1)} at {text[held.end() :]}"
    if "," in text:
        text = _EMPTY_COMMA_RE.sub("", text)
    return text.strip(" ,")


#: "NEAC workshop IEEE/ACM International Symposium on ...": a workshop's name, then its host
#: with no word between (not "Workshop on ...", "Workshop 2023", "Workshop at ...").
_WORKSHOP_THEN_HOST_RE = re.compile(
    r"^(\S.{0,40}?\b(?i:workshops?))\s+"
    r"(?!(?i:on|in|of|for|at|and|@|co-?located|held|proceedings|papers?|track)\b)(?=[A-Z])"
)


#: Two short names joined by a hyphen: ``FL-AAAI``, ``ASP-DAC``, ``EMNLP-IJCNLP``.
#: (What comes before the first letter is checked after it, so that the pattern is scanned for.)
_HYPHEN_TAG_RE = re.compile(
    r"([A-Z](?<![\w-][A-Z])[A-Za-z0-9]{1,9})-([A-Z][A-Za-z0-9]{1,11})(?![\w-])"
)


def _hosted_tag(found: re.Match[str]) -> str:
    """``FL-AAAI``: an unknown tag on a listed host is a workshop held there, never the host's
    paper; a listed pair (``ASP-DAC``) or two listed venues (``EMNLP-IJCNLP``) stay as they are.

    >>> [venue_query(t) for t in ("FL-AAAI 2022", "ASP-DAC 2023", "EMNLP-IJCNLP 2019")]
    ['FL@AAAI 2022', 'ASP-DAC 2023', 'EMNLP-IJCNLP 2019']
    >>> venue_query("NEAC workshop IEEE/ACM Symposium on Cluster Computing (CCGrid 2021)")
    'NEAC workshop at IEEE/ACM Symposium on Cluster Computing (CCGrid 2021)'
    >>> venue_query("Symposium on High-Performance Computing")
    'Symposium on High-Performance Computing'
    """
    tag, host = found.group(1), found.group(2)
    if not (re.fullmatch(_ACRONYM, tag) and re.fullmatch(_ACRONYM, host)):
        return found.group(0)  # words, not short names: "High-Performance"
    pair = describe_venue(found.group(0))
    if pair is not None and pair.method is not None and pair.abbr not in (None, host):
        return found.group(0)  # the pair itself is a listed venue
    if _names_venue(tag) or not _names_venue(host):
        return found.group(0)
    return f"{tag}@{host}"


def decide_kind(
    parts: Parts, match: VenueMatch | None, hint: PublicationKind | None, raw: str
) -> PublicationKind:
    """The kind of a publication from its section, its venue and what the entry says."""
    if (
        hint is PublicationKind.PATENT
        or parts.patent_year is not None
        and hint is None
        and match is None
    ):
        return PublicationKind.PATENT
    venue = parts.venue or ""
    if _says_preprint(match, venue, raw):
        return PublicationKind.PREPRINT  # also under a [J] code: "[J]. arXiv preprint arXiv:…"
    if parts.type_code:
        return PublicationKind(load_publication_words().type_codes.get(parts.type_code, "other"))
    if match is not None and match.kind in ("workshop", "journal", "conference"):
        return PublicationKind(match.kind)
    if hint is not None:
        return hint
    if _kind_words("journal").found(venue):
        return PublicationKind.JOURNAL
    if _kind_words("workshop").found(venue):
        return PublicationKind.WORKSHOP
    if is_recognized(match) or _kind_words("conference").found(venue):
        return PublicationKind.CONFERENCE
    if _VOLUME_RE.search(venue):
        return PublicationKind.JOURNAL  # "Toy Letters, 48(2), 161-220", "vol. 7, no. 3"
    if (
        venue_short_name(venue) is not None
        or written_venue(venue)[1] is not None
        or tag_short_name(parts.venue_tag) is not None
    ):
        return PublicationKind.CONFERENCE  # "FooConf 2021": an acronym and a year name a meeting
    return PublicationKind.OTHER


def _says_preprint(match: VenueMatch | None, venue: str, raw: str) -> bool:
    """The venue is a preprint server, or the venue text (else, with no venue, the whole
    entry) holds a preprint cue. The whole entry is keyed only when there is no venue: it
    is the longest text of the entry, and too long for the key memo.

    >>> _says_preprint(None, "", "Ann Lee. Toy Things. Under review.")
    True
    >>> _says_preprint(None, "ToyConf 2024", "Ann Lee. Toy Things. Under review. ToyConf 2024")
    False
    """
    return (
        match is not None
        and match.kind == "preprint"
        or _is_preprint_text(without_links(venue))
        or not venue
        and _is_preprint_text(raw)
    )


#: A journal's volume and issue: "48(2)", "27 (3)", "vol. 7", "Volume 12", "no. 3", or a
#: short volume (and number) right before the pages: "Computing 2, pp. 24-31", "13.3, pp. 40".
_VOLUME_RE = re.compile(
    r"(?<![\w(])\d{1,4}\s?\(\d{1,3}(?:[-–]\d{1,3})?\)|\b(?:vol(?:ume)?|no)\.?\s?\d{1,4}\b"
    r"|(?<![\d.])\d{1,3}(?:\.\d{1,3})?,\s*pp?\.\s*\d",
    re.IGNORECASE,
)


@cache
def _kind_words(kind: str) -> _Cues:
    """The words that make a venue text a journal, a workshop or a conference
    (``lexicons/ccf/markers.yaml``; a conference also by its proceedings)."""
    markers = load_ccf_markers()
    words = {
        "journal": markers.journal,
        "workshop": markers.workshop,
        "conference": [*markers.conference, *markers.proceedings],
    }[kind]
    return _Cues.of(words)


#: A short venue name written alone with its year: "FooConf 2021", "APNet '23".
_SHORT_VENUE_RE = re.compile(
    r"^(?:In\s+)?([A-Z][A-Za-z0-9&+\-]*[A-Z0-9][A-Za-z0-9&+\-]*(?:\s[A-Z][A-Za-z0-9&+\-]*)?)[\s,]*(?:'\d{2}|(?:19|20)\d{2})?[\s.,]*$"
)


def venue_short_name(venue: str) -> str | None:
    """The name of a venue no catalog knows, when the text is just a short name and a year.

    >>> venue_short_name("FooConf 2021."), venue_short_name("APNet '23"), venue_short_name("in submission")
    ('FooConf', 'APNet', None)
    """
    glued = _GLUED_TAG_RE.match(venue.strip())
    if glued:  # "FooConf21"
        return glued.group(1)
    found = _SHORT_VENUE_RE.match(venue.strip())
    return found.group(1) if found else None


#: An acronym-like word: two capitals or a capital and a digit ("WearSys", "L4DC", "DS-RT").
#: (The lookahead keeps one starred run per word, so a long word costs linear time.)
_ACRONYM = r"[A-Z](?=[A-Za-z0-9&+\-]*[A-Z0-9])[A-Za-z0-9&+\-]*"
#: An acronym written with its year anywhere in a venue text ("... FEAST '19.", "(DS-RT'07)").
#: (What comes before the first letter is checked after it, so that the pattern is scanned for.)
_ACRONYM_YEAR_RE = re.compile(
    rf"([A-Z](?<![\w\-][A-Z]){_ACRONYM.removeprefix('[A-Z]')})\s?(?:'\d{{2}}|(?:19|20)\d{{2}})(?![\w\-])"
)
#: Where the name of a venue ends: a year, a volume or page number, "pp.", "vol.".
_NUMBER_AFTER = r"(?:(?:19|20)\d{2}\b|\d+\s*[(.:,]|\d+$|(?:pp|vol|no)\.|pages\b)"
#: (``(?:,\s*|(?<!\s)\s+)N|\.\s|\(``, N the number after, led by the class of its first characters.)
_WRITTEN_NAME_END_RE = re.compile(
    rf"[,\s.(](?:(?<=,)\s*{_NUMBER_AFTER}|(?<=\s)(?<!\s\s)\s*{_NUMBER_AFTER}|(?<=\.)\s|(?<=\())",
    re.IGNORECASE,
)
_LEADING_WORDS_RE = re.compile(
    r"^(?:in\b\s*:?|proceedings\s+of(?:\s+the)?|proc\.|the)\s*|^(?:19|20)\d{2}\s+", re.IGNORECASE
)
#: An ordinal before a venue name (``\b\d+(?:st|nd|rd|th)\s+``, the word start checked after
#: the first digit, so that the pattern is scanned for).
_ORDINAL_RE = re.compile(r"\d(?<!\w\d)\d*(?:st|nd|rd|th)\s+", re.IGNORECASE)
#: A name no catalog knows is at most this many words.
MAX_WRITTEN_NAME_WORDS = 12


def _written_name_end(text: str) -> int:
    """Where a written venue name ends (:data:`_WRITTEN_NAME_END_RE`), going past the full
    stop of an abbreviated word ("ACM Trans. on Modeling" is one name).

    >>> text = "ACM Trans. on Toy Modeling. Best Paper"
    >>> text[: _written_name_end(text)]
    'ACM Trans. on Toy Modeling'
    """
    for end in _WRITTEN_NAME_END_RE.finditer(text):
        if not _after_abbreviation(text, end.start()):
            return end.start()
    return len(text)


#: The word just before a full stop.
_LAST_WORD_RE = re.compile(r"[^\W\d_]+$")


@cache
def _abbreviated() -> frozenset[str]:
    return frozenset(w.casefold() for w in load_publication_words().abbreviated_words)


@cache
def _publishers() -> frozenset[str]:
    return frozenset(lexicon_key(p) for p in load_publication_words().publishers)


@cache
def _not_venues() -> _Cues:
    return _Cues.of(load_publication_words().not_venues)


def written_venue(venue: str) -> tuple[str | None, str | None]:
    """Name and short name of a venue no catalog knows, as its text writes them: links,
    years, volume and pages, months, places and publishers cut away.

    >>> written_venue("In: IEEE Pervasive Computing 2, pp. 24-31. url:")
    ('IEEE Pervasive Computing', None)
    >>> written_venue("QuietConf. ACM, 2020: 476-481."), written_venue("In IEEE ToyConf, Springfield, 2017, pp. 68-74")
    (('QuietConf', 'QuietConf'), ('IEEE ToyConf', 'ToyConf'))
    >>> written_venue("In: Proceedings of the 2019 Workshop on Quiet Builds. QB '19. Cited by 3")
    ('Workshop on Quiet Builds', 'QB')
    >>> written_venue("Security & Privacy, IEEE 13.3, pp. 40-47"), written_venue("PhD thesis. Some University.")
    (('Security & Privacy', None), (None, None))
    """
    text = without_links(venue).strip()
    if _not_venues().found(text):
        return None, None
    glued = _GLUED_TAG_RE.match(text)
    if glued:  # "ToyConf25"
        return glued.group(1), glued.group(1)
    tagged = next(
        (
            found.group(1)
            for found in _ACRONYM_YEAR_RE.finditer(text)
            if lexicon_key(found.group(1)) not in _publishers()
        ),
        None,
    )
    while (lead := _LEADING_WORDS_RE.match(text)) and lead.end() > 0:
        text = text[lead.end() :]
    text = _ORDINAL_RE.sub("", text)
    end = _written_name_end(text)
    name = text[:end]
    segments = [s.strip(" .;:") for s in name.split(",")]
    kept = [
        s for s in segments if s and lexicon_key(s) not in _publishers() and not is_month_name(s)
    ]
    name = kept[0] if kept else ""
    words = name.split()
    if (
        not words
        or len(words) > MAX_WRITTEN_NAME_WORDS
        or not (name[0].isupper() or CJK_RE.match(name))
    ):
        return None, tagged
    named = [w for w in words if lexicon_key(w) not in _publishers()]  # "IEEE ToyConf"
    short = named[0] if len(named) == 1 and re.fullmatch(_ACRONYM, named[0]) else None
    return name, tagged or short


def tag_short_name(tag: str | None) -> str | None:
    """The venue name of an entry's tag that holds a year (``[AACL 2022]``, ``FooConf'21``);
    tags without one are labels more often than venues (``[SCI]``, ``[CCF-A]``).

    >>> tag_short_name("AACL 2022"), tag_short_name("SCI"), tag_short_name("CCF-A 2022")
    ('AACL', None, None)
    """
    if not tag or not _TAG_YEAR_RE.search(tag) or CLAIM_RE.search(tag):
        return None
    return venue_short_name(tag)


_TAG_YEAR_RE = re.compile(r"'\d{2}\b|\b(?:19|20)\d{2}\b")


_SENTENCE_BREAK_RE = re.compile(r"[a-z]{2}\.\s+[A-Z]")
#: Kinds whose venue text names no venue of their own.
_UNNAMED_KINDS = frozenset({PublicationKind.PATENT, PublicationKind.PREPRINT})


#: A publication entry longer than this is likely several entries read as one (the longest of
#: the real CVs measured is about 400 characters; one with its abstract, under 2,000).
MAX_ENTRY_CHARS = 3000


def build_publication(
    entry: RawEntry, parts: Parts, hint: PublicationKind | None, edition: Edition
) -> tuple[Publication, list[Warning]]:
    """A Publication from its parts: the venue recognized and the kind decided. Ranks come
    later, from :func:`bilingual_cv.venues.ranking.rank_venues`."""
    warnings: list[Warning] = []
    raw = entry.text
    claim = CLAIM_RE.search(raw)
    match = None
    venue_text = parts.venue
    if venue_text and hint is not PublicationKind.PATENT:
        match = describe_venue(venue_query(venue_text), edition, kind_hint=kind_hint(hint))
    kind = decide_kind(parts, match, hint, raw)
    name, abbr = (match.name, match.abbr) if match else (None, None)
    if (match is None or match.venue_id is None) and kind not in _UNNAMED_KINDS:
        written_name, written_abbr = written_venue(venue_text) if venue_text else (None, None)
        if (
            name is None
            or _SENTENCE_BREAK_RE.search(name)  # a name is one sentence
            or written_name is not None
            and name.startswith(written_name)  # "Journal of Toys, Mar": a cleaner cut
        ):
            name = written_name or name
        abbr = (
            abbr
            or venue_short_name(venue_text or "")
            or written_abbr
            or tag_short_name(parts.venue_tag)
        )
    venue = Venue(raw=venue_text, name=name, abbr=abbr)
    if parts.title is None:
        warnings.append(
            Warning(
                code=WarningCode.PUBLICATION_UNPARSED,
                message=f"no title found in {raw[:80]!r}",
                line=entry.first_line,
            )
        )
    if len(raw) > MAX_ENTRY_CHARS:
        warnings.append(
            Warning(
                code=WarningCode.ENTRY_TOO_LONG,
                message=(
                    f"a publication entry of {len(raw):,} characters on {len(entry.lines)} lines,"
                    f" likely several read as one: {raw[:80]!r}"
                ),
                line=entry.first_line,
            )
        )
    lang: Lang = "zh" if parts.title and CJK_RE.search(parts.title) else entry.lang
    publication = Publication(
        title=parts.title,
        authors=parts.authors,
        venue=venue,
        year=find_year(parts, raw),
        kind=kind,
        claimed_ccf=CcfRank(claim.group(1).upper()) if claim else None,
        section=entry.section,
        notes=parts.notes,
        lang=lang,
        raw=raw,
        line=entry.first_line or None,
    )
    return publication, warnings


def kind_hint(hint: PublicationKind | None) -> VenueType | None:
    """The venue type a kind expects, to tell apart venues sharing an abbreviation."""
    if hint is PublicationKind.JOURNAL:
        return "journal"
    if hint is PublicationKind.CONFERENCE:
        return "conference"
    return None


def infer_owner(publications: Sequence[Publication]) -> str | None:
    """The author common to the lists, for a CV that never states its owner's name.

    Latin and Han spellings are counted apart; the most frequent author wins when it is on
    at least half of the lists that have authors.
    """
    counts: Counter[str] = Counter()
    spelled: dict[str, str] = {}
    first_seen: dict[str, int] = {}
    with_authors = 0
    for publication in publications:
        if not publication.authors:
            continue
        with_authors += 1
        for author in dict.fromkeys(publication.authors):
            key = " ".join(_name_tokens(author)) if not _HAN_NAME_RE.match(author) else author
            counts[key] += 1
            spelled.setdefault(key, author)
            first_seen.setdefault(key, len(first_seen))
    if not counts:
        return None
    key, count = max(counts.items(), key=lambda item: (item[1], -first_seen[item[0]]))
    return spelled[key] if count >= max(2, with_authors / 2) else None


def _inferred_names(publications: Sequence[Publication]) -> list[str]:
    """The owner as inferred from Latin and from Han author lists, separately."""
    latin = infer_owner(
        [p for p in publications if p.authors and not _HAN_NAME_RE.match(p.authors[0])]
    )
    han = infer_owner([p for p in publications if p.authors and _HAN_NAME_RE.match(p.authors[0])])
    return [name for name in (latin, han) if name]


def inferred_owner_name(publications: Sequence[Publication]) -> str | None:
    """The name to report for a CV that never states its owner: papers before patents."""
    papers = [p for p in publications if p.kind is not PublicationKind.PATENT]
    return infer_owner(papers) or infer_owner(publications)


def _owner_keys(person: Person, publications: Sequence[Publication]) -> frozenset[str]:
    """Spellings of the owner's name; a script the CV does not spell the name in (a Chinese
    CV's English papers, an English CV's Chinese patents) is inferred from the author lists."""
    keys: set[str] = set()
    for name in (person.name, person.name_zh, person.inferred_name):
        if name:
            keys |= name_keys(name)
    # per script (Han?) the authors are written in: does a stated spelling appear?
    found: dict[bool, bool] = {}
    spelled = frozenset(keys) | _initial_keys(frozenset(keys))  # "S. Li" spells 李爽 too
    for publication in publications:
        for author in publication.authors:
            han = bool(_HAN_NAME_RE.match(author))
            # a script whose spelling was seen needs no more looking (nor romanizing), and
            # with no name stated there is nothing to look for
            if not found.setdefault(han, False) and spelled and _author_key(author) & spelled:
                found[han] = True
    if all(found.values()):  # an inferred name is an author, in a script already spelled
        return frozenset(keys)
    for name in _inferred_names(publications):
        if not found.get(bool(_HAN_NAME_RE.match(name)), False):
            keys |= name_keys(name)
    return frozenset(keys)


def parse_publications(
    sections: Sequence[RawSection], person: Person, edition: Edition
) -> tuple[list[Publication], list[Warning], list[Line]]:
    """Every entry of every publication and patent section, in document order.

    Also returns the lines that belong to no entry (a date or an ``Advisor:`` line that a
    PDF extractor moved into the list), for the caller to place or report.
    """
    publications: list[Publication] = []
    all_parts: list[Parts] = []
    warnings: list[Warning] = []
    all_strays: list[Line] = []
    for section in sections:
        hint = section_kind(section)
        entries, strays = split_entries(section)
        all_strays.extend(strays)
        for entry in entries:
            parts = parse_parts(entry)
            if not parts.authors and parts.venue is None and find_year(parts, entry.text) is None:
                all_strays.extend(entry.lines)  # a remark such as "(* corresponding author)"
                continue
            publication, entry_warnings = build_publication(entry, parts, hint, edition)
            publications.append(publication)
            all_parts.append(parts)
            warnings.extend(entry_warnings)
    names = _owner_keys(person, publications)
    placed = [
        publication.model_copy(update={"owner_position": owner_position(parts, names)})
        for publication, parts in zip(publications, all_parts, strict=True)
    ]
    return placed, warnings, all_strays
