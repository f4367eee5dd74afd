"""Compare the hand-written publication rules with the CRF reference labeler (issue 9, point 3).

Usage (from the checkout; needs ``../shared`` and python-crfsuite, ``pip install -e '.[bench]'``)::

    .venv/bin/bilingual-cv convert ../shared/dev -o /tmp/crf-dev
    .venv/bin/bilingual-cv convert ../shared/seeds -o /tmp/crf-seeds
    nice -n 10 .venv/bin/python bench/reference_labeler.py [--ref-folds 3] [--cv-folds 5]

Three parsers read each entry into title, authors, venue and year:

- ``rules``: the rule parser of the pipeline, through :func:`rules_fields` (the one adapter to
  re-point when the parser moves);
- ``crf``: :func:`bench.reflabel.read_fields` over a CRF trained for that fold;
- ``hybrid``: the rules, with the CRF's field wherever the rules give nothing (no title, no
  authors, a venue text no catalog recognizes, no year); ``crf+rules`` is the converse.

Measured on

- (a) held-out reference strings: ``--ref-folds`` folds of ``../shared/data/refs`` (the CRF
  trains on the other folds only). Gold fields are the labeled spans; the gold author count
  is :func:`~bench.reflabel.split_authors` of the gold author span (so that column
  favours the CRF, which shares the splitter). ``venue≈``: the gold container text, digits
  and page words dropped, is contained in the predicted venue text, which is at most 15
  characters longer.
- (b) real CV entries (``publications[].raw`` of the converter's outputs), paired with gold
  publications by where the gold title sits in the entry (so no parser's title decides the
  pairing). ``crf/refs``: trained on the references only. ``crf/cv``: trained on the
  references plus the weakly labeled entries of the other CVs (``--cv-folds`` folds grouped
  by CV: an entry is never scored by a model trained on its own CV). Fields are scored as
  ``../shared/tools/score.py`` does: title exact after ``norm``, year, venue by ``norm_venue``
  against the catalog abbr or name of the venue text, author count.

Per-entry time is the first call on each CV entry after warming the lexicons on the
references (median and 95th percentile); the budget is 0.2 ms. ``--misses FILE`` writes the
rules' misses on CV entries for error analysis (real text: keep the file outside the repo).
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import re
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import train_reference_crf as data

from bench.reflabel import read_fields, split_authors, token_features, tokenize


def _load_score() -> Any:
    """``../shared/tools/score.py``, for its ``norm`` and ``norm_venue``."""
    spec = importlib.util.spec_from_file_location("score", SHARED / "tools" / "score.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


score = _load_score()

#: L-BFGS iterations per model (``--iterations``; the shipped model's default otherwise).
ITERATIONS = int(data.PARAMS["max_iterations"])
#: How many times each weakly labeled CV entry is repeated in training (``--cv-weight``).
CV_WEIGHT = 1
#: The budget per entry, in milliseconds.
BUDGET_MS = 0.2
#: A claimed rank in a venue text (``TPDS, CCF-A``): not part of the venue's name.
_CLAIM_RE = re.compile(r"CCF\s*[-‐:：]?\s*(?:推荐\s*)?[ABC](?:\s*类)?(?![A-Za-z])", re.IGNORECASE)
#: Words of volume and page statements, dropped when comparing venue texts of references.
_PAGE_WORDS = frozenset({"pp", "p", "vol", "no", "pages", "page", "volume", "issue"})


@dataclass(slots=True)
class Fields:
    """What a parser read from one entry."""

    title: str | None = None
    authors: list[str] = field(default_factory=list)
    venue: str | None = None
    venue_names: set[str] = field(default_factory=set)
    year: int | None = None


# --- adapters: the only code that calls the rule parser and the venue matcher ----------


def rules_fields(text: str) -> Fields:
    """The rule parser's reading of one entry (lines as the converter wrote them, no section
    hint, 2026 edition)."""
    from bilingual_cv.lines import Line, RawEntry
    from bilingual_cv.publications import build_publication, parse_parts
    from bilingual_cv.schema import Lang

    lines = tuple(Line(i + 1, t, i + 1) for i, t in enumerate(text.split("\n")))
    lang: Lang = "zh" if re.search(r"[\u4e00-\u9fff]", text) else "en"
    entry = RawEntry(lines, lang=lang)
    publication, _ = build_publication(entry, parse_parts(entry), None, "2026")
    names = {n for n in (publication.venue.abbr, publication.venue.name) if n}
    return Fields(
        publication.title,
        list(publication.authors),
        publication.venue.raw,
        names,
        publication.year,
    )


def venue_names(venue: str | None) -> set[str]:
    """Catalog abbr and name of a venue text (the short name alone for an unknown venue)."""
    from bilingual_cv.publications import venue_short_name
    from bilingual_cv.venues import describe_venue

    if not venue:
        return set()
    query = _CLAIM_RE.sub(" ", venue).strip(" ,()")
    match = describe_venue(query)
    if match is not None and (match.abbr or match.name):
        return {n for n in (match.abbr, match.name) if n}
    short = venue_short_name(query)
    return {short} if short else set()


# --- parsers ------------------------------------------------------------------------


def crf_fields(tagger: Any, text: str) -> Fields:
    """The CRF's reading of one entry."""
    tokens = tokenize(text)
    labels = tagger.tag(token_features(text, tokens)) if tokens else []
    found = read_fields(text, list(zip(tokens, labels, strict=True)))
    return Fields(
        found["title"], found["authors"], found["venue"], venue_names(found["venue"]), found["year"]
    )


