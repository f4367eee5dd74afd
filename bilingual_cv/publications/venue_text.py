"""What a venue text says.

Whether a text names a venue (a year, cue words, an ISO 4 cut word, the catalogs:
:func:`is_venue_text`), the text cleaned into a catalog query (:func:`venue_query`), rank
claims (:data:`CLAIM_RE`), and the name and short name of a venue no catalog knows, as the
text writes them (:func:`written_venue`, :func:`venue_short_name`, :func:`tag_short_name`).
"""

from __future__ import annotations

import re
from functools import cache

from bilingual_cv.lang.date_grammar import is_month_name
from bilingual_cv.lang.dates import YEAR_RE
from bilingual_cv.lang.scripts import CJK_RE, HAN, han_runs, is_han
from bilingual_cv.lexicon import lexicon_key, load_publication_words
from bilingual_cv.memo import memo_short_texts
from bilingual_cv.publications.cues import Cues
from bilingual_cv.publications.parts import MEMO_MAX_CHARS, MEMO_SIZE
from bilingual_cv.publications.year import (
    GLUED_TAG_RE,
    SHORT_YEAR_RE,
    closing_tag_year,
    has_glued_year,
    split_glued_years,
)
from bilingual_cv.venues import VenueMatch, describe_venue, without_links

#: Texts up to this many words are looked up in the venue catalogs to tell a venue line.
VENUE_LOOKUP_WORDS = 12


#: A claimed CCF rank: ``CCF-A``, ``CCF A``, ``CCF A类``, ``CCF推荐A类``.
#: (The first letter is matched case-sensitively as [Cc], what IGNORECASE reads "C" as, so the
#: engine can scan for it: a cased letter under IGNORECASE is tried at every position.)
CLAIM_RE = re.compile(
    r"(?-i:[Cc])CF\s*[-‐:：]?\s*(?:推荐\s*)?([ABC])(?:\s*类)?(?![A-Za-z])", re.IGNORECASE
)


#: A claimed journal tier, which is no CCF rank: ``中科院一区``, ``中科院 SCI 2 区 Top``,
#: ``SCI一区``, ``JCR Q1``, ``CAS Q2``, ``JCR-Q1``. A system must be named: a bare "Q1" or
#: "一区" is too often something else.
TIER_RE = re.compile(
    r"(?:中国科学院|中科院|(?-i:CAS|JCR|SCIE?|SSCI))"
    r"(?:\s*(?:SCIE?|SSCI|JCR|分区|期刊|大类|小类)){0,2}"
    r"\s*[-:：]?\s*(?:[一二三四1-4]\s*区|(?-i:Q)[1-4](?![0-9]))"
    r"(?:\s*(?:Top|TOP|top))?",
    re.IGNORECASE,
)


def claimed_tiers(raw: str) -> str | None:
    """The journal tiers an entry claims, as written, joined by "; " (None when it claims none).

    >>> claimed_tiers("Journal of Toys, 2021. (中科院一区 Top, CCF-A)")
    '中科院一区 Top'
    >>> claimed_tiers("Toy Letters, 2020 (SCI 2区, JCR Q1)")
    'SCI 2区; JCR Q1'
    >>> claimed_tiers("ToyConf 2019, Q1 session") is None
    True
    """
    if "区" not in raw and "Q" not in raw:
        return None
    found = dict.fromkeys(" ".join(m.group().split()) for m in TIER_RE.finditer(raw))
    return "; ".join(found) or None


#: What closes a claim of another rank (``清华 A类``) after the Chinese words that make it.
_OTHER_CLAIM_TAIL_RE = re.compile(r"\s*[ABC]\s*类")


