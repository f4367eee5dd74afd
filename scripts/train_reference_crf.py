"""Train the CRF reference labeler (``lexicons/models/references.crfsuite``).

Dev-time only; needs python-crfsuite (``pip install -e '.[bench]'``). Run from the checkout:

    nice -n 10 .venv/bin/python scripts/train_reference_crf.py [--no-cv] [--out PATH]

Training data:

- the labeled reference strings of ``../shared/data/refs/`` (AnyStyle's core, gold and CORA
  sets), their labels mapped onto :data:`bench.reflabel.LABELS` by :data:`LABEL_MAP`;
- unless ``--no-cv``: publication entries of the gold-annotated CVs, weakly labeled by
  :func:`weak_labels` (the gold title found in the entry, the author run before or after it,
  the gold year, venue text before the year). The entries are the ``publications[].raw`` of
  ``bilingual-cv convert`` outputs (``--cv PRED_DIR:GOLD_DIR``, default the dev and seed
  sets converted into ``/tmp/crf-dev`` and ``/tmp/crf-seeds``). These are real CVs: their
  text stays outside the repository; only the model's feature weights are kept.

``bench/reference_labeler.py`` imports the loaders below, so the bench and the shipped model
read the data the same way.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from difflib import SequenceMatcher
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT))

from bench.reflabel import LABELS, Token, model_path, token_features, tokenize

#: The reference sets, in training order.
REF_FILES = ("anystyle-core.xml", "anystyle-gold.xml", "anystyle-cora.xml")
#: AnyStyle's labels onto ours; anything else is a note.
LABEL_MAP = {
    "author": "author",
    "title": "title",
    "container-title": "venue",
    "journal": "venue",
    "booktitle": "venue",
    "collection-title": "venue",
    "event": "venue",
    "date": "date",
    "volume": "pages",
    "pages": "pages",
    "publisher": "publisher",
    "location": "publisher",
    "institution": "publisher",
    "authority": "publisher",
    "school": "publisher",
}
#: Default CV material: (converter output folder, gold folder).
DEFAULT_CV = (
    (Path("/tmp/crf-dev"), SHARED / "dev" / "gold"),
    (Path("/tmp/crf-seeds"), SHARED / "gold"),
)
#: A gold title counts as found in an entry when this share of its characters align.
TITLE_FOUND = 0.9
#: crfsuite training parameters (L1 keeps the model small, L2 smooths it).
PARAMS = {"c1": 0.05, "c2": 0.01, "max_iterations": 150, "feature.possible_transitions": True}
#: The seed of every shuffle.
SEED = 20261123
#: Punctuation closing a title.
_TITLE_ENDS = frozenset('.,"”》」:;')
#: An item tag opening an entry: ``[C3]``, ``12.``, ``(4)``, ``-``.
_TAG_RE = re.compile(r"^\s*(?:[\[(【]?[A-Za-z]{0,3}\d{1,3}[\])】.:]|[-•·*▪])\s*")


@dataclass(frozen=True, slots=True)
class Example:
    """One labeled entry: its text, one label per token, and the group it belongs to (a
    reference file or a CV), so folds never split a group."""

    text: str
    labels: tuple[str, ...]
    group: str


@dataclass(frozen=True, slots=True)
class CvEntry:
    """A CV publication entry paired with its gold record."""

    cv: str
    raw: str
    gold: dict[str, Any]


# --- reference strings --------------------------------------------------------------


def load_refs(folder: Path) -> list[Example]:
    """Every sequence of the reference sets, tokenized, each token labeled by its span."""
    examples: list[Example] = []
    for name in REF_FILES:
        root = ET.parse(folder / name).getroot()
        for sequence in root:
            pieces = [
                (LABEL_MAP.get(c.tag, "note"), " ".join((c.text or "").split())) for c in sequence
            ]
            text = ""
            labels: list[str] = []
            for label, piece in pieces:
                if not piece:
                    continue
                text = f"{text} {piece}" if text else piece
                labels.extend(label for _ in tokenize(piece))
            if text and len(labels) == len(tokenize(text)):
                examples.append(Example(text, tuple(labels), name))
    return examples


def field_text(example: Example, label: str) -> str:
    """The text of the first run of ``label`` tokens (the gold field of a reference)."""
    tokens = tokenize(example.text)
    picked = [t for t, tag in zip(tokens, example.labels, strict=True) if tag == label]
    if not picked:
        return ""
    first = next(i for i, tag in enumerate(example.labels) if tag == label)
    end = first
    while end < len(tokens) and example.labels[end] == label:
        end += 1
    return example.text[tokens[first].start : tokens[end - 1].end]


# --- CV entries ---------------------------------------------------------------------


def _alnum_map(text: str) -> tuple[str, list[int]]:
    """Letters and digits of a text (NFKC, casefolded) and where each came from."""
    keys: list[str] = []
    offsets: list[int] = []
    for i, char in enumerate(text):
        for c in unicodedata.normalize("NFKC", char).casefold():
            if c.isalnum():
                keys.append(c)
                offsets.append(i)
    return "".join(keys), offsets


def find_title(raw: str, title: str) -> tuple[int, int, float] | None:
    """Where a gold title sits in an entry (hyphen breaks, spacing and case ignored), and the
    share of its characters that align; None below :data:`TITLE_FOUND`."""
    hay, offsets = _alnum_map(raw)
    needle, _ = _alnum_map(title)
    if not needle or not hay:
        return None
    at = hay.find(needle)
    if at >= 0:
        return offsets[at], offsets[at + len(needle) - 1] + 1, 1.0
    blocks = [
        b
        for b in SequenceMatcher(None, hay, needle, autojunk=False).get_matching_blocks()
        if b.size >= 3
    ]
    matched = sum(b.size for b in blocks)
    if not blocks or matched < TITLE_FOUND * len(needle):
        return None
    start, end = blocks[0].a, blocks[-1].a + blocks[-1].size
    if end - start > 1.2 * len(needle):
        return None
    return offsets[start], offsets[end - 1] + 1, matched / len(needle)


def pair_entries(raws: Sequence[str], golds: Sequence[dict[str, Any]], cv: str) -> list[CvEntry]:
    """Gold publications paired one-to-one with the entries that contain their titles (best
    alignment first), independent of any parser's title."""
    scored = []
    for i, gold in enumerate(golds):
        for j, raw in enumerate(raws):
            found = find_title(raw, str(gold.get("title") or ""))
            if found is not None:
                scored.append((-found[2], len(raw), i, j))
    scored.sort()
    used_g: set[int] = set()
    used_r: set[int] = set()
    pairs: list[tuple[int, CvEntry]] = []
    for _, _, i, j in scored:
        if i in used_g or j in used_r:
            continue
        used_g.add(i)
        used_r.add(j)
        pairs.append((i, CvEntry(cv, raws[j], golds[i])))
    return [entry for _, entry in sorted(pairs, key=lambda p: p[0])]


