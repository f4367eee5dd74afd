"""Robustness: arbitrary text never crashes the pipeline, time grows linearly with input size,
and bad files through the command are reported one by one while the rest converts.

Timing tests compare a large input with a smaller one of the same kind and bound the ratio,
never an absolute wall-clock time, so a slow or busy machine does not make them flake: linear
code gives a ratio near the size ratio (10), quadratic code about its square (100).
"""

from __future__ import annotations

import gc
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bilingual_cv
from bilingual_cv.errors import BilingualCVError
from bilingual_cv.schema import CV

from .io.conftest import SCAN_CONTENT, build_pdf

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.[tm][xd]*"))
SCRIPT = Path(sys.executable).with_name("bilingual-cv")

#: Characters the property test draws from: CJK (Simplified and Traditional), Latin, digits,
#: ASCII and CJK punctuation, bullets, markdown and LaTeX residue, controls, odd spaces.
ALPHABET = (
    "教育背景论文发表清华大学博士硕士至今预期荣譽獎勵計算機"
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
    " .,;:!?'\"()[]{}<>-–—/|&%#@+=~^_`"
    "，。：；（）【】《》、“”·…"
    "•●▪◦·*$\\"
    "\x00\x01\x07\x1b\x7f\r\t\n\f\v\u2028\u00a0\u3000\ufeff\ufffe\ufffd"
)
#: Whole tokens that steer random text into the deeper stages (headings, venues, dates).
TOKENS = [
    "\nEducation\n", "\nPublications\n", "\n教育背景\n", "\n论文发表\n", "\nAwards\n",
    "\nConference Papers\n", "INFOCOM 2023", "(CCF-A)", "CCF-B", "2019.9 - 2025.3(预期)",
    "Sep 2019 – present", "Jane Doe, Li Hua.", "**", "##", "$x^2$", "[text](#)", "Mobi-\nCom",
    "Ph.D.", "@", "http://", "1. ", "[1] ", "\\textbf{", "et al.",
]  # fmt: skip

random_text = st.lists(
    st.one_of(st.text(alphabet=ALPHABET, max_size=30), st.sampled_from(TOKENS)), max_size=60
).map("".join)


def parses_or_refuses(text: str) -> None:
    """The property: a valid CV or a BilingualCVError, nothing else."""
    try:
        cv = bilingual_cv.parse(text)
    except BilingualCVError:
        return
    assert isinstance(cv, CV)
    CV.model_validate_json(cv.model_dump_json())  # and it serializes to a valid document


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(random_text)
def test_arbitrary_text_gives_a_cv_or_a_bilingual_cv_error(text: str) -> None:
    parses_or_refuses(text)