def hybrid(first: Fields, second: Fields) -> Fields:
    """``first``'s fields, with ``second``'s wherever ``first`` found nothing."""
    return Fields(
        first.title or second.title,
        first.authors or second.authors,
        first.venue if first.venue_names else second.venue,
        first.venue_names or second.venue_names,
        first.year if first.year is not None else second.year,
    )


def open_tagger(model: Path) -> Any:
    import pycrfsuite

    tagger = pycrfsuite.Tagger()
    tagger.open(str(model))
    return tagger


# --- scoring ------------------------------------------------------------------------


class Tally:
    """Right and total counts per (parser, field)."""

    def __init__(self) -> None:
        self.right: dict[tuple[str, str], int] = {}
        self.total: dict[tuple[str, str], int] = {}

    def add(self, parser: str, name: str, ok: bool) -> None:
        key = (parser, name)
        self.total[key] = self.total.get(key, 0) + 1
        self.right[key] = self.right.get(key, 0) + int(ok)

    def ratio(self, parser: str, name: str) -> str:
        n = self.total.get((parser, name), 0)
        return "   -  " if n == 0 else f"{self.right[(parser, name)] / n:6.3f}"

    def count(self, parser: str, name: str) -> int:
        return self.total.get((parser, name), 0)


def score_cv(tally: Tally, parser: str, gold: dict[str, Any], got: Fields) -> list[str]:
    """Score one CV entry like score.py; returns the names of the fields missed."""
    missed = []
    checks: list[tuple[str, bool]] = [
        ("title", score.norm(gold.get("title")) == score.norm(got.title))
    ]
    if "year" in gold:
        checks.append(("year", gold["year"] == got.year))
    if gold.get("venue"):
        names = {score.norm_venue(n) for n in got.venue_names}
        checks.append(("venue", score.norm_venue(gold["venue"]) in names))
    if gold.get("authors") is not None:
        checks.append(("#auth", gold["authors"] == len(got.authors)))
    for name, ok in checks:
        tally.add(parser, name, ok)
        if not ok:
            missed.append(name)
    return missed


def _venue_words(text: str | None) -> str:
    words = [w for w in score.norm(text).split() if not w.isdigit() and w not in _PAGE_WORDS]
    return " ".join(words)


