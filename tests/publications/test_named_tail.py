"""``Authors, Title, Venue Year``: a venue that no catalog and no venue word names, after
the last comma, as a few capitalized words and the year that closes the entry; and the
date that closes an entry after a comma, which is no part of its title; fictional papers.
"""

from __future__ import annotations

from .conftest import cv_with

NAMED = (
    "1. Ann Lee, Bo Wu, Toy Models of Quiet Rivers, Kite Sensors 2023.",
    "2. Ann Lee, Bo Wu, Kites in the Rain, Nature Kites 2021.",
)

UNNAMED = (
    "1. Ann Lee, Bo Wu, Toy Models of Quiet Rivers, Springfield, 2023.",
    "2. Ann Lee, Bo Wu, Kites in the Rain and the Snow, Sept 2021.",
    "3. Ann Lee, Bo Wu, Kites, rivers and lakes, 2020.",
)


def test_a_few_capitalized_words_and_a_closing_year_after_the_last_comma_are_the_venue() -> None:
    pubs = cv_with("\n".join(NAMED), heading="Publications").publications
    assert [(p.title, p.venue.name, p.year) for p in pubs] == [
        ("Toy Models of Quiet Rivers", "Kite Sensors", 2023),
        ("Kites in the Rain", "Nature Kites", 2021),
    ]


def test_a_place_a_publisher_or_a_date_after_the_last_comma_is_no_venue() -> None:
    pubs = cv_with("\n".join(UNNAMED), heading="Publications").publications
    assert [p.venue.name for p in pubs] == [None, None, None]
    assert [p.year for p in pubs] == [2023, 2021, 2020]


def test_the_date_that_closes_an_entry_is_no_part_of_its_title() -> None:
    pubs = cv_with("\n".join(UNNAMED), heading="Publications").publications
    assert [p.title for p in pubs[1:]] == [
        "Kites in the Rain and the Snow",
        "Kites, rivers and lakes",
    ]
    assert pubs[1].raw.endswith("Sept 2021.")  # the date stays in the entry's raw text
