"""Tests for ``bilingual_cv.venues.catalog``: the case table ``tests/cases/venues.yaml``, the catalog
round trip (every row of both editions found by its abbreviation and its full name), and the
integrity of ``lexicons/ccf/`` (aliases and unranked venues name one venue each)."""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml

from bilingual_cv.lexicon import load_ccf_aliases, load_ccf_unranked, load_ccf_venues
from bilingual_cv.venues.catalog import DEFAULT_EDITION, EDITIONS, Edition
from bilingual_cv.venues.describe import describe_venue
from bilingual_cv.venues.find import find_venues
from bilingual_cv.venues.index import _index, catalog
from bilingual_cv.venues.match import VenueMatch, ccf_info
from bilingual_cv.venues.tokens import _key

ROOT = Path(__file__).resolve().parents[1]
CASES_PATH = ROOT / "tests" / "cases" / "venues.yaml"
SHARED_CCF = ROOT.parent / "shared" / "data" / "ccf"


def _cases() -> list[Any]:
    cases = yaml.safe_load(CASES_PATH.read_text(encoding="utf-8"))
    params = []
    for number, case in enumerate(cases):
        marks = (
            [pytest.mark.xfail(strict=True, reason="known gap, see tests/cases/venues.yaml")]
            if case.get("expect") == "fail"
            else []
        )
        params.append(pytest.param(case, id=f"{number:03d}-{case['label']}", marks=marks))
    return params


CASES = _cases()


def _rank(match: VenueMatch | None, edition: Edition) -> str | None:
    if match is None:
        return None
    info = ccf_info(match, edition)
    return info.rank.value if info is not None else None


def test_cases_file_is_well_formed() -> None:
    allowed = {"label", "input", "api", "kind_hint", "expected", "expect"}
    for param in CASES:
        case = param.values[0]
        assert set(case) <= allowed, case
        assert case["label"] == "synthetic" or case["label"].startswith("seed "), case
        assert case.get("expect", "pass") in ("pass", "fail"), case
        assert "\n" not in case["input"], "a case quotes at most one line"


@pytest.mark.parametrize("case", CASES)
def test_venue_case(case: dict[str, Any]) -> None:
    expected = case["expected"]
    if case.get("api") == "find":
        assert [m.abbr for m in find_venues(case["input"])] == expected["venues"]
        return
    hint = case.get("kind_hint")
    match = describe_venue(case["input"], DEFAULT_EDITION, kind_hint=hint)
    if expected is None:
        assert match is None
        return
    assert match is not None
    got = {
        "abbr": match.abbr,
        "kind": match.kind,
        "ccf_2022": _rank(describe_venue(case["input"], "2022", kind_hint=hint), "2022"),
        "ccf_2026": _rank(match, "2026"),
        "method": match.method,
        "name": match.name,
    }
    assert {k: got[k] for k in expected} == expected


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


def test_tables_load_lazily() -> None:
    import subprocess
    import sys

    code = "import bilingual_cv.venues.index as c; print(c._index.cache_info().currsize)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"


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


# --- ccf_info ---------------------------------------------------------------------------


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
