"""Fonts and positions of a PDF's text layer become markup: headings, bold runs, margin
headings, icons. Built on small fictional PDFs written here, with the standard 14 fonts."""

from __future__ import annotations

import ctypes
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bilingual_cv import parse
from bilingual_cv.io.pdf_layout import (
    ICON_FONT,
    SOFT_HYPHEN,
    DocumentFonts,
    Glyph,
    _tabs_at_gaps,
    drop_icons,
    split_lines,
)
from bilingual_cv.io.readers import read_bytes_source

from .conftest import PdfBuilder

#: (x, y, font, size, text): one run of text placed on the page.
Run = tuple[int, int, str, float, str]

FONTS = {"R": b"Helvetica", "B": b"Helvetica-Bold", "Z": b"ZapfDingbats"}


def _escape(text: str) -> bytes:
    return (
        text.encode("latin-1").replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)")
    )


def styled_pdf(runs: Sequence[Run], fonts: dict[str, bytes] = FONTS) -> bytes:
    """A one-page PDF whose text runs are placed and styled as given (``fonts``: each font
    key's base font name)."""
    return paged_pdf([runs], fonts)


def _lines(runs: Sequence[Run]) -> list[str]:
    return read_bytes_source(styled_pdf(runs), name="cv.pdf").text.splitlines()


def test_larger_lines_become_headings_and_the_largest_the_name() -> None:
    lines = _lines(
        [
            (72, 740, "B", 20, "Jane Roe"),
            (72, 700, "B", 14, "Education"),
            (72, 680, "R", 10, "Ph.D. in Computer Science, Example University, 2020"),
            (72, 650, "B", 14, "Publications"),
            (72, 630, "R", 10, "Jane Roe, Bo Li. A Fictional Study of Caches. In OSDI 2021."),
        ]
    )
    assert lines[0] == "# **Jane Roe**"
    assert lines[1] == "## **Education**"
    assert lines[2].startswith("Ph.D.")
    assert lines[3] == "## **Publications**"


def test_bold_runs_are_marked_where_bold_is_rare() -> None:
    lines = _lines(
        [
            (72, 700, "R", 10, "Ann Lee, "),
            (115, 700, "B", 10, "Jane Roe"),
            (160, 700, "R", 10, ", Bo Li. A Fictional Study of Caches. OSDI 2021."),
            (72, 680, "R", 10, "A second plain line of body text for the statistics."),
        ]
    )
    assert "**Jane Roe**" in lines[0]
    assert "**" not in lines[1]


def test_bold_everywhere_marks_nothing() -> None:
    lines = _lines([(72, 700 - 20 * n, "B", 10, f"Body line {n} set in bold") for n in range(4)])
    assert not any("**" in line for line in lines)


def test_a_margin_heading_beside_the_body_gets_a_line_of_its_own() -> None:
    runs: list[Run] = [
        (150, 740 - 14 * n, "R", 10, f"Body line number {n} of the CV") for n in range(6)
    ]
    runs.append((40, 600, "B", 10, "Education"))
    runs.append((150, 600, "R", 10, "Example University, Ph.D. in Physics, 2019"))
    lines = _lines(runs)
    at = lines.index("**Education**")
    assert lines[at + 1].startswith("Example University")


def test_icon_font_glyphs_are_dropped() -> None:
    lines = _lines(
        [
            (72, 700, "Z", 10, "("),
            (90, 700, "R", 10, "jane.roe@example.org"),
            (72, 680, "R", 10, "A plain line of body text."),
        ]
    )
    assert lines[0].strip() == "jane.roe@example.org"


def test_a_styled_pdf_parses_into_sections_that_plain_text_would_miss() -> None:
    """Headings the lexicon only knows by their words are found by their size."""
    runs: list[Run] = [
        (72, 740, "B", 20, "Jane Roe"),
        (72, 720, "R", 10, "jane.roe@example.org"),
        (72, 690, "B", 14, "Academic Positions"),
        (72, 672, "R", 10, "Assistant Professor, Example University, 2021 - Present"),
        (72, 640, "B", 14, "Publications"),
        (72, 622, "R", 10, "Jane Roe, Bo Li. A Fictional Study of Caches. In OSDI 2021."),
    ]
    cv = parse(styled_pdf(runs))
    assert [s.key.value for s in cv.sections if s.heading] == ["experience", "publications"]
    assert cv.person.name == "Jane Roe"


