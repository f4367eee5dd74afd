"""The year of a publication.

Year patterns (full, apostrophe, glued to a venue tag, inside an arXiv id), patent numbers
with the year they hold (:func:`find_patent`), and :func:`find_year`, which picks one year
of an entry, never outside [:data:`MIN_YEAR`, :data:`MAX_YEAR`].
"""

from __future__ import annotations

import datetime
import re

from bilingual_cv.lang.dates import YEAR_RE, find_date_ranges
from bilingual_cv.publications.parts import Parts
from bilingual_cv.venues.describe import describe_venue

#: The year of an event as an apostrophe year: ``'25`` (a full year is :data:`YEAR_RE`).
SHORT_YEAR_RE = re.compile(r"'(\d{2})\b")
#: A bracketed venue tag with its two-digit year after a hyphen: "(IAAI-23)".
_HYPHEN_TAG_YEAR_RE = re.compile(r"[(（][A-Z][A-Za-z]{1,11}[-‐](\d{2})[)）]")
#: arXiv identifiers ``2404.02407`` (YYMM.number) and ``arXiv:2109.11666``.
_ARXIV_ID_RE = re.compile(r"(?:arxiv[:/ ]\s*|abs/)(\d{2})(\d{2})\.\d{4,5}", re.IGNORECASE)
#: Patent numbers: CN2023..., US 2017..., WO2017...; the year is in the number.
_PATENT_RE = re.compile(
    r"(?=[CUWEJKTP12])"  # the first characters of the alternatives: a quick test per position
    r"(?:\b(?:CN|US|WO|EP|JP|KR|TW)\s?(?:Patent\s*)?(\d{4})\d{4,}[\d.]*[A-Z]?\d?\b|Patent\s+(?:No\.?\s*)?(\d{4})\d{5,}[A-Z]?\d?"
    # a Chinese application number without its CN prefix: year, type, serial, check digit,
    # also in the spaced form of the office's certificates (ZL 2020 1 0123456.7)
    r"|(?<![\d.])((?:19|20)\d{2}) ?[1-9] ?\d{7} ?\.[\dX](?![\d.]))",
    re.IGNORECASE,
)
#: Every patent number holds seven digits in a row (a Chinese serial written apart from its
#: year and type holds seven): a text without them is not searched. (``\d{7}``, led by one
#: ``\d``, so that it is scanned for.)
_SEVEN_DIGITS_RE = re.compile(r"\d\d{6}")


def find_patent(text: str) -> re.Match[str] | None:
    """The first patent number in ``text`` (see :data:`_PATENT_RE`).

    >>> find_patent("CN 202310123456.7, 2023").group(1), find_patent("pp. 1234-5678")
    ('2023', None)
    >>> find_patent("专利号: ZL 2019 1 0765432.1, 2021").group(3)
    '2019'
    """
    return _PATENT_RE.search(text) if _SEVEN_DIGITS_RE.search(text) else None


#: Numbers that are no year: pages ("pp. 1951-1957", "pages 2011-2020", "50(12): 3030-3053",
#: "Article 2019") and counts of citations ("Cited by 2019", "Google Scholar Citation 0").
_COUNTS_RE = re.compile(
    r"\b(?:pp?\.|pages?|page|article|art\.)\s*\d+(?:\s*[-–—]\s*\d+)?"
    r"|(?<=[)）])\s*[:：]\s*\d+(?:\s*[-–—]\s*\d+)?"
    r"|\b(?:cited\s+by|citations?|google\s+scholar\s+citations?|被引)\s*[:：]?\s*\d+",
    re.IGNORECASE,
)


