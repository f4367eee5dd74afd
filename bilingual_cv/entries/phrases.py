"""Phrase matching: finding lexicon words and phrases in a line of text.

A :class:`PhraseMatcher` is built once per lexicon list by :func:`build_matcher` and finds
every entry in a text, leftmost-longest, whatever the case, width or punctuation between its
words (``Ph.D.`` matches ``PhD`` and ``Ph. D``). Every entry parser reads its lexicons
through one.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bilingual_cv.lexicon import lexicon_key
from bilingual_cv.memo import memo_short_texts


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
        return list(_find_phrases(text, self))

    def first(self, text: str) -> PhraseHit | None:
        hits = self.find(text)
        return hits[0] if hits else None


@memo_short_texts(max_chars=2000, maxsize=16384)
def _find_phrases(text: str, matcher: PhraseMatcher) -> tuple[PhraseHit, ...]:
    hits = []
    for m in matcher.pattern.finditer(text):
        value = matcher.values.get(phrase_key(m.group(0)))
        if value:  # "" marks a word that hides the entries inside it ("系统" holds "系")
            hits.append(PhraseHit(m.start(), m.end(), value))
    return tuple(hits)


def phrase_key(text: str) -> str:
    """The key a phrase is looked up by: :func:`lexicon_key` without its spaces.

    >>> phrase_key("Ph. D."), phrase_key("Mountain View")
    ('phd', 'mountainview')
    """
    return lexicon_key(text).replace(" ", "")


#: What must come before an entry that opens with a Latin letter or digit: no letter or
#: digit, so that the entry is not the inside of a longer word.
_WORD_START = r"(?<![A-Za-z0-9])"
#: What must come after an entry that ends with a Latin letter or digit.
_WORD_END = r"(?![A-Za-z0-9])"


def _entry_pattern(entry: str) -> str | None:
    """Regex for one lexicon entry: its key's tokens with any punctuation between them.

    Entries of at most two Latin letters ("M.S.", "CA") match case-sensitively, as written.

    >>> _entry_pattern("Ph.D.")
    '(?<![A-Za-z0-9])ph[\\\\W_]*d(?![A-Za-z0-9])'
    >>> _entry_pattern("M.S.")
    '(?<![A-Za-z0-9])(?<![A-Za-z]\\\\.)(?-i:M\\\\.\\\\s*S)(?![A-Za-z0-9])'
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
    before = _WORD_START if key[0].isascii() and key[0].isalnum() else ""
    if core.startswith("(?-i:"):
        before += _INITIAL_BEFORE  # "M.S." is not the inside of "B.M.S. College"
    after = _WORD_END if key[-1].isascii() and key[-1].isalnum() else ""
    return before + core + after


#: What must not come right before a short entry: an initial ("B." of "B.M.S.").
_INITIAL_BEFORE = r"(?<![A-Za-z]\.)"


def _alternatives(
    entries: Mapping[str, Iterable[str]] | Iterable[str],
) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """The regex of every lexicon entry, longest first, each with the characters a match of
    it starts with; and the value of each entry's :func:`phrase_key`.

    Plain Latin entries share one trie (a long alternation of them is slow).
    """
    pairs: list[tuple[str, str]] = []
    if isinstance(entries, Mapping):
        for value, words in entries.items():
            pairs.extend((word, str(value)) for word in words)
    else:
        pairs.extend((word, word) for word in entries)
    patterns: dict[str, str] = {}  # pattern -> its first characters
    values: dict[str, str] = {}
    latin_keys: list[str] = []
    for word, value in sorted(pairs, key=lambda p: -len(lexicon_key(p[0]))):
        pattern = _entry_pattern(word)
        if pattern is None:
            continue
        values.setdefault(phrase_key(word), value)
        key = lexicon_key(word)
        if _TRIE_KEY_RE.fullmatch(key) and not (len(key.replace(" ", "")) <= 2):
            latin_keys.append(key)
        else:
            patterns[pattern] = patterns.get(pattern, "") + _first_char(word)
    alternatives = list(patterns.items())
    if latin_keys:
        trie = _WORD_START + "(?:" + _trie_pattern(latin_keys) + ")" + _WORD_END
        alternatives.append((trie, "".join(key[0] for key in latin_keys)))
    return alternatives, values


def _guarded(alternatives: Sequence[tuple[str, str]]) -> str:
    """One regex for the alternatives that most positions of a line fail at once.

    A position that holds no first character of any alternative fails the leading lookahead.
    Past it, the entries that open with a Latin letter or digit are tried only at the start
    of a word and the others only at their own first characters, where every alternative
    would be tried in turn (a few hundred places at every letter of a Latin line). At a
    position at most one of the two groups can match, so each finds what the whole
    alternation finds; when a first character of the others may case-fold to a Latin letter
    or digit, the alternatives stay in one group.

    >>> _guarded([("(?<![A-Za-z0-9])ms", "m"), ("博士", "博")])
    '(?=[m博])(?:(?<![A-Za-z0-9])(?=[m])(?:ms)|(?=[博])(?:博士))'
    """
    words = [(p.removeprefix(_WORD_START), c) for p, c in alternatives if p.startswith(_WORD_START)]
    others = [(p, c) for p, c in alternatives if not p.startswith(_WORD_START)]
    head = _lookahead(alternatives)
    if not words or not others or re.search(_lookahead(others), _LATIN_ALNUM, re.IGNORECASE):
        return head + "(?:" + "|".join(p for p, _ in alternatives) + ")"
    word_group = _WORD_START + _lookahead(words) + "(?:" + "|".join(p for p, _ in words) + ")"
    other_group = _lookahead(others) + "(?:" + "|".join(p for p, _ in others) + ")"
    return head + "(?:" + word_group + "|" + other_group + ")"


#: The Latin letters and digits a word-start test looks at.
_LATIN_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"


def _lookahead(alternatives: Sequence[tuple[str, str]]) -> str:
    """A lookahead for the first characters of the alternatives."""
    firsts = "".join(sorted({c for _, chars in alternatives for c in chars}))
    return "(?=[" + re.escape(firsts) + "])"


def build_matcher(entries: Mapping[str, Iterable[str]] | Iterable[str]) -> PhraseMatcher:
    """A matcher for lexicon entries; a mapping gives each entry the value of its key.

    >>> m = build_matcher({"phd": ["Ph.D.", "博士"], "postdoc": ["博士后"]})
    >>> [(h.value, h.start) for h in m.find("Ph.D. Candidate; 博士后研究员")]
    [('phd', 0), ('postdoc', 17)]
    """
    alternatives, values = _alternatives(entries)
    if not alternatives:
        return PhraseMatcher(re.compile("(?!)"), values)
    return PhraseMatcher(re.compile(_guarded(alternatives), re.IGNORECASE), values)


def _first_char(entry: str) -> str:
    """The character a match of :func:`_entry_pattern` starts with ("" when there is none).

    >>> _first_char("Ph.D."), _first_char("M.S."), _first_char("博士"), _first_char("..")
    ('p', 'M', '博', '')
    """
    key = lexicon_key(entry)
    if not key:
        return ""
    letters = key.replace(" ", "")
    if letters.isascii() and letters.isalpha() and len(letters) <= 2:
        return next(c for c in entry if c.isalnum())
    return key[0]


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