def load_cv_entries(sources: Iterable[tuple[Path, Path]]) -> list[CvEntry]:
    """Entries of every converted CV with a gold file, paired with their gold records."""
    entries: list[CvEntry] = []
    for pred_dir, gold_dir in sources:
        for gold_path in sorted(gold_dir.glob("*.yaml")):
            pred_path = pred_dir / f"{gold_path.stem}.json"
            if not pred_path.is_file():
                continue
            gold = yaml.safe_load(gold_path.read_text(encoding="utf-8"))
            pred = json.loads(pred_path.read_text(encoding="utf-8"))
            raws = [p["raw"] for p in pred.get("publications") or [] if p.get("raw")]
            entries.extend(pair_entries(raws, gold.get("publications") or [], gold_path.stem))
    return entries


def _separators(text: str) -> int:
    return len(re.findall(r"[,;，、]|\band\b|&", text))


def _author_segment(text: str, start: int, count: int) -> tuple[int, int] | None:
    """After a title: the line or sentence holding ``count`` authors (separator count)."""
    for found in re.finditer(r"[^\n.]+(?:\.(?=\S)[^\n.]*)*", text[start:]):
        segment = found.group(0).strip(" ,")
        if not segment:
            continue
        if (count == 1 and len(segment.split()) <= 5) or _separators(segment) == count - 1 > 0:
            return start + found.start(), start + found.end()
        return None
    return None


