"""Venue texts for the properties of ``tests/venues``: hypothesis strategies that build texts
from the case table's inputs, the catalogs' names, abbreviations and aliases (whole, begun,
or cut ISO 4 style), the marker phrases, and fictional words, years, links and punctuation.

Each fast path of :mod:`bilingual_cv.venues` is checked against the plain computation it stands
for on these texts: the real names steer them into the lookups, the fictional words and the
punctuation around them into the edges.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import yaml
from hypothesis import example
from hypothesis import strategies as st

from bilingual_cv.venues import EDITIONS
from bilingual_cv.venues.index import _index, catalog
from bilingual_cv.venues.tokens import _singular

ROOT = Path(__file__).resolve().parents[2]
#: The venue case table (``tests/venues/test_describe.py``); read here for its inputs only.
CASES_PATH = ROOT / "tests" / "cases" / "venues.yaml"


def _case_texts() -> list[str]:
    cases = yaml.safe_load(CASES_PATH.read_text(encoding="utf-8"))
    return sorted({str(case["input"]) for case in cases})


#: Every input of the case table.
CASE_TEXTS = _case_texts()

#: Venue texts that reach the rarer paths: archives, names after leading noise, loose names
#: (one found only by a plural word that starts no exact name), ISO 4 forms, hosts, side
#: tracks, preprints, links, a CJK run glued to a name, a text of two kinds, bare leading
#: noise, nothing. Every property over :func:`venue_texts` runs them all
#: (:func:`with_edge_texts`), then generated texts.
EDGE_TEXTS = (
    "arXiv preprint arXiv:2401.00001",
    "CoRR abs/2101.00002, 2021",
    "SSRN Electronic Journals, 2020",
    "bioRxiv 2024 (under review)",
    "Preprints of the Toy Archive, techrxiv",
    "Proceedings of the 3rd Imaginary Symposium on Widget Systems",
    "In Proceedings of the International Conference on Learning Representations",
    "IEEE Trans. Toy Syst. 12(3), 2022",
    "Workshop on Pretend Networks @ NSDI 2024",
    "Toy Widget Workshop ＠ EuroSys 2022",
    "Workshop on Pretend Toys, co-located with ASPLOS 2023",
    "Pretend Toys Workshop at NeurIPS 2021",
    "NSDI 2024 Doctoral Forum",
    "Findings of ACL 2023",
    "INFOCOM 2016 (submitted)",
    "Widget Letters, under review",
    "Toy Widget Meeting (BigToy 2018)",
    "Toy Journal Workshop 2024",
    "ToyConf 2024 (accepted, to appear), Main Track, Research Track, pp. 1-9",
    "Toy Letters, vol. 3, no. 2, article 17, 2021",
    "In: ToyConf. url: https://example.org/toy, doi: 10.1234/toy.5678",
    "Widget Letters, arXiv:2401.00001v2, www.example.org/widgets",
    "Toy Letters, www.example.org",
    "玩具会议MobiCom 2023",
    "Journals Symbolic Computation 2024",
    "In Proceedings of the",
    "",
    "2024",
)

#: Fictional words and forms: names no catalog knows, abbreviated words, years, links, dblp
#: keys, marker words, and characters NFKC changes.
FICTIONAL = (
    "Reviewer",
    "Program Committee",
    "Member",
    "Invited Talk",
    "Chair",
    "Session",
    "Toyland",
    "Widgetry",
    "Pretend Networks",
    "Imaginary Systems",
    "Blorp",
    "Zindle University",
    "and",
    "for",
    "of",
    "the",
    "Toy.",
    "Widg.",
    "Syst.",
    "Int.",
    "Trans.",
    "Comput.",
    "Proc.",
    "ToyConf",
    "BigToy",
    "toycon'23",
    "2024",
    "'25",
    "17th",
    "vol. 3",
    "arXiv",
    "arXiv:2401.00001",
    "www.example.org",
    "https://example.org/toy",
    "conf/nsdi",
    "journals/tocs",
    "dblp.org/db/conf/toy",
    "under review",
    "submitted",
    "co-located with",
    "Doctoral Forum",
    "Findings of",
    "Workshop",
    "Journal",
    "Conference",
    "Symposium",
    "ｔｏｙ",
    "Ｗｉｄｇｅｔ",
    "ﬁnance",
    "Cafe\u0301",
    "玩具",
    "玩具会议",
    "小部件",
    "＠",
    "，",
)

PUNCTUATION = (",", ";", "/", ":", "|", "@", " @", "(", ")", "[", "]", "【", "】", ".", "-", "&")
GLUE = (" ", " ", " ", "", ", ", "; ", ". ", " / ", ": ", " (", ") ", "\n")


def _catalog_texts() -> list[str]:
    """Every edition's names and abbreviations, display names, lookup keys and their first
    two and three words (names begun but not finished)."""
    idx = _index()
    texts: set[str] = set()
    for edition in EDITIONS:
        for rec in catalog(edition).values():
            texts.add(rec.full_name)
            if rec.abbr:
                texts.add(rec.abbr)
    texts.update(idx.display.values())
    texts.update(key for key in idx.exact if len(key) < 60)
    texts.update(" ".join(key.split()[:n]) for key in idx.exact for n in (2, 3))
    return sorted(texts)


def _marker_texts() -> list[str]:
    """Every marker phrase and word (``lexicons/ccf/markers.yaml``) as its key writes it."""
    markers = _index().markers
    tables = (
        markers.preprint,
        markers.host,
        markers.host_weak,
        markers.side_tracks,
        markers.leading,
        markers.status,
        markers.main_tracks,
    )
    phrases = {" ".join(phrase) for table in tables for phrase in table}
    words = markers.workshop | markers.journal | markers.conference | markers.citation
    return sorted(phrases | words | markers.name_noise)


CATALOG_TEXTS = _catalog_texts()
MARKER_TEXTS = _marker_texts()
#: Catalog names of three words or more, which ISO 4 forms abbreviate.
LONG_NAMES = [text for text in CATALOG_TEXTS if len(text.split()) >= 3]


@st.composite
def abbreviated_names(draw: st.DrawFn) -> str:
    """A catalog name with some words cut short before a full stop ("IEEE Trans. Parallel
    Distrib. Syst."), some function words dropped."""
    words = []
    for word in draw(st.sampled_from(LONG_NAMES)).split():
        how = draw(st.sampled_from(["keep", "cut", "cut", "drop"]))
        if how == "cut" and len(word) > 2:
            words.append(word[: draw(st.integers(1, len(word) - 1))] + ".")
        elif how == "keep" or word[:1].isupper():
            words.append(word)
    return " ".join(words)


#: The loose keys (catalog names without publisher and function words, in the singular).
LOOSE_KEYS = sorted(_index().loose)


@st.composite
def loose_names(draw: st.DrawFn) -> str:
    """A catalog name as its loose key writes it, some words in the plural ("Journals Grid
    Computing"): found only loosely, often by words that start no exact name."""
    words = []
    for word in draw(st.sampled_from(LOOSE_KEYS)).split():
        plural = word + "s" if _singular(word + "s") == word else word
        words.append(draw(st.sampled_from([word, plural])).title())
    return " ".join(words)


def _cased(part: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return part.flatmap(lambda text: st.sampled_from([text, text.title(), text.upper()]))


#: One part of a composed text.
PARTS = st.one_of(
    st.sampled_from(FICTIONAL),
    _cased(st.sampled_from(CATALOG_TEXTS)),
    _cased(st.sampled_from(MARKER_TEXTS)),
    abbreviated_names(),
    loose_names(),
    st.sampled_from(PUNCTUATION),
    st.integers(1990, 2030).map(str),
)


@st.composite
def composed_texts(draw: st.DrawFn, max_parts: int = 10) -> str:
    """Parts joined by spaces, separators or brackets."""
    parts: list[str] = draw(st.lists(PARTS, min_size=1, max_size=max_parts))
    out = parts[0]
    for part in parts[1:]:
        out += draw(st.sampled_from(GLUE)) + part
    return out


def venue_texts() -> st.SearchStrategy[str]:
    """A case-table input, an edge text, a short composed text (one name, maybe with a year
    or a marker) or a longer one (the last most often)."""
    return st.one_of(
        st.sampled_from(CASE_TEXTS),
        st.sampled_from(EDGE_TEXTS),
        composed_texts(max_parts=3),
        composed_texts(),
        composed_texts(),
    )


F = TypeVar("F", bound=Callable[..., None])


def with_edge_texts(*rest: object) -> Callable[[F], F]:
    """Run a property of a venue text (and ``rest``) on every edge text too (:data:`EDGE_TEXTS`),
    every run."""

    def decorate(test: F) -> F:
        for text in EDGE_TEXTS:
            test = example(text, *rest)(test)
        return test

    return decorate
