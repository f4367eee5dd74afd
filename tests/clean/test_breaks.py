"""Line breaks repaired across lines (clean/breaks.py), on self-written fragments."""

from __future__ import annotations

import pytest

import bilingual_cv
from bilingual_cv.clean import clean_text
from tests.clean.pieces import texts


def test_hyphen_break_joins_known_compounds_only() -> None:
    known = {"mobicom"}
    lines = clean_text(
        "(Mobi-\nCom 2023, CCF-A)\nfine-\ngrained", lambda w: w.casefold() in known
    ).lines
    assert [line.text for line in lines] == ["(MobiCom 2023, CCF-A)", "fine-grained"]
    assert [line.origin for line in lines] == [1, 3]


def test_a_hyphen_break_in_a_word_the_document_writes_whole_is_dropped() -> None:
    """ "Engi-" / "neering" where the document writes "Engineering" is one word; "fine-" /
    "grained" and "In-" / "Network" (capital) keep the hyphen."""
    lines = clean_text(
        "Toy Engineering\nQuiet Toy Engi-\nneering, In-\nNetwork fine-\ngrained toys"
    ).lines
    assert [line.text for line in lines] == [
        "Toy Engineering",
        "Quiet Toy Engineering, In-Network fine-grained toys",
    ]


def test_a_soft_hyphen_before_a_word_of_its_own_stays_a_hyphen() -> None:
    """A PDF marks every line-end hyphen soft: "QoS" + "aware" keeps it when "aware" is a
    word the document writes elsewhere; "Hier" + "archical" joins."""
    lines = clean_text(
        "Aware toys\nIntegrated QoS\u00ad\naware toys and Hier\u00ad\narchical queues"
    ).lines
    assert [line.text for line in lines] == [
        "Aware toys",
        "Integrated QoS-aware toys and Hierarchical queues",
    ]


def test_a_joined_line_ending_in_a_broken_word_joins_again() -> None:
    """Three printed lines, two breaks: "Ma-" / "chine ... Trans<soft hyphen>" / "formation"."""
    lines = clean_text(
        "Learning Ma-\nchine Extraction. Software Trans\u00ad\nformation. 2019."
    ).lines
    # "machine" is one English word: the hyphen a typesetter set in it goes too
    assert [line.text for line in lines] == [
        "Learning Machine Extraction. Software Transformation. 2019."
    ]
    assert lines[0].origin == 1


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


def _pages(marks: list[str], body: list[str]) -> str:
    return "\n".join(line for mark in marks for line in [*body, mark])


PAGE = [f"Toy line {n} of the body, with a year 20{10 + n}" for n in range(20)]


@pytest.mark.parametrize(
    "marks",
    [
        [
            "Curriculum Vitae: Ann Lee          1",
            "Curriculum Vitae: Ann Lee          2",
            "Curriculum Vitae: Ann Lee          3",
        ],
        [
            "June 1, 2024\tANN LEE · CURRICULUM VITAE\t1",
            "June 1, 2024\tANN LEE · CURRICULUM VITAE\t2",
        ],
        ["2 | Ann Lee, Toy University", "3 | Ann Lee, Toy University"],
    ],
)
def test_a_running_header_or_footer_with_the_page_number_is_taken_out(marks: list[str]) -> None:
    lines = clean_text(_pages(marks, PAGE)).lines
    assert not any("Ann Lee" in line.text or "ANN LEE" in line.text for line in lines)
    assert sum(line.text.startswith("Toy line") for line in lines) == 20 * len(marks)


@pytest.mark.parametrize(
    "marks",
    [
        # the same paper in two numbered lists, a page apart: content, not a page mark
        ["[1] Ann Lee. Toys. In NSDI 2024.", "[2] Ann Lee. Toys. In NSDI 2024."],
        # years that count on: teaching terms, not pages
        ["Fall 2019 Toy Design", "Fall 2020 Toy Design"],
        # a page apart but not counting
        ["Ann Lee, CV 1", "Ann Lee, CV 3"],
    ],
)
def test_recurring_lines_that_count_no_pages_stay(marks: list[str]) -> None:
    lines = clean_text(_pages(marks, PAGE)).lines
    assert [line.text for line in lines if line.text in marks] == marks


def test_a_page_number_centred_under_the_page_joins_no_entry() -> None:
    """``pdftotext -layout`` prints each page's number centred in its footer, after a blank
    line; read as text it would end the title of the entry the page break cut."""
    page = " " * 40
    text = (
        "Jane Kiteflyer\njane@example.edu\n\nPUBLICATIONS\n\n"
        "[1] Fast Paper Kites for Gusty\n\n\n"
        f"{page}3\n"
        "    Coastal Winds\n    Jane Kiteflyer, Bob Stringer\n    In ToyConf 2023\n"
        "[2] Slow Kites\n    Jane Kiteflyer\n    In ToyConf 2022\n\n\n"
        f"{page}4\n"
    )
    cleaned = clean_text(text)
    assert "3" not in [line.text for line in cleaned.lines]
    assert "4" not in [line.text for line in cleaned.lines]
    titles = [p.title for p in bilingual_cv.parse(text).publications]
    assert titles == ["Fast Paper Kites for Gusty Coastal Winds", "Slow Kites"]


def test_a_number_at_the_margin_or_under_text_stays() -> None:
    """A count or a list's number at the margin, or a number right under a line of text,
    is no page's footer."""
    page = " " * 40
    cleaned = clean_text(f"Kites built\n\n12\nKites flown\n{page}7\n")
    assert [line.text for line in cleaned.lines] == [
        "Kites built",
        "",
        "12",
        "Kites flown",
        "7",
        "",
    ]


@pytest.mark.parametrize(
    ("broken", "joined"),
    [
        ("Toy low-\nlatency kites", "Toy low-latency kites"),  # two words: the hyphen stays
        ("Deadline-\naware toys", "Deadline-aware toys"),
        ("Zero-\ndependency kites", "Zero-dependency kites"),
        ("Toy net-\nworks", "Toy networks"),  # one word hyphenated: it goes
        ("Client se-\nlection for toys", "Client selection for toys"),
        ("Coarse-\nto-Fine toys", "Coarse-to-Fine toys"),
    ],
)
def test_a_line_end_hyphen_is_kept_between_two_english_words_only(broken: str, joined: str) -> None:
    assert clean_text(broken).lines[0].text == joined