def _without_other_claims(text: str) -> str:
    """``text`` without other rank claims, which are notes, not venues: a run of Chinese
    characters, then A, B or C and 类 (``清华 A类``), each put as one space. The runs are
    found by :func:`han_runs`, not by a pattern: a class of Chinese characters costs more to
    compile than every claim a CV holds costs to find.

    >>> _without_other_claims("计算机学报 (清华 A类)"), _without_other_claims("清华A类北大B类")
    ('计算机学报 ( )', ' 北大B类')
    """
    out: list[str] = []
    kept = 0  # the end of the text already copied (or of the last claim)
    for start, end in han_runs(text):
        if start < kept:
            continue  # a run that began inside the last claim: no claim opens in it
        tail = _OTHER_CLAIM_TAIL_RE.match(text, end)
        if tail is not None:
            out.append(text[kept:start] + " ")
            kept = tail.end()
    return "".join(out) + text[kept:] if out else text


@cache
def _venue_cues() -> tuple[frozenset[str], tuple[str, ...]]:
    cues = [lexicon_key(c) for c in load_publication_words().venue_cues]
    return frozenset(c for c in cues if " " not in c), tuple(c for c in cues if " " in c)


def is_venue_text(text: str) -> bool:
    """The text holds a year, or names a venue by its words (:func:`names_venue_words`).

    >>> is_venue_text("ToyConf '24"), is_venue_text("Journal of Toys"), is_venue_text("Fast Toys")
    (True, True, False)
    >>> is_venue_text("In ToyConf-24."), is_venue_text("ToyConf23"), is_venue_text("ToyConf23 Accepted")
    (True, True, True)
    """
    if YEAR_RE.search(text) or SHORT_YEAR_RE.search(text):
        return True
    return closing_tag_year(text) is not None or has_glued_year(text) or names_venue_words(text)


def is_recognized(match: VenueMatch | None) -> bool:
    """A venue the catalogs or the unranked list know, or whose kind the text states."""
    return match is not None and (
        match.method is not None or match.abbr is not None or match.kind is not None
    )


def names_venue(text: str) -> bool:
    """The text names a venue the catalogs or the unranked list know."""
    match = describe_venue(text)
    return match is not None and match.method is not None


def after_abbreviation(text: str, stop: int) -> bool:
    """The full stop at ``stop`` ends an abbreviated word ("Proc.", "Trans.")."""
    return text[stop] == "." and is_cut_word_before(text, stop)


def is_cut_word_before(text: str, stop: int) -> bool:
    """The word that ends at ``stop`` is one ISO 4 cuts ("Trans", "Proc"). Only the last
    few characters are looked at: a cut word is short, and a long run of letters must cost
    constant time here.

    >>> is_cut_word_before("IEEE Trans. Toys", 10), is_cut_word_before("Toy Data. X", 8)
    (True, False)
    """
    window = text[max(0, stop - MAX_CUT_WORD) : stop]
    word = _LAST_WORD_RE.search(window)
    if word is None or (word.start() == 0 and stop > MAX_CUT_WORD):
        return False  # no word, or one longer than any cut word
    return word.group(0).casefold() in _abbreviated()


#: Longest word an ISO 4 venue abbreviation cuts short, in characters.
MAX_CUT_WORD = 12


#: A word cut short with a full stop at the start of a text, then a capitalized word.
_LEADING_CUT_RE = re.compile(r"^\s*(?:in\s+)?([A-Za-z]{1,8})\.\s+[A-Z]")


def names_venue_words(text: str) -> bool:
    """The text is a venue's name by its words, by a catalog, or by opening with an ISO 4 cut
    word ("J. Logic Programming", "Math. Programming"); a year alone is not."""
    cut = _LEADING_CUT_RE.match(text)
    if cut is not None and cut.group(1).casefold() in _abbreviated():
        return True
    key = lexicon_key(text)
    words, phrases = _venue_cues()
    if any(word in words for word in key.split()) or any(p in key for p in phrases):
        return True
    if len(text.split()) > VENUE_LOOKUP_WORDS:
        return False
    match = describe_venue(text)
    return is_recognized(match) and not _abbreviation_inside_title(text, match)


#: A venue's abbreviation this many words or more into a text is a word of a title.
MIN_TITLE_WORDS_BEFORE = 3
#: A run of non-space characters.
_WORD_RE = re.compile(r"\S+")