def _split_glyph_by_glyph(glyphs: list[Glyph]) -> list[list[Glyph]]:
    """The reference: :func:`split_lines` read one glyph at a time."""
    lines: list[list[Glyph]] = [[]]
    for glyph in drop_icons(glyphs):
        if glyph.char == "\n":
            lines.append([])
        elif glyph.char == "\r":
            continue
        elif glyph.char in "\ufffe\x02":
            lines[-1].append(glyph._replace(char=SOFT_HYPHEN))
            lines.append([])
        else:
            lines[-1].append(glyph)
    return lines


def test_lines_are_cut_as_glyph_by_glyph() -> None:
    """The fast cut at "\\r\\n" (and the loop it falls back to for a lone "\\r" or a
    typesetter's hyphen) gives the lines the glyph-by-glyph reading gives."""
    pages = [
        "Ann Lee\r\nToy Science\r\n\r\nEducation\r\n",
        "a\nb\r\nc",
        "\r\n",
        "",
        "Hier\ufffearchical toys\r\nline\rwith a lone return\r\nend",
        "x\x02y\r\n\r\n",
    ]
    for text in pages:
        glyphs = [Glyph(c, 10.0 if c.strip() else 0.0, False, 72.0) for c in text]
        glyphs[1:1] = [Glyph("5", 10.0, font_kind=ICON_FONT)]  # an icon, dropped first
        assert split_lines(glyphs) == _split_glyph_by_glyph(glyphs), repr(text)


def test_tabs_at_gaps_only_replace_spaces_across_a_gap() -> None:
    line = [Glyph("A", 10.0, x=72), Glyph(" ", x=80), Glyph("B", 10.0, x=300)]
    line += [Glyph(" ", x=310), Glyph("C", 10.0, x=312), Glyph(" ", x=320)]
    assert "".join(g.char for g in _tabs_at_gaps(line)) == "A\tB C "
    assert _tabs_at_gaps(line)[1] == Glyph("\t", x=80)


def test_a_damaged_text_matrix_reads_as_unknown_positions_and_sizes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """PDFium gives NaN for every entry of a damaged file's text matrix (found by
    scripts/fuzz.py): such a glyph's size and left edge are unknown (0.0), not a crash."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    from bilingual_cv.io import pdf_layout

    nan = float("nan")
    real_matrix, real_box = pdfium_c.FPDFPageObj_GetMatrix, pdfium_c.FPDFText_GetCharBox

    def nan_matrix(obj: object, matrix: Any) -> int:
        found = real_matrix(obj, matrix)
        for entry in "abcdef":
            setattr(matrix.contents, entry, nan)
        return int(found)

    def nan_box(textpage: object, index: int, *edges: Any) -> int:
        found = real_box(textpage, index, *edges)
        for edge in edges:
            edge.contents.value = nan
        return int(found)

    monkeypatch.setattr(pdfium_c, "FPDFPageObj_GetMatrix", nan_matrix)
    monkeypatch.setattr(pdfium_c, "FPDFText_GetCharBox", nan_box)
    pdf = styled_pdf(
        [
            (72, 700, "B", 14.0, "Education"),
            (72, 680, "R", 10.0, "Ph.D. in Toy Science, Nowhere University, 2020"),
        ]
    )
    glyphs = pdf_layout.read_page_glyphs(pdfium.PdfDocument(pdf)[0].get_textpage())
    assert [g.char for g in glyphs if g.char.strip()][:9] == list("Education")
    assert all(g.size == 0.0 and g.x == 0.0 for g in glyphs)
    text = read_bytes_source(pdf, name="cv.pdf").text
    assert "Education" in text and "Nowhere University" in text


def test_a_fault_reading_the_layout_keeps_the_text_and_says_so(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A bug in reading fonts and positions costs the markup, not the CV: the characters as
    PDFium gave them are parsed, and the record carries an internal_error warning."""
    from bilingual_cv.io import pdf as pdf_module
    from bilingual_cv.io.readers import read_source
    from bilingual_cv.schema import WarningCode

    def broken_layout(pages: object) -> list[str]:
        raise RuntimeError("toy layout fault")

    monkeypatch.setattr(pdf_module, "mark_pages", broken_layout)
    pdf = styled_pdf(
        [
            (72, 700, "R", 10.0, "Zed Quill"),
            (72, 680, "R", 10.0, "zed.quill@example.org"),
            (72, 660, "R", 10.0, "Education"),
            (72, 640, "R", 10.0, "Ph.D. in Toy Science, Nowhere University, 2020"),
        ]
    )
    source = read_bytes_source(pdf, name="cv.pdf")
    assert source.reader_error == "RuntimeError: toy layout fault"
    assert "Nowhere University" in source.text and "zed.quill@example.org" in source.text
    path = tmp_path / "cv.pdf"
    path.write_bytes(pdf)
    assert read_source(path).reader_error == source.reader_error
    cv = parse(path)
    faults = [w for w in cv.warnings if w.code is WarningCode.INTERNAL_ERROR]
    assert len(faults) == 1 and "toy layout fault" in faults[0].message
    assert cv.person.emails == ["zed.quill@example.org"]
    assert [e.institution for e in cv.education] == ["Nowhere University"]


