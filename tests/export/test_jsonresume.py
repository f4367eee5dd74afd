"""JSON Resume export: fictional CVs in English, Chinese and both, validated against the schema."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

import bilingual_cv
from bilingual_cv.export.jsonresume import (
    EXTENSION_KEY,
    json_resume_schema_text,
    resume_date,
    to_json_resume,
)
from tests.conftest import SHARED_DIR

#: Fictional CVs: people, schools and papers are made up.
CVS = {
    "en_jane_roe": """Jane Roe
jane.roe@example.org | janeroe.example.org | https://github.com/janeroe-lab

EDUCATION
Example State University, Ph.D. in Computer Science, 2015.09 – 2020.06
Advisor: Prof. Sam Poe
Lakeside College, B.S. in Mathematics, 2011 – 2015

EXPERIENCE
Research Scientist, Northwind Labs, 2020.07 – Present
Built a storage engine for tiered memory.

PUBLICATIONS
[1] Jane Roe, Sam Poe. Fast Tiered Caches for Key-Value Stores. In OSDI 2023.
[2] Ada Quill, Jane Roe. Cheap Replication at Scale. In ICNP 2022. (CCF-A)
[3] Jane Roe. Notes on Learned Indexes. arXiv preprint, 2024.
""",
    "zh_li_hua": """李华

邮箱：lihua@example.cn

教育背景
示例大学，计算机科学与技术，博士 2019.9 - 2024.6（预期）
示例理工学院，软件工程，学士 2015.9 - 2019.6

论文发表
[1] 李华, 赵一鸣. 面向数据中心的拥塞控制方法. INFOCOM 2023. (CCF-A)
[2] 赵一鸣, 李华. 一种分布式训练调度算法. IEEE Transactions on Parallel and Distributed Systems, 2022.
""",
    "mixed_ada_quill": """Ada Quill 柯安达
ada.quill@example.net

Education 教育背景
示例大学 Example University, 硕士 Master of Engineering, 2021.09 – 2024.06

Work Experience 工作经历
示例科技 Example Tech, 研究型实习生, 2023.06 – 2023.12
负责向量检索系统的内存分层设计

Awards 荣誉奖励
国家奖学金 National Scholarship, 2022
""",
    "en_sam_poe_no_pubs": """Sam Poe
sam.poe@example.com