def _abbreviation_inside_title(text: str, match: VenueMatch | None) -> bool:
    """The venue was found by an abbreviation that runs on from a title's first words, with
    no stop or comma before it (``Analysis of IoT Devices with Heuristics``: IoT names a
    journal, the line a paper; ``Ensemble Estimation, AAAI Accepted`` names the venue).

    >>> _abbreviation_inside_title("Fast Analysis of IoT Toys", describe_venue("Fast Analysis of IoT Toys"))
    True
    >>> t = "Fast Toy Estimation, IoT-J 2024"
    >>> _abbreviation_inside_title(t, describe_venue(t)), _abbreviation_inside_title("IEEE IoT-J", describe_venue("IEEE IoT-J"))
    (False, False)
    """
    if match is None or match.method != "abbr":
        return False
    names = [name for name in (match.abbr, match.record and match.record.abbr) if name]
    words = {lexicon_key(name).split()[0] for name in names if lexicon_key(name)}
    for found in _WORD_RE.finditer(text):
        key = lexicon_key(found.group(0)).split()
        if key and key[0] in words:
            before = text[: found.start()].rstrip()
            return len(before.split()) >= MIN_TITLE_WORDS_BEFORE and before[-1:].isalnum()
    return False


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
    # "OSDI25" is "OSDI '25" (a function, not a template: a template is parsed in Python on
    # every call, matched or not)
    text = GLUED_TAG_RE.sub(lambda found: f"{found[1]} '{found[2]}", venue.strip())
    text = split_glued_years(text, bare_short=True)  # "CVPR2023", "AAAI-24", "AAAI24 Oral"
    if "ccf" in text.lower():
        text = CLAIM_RE.sub(" ", text)
    if "类" in text:
        text = _without_other_claims(text)
    if "区" in text or "Q" in text:
        text = TIER_RE.sub(" ", text)
    if text and is_han(text[-1]):  # Chinese words closing it: a remark ("计算机视觉顶会")
        start = len(text) - 1
        while start and is_han(text[start - 1]):
            start -= 1
        text = text[:start] + " "
    if "-" in text:
        text = _HYPHEN_TAG_RE.sub(_hosted_tag, text)
    held = _WORKSHOP_THEN_HOST_RE.match(text)
    if held is not None and names_venue(text[held.end() :]):
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
    if names_venue(tag) or not names_venue(host):
        return found.group(0)
    return f"{tag}@{host}"


#: A short venue name written alone with its year: "FooConf 2021", "APNet '23".
_SHORT_VENUE_RE = re.compile(
    r"^(?:In\s+)?([A-Z][A-Za-z0-9&+\-]*[A-Z0-9][A-Za-z0-9&+\-]*(?:\s[A-Z][A-Za-z0-9&+\-]*)?)[\s,]*(?:'\d{2}|(?:19|20)\d{2})?[\s.,]*$"
)


def venue_short_name(venue: str) -> str | None:
    """The name of a venue no catalog knows, when the text is just a short name and a year.

    >>> venue_short_name("FooConf 2021."), venue_short_name("APNet '23"), venue_short_name("in submission")
    ('FooConf', 'APNet', None)
    """
    glued = GLUED_TAG_RE.match(venue.strip())
    if glued:  # "FooConf21"
        return glued.group(1)
    found = _SHORT_VENUE_RE.match(split_glued_years(venue.strip()))  # "FooConf2021"
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
    rf"^(?:in\b\s*:?|proceedings\s+of(?:\s+the)?|proc\.|the)\s*|^(?:19|20)\d{{2}}(?:\s+|(?=[{HAN}]))",
    re.IGNORECASE,
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
        if _cut_name_word(text, end.start()):
            if _NUMBER_NEXT_RE.match(text, end.start() + 1):
                return end.start() + 1  # "Phys. Rev. Lett. 128, 1": the volume ends it
            continue
        if not after_abbreviation(text, end.start()):
            return end.start()
    return len(text)


