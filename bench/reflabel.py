"""Publication entries split into fields by a CRF sequence labeler over tokens.

This is the measured alternative to the hand-written rules of ``publications.py``: the way
GROBID, CERMINE and AnyStyle split references. An entry is cut into tokens (each CJK
character is a token, so Chinese entries need no word segmenter), each token gets a few
dozen string features (:func:`token_features`), and a linear-chain CRF trained with
python-crfsuite by ``scripts/train_reference_crf.py`` gives every token one of
:data:`LABELS`. Runs of labels become the fields (:func:`label_reference`).

The model is a data file, ``lexicons/models/references.crfsuite``, loaded lazily on first
use and rebuilt by the script; ``lexicons/models/README.md`` records how it was built, how it
scored against the rules in ``bench/reference_labeler.py``, and why it was not adopted (worse
than the rules on CV entries it was not trained on, and over the 0.2 ms per-entry budget).
python-crfsuite is an optional dependency (``pip install 'bilingual-cv[bench]'``) and nothing
in the pipeline imports this module. The integration point, should that change, is in the
README: fill the fields the rules leave empty from :func:`label_reference`.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, TypedDict

from bilingual_cv.errors import LexiconError
from bilingual_cv.lexicon import (
    lexicon_key,
    lexicon_root,
    load_ccf_aliases,
    load_ccf_markers,
    load_ccf_unranked,
    load_ccf_venues,
    load_publication_words,
)

if TYPE_CHECKING:
    import pycrfsuite

#: The labels a token can get. ``venue`` is the container (journal, proceedings, booktitle);
#: ``pages`` also covers volume and issue; ``publisher`` also covers place and institution;
#: ``note`` is everything else (item numbers, URLs, DOIs, editors, awards, rank claims).
LABELS = ("author", "title", "venue", "date", "pages", "publisher", "note")
#: Where the model lives, relative to the lexicon folder.
MODEL_PATH = "models/references.crfsuite"
#: Tokens: one CJK character; a run of other letters (with inner apostrophes: O'Neil);
#: a run of digits; any other single non-space character.
_TOKEN_RE = re.compile(
    r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]"
    r"|[^\W\d_\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+(?:['’][^\W\d_\u3400-\u9fff]+)*"
    r"|\d+"
    r"|\S"
)
#: One CJK character.
_CJK_RE = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
#: A four-digit year of an event.
_YEAR_RE = re.compile(r"^(?:19[5-9]\d|20\d{2})$")
#: Punctuation that ends a sentence in an entry.
_STOPS = frozenset(".。?!？！")
#: Opening and closing marks that put a title in quotes.
_QUOTES_OPEN = frozenset('"“《「『')
_QUOTES_CLOSE = frozenset('"”》」』')
#: Brackets around notes, tags and abbreviations.
_PARENS_OPEN = frozenset("([（【")
_PARENS_CLOSE = frozenset(")]）】")
#: Relative positions are bucketed into this many bins.
_POSITION_BINS = 10
#: Author separators, after "and"-words have become commas.
_AUTHOR_SEP_RE = re.compile(r"\s*[,;，；、]\s*")
#: Words and marks that join the last two authors.
_AUTHOR_AND_RE = re.compile(r"\s+(?:and|&)\s+|\s*&\s*|(?<=[\u4e00-\u9fff])\s*[和与及]\s*")
#: Footnote marks and corresponding-author symbols on an author.
_AUTHOR_MARKS_RE = re.compile(r"[*†‡§¶#✉^]+|(?<=[^\W\d_])\d+$")
#: A piece that is only initials (``J.``, ``J. K.``, ``J.-P.``): half of an inverted name.
_INITIALS_RE = re.compile(r"^(?:[A-Z](?:\.|\b)\s*-?\s*){1,4}$")
#: "et al." closing an author list.
_ET_AL_RE = re.compile(r"\bet\.?\s*al\.?|等$|等人$", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class Token:
    """One token of an entry and its character span in the entry text."""

    text: str
    start: int
    end: int


class ReferenceFields(TypedDict):
    """The fields :func:`label_reference` reads from an entry."""

    title: str | None
    authors: list[str]
    venue: str | None
    year: int | None


@dataclass(frozen=True, slots=True)
class _Lexicon:
    """Word sets the features look tokens up in (all through :func:`lexicon_key`)."""

    venue_abbrs: frozenset[str]
    venue_words: frozenset[str]
    title_words: frozenset[str]
    particles: frozenset[str]
    cjk_venue_re: re.Pattern[str]


def tokenize(text: str) -> list[Token]:
    """Cut an entry into tokens: CJK characters one by one, words, numbers, punctuation.

    >>> [t.text for t in tokenize("李华, Jane Roe. 图神经网络综述[J]. 软件学报, 2023.")][:9]
    ['李', '华', ',', 'Jane', 'Roe', '.', '图', '神', '经']
    >>> [t.text for t in tokenize("O'Neil, J. (NSDI '24)")]
    ["O'Neil", ',', 'J', '.', '(', 'NSDI', "'", '24', ')']
    """
    return [Token(m.group(0), m.start(), m.end()) for m in _TOKEN_RE.finditer(text)]


@cache
def _lexicon() -> _Lexicon:
    """Venue abbreviations, venue words, title function words and name particles."""
    abbrs: set[str] = set()
    for edition in ("2022", "2026"):
        abbrs.update(lexicon_key(v.abbr) for v in load_ccf_venues(edition).venues if v.abbr)
    abbrs.update(lexicon_key(v.abbr) for v in load_ccf_unranked().venues)
    abbrs.update(lexicon_key(v.abbr) for v in load_ccf_aliases().venues if v.abbr)
    markers = load_ccf_markers()
    words = load_publication_words()
    cues = [*words.venue_cues, *markers.journal, *markers.conference, *markers.workshop]
    latin = {lexicon_key(c) for c in cues if not _CJK_RE.search(c)}
    cjk = sorted({c for c in cues if _CJK_RE.search(c)}, key=len, reverse=True)
    return _Lexicon(
        venue_abbrs=frozenset(a for a in abbrs if a and " " not in a),
        venue_words=frozenset(w for w in latin if " " not in w),
        title_words=frozenset(lexicon_key(w) for w in words.title_words),
        particles=frozenset(lexicon_key(w) for w in words.name_particles),
        cjk_venue_re=re.compile("|".join(map(re.escape, cjk)) or "(?!)"),
    )


def _shape(word: str) -> str:
    """A word's shape with runs collapsed: ``Roe`` -> ``Xx``, ``NSDI`` -> ``X``, ``2023`` -> ``d4``.

    >>> [_shape(w) for w in ["Roe", "NSDI", "eBPF", "2023", "李", ","]]
    ['Xx', 'X', 'xX', 'd4', 'C', ',']
    """
    if word.isdigit():
        return f"d{min(len(word), 5)}"
    if _CJK_RE.match(word):
        return "C"
    if not word[0].isalnum():
        return word if len(word) == 1 else "p"
    out: list[str] = []
    for char in word:
        kind = "X" if char.isupper() else "x" if char.isalpha() else "d" if char.isdigit() else "'"
        if not out or out[-1] != kind:
            out.append(kind)
    return "".join(out)


def _is_initial(word: str) -> bool:
    """One capital letter: an initial when a full stop follows (``J.``)."""
    return len(word) == 1 and word.isupper()


#: Distinct words whose features are memoized (words recur across entries: names, venues).
_MEMO_WORDS = 65536


@lru_cache(maxsize=_MEMO_WORDS)
def _word_features(word: str) -> tuple[str, ...]:
    """Features of one token on its own (memoized: they depend on the word only)."""
    lex = _lexicon()
    key = unicodedata.normalize("NFKC", word).casefold()
    shape = _shape(word)
    feats = [f"s={shape}"]
    if _CJK_RE.match(word):
        feats.append(f"c={word}")
        return tuple(feats)
    if word[0].isalpha():
        feats.append(f"w={key}")
        if len(word) > 3:
            feats.append(f"suf={key[-3:]}")
        if len(word) == 1 and word.isupper():
            feats.append("initial")
        if key in lex.venue_abbrs and (word.isupper() or len(word) > 3):
            feats.append("abbr")
        if key in lex.venue_words:
            feats.append("vw")
        if key in lex.title_words:
            feats.append("tw")
        if key in lex.particles:
            feats.append("part")
    elif word.isdigit():
        if _YEAR_RE.match(word):
            feats.append("year")
    else:
        feats.append(f"p={word}")
    return tuple(feats)


@dataclass(frozen=True, slots=True)
class _WordView:
    """A word's own features and the ones it lends its neighbours (prefixed once, memoized)."""

    own: tuple[str, ...]
    before: tuple[str, ...]
    after: tuple[str, ...]
    before2: str
    after2: str


