"""The readers take time linear in their input, for every pattern that could make them not.

Each test times one reader on an input of size n and 2n (CPU time, best of several runs,
interleaved, in one process) and checks that doubling the input at most ~3.2x the time: linear
work doubles, quadratic work quadruples, and the bound sits between them with room for a busy
machine (the PDF reading order once measured 2.7 beside two full test runs). No test compares with a clock, so a busy machine
slows both sizes alike. A ratio over the bound is measured up to twice more before failing:
on a machine kept busy by other jobs, one descheduled run can spoil a best-of-N (a quiet run
of "many short lines" measures 1.97; beside a two-worker fuzz job it once measured 2.6 twice).
"""

from __future__ import annotations

import time
import zlib
from collections.abc import Callable

import pytest

from bilingual_cv.errors import InputError, ResourceLimitError
from bilingual_cv.io.limits import DEFAULT_LIMITS, MIB, Limits
from bilingual_cv.io.pdf import check_stream_sizes
from bilingual_cv.io.readers import read_bytes_source

from .conftest import build_docx, build_pdf, docx_paragraphs
from .test_docx_order import floating_box

#: Doubling the input may cost at most this factor (linear: 2; quadratic: 4).
MAX_GROWTH = 3.2
#: Best of this many runs per size.
REPEATS = 5
#: Measurements of a ratio before it fails the test.
ATTEMPTS = 3
#: Caps lifted so that the readers' own work is what is timed.
UNCAPPED = Limits(
    max_input_bytes=1 << 40,
    max_text_chars=1 << 40,
    max_nesting_depth=1 << 30,
    max_unzipped_bytes=1 << 40,
    max_compression_ratio=1e9,
    max_pdf_inflated_bytes=1 << 40,
)


def _best_time(function: Callable[[], object]) -> float:
    started = time.process_time()
    try:
        function()
    except InputError:
        pass  # refusing quickly is fine too; what is timed is the work done
    return time.process_time() - started


def growth(run: Callable[[bytes], object], make: Callable[[int], bytes], n: int) -> float:
    """Best-of-N CPU time of ``run(make(2n))`` over that of ``run(make(n))``."""
    small, large = make(n), make(2 * n)
    for _attempt in range(ATTEMPTS):
        times_small, times_large = [], []
        for _ in range(REPEATS):
            times_small.append(_best_time(lambda: run(small)))
            times_large.append(_best_time(lambda: run(large)))
        ratio = min(times_large) / max(min(times_small), 1e-4)
        if ratio <= MAX_GROWTH:
            return ratio
    return ratio


def read_as(fmt: str) -> Callable[[bytes], object]:
    return lambda data: read_bytes_source(data, format=fmt, limits=UNCAPPED)