def test_a_pdf_read_without_fault_has_no_reader_warning() -> None:
    pdf = styled_pdf([(72, 700, "R", 10.0, "Zed Quill"), (72, 680, "R", 10.0, "Education")])
    assert read_bytes_source(pdf, name="cv.pdf").reader_error is None
    assert not [w for w in parse(pdf).warnings if w.code == "internal_error"]


def test_code_points_past_unicode_read_as_spaces() -> None:
    """PDFium's per-character reading (used when its text and its characters disagree) may
    give a number past U+10FFFF for a damaged font's map: a space, not a ValueError."""
    from types import SimpleNamespace

    from bilingual_cv.io.pdf_layout import _unicode_chars

    codes = [0x41, 0, 0x110000, 0x6559, 0x10FFFF, 0xFFFFFFFF]
    fake = SimpleNamespace(FPDFText_GetUnicode=lambda raw, index: codes[index])
    assert _unicode_chars(fake, None, len(codes)) == ["A", " ", " ", "教", "\U0010ffff", " "]


def _plain_measure(pages: list[list[list[Glyph]]]) -> DocumentFonts:
    """measure_document as first written: one generator over every glyph."""
    from collections import Counter

    from bilingual_cv.io import pdf_layout

    line_starts: Counter[float] = Counter()
    for page in pages:
        for line in page:
            first = next((g for g in line if g.size and not g.char.isspace()), None)
            if first is not None:
                line_starts[round(first.x)] += 1
    facts = Counter(
        (glyph.size, pdf_layout._is_cjk(glyph.char), glyph.bold)
        for page in pages
        for line in page
        for glyph in line
        if glyph.size and glyph.char.isalnum()
    )
    sizes: Counter[float] = Counter()
    letters = bold = cjk_letters = cjk_bold = 0
    for (size, cjk, is_bold), n in facts.items():
        sizes[size] += n
        if cjk:
            cjk_letters += n
            cjk_bold += n * is_bold
        else:
            letters += n
            bold += n * is_bold
    body_size = sizes.most_common(1)[0][0] if sizes else 0.0
    columns = tuple(
        sorted(float(x) for x, n in line_starts.items() if n >= pdf_layout.MIN_COLUMN_LINES)
    )
    return DocumentFonts(
        body_size,
        bold <= pdf_layout.MAX_BOLD_SHARE * letters,
        pdf_layout._heading_size(pages, body_size),
        cjk_bold <= pdf_layout.MAX_BOLD_SHARE * cjk_letters,
        columns,
    )


_GLYPHS = st.builds(
    Glyph,
    st.sampled_from(list("Ab1 .\t教育Ω")),
    st.sampled_from([0.0, 9.0, 10.0, 12.0]),
    st.booleans(),
    st.sampled_from([0.0, 72.0, 144.0]),
)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.lists(st.lists(_GLYPHS, max_size=12), max_size=8), max_size=3))
def test_document_measure_equals_the_plain_count(pages: list[list[list[Glyph]]]) -> None:
    # ties between sizes are common here: the first size counted must still win
    from bilingual_cv.io.pdf_layout import measure_document

    assert measure_document(pages) == _plain_measure(pages)


