"""Cleaning fixes, one artifact at a time, on self-written fragments."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bilingual_cv.clean.normalize import (
    ITALIC_RE,
    LINE_FIXES,
    MAX_LINE_CHARS,
    CleanText,
    Unfolder,
    _strip_markup_marks,
    apply_line_fixes,
    clean_text,
    nfkc,
    strip_markup,
    unwrap_spans,
)
from bilingual_cv.lang.scripts import CJK_RE, LATIN_RE, count_cjk, count_latin


def texts(raw: str) -> list[str]:
    return [line.text for line in clean_text(raw).lines]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (r" $Research\ Scientist$ ", "Research Scientist"),
        (r"${\bf AWARDS}$", "AWARDS"),
        (r"Vector math \cdot Serving", "Vector math"),
        (r"$\label{sec:x} Learned \ Indexes$", "Learned Indexes"),
        (r"alex.github.io \price alex@example.edu", "alex.github.io alex@example.edu"),
        ("**Education** Tsinghua University", "Education Tsinghua University"),
        ("## **Teaching**", "Teaching"),
        ("Advisor: [Prof. Ann Lee](#)", "Advisor: Prof. Ann Lee"),
        ("Web: <https://example.org/~al>", "Web: https://example.org/~al"),
        ("🏆 **Best Paper Award**", "Best Paper Award"),
        ("• Built a cache", "Built a cache"),
        ("- · Built a cache", "Built a cache"),
        ("– Advisor: Bo Wu", "Advisor: Bo Wu"),
        ("教育背景：清华大学（２０１９）", "教育背景:清华大学(2019)"),
        ("“Quoted Title”", '"Quoted Title"'),
    ],
)
def test_each_fix_on_first_line(raw: str, expected: str) -> None:
    assert texts(raw)[0] == expected


def test_latex_cdot_starts_a_bulleted_line() -> None:
    lines = clean_text(r"Built it. \cdot Shipped it").lines
    assert [line.text for line in lines] == ["Built it.", "Shipped it"]
    assert lines[1].bullet and lines[1].origin == 1


def test_markup_positions_are_kept() -> None:
    line = clean_text("Ann Lee, **Bo Wu**, Cy Ma").lines[0]
    assert line.text[slice(*line.bold[0])] == "Bo Wu"
    heading = clean_text("### **Awards**").lines[0]
    assert heading.md_level == 3 and heading.text == "Awards"


def test_glued_caps_heading_is_broken_off() -> None:
    assert texts("SERVICE**Technical Program Committee**") == [
        "SERVICE",
        "Technical Program Committee",
    ]


def test_hyphen_break_joins_known_compounds_only() -> None:
    known = {"mobicom"}
    lines = clean_text(
        "(Mobi-\nCom 2023, CCF-A)\nfine-\ngrained", lambda w: w.casefold() in known
    ).lines
    assert [line.text for line in lines] == ["(MobiCom 2023, CCF-A)", "fine-grained"]
    assert [line.origin for line in lines] == [1, 3]


def test_a_joined_line_ending_in_a_broken_word_joins_again() -> None:
    """Three printed lines, two breaks: "Ma-" / "chine ... Trans<soft hyphen>" / "formation"."""
    lines = clean_text(
        "Learning Ma-\nchine Extraction. Software Trans\u00ad\nformation. 2019."
    ).lines
    assert [line.text for line in lines] == [
        "Learning Ma-chine Extraction. Software Transformation. 2019."
    ]
    assert lines[0].origin == 1


def test_traditional_is_folded_once_and_recorded() -> None:
    cleaned = clean_text("學歷\n國立臺灣大學 資訊工程學系 博士\n經歷")
    assert [line.text for line in cleaned.lines] == [
        "学历",
        "国立台湾大学 资讯工程学系 博士",
        "经历",
    ]
    assert cleaned.folded and cleaned.script == "hant"
    simplified = clean_text("教育背景\n上海交通大学 博士")
    assert not simplified.folded and simplified.script == "hans"


def test_line_numbers_are_one_based_and_stable() -> None:
    cleaned = clean_text("a\r\n\r\nb\rc")
    assert [(line.no, line.text) for line in cleaned.lines] == [
        (1, "a"),
        (2, ""),
        (3, "b"),
        (4, "c"),
    ]


def test_pdf_wraps_put_back_a_year_and_drop_emphasis_split_over_lines() -> None:
    lines = texts(
        "Contractor, Redmond, WA Oct 2015 - Feb\n2017\nBest Paper Award\n2017\n*Designed a framework (published at\nOSDI 2020 [C8]).*"
    )
    assert lines == [
        "Contractor, Redmond, WA Oct 2015 - Feb 2017",
        "Best Paper Award",
        "2017",
        "Designed a framework (published at",
        "OSDI 2020 [C8]).",
    ]


def test_count_latin_counts_what_the_latin_pattern_matches() -> None:
    """count_latin reads UTF-8 bytes; it must agree with LATIN_RE on every code point."""
    every = "".join(chr(code) for code in range(0x110000))
    assert count_latin(every) == len(LATIN_RE.findall(every))
    assert count_latin("") == 0


def test_count_cjk_counts_what_the_cjk_pattern_matches() -> None:
    """count_cjk answers 0 for ASCII text without a search; it must agree with CJK_RE on
    every code point and on ASCII text."""
    every = "".join(chr(code) for code in range(0x110000))
    for text in (every, every[:128], "Education 2019-2023", ""):
        assert count_cjk(text) == len(CJK_RE.findall(text))
    # the byte table (every text without a character U+4D00-U+4DFF) and the pattern, each
    # on every block of 256 code points and with one character of the block at either end
    blocks = [every[start : start + 256] for start in range(0, 0x110000, 256)]
    for block in blocks:
        for text in (block, "a" + block, block[:1] + "Ann", "李" + block[-1:]):
            assert count_cjk(text) == len(CJK_RE.findall(text))
    assert count_cjk(every.replace(blocks[0x4D], "")) == len(CJK_RE.findall(every)) - 192


@given(st.text(alphabet=st.characters(codec="utf-8") | st.sampled_from("李學䶵\u4dc0豈\uf9ff")))
def test_count_cjk_agrees_with_the_pattern_on_any_text(text: str) -> None:
    assert count_cjk(text) == len(CJK_RE.findall(text))


#: Pieces of fictional lines holding what each fix and each markup mark looks for.
LINE_PIECES = [
    "Ann Lee",
    " ",
    "  ",
    "\t",
    "教育背景",
    "學歷",
    "２０１９．９",
    "“Toy”",
    "``Toy''",
    "`",
    "'",
    "\u200b",
    "\x0c",
    "\u00ad",
    "🏆",
    "\ue000",
    "$x$",
    "\\textbf{Toy}",
    "\\cdot",
    "\\",
    "[Toy](#)",
    "<https://toy.example>",
    "<",
    "SERVICES**Toy**",
    "AB",
    "ACM",
    "**",
    "*",
    "__",
    "_",
    "#",
    "## ",
    "- ",
    "• ",
    "– ",
    "— ",
    "▪ ",
    "· ",
    "——",
    "- 2019",
    "Page 2 of 3",
    "第 2 页",
    "2/3",
    "。",
    "x" * 700,
]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(st.sampled_from(LINE_PIECES), max_size=6).map("".join), max_size=6))
def test_line_fixes_equal_each_fix_on_each_line(lines: list[str]) -> None:
    expected = []
    for line in lines:
        for fix in LINE_FIXES:
            line = fix(line)
        expected.append(line)
    assert apply_line_fixes("\n".join(lines)) == (expected or [""])


def test_line_fixes_wrap_a_long_line_before_the_others() -> None:
    long_line = "“Toy” " * (MAX_LINE_CHARS // 3)
    fixed = apply_line_fixes("Ann Lee \n" + long_line)
    assert fixed[0] == "Ann Lee" and fixed[1].count("\n") == 1 and "“" not in fixed[1]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(LINE_PIECES), max_size=8).map("".join))
def test_markup_fast_path_agrees_with_every_pattern(line: str) -> None:
    assert strip_markup(line) == _strip_markup_marks(line)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(["Ann ", "*Title*", "**Toy**", "*", "x"]), max_size=8).map("".join),
    st.lists(st.tuples(st.integers(0, 40), st.integers(0, 40)), max_size=3).map(tuple),
)
def test_unwrapped_spans_shift_the_others_by_the_marks_before_them(
    line: str, others: tuple[tuple[int, int], ...]
) -> None:
    marks = [at for m in ITALIC_RE.finditer(line) for at in (m.start(), m.end() - 1)]

    def shift(index: int) -> int:
        return index - sum(1 for at in marks if at < index)

    text, spans, shifted = unwrap_spans(line, ITALIC_RE, 1, others)
    assert text == ITALIC_RE.sub(r"\1", line)
    assert len(spans) == len(marks) // 2
    assert shifted == tuple((shift(start), shift(end)) for start, end in others)


#: Characters around those NFKC changes: full-width forms, ligatures, combining marks,
#: Hangul jamo (which compose), compatibility ideographs.
NFKC_CHARS = st.one_of(
    st.characters(min_codepoint=0x20, max_codepoint=0x24F),
    st.characters(min_codepoint=0x300, max_codepoint=0x36F),
    st.characters(min_codepoint=0x1100, max_codepoint=0x11FF),
    st.characters(min_codepoint=0x2000, max_codepoint=0x24FF),
    st.characters(min_codepoint=0x3000, max_codepoint=0x33FF),
    st.characters(min_codepoint=0xF900, max_codepoint=0xFFEF, exclude_categories=("Cs",)),
    st.sampled_from("教育背景學歷，：（）；"),
)


@settings(max_examples=1000, deadline=None)
@given(st.text(NFKC_CHARS, max_size=12))
def test_nfkc_equals_the_full_algorithm(text: str) -> None:
    assert nfkc(text) == unicodedata.normalize("NFKC", text)


def _unfold_by_search(cleaned: CleanText, text: str, *, search: bool = True) -> str:
    """The reference: each line of ``text`` looked up in the folded document (printed text at
    the same place), else mapped character by character."""
    folded = [line.text for line in cleaned.lines]
    printed = list(cleaned.printed) or folded
    keep = [len(f) == len(p) for f, p in zip(folded, printed, strict=True)]
    doc_f = "\n".join(f if ok else "" for f, ok in zip(folded, keep, strict=True))
    doc_p = "\n".join(p if ok else "" for p, ok in zip(printed, keep, strict=True))
    counts: dict[str, dict[str, int]] = {}
    for f_char, p_char in zip(doc_f, doc_p, strict=True):
        if CJK_RE.match(f_char):
            counts.setdefault(f_char, {})[p_char] = counts.get(f_char, {}).get(p_char, 0) + 1
    chars = {f: max(c, key=lambda k: (c[k], k)) for f, c in counts.items()}
    chars = {f: p for f, p in chars.items() if f != p}
    if not chars:
        return text
    out = []
    for piece in text.split("\n"):
        at = doc_f.find(piece) if piece and search else -1
        out.append(
            doc_p[at : at + len(piece)] if at >= 0 else "".join(chars.get(c, c) for c in piece)
        )
    return "\n".join(out)


def test_unfolder_equals_searching_the_document() -> None:
    """The shortcuts (pairs counted in one pass, texts without a changed character returned
    as they are) give what looking every string up in the document gives, also where one
    Simplified character stands for two printed ones (台 and 臺)."""
    text = (
        "學歷\n國立臺灣大學 資訊工程學系 博士\n台灣 臺北 台中 發表 论文\nPh.D. 2019 台\n計算機學報"
    )
    cleaned = clean_text(text)
    unfold = Unfolder(cleaned)
    assert unfold.active
    probes = {"台湾", "台北", "台", "资讯 工程", "学历\n博士", "Ph.D.", "计算机学报 台中", ""}
    for line in cleaned.lines:
        for start in range(len(line.text)):
            for end in range(start + 1, len(line.text) + 1):
                probes.add(line.text[start:end])
    assert len(probes) > 300
    for probe in sorted(probes):
        assert unfold(probe) == _unfold_by_search(cleaned, probe), probe


def test_unfolder_of_a_long_document_maps_characters(monkeypatch: pytest.MonkeyPatch) -> None:
    """Past :data:`MAX_POSITION_UNFOLD_CHARS` no string is searched for: each character is
    mapped to the printed one it most often stands for."""
    monkeypatch.setattr("bilingual_cv.clean.normalize.MAX_POSITION_UNFOLD_CHARS", 0)
    cleaned = clean_text("學歷\n國立臺灣大學 資訊工程學系\n台灣 臺北 台中 發表")
    unfold = Unfolder(cleaned)
    probes = ["台湾", "台北 台中", "资讯工程 学系\n发表", "Ph.D.", "学历 论文"]
    for probe in probes:
        assert unfold(probe) == _unfold_by_search(cleaned, probe, search=False), probe
    assert unfold("台湾") == "臺灣"  # 台 stands for 臺 twice and for 台 twice: 臺 sorts last
