"""docs/schema.md keeps in step with the models and with ``bilingual-cv schema``."""

from __future__ import annotations

import re
from pathlib import Path

from pydantic import BaseModel

from bilingual_cv import schema

DOC = Path(__file__).resolve().parents[1] / "docs" / "schema.md"


def _models() -> list[type[BaseModel]]:
    return [
        value
        for value in vars(schema).values()
        if isinstance(value, type) and issubclass(value, BaseModel) and value is not schema.Model
    ]


def test_every_model_field_is_named_in_the_contract() -> None:
    text = DOC.read_text(encoding="utf-8")
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text))
    missing = sorted(
        f"{model.__name__}.{name}"
        for model in _models()
        for name in model.model_fields
        if name not in words
    )
    assert not missing, f"fields missing from docs/schema.md: {missing}"


def test_every_warning_code_is_documented() -> None:
    text = DOC.read_text(encoding="utf-8")
    assert [c.value for c in schema.WarningCode if f"`{c.value}`" not in text] == []


def test_the_schema_version_is_the_documented_one() -> None:
    assert f"schema_version {schema.SCHEMA_VERSION}" in DOC.read_text(encoding="utf-8")