TEXT_PATTERNS: dict[str, Callable[[int], bytes]] = {
    "one long line": lambda n: ("Jane Roe " * (n // 9)).encode(),
    "a run of spaces": lambda n: b"Jane" + b" " * n + b"Roe",
    "many short lines": lambda n: b"a\n" * (n // 2),
    "old Mac line ends": lambda n: b"Jane Roe\r" * (n // 9),
    "stray control characters": lambda n: b"Jane Roe\x01" * (n // 9),
    "gb18030": lambda n: "李华，教育背景 2019\n".encode("gb18030") * (n // 20),
    "big5": lambda n: "李華，教育背景 2019\n".encode("big5") * (n // 20),
    "cp1252": lambda n: "Résumé of José Roe\n".encode("cp1252") * (n // 19),
    "utf-16 without a BOM": lambda n: "Jane Roe 李华\n".encode("utf-16-le") * (n // 24),
}

HTML_PATTERNS: dict[str, Callable[[int], bytes]] = {
    "unclosed start tags": lambda n: b"<meta " * (n // 6),
    "unclosed attribute quotes": lambda n: b"<a b='" * (n // 6),
    "unclosed comments": lambda n: b"<p>x<!--<!-- -- " * (n // 16),
    "unclosed CDATA": lambda n: b"<![CDATA[<a " * (n // 12),
    "stray end tags": lambda n: b"<b>" * 100 + b"</i>" * (n // 4),
    "runs of <": lambda n: b"<" * n,
    "entities": lambda n: b"&amp;&#x4e2d;&nbsp" * (n // 18),
    "many paragraphs": lambda n: b"<p>Jane Roe" * (n // 11),
    "nesting at the cap": lambda n: (b"<div>" * 200 + b"x" + b"</div>" * 200) * (n // 2201),
    "misnested formatting": lambda n: b"<b><div><i><td><p></b>" * (n // 23),
    "pre with many lines": lambda n: b"<pre>" + b"a\n" * (n // 2),
    "lists in a nav": lambda n: b"<nav>" + b"<ul><li>a</li></ul><ol><li>b" * (n // 30),
}


@pytest.mark.slow  # times CPU: a ratio within one run
@pytest.mark.parametrize("pattern", TEXT_PATTERNS)
def test_text_reading_is_linear(pattern: str) -> None:
    assert growth(read_as("txt"), TEXT_PATTERNS[pattern], 400_000) <= MAX_GROWTH


@pytest.mark.slow  # times CPU: a ratio within one run
@pytest.mark.parametrize("pattern", HTML_PATTERNS)
def test_html_reading_is_linear(pattern: str) -> None:
    assert growth(read_as("html"), HTML_PATTERNS[pattern], 100_000) <= MAX_GROWTH


DOCX_PATTERNS: dict[str, Callable[[int], bytes]] = {
    "many paragraphs": lambda n: build_docx(docx_paragraphs(*["Jane Roe"] * (n // 40))),
    "one long run": lambda n: build_docx(docx_paragraphs("Jane Roe " * (n // 9))),
    "floating boxes far from their anchors": lambda n: build_docx(
        f"<w:p>{floating_box(['2019'], 1e6)}</w:p>" * (n // 1400)
        + docx_paragraphs(*["a"] * (n // 70))
    ),
    "wide table rows": lambda n: build_docx(
        "<w:tbl>"
        + ("<w:tr>" + "<w:tc>" + docx_paragraphs("2019") + "</w:tc>" * 1 + "</w:tr>") * (n // 80)
        + "</w:tbl>"
    ),
}


@pytest.mark.slow  # times CPU: a ratio within one run
@pytest.mark.parametrize("pattern", DOCX_PATTERNS)
def test_docx_reading_is_linear(pattern: str) -> None:
    assert growth(read_as("docx"), DOCX_PATTERNS[pattern], 150_000) <= MAX_GROWTH


PDF_PATTERNS: dict[str, Callable[[int], bytes]] = {
    "false stream starts": lambda n: b"%PDF-1.4\n" + b"stream\nx\x9cs" * (n // 10),
    "many small streams": lambda n: (
        (b"1 0 obj << /Filter /FlateDecode >> stream\n" + zlib.compress(b"BT ET " * 50) + b"\n")
        * (n // 80)
    ),
}


def _page_drawn_bottom_to_top(n: int) -> bytes:
    """One page of ``n // 40`` lines, each drawn above the one before: every line is read
    before the text drawn before it."""
    lines = range(n // 40)
    return build_pdf(
        [b"".join(b"BT /F1 2 Tf 1 0 0 1 72 %d Tm (Line %d) Tj ET\n" % (2 * k, k) for k in lines)]
    )


@pytest.mark.slow  # times CPU: a ratio within one run
def test_pdf_reading_order_is_linear() -> None:
    assert growth(read_as("pdf"), _page_drawn_bottom_to_top, 160_000) <= MAX_GROWTH


@pytest.mark.slow  # times CPU: a ratio within one run
@pytest.mark.parametrize("pattern", PDF_PATTERNS)
def test_pdf_stream_check_is_linear(pattern: str) -> None:
    def run(data: bytes) -> None:
        check_stream_sizes(data, UNCAPPED, name="cv.pdf")

    assert growth(run, PDF_PATTERNS[pattern], 50_000) <= MAX_GROWTH


def test_a_50_mb_text_is_refused_by_the_default_caps_without_decoding(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The issue's 50 MB text: the default caps refuse it from its size alone, before any
    decoding (the decoder is counted, not timed)."""
    from bilingual_cv.io import readers

    decoded: list[int] = []
    decode = readers.decode_bytes

    def counting_decode(data: bytes, *, name: str) -> tuple[str, str]:
        decoded.append(len(data))
        return decode(data, name=name)

    monkeypatch.setattr(readers, "decode_bytes", counting_decode)
    huge = b"Jane Roe " * (50 * MIB // 9)
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(huge)
    assert exc.value.limit == "max_text_chars"
    assert decoded == []
    read_bytes_source(b"Jane Roe, PhD\n")  # a small text is decoded, through the same name
    assert decoded == [14]


@pytest.mark.slow
@pytest.mark.parametrize("codec", ["utf-8", "gb18030"])
def test_50_mb_texts_are_read_in_linear_time_when_the_caps_allow(codec: str) -> None:
    line = "李华 Jane Roe，教育背景 2019 - 2024\n".encode(codec)
    ratio = growth(read_as("txt"), lambda n: line * (n // len(line)), 25 * MIB)
    assert ratio <= MAX_GROWTH
    assert DEFAULT_LIMITS.max_text_chars < 25 * MIB  # so the default run refuses these early
