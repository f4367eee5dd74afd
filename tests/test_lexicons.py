"""Integrity of the lexicon data: every file loads, keys match the schema, no ambiguity."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from bilingual_cv.clean import fold_traditional
from bilingual_cv.lang.headings import heading_table, kind_of_tokens
from bilingual_cv.lexicon import (
    jieba_userdict_path,
    lexicon_key,
    lexicon_root,
    load_ccf_aliases,
    load_ccf_markers,
    load_ccf_unranked,
    load_ccf_venues,
    load_contact,
    load_dates,
    load_degrees,
    load_headings,
    load_labels,
    load_layout,
    load_organizations,
    load_places,
    load_publication_words,
    load_roles,
    load_titles,
)
from bilingual_cv.schema import SectionKind


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_heading_keys_are_exactly_the_section_kinds(lang: str) -> None:
    assert set(load_headings(lang).variants) == {kind.value for kind in SectionKind}


def test_no_heading_wording_maps_to_two_keys() -> None:
    seen: dict[str, str] = {}
    for lang in ("en", "zh"):
        for key, variants in load_headings(lang).variants.items():
            for variant in variants:
                norm = lexicon_key(variant)
                assert seen.setdefault(norm, key) == key, (
                    f"{variant!r} under {key} and {seen[norm]}"
                )


def test_every_heading_variant_resolves_to_its_own_key() -> None:
    table = heading_table()
    for lang in ("en", "zh"):
        for key, variants in load_headings(lang).variants.items():
            for variant in variants:
                found = table.exact.get(lexicon_key(variant)) or kind_of_tokens(
                    lexicon_key(variant), table
                )
                assert found is not None and found.value == key, variant


def test_sublist_titles_are_never_section_variants() -> None:
    table = heading_table()
    for title in table.sublist:
        assert title not in table.exact, title


def test_major_keys_have_many_variants() -> None:
    major = (
        "education",
        "experience",
        "research_experience",
        "publications",
        "awards",
        "talks",
        "teaching",
        "service",
        "skills",
        "projects",
        "grants",
        "summary",
        "research_interests",
        "profile",
        "mentoring",
    )
    for lang in ("en", "zh"):
        variants = load_headings(lang).variants
        for key in major:
            assert len(variants[key]) >= 15, (lang, key, len(variants[key]))


def _all_strings(node: object) -> list[str]:
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for k, v in node.items() for s in _all_strings(k) + _all_strings(v)]
    if isinstance(node, list):
        return [s for item in node for s in _all_strings(item)]
    return []


@pytest.mark.parametrize(
    "path", sorted(p.relative_to(lexicon_root()).as_posix() for p in lexicon_root().rglob("*.yaml"))
)
def test_lexicon_text_is_simplified(path: str) -> None:
    data = yaml.safe_load((lexicon_root() / path).read_text(encoding="utf-8"))
    for text in _all_strings(data):
        assert fold_traditional(text) == text, f"{path}: {text!r} is not Simplified"


def test_every_loader_validates_its_file() -> None:
    for lang in ("en", "zh"):
        assert load_headings(lang).variants
        assert load_dates(lang)
    for edition in ("2022", "2026"):
        assert load_ccf_venues(edition)
    loaders = (
        load_publication_words,
        load_ccf_aliases,
        load_ccf_unranked,
        load_ccf_markers,
        load_degrees,
        load_organizations,
        load_titles,
        load_labels,
        load_places,
        load_roles,
        load_contact,
    )
    for loader in loaders:
        assert loader() is not None, loader.__name__


def test_every_yaml_file_has_a_loader() -> None:
    files = {p.relative_to(lexicon_root()).as_posix() for p in lexicon_root().rglob("*.yaml")}
    source = (Path(__file__).resolve().parents[1] / "bilingual_cv" / "lexicon.py").read_text(
        encoding="utf-8"
    )
    for name in files:
        stem = name.rsplit("/", 1)[-1].removesuffix(".yaml")
        folder = name.split("/", 1)[0]
        assert stem in source or folder in source, f"{name} is loaded by nothing"


def test_jieba_userdict_lines_are_well_formed() -> None:
    path = jieba_userdict_path()
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        parts = line.split()
        assert len(parts) in (1, 2, 3) and (len(parts) < 2 or parts[1].isdigit()), (
            f"line {number}: {line!r}"
        )
        assert fold_traditional(parts[0]) == parts[0], f"line {number}: {line!r}"


def test_lexicon_root_is_inside_the_checkout_or_the_wheel() -> None:
    root = lexicon_root()
    assert (root / "en" / "headings.yaml").is_file()
    assert (
        root.name == "lexicons"
        and Path(__file__).resolve().parents[1] in root.parents
        or root.parent.name == "bilingual_cv"
    )


def test_every_registered_language_has_its_lexicon_folder() -> None:
    """Adding a language is one segmenter, one registry entry and one lexicon folder."""
    from bilingual_cv.lang import languages

    root = lexicon_root()
    codes = [lang.code for lang in languages()]
    for code in codes:
        assert (root / code / "headings.yaml").is_file(), code
        assert (root / code / "dates.yaml").is_file(), code
        assert (root / code / "layout.yaml").is_file(), code
        assert load_headings(code).variants and load_dates(code) is not None
        assert load_layout(code).page_marks
    folders = {p.name for p in root.iterdir() if p.is_dir() and len(p.name) == 2}
    assert folders == set(codes)
