"""Fictional CVs printed to PDF by headless Chromium, read back: the text layer of a browser's
PDF (fonts embedded without names, a CJK fallback font, flush-right dates) keeps its text.
Slow (a browser per test), and skipped where Chromium is not installed."""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

from bilingual_cv import parse
from bilingual_cv.io.readers import read_source

CHROMIUM = next((f for n in ("chromium", "chromium-browser") if (f := shutil.which(n))), None)

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(CHROMIUM is None, reason="chromium is not installed"),
]


def print_pdf(page: str, folder: Path) -> Path:
    """``page`` (HTML) printed to ``folder/cv.pdf`` by headless Chromium."""
    assert CHROMIUM is not None
    source, pdf = folder / "cv.html", folder / "cv.pdf"
    source.write_text(page, encoding="utf-8")
    with tempfile.TemporaryDirectory(prefix="cv-chromium-") as profile:
        done = subprocess.run(
            [
                CHROMIUM,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--disable-dev-shm-usage",
                f"--user-data-dir={profile}",
                "--no-pdf-header-footer",
                f"--print-to-pdf={pdf}",
                source.as_uri(),
            ],
            check=False,
            capture_output=True,
            text=True,
            timeout=120,
        )
    assert done.returncode == 0 and pdf.exists(), done.stderr[-2000:]
    return pdf


def test_a_cjk_character_alone_at_a_line_end_is_kept(tmp_path: Path) -> None:
    # Chromium embeds its CJK fallback font without a name; a Chinese line may wrap after
    # a space and one character ("综述[J]. 计" / "算机学报"): that character is text, not an
    # icon of a nameless font
    entries = [
        "[1] 何晨*, 高涛. 面向对比学习的语义分割方法综述[J]. 计<br>算机学报, 2022, 47(7): 18-37.",
        "[2] 何晨*. 基于联邦学习的缓存替换策略研究[J]. 软<br>件学报, 2021, 35(7): 652-663.",
    ]
    page = (
        '<!doctype html><html><head><meta charset="utf-8"></head>'
        "<body style=\"font-family: 'Noto Serif CJK SC', serif\"><h1>何晨</h1>"
        "<p>hechen@example.edu</p><h2>发表论文</h2>"
        + "".join(f"<p>{entry}</p>" for entry in entries)
        + "</body></html>"
    )
    pdf = print_pdf(page, tmp_path)
    text = read_source(pdf).text
    assert "综述[J]. 计" in text and "研究[J]. 软" in text
    pubs = parse(pdf).publications
    assert [(p.venue.name, p.year) for p in pubs] == [("计算机学报", 2022), ("软件学报", 2021)]