def weak_labels(entry: CvEntry) -> Example | None:
    """Labels for a CV entry from its gold record, or None when the entry cannot be aligned.

    Title tokens are where the gold title aligns (the punctuation right after it too); author
    tokens are what stands between the item tag and the title, or a following segment with
    as many names as the gold counts; the last gold year after the title is the date; venue
    is the text between title/authors and that year (a note when gold has no venue); an item
    tag and the text after the year are notes.
    """
    raw, gold = entry.raw, entry.gold
    found = find_title(raw, str(gold.get("title") or ""))
    if found is None:
        return None
    t_start, t_end, _ = found
    tokens = tokenize(raw)
    labels: list[str | None] = [None] * len(tokens)
    tag = _TAG_RE.match(raw)
    tag_end = tag.end() if tag and tag.end() <= t_start else 0
    count = gold.get("authors")
    rest_start = t_end
    author_span: tuple[int, int] | None = None
    if raw[tag_end:t_start].strip(' "“《「'):
        author_span = (tag_end, t_start)
    elif count:
        while rest_start < len(raw) and not raw[rest_start].isalnum():
            rest_start += 1
        author_span = _author_segment(raw, rest_start, int(count))
        if author_span is None:
            return None
    venue_from = max(t_end, author_span[1] if author_span and author_span[0] > t_start else 0)
    year = gold.get("year")
    year_at = [
        i
        for i, t in enumerate(tokens)
        if year is not None
        and t.text == str(year)
        and t.start >= venue_from
        and raw[t.start - 1 : t.start] not in ("/", ".")  # not inside a DOI or URL
    ]
    year_start = tokens[year_at[-1]].start if year_at else len(raw) + 1
    for i, token in enumerate(tokens):
        labels[i] = _weak_label(
            token, tag_end, (t_start, t_end), author_span, venue_from, year_start
        )
        if token.start == year_start:
            labels[i] = "date"
        elif labels[i] == "venue" and not gold.get("venue"):
            labels[i] = "note"
    _extend_title_punctuation(tokens, labels)
    return Example(raw, tuple(str(label) for label in labels), entry.cv)


def _weak_label(
    token: Token,
    tag_end: int,
    title: tuple[int, int],
    authors: tuple[int, int] | None,
    venue_from: int,
    year_start: int,
) -> str:
    if token.end <= tag_end:
        return "note"
    if title[0] <= token.start < title[1]:
        return "title"
    if authors is not None and authors[0] <= token.start < authors[1]:
        return "author"
    if token.start < title[0]:
        return "note"
    if venue_from <= token.start < year_start:
        return "venue"
    return "note"


def _extend_title_punctuation(tokens: Sequence[Token], labels: list[str | None]) -> None:
    """Punctuation right after the title belongs to it, as in the reference sets."""
    for i in range(1, len(tokens)):
        if labels[i - 1] == "title" and labels[i] != "title" and tokens[i].text in _TITLE_ENDS:
            labels[i] = "title"


# --- training -----------------------------------------------------------------------


def train(examples: Sequence[Example], out: Path, params: dict[str, Any] | None = None) -> None:
    """Train a CRF on the examples (in a fixed order) and write it to ``out``."""
    import pycrfsuite

    trainer = pycrfsuite.Trainer(verbose=False)
    for example in sorted(examples, key=lambda e: (e.group, e.text)):
        tokens = tokenize(example.text)
        trainer.append(token_features(example.text, tokens), list(example.labels))
    trainer.set_params({**PARAMS, **(params or {})})
    out.parent.mkdir(parents=True, exist_ok=True)
    trainer.train(str(out))


def training_set(refs: Path, cv_sources: Iterable[tuple[Path, Path]] | None) -> list[Example]:
    """The reference examples plus (when given) the weakly labeled CV entries."""
    examples = load_refs(refs)
    if cv_sources is not None:
        for entry in load_cv_entries(cv_sources):
            example = weak_labels(entry)
            if example is not None:
                examples.append(example)
    return examples


def _parse_cv(value: str) -> tuple[Path, Path]:
    pred, _, gold = value.partition(":")
    return Path(pred), Path(gold)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--refs", type=Path, default=SHARED / "data" / "refs")
    parser.add_argument("--cv", type=_parse_cv, action="append", help="PRED_DIR:GOLD_DIR")
    parser.add_argument("--no-cv", action="store_true", help="train on the reference sets only")
    parser.add_argument("--out", type=Path, default=model_path())
    args = parser.parse_args(argv)
    random.seed(SEED)
    sources = None if args.no_cv else (args.cv or list(DEFAULT_CV))
    examples = training_set(args.refs, sources)
    groups = sorted({e.group for e in examples})
    train(examples, args.out)
    size = args.out.stat().st_size
    print(f"{len(examples)} sequences from {len(groups)} groups; labels {', '.join(LABELS)}")
    print(f"wrote {args.out} ({size / 1024:.0f} KiB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