@settings(
    max_examples=4,
    deadline=None,
    derandomize=True,  # these examples are slow: keep the suite's time steady
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(unit=random_text.filter(bool), headed=st.booleans())
def test_a_100k_character_line_gives_a_cv_or_a_bilingual_cv_error(unit: str, headed: bool) -> None:
    line = (unit.replace("\n", " ") * (100_000 // len(unit) + 1))[:100_000]
    parses_or_refuses(("Jane Doe\nPublications\n" if headed else "") + line)


def _best_seconds(function: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        gc.collect()  # a collection inside one timing is noise, not the parser's cost
        started = time.process_time()
        function()
        best = min(best, time.process_time() - started)
    return best


def _assert_linear(
    make: Callable[[int], str], small: int, factor: int, large_repeat: int = 2
) -> None:
    """Parsing ``factor`` times more text takes well under ``factor**2`` times longer."""
    bilingual_cv.parse(make(small))  # warm: lexicons, jieba, langdetect
    little_text, large_text = make(small), make(small * factor)
    little = _best_seconds(lambda: bilingual_cv.parse(little_text), repeat=5)
    large = _best_seconds(lambda: bilingual_cv.parse(large_text), repeat=large_repeat)
    assert large / little < factor * 3, (
        f"{len(large_text)} chars took {large:.2f} s, {len(little_text)} chars {little:.4f} s"
    )


@pytest.mark.slow  # times CPU: a ratio within one run, with a generous bound
def test_a_1_mb_cv_parses_in_linear_time() -> None:
    body = "\n".join(path.read_text(encoding="utf-8") for path in EXAMPLES)  # ~17 KB
    make = lambda copies: "\n".join([body] * copies)
    _assert_linear(make, small=2, factor=30, large_repeat=1)  # ~35 KB vs ~1 MB


def _one_line(unit: str, head: str = "Jane Doe\nPublications\n") -> Callable[[int], str]:
    return lambda size: head + (unit * (size // len(unit) + 1))[:size] + "\n"


@pytest.mark.slow  # times CPU: a ratio within one run, with a generous bound
@pytest.mark.parametrize(
    "make",
    [
        _one_line("Jane Doe, Li Hua. Fast Things at Scale. In INFOCOM 2023, pp. 1-10. (CCF-A) "),
        _one_line("李华，张三。一种高效的分布式系统方法。计算机学报，2023。（CCF-A） "),
        _one_line(". "),
        _one_line("**Bold** $x^2$ [link](#) ## \\\\ • 2019.9 - 2025.3(预期) "),
    ],
    ids=["en", "zh", "dots", "markup"],
)
def test_a_200k_character_line_parses_in_linear_time(make: Callable[[int], str]) -> None:
    _assert_linear(make, small=20_000, factor=10)


@pytest.mark.slow  # times CPU: a ratio within one run, with a generous bound
@pytest.mark.parametrize(
    "make",
    [
        # was quadratic: publications._QUOTED_RE rescanned the line from every unclosed 《
        _one_line("勵I《,N】b0"),
        # was quadratic: person.EMAIL_RE restarted inside a long run of address characters
        _one_line("19", head=""),
        # were quadratic: author separators and name ends restarted in every space of a run
        _one_line(" ", head="Publications\n1 "),
        # was quadratic: the hyphen joiner's word pattern restarted at every letter
        _one_line("a"),
        # were quadratic: claim and remark patterns restarted at every Han character
        _one_line("研", head="论文发表\n[1] Ann Lee. A Title. "),
        # was quadratic: the e-mail "[at]" unfolding restarted in every blank of the top block
        lambda size: "Jane Doe\n" + "\t \r\n" * (size // 4),
        # the written name and short name of a venue no catalog knows (acronyms with years)
        _one_line("AB9 ", head='Jane Doe\nPublications\n1. Jane Doe, Li Hua. "A Title". '),
        _one_line("A", head='Jane Doe\nPublications\n1. Jane Doe, Li Hua. "A Title". '),
        # author lists wrapped after a middle initial
        _one_line("Ann K., ", head="Jane Doe\nPublications\n[1] Title of Things\n"),
        # a left column of venue tags
        lambda size: "Jane Doe\nPublications\n" + 'NSDI\'24\tAnn Lee. "T". X.\n' * (size // 25),
        # titles with their venue in brackets, the brackets wrapped or never closed
        lambda size: "Jane Doe\nPublications\n" + "A Toy Title Here(NeurIPS 2023,\n" * (size // 32),
        lambda size: "Jane Doe\nPublications\n" + "A Toy Title Here(NeurIPS, x)\n" * (size // 30),
        # a venue short name given once and spelt out in every other entry
        lambda size: (
            "Jane Doe\nPublications\n"
            + '1. Jane Doe, "A Toy Title", Workshop on Toy Tidal Runs (TTR\'07)\n'
            + '2. Jane Doe, "A Toy Title", 2009 IEEE Workshop on Toy Tidal Runs\n' * (size // 64)
        ),
        # an education column of dates printed end over start
        lambda size: (
            "李安\n教育背景\n"
            + "至今 示例大学 • 玩具中心\n2023.03 玩具工程 • 博士\n" * (size // 30)
        ),
        # a header whose dates are one long list
        _one_line("2019 年、", head="李安\n工作经历\n示例实验室 研究助理\t"),
        # "Authors, Title, Venue": a title of many comma parts, none a venue
        _one_line("toy words, ", head="Jane Doe\nPublications\n1. A. Lee, B. Wu, "),
        # was quadratic: the word before each full stop was searched from the line's start
        lambda size: (
            "Jane Doe\nPublications\n1. Ann Lee, Bo Wu. "
            + "研" * size
            + " toy. In Proc. ToyConf. pp. 1-2. 2020.\n"
        ),
        # were quadratic: each contact was checked against every one kept before it (the
        # case-blind deduplication rebuilt its set per item; phone and link spans were each
        # tested against every earlier span)
        lambda size: "Jane Doe\n" + " ".join(f"ann{i}@example.org" for i in range(size // 18)),
        lambda size: "Jane Doe\n" + " ".join(f"+86 138 {i:04d} {i:04d}" for i in range(size // 18)),
        lambda size: "Jane Doe\n" + " ".join(f"github.com/ann{i}" for i in range(size // 17)),
        lambda size: (
            "Jane Doe\n" + " ".join(f"https://e{i}.example.org/x" for i in range(size // 26))
        ),
    ],
    ids=[
        "unclosed-book-title-marks",
        "long-run-of-address-characters-at-the-top",
        "long-run-of-spaces",
        "long-run-of-letters",
        "long-run-of-han-characters",
        "many-blank-lines-at-the-top",
        "unknown-venue-of-acronyms-and-years",
        "unknown-venue-one-long-acronym",
        "author-list-of-initials",
        "many-venue-tags",
        "many-unclosed-venue-brackets",
        "many-bracketed-entries",
        "many-entries-sharing-a-short-name",
        "many-stacked-date-pairs",
        "a-long-list-of-dates",
        "a-title-of-many-commas",
        "long-run-of-letters-before-full-stops",
        "many-e-mail-addresses",
        "many-phone-numbers",
        "many-host-links",
        "many-full-links",
    ],
)
def test_hostile_lines_parse_in_linear_time(make: Callable[[int], str]) -> None:
    # above ~4,000 characters these lines take a slower (linear) path: compare within it;
    # best of two large runs, so one burst of load on a shared machine does not decide
    _assert_linear(make, small=10_000, factor=10, large_repeat=2)


# --- bad files through the command --------------------------------------------------------------


def test_bad_files_are_reported_by_name_and_the_rest_converts(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    good_pdf = build_pdf([["Jane Doe", "Education", "Ph.D. in Computer Science, 2019 - 2024"]])
    bad = {
        "empty.txt": (b"", "empty file", "empty_input"),
        "junk.txt": (random.Random(0).randbytes(4096), "binary file", "decode_error"),
        "corrupt.pdf": (good_pdf[: len(good_pdf) // 2], "not a readable PDF", "corrupt_file"),
        "locked.pdf": (
            build_pdf([["Jane Doe", "Education"]], encrypted=True),
            "PDF is encrypted",
            "encrypted_pdf",
        ),
        "scan.pdf": (
            build_pdf([SCAN_CONTENT, SCAN_CONTENT]),
            "PDF has no text layer",
            "scanned_pdf",
        ),
        "old.doc": (
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512),
            "save it as .docx or PDF",  # refused by its suffix, with the hint
            "unsupported_format",
        ),
        "whitespace.md": (b" \r\n\t\n", "empty", "empty_input"),
    }
    for name, (data, _, _) in bad.items():
        (inputs / name).write_bytes(data)
    (inputs / "good.pdf").write_bytes(good_pdf)
    for example in EXAMPLES:
        (inputs / example.name).write_bytes(example.read_bytes())
    out = tmp_path / "out"
    command = [str(SCRIPT) if SCRIPT.exists() else "bilingual-cv", "convert", str(inputs),
               str(inputs / "old.doc"), "-o", str(out), "--workers", "2"]  # fmt: skip
    run = subprocess.run(
        command, check=False, capture_output=True, text=True, timeout=120, env=dict(os.environ)
    )
    assert run.returncode == 1, run.stderr
    lines = run.stderr.splitlines()
    for name, (_, message, _) in bad.items():
        path = inputs / name
        assert any(line.startswith(f"{path}: ") and message in line for line in lines), (
            f"{name}: {run.stderr}"
        )
    assert "Traceback" not in run.stderr  # input errors are no bugs
    records = {
        Path(r["input"]).name: r
        for r in map(json.loads, (out / "manifest.jsonl").read_text("utf-8").splitlines())
    }
    assert {name: records[name]["error_code"] for name in bad} == {
        name: code for name, (_, _, code) in bad.items()
    }
    converted = ["good.pdf", *(example.name for example in EXAMPLES)]
    assert all(records[name]["status"] == "ok" for name in converted)
    assert json.loads((out / "good.json").read_text("utf-8"))["source"]["format"] == "pdf"
    assert f"{len(bad)} file(s) failed:" in run.stderr
    assert (inputs / "empty.txt").read_bytes() == b""  # inputs are never touched
