"""A PDF page's lines are read where they stand, not in the order the file draws them: a
header box or banner headings drawn last, a footer drawn first; columns keep their order; a
CJK character printed two or three times over itself (fake bold) is read once. Built on small
fictional PDFs written here."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bilingual_cv import parse
from bilingual_cv.io.pdf_layout import Glyph
from bilingual_cv.io.pdf_order import (
    MIN_SIDEBAR_LINES,
    LineBox,
    join_table_rows,
    line_box,
    reading_order,
)
from bilingual_cv.io.readers import read_bytes_source

from .conftest import PdfBuilder
from .test_pdf_layout import Run, styled_pdf


def _lines(runs: list[Run]) -> list[str]:
    return read_bytes_source(styled_pdf(runs), name="cv.pdf").text.splitlines()


#: A fictional CV's body, drawn top to bottom: venue tags in a left margin column, wrapped
#: over two lines and drawn before the entry beside them, and a date set flush right, drawn
#: after its line.
BODY: list[Run] = [
    (72, 680, "B", 12, "Publications"),
    (40, 660, "R", 9, "TOYS"),
    (40, 649, "R", 9, "Demo'24"),
    (150, 660, "R", 10, "Zed Quill, Ann Lee. A Fictional Study of Caches for"),
    (150, 646, "R", 10, "Imaginary Machines. In TOYS Demo 2024."),
    (40, 620, "R", 9, "TOYC'23"),
    (150, 620, "R", 10, "Zed Quill. Pretend Paging. In TOYC 2023."),
    (72, 590, "B", 12, "Experience"),
    (72, 570, "R", 10, "Research Scientist, Toy Lab"),
    (480, 570, "R", 10, "2024 - now"),
    (72, 556, "R", 10, "Built a fictional cache for toy workloads"),
]
#: The name and contact box, which Word or Pages may draw after the body.
HEADER: list[Run] = [
    (220, 740, "B", 20, "Zed Quill"),
    (200, 715, "R", 10, "zed.quill@example.org | +1 555 0100"),
]


def test_a_header_box_drawn_last_is_read_first_and_columns_keep_their_order() -> None:
    drawn_first = _lines(HEADER + BODY)
    drawn_last = _lines(BODY + HEADER)
    assert drawn_last == drawn_first
    assert drawn_last[:2] == ["# **Zed Quill**", "zed.quill@example.org | +1 555 0100"]
    # the margin tags stay before their entries, the date on its line
    at = drawn_last.index("TOYS")
    assert drawn_last[at + 1].startswith("Demo")  # its apostrophe is typeset curly
    assert drawn_last[at + 2].startswith("Zed Quill, Ann Lee.")
    assert "Research Scientist, Toy Lab\t2024 - now" in drawn_last
    cv = parse(styled_pdf(BODY + HEADER))
    assert cv.person.name == "Zed Quill"
    assert cv.person.emails == ["zed.quill@example.org"]


def test_banner_headings_drawn_at_the_end_go_before_their_bodies_and_a_footer_last() -> None:
    footer: Run = (200, 40, "R", 8, "Curriculum vitae of Zed Quill, page 1")
    body: list[Run] = [
        (72, 740, "B", 18, "Zed Quill"),
        (72, 722, "R", 10, "zed.quill@example.org"),
        (72, 680, "R", 10, "Nowhere University, Ph.D. in Toy Science, 2019 - 2024"),
        (72, 666, "R", 10, "Toy College, B.Sc. in Pretend Physics, 2015 - 2019"),
        (72, 620, "R", 10, "Research Scientist, Toy Lab, 2024 - present"),
        (72, 606, "R", 10, "Engineer, Example Widgets Inc., 2019 - 2024"),
    ]
    banners: list[Run] = [(80, 698, "B", 13, "Education"), (80, 638, "B", 13, "Experience")]
    lines = _lines([footer, *body, *banners])
    assert [line for line in lines if line] == [
        "# **Zed Quill**",
        "zed.quill@example.org",
        "## **Education**",
        "Nowhere University, Ph.D. in Toy Science, 2019 - 2024",
        "Toy College, B.Sc. in Pretend Physics, 2015 - 2019",
        "## **Experience**",
        "Research Scientist, Toy Lab, 2024 - present",
        "Engineer, Example Widgets Inc., 2019 - 2024",
        "Curriculum vitae of Zed Quill, page 1",
    ]
    cv = parse(styled_pdf([footer, *body, *banners]))
    assert [e.institution for e in cv.education] == ["Nowhere University", "Toy College"]
    assert len(cv.experience) == 2


def test_a_sidebar_drawn_after_the_main_column_is_read_before_it_not_woven_into_it() -> None:
    main: list[Run] = [(250, 700 - 14 * n, "R", 10, f"Main column line {n} here") for n in range(7)]
    sidebar: list[Run] = [(40, 690 - 14 * n, "R", 10, f"Sidebar line {n}") for n in range(5)]
    assert _lines(main + sidebar) == [f"Sidebar line {n}" for n in range(5)] + [
        f"Main column line {n} here" for n in range(7)
    ]
    # a short column drawn last may be margin notes: it keeps its place
    assert _lines(main + sidebar[:2])[-2:] == ["Sidebar line 0", "Sidebar line 1"]


def _cjk_overprinted(text: str, times: int, step_ems: float) -> bytes:
    """A TJ array that prints each character ``times`` times, ``step_ems`` apart (what a
    writer without a bold face does for bold), then moves on an em from the first print."""
    parts = []
    for char in text:
        code = b"<" + char.encode("utf-16-be").hex().encode() + b">"
        back = round(1000 * (1 - step_ems))
        parts.append(b" ".join([code] + [b"%d %s" % (back, code)] * (times - 1)))
        parts.append(b"%d" % round(1000 * step_ems * (times - 1)))
    return b"[" + b" ".join(parts) + b"] TJ"


def test_a_cjk_character_printed_over_itself_is_read_once(pdf_builder: PdfBuilder) -> None:
    content = b"\n".join(
        [
            b"BT /F2 12 Tf 1 0 0 1 72 700 Tm " + _cjk_overprinted("教育背景", 2, 0.1) + b" ET",
            b"BT /F2 12 Tf 1 0 0 1 72 680 Tm " + _cjk_overprinted("北方大学", 3, 0.05) + b" ET",
            # a real repeat stands an em further: it stays
            b"BT /F2 12 Tf 1 0 0 1 72 660 Tm <5929592954114e0a> Tj ET",
        ]
    )
    pdf = pdf_builder([content], cjk=True, cjk_chars="教育背景北方大学天天向上")
    assert read_bytes_source(pdf, name="cv.pdf").text.splitlines() == [
        "教育背景",
        "北方大学",
        "天天向上",
    ]


def _box(depth: float, left: float = 72.0, right: float = 500.0) -> LineBox:
    return LineBox(depth, 10.0, left, right)


_COLUMN = st.lists(st.tuples(st.floats(50, 120), st.floats(200, 540)), min_size=2, max_size=12).map(
    lambda spans: [_box(100 + 14 * n, *span) for n, span in enumerate(spans)]
)


@settings(max_examples=200, deadline=None)
@given(_COLUMN, st.data())
def test_a_block_of_one_column_drawn_out_of_turn_is_read_in_place(
    column: list[LineBox], data: st.DataObject
) -> None:
    """Any run of lines of one column, drawn last or first, goes back where it stands."""
    start = data.draw(st.integers(0, len(column) - 1))
    end = data.draw(st.integers(start + 1, len(column)))
    drawn = list(range(start, end))
    rest = [n for n in range(len(column)) if n not in drawn]
    for order in (rest + drawn, drawn + rest):
        boxes = [column[n] for n in order]
        assert [order[n] for n in reading_order(boxes)] == list(range(len(column)))


@settings(max_examples=200, deadline=None)
@given(st.integers(1, 10), st.integers(1, 10), st.booleans())
def test_two_columns_drawn_one_after_the_other_are_read_left_then_right(
    left_lines: int, right_lines: int, right_first: bool
) -> None:
    """Drawn left first, the order stays; a left column drawn last is read first when it is
    long enough to be a column and not a few margin notes."""
    left = [_box(100 + 14 * n, 40, 180) for n in range(left_lines)]
    right = [_box(100 + 14 * n, 220, 560) for n in range(right_lines)]
    boxes = right + left if right_first else left + right
    order = reading_order(boxes)
    if right_first and min(left_lines, right_lines) >= MIN_SIDEBAR_LINES:
        assert [boxes[n] for n in order] == left + right
    else:
        assert order == list(range(len(boxes)))


#: Two entries of a fictional awesome-cv-like list: a bold title that wraps, with its date set
#: flush right beside its first line (and drawn after the whole title, as PDF writers do),
#: then the authors and the venue.
DATED_TITLES: list[Run] = [
    (72, 700, "B", 12, "Publications"),
    (72, 680, "B", 10, "Quokka: Fictional and Lightweight Caching for Toy Clusters"),
    (72, 666, "B", 10, "under Tight Memory Budgets"),
    (480, 680, "R", 10, "Dec. 2026"),
    (72, 652, "R", 10, "Zed Quill, Ann Lee"),
    (72, 638, "R", 10, "In Proceedings of the Imaginary Systems Symposium"),
    (72, 618, "B", 10, "Pretend Paging for Imaginary Machines"),
    (72, 604, "B", 10, "with Toy Workloads"),
    (480, 618, "R", 10, "Mar. 2023"),
    (72, 590, "R", 10, "Ann Lee, Zed Quill"),
    (72, 576, "R", 10, "In Proceedings of the Fictional Paging Workshop"),
]


def test_a_date_set_flush_right_beside_a_wrapped_title_goes_back_on_its_line() -> None:
    lines = _lines(DATED_TITLES)
    assert "Quokka: Fictional and Lightweight Caching for Toy Clusters\tDec. 2026" in lines
    assert "Pretend Paging for Imaginary Machines\tMar. 2023" in lines
    assert "Dec. 2026" not in lines and "Mar. 2023" not in lines
    pubs = parse(styled_pdf([(72, 740, "B", 18, "Zed Quill"), *DATED_TITLES])).publications
    assert [(p.title.split(":")[0].split()[0], p.year) for p in pubs] == [
        ("Quokka", 2026),
        ("Pretend", 2023),
    ]
    # a column of dates drawn after the text beside them (each beside its own line, one
    # after the other) is a column, not a fragment: it keeps its place
    column: list[Run] = [(72, 700 - 14 * n, "R", 10, f"Toy line number {n} here") for n in range(4)]
    dates: list[Run] = [(480, 700 - 14 * n, "R", 10, f"20{10 + n}") for n in range(1, 3)]
    assert _lines(column + dates)[-2:] == ["2011", "2012"]


def _table_row(top: int, cells: list[tuple[int, list[str]]]) -> list[Run]:
    """One table row drawn as Word or a browser draws it: cell by cell, each cell's lines top
    to bottom from the row's top."""
    return [(x, top - 13 * n, "R", 10, text) for x, lines in cells for n, text in enumerate(lines)]


