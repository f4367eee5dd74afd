"""The clean stage over a document (clean/document.py): line numbers, unfolding."""

from __future__ import annotations

import pytest

from bilingual_cv.clean import CleanText, Unfolder, clean_text
from bilingual_cv.lang.scripts import CJK_RE


def test_line_numbers_are_one_based_and_stable() -> None:
    cleaned = clean_text("a\r\n\r\nb\rc")
    assert [(line.no, line.text) for line in cleaned.lines] == [
        (1, "a"),
        (2, ""),
        (3, "b"),
        (4, "c"),
    ]


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
    monkeypatch.setattr("bilingual_cv.clean.document.MAX_POSITION_UNFOLD_CHARS", 0)
    cleaned = clean_text("學歷\n國立臺灣大學 資訊工程學系\n台灣 臺北 台中 發表")
    unfold = Unfolder(cleaned)
    probes = ["台湾", "台北 台中", "资讯工程 学系\n发表", "Ph.D.", "学历 论文"]
    for probe in probes:
        assert unfold(probe) == _unfold_by_search(cleaned, probe, search=False), probe
    assert unfold("台湾") == "臺灣"  # 台 stands for 臺 twice and for 台 twice: 臺 sorts last


def test_a_line_keeps_the_indent_it_was_printed_with() -> None:
    """Cleaning strips the spaces before a line's text but keeps their count: a hanging
    indent under a list item's label says the line goes on the item."""
    cleaned = clean_text(
        "[1] KR 10-1234567      Mar 2023\n    TOY KITE METHOD\n  - Kite reel\n   \n"
    )
    assert [(line.text, line.indent) for line in cleaned.lines] == [
        ("[1] KR 10-1234567      Mar 2023", 0),
        ("TOY KITE METHOD", 4),
        ("Kite reel", 2),
        ("", 0),
        ("", 0),
    ]
