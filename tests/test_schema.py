"""Tests of bilingual_cv.schema: every warning's severity comes from its code by one table,
records written before the field existed still validate, and every output validates against
the JSON Schema ``bilingual-cv schema`` prints."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest

import bilingual_cv
from bilingual_cv.schema import CV, WARNING_SEVERITY, Severity, Warning, WarningCode
from tests.conftest import EXAMPLES_DIR
from tests.test_record import README

DOC = Path(__file__).resolve().parents[1] / "docs" / "schema.md"


def test_every_warning_code_has_a_severity_and_the_doc_prints_the_table() -> None:
    assert set(WARNING_SEVERITY) == set(WarningCode)
    text = DOC.read_text(encoding="utf-8")
    for code, severity in WARNING_SEVERITY.items():
        assert re.search(rf"\| `{code.value}` \| `{severity.value}` \|", text), code


def test_a_warning_takes_its_severity_from_its_code() -> None:
    stray = Warning(code=WarningCode.STRAY_LINE, message="line outside any entry", line=3)
    lost = Warning(code=WarningCode.ENTRY_TOO_LONG, message="too long", line=9)
    assert (stray.severity, lost.severity) == (Severity.INFO, Severity.LOSS)
    assert stray.text is None


def test_a_record_written_before_severity_and_text_still_validates() -> None:
    old = bilingual_cv.parse_text("Jane Roe\n\nEDUCATION\nSome University, PhD\n")
    data = old.model_dump(mode="json")
    assert data["warnings"], "the fixture needs a warning"
    for warning in data["warnings"]:
        del warning["severity"], warning["text"]
    again = CV.model_validate(data)
    assert again.warnings == [w.model_copy(update={"text": None}) for w in old.warnings]
    assert [w.severity for w in again.warnings] == [w.severity for w in old.warnings]


def test_every_output_validates_against_the_printed_schema(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from bilingual_cv.cli.main import main

    assert main(["schema"]) == 0
    printed = json.loads(capsys.readouterr().out)
    warning = printed["$defs"]["Warning"]["properties"]  # type: ignore[index]
    assert {"severity", "text"} <= set(warning)
    assert "not_a_cv" in printed["$defs"]["WarningCode"]["enum"]  # type: ignore[index]
    source = printed["$defs"]["Venue"]["properties"]["abbr_source"]  # type: ignore[index]
    assert {"enum": ["catalog", "printed", "initials"], "type": "string"} in source["anyOf"]
    validator = jsonschema.Draft202012Validator(printed)
    records = [bilingual_cv.parse(path) for path in sorted(EXAMPLES_DIR.iterdir())]
    records.append(bilingual_cv.parse_text(README))
    for cv in records:
        errors = list(validator.iter_errors(cv.model_dump(mode="json")))
        assert errors == [], (cv.source.path, errors[:3])
