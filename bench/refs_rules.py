"""The publication parser on the labeled reference strings, through the whole pipeline.

Usage (from the checkout; needs ``../shared``)::

    .venv/bin/python bench/refs_rules.py [--misses FILE] [--set cora]

Each of the 3,840 reference strings of ``../shared/data/refs`` (AnyStyle core and gold, CORA)
becomes the one numbered entry of a Publications section of a fictional CV and is parsed by
``bilingual_cv.parse``, so text cleaning, entry splitting and field parsing all take part.
The fields are scored as ``bench/reference_labeler.py`` scores its held-out folds: title
exact (after score.py's ``norm``), year, ``venue≈`` (the labeled container text, digits and page
words dropped, inside the predicted venue text, at most 15 characters longer) and the author
count.

Reference lists are not CV publication lists (no bold owner, no venue tags, many book and
humanities styles), so the absolute figures are low; they are a measure of how the parser
reads bibliography styles it was not written for. Keep one set unread: rules are found by
reading the misses of CORA (``--misses``), and the AnyStyle sets are only scored.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
REFS = SHARED / "data" / "refs"

import bilingual_cv

FIELDS = ("title", "year", "venue≈", "#auth")
#: Each reference set, by the file it comes from.
SETS = {"cora": "anystyle-cora.xml", "core": "anystyle-core.xml", "gold": "anystyle-gold.xml"}


def _labeler() -> Any:
    """``bench/reference_labeler.py`` (its reference loader, field types and scoring)."""
    spec = importlib.util.spec_from_file_location(
        "reference_labeler", ROOT / "bench" / "reference_labeler.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["reference_labeler"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def pipeline_fields(rl: Any, text: str) -> Any:
    """What ``bilingual_cv.parse`` reads from one reference given as a CV's only entry."""
    cv = bilingual_cv.parse(f"Jane Roe\n\nPublications\n\n[1] {text}\n")
    if not cv.publications:
        return rl.Fields()
    pub = cv.publications[0]
    names = {n for n in (pub.venue.abbr, pub.venue.name) if n}
    return rl.Fields(pub.title, list(pub.authors), pub.venue.raw, names, pub.year)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--misses", type=Path, help="write the title misses of --set here")
    parser.add_argument("--set", default="cora", choices=sorted(SETS), help="set for --misses")
    args = parser.parse_args()
    if not REFS.is_dir():
        print(f"no reference strings at {REFS}", file=sys.stderr)
        return 1
    rl = _labeler()
    refs = rl.data.load_refs(REFS)
    misses: list[str] = []
    print("| set | n | " + " | ".join(FIELDS) + " |")
    print("|---|---|" + "---|" * len(FIELDS))
    for name, file in SETS.items():
        tally = rl.Tally()
        examples = [ex for ex in refs if ex.group == file]
        for example in examples:
            got = pipeline_fields(rl, example.text)
            rl.score_ref(tally, "rules", example, got)
            title = rl.score.norm(rl.data.field_text(example, "title"))
            if name == args.set and title and title != rl.score.norm(got.title):
                misses.append(f"{example.text}\n    -> {got.title!r}")
        figures = " | ".join(tally.ratio("rules", f).strip() for f in FIELDS)
        print(f"| {name} | {len(examples)} | {figures} |")
    if args.misses:
        args.misses.write_text("\n".join(misses) + "\n", encoding="utf-8")
        print(f"{len(misses)} title misses of {args.set} written to {args.misses}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