@lru_cache(maxsize=_MEMO_WORDS)
def _word_view(word: str) -> _WordView:
    own = _word_features(word)
    return _WordView(
        own,
        tuple("-1:" + f for f in own[:2]),
        tuple("+1:" + f for f in own[:2]),
        "-2:" + own[0],
        "+2:" + own[0],
    )


def token_features(text: str, tokens: Sequence[Token]) -> list[list[str]]:
    """CRF features of every token: its own, its neighbours', and where it sits in the entry.

    Position features: the relative position (in tenths), how many sentence stops came before
    it (0, 1, 2, 3+), whether it is inside quotes or brackets, and the first token of a line.

    >>> text = 'Jane Roe. "Graph Things". In NSDI 2023.'
    >>> feats = token_features(text, tokenize(text))
    >>> [f for f in feats[0] if not f.startswith(("+", "-"))]
    ['s=Xx', 'w=jane', 'suf=ane', 'first', 'pos=0', 'stops=0']
    >>> "quoted" in feats[4], "abbr" in feats[9], "year" in feats[10], "stops=2" in feats[9]
    (True, True, True, True)
    """
    lex = _lexicon()
    views = [_word_view(t.text) for t in tokens]
    cjk_venue: set[int] = set()
    for found in lex.cjk_venue_re.finditer(text):
        cjk_venue.update(range(found.start(), found.end()))
    n = len(tokens)
    feats: list[list[str]] = []
    stops = quoted = paren = 0
    for i, token in enumerate(tokens):
        row = list(views[i].own)
        if i == 0:
            row.append("first")
        if i == n - 1:
            row.append("last")
        if i > 0 and "\n" in text[tokens[i - 1].end : token.start]:
            row.append("line_start")
        if token.start in cjk_venue:
            row.append("vw")
        row.append(f"pos={i * _POSITION_BINS // n}")
        row.append(f"stops={min(stops, 3)}")
        if quoted:
            row.append("quoted")
        if paren:
            row.append("paren")
        row.extend(views[i - 1].before if i > 0 else ("-1:BOS",))
        row.extend(views[i + 1].after if i + 1 < n else ("+1:EOS",))
        if i > 1:
            row.append(views[i - 2].before2)
        if i + 2 < n:
            row.append(views[i + 2].after2)
        feats.append(row)
        word = token.text
        if word in _STOPS and not (i > 0 and _is_initial(tokens[i - 1].text)):
            stops += 1  # "Roe." ends a sentence, the initial in "J." does not
        if word in _QUOTES_OPEN and not (word == '"' and quoted):
            quoted += 1
        elif word in _QUOTES_CLOSE and quoted:
            quoted -= 1
        elif word in _PARENS_OPEN:
            paren += 1
        elif word in _PARENS_CLOSE and paren:
            paren -= 1
    return feats


