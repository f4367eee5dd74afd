"""CCF's Chinese-journal catalogues: which journal an entry names, and its class and tier.

CCF keeps two journal catalogues apart from its international A/B/C list: the recommended
Chinese S&T journals (classes A/B/C, 2019) and the high-quality journals in computing (tiers
T1-T3, 2025). A CV that writes "计算机学报 (CCF-A 中文期刊)" claims the first; that claim is
checked here, never against the international list. Data: ``lexicons/ccf/cn-journals.yaml``.

Traps (``shared/data/ccf/README.md``): English titles of Chinese journals are generic
("Journal of Software" is 软件学报 only when the CV says it is in Chinese; Wiley's "Journal of
Software: Evolution and Process" is an international B), so an English title names a
Chinese-language journal only with a sign of the language, or when it names China itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from bilingual_cv.lang.scripts import CJK_RE
from bilingual_cv.lexicon import CnJournalEntry, lexicon_key, load_ccf_markers, load_cn_journals
from bilingual_cv.schema import CcfCnInfo, CcfRank


@cache
def _words_re(words: tuple[str, ...]) -> re.Pattern[str]:
    """Marker words (``lexicons/ccf/markers.yaml``) as whole words (Latin) or anywhere
    (Chinese), any case."""
    parts = [
        re.escape(w) if CJK_RE.search(w) else rf"\b{re.escape(w)}\b"
        for w in sorted(words, key=len, reverse=True)
    ]
    return re.compile("|".join(parts) or "(?!)", re.IGNORECASE)


@cache
def _in_chinese_re() -> re.Pattern[str]:
    """A sign that a journal is published in Chinese: "(in Chinese)", "中文"."""
    return _words_re(tuple(load_ccf_markers().in_chinese))


@cache
def _self_named_re() -> re.Pattern[str]:
    """English titles that say they are Chinese journals ("Chinese ...", "... Sinica")."""
    return _words_re(tuple(load_ccf_markers().chinese_titled))


#: A bracketed remark after a title: "(in Chinese, to appear)".
_REMARK_RE = re.compile(r"[(（][^()（）]*[)）]")


@dataclass(frozen=True, slots=True, eq=False)  # hashed by identity: a memo key
class _Tables:
    #: Chinese names (lexicon keys, spaces removed), longest first.
    zh: tuple[tuple[str, CnJournalEntry], ...]
    #: English names (lexicon keys) of Chinese-language and of English-language journals.
    en_of_zh: dict[str, CnJournalEntry]
    en_of_en: dict[str, CnJournalEntry]
    #: The English names in the order they are tried (English-language journals first), each
    #: with whether it needs a sign that the journal is a Chinese one.
    en_names: tuple[tuple[str, CnJournalEntry, bool], ...]
    #: Positions in ``en_names`` by the name's first word.
    en_by_first: dict[str, tuple[int, ...]]


@cache
def _tables() -> _Tables:
    journals = load_cn_journals().journals
    zh = [
        (lexicon_key(j.name_zh).replace(" ", ""), j)
        for j in journals
        if j.language == "zh" and j.name_zh
    ]
    en_of_zh = {lexicon_key(j.name_en): j for j in journals if j.language == "zh" and j.name_en}
    en_of_en = {lexicon_key(j.name_en): j for j in journals if j.language == "en" and j.name_en}
    en_names = tuple(
        (name, journal, needs_sign)
        for table, needs_sign in ((en_of_en, False), (en_of_zh, True))
        for name, journal in table.items()
    )
    by_first: dict[str, list[int]] = {}
    for position, (name, _, _) in enumerate(en_names):
        by_first.setdefault(name.split(" ", 1)[0], []).append(position)
    return _Tables(
        tuple(sorted(zh, key=lambda pair: -len(pair[0]))),
        en_of_zh,
        en_of_en,
        en_names,
        {first: tuple(positions) for first, positions in by_first.items()},
    )


def find_cn_journal(venue: str, raw: str = "") -> CcfCnInfo | None:
    """The catalogue entry of the journal a venue text names, or None.

    Args:
        venue: The venue part of an entry (``计算机学报, 2023``, ``Journal of Software (in
            Chinese)``).
        raw: The whole entry, read only for a sign that the journal is a Chinese one.

    >>> find_cn_journal("JOS: 软件学报 (中文 CCF-A)").rank
    <CcfRank.A: 'A'>
    >>> find_cn_journal("Journal of Software. (in Chinese, to appear)").name
    '软件学报'
    >>> find_cn_journal("Journal of Software: Evolution and Process") is None
    True
    >>> find_cn_journal("Frontiers of Computer Science, 2024").tier
    'T1'
    """
    tables = _tables()
    if CJK_RE.search(venue):
        squashed = lexicon_key(venue).replace(" ", "")
        for name, journal in tables.zh:
            if name in squashed:
                return _info(journal)
    key = lexicon_key(_REMARK_RE.sub(" ", _in_chinese_re().sub(" ", venue)))
    for name, journal, needs_sign in _english_candidates(key, tables):
        if not _names(key, name):
            continue
        signed = _in_chinese_re().search(venue) or _in_chinese_re().search(raw)
        if not needs_sign or signed or _self_named_re().search(journal.name_en):
            return _info(journal)
    return None


def _english_candidates(key: str, tables: _Tables) -> tuple[tuple[str, CnJournalEntry, bool], ...]:
    """The English names the key may start with, in the order they are tried: a name the
    key starts with has a first word that starts the key's first word."""
    return _candidates_of_first(key.split(" ", 1)[0], tables)


@lru_cache(maxsize=4096)
def _candidates_of_first(
    first: str, tables: _Tables
) -> tuple[tuple[str, CnJournalEntry, bool], ...]:
    """:func:`_english_candidates` of a key's first word (a venue's first words recur:
    "proceedings", "ieee", "journal"), looked up once."""
    positions = {
        position
        for end in range(len(first) + 1)
        for position in tables.en_by_first.get(first[:end], ())
    }
    return tuple(tables.en_names[position] for position in sorted(positions))


def _names(key: str, name: str) -> bool:
    """The venue key is the name, maybe followed by volume, year and pages."""
    if not key.startswith(name):
        return False
    rest = key[len(name) :]
    return not rest or not re.match(r"\s*[a-z]", rest)


def _info(journal: CnJournalEntry) -> CcfCnInfo:
    return CcfCnInfo(
        rank=CcfRank(journal.rank) if journal.rank else None,
        tier=journal.tier_2025 or None,
        name=journal.name_zh if journal.language == "zh" else journal.name_en,
        name_en=journal.name_en or None,
        cn_number=journal.cn_number or None,
    )
