"""How often a venue's initials are its abbreviation, by name shape, measured on catalogs.

    .venv/bin/python bench/venue_initials.py [--data ../shared/data/ccf] [--misses SHAPE]

Reads the (abbreviation, full name) pairs of ``ccf-2022.csv``, ``ccf-2026.csv`` and
``other-ranks.csv`` (each distinct pair once), sorts each full name into a shape with
:func:`bilingual_cv.venues.initials.name_shape` and prints, per shape, how many venues it holds
and how often :func:`~bilingual_cv.venues.initials.initials` equals the catalog abbreviation
(case and punctuation ignored). A shape may give derived acronyms
(``PRECISE_SHAPES``) when precision >= 0.85 over at least 20 venues. Non-CV data only: no CV
is read.
"""

from __future__ import annotations

import argparse
import csv
import re
from collections import defaultdict
from pathlib import Path

from bilingual_cv.venues.initials import PRECISE_SHAPES, initials, name_shape

MIN_PRECISION = 0.85
MIN_VENUES = 20
_FILES = ("ccf-2022.csv", "ccf-2026.csv", "other-ranks.csv")


def _norm(text: str) -> str:
    return re.sub(r"[^0-9a-z]", "", text.casefold())


def pairs(folder: Path) -> list[tuple[str, str]]:
    """Distinct (abbreviation, full name) pairs of the catalogs, abbreviation not empty."""
    seen: dict[tuple[str, str], tuple[str, str]] = {}
    for file in _FILES:
        with (folder / file).open(encoding="utf-8", newline="") as handle:
            for row in csv.DictReader(handle):
                abbr, name = (row.get("abbr") or "").strip(), (row.get("full_name") or "").strip()
                if abbr and name:
                    seen.setdefault((_norm(abbr), _norm(name)), (abbr, name))
    return sorted(seen.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=Path("../shared/data/ccf"))
    parser.add_argument("--misses", help="print the misses of this shape")
    args = parser.parse_args()
    hits: dict[str, int] = defaultdict(int)
    total: dict[str, int] = defaultdict(int)
    misses: dict[str, list[str]] = defaultdict(list)
    for abbr, name in pairs(args.data):
        shape = name_shape(name)
        total[shape] += 1
        derived = initials(name)
        if _norm(derived) == _norm(abbr):
            hits[shape] += 1
        else:
            misses[shape].append(f"{name} -> {derived} (catalog {abbr})")
    print(f"{'shape':34} {'venues':>6} {'equal':>6} {'precision':>9}  derived")
    for shape in sorted(total, key=lambda s: (-total[s], s)):
        n, k = total[shape], hits[shape]
        precise = n >= MIN_VENUES and k / n >= MIN_PRECISION
        flag = "yes" if shape in PRECISE_SHAPES else "no"
        if precise != (shape in PRECISE_SHAPES):
            flag += "  (!) PRECISE_SHAPES disagrees with this row"
        print(f"{shape:34} {n:6} {k:6} {k / n:9.3f}  {flag}")
    print(f"{'all':34} {sum(total.values()):6} {sum(hits.values()):6}")
    if args.misses:
        print("\n".join(misses[args.misses]))


if __name__ == "__main__":
    main()
