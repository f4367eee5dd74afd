#!/usr/bin/env python3
"""Write every output the parser gives on the corpora we have, to compare two versions of it.

    .venv/bin/python scripts/snapshot.py /tmp/snap-before
    ... change the code ...
    .venv/bin/python scripts/snapshot.py /tmp/snap-after && diff -r /tmp/snap-before /tmp/snap-after

A change that only moves code must leave the two folders identical. The corpora are the
repository's ``examples/`` and, when ``../shared`` is beside the checkout, its seeds, dev,
dev-text and dev2 CVs (never the blind set) and the 3,840 labeled reference strings, each
given as the one entry of a fictional CV's publication list (as ``bench/refs_rules.py`` does).
The outputs hold real CVs' text: write them outside the repository.
"""

from __future__ import annotations

import argparse
import os
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import bilingual_cv
from bilingual_cv.errors import BilingualCVError

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
#: Corpus name -> folder of CV files (read in sorted order, gold folders left out).
CORPORA = {
    "examples": ROOT / "examples",
    "seeds": SHARED / "seeds",
    "dev": SHARED / "dev",
    "dev-text": SHARED / "dev-text",
    "dev2": SHARED / "dev2",
}
REF_FILES = ("anystyle-core.xml", "anystyle-gold.xml", "anystyle-cora.xml")
SUFFIXES = {".txt", ".md", ".pdf", ".docx", ".html", ".htm"}


def reference_texts(folder: Path) -> list[str]:
    """The text of every labeled reference string, its parts joined by single spaces."""
    texts: list[str] = []
    for name in REF_FILES:
        path = folder / name
        if not path.is_file():
            continue
        for sequence in ET.parse(path).getroot():
            parts = (" ".join((child.text or "").split()) for child in sequence)
            texts.append(" ".join(part for part in parts if part))
    return texts


def _dump(source: str | Path) -> str:
    try:
        return bilingual_cv.parse(source).model_dump_json(indent=1)
    except BilingualCVError as exc:
        return f"error {exc.code}: {exc}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder to write (outside the repository)")
    args = parser.parse_args()
    out: Path = args.out.resolve()
    if out.is_relative_to(ROOT):
        parser.error("write the snapshot outside the repository: it holds real CVs' text")
    os.chdir(ROOT)  # sources are recorded as ../shared/..., the same from any checkout
    for corpus, folder in CORPORA.items():
        if not folder.is_dir():
            continue
        target = out / corpus
        target.mkdir(parents=True, exist_ok=True)
        for path in sorted(folder.iterdir()):
            if path.is_file() and path.suffix.lower() in SUFFIXES:
                relative = Path("..") / path.relative_to(ROOT.parent)
                (target / (path.name + ".json")).write_text(_dump(relative), encoding="utf-8")
    texts = reference_texts(SHARED / "data" / "refs")
    if texts:
        with (out / "refs.jsonl").open("w", encoding="utf-8") as handle:
            for text in texts:
                handle.write(_dump(f"Jane Roe\n\nPublications\n\n[1] {text}\n") + "\n")
    print(f"{out}: {sum(1 for _ in out.rglob('*.json'))} CVs, {len(texts)} references")
    return 0


if __name__ == "__main__":
    sys.exit(main())