WORK EXPERIENCE
Software Engineer, Example Corp, 2018 – 2022
Wrote the billing service.
""",
}


@cache
def validator() -> jsonschema.Draft4Validator:
    schema = json.loads(json_resume_schema_text())
    return jsonschema.Draft4Validator(
        schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER
    )


def schema_errors(document: object) -> list[str]:
    return [f"{list(e.absolute_path)}: {e.message}" for e in validator().iter_errors(document)]


@cache
def record(name: str) -> dict[str, Any]:
    return bilingual_cv.parse_text(CVS[name]).model_dump(mode="json")


@pytest.mark.parametrize("name", sorted(CVS))
def test_every_fictional_cv_exports_a_valid_json_resume(name: str) -> None:
    resume = to_json_resume(record(name))
    assert schema_errors(resume) == []
    assert resume["basics"]["name"] == record(name)["person"]["name"]


def test_the_validator_is_not_vacuous() -> None:
    # The schema forbids unknown top-level keys and checks date patterns and email formats.
    assert schema_errors({"x-bilingual-cv": {}})
    assert schema_errors({"education": [{"startDate": "Sept 2019"}]})
    assert schema_errors({"basics": {"email": "not an email"}})


def test_an_empty_or_minimal_record_still_validates() -> None:
    for cv in ({}, {"schema_version": "1.0", "person": None, "publications": "junk"}):
        resume = to_json_resume(cv)
        assert schema_errors(resume) == []
        assert set(resume) == {"basics", "meta"}


def test_degree_and_dates_are_mapped() -> None:
    resume = to_json_resume(record("en_jane_roe"))
    phd, bachelor = resume["education"]
    assert (phd["institution"], phd["studyType"], phd["area"]) == (
        "Example State University",
        "PhD",
        "Computer Science",
    )
    assert (phd["startDate"], phd["endDate"]) == ("2015-09", "2020-06")
    assert phd[EXTENSION_KEY]["degree"] == "phd"
    assert phd[EXTENSION_KEY]["advisors"] == ["Sam Poe"]
    assert bachelor["studyType"] == "Bachelor"
    assert (bachelor["startDate"], bachelor["endDate"]) == ("2011", "2015")


def test_present_becomes_a_missing_end_date() -> None:
    work = to_json_resume(record("en_jane_roe"))["work"][0]
    assert work["name"] == "Northwind Labs"
    assert work["position"] == "Research Scientist"
    assert work["startDate"] == "2020-07"
    assert "endDate" not in work
    assert work[EXTENSION_KEY]["current"] is True


def test_expected_degree_keeps_its_flag() -> None:
    phd = to_json_resume(record("zh_li_hua"))["education"][0]
    assert phd["studyType"] == "PhD"
    assert phd["institution"] == "示例大学"
    assert phd[EXTENSION_KEY]["expected"] is True
    assert phd["endDate"] == "2024-06"


def test_ccf_rank_and_owner_position_go_under_the_extension_key() -> None:
    cv = record("en_jane_roe")
    resume = to_json_resume(cv)
    assert len(resume["publications"]) == len(cv["publications"])
    first, second, preprint = resume["publications"]
    assert first["name"] == "Fast Tiered Caches for Key-Value Stores"
    assert first["releaseDate"] == "2023"
    assert first[EXTENSION_KEY]["ccf"]["rank"] == "A"
    assert first[EXTENSION_KEY]["ccf"]["abbr"] == "OSDI"
    assert first[EXTENSION_KEY]["owner_position"] == 1
    assert first[EXTENSION_KEY]["first_author"] is True
    # the CV's own claim is kept apart from the catalog's rank
    assert second[EXTENSION_KEY]["claimed_ccf"] == "A"
    assert second[EXTENSION_KEY]["ccf"]["rank"] == cv["publications"][1]["ccf"]["rank"] != "A"
    assert second[EXTENSION_KEY]["first_author"] is False
    assert "ccf" not in preprint[EXTENSION_KEY]


def test_chinese_text_is_kept_as_written() -> None:
    resume = to_json_resume(record("zh_li_hua"))
    assert resume["basics"]["name"] == "李华"
    assert resume["publications"][0]["name"] == "面向数据中心的拥塞控制方法"
    assert resume["publications"][0][EXTENSION_KEY]["authors"] == ["李华", "赵一鸣"]


def test_mixed_cv_keeps_both_names_and_its_awards() -> None:
    cv = record("mixed_ada_quill")
    resume = to_json_resume(cv)
    assert resume["basics"]["name"] == cv["person"]["name"]
    assert resume["basics"][EXTENSION_KEY]["name_zh"] == "柯安达"
    assert [a["title"] for a in resume["awards"]] == [a["title"] for a in cv["awards"]]
    assert resume["awards"][0]["date"] == "2022"
    assert "publications" not in resume


def test_urls_become_absolute_and_deduplicated() -> None:
    basics = to_json_resume(record("en_jane_roe"))["basics"]
    assert basics["url"] == "https://janeroe.example.org"
    assert basics["profiles"] == [
        {"network": "github.com", "url": "https://github.com/janeroe-lab"}
    ]


@pytest.mark.parametrize(
    ("value", "expected"),
    [("2019", "2019"), ("2019-09", "2019-09"), ("2019-09-01", "2019-09-01"), (2020, "2020")],
)
def test_resume_date_keeps_precision(value: object, expected: str) -> None:
    assert resume_date(value) == expected


@pytest.mark.parametrize("value", ["present", "Summer 2020", "", None, True, "0999"])
def test_resume_date_drops_what_is_not_a_date(value: object) -> None:
    assert resume_date(value) is None


def test_export_is_deterministic() -> None:
    cv = record("mixed_ada_quill")
    first = json.dumps(to_json_resume(cv), ensure_ascii=False)
    assert json.dumps(to_json_resume(json.loads(json.dumps(cv))), ensure_ascii=False) == first


def test_vendored_schema_and_license_ship_in_the_package() -> None:
    folder = Path(bilingual_cv.__file__).parent / "vendor" / "jsonresume"
    assert (
        (folder / "LICENSE-resume-schema").read_text(encoding="utf-8").startswith("The MIT License")
    )
    schema = json.loads(json_resume_schema_text())
    assert schema["title"] == "Resume Schema"
    assert schema["additionalProperties"] is False


@pytest.mark.skipif(
    not (SHARED_DIR / "data" / "jsonresume" / "schema.json").is_file(),
    reason="../shared/data/jsonresume is absent (the schema's source beside the project)",
)
def test_vendored_schema_is_the_shared_one_unchanged() -> None:
    shared = (SHARED_DIR / "data" / "jsonresume" / "schema.json").read_text(encoding="utf-8")
    assert json.loads(json_resume_schema_text()) == json.loads(shared)


# --- the command -------------------------------------------------------------------------------

SCRIPT = Path(sys.executable).with_name("bilingual-cv")


def run_cli(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [str(SCRIPT) if SCRIPT.exists() else "bilingual-cv", *map(str, args)]
    return subprocess.run(
        command, check=False, capture_output=True, text=True, env=dict(os.environ), timeout=180
    )


@pytest.mark.slow
def test_convert_jsonresume_writes_one_valid_document_per_cv(tmp_path: Path) -> None:
    inputs = tmp_path / "cvs"
    inputs.mkdir()
    for name, text in CVS.items():
        (inputs / f"{name}.txt").write_text(text, encoding="utf-8")
    (inputs / "empty.txt").write_text("", encoding="utf-8")
    out, resumes = tmp_path / "out", tmp_path / "resumes"
    done = run_cli("convert", inputs, "-o", out, "--jsonresume", resumes, "--workers", "1")
    assert done.returncode == 1, done.stderr  # the empty input fails, the others convert
    assert "Traceback" not in done.stderr
    assert sorted(p.name for p in resumes.glob("*.json")) == sorted(f"{n}.json" for n in CVS)
    for path in sorted(resumes.glob("*.json")):
        resume = json.loads(path.read_text(encoding="utf-8"))
        assert schema_errors(resume) == [], path.name
        cv = json.loads((out / path.name).read_text(encoding="utf-8"))
        assert resume == to_json_resume(cv)
    # a rerun skips the unchanged inputs and still writes their documents
    for path in resumes.glob("*.json"):
        path.unlink()
    again = run_cli("convert", inputs, "-o", out, "--jsonresume", resumes, "--workers", "1")
    assert "skipped" in again.stderr
    assert len(list(resumes.glob("*.json"))) == len(CVS)


@pytest.mark.slow
def test_convert_refuses_jsonresume_into_the_output_folder(tmp_path: Path) -> None:
    source = tmp_path / "jane.txt"
    source.write_text(CVS["en_jane_roe"], encoding="utf-8")
    done = run_cli("convert", source, "-o", tmp_path / "out", "--jsonresume", tmp_path / "out")
    assert done.returncode == 2
    assert "--jsonresume" in done.stderr
    assert "Traceback" not in done.stderr
    assert not (tmp_path / "out" / "jane.json").exists()


def test_a_publication_extension_says_where_its_venue_short_name_comes_from() -> None:
    cv = bilingual_cv.parse_text(
        "Jane Roe\n\nPUBLICATIONS\n[1] Jane Roe. Caches. In OSDI 2023.\n"
        "[2] Jane Roe. Kites. IEEE Transactions on Kite Engineering, 2021, 3(2): 1-9.\n"
    ).model_dump(mode="json")
    extensions = [p[EXTENSION_KEY] for p in to_json_resume(cv)["publications"]]
    assert [(e["venue_abbr"], e["venue_abbr_source"]) for e in extensions] == [
        ("OSDI", "catalog"),
        ("TKE", "initials"),
    ]


def test_a_publication_extension_names_the_side_event_of_its_venue() -> None:
    cv = bilingual_cv.parse_text(
        "Jane Roe\n\nPUBLICATIONS\n[1] Jane Roe. Caches. In OSDI 2023.\n"
        "[2] Jane Roe. Kites. In AAMAS 2024 (Extended Abstract).\n"
    ).model_dump(mode="json")
    extensions = [p[EXTENSION_KEY] for p in to_json_resume(cv)["publications"]]
    assert [(e["venue_abbr"], e.get("venue_track")) for e in extensions] == [
        ("OSDI", None),
        ("AAMAS", "Extended Abstract"),
    ]
