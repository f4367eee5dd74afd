"""Layout cues of wrapped publication lists (:mod:`bilingual_cv.publications.wrap`), on
fictional lines."""

from __future__ import annotations

import pytest

import bilingual_cv
from bilingual_cv.lines import Line
from bilingual_cv.publications.wrap import (
    GOES_ON,
    OPENS,
    blank_separated,
    column_width,
    display_width,
    ends_in_word,
    ends_open,
    is_wrapped,
    layout_cues,
)


def _lines(*texts: str) -> list[Line]:
    return [Line(no, text) for no, text in enumerate(texts, start=1)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Lee, A., Okafor, B., &", True),
        ("(pp. 154–169). In", True),
        ("Proceedings of the", True),
        ("Ann Lee, Bo Wu,", True),
        ("李安，吴波，", True),
        ("IEEE Transactions on Toys, 2023.", False),
        ("Toy Schedulers for Slow Networks", False),  # a title line: may end an entry's part
        ("SOSP'23", False),
        ("", False),
    ],
)
def test_a_line_ends_open_in_the_middle_of_a_sentence(text: str, expected: bool) -> None:
    assert ends_open(text) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Formal Toys for Distributed", True),
        ("Multi-Tenant", True),
        ("基于联邦学习的缓存", True),
        ("Algorithmic Toy Theory (ATT).", False),
        ("Toys, 2023", False),
        ("一种虚构的缓存替换方法, 202010064079.X", False),  # a patent number's check letter
    ],
)
def test_a_line_ends_in_a_word_not_a_code(text: str, expected: bool) -> None:
    assert ends_in_word(text) is expected


def test_wide_characters_take_two_columns() -> None:
    assert (display_width("Ann Lee"), display_width("李安 Lee")) == (7, 8)


def test_a_line_is_wrapped_when_the_next_word_would_not_fit() -> None:
    before = Line(1, "Ann Lee, Bo Wu. Toy schedulers for slow")
    assert is_wrapped(before, Line(2, "networks. In SoT, 2023."), 45)
    assert not is_wrapped(Line(1, "Ann Lee. Toys."), Line(2, "Bo Wu. Games."), 45)
    # a Chinese line wraps between any two characters: its first word is one character
    assert is_wrapped(
        Line(1, "李安，吴波. 基于联邦学习的缓存替换策略研究[J]. 计算"), Line(2, "机学报, 2023."), 52
    )


WRAPPED = _lines(
    "Ann Lee, Bo Wu. Toy schedulers for slow networks. In Proceedings of the Symposium",
    "on Toys (SoT), 2023.",
    "Cy Ma and Ann Lee. Learned toy caches. In Proceedings of the International Conference",
    "on Formal Toys for Distributed Objects, Components, and Systems (FORTE), 2021.",
    "Ann Lee. Sparse toy indexes. Journal of Toy Studies, 2020.",
)


def test_the_column_of_a_wrapped_list_is_its_widest_line() -> None:
    assert column_width(WRAPPED) == display_width(WRAPPED[2].text)


def test_a_list_of_one_line_entries_without_full_stops_is_not_wrapped() -> None:
    lines = _lines(
        "Ann Lee, Bo Wu. Toy schedulers for slow networks. In Proceedings of the Symposium on Toys",
        "Di Xu, Ann Lee. Learned toy caches. Journal of Toy Studies",
        "Ann Lee. Sparse toy indexes for large and fair toy stores. ACM Transactions on Toys",
        "Ann Lee, Cy Ma. Elastic toys. Toy Letters",
    )
    assert column_width(lines) is None
    assert layout_cues(lines, frozenset()) == [None, None, None, None]


def test_the_rest_of_a_wrapped_line_goes_on_even_when_it_opens_with_capitalised_words() -> None:
    assert layout_cues(WRAPPED, frozenset()) == [None, GOES_ON, None, GOES_ON, None]


def test_blank_lines_open_entries_when_each_block_holds_an_entry() -> None:
    lines = _lines(
        "Ann Lee, Bo Wu. Toy schedulers. SoT, 2023.",
        "Cy Ma and Ann Lee. Learned toy caches. In Proceedings of the",
        "Toy Conference (ToyCon), 2021.",
        "Ann Lee. Sparse toy indexes. Journal of Toy Studies, 2020.",
    )
    after_blank = frozenset({2, 4})
    assert layout_cues(lines, after_blank) == [None, OPENS, GOES_ON, OPENS]
    blocks = [[lines[0]], lines[1:3], [lines[3]]]
    assert blank_separated(blocks)
    # a blank line between a title and its authors leaves blocks without a year
    titles = _lines("Toy Schedulers", "Ann Lee, Bo Wu. SoT, 2023.", "Learned Toy Caches")
    assert not blank_separated([[titles[0]], [titles[1]], [titles[2]]])