def score_ref(tally: Tally, parser: str, example: data.Example, got: Fields) -> None:
    """Score one held-out reference string against its labeled spans."""
    title = data.field_text(example, "title")
    if title:
        tally.add(parser, "title", score.norm(title) == score.norm(got.title))
    years = re.findall(r"(?<!\d)(?:1[5-9]|20)\d{2}(?!\d)", data.field_text(example, "date"))
    if years:
        tally.add(parser, "year", int(years[0]) == got.year)
    venue = _venue_words(data.field_text(example, "venue"))
    if venue:
        pred = _venue_words(got.venue)
        tally.add(parser, "venue≈", venue in pred and len(pred) <= len(venue) + 15)
    authors = data.field_text(example, "author")
    if authors:
        tally.add(parser, "#auth", len(split_authors(authors)) == len(got.authors))


# --- runs ---------------------------------------------------------------------------


def _folds(groups: Sequence[str], k: int) -> list[set[str]]:
    """Groups shuffled with the fixed seed and dealt into k folds."""
    ordered = sorted(set(groups))
    random.Random(data.SEED).shuffle(ordered)
    return [set(ordered[i::k]) for i in range(k)]


@dataclass(frozen=True, slots=True)
class Setup:
    """How the models of a run are trained."""

    workdir: Path
    iterations: int = ITERATIONS
    cv_weight: int = CV_WEIGHT


def _train(examples: Sequence[data.Example], setup: Setup, name: str) -> Any:
    path = setup.workdir / f"{name}.crfsuite"
    started = time.perf_counter()
    data.train(examples, path, {"max_iterations": setup.iterations})
    print(
        f"  trained {name}: {len(examples)} sequences, {path.stat().st_size / 1024:.0f} KiB, "
        f"{time.perf_counter() - started:.0f} s",
        file=sys.stderr,
    )
    return open_tagger(path)


def run_refs(refs: list[data.Example], k: int, setup: Setup, tally: Tally) -> None:
    """(a) k-fold over the reference strings."""
    ids = [f"{i % k}" for i in range(len(refs))]
    random.Random(data.SEED).shuffle(ids)
    for fold in range(k):
        train = [e for e, f in zip(refs, ids, strict=True) if f != str(fold)]
        test = [e for e, f in zip(refs, ids, strict=True) if f == str(fold)]
        tagger = _train(train, setup, f"refs-fold{fold}")
        for example in test:
            rules = rules_fields(example.text)
            crf = crf_fields(tagger, example.text)
            for parser, got in (("rules", rules), ("crf", crf), ("hybrid", hybrid(rules, crf))):
                score_ref(tally, parser, example, got)


def run_cvs(
    refs: list[data.Example],
    entries: list[data.CvEntry],
    k: int,
    setup: Setup,
    tally: Tally,
    misses: list[str],
) -> None:
    """(b) CV entries: a references-only model, and k folds grouped by CV with weak labels."""
    refs_only = _train(refs, setup, "refs-all")
    weak = {id(e): data.weak_labels(e) for e in entries}
    for fold, held_out in enumerate(_folds([e.cv for e in entries], k)):
        train = refs + setup.cv_weight * [
            w for e in entries if e.cv not in held_out and (w := weak[id(e)]) is not None
        ]
        tagger = _train(train, setup, f"cv-fold{fold}")
        for entry in (e for e in entries if e.cv in held_out):
            rules = rules_fields(entry.raw)
            crf_r = crf_fields(refs_only, entry.raw)
            crf_c = crf_fields(tagger, entry.raw)
            for parser, got in (
                ("rules", rules),
                ("crf/refs", crf_r),
                ("crf/cv", crf_c),
                ("hybrid/cv", hybrid(rules, crf_c)),
                ("crf/cv+rules", hybrid(crf_c, rules)),
            ):
                missed = score_cv(tally, parser, entry.gold, got)
                if parser in ("rules", "crf/cv") and missed:
                    misses.append(_describe_miss(parser, entry, got, missed))


