"""Tests for ``bilingual_cv.venues.match``: a match's ``ccf`` value in each edition
(:func:`ccf_info`), none for workshops and preprints."""

from __future__ import annotations

from bilingual_cv.venues import ccf_info, describe_venue


def test_ccf_info_fields() -> None:
    match = describe_venue(
        "In Proceedings of the 2024 USENIX Annual Technical Conference (USENIX ATC 2024)"
    )
    assert match is not None
    old, new = ccf_info(match, "2022"), ccf_info(match, "2026")
    assert old is not None and new is not None
    assert (old.abbr, old.full_name, old.edition) == (
        "USENIX ATC",
        "USENIX Annual Technical Conference",
        "2022",
    )
    assert (new.abbr, new.full_name, new.edition) == (
        "ACM SIGOPS ATC",
        "ACM SIGOPS Annual Technical Conference",
        "2026",
    )
    assert (new.rank.value, new.type, new.field_id) == ("A", "conference", 1)


def test_ccf_info_none_for_workshops_and_preprints() -> None:
    for text in ("AIOps @ASPLOS 2024", "arXiv preprint", "(under review, 2024)", "APSys, 2024"):
        match = describe_venue(text)
        assert match is not None and ccf_info(match, "2026") is None, text