def without_counts(text: str) -> str:
    """``text`` with its page numbers and citation counts blanked (they are no year).

    >>> without_counts("Journal of Toys, 12(3), pp. 1951-1957, 2019")
    'Journal of Toys, 12(3),  , 2019'
    >>> without_counts("Toy Letters, 2022, 50(12): 3030-3053. Cited by 2021")
    'Toy Letters, 2022, 50(12) .  '
    """
    if not any(map(str.isdigit, text)):
        return text
    return _COUNTS_RE.sub(" ", text)


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
        # "(2024). Title. EMNLP 2025.": the year the venue is named with is the paper's (the
        # one after the authors may be a preprint's); a venue text holds one year at most
        named = _venue_years(parts.venue)
        if len(named) == 1 and _NAMED_YEAR_RE.search(parts.venue or "") is not None:
            return named[0]
        return parts.leading_year
    glued = GLUED_TAG_RE.match((parts.venue or "").strip())
    if glued:
        return 2000 + int(glued.group(2))
    tagged = _tag_year(parts.venue_tag)
    if tagged is not None and not (parts.tag_in_margin and _venue_years(parts.venue)):
        # (a tag in a margin column yields to a year its entry's venue text states)
        return tagged  # "SOSP'21<TAB>…, invited fast-track to TOS'22": the entry's own tag
    texts = (parts.venue or "", raw if parts.title is None else raw.replace(parts.title, " "))
    for text in texts:
        text = without_counts(text)
        arxiv = _ARXIV_ID_RE.search(text)
        unnumbered = _ARXIV_ID_RE.sub(" ", text) if arxiv else text  # "arXiv:2003.07630" is 2020
        years = _years(_without_ranges(unnumbered))
        if years:
            return years[-1]
        short = SHORT_YEAR_RE.search(text)
        if short:
            return 2000 + int(short.group(1))
        if arxiv:
            return 2000 + int(arxiv.group(1))
        hyphened = _HYPHEN_TAG_YEAR_RE.search(text) if text is parts.venue else None
        if hyphened:
            return 2000 + int(hyphened.group(1))  # "(IAAI-23)": a venue tag and its year
    for text in texts:  # "Toy Letters, 2019-2020": a range of years, or pages and no year
        years = _years(_ARXIV_ID_RE.sub(" ", without_counts(text)))
        if years:
            return years[-1]
    closing = closing_tag_year(parts.venue or "")
    if closing is not None:
        return closing  # "In Proc. AAAI-24.", "ToyConf23": the tag's year
    inside = glued_year(parts.venue or "")
    if inside is not None:
        return inside  # "ToyConf23 Accepted", "ToyConf-23 (Oral)"
    spaced = conference_short_year(parts.venue or "")
    if spaced is not None:
        return spaced  # "NeurIPS 21"
    for found in reversed(find_date_ranges(raw)):  # "民国111年" and other calendar forms
        for date in (found.end, found.start):
            if date and date[:4].isdigit():
                return int(date[:4])
    return None


def _years(text: str) -> list[int]:
    """The full years in ``text`` that a living researcher's work can have, in order."""
    return [int(y) for y in YEAR_RE.findall(text) if MIN_YEAR <= int(y) <= MAX_YEAR]


#: A range of numbers: pages (``34:2019-2031``, ``2019--2031``), seldom years.
_RANGE_RE = re.compile(r"(?<![\w\-–])(?<!\d\.)\d+\s*(?:--?|[–—])\s*\d+(?![\w\-–]|\.\d)")


def _without_ranges(text: str) -> str:
    """``text`` with its number ranges blanked: a year outside any range is read before one
    inside (pages look like years: ``TKDE, 2018, 34:2019-2031``).

    >>> _without_ranges("Toy Letters, 2018, 2019-2031."), _without_ranges("KR 10-2018-0012345")
    ('Toy Letters, 2018,  .', 'KR 10-2018-0012345')
    """
    if "-" not in text and "–" not in text and "—" not in text:
        return text
    return _RANGE_RE.sub(" ", text)


#: A year written right after a name: "EMNLP 2025", "(IROS 2025)", "大会 2023" (not "2025"
#: after a full stop: the next entry's year, when two entries ran together).
_NAMED_YEAR_RE = re.compile(r"(?<=[^\W\d_]) ?(?:19|20)\d{2}(?!\d)")


def _venue_years(venue: str | None) -> list[int]:
    """The distinct full years a venue text names, page numbers, citation counts and arXiv
    identifiers aside.

    >>> _venue_years("EMNLP 2025, pp. 2011-2020"), _venue_years("Toy Letters, 12(3), 1-9")
    ([2025], [])
    """
    if not venue or not any(map(str.isdigit, venue)):
        return []
    text = _ARXIV_ID_RE.sub(" ", without_counts(venue))
    years = (int(y) for y in YEAR_RE.findall(text))
    return list(dict.fromkeys(y for y in years if MIN_YEAR <= y <= MAX_YEAR))


def _tag_year(tag: str | None) -> int | None:
    """The year of an entry's venue tag: ``SOSP'21``, ``[AACL 2022]``."""
    if not tag:
        return None
    full = YEAR_RE.search(tag)
    if full is not None and MIN_YEAR <= int(full.group(0)) <= MAX_YEAR:
        return int(full.group(0))
    short = SHORT_YEAR_RE.search(tag)
    return 2000 + int(short.group(1)) if short else None


#: A venue tag with its year glued on: "OSDI25", "Yarch23".
GLUED_TAG_RE = re.compile(r"^([A-Z][A-Za-z&\-]{1,11})(\d{2})$")
#: A short name with a two-digit year glued on or hyphened that closes a venue text ("In Proc.
#: AAAI-24.", "ICDE23"): two capitals at least, so a word and a number ("Vol12") are none.
#: (What comes before the first letter is checked after it, so that the pattern is scanned for.)
_TAG_YEAR_END_RE = re.compile(
    r"([A-Z](?<![\w\-'][A-Z])[A-Za-z&]*[A-Z][A-Za-z&]*)[-‐]?(\d{2})[\s.,;:]*$"
)
#: The longest short name read so (as :data:`GLUED_TAG_RE`).
MAX_TAG_CHARS = 12