def _describe_miss(parser: str, entry: data.CvEntry, got: Fields, missed: list[str]) -> str:
    gold = entry.gold
    return (
        f"[{entry.cv}] {parser} missed {','.join(missed)}\n  raw:   {entry.raw!r}\n"
        f"  gold:  title={gold.get('title')!r} year={gold.get('year')} venue={gold.get('venue')!r} "
        f"authors={gold.get('authors')}\n"
        f"  got:   title={got.title!r} year={got.year} venue={got.venue!r} -> {sorted(got.venue_names)} "
        f"authors={len(got.authors)} {got.authors[:4]}\n"
    )


def time_entries(texts: Sequence[str], parse: Callable[[str], object]) -> tuple[float, float]:
    """Median and 95th percentile of one call per text, in milliseconds."""
    times = []
    for text in texts:
        started = time.perf_counter()
        parse(text)
        times.append((time.perf_counter() - started) * 1000)
    times.sort()
    return statistics.median(times), times[int(0.95 * (len(times) - 1))]


def print_table(title: str, tally: Tally, parsers: Sequence[str], names: Sequence[str]) -> None:
    print(f"\n{title}")
    print(f"{'parser':<14}" + "".join(f"{n:>8}" for n in names) + f"{'n':>7}")
    for parser in parsers:
        n = max(tally.count(parser, name) for name in names)
        print(f"{parser:<14}" + "".join(f"{tally.ratio(parser, x):>8}" for x in names) + f"{n:>7}")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--refs", type=Path, default=SHARED / "data" / "refs")
    parser.add_argument("--ref-folds", type=int, default=3)
    parser.add_argument("--cv-folds", type=int, default=5)
    parser.add_argument("--misses", type=Path, help="write the rules' misses on CV entries here")
    parser.add_argument("--cv-weight", type=int, default=CV_WEIGHT, help="CV entry repeats")
    parser.add_argument("--iterations", type=int, default=ITERATIONS, help="L-BFGS, per model")
    args = parser.parse_args(argv)
    if not SHARED.is_dir():
        print(f"no shared material at {SHARED}", file=sys.stderr)
        return 2
    missing = [str(p) for p, _ in data.DEFAULT_CV if not p.is_dir()]
    if missing:
        print(f"convert the CVs first (see --help): missing {missing}", file=sys.stderr)
        return 2
    refs = data.load_refs(args.refs)
    entries = data.load_cv_entries(data.DEFAULT_CV)
    print(
        f"{len(refs)} reference strings; {len(entries)} CV entries paired with gold "
        f"from {len({e.cv for e in entries})} CVs"
    )
    ref_tally, cv_tally = Tally(), Tally()
    misses: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        setup = Setup(Path(tmp), args.iterations, args.cv_weight)
        if args.ref_folds > 1:
            run_refs(refs, args.ref_folds, setup, ref_tally)
        run_cvs(refs, entries, args.cv_folds, setup, cv_tally, misses)
        tagger = open_tagger(setup.workdir / "refs-all.crfsuite")
        warm = [e.text for e in refs[:300]]
        for text in warm:
            rules_fields(text)
            crf_fields(tagger, text)
        raws = [e.raw for e in entries]
        timing = {
            "rules": time_entries(raws, rules_fields),
            "crf": time_entries(raws, lambda t: crf_fields(tagger, t)),
        }
    if args.ref_folds > 1:
        print_table(
            f"(a) held-out reference strings, {args.ref_folds}-fold",
            ref_tally,
            ["rules", "crf", "hybrid"],
            ["title", "year", "venue≈", "#auth"],
        )
    print_table(
        f"(b) CV entries, never scored by a model trained on their CV ({args.cv_folds} folds by CV)",
        cv_tally,
        ["rules", "crf/refs", "crf/cv", "hybrid/cv", "crf/cv+rules"],
        ["title", "year", "venue", "#auth"],
    )
    print(f"\nper-entry time on CV entries, ms (budget {BUDGET_MS}): median / p95")
    for name, (median, p95) in timing.items():
        print(f"  {name:<8} {median:.3f} / {p95:.3f}")
    if args.misses:
        args.misses.write_text("\n".join(misses), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