def test_the_rows_of_a_table_of_papers_are_read_one_line_each() -> None:
    table: list[Run] = [
        (72, 740, "B", 18, "Zed Quill"),
        (72, 700, "B", 12, "Publications"),
        *_table_row(
            680,
            [
                (72, ["1"]),
                (90, ["A Fictional Study of", "Caches for Toys"]),
                (250, ["Zed Quill, Ann Lee,", "Bo Wu"]),
                (400, ["Imaginary Systems", "Symposium"]),
                (530, ["2021"]),
            ],
        ),
        *_table_row(
            640,
            [
                (72, ["2"]),
                (90, ["Pretend Paging for", "Imaginary Machines"]),
                (250, ["Ann Lee, Zed Quill"]),
                (400, ["Journal of Toy", "Computing"]),
                (530, ["2019"]),
            ],
        ),
    ]
    lines = _lines(table)
    assert lines[-2:] == [
        (
            "1 A Fictional Study of Caches for Toys\tZed Quill, Ann Lee, Bo Wu\t"
            "Imaginary Systems Symposium\t2021"
        ),
        "2 Pretend Paging for Imaginary Machines\tAnn Lee, Zed Quill\tJournal of Toy Computing\t2019",
    ]
    pubs = parse(styled_pdf(table)).publications
    assert [(p.title, len(p.authors), p.owner_position, p.year) for p in pubs] == [
        ("A Fictional Study of Caches for Toys", 3, 1, 2021),
        ("Pretend Paging for Imaginary Machines", 2, 2, 2019),
    ]
    # two columns (a date beside each entry, the entry wrapping) are no such table
    two: list[Run] = [
        *_table_row(680, [(72, ["2021"]), (150, ["Zed Quill. A Fictional Study of", "Toys."])]),
        *_table_row(640, [(72, ["2019"]), (150, ["Ann Lee. Pretend Paging for", "Toys."])]),
    ]
    assert [line for line in _lines(two) if line.startswith("Toys")] == ["Toys.", "Toys."]