#: A volume, a year or pages right after a stop: where a cut name ends.
_NUMBER_NEXT_RE = re.compile(rf"\s+{_NUMBER_AFTER}", re.IGNORECASE)


#: A short capitalized word and a full stop (``Phys.``, ``R.``, ``Commun.``): maybe a word of
#: a name cut short the way ISO 4 cuts journal titles.
_CUT_WORD = r"[A-Z][a-z]{0,5}\."
_CUT_BEFORE_RE = re.compile(rf"(?<![^\W\d_]){_CUT_WORD}\s+$")
_CUT_AFTER_RE = re.compile(rf"\s+{_CUT_WORD}(?=\s)")
_CUT_HERE_RE = re.compile(r"(?<![^\W\d_])[A-Z][a-z]{0,5}$")


def _cut_name_word(text: str, stop: int) -> bool:
    """The full stop at ``stop`` closes a word of a venue's name cut short the way ISO 4 cuts
    journal titles, inside a run of such words (``Phys. Rev. B``, ``Nat. Commun.``, ``R. Soc.
    B``): a short capitalized word with its stop, next to another, or a capital alone before
    a capitalized word (``J. Toy Sci.``). One such word alone (``Nature. 2022``) ends the
    name.

    >>> text = "Phys. Rev. B 105, 2022"
    >>> text[: _written_name_end(text)], _cut_name_word("Nature. Best Paper", 6)
    ('Phys. Rev. B', False)
    """
    if text[stop : stop + 1] != ".":
        return False
    word = _CUT_HERE_RE.search(text, max(0, stop - 7), stop)
    if word is None:
        return False
    if stop - word.start() == 1:
        return _NEXT_CAPITAL_RE.match(text, stop + 1) is not None  # "J. Toy Sci.", "R. Soc."
    return (
        _CUT_BEFORE_RE.search(text, max(0, word.start() - 9), word.start()) is not None
        or _CUT_AFTER_RE.match(text, stop + 1) is not None
    )


#: A word of a name cut short (:data:`_CUT_WORD`) opening the text, another after it.
_CUT_WORD_NEXT_RE = re.compile(rf"{_CUT_WORD}\s+[A-Z]")
#: A capitalized word after a stop and a space.
_NEXT_CAPITAL_RE = re.compile(r"\s+[A-Z]")


#: The word just before a full stop.
_LAST_WORD_RE = re.compile(r"[^\W\d_]+$")


@cache
def _abbreviated() -> frozenset[str]:
    return frozenset(w.casefold() for w in load_publication_words().abbreviated_words)


@cache
def _publishers() -> frozenset[str]:
    return frozenset(lexicon_key(p) for p in load_publication_words().publishers)


@cache
def _not_venues() -> Cues:
    return Cues.of(load_publication_words().not_venues)


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
    text = split_glued_years(without_links(venue).strip())  # "FooConf-2021"
    if _not_venues().found(text):
        return None, None
    glued = GLUED_TAG_RE.match(text)
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
        if _CUT_WORD_NEXT_RE.match(text, lead.end()) and lead.group().lower().startswith("proc."):
            break  # "Proc. R. Soc. B", "Proc. Natl. Acad. Sci.": a journal's name cut short
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
    if not tag or not TAG_YEAR_RE.search(tag) or CLAIM_RE.search(tag):
        return None
    return venue_short_name(tag)


#: A year in a venue tag: ``SOSP'21``, ``AACL 2022``.
TAG_YEAR_RE = re.compile(r"'\d{2}\b|\b(?:19|20)\d{2}\b")


def tag_decides(tag: str, venue: str | None) -> bool:
    """The entry's venue tag names its venue: the venue text names none, or names another
    venue while also naming the tag's (``[CoNLL 2019] ... In ACL SIGNLL CoNLL 2019``: the
    tag says which of the two). A workshop text keeps its own venue: a tag there is the host.

    >>> tag_decides("CoNLL 2019", "In ACL SIGNLL CoNLL 2019"), tag_decides("NSDI'24", "Hot Topics Workshop at NSDI")
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
