"""Places: a trailing location cut off a header text (bilingual_cv/entries/places.py)."""

from __future__ import annotations

import pytest

from bilingual_cv.entries.places import split_location


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Acme Research, Group (G) Redmond, WA", ("Acme Research, Group (G)", "Redmond, WA")),
        (
            "Software Engineer Intern, Credit Bank, Hong Kong.",
            ("Software Engineer Intern, Credit Bank", "Hong Kong"),
        ),
        ("Acme, Ads Infra Mountain View, CA", ("Acme, Ads Infra", "Mountain View, CA")),
        ("Some University of Somewhere", ("Some University of Somewhere", None)),
    ],
)
def test_split_location(text: str, expected: tuple[str, str | None]) -> None:
    assert split_location(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Lakeside University\tSpringfield, Alabama, US",
        "Toy Lab, Acme " * 20 + "Redmond, WA",  # past the memo's length limit
    ],
)
def test_split_location_memo_gives_the_computed_split(text: str) -> None:
    assert split_location(text) == split_location(text) == split_location.__wrapped__(text)