def _glyph_line(y: float, *words: tuple[float, str, float]) -> list[Glyph]:
    """A line of glyphs as PDFium reads a word processor's: each word's glyphs carry the
    word's left edge, and the space after a word carries where that word ends
    (``(left, text, end)``); a line ends in a space unless its last character is Chinese."""
    out: list[Glyph] = []
    for left, text, end in words:
        out.extend(Glyph(c, 10.0, x=left, y=y) for c in text)
        out.append(Glyph(" ", x=end))
    return out[:-1] if "\u4e00" <= words[-1][1][-1] <= "\u9fff" else out


def _texts(lines: list[list[Glyph]]) -> list[str]:
    return ["".join(g.char for g in line) for line in lines]


def test_a_table_cell_wrapped_between_chinese_characters_is_joined_without_a_space() -> None:
    # a Chinese CV's table of papers printed by a word processor: the title cell wraps
    # between two characters, a Latin cell's lines end in the space the wrap left
    page = [
        _glyph_line(700, (72, "1", 78)),
        _glyph_line(700, (90, "基于玩具数据的", 160)),
        _glyph_line(686, (90, "缓存方法研究", 150)),
        _glyph_line(700, (250, "Zed", 266), (270, "Quill,", 296)),
        _glyph_line(686, (250, "Ann", 266), (270, "Lee", 286)),
        _glyph_line(700, (400, "2021", 420)),
        _glyph_line(660, (72, "2", 78)),
        _glyph_line(660, (90, "面向玩具的", 140)),
        _glyph_line(646, (90, "调度算法", 130)),
        _glyph_line(660, (250, "Ann", 266), (270, "Lee", 286)),
        _glyph_line(660, (400, "2019", 420)),
    ]
    assert [t.replace("\t", "|") for t in _texts(join_table_rows(page))] == [
        "1 |基于玩具数据的缓存方法研究|Zed Quill, Ann Lee |2021 ",
        "2 |面向玩具的调度算法|Ann Lee |2019 ",
    ]


