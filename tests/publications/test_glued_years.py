"""A venue's short name with two digits of its year: glued on with a status after it
(``ToyConf25 Accepted``, ``ICLR25 (Oral)``), or after a space (``NeurIPS 21``); fictional
papers.
"""

from __future__ import annotations

from bilingual_cv.publications.venue_text import is_venue_text, written_venue
from bilingual_cv.publications.year import conference_short_year, glued_year, split_glued_years

from .conftest import cv_with


def test_a_venue_line_of_a_glued_year_and_a_status_names_the_venue() -> None:
    gap = " " * 30
    body = "\n".join(
        [
            f"Learning Quiet Policies in Noisy Toy Worlds,{gap}2025",
            "AAAI26 Accepted",
            "Ann Lee, Bo Wu and Cy Ho",
            "",
            f"Slow Kites over Loud Rivers in Big Cities,{gap}2025",
            "ICLR25 (Oral)",
            "Ann Lee, Bo Wu and Cy Ho",
        ]
    )
    pubs = cv_with(body, heading="Publications").publications
    assert [(p.title, p.venue.abbr, p.kind.value) for p in pubs] == [
        ("Learning Quiet Policies in Noisy Toy Worlds", "AAAI", "conference"),
        ("Slow Kites over Loud Rivers in Big Cities", "ICLR", "conference"),
    ]
    assert [p.ccf.rank.value for p in pubs if p.ccf] == ["A", "A"]


def test_an_inline_glued_year_before_a_status_is_the_year() -> None:
    body = "1. Ann Lee, Bo Wu. Fast Kites for Slow Rivers. AAAI26 Accepted."
    (pub,) = cv_with(body, heading="Publications").publications
    assert (pub.title, pub.venue.abbr, pub.year) == ("Fast Kites for Slow Rivers", "AAAI", 2026)


def test_two_digits_after_a_conference_are_its_year_after_a_journal_a_volume() -> None:
    body = (
        "1. Ann Lee, Bo Wu. Slow Kites. NeurIPS 21.\n2. Ann Lee, Bo Wu. Slow Kites Again. TPAMI 45."
    )
    pubs = cv_with(body, heading="Publications").publications
    assert [(p.venue.abbr, p.year) for p in pubs] == [("NeurIPS", 2021), ("TPAMI", None)]
    assert conference_short_year("ToyConf 21") is None  # a name no catalog knows: no year


def test_glued_years_are_read_only_after_a_short_name() -> None:
    assert glued_year("ICLR25 (Oral)") == 2025
    assert glued_year("Proc. ToyConf-2019, pp. 1-9") == 2019
    assert glued_year("Vol12, no. 3") is None  # one capital: a word and a number
    assert glued_year("ResNet50 on toys") == 2050  # read as a year; find_year bounds it
    assert is_venue_text("ToyConf23 Accepted")
    assert not is_venue_text("Quiet Kites and Loud Rivers")


def test_a_written_name_keeps_its_glued_year_off() -> None:
    # a venue no catalog knows is named without the year, however it is glued on
    assert written_venue("QuietConf24") == ("QuietConf", "QuietConf")
    assert split_glued_years("QuietConf24") == "QuietConf24"
    assert split_glued_years("QuietConf24", bare_short=True) == "QuietConf '24"
