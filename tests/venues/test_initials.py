"""Tests of :mod:`bilingual_cv.venues.initials`: a venue's short name from its initials, only
for the name shapes measured precise on the catalogs, never one a catalog gives a venue."""

from __future__ import annotations

import pytest

from bilingual_cv.venues.initials import PRECISE_SHAPES, derived_acronym, initials, name_shape


@pytest.mark.parametrize(
    ("name", "acronym"),
    [
        ("IEEE Transactions on Toy Engineering", "TTE"),
        ("IEEE/ACM Transactions on Kite Flying and Yarn Winding", "TKFYW"),
        ("IEEE Trans. on Toy-Based Engineering", "TTBE"),
        ("Journal of Yarn, Glue and Tape", "JYGT"),
        ("International Journal of Kite Aerodynamics", "IJKA"),
        ("Proceedings of the 2024 Journal of Toy Paper Folding", "JTPF"),
    ],
)
def test_precise_shapes_give_the_initials_of_their_content_words(name: str, acronym: str) -> None:
    assert name_shape(name) in PRECISE_SHAPES
    assert derived_acronym(name) == acronym


@pytest.mark.parametrize(
    "name",
    [
        "International Conference on Toy Engineering",  # conferences: about 1 in 4
        "ACM Symposium on Kite Flying",
        "Workshop on Yarn Winding",
        "ACM Transactions on Toy Engineering",  # ACM's are TOxx
        "IEEE Transactions on Toys",  # one content word
        "Journal of Toys",
        "Kite Flying Letters",  # no shape to measure
        "IEEE Transactions on Toy Kite Yarn Glue Tape Engineering",  # five or more words
    ],
)
def test_other_shapes_get_no_derived_acronym(name: str) -> None:
    assert name_shape(name) not in PRECISE_SHAPES
    assert derived_acronym(name) is None


def test_initials_leave_out_publishers_function_words_years_and_ordinals() -> None:
    assert initials("Proceedings of the IEEE 12th Journal on the Toys of Paper, 2021") == "JTP"


def test_an_acronym_a_catalog_gives_a_venue_is_not_derived() -> None:
    # TOS is ACM Transactions on Storage's; TOCS, ACM Transactions on Computer Systems'
    assert initials("IEEE Transactions on Oak Saplings") == "TOS"
    assert derived_acronym("IEEE Transactions on Oak Saplings") is None
    assert derived_acronym("IEEE Transactions on Oak Cone Seeds") is None
    # TMLR is an unranked.yaml venue's
    assert initials("IEEE Transactions on Moss Lichen Roots") == "TMLR"
    assert derived_acronym("IEEE Transactions on Moss Lichen Roots") is None
    assert derived_acronym("IEEE Transactions on Moss Lichen Seeds") == "TMLS"
