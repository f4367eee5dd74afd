"""Accuracy on every gold corpus beside the project: score.py's table for each.

    .venv/bin/python bench/accuracy.py            # seeds (text), seeds (PDF), dev (PDF)
    .venv/bin/python bench/accuracy.py -v         # and every miss

Each corpus is converted with the batch command into a temporary folder and scored with
``../shared/tools/score.py`` against its gold. Nothing here is learned from the gold: the
parser's rules and lexicons are written by hand, so no leave-one-CV-out split is needed (a
model trained on dev CVs, such as ``bench/reference_labeler.py``'s CRF, is scored by CV folds
there). ``tests/test_accuracy.py`` reads the same figures and fails when one drops.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
SCORE = SHARED / "tools" / "score.py"


@dataclass(frozen=True)
class Corpus:
    name: str
    inputs: Path
    gold: Path


#: The gold corpora, in the order they are reported.
CORPORA = (
    Corpus("seeds", SHARED / "seeds", SHARED / "gold"),
    Corpus("seeds-pdf", SHARED / "seeds-pdf", SHARED / "gold"),
    Corpus("dev", SHARED / "dev", SHARED / "dev" / "gold"),
)


def available() -> list[Corpus]:
    """The corpora whose inputs and gold are both present."""
    return [c for c in CORPORA if c.inputs.is_dir() and c.gold.is_dir() and SCORE.is_file()]


def convert(corpus: Corpus, out: Path) -> None:
    """Convert a corpus with the installed command (the same path users take)."""
    command = [sys.executable, "-m", "bilingual_cv.cli.main", "convert", str(corpus.inputs)]
    subprocess.run([*command, "-o", str(out), "-q"], check=False, capture_output=True)


def score(corpus: Corpus, out: Path, *, verbose: bool = False) -> tuple[str, dict[str, float]]:
    """score.py's printed table and its overall figures (column name -> value)."""
    args = [sys.executable, str(SCORE), "--gold", str(corpus.gold), "--pred", str(out), "--json"]
    run = subprocess.run(
        [*args, "-v"] if verbose else args, check=True, capture_output=True, text=True
    )
    lines = run.stdout.rstrip().splitlines()
    figures = json.loads(lines[-1])
    return "\n".join(lines[:-1]), {k: v for k, v in figures.items() if v is not None}


def measure(corpus: Corpus, *, verbose: bool = False) -> tuple[str, dict[str, float]]:
    """Convert and score one corpus."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "out"
        convert(corpus, out)
        return score(corpus, out, verbose=verbose)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-v", "--verbose", action="store_true", help="list every miss")
    args = parser.parse_args()
    corpora = available()
    if not corpora:
        print(f"no gold corpus found beside the project ({SHARED})")
        return 1
    for corpus in corpora:
        table, _ = measure(corpus, verbose=args.verbose)
        print(f"== {corpus.name}: {corpus.inputs}")
        print(table)
        print()
    return 0


if __name__ == "__main__":
    sys.exit(main())
