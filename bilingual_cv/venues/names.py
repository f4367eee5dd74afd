"""One venue, one short name across the CV: a short name that the CV gives a venue once
("… Symposium on Distributed Simulation and Real-Time Applications (DS-RT'07)") names the
same venue in the entries that write only its full name.

CVs often tag a venue with its short name in one entry and spell it out without one in the
others (other years, other ordinals, "IEEE" or not). A reader carries the short name over; so
does this stage. Two writings are the same venue when :func:`venue_name_key` gives them one
key; a key the CV gives two different short names is left alone.
"""

from __future__ import annotations

from collections.abc import Sequence

from bilingual_cv.memo import memo_short_texts
from bilingual_cv.schema import AbbrSource, Publication
from bilingual_cv.venues.index import _index
from bilingual_cv.venues.tokens import _NUMBER, _key_tokens, _singular


def share_short_names(publications: Sequence[Publication]) -> list[Publication]:
    """The publications, each venue written without a short name given the one the CV gives
    the same venue elsewhere.

    >>> from bilingual_cv.schema import Venue
    >>> tagged = Venue(name="Workshop on Parallel Tidal Simulation", abbr="PATS")
    >>> plain = Venue(name="IEEE 12th Workshop on Parallel Tidal Simulations")
    >>> pubs = [Publication(title="A", venue=tagged), Publication(title="B", venue=plain)]
    >>> [p.venue.abbr for p in share_short_names(pubs)]
    ['PATS', 'PATS']
    """
    short = _short_names(publications)
    if not short:
        return list(publications)
    shared: list[Publication] = []
    for publication in publications:
        venue = publication.venue
        unnamed = not venue.abbr or venue.abbr_source == "initials"  # what the CV says wins
        key = venue_name_key(venue.name) if venue.name and unnamed else None
        found = short.get(key) if key else None
        if found:
            abbr, source = found
            publication = publication.model_copy(
                update={"venue": venue.model_copy(update={"abbr": abbr, "abbr_source": source})}
            )
        shared.append(publication)
    return shared


def _short_names(publications: Sequence[Publication]) -> dict[str, tuple[str, AbbrSource | None]]:
    """Each full-name key the CV gives exactly one short name, and that name and its source;
    initials derived from a name are no short name the CV gives."""
    found: dict[str, set[tuple[str, AbbrSource | None]]] = {}
    for publication in publications:
        venue = publication.venue
        if not venue.name or not venue.abbr or "@" in venue.abbr:
            continue
        if venue.abbr_source == "initials":
            continue
        key = venue_name_key(venue.name)
        if key is not None and key != venue_name_key(venue.abbr):
            found.setdefault(key, set()).add((venue.abbr, venue.abbr_source))
    return {key: min(names, key=repr) for key, names in found.items() if _one_abbr(names)}


def _one_abbr(names: set[tuple[str, AbbrSource | None]]) -> bool:
    return len({abbr for abbr, _ in names}) == 1


#: Names up to this length are memoized (see :mod:`bilingual_cv.memo`).
_MEMO_MAX_CHARS = 2000


@memo_short_texts(max_chars=_MEMO_MAX_CHARS, maxsize=4096)
def venue_name_key(name: str) -> str | None:
    """The key two writings of one venue's full name share: the name's words without
    publishers, function words, years, ordinals and "proceedings", each in the singular; None
    when fewer than three words remain (too little to tell two venues apart).

    >>> venue_name_key("2010 IEEE/ACM 14th International Symposium on Distributed Simulation and Real Time Applications")
    'symposium distributed simulation real time application'
    >>> venue_name_key("11th IEEE International Symposium on Distributed Simulation and Real-Time Applications")
    'symposium distributed simulation real time application'
    >>> venue_name_key("Simulation") is None
    True

    Memoized for names of ordinary length: :func:`share_short_names`
    keys each venue name of a CV two or three times.
    """
    idx = _index()
    noise = idx.markers.name_noise
    words = [
        _singular(t)
        for t in _key_tokens(name)
        if t[0].isalnum() and t not in noise and not _NUMBER.fullmatch(t) and t not in _PROCEEDINGS
    ]
    return " ".join(words) if len(words) >= 3 else None


#: Words of a proceedings volume, no part of the venue's name.
_PROCEEDINGS = frozenset({"proceedings", "proc"})