def model_path() -> Path:
    """Where the packaged model file is (it may be absent in a source checkout)."""
    return lexicon_root() / MODEL_PATH


@cache
def _tagger() -> pycrfsuite.Tagger:
    """The CRF tagger, opened once.

    Raises:
        ImportError: python-crfsuite is not installed.
        LexiconError: the model file is missing.
    """
    try:
        import pycrfsuite
    except ImportError as exc:  # an optional dependency: say how to get it
        raise ImportError(
            "the reference labeler needs python-crfsuite: pip install 'bilingual-cv[bench]'"
        ) from exc
    path = model_path()
    if not path.is_file():
        raise LexiconError(f"{MODEL_PATH}: missing; run scripts/train_reference_crf.py")
    tagger = pycrfsuite.Tagger()
    tagger.open(str(path))
    return tagger


def label_tokens(text: str) -> list[tuple[Token, str]]:
    """Every token of an entry with the label the model gives it."""
    tokens = tokenize(text)
    if not tokens:
        return []
    labels = _tagger().tag(token_features(text, tokens))
    return list(zip(tokens, labels, strict=True))


def _runs(labelled: Sequence[tuple[Token, str]], label: str) -> list[tuple[int, int]]:
    """Character spans of the maximal runs of one label (a lone stray token inside a run of
    the same label, like a comma, does not break it)."""
    spans: list[tuple[int, int]] = []
    for token, tag in labelled:
        if tag != label:
            continue
        if spans and _is_adjacent(labelled, spans[-1][1], token.start, label):
            spans[-1] = (spans[-1][0], token.end)
        else:
            spans.append((token.start, token.end))
    return spans