def _plain_font_facts(textpage: object) -> list[tuple[float, bool, int]]:
    """(size, bold, font kind) of each character that is not a space, read as first written:
    the text object's pointer, its font facts read afresh for each character."""
    import pypdfium2.raw as pdfium_c

    from bilingual_cv.io import pdf_layout

    raw = textpage.raw  # type: ignore[attr-defined]
    text = textpage.get_text_range()  # type: ignore[attr-defined]
    facts = []
    for index, char in enumerate(text):
        if char.isspace() or char in "\ufffe\x02":
            continue
        obj = pdfium_c.FPDFText_GetTextObject(raw, index)
        size = ctypes.c_float()
        if not obj or not pdfium_c.FPDFTextObj_GetFontSize(obj, ctypes.byref(size)):
            facts.append((0.0, False, pdf_layout.NOT_ICON))
            continue
        matrix = pdfium_c.FS_MATRIX()
        scale = 1.0
        if pdfium_c.FPDFPageObj_GetMatrix(obj, ctypes.byref(matrix)):
            scale = (matrix.a * matrix.a + matrix.b * matrix.b) ** 0.5 or 1.0
        font = pdfium_c.FPDFTextObj_GetFont(obj)
        name, weight = "", -1
        if font:
            buffer = ctypes.create_string_buffer(128)
            pdfium_c.FPDFFont_GetBaseFontName(font, buffer, 128)
            name = buffer.value.decode("latin-1", "replace")
            weight = pdfium_c.FPDFFont_GetWeight(font)
        base = name.split("+", 1)[-1]
        icon = (
            pdf_layout.ICON_FONT
            if pdf_layout._ICON_FONT_RE.search(base)
            else pdf_layout.NAMELESS_FONT
            if not base
            else pdf_layout.NOT_ICON
        )
        facts.append((round(size.value * scale, 1), pdf_layout.is_bold_font(name, weight), icon))
    return facts


def test_font_facts_equal_reading_each_character_afresh() -> None:
    """Font names are read once per font: the facts are those of reading every character's
    text object afresh, with a name too long to read (none) between two that are read."""
    import pypdfium2 as pdfium

    from bilingual_cv.io.pdf_layout import read_page_glyphs

    fonts = {
        "R": b"Helvetica",
        "L": b"ABCDEF+" + b"ToyGrotesk" * 14 + b"-Bold",  # 150 bytes: read as no name
        "B": b"Helvetica-Bold",
        "Z": b"ZapfDingbats",
    }
    runs: list[Run] = [
        (72, 700, "R", 10.0, "Zed Quill"),
        (72, 680, "L", 10.0, "Toy Lab"),
        (72, 660, "B", 12.0, "Education"),
        (72, 640, "Z", 9.0, "4"),
        (140, 640, "R", 10.0, "Nowhere University"),
        (72, 620, "L", 11.0, "Ph.D."),
        (120, 620, "B", 10.0, "Toy Science"),
    ]
    textpage = pdfium.PdfDocument(styled_pdf(runs, fonts))[0].get_textpage()
    glyphs = read_page_glyphs(textpage)
    read = [(g.size, g.bold, g.font_kind) for g in glyphs if not g.char.isspace()]
    plain = _plain_font_facts(textpage)
    assert read == plain
    kinds = {kind for _, _, kind in plain}
    assert len(kinds) == 3  # a text font, an icon font and a nameless one were all met


def test_breaks_are_the_spaces_and_pdfiums_hyphen_marks() -> None:
    from bilingual_cv.io.pdf_layout import _BREAKS

    spaces = {chr(code) for code in range(0x110000) if chr(code).isspace()}
    assert _BREAKS == spaces | {"\ufffe", "\x02"}


def _plain_page_glyphs(textpage: object) -> list[Glyph]:
    """read_page_glyphs as first written: each character's facts looked up afresh."""
    import math

    import pypdfium2.raw as pdfium_c

    from bilingual_cv.io import pdf_layout

    raw = textpage.raw  # type: ignore[attr-defined]
    text = textpage.get_text_range()  # type: ignore[attr-defined]
    fonts: dict[bytes, tuple[float, bool, int]] = {}
    font_facts = pdf_layout._FontFacts(pdfium_c)
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    box = [ctypes.pointer(edge) for edge in (left, right, bottom, top)]
    glyphs: list[Glyph] = []
    previous_key: bytes | None = None
    x = y = 0.0
    for index, char in enumerate(text):
        if char.isspace() or char in "\ufffe\x02":
            end = 0.0
            if char == " " and previous_key is not None:
                pdfium_c.FPDFText_GetCharBox(raw, index - 1, *box)
                end = right.value if math.isfinite(right.value) else 0.0
            glyphs.append(Glyph(char, 0.0, False, end, pdf_layout.NOT_ICON))
            previous_key = None
            continue
        obj = pdfium_c.FPDFText_GetTextObject(raw, index)
        key = bytes(obj)
        facts = fonts.get(key)
        if facts is None:
            facts = fonts[key] = font_facts(obj)
        if key != previous_key:
            pdfium_c.FPDFText_GetCharBox(raw, index, *box)
            x = left.value if math.isfinite(left.value) else 0.0
            y = (top.value + bottom.value) / 2 if math.isfinite(top.value + bottom.value) else 0.0
            previous_key = key
        glyphs.append(Glyph(char, facts[0], facts[1], x, facts[2], y))
    return glyphs