def test_a_line_a_broken_word_was_joined_to_sets_no_column_edge() -> None:
    """Joining "Privacy-" to "preserving ..." makes one line wider than the column it was
    set in; the edge is where the other full lines end, so the lines that end there still
    go on, and a whole entry on one line of its own (over twice the edge) is not wrapped."""
    lines = _lines(
        "Roe, D., Poe, A., Ito, Q., & Kestrel, W. (2024). Toydrakv: Privacy-preserving log analysis"
        " for serverless toys. Proceedings of the Toy Conference on",
        "Information Security and Toys (ISTC), 892–903. https://doi.org/10.5555/2024.089238",
        "Roe, D., & Okafor, B. (2026). Entity resolution meets replication: An empirical study of",
        "adaptive toy graphs. Proceedings of the International Symposium on Toys in Intrusion",
        "Detection (TID), 438–452. https://doi.org/10.5555/2026.043853",
        "Roe, D., Okafor, S., & Lee, I. (2025). Taming program repair with learned toy indexes.",
        "Proceedings of the Toy Measurement Conference (TMC), 1–12.",
    )
    assert column_width(lines) == display_width(lines[2].text)
    cues = layout_cues(lines, frozenset())
    assert cues[3] == GOES_ON  # "... Symposium on Toys in Intrusion" / "Detection (TID)"
    long_entry = Line(9, "Ann Lee, Bo Wu. " + "A whole toy entry on one line " * 8 + "ToyConf 2020")
    assert not is_wrapped(long_entry, lines[1], display_width(lines[2].text))


def test_blank_lines_that_separate_entries_open_them_whatever_the_widths() -> None:
    """Title with its venue tag after a tab, then the author line, one entry per block: long
    author lines are as wide as full lines of a narrower column that the titles seem to
    set, yet the blank line after each ends its entry."""
    blocks = [
        (
            "Can symbolic execution make query processing sparse?\tPOPL 2018",
            "Wren Hartigan*, Odile Thorne, Lei Yang, Pia Strand",
        ),
        (
            "On the Limits of Lightweight Stream Processing\tPG 2012",
            "Wren Hartigan*, Farah Pellegrin, Farah Hollis, Yang He",
        ),
        (
            "Key-value stores meets replication: An empirical study of lightweight smart homes\tICML 2018",
            "Wren Hartigan*",
        ),
        (
            "Scalable model serving via knowledge distillation\tICECCS 2016",
            "Wren Hartigan*, Fan Zhou, Emeric Nakagawa, Xin Zhao, Ann Kowal, Kemal Ito, Freya Dunmore, Mira Joubert",
        ),
        (
            "Elastic Fault Injection via LLM Agents\tFG 2023",
            "Gang Luo, Corin Varga, Wren Hartigan*, Qin Zhao, Xinyi Chen, Ning Yang, Hana Umberfield, Corin Dray",
        ),
        ("Can Learned Indexes Make Model Serving Verified?\tBMVC 2015", "Wren Hartigan*"),
        (
            "On the Limits of Interpretable Log Analysis\tTMC 2026",
            "Gus Kestrel, Qin Sun, Wren Hartigan*, Siyuan Yang, Kemal Ibarra, Anselm Galloway",
        ),
        (
            "Scaling replication with contrastive learning\tVTS 2017",
            "Farah Brandt, Dana Strand, Wren Hartigan*, Gus Lomax, Quinn Ferro, Dan Luo",
        ),
    ]
    body = "\n\n".join("\n".join(block) for block in blocks)
    cv = bilingual_cv.parse(f"Wren Hartigan\nwren@example.edu\n\nPublications\n\n{body}\n")
    assert [(p.title, len(p.authors)) for p in cv.publications] == [
        (title.split("\t")[0], names.count(",") + 1) for title, names in blocks
    ]


def test_two_full_lines_a_broken_word_joined_are_still_a_line_of_the_column() -> None:
    """ "Zero-" / "copy ..." joined makes one line of two full ones, a little over twice the
    column's width: it still ends where the column did, and the line after it goes on."""
    joined = Line(
        1,
        "Ann Lee, Bo Wu. Towards zero-copy toy caches for very large and"
        + " slow toy networks with many toy stores under tight",
    )
    column = 52
    assert 2 * column < display_width(joined.text) < 2.5 * column
    assert is_wrapped(joined, Line(2, "budgets. In Proceedings of ToyConf, 2021."), column)
