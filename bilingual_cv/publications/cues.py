"""Lexicon cues looked for in entry text.

:class:`Cues` finds Latin cues as whole words and Chinese ones anywhere; with it, the words
that make a venue text a journal, a workshop or a conference (:func:`kind_words`), and the
note words (awards, contribution notes: :func:`is_note`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from bilingual_cv.lang.scripts import CJK_RE
from bilingual_cv.lexicon import lexicon_key, load_ccf_markers, load_publication_words


@cache
def note_cues() -> tuple[str, ...]:
    """The note words of the lexicon (awards, contribution notes) as lexicon keys."""
    return tuple(lexicon_key(cue) for cue in load_publication_words().notes)


@cache
def _note_re() -> re.Pattern[str]:
    """One pattern for every note cue after a space: searched in the normalized text with a
    space put before it, it finds a cue at a word start. (A pattern that starts with a space is
    scanned for; one that starts with "at the start or after a space" is tried everywhere.)"""
    cues = sorted(note_cues(), key=len, reverse=True)
    return re.compile(" (?:" + "|".join(re.escape(cue) for cue in cues if cue) + ")")


@cache
def _index_tags() -> frozenset[str]:
    return frozenset(lexicon_key(tag) for tag in load_publication_words().index_tags)


def is_index_tag(text: str) -> bool:
    """``text`` names only citation indexes (``index_tags`` in the lexicon): "SCI",
    "SSCI, TSSCI", "A&HCI".

    >>> is_index_tag("SSCI, TSSCI"), is_index_tag("A&HCI"), is_index_tag("SCIS"), is_index_tag("Oral")
    (True, True, False, False)
    """
    key = lexicon_key(text)
    tags = _index_tags()
    return bool(key) and (key in tags or all(word in tags for word in key.split()))


def is_note(text: str) -> bool:
    """``text`` holds a note cue at a word start ("Best Paper Award", "(co-first author)")."""
    return _note_re().search(" " + lexicon_key(text)) is not None


@dataclass(frozen=True, slots=True)
class Cues:
    """Lexicon words to look for in a text: Latin ones as whole words, Chinese ones anywhere.

    A lexicon key is words joined by single spaces, so a whole-word cue is a plain substring
    of the key padded with a space on each side (one regex alternation of every cue tried at
    every position cost far more).

    >>> cues = Cues.of(["under review", "在投"])
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
    def of(cls, words: Iterable[str]) -> Cues:
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
def kind_words(kind: str) -> Cues:
    """The words that make a venue text a journal, a workshop or a conference
    (``lexicons/ccf/markers.yaml``; a conference also by its proceedings)."""
    markers = load_ccf_markers()
    words = {
        "journal": markers.journal,
        "workshop": markers.workshop,
        "conference": [*markers.conference, *markers.proceedings],
    }[kind]
    return Cues.of(words)
