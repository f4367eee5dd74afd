"""Places: cutting a trailing location ("City, Region", a region alone, "Hybrid, ...") off
a header text, and telling a location from an organization.

Regions, cities and remote-work words come from ``lexicons/entries/places.yaml``; the words
of a city name are read without a gazetteer (capitalized words before the region).
"""

from __future__ import annotations

import re
from functools import cache

from bilingual_cv.entries.line_text import COLUMN_RE, COMMA_RE, HAN_RE, WORD_RE, trim
from bilingual_cv.entries.phrases import PhraseHit, PhraseMatcher, build_matcher, phrase_key
from bilingual_cv.lexicon import load_places
from bilingual_cv.memo import memo_short_texts

#: Most words in a city name read without a gazetteer ("Mountain View", "Salt Lake City").
MAX_CITY_WORDS = 3


@cache
def _places() -> tuple[PhraseMatcher, PhraseMatcher, frozenset[str], frozenset[str]]:
    lex = load_places()
    first = frozenset(phrase_key(w) for w in lex.city_first)
    last = frozenset(phrase_key(w) for w in lex.city_last)
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


#: A bracketed group closing the text: "Springfield (Alabama)".
_TRAILING_PAREN_RE = re.compile(r"\s*\(([^()]*)\)$")


#: Memoized (texts of ordinary length): an entry parser asks about a header line more than
#: once (a line, then the same line as an institution).
@memo_short_texts(max_chars=200, maxsize=4096)
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
    >>> split_location("Example Suksa School – Toyburi, Thailand")
    ('Example Suksa School', 'Toyburi, Thailand')
    """
    core = text.rstrip(" \t.,;。")
    column = _location_column(core)
    if column is not None:
        return column
    suffix = ""
    paren = _TRAILING_PAREN_RE.search(core)
    if paren and _is_region(paren.group(1)):
        suffix, core = paren.group(0), core[: paren.start()].rstrip(" ,")
    regions = _places()[0]
    hits = [h for h in regions.find(core) if h.end == len(core)]
    if not hits and suffix:
        return _split_before_bracket(core, suffix)
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
    rest = head[: _city_start(head, region)].rstrip(" ,，-–—")
    location = core[len(rest) :].strip(" ,，-–—") + suffix
    return _take_remote_word(rest, location)


def _split_before_bracket(core: str, suffix: str) -> tuple[str, str]:
    """Europass "Politecnico di Milano, Milan (Italy)": the part before a bracketed region
    is its city when it is a comma part of capitalized words."""
    head, comma, city = core.rpartition(",")
    names = city.split()
    if comma and 0 < len(names) <= MAX_CITY_WORDS and all(map(_is_city_word, names)):
        return head.rstrip(" ,，"), (city.strip() + suffix).strip()
    return core, suffix.strip()[1:-1]


#: A dash standing alone between an organization and its city.
_DASHES = ("-", "–", "—")


def _city_start(head: str, region: PhraseHit) -> int:
    """Where the city before a region starts in ``head`` (the text before the region's comma);
    ``len(head)`` when the region stands alone.

    The city is the capitalized words right before the comma: one, or up to three joined by
    the words that open or close city names ("Mountain View", "Salt Lake City").
    """
    _, _, first_words, last_words = _places()
    words = list(WORD_RE.finditer(head))
    start = len(head)
    taken = 0
    own_part = len(words) == 1 or (
        len(words) > 1
        and (
            words[-2].group(0).endswith((",", "，"))
            or words[-2].group(0) in _DASHES
            or COLUMN_RE.fullmatch(head[words[-2].end() : words[-1].start()]) is not None
        )
    )  # "Zurich, Switzerland"; "University of Oxford<TAB>Oxford, UK" (a column break);
    # "Example School – Bangkok, Thailand" (a spaced dash)
    if region.value == "city" or (region.value == "country" and not own_part):
        words = []
    if words and _is_city_word(words[-1].group(0)) and not head[words[-1].end() :].strip():
        w = len(words) - 1
        start, taken = words[w].start(), 1
        while w > 0 and taken < MAX_CITY_WORDS:
            prev = words[w - 1].group(0)
            gap = head[words[w - 1].end() : words[w].start()]
            if (
                prev.endswith((",", "，", ")"))
                or not _is_city_word(prev)
                or "\t" in gap
                or "  " in gap
            ):
                break  # a column break ends the city: "Blinn College<TAB>Bryan, TX"
            if phrase_key(words[w].group(0)) in last_words or phrase_key(prev) in first_words:
                w -= 1
                start, taken = words[w].start(), taken + 1
            else:
                break
    return start


#: The last comma part of a text.
_LAST_PART_RE = re.compile(r"(?:^|[,，]\s*)([^,，]+)[,，]?\s*$")


def _take_remote_word(rest: str, location: str) -> tuple[str, str]:
    """A remote word before the city belongs to the location ("Hybrid, Sunnyvale, CA")."""
    remote = _places()[1]
    m = _LAST_PART_RE.search(rest)
    if m and remote.first(m.group(1)) is not None and _is_region(m.group(1)):
        location = rest[m.start(1) :].strip() + ", " + location
        rest = rest[: m.start(1)].rstrip(" ,，")
    return rest, location.strip()


def _is_city_word(word: str) -> bool:
    return word[:1].isupper() or bool(HAN_RE.match(word[:1]))


def is_place_column(text: str) -> bool:
    """A column of a header line that is wholly a place: comma parts of capitalized words
    (or Chinese words) of which the last or the first is a known region, city or remote
    word ("Auburn, Alabama, US", "中国，北京", "英国，曼彻斯特", "Remote").

    >>> [is_place_column(t) for t in ["Springfield, Alabama, US", "中国，北京", "Remote", "Toy Lab, Acme"]]
    [True, True, True, False]
    """
    core = trim(text)
    parts = [part.strip() for part in COMMA_RE.split(core)]
    if not core or not 1 <= len(parts) <= MAX_PLACE_PARTS:
        return False
    if not all(
        part and len(part.split()) <= MAX_CITY_WORDS and all(_is_city_word(w) for w in part.split())
        for part in parts
    ):
        return False
    return _is_region(parts[-1]) or _is_region(parts[0])


def is_location(text: str) -> bool:
    """Whether the whole text is a location.

    >>> is_location("Berkeley, California"), is_location("Acme Surgical Robotics")
    (True, False)
    """
    rest, location = split_location(text)
    return location is not None and not trim(rest)