def _is_adjacent(labelled: Sequence[tuple[Token, str]], end: int, start: int, label: str) -> bool:
    """No more than one token of another label between a run's end and the next token."""
    between = [tag for token, tag in labelled if end <= token.start and token.end <= start]
    return len(between) <= 1


def _longest(text: str, spans: Sequence[tuple[int, int]]) -> str | None:
    if not spans:
        return None
    start, end = max(spans, key=lambda s: (s[1] - s[0], -s[0]))
    return _strip_field(text[start:end])


def _strip_field(text: str) -> str | None:
    """A field without the punctuation and quotes around it, lines joined."""
    text = re.sub(r"-\n(?=[a-z])", "", text)
    text = " ".join(text.split())
    text = text.strip(" .,;:，。；：、\"“”'‘’《》「」")
    text = re.sub(r"^\[[A-Z](?:/OL)?\]\s*[.:/]*\s*", "", text)  # GB/T 7714 type code: [J].
    text = re.sub(r"^(?:In|in)\s*:?\s+", "", text)
    text = re.sub(r"^\(|\)$", "", text) if text.count("(") != text.count(")") else text
    return text or None


def split_authors(text: str) -> list[str]:
    """An author list cut into authors; inverted names (``Roe, J.``) stay whole.

    >>> split_authors("Jane Roe, Lan Qiu*, and Ann Lee")
    ['Jane Roe', 'Lan Qiu', 'Ann Lee']
    >>> split_authors("Roe, J., Doe, J. K. & Lee, A.")
    ['Roe, J.', 'Doe, J. K.', 'Lee, A.']
    >>> split_authors("李华，王明，张伟等")
    ['李华', '王明', '张伟']
    """
    text = _ET_AL_RE.sub("", " ".join(text.split())).strip(" ,;，。")
    if not text:
        return []
    text = _AUTHOR_AND_RE.sub(", ", text)
    authors: list[str] = []
    for piece in _AUTHOR_SEP_RE.split(text):
        written = _AUTHOR_MARKS_RE.sub("", piece).strip(" \"“”'‘’《「")
        if not written.strip("."):
            continue
        if authors and _INITIALS_RE.match(written) and not _INITIALS_RE.match(authors[-1]):
            authors[-1] = f"{authors[-1]}, {written}"
        else:
            authors.append(written.rstrip(".") if not _INITIALS_RE.match(written) else written)
    return authors


def _year(text: str, labelled: Sequence[tuple[Token, str]]) -> int | None:
    """The year in the date tokens, else in the venue tokens, else a short ``'23`` year."""
    for wanted in ("date", "venue"):
        for token, tag in labelled:
            if tag == wanted and _YEAR_RE.match(token.text):
                return int(token.text)
    for (a, tag), (b, _) in itertools.pairwise(labelled):
        if tag in ("venue", "date") and a.text in "'’" and len(b.text) == 2 and b.text.isdigit():
            return 2000 + int(b.text)
    return None


def read_fields(text: str, labelled: Sequence[tuple[Token, str]]) -> ReferenceFields:
    """The fields of an entry from its labelled tokens: the title and the venue are the
    longest runs of their labels, the authors the first run of author tokens cut at
    separators, the year a year among date (else venue) tokens."""
    author_spans = _runs(labelled, "author")
    authors = split_authors(text[author_spans[0][0] : author_spans[0][1]]) if author_spans else []
    return ReferenceFields(
        title=_longest(text, _runs(labelled, "title")),
        authors=authors,
        venue=_longest(text, _runs(labelled, "venue")),
        year=_year(text, labelled),
    )


def label_reference(text: str) -> ReferenceFields:
    """Title, authors, venue text and year of one publication entry, as the CRF reads them.

    The venue is text as written; the CCF matcher turns it into a name.

    Raises:
        ImportError: python-crfsuite is not installed.
        LexiconError: the model file is missing.
    """
    return read_fields(text, label_tokens(text))
