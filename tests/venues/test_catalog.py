"""Tests for ``bilingual_cv.venues.catalog``: the catalog round trip (every row of both
editions found by its abbreviation and its full name, every alias by its venue), the editions'
sizes, and the integrity of ``lexicons/ccf/`` (aliases and unranked venues name one venue
each; the YAML is the CSV it was generated from)."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

import pytest

from bilingual_cv.lexicon import load_ccf_aliases, load_ccf_unranked, load_ccf_venues
from bilingual_cv.venues import EDITIONS, Edition, ccf_info, describe_venue
from bilingual_cv.venues.index import _index, catalog
from bilingual_cv.venues.tokens import _key

ROOT = Path(__file__).resolve().parents[2]
SHARED_CCF = ROOT.parent / "shared" / "data" / "ccf"


# --- catalog round trip ----------------------------------------------------------------


def _rows(edition: Edition) -> list[tuple[str, str, str, str]]:
    """(identity, abbr, name, type) of every row of one edition."""
    return [
        (v.dblp or f"{v.type}:{_key(v.name)}", v.abbr, v.name, v.type)
        for v in load_ccf_venues(edition).venues
    ]


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_row_found_by_full_name(edition: Edition) -> None:
    missed = []
    for vid, _abbr, name, type_ in _rows(edition):
        match = describe_venue(name, edition, kind_hint=type_)  # type: ignore[arg-type]
        found = match is not None and match.venue_id == vid and match.method == "full_name"
        if not found or match is None or ccf_info(match, edition) is None:
            missed.append((name, match))
    assert missed == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_unique_abbreviation_found(edition: Edition) -> None:
    rows = _rows(edition)
    counts = Counter(_key(abbr) for vid, abbr, _, _ in {(r[0], r[1], "", "") for r in rows} if abbr)
    missed = []
    for vid, abbr, name, _type in rows:
        if not abbr or counts[_key(abbr)] != 1:
            continue
        match = describe_venue(abbr, edition)
        expected_method = "full_name" if _key(abbr) == _key(name) else "abbr"
        if match is None or match.venue_id != vid or match.method != expected_method:
            missed.append((abbr, match))
    assert missed == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_every_abbreviation_with_its_year(edition: Edition) -> None:
    """The way CVs mostly write them: "NSDI 2025"; shared abbreviations are decided by a default."""
    for vid, abbr, _name, _type in _rows(edition):
        if abbr:
            match = describe_venue(f"{abbr} 2025", edition)
            assert match is not None and match.venue_id is not None, abbr


def test_edition_sizes() -> None:
    assert len(load_ccf_venues("2022").venues) == 645
    assert len(load_ccf_venues("2026").venues) == 682
    # four journals are listed under two fields and count once as venues
    assert len(catalog("2022")) == 641
    assert len(catalog("2026")) == 678


# --- lexicon integrity -----------------------------------------------------------------


def test_aliases_name_one_venue_each() -> None:
    idx = _index()
    for group in load_ccf_aliases().venues:
        for alias in group.aliases:
            target = idx.exact[_key(alias)]
            assert target.unranked is None and len(target.ids) == 1, alias


def test_shared_abbreviations_have_a_default() -> None:
    idx = _index()
    shared = {key for key, target in idx.exact.items() if len(target.ids) > 1}
    assert shared == set(idx.defaults)


def test_unranked_entries_are_not_in_the_catalog() -> None:
    idx = _index()
    catalog_keys = {
        key
        for edition in EDITIONS
        for table in (idx.abbr_keys, idx.name_keys)
        for key in table[edition]
    }
    seen: dict[str, str] = {}
    for entry in load_ccf_unranked().venues:
        for text in [entry.name, *entry.aliases]:
            key = _key(text)
            assert key not in catalog_keys, text
            assert seen.setdefault(key, entry.abbr) == entry.abbr, text
            unranked = idx.exact[key].unranked
            assert unranked is not None and unranked.abbr == entry.abbr


@pytest.mark.skipif(
    not SHARED_CCF.is_dir(),
    reason="../shared/data/ccf is absent (catalog CSVs live beside the project)",
)
@pytest.mark.parametrize("edition", EDITIONS)
def test_yaml_matches_csv(edition: Edition) -> None:
    with (SHARED_CCF / f"ccf-{edition}.csv").open(encoding="utf-8", newline="") as handle:
        rows = [
            (r["abbr"], r["full_name"], r["type"], r["rank"], int(r["field_id"]), r["dblp"])
            for r in csv.DictReader(handle)
        ]
    yaml_rows = [
        (v.abbr, v.name, v.type, v.rank, v.field, v.dblp) for v in load_ccf_venues(edition).venues
    ]
    assert yaml_rows == rows


def test_every_alias_resolves_to_its_venue() -> None:
    """Each alias, written alone or with a year, names its own venue in both editions."""
    idx = _index()
    for group in load_ccf_aliases().venues:
        texts = [*group.aliases, *([group.display] if group.display else [])]
        for text in texts:
            owner = idx.exact[_key(text)].ids
            for edition in EDITIONS:
                for written in (text, f"{text} 2023"):
                    match = describe_venue(written, edition)
                    assert match is not None and match.venue_id in owner, (written, edition)
    for entry in load_ccf_unranked().venues:
        for text in [entry.name, *entry.aliases]:
            match = describe_venue(text)
            assert match is not None and match.abbr == entry.abbr and match.record is None, text


@pytest.mark.skipif(
    not SHARED_CCF.is_dir(),
    reason="../shared/data/ccf is absent (other-ranks.csv lives beside the project)",
)
def test_every_conference_other_lists_rank_is_a_catalog_or_unranked_venue() -> None:
    """Each conference of other-ranks.csv (CORE, TH-CPL) is named by its full name: by the
    catalog when CCF ranks it, else by the unranked list (kind conference, no rank); the few
    left out are held jointly with a catalog venue or filed there under another key."""
    # IJCNLP is held jointly with AACL or ACL; SIGGRAPH and IJCAR are catalog venues under
    # other keys; SIGMETRICS's row names the interest group, not its conference
    left_out = {"IJCNLP", "ACM SIGGRAPH", "ACM SIGGRAPH ASIA", "IJCAR", "SIGMETRICS"}
    with (SHARED_CCF / "other-ranks.csv").open(encoding="utf-8", newline="") as handle:
        rows = [r for r in csv.DictReader(handle) if r["abbr"] not in left_out]
    unnamed = [r["full_name"] for r in rows if describe_venue(r["full_name"]) is None]
    assert unnamed == []


def test_a_conference_outside_ccf_is_named_and_left_unranked() -> None:
    found = describe_venue("WACV 2024")
    assert found is not None and (found.abbr, found.kind, found.record) == (
        "WACV",
        "conference",
        None,
    )
    assert describe_venue("RSS feeds for toys") is None  # a word as an abbreviation is no alias
