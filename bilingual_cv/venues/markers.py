"""The words around a venue name (``lexicons/ccf/markers.yaml``) and the kinds of venue they
tell.

:class:`_Markers` holds them as lookup keys and key phrases: workshop, journal and conference
words; preprint, host and side-track phrases; leading noise ("In Proceedings of the"),
citation parts, status words and main-track names. :func:`_text_kind` says what kind of venue
a text's words say it is; :func:`_clean` drops the words that are no part of a venue's name.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from bilingual_cv.lexicon import CcfMarkerLexicon
from bilingual_cv.venues.tokens import _find_phrase, _key, _phrases, _Tok

VenueType = Literal["conference", "journal"]


VenueKind = Literal["conference", "journal", "workshop", "preprint"]


@dataclass(frozen=True, slots=True)
class _Markers:
    workshop: frozenset[str]
    journal: frozenset[str]
    conference: frozenset[str]
    preprint: tuple[tuple[str, ...], ...]
    host: tuple[tuple[str, ...], ...]
    host_weak: tuple[tuple[str, ...], ...]
    leading: tuple[tuple[str, ...], ...]
    citation: frozenset[str]
    status: tuple[tuple[str, ...], ...]
    main_tracks: tuple[tuple[str, ...], ...]
    side_tracks: tuple[tuple[str, ...], ...]
    name_noise: frozenset[str]
    #: Words dropped from a workshop's own short label ("Workshop on Toys" -> "Toys").
    label_noise: frozenset[str]
    #: First words of the status and main-track phrases (:func:`_clean` cuts them).
    cut_starts: frozenset[str]
    #: Each workshop, journal and conference word, to the first kind of these it says
    #: (:func:`_text_kind`).
    kinds: dict[str, VenueKind]


def _build_markers(lex: CcfMarkerLexicon) -> _Markers:
    def words(items: list[str]) -> frozenset[str]:
        return frozenset(_key(w) for w in items)

    status = _phrases(lex.status_noise)
    main_tracks = _phrases(lex.main_tracks)
    workshop, journal, conference = words(lex.workshop), words(lex.journal), words(lex.conference)
    kinds: dict[str, VenueKind] = {w: "conference" for w in conference}
    kinds.update({w: "journal" for w in journal})
    kinds.update({w: "workshop" for w in workshop})
    return _Markers(
        workshop=workshop,
        journal=journal,
        conference=conference,
        preprint=_phrases(lex.preprint),
        host=_phrases(lex.host),
        host_weak=_phrases(lex.host_weak),
        leading=_phrases(lex.leading_noise),
        citation=words(lex.citation_noise),
        status=status,
        main_tracks=main_tracks,
        side_tracks=_phrases(lex.side_tracks),
        name_noise=words(lex.name_noise),
        label_noise=words(lex.label_noise),
        cut_starts=frozenset(phrase[0] for phrase in (*status, *main_tracks)),
        kinds=kinds,
    )


def _has_word(words: Sequence[_Tok], vocabulary: frozenset[str]) -> bool:
    """Any token is in ``vocabulary``; a CJK run counts when it contains a CJK entry."""
    for tok in words:
        if tok.key in vocabulary:
            return True
        if "\u3400" <= tok.key[0] and any(w in tok.key for w in vocabulary if "\u3400" <= w[0]):
            return True
    return False


def _text_kind(words: Sequence[_Tok], markers: _Markers) -> VenueKind | None:
    """What the words say the venue is: workshop, else journal, else conference.

    One pass over the words, not one per kind (:func:`_has_word`): the text says the first
    kind that one of its words says first. A word that is no CJK run says what its key is
    in ``markers.kinds``; a CJK run what :func:`_word_kind` finds.
    """
    kinds = markers.kinds
    said = {
        kinds.get(tok.key) if tok.key[0] < "\u3400" else _word_kind(tok, markers) for tok in words
    }
    for kind in _KINDS:
        if kind in said:
            return kind
    return None


#: The kinds :func:`_text_kind` tells, the first before the others.
_KINDS: tuple[VenueKind, ...] = ("workshop", "journal", "conference")


def _word_kind(tok: _Tok, markers: _Markers) -> VenueKind | None:
    """The first kind (workshop, journal, conference) whose words :func:`_has_word` finds in
    the token."""
    for kind, vocabulary in zip(_KINDS, (markers.workshop, markers.journal, markers.conference)):
        if _has_word((tok,), vocabulary):
            return kind
    return None


def _clean(words: Sequence[_Tok], markers: _Markers) -> list[_Tok]:
    """Drop numbers, citation parts, status words, main-track names and leading noise."""
    keys = [t.key for t in words]
    if markers.citation.isdisjoint(keys):
        kept = [tok for tok in words if not tok.number]  # no citation part (most texts)
    else:
        last = len(words) - 1
        kept = [
            tok
            for i, tok in enumerate(words)
            if not tok.number
            and not (tok.key in markers.citation and i < last and words[i + 1].number)
        ]
    if markers.cut_starts.isdisjoint(keys):
        return kept  # no status or main-track phrase can start here (most texts)
    keys = [t.key for t in kept]
    for phrases in (markers.status, markers.main_tracks):
        while (found := _find_phrase(keys, phrases)) is not None:
            del kept[found[0] : found[1]]
            del keys[found[0] : found[1]]
    return kept
