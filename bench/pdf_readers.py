"""Compare candidate PDF text-layer readers on the seed PDFs.

Usage::

    .venv/bin/python bench/pdf_readers.py [SEEDS_PDF_DIR [SEEDS_TXT_DIR]] [--repeat N]

For every seed PDF and every library this prints the best-of-N wall time to extract the whole
text layer and a ``difflib.SequenceMatcher`` ratio between the extracted text and the seed ``.txt``
it was rendered from (both with whitespace runs collapsed per line and blank lines dropped, so the
ratio measures characters and line order rather than spacing). Only libraries with licenses
compatible with MIT are candidates: PyMuPDF (AGPL) is excluded on purpose.

The libraries are optional here: a missing one is reported and skipped.
"""

from __future__ import annotations

import argparse
import difflib
import re
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_PDF_DIR = ROOT.parent / "shared" / "seeds-pdf"
DEFAULT_TXT_DIR = ROOT.parent / "shared" / "seeds"

Extractor = Callable[[bytes], str]


def extract_pypdfium2(data: bytes) -> str:
    """Text of every page through pypdfium2 (PDFium, Apache-2.0/BSD-3)."""
    import pypdfium2

    pdf = pypdfium2.PdfDocument(data)
    try:
        parts = []
        for page in pdf:
            textpage = page.get_textpage()
            parts.append(textpage.get_text_bounded())
            textpage.close()
            page.close()
        return "\n".join(parts)
    finally:
        pdf.close()


def extract_pdfminer(data: bytes) -> str:
    """Text through pdfminer.six (MIT), default layout analysis."""
    import io

    from pdfminer.high_level import extract_text

    return str(extract_text(io.BytesIO(data)))


def extract_pypdf(data: bytes) -> str:
    """Text through pypdf (BSD-3), plain extraction mode."""
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text() or "" for page in reader.pages)


def extract_pypdf_layout(data: bytes) -> str:
    """Text through pypdf (BSD-3), ``extraction_mode="layout"``."""
    import io

    from pypdf import PdfReader

    reader = PdfReader(io.BytesIO(data))
    return "\n".join(page.extract_text(extraction_mode="layout") or "" for page in reader.pages)


def extract_bilingual_cv(data: bytes) -> str:
    """What ``read_bytes_source`` returns for a PDF: pypdfium2 plus the line-end hyphen fix."""
    from bilingual_cv.io.readers import read_bytes_source

    return read_bytes_source(data, name="bench.pdf").text


CANDIDATES: dict[str, Extractor] = {
    "pypdfium2": extract_pypdfium2,
    "bilingual_cv": extract_bilingual_cv,
    "pdfminer.six": extract_pdfminer,
    "pypdf": extract_pypdf,
    "pypdf(layout)": extract_pypdf_layout,
}


def normalize_for_compare(text: str) -> str:
    """Collapse spacing so the ratio measures content and order, not layout."""
    lines = (re.sub(r"\s+", " ", line).strip() for line in text.replace("\r", "\n").split("\n"))
    return "\n".join(line for line in lines if line)


def similarity(a: str, b: str) -> float:
    """difflib ratio of the two normalized texts."""
    return difflib.SequenceMatcher(
        None, normalize_for_compare(a), normalize_for_compare(b), autojunk=False
    ).ratio()


def time_best(fn: Extractor, data: bytes, repeat: int) -> tuple[float, str]:
    """Best-of-``repeat`` seconds and the text of the last run."""
    best = float("inf")
    text = ""
    for _ in range(repeat):
        start = time.perf_counter()
        text = fn(data)
        best = min(best, time.perf_counter() - start)
    return best, text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pdf_dir", nargs="?", type=Path, default=DEFAULT_PDF_DIR)
    parser.add_argument("txt_dir", nargs="?", type=Path, default=DEFAULT_TXT_DIR)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()

    from importlib.metadata import PackageNotFoundError, version

    for dist in ("pypdfium2", "pdfminer.six", "pypdf"):
        try:
            print(f"{dist} {version(dist)}")
        except PackageNotFoundError:
            print(f"{dist} not installed")
    pdfs = sorted(args.pdf_dir.glob("*.pdf"))
    if not pdfs:
        print(f"no PDFs in {args.pdf_dir}")
        return 1
    available: dict[str, Extractor] = {}
    for name, fn in CANDIDATES.items():
        try:
            fn(pdfs[0].read_bytes())  # also warms imports so timing excludes them
        except ImportError as exc:
            print(f"skip {name}: {exc}")
            continue
        available[name] = fn

    totals: dict[str, list[float]] = {name: [0.0, 0.0] for name in available}
    print(f"{'seed':<28}{'library':<16}{'seconds':>10}{'similarity':>12}")
    for pdf in pdfs:
        data = pdf.read_bytes()
        seed = args.txt_dir / f"{pdf.stem}.txt"
        expected = seed.read_text(encoding="utf-8") if seed.exists() else None
        for name, fn in available.items():
            seconds, text = time_best(fn, data, args.repeat)
            ratio = similarity(text, expected) if expected is not None else float("nan")
            totals[name][0] += seconds
            totals[name][1] += ratio
            print(f"{pdf.stem:<28}{name:<16}{seconds:>10.4f}{ratio:>12.4f}")
    fastest = min(total[0] for total in totals.values())
    print()
    print(f"{'library':<16}{'total s':>10}{'x fastest':>11}{'mean sim':>10}")
    for name, (seconds, ratio_sum) in totals.items():
        print(f"{name:<16}{seconds:>10.4f}{seconds / fastest:>11.1f}{ratio_sum / len(pdfs):>10.4f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
