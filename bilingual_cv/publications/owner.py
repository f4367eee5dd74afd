"""The CV's owner among the authors.

The owner's place in each author list (:func:`owner_position`: by any spelling of the name,
else the one bold author), the spellings looked for (:func:`owner_keys`), and the owner's
name inferred from the lists for a CV that never states it (:func:`inferred_owner_name`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache

from bilingual_cv.publications.names import HAN_NAME_RE, author_key, name_keys, name_tokens
from bilingual_cv.publications.parts import MEMO_SIZE, Parts
from bilingual_cv.schema import Person, Publication, PublicationKind


def owner_position(parts: Parts, names: frozenset[str]) -> int | None:
    """1-based position of the owner: by name (any spelling), else the one bold author.

    >>> owner_position(Parts(authors=["Bo Wu", "X. Wang"]), name_keys("Xiaoming Wang"))
    2
    >>> owner_position(Parts(authors=["S. Li", "Y. Zhou"]), name_keys("李森"))
    1
    """
    if not parts.authors:
        return parts.stated_position or None
    for romanize in (False, True):  # the name as written first, then its pinyin
        for index, author in enumerate(parts.authors, start=1):
            if author_key(author, romanize=romanize) & names:
                return index
    initials = _initial_keys(names)
    matched = [i for i, a in enumerate(parts.authors, start=1) if author_key(a) & initials]
    if len(matched) == 1:  # "S. Li" for 李森: only when no other author fits it too
        return matched[0]
    if len(parts.bold_authors) == 1:
        return parts.bold_authors[0] + 1
    return None


@lru_cache(maxsize=MEMO_SIZE)
def _initial_keys(names: frozenset[str]) -> frozenset[str]:
    """The owner's spellings with the given name cut to its initial ("s li" for "sen li"):
    the last resort for a Chinese name, whose initials two people may share.

    >>> sorted(_initial_keys(frozenset({"sen li", "李森"})))
    ['li s', 's li']
    """
    keys: set[str] = set()
    for key in names:
        words = key.split()
        if len(words) == 2 and all(w.isascii() and w.isalpha() for w in words):
            given, family = words
            keys |= {f"{given[0]} {family}", f"{family} {given[0]}"}
    return frozenset(keys)


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
            key = " ".join(name_tokens(author)) if not HAN_NAME_RE.match(author) else author
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
        [p for p in publications if p.authors and not HAN_NAME_RE.match(p.authors[0])]
    )
    han = infer_owner([p for p in publications if p.authors and HAN_NAME_RE.match(p.authors[0])])
    return [name for name in (latin, han) if name]


def inferred_owner_name(publications: Sequence[Publication]) -> str | None:
    """The name to report for a CV that never states its owner: papers before patents."""
    papers = [p for p in publications if p.kind is not PublicationKind.PATENT]
    return infer_owner(papers) or infer_owner(publications)


def owner_keys(person: Person, publications: Sequence[Publication]) -> frozenset[str]:
    """Spellings of the owner's name; a script the CV does not spell the name in (a Chinese
    CV's English papers, an English CV's Chinese patents) is inferred from the author lists."""
    keys: set[str] = set()
    for name in (person.name, person.name_zh, person.inferred_name):
        if name:
            keys |= name_keys(name)
    # per script (Han?) the authors are written in: does a stated spelling appear?
    found: dict[bool, bool] = {}
    spelled = frozenset(keys) | _initial_keys(frozenset(keys))  # "S. Li" spells 李森 too
    for publication in publications:
        for author in publication.authors:
            han = bool(HAN_NAME_RE.match(author))
            # a script whose spelling was seen needs no more looking (nor romanizing), and
            # with no name stated there is nothing to look for
            if not found.setdefault(han, False) and spelled and author_key(author) & spelled:
                found[han] = True
    if all(found.values()):  # an inferred name is an author, in a script already spelled
        return frozenset(keys)
    for name in _inferred_names(publications):
        if not found.get(bool(HAN_NAME_RE.match(name)), False):
            keys |= name_keys(name)
    return frozenset(keys)