@pytest.mark.parametrize("orphans", [(), (0, 3, 10, 11, 19, 20, 21, 33)])
def test_glyphs_equal_looking_up_each_characters_facts(
    monkeypatch: pytest.MonkeyPatch, orphans: tuple[int, ...]
) -> None:
    """Facts are looked up once per run of one text object; ``orphans`` are characters PDFium
    gives no text object (the first after a space among them)."""
    import pypdfium2 as pdfium
    import pypdfium2.raw as pdfium_c

    from bilingual_cv.io import pdf_layout

    real_object = pdfium_c.FPDFText_GetTextObject

    def text_object(textpage: object, index: int) -> Any:
        found = real_object(textpage, index)
        return type(found)() if index in orphans else found  # a NULL pointer: no object

    monkeypatch.setattr(pdfium_c, "FPDFText_GetTextObject", text_object)
    runs: list[Run] = [
        (72, 700, "B", 12.0, "Zed Quill"),
        (72, 680, "R", 10.0, "Toy Lab, "),
        (118, 680, "B", 10.0, "Nowhere"),
        (160, 680, "R", 10.0, " University"),
        (72, 660, "Z", 9.0, "4"),
        (90, 660, "R", 10.0, "2019 - 2024"),
    ]
    textpage = pdfium.PdfDocument(styled_pdf(runs))[0].get_textpage()
    glyphs = pdf_layout.read_page_glyphs(textpage)
    assert glyphs == _plain_page_glyphs(textpage)
    assert any(g.size == 0.0 and not g.char.isspace() for g in glyphs) == bool(orphans)


def test_a_fault_reading_a_pages_glyphs_keeps_its_text_and_says_so(
    monkeypatch: pytest.MonkeyPatch, pdf_builder: PdfBuilder
) -> None:
    """A bug while a page's font facts are read costs that page its fonts, not its text: the
    other pages keep theirs, and the record names the fault."""
    from bilingual_cv.io import pdf as pdf_module
    from bilingual_cv.io.pdf_layout import read_page_glyphs
    from bilingual_cv.schema import WarningCode

    calls: list[int] = []

    def fails_on_the_first_page(textpage: object) -> list[Glyph]:
        calls.append(1)
        if len(calls) == 1:
            raise RuntimeError("toy glyph fault")
        return read_page_glyphs(textpage)

    monkeypatch.setattr(pdf_module, "read_page_glyphs", fails_on_the_first_page)
    pdf = pdf_builder(
        [
            ["Zed Quill", "zed.quill@example.org", "Education"],
            ["Ph.D. in Toy Science, Nowhere University, 2020"],
        ]
    )
    source = read_bytes_source(pdf, name="cv.pdf")
    assert source.reader_error == "RuntimeError: toy glyph fault (on 1 of 2 pages)"
    assert "zed.quill@example.org" in source.text and "Nowhere University" in source.text
    calls.clear()
    cv = parse(pdf)
    faults = [w for w in cv.warnings if w.code is WarningCode.INTERNAL_ERROR]
    assert len(faults) == 1 and "toy glyph fault" in faults[0].message
    assert cv.person.emails == ["zed.quill@example.org"]
    assert [e.institution for e in cv.education] == ["Nowhere University"]


# --- what TeX sets that browsers and Word do not ------------------------------------------------


