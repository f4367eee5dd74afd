"""Notes, position words and links beside an entry's fields
(:mod:`bilingual_cv.publications.notes`), on fictional entries.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

import bilingual_cv

from .conftest import cv_with, summary


def test_status_words_notes_and_links() -> None:
    body = (
        "1. Ann Lee, Bo Wu. Accelerating Sparse Kernels. Accepted by TPDS, 2024.\n"
        "2. Ann Lee, Bo Wu. Learned Load Balancing. To appear in NSDI 2025.\n"
        "3. Ann Lee. Hybrid Logs. IEEE Transactions on Computers, in press, 2024.\n"
        "4. Ann Lee, Bo Wu. Elastic Graph Partitioning. Under revision at TPDS, 2024.\n"
        "5. Ann Lee, Bo Wu. Fast Snapshot Isolation. Submitted to OSDI 2025.\n"
        "6. Ann Lee, Bo Wu. Token Merging. NeurIPS 2023 (Spotlight).\n"
        "7. Ann Lee, Bo Wu. Robust Speech Models. AAAI 2023 (Oral, Acceptance rate: 18%).\n"
        "8. Ann Lee, Bo Wu. Certified Defenses. ICCV 2023. [PDF] [Code] [Slides]\n"
        "9. [PDF] Ann Lee, Bo Wu. Log Parsing with LLMs. ICSE 2024.\n"
        "10. Ann Lee, Bo Wu. Query Optimizers. SIGMOD 2023. https://doi.org/10.1145/3588912\n"
    )
    pubs = cv_with(body).publications
    assert [summary(p)[1:5] for p in pubs] == [
        ("TPDS", 2024, "journal", "A"),
        ("NSDI", 2025, "conference", "A"),
        ("TC", 2024, "journal", "A"),
        ("TPDS", 2024, "preprint", None),  # under revision: not published yet, so no rank
        ("OSDI", 2025, "preprint", None),  # the venue it was sent to is named, unranked
        ("NeurIPS", 2023, "conference", "A"),
        ("AAAI", 2023, "conference", "A"),
        ("ICCV", 2023, "conference", "A"),
        ("ICSE", 2024, "conference", "A"),
        ("SIGMOD", 2023, "conference", "A"),
    ]
    assert [p.notes for p in pubs[5:8]] == [["Spotlight"], ["Oral, Acceptance rate: 18%"], []]
    assert pubs[7].title == "Certified Defenses" and "[PDF] [Code] [Slides]" in pubs[7].raw
    assert pubs[8].title == "Log Parsing with LLMs" and pubs[8].owner_position == 1
    assert pubs[9].venue.raw == "SIGMOD 2023"


def test_note_lines_under_a_bulleted_entry() -> None:
    body = (
        "• Fast Paths for Slow Networks\n  Bo Wu, Ann Lee, Cy Ma\n  NSDI 2025 (Acceptance rate: 18%)\n  [PDF] [Code]\n"
        "• Learned Caches Revisited\n  Ann Lee*, Di Xu*\n  SOSP 2023, Best Paper Award"
    )
    pubs = cv_with(body).publications
    assert [(p.venue.abbr, p.notes) for p in pubs] == [
        ("NSDI", ["Acceptance rate: 18%"]),
        ("SOSP", ["Best Paper Award"]),
    ]


_VENUE_TEXT_WORDS = [
    "ToyConf",
    "2024",
    "In",
    "Proc.",
    "doi",
    "DOI:",
    "10.1145/1234.5678",
    "10.",
    "https://toy.org/x",
    "http:",
    "//",
    "www.toy.org",
    "WwW",
    "url:",
    "arxiv.org/abs/2401.00001",
    "(Oral)",
    ".",
    ",",
    ";",
]


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_VENUE_TEXT_WORDS), max_size=8), st.sampled_from([" ", "", ". "]))
def test_venue_text_without_a_link_mark_has_no_trailing_link(words: list[str], glue: str) -> None:
    from bilingual_cv.publications.notes import _TRAILING_LINK_RE, _may_hold_link

    text = glue.join(words)
    if not _may_hold_link(text):
        assert _TRAILING_LINK_RE.search(text) is None, text


@settings(max_examples=500, deadline=None)
@given(st.lists(st.sampled_from(_VENUE_TEXT_WORDS), max_size=8), st.sampled_from([" ", "", ". "]))
def test_venue_notes_are_split_as_when_every_text_is_searched_for_a_link(
    words: list[str], glue: str
) -> None:
    from unittest import mock

    from bilingual_cv.publications import notes

    text = glue.join(words)
    fast = notes.split_venue_notes(text)
    with mock.patch.object(notes, "_may_hold_link", lambda _text: True):
        assert notes.split_venue_notes(text) == fast, text


#: Pieces of bracketed link text: link words in every case and spacing, words that are not
#: links, nested and unbalanced brackets, whitespace other than spaces, and the four
#: characters re.IGNORECASE matches to an ASCII letter (İ ı ſ and the Kelvin sign).
_LINK_PIECES = [
    "[", "]", "[[", "]]", " ", "  ", "\t", "\u3000", "\xa0", "PDF", "pdf", "Pdf", "code",
    "CODE", "Project", "page", "project page", "Project\tPage", "slides", "ſlides",
    "vİdeo", "vıdeo", "linK", "Kelvin", "论文", "代码", "Oral", "ICCV 2023.", "x", "é", "É",
]  # fmt: skip


@settings(max_examples=1500, deadline=None)
@given(st.lists(st.sampled_from(_LINK_PIECES), max_size=10).map("".join))
def test_link_brackets_are_blanked_as_the_link_pattern_blanks_them(text: str) -> None:
    from bilingual_cv.publications.notes import _link_re, strip_links

    expected = _link_re().sub(lambda m: " " * len(m.group(0)), text)
    assert strip_links(text) == expected, text


def test_link_words_that_only_the_pattern_matches_right_are_not_looked_up() -> None:
    from bilingual_cv.publications.notes import link_keys

    assert link_keys(["pdf", "Project page", "论文"]) == frozenset({"pdf", "project page", "论文"})
    assert link_keys(["pdf", "ſlides"]) is None  # re.IGNORECASE also matches it to "s"
    assert link_keys(["project  page"]) is None  # the pattern wants two spaces or more
    assert link_keys(["project\tpage"]) is None  # the pattern wants a tab there
    assert link_keys(["Präsentation"]) is None  # a case other than ASCII's


def test_a_row_of_link_buttons_under_an_entry_gives_no_venue() -> None:
    text = (
        "Ann Lee\n\nPublications\n\nPretend Caches for Toy Robots\nAnn Lee, Bo Wu, Cy Ho\n"
        "NSDI 2024, pp 101-115.\n\nArxiv   Toy Press   Zenodo   BibTeX\n\n"
        "Folding Paper Kites with Gradient Descent\nDee Fox, Ann Lee\nOSDI 2023, pp 12-20.\n\n"
        "Arxiv   Kite Books   Zenodo   BibTeX\n"
    )
    cv = bilingual_cv.parse(text)
    assert [(p.venue.abbr if p.venue else None, p.kind.value) for p in cv.publications] == [
        ("NSDI", "conference"),
        ("OSDI", "conference"),
    ]


def test_a_bold_title_in_a_citation_wrapped_over_three_lines_is_no_note() -> None:
    """A citation that sets its title in bold (LaTeX's ``\\textbf``) and wraps it over three
    lines gives a middle line that is bold throughout: it goes on the title, while a bold line
    after the owner's bold name ends the entry as a note."""
    body = (
        "[1] Bo Wu, Cy Ma, Di Xu, Eve Roe, Fay Poe, Gil Ito, Hal Dray, Ivy Marsh, Ann Lee,\n"
        "Jo Quist. **Pretend Paging for Imaginary Machines with Make-Believe Schedulers**\n"
        "**and Toy Queues under Tight Memory Budgets and Bursty Workloads in Imaginary**\n"
        "**Clusters.** In Imaginary Systems Symposium (ISS), 2021, pp. 1–9.\n"
        "[2] Cy Ma, **Ann Lee**. Fictional Caching for Imaginary Clusters. Journal of Toy\n"
        "Computing, vol. 2, 2019.\n"
        "**Best Paper Runner-Up**\n"
    )
    paging = "Pretend Paging for Imaginary Machines with Make-Believe Schedulers and Toy Queues"
    pubs = cv_with(body).publications
    assert [(p.title, p.year, p.owner_position, p.notes) for p in pubs] == [
        (
            f"{paging} under Tight Memory Budgets and Bursty Workloads in Imaginary Clusters",
            2021,
            9,
            [],
        ),
        ("Fictional Caching for Imaginary Clusters", 2019, 2, ["Best Paper Runner-Up"]),
    ]