def test_a_cell_line_ending_in_a_space_ends_where_the_space_says() -> None:
    # "illimitability" is narrow: an estimate from average widths (0.5 em a letter) would
    # run past the next cell's left edge at 150 and break the row; the space says 138
    assert line_box(_glyph_line(700, (90, "illimitability", 138)))[3] == 138  # type: ignore[index]
    page = [
        _glyph_line(700, (72, "1", 78)),
        _glyph_line(700, (90, "Toy", 105)),
        _glyph_line(686, (90, "illimitability", 138)),
        _glyph_line(700, (150, "Zed", 166), (170, "Quill", 190)),
        _glyph_line(700, (400, "2021", 420)),
        _glyph_line(660, (72, "2", 78)),
        _glyph_line(660, (90, "Toy", 105)),
        _glyph_line(646, (90, "paging", 120)),
        _glyph_line(660, (150, "Ann", 166), (170, "Lee", 186)),
        _glyph_line(660, (400, "2019", 420)),
    ]
    assert [t.replace("\t", "|") for t in _texts(join_table_rows(page))] == [
        "1 |Toy illimitability |Zed Quill |2021 ",
        "2 |Toy paging |Ann Lee |2019 ",
    ]


def test_cells_that_the_text_layer_ran_into_one_line_still_count_as_cells() -> None:
    # the number and the title's first line share a baseline and come as one line, and so
    # do the authors, the journal and the year: a row of two lines with column gaps
    page = [
        _glyph_line(700, (72, "1", 78), (90, "基于玩具数据的", 160)),
        _glyph_line(686, (90, "缓存方法研究", 150)),
        _glyph_line(700, (250, "李安", 270), (330, "玩具学报", 370), (400, "2021", 420)),
        _glyph_line(660, (72, "2", 78), (90, "面向玩具的", 140)),
        _glyph_line(646, (90, "调度算法", 130)),
        _glyph_line(660, (250, "吴波", 270), (330, "玩具学报", 370), (400, "2019", 420)),
    ]
    texts = _texts(join_table_rows(page))
    assert [t.replace("\t", "|") for t in texts] == [
        "1 基于玩具数据的缓存方法研究|李安 玩具学报 2021 ",
        "2 面向玩具的调度算法|吴波 玩具学报 2019 ",
    ]