def test_a_raised_mark_after_a_name_does_not_break_the_author_line() -> None:
    """TeX sets ``Zed Quill$^*$, Bo Wu`` with the star small and raised: PDFium ends a line
    where the baseline comes back down, which split the entry in two (``, Bo Wu...``)."""
    runs: list[Run] = [
        (72, 740, "B", 18, "Zed Quill"),
        (72, 700, "B", 12, "Publications"),
        (72, 680, "R", 10, "Ann Lee, Zed Quill"),
        (159, 683, "R", 7, "*"),
        (163, 680, "R", 10, ", Bo Wu. A Fictional Study of Caches. In OSDI 2021."),
        (72, 660, "R", 10, "Zed Quill. Pretend Paging for Toy Machines. In NSDI 2023."),
    ]
    lines = _lines(runs)
    assert lines[2] == "Ann Lee, Zed Quill *, Bo Wu. A Fictional Study of Caches. In OSDI 2021."
    pubs = parse(styled_pdf(runs)).publications
    assert [(p.title, p.authors, p.owner_position) for p in pubs] == [
        ("A Fictional Study of Caches", ["Ann Lee", "Zed Quill", "Bo Wu"], 2),
        ("Pretend Paging for Toy Machines", ["Zed Quill"], 1),
    ]


def test_a_math_symbol_font_keeps_author_marks_and_drops_bullets() -> None:
    """Latin Modern's math symbol font holds the ``*`` of a co-first author (kept: it is text)
    and the bullets of lists (dropped, as icons are)."""
    fonts = {**FONTS, "M": b"LMMathSymbols7-Regular"}
    runs: list[Run] = [
        (72, 740, "B", 18, "Zed Quill"),
        (72, 680, "R", 10, "Ann Lee, Zed Quill"),
        (159, 680, "M", 10, "*"),
        (165, 680, "R", 10, ", Bo Wu. A Fictional Study of Caches. In OSDI 2021."),
        (72, 660, "M", 10, "\xb7"),  # the bullet of StandardEncoding
        (82, 660, "R", 10, "Toy Award for Pretend Research"),
    ]
    lines = read_bytes_source(styled_pdf(runs, fonts), name="cv.pdf").text.splitlines()
    assert "Ann Lee, Zed Quill *, Bo Wu. A Fictional Study of Caches. In OSDI 2021." in lines
    assert [line.strip() for line in lines[-1:]] == ["Toy Award for Pretend Research"]


def test_the_page_number_at_the_foot_of_a_page_is_no_line(pdf_builder: PdfBuilder) -> None:
    """LaTeX prints each page's number at its foot: read as a line, ``1`` opened the first
    entry of the next page (``1 Fast Toys...``)."""
    runs: list[Run] = [
        (72, 740, "B", 18, "Zed Quill"),
        (72, 680, "R", 10, "Zed Quill. Pretend Paging. In NSDI 2023."),
        (300, 40, "R", 10, "1"),
    ]
    assert _lines(runs)[-1] == "Zed Quill. Pretend Paging. In NSDI 2023."
    kept: list[Run] = [*runs[:2], (300, 40, "R", 10, "7")]  # not this page's number
    assert _lines(kept)[-1] == "7"


def test_letter_spaced_headings_keep_their_word_gaps() -> None:
    """``\\textls`` spaces a heading's letters; PDFium writes one space at every gap, so
    ``PROFESSIONAL EXPERIENCE`` read as one word no heading list holds. The wider gaps
    between words become three spaces, as text CVs write them."""
    courier = {**FONTS, "C": b"Courier-Bold"}  # every letter 0.6 em wide: gaps as TeX sets them
    letters: list[Run] = []
    x = 72
    for word in ("WORK", "EXPERIENCE"):
        for char in word:
            letters.append((x, 620, "C", 12, char))
            x += 12
        x += 8
    runs: list[Run] = [
        (72, 740, "B", 18, "Zed Quill"),
        (72, 700, "B", 12, "Education"),
        (72, 680, "R", 10, "Ph.D. in Toy Science, Nowhere University, 2020"),
        *letters,
        (72, 600, "R", 10, "Research Scientist, Toy Lab, 2020 - 2024"),
    ]
    pdf = styled_pdf(runs, courier)
    lines = read_bytes_source(pdf, name="cv.pdf").text.splitlines()
    assert "W O R K   E X P E R I E N C E" in [line.strip("#* ") for line in lines]
    assert "experience" in {s.key.value for s in parse(pdf).sections}


