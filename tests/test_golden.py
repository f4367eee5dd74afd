"""Golden files: the record of every bundled (fictional) example CV, as reviewed.

``tests/golden/<example>.json`` holds the expected JSON of ``examples/<example>``. When a
change alters a record on purpose, regenerate the files and review their diff like code:

    .venv/bin/python -m pytest tests/test_golden.py --update-golden
    git diff tests/golden/

A failure prints a unified diff of the record, field by field, so what changed is readable.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

import bilingual_cv

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*_*.*"))
GOLDEN = ROOT / "tests" / "golden"


def _record(path: Path) -> str:
    cv = bilingual_cv.parse_file(path).model_dump(mode="json")
    cv["source"]["path"] = path.name  # the checkout's location is not part of the record
    return json.dumps(cv, ensure_ascii=False, indent=2, sort_keys=False) + "\n"


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_example_matches_its_golden_file(example: Path, update_golden: bool) -> None:
    golden = GOLDEN / f"{example.stem}.json"
    record = _record(example)
    if update_golden:
        GOLDEN.mkdir(exist_ok=True)
        golden.write_text(record, encoding="utf-8")
        return
    if not golden.is_file():
        pytest.fail(f"{golden.name} is missing: run pytest tests/test_golden.py --update-golden")
    expected = golden.read_text(encoding="utf-8")
    if record != expected:
        diff = difflib.unified_diff(
            expected.splitlines(), record.splitlines(), "golden", "now", lineterm="", n=2
        )
        pytest.fail(f"{example.name} changed:\n" + "\n".join(list(diff)[:80]))


def test_every_golden_file_has_its_example() -> None:
    stems = {p.stem for p in EXAMPLES}
    assert sorted(p.stem for p in GOLDEN.glob("*.json") if p.stem not in stems) == []