def has_glued_year(text: str) -> bool:
    """``text`` holds a short name with its year glued on or hyphened (see
    :func:`split_glued_years`) anywhere, not only at its end.

    >>> has_glued_year("ICLR25 (Oral)"), has_glued_year("Toy Letters 12")
    (True, False)
    """
    return glued_year(text) is not None


def glued_year(text: str) -> int | None:
    """The year of the first short name in ``text`` with its year glued on or hyphened.

    >>> glued_year("ICLR25 (Oral)"), glued_year("Proc. ToyConf2019, pp. 1-9"), glued_year("Vol12")
    (2025, 2019, None)
    """
    if _GLUED_DIGITS_RE.search(text) is None:
        return None
    found = _GLUED_ANY_YEAR_RE.search(text)
    if found is None:
        return None
    return int(found.group(2)) if found.group(2) else 2000 + int(found.group(3))


#: A short name and two digits after a space, the whole venue text: "In NeurIPS 21.".
_SPACED_SHORT_YEAR_RE = re.compile(r"^(?:In\s+)?([A-Z][A-Za-z&]*[A-Z][A-Za-z&]*) (\d{2})[.,]?$")


def conference_short_year(text: str) -> int | None:
    """The year of a venue text that is a known conference's short name and two digits
    (``NeurIPS 21``): a conference is named with its year, so the digits are the year; a
    journal's short name and a number (``Toy Letters 12``) is a volume, and no year.

    >>> conference_short_year("In NeurIPS 21."), conference_short_year("TPAMI 45")
    (2021, None)
    """
    found = _SPACED_SHORT_YEAR_RE.match(text.strip())
    if found is None:
        return None
    match = describe_venue(found.group(1))
    if match is None or match.method != "abbr" or match.kind != "conference":
        return None
    return 2000 + int(found.group(2))


def closing_tag_year(text: str) -> int | None:
    """The year of a short name with a two-digit year glued on or hyphened that closes
    ``text`` (:data:`_TAG_YEAR_END_RE`).

    >>> closing_tag_year("In Proc. AAAI-24."), closing_tag_year("ToyConf23"), closing_tag_year("Vol12")
    (2024, 2023, None)
    """
    if not text.rstrip(" \t\n\r.,;:")[-1:].isdigit():
        return None  # most texts end otherwise; the pattern is anchored at the end
    found = _TAG_YEAR_END_RE.search(text)
    if found is None or len(found.group(1)) > MAX_TAG_CHARS:
        return None
    return 2000 + int(found.group(2))


#: A short name (two capitals at least, letters only) with its year glued on or hyphened:
#: "CVPR2023", "AAAI-24", "ICML-2023". (What comes before the first letter is checked after
#: it, so that the pattern is scanned for.)
_GLUED_YEAR_RE = re.compile(
    r"([A-Z](?<![\w\-'][A-Z])[A-Za-z]*[A-Z][A-Za-z]*)(?:[-‐]?((?:19|20)\d{2})|[-‐](\d{2}))(?![\w\-])"
)
#: ... and with two digits glued on as well: "ICLR25".
_GLUED_ANY_YEAR_RE = re.compile(
    r"([A-Z](?<![\w\-'][A-Z])[A-Za-z]*[A-Z][A-Za-z]*)(?:[-‐]?((?:19|20)\d{2})|[-‐]?(\d{2}))(?![\w\-])"
)


def split_glued_years(text: str, *, bare_short: bool = False) -> str:
    """``text`` with each short name's glued year set apart as a year is written after a
    name: ``CVPR2023`` is ``CVPR 2023``, ``AAAI-24`` is ``AAAI '24``; with ``bare_short``,
    ``AAAI24`` is ``AAAI '24`` too (a venue text; a written name keeps "HCDS25" whole).

    >>> split_glued_years("In CVPR2023, pp. 1-9"), split_glued_years("AAAI-24 (Oral)")
    ('In CVPR 2023, pp. 1-9', "AAAI '24 (Oral)")
    >>> split_glued_years("ICLR25 Accepted", bare_short=True), split_glued_years("ICLR25 Accepted")
    ("ICLR '25 Accepted", 'ICLR25 Accepted')
    >>> split_glued_years("Vol12, Toys3", bare_short=True)
    'Vol12, Toys3'
    >>> split_glued_years("KR 10-2018-0012345"), split_glued_years("FL-AAAI 2022")
    ('KR 10-2018-0012345', 'FL-AAAI 2022')
    """
    if _GLUED_DIGITS_RE.search(text) is None:
        return text  # no letter or hyphen right before two digits: most venue texts
    return (_GLUED_ANY_YEAR_RE if bare_short else _GLUED_YEAR_RE).sub(_spaced_year, text)


#: Where a glued year may be: a letter or a hyphen, then two digits (a cheap first test).
_GLUED_DIGITS_RE = re.compile(r"[A-Za-z\-‐]\d\d")


def _spaced_year(found: re.Match[str]) -> str:
    full, short = found.group(2), found.group(3)
    return f"{found.group(1)} {full}" if full else f"{found.group(1)} '{short}"