def test_text_in_fonts_with_no_name_keeps_its_short_words_ligatures_and_dashes() -> None:
    """pdfTeX embeds bitmap Type 3 fonts, with no name and no map to Unicode, where no Type 1
    font of LaTeX's T1 encoding is installed: ligatures and dashes come out as the encoding's
    control codes, and one-letter words (``A``) were dropped as icons of a nameless font."""
    fonts = {**FONTS, "N": b""}  # a font with no name
    runs: list[Run] = [
        (72, 740, "N", 18, "Zed Quill"),
        (72, 700, "N", 12, "Publications"),
        (72, 680, "N", 10, "Zed Quill and Ann Lee. A classi\x1ccation of toy e\x1borts."),
        (72, 666, "N", 10, "In OSDI 2021, pp. 1\x159."),
        (72, 640, "N", 12, "Education"),
        (72, 620, "N", 10, "Ph.D. in Toy Science, Nowhere University, 2014\x152019"),
    ]
    pdf = styled_pdf(runs, fonts)
    lines = read_bytes_source(pdf, name="cv.pdf").text.splitlines()
    assert "Zed Quill and Ann Lee. A classification of toy efforts." in lines
    assert "Ph.D. in Toy Science, Nowhere University, 2014–2019" in lines
    cv = parse(pdf)
    assert [p.title for p in cv.publications] == ["A classification of toy efforts"]
    assert [(e.start, e.end) for e in cv.education] == [("2014", "2019")]


def paged_pdf(pages: Sequence[Sequence[Run]], fonts: dict[str, bytes] = FONTS) -> bytes:
    """A PDF of one page or more, each with its text runs placed and styled as given
    (``fonts``: each font key's base font name)."""
    count = len(pages)
    font_refs = b" ".join(
        b"/F%s %d 0 R" % (k.encode(), 3 + 2 * count + n) for n, k in enumerate(fonts)
    )
    objects: list[bytes] = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [%s] /Count %d >>"
        % (b" ".join(b"%d 0 R" % (3 + n) for n in range(count)), count),
    ]
    objects += [
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << "
        + font_refs
        + b" >> >> /Contents %d 0 R >>" % (3 + count + n)
        for n in range(count)
    ]
    for runs in pages:
        content = b"".join(
            b"BT /F%s %.1f Tf 1 0 0 1 %d %d Tm (%s) Tj ET\n"
            % (font.encode(), size, x, y, _escape(text))
            for x, y, font, size, text in runs
        )
        objects.append(b"<< /Length %d >>\nstream\n%s\nendstream" % (len(content), content))
    objects += [
        b"<< /Type /Font /Subtype /Type1 /BaseFont /%s >>" % name for name in fonts.values()
    ]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
        len(objects) + 1,
        xref,
    )
    return bytes(out)


def _paper_runs(first: int, papers: Sequence[tuple[str, str]]) -> list[Run]:
    runs: list[Run] = []
    y = 700
    for number, (citation, venue) in enumerate(papers, first):
        runs.append((72, y, "R", 10.0, f"{number}. Ann Lee, Bo Wu. {citation}"))
        runs.append((86, y - 14, "R", 10.0, venue))
        y -= 34
    return runs


def test_a_running_footer_and_header_are_left_out_and_give_no_paper_its_year() -> None:
    """A footer with a date on every page (no page number) and a header on every page after
    the first: neither is read into the paper above or below it. (A header on one later page
    alone is not known for one: it recurs nowhere.)"""
    footer: Run = (300, 40, "R", 8.0, "Ann Lee - Curriculum Vitae - updated May 2026")
    header: Run = (72, 760, "R", 8.0, "Ann Lee - Curriculum Vitae")
    first = [
        (72, 760, "B", 16.0, "Ann Lee"),
        (72, 740, "R", 10.0, "ann@example.com"),
        (72, 720, "B", 12.0, "Publications"),
        *_paper_runs(1, [("Quiet kites for noisy rivers.", "Journal of Kites, 2021.")]),
        (72, 600, "R", 10.0, "2. Ann Lee, Bo Wu. Slow gnomes in fast gardens."),
        (86, 586, "R", 10.0, "Journal of Gnomes."),
        footer,
    ]
    second = [
        header,
        *_paper_runs(3, [("Paper planes in open offices.", "Journal of Planes.")]),
        footer,
    ]
    third = [
        header,
        *_paper_runs(4, [("Fast kites over still lakes.", "Journal of Lakes, 2018.")]),
        footer,
    ]
    cv = parse(paged_pdf([first, second, third]))
    assert [(p.title, p.year) for p in cv.publications] == [
        ("Quiet kites for noisy rivers", 2021),
        ("Slow gnomes in fast gardens", None),
        ("Paper planes in open offices", None),
        ("Fast kites over still lakes", 2018),
    ]
    assert all("Curriculum Vitae" not in p.raw for p in cv.publications)
    assert cv.person.name == "Ann Lee"
