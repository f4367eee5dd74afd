"""Tests of bilingual_cv.export.citations: a CV's publications as BibTeX, read back by
bibtexparser 2.x, and as CSL-JSON, validated against the vendored CSL schema; fictional
records."""

from __future__ import annotations

import json
from typing import Any

import bibtexparser
import jsonschema
import pytest

import bilingual_cv
from bilingual_cv.export.citations import csl_schema_text, to_bibtex, to_csl_json
from tests.conftest import SHARED_DIR

#: A fictional CV with a conference paper, a journal paper, a preprint and a patent.
JANE_ROE = """Jane Roe
jane.roe@example.org

PUBLICATIONS
[1] Jane Roe, Sam Poe. Fast Tiered Caches for Key-Value Stores. In OSDI 2023.
[2] Ada Quill, Jane Roe. Learned Page Placement for R&D_Labs. IEEE Transactions on Parallel and Distributed Systems, 2022.
[3] Jane Roe, Ada Quill. Cheap Replication at Scale. arXiv preprint arXiv:2401.00001, 2024.

PATENTS
[1] Jane Roe, Sam Poe. Tiered cache eviction. US Patent Application 2024/0000001, 2024.
"""


def record() -> dict[str, Any]:
    return bilingual_cv.parse_text(JANE_ROE).model_dump(mode="json")


def with_roles(cv: dict[str, Any], roles: list[list[str]]) -> dict[str, Any]:
    """The record as the lead's parser gives it: ``owner_roles`` on each publication."""
    pubs = [dict(pub, owner_roles=r) for pub, r in zip(cv["publications"], roles, strict=False)]
    return dict(cv, publications=pubs)


def test_bibtex_reads_back_with_entry_types_ranks_and_titles() -> None:
    cv = record()
    library = bibtexparser.parse_string(to_bibtex(cv))
    assert library.failed_blocks == []
    entries = library.entries
    assert len(entries) == len(cv["publications"]) == 4
    kinds = [pub["kind"] for pub in cv["publications"]]
    assert kinds == ["conference", "journal", "preprint", "patent"]
    assert [e.entry_type for e in entries] == ["inproceedings", "article", "misc", "misc"]
    first, journal = entries[0].fields_dict, entries[1].fields_dict
    assert first["title"].value == "Fast Tiered Caches for Key-Value Stores"
    assert first["author"].value == "Jane Roe and Sam Poe"
    assert first["year"].value == "2023"
    assert first["keywords"].value == "CCF-A, OSDI"
    assert "booktitle" in first and "journal" in journal
    assert journal["keywords"].value.split(", ")[0] == f"CCF-{cv['publications'][1]['ccf']['rank']}"
    assert journal["title"].value == r"Learned Page Placement for R\&D\_Labs"  # LaTeX-safe
    assert "keywords" not in entries[2].fields_dict  # a preprint has no rank
    assert len({e.key for e in entries}) == 4


def test_bibtex_note_holds_the_owner_roles_when_the_record_has_them() -> None:
    cv = with_roles(record(), [["first"], ["co_first", "corresponding"], [], []])
    entries = bibtexparser.parse_string(to_bibtex(cv)).entries
    assert entries[0].fields_dict["note"].value == "Owner: first author"
    assert entries[1].fields_dict["note"].value == "Owner: co-first author, corresponding author"
    assert "note" not in entries[2].fields_dict
    plain = bibtexparser.parse_string(to_bibtex(with_roles(record(), [[], [], [], []]))).entries
    assert all("note" not in e.fields_dict for e in plain)  # no role: no note


def test_bibtex_of_a_chinese_cv_keeps_its_script() -> None:
    cv = bilingual_cv.parse_text(
        "李华\n\n论文发表\n[1] 李华, 赵一鸣. 面向数据中心的拥塞控制方法. INFOCOM 2023.\n"
    ).model_dump(mode="json")
    entry = bibtexparser.parse_string(to_bibtex(cv)).entries[0]
    assert entry.fields_dict["author"].value == "李华 and 赵一鸣"
    assert entry.fields_dict["title"].value == "面向数据中心的拥塞控制方法"
    assert entry.key.isascii() and entry.key[0].isalpha()


def test_csl_json_validates_and_keeps_rank_and_roles_under_custom() -> None:
    cv = with_roles(record(), [["first"], ["co_first"], [], []])
    items = to_csl_json(cv)
    schema = json.loads(csl_schema_text())
    jsonschema.validate(items, schema)
    assert [item["type"] for item in items] == [
        "paper-conference",
        "article-journal",
        "article",
        "patent",
    ]
    first = items[0]
    assert first["author"] == [{"literal": "Jane Roe"}, {"literal": "Sam Poe"}]
    assert first["issued"] == {"date-parts": [[2023]]}
    assert first["custom"]["ccf"]["rank"] == "A" and first["custom"]["ccf"]["abbr"] == "OSDI"
    assert first["custom"]["owner_roles"] == ["first"]
    assert first["custom"]["owner_position"] == 1
    assert [i["id"] for i in items] == [
        e.key for e in bibtexparser.parse_string(to_bibtex(cv)).entries
    ]
    plain = record()  # a record written before owner_roles: none under custom
    old = dict(
        plain,
        publications=[
            {k: v for k, v in p.items() if k != "owner_roles"} for p in plain["publications"]
        ],
    )
    assert "owner_roles" not in to_csl_json(old)[0]["custom"]


def test_the_vendored_csl_schema_is_the_shared_copy() -> None:
    shared = SHARED_DIR / "data" / "csl" / "csl-data.json"
    if not shared.is_file():
        pytest.skip("../shared/data/csl is absent")
    assert json.loads(csl_schema_text()) == json.loads(shared.read_text(encoding="utf-8"))


def test_csl_json_gives_no_short_title_derived_from_a_name_s_initials() -> None:
    cv = bilingual_cv.parse_text(
        "Jane Roe\n\nPUBLICATIONS\n"
        "[1] Jane Roe. Kites. IEEE Transactions on Kite Engineering, 2021, 3(2): 1-9.\n"
        "[2] Jane Roe. Yarn. Journal of Kite Yarn and Glue (KYGJ), 2020, 12: 4-8.\n"
    ).model_dump(mode="json")
    assert [p["venue"]["abbr_source"] for p in cv["publications"]] == ["initials", "printed"]
    items = to_csl_json(cv)
    assert "container-title-short" not in items[0]
    assert items[1]["container-title-short"] == "KYGJ"
