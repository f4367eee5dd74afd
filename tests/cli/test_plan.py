"""Tests of bilingual_cv.cli.plan: what a rerun converts again, and which output each input keeps
(issue 25, case 11: an output a killed run wrote but never recorded)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from bilingual_cv.cli.main import main
from tests.batch.hostile import cvs_beside_a_secret
from tests.commands import EXAMPLES, example_inputs, manifest, outputs, run_cli

#: Runs in the test process: one worker and no time limit parse in the calling process.
IN_PROCESS = ("--workers", "1", "--timeout", "0")


def _convert(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    code = main(["convert", *map(str, args)])
    return code, capsys.readouterr().err


@pytest.fixture
def cvs(tmp_path: Path) -> Path:
    """Two fictional CVs in ``cvs/``, and a file outside it (``secret/payroll.txt``)."""
    return cvs_beside_a_secret(tmp_path)


@pytest.mark.slow
def test_a_rerun_skips_current_outputs_and_redoes_changed_inputs(tmp_path: Path) -> None:
    inputs, _ = example_inputs(tmp_path)
    out = tmp_path / "out"
    in_process = ("--workers", "1", "--timeout", "0")  # no worker start-up: this is about reruns
    assert run_cli("convert", inputs, "-o", out, "-q", *in_process).code == 0
    before = outputs(out)
    mtimes = {p.name: p.stat().st_mtime_ns for p in out.glob("*.json")}

    again = run_cli("convert", inputs, "-o", out, *in_process)
    assert again.code == 0, again.stderr
    assert {r["status"] for r in manifest(out)} == {"skipped"}
    assert {p.name: p.stat().st_mtime_ns for p in out.glob("*.json")} == mtimes
    assert "skipped 5 unchanged" in again.stderr
    first, second = again.stderr.splitlines()[:2]  # a line before the inputs are hashed
    assert first == "bilingual-cv: 5 input(s); checking which are unchanged"
    assert second == "bilingual-cv: 5 input(s): 0 to convert, 5 unchanged"

    changed = inputs / EXAMPLES[0].name
    changed.write_text(
        changed.read_text(encoding="utf-8") + "\nAwards\nBest Paper Award, 2024\n", encoding="utf-8"
    )
    third = run_cli("convert", inputs, "-o", out, "--ccf-edition", "2026", *in_process)
    statuses = {r["input"]: r["status"] for r in manifest(out)}
    assert statuses.pop(str(changed)) == "ok"
    assert set(statuses.values()) == {"skipped"}
    assert outputs(out)[f"{EXAMPLES[0].stem}.json"] != before[f"{EXAMPLES[0].stem}.json"]
    assert third.code == 0

    forced = run_cli(
        "convert", inputs, "-o", out, "--force", "--ccf-edition", "2022", "-q", *in_process
    )
    assert forced.code == 0 and forced.stderr.startswith("converted 5")
    assert {(r["status"], r["ccf_edition"]) for r in manifest(out)} == {("ok", "2022")}


@pytest.mark.slow
def test_a_rerun_never_replaces_another_inputs_output(tmp_path: Path) -> None:
    a, b = tmp_path / "a" / "cv.txt", tmp_path / "b" / "cv.txt"
    for path, example in ((a, EXAMPLES[0]), (b, EXAMPLES[1])):
        path.parent.mkdir()
        shutil.copy(example, path)
    out = tmp_path / "out"
    in_process = ("--workers", "1", "--timeout", "0")
    assert run_cli("convert", a, "-o", out, "-q", *in_process).code == 0
    first = (out / "cv.json").read_bytes()
    # b is new and its stem collides with a's output: it gets a new name, a's file is kept
    assert run_cli("convert", b, "-o", out, "-q", *in_process).code == 0
    assert (out / "cv.json").read_bytes() == first
    assert [r["output"] for r in manifest(out)] == ["cv-2.json"]
    # both, b first: each keeps the name it had, whatever the order
    assert run_cli("convert", b, a, "-o", out, "-q", "--force", *in_process).code == 0
    assert {Path(str(r["input"])).parent.name: r["output"] for r in manifest(out)} == {
        "a": "cv.json",
        "b": "cv-2.json",
    }
    assert json.loads((out / "cv.json").read_text("utf-8"))["source"]["path"] == str(a)


@pytest.mark.slow
def test_a_rerun_takes_back_an_output_the_killed_run_never_recorded(
    cvs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    shutil.copy(EXAMPLES[2], cvs / "kim.md")
    out = tmp_path / "out"
    code, err = _convert(capsys, cvs, "-o", out, *IN_PROCESS)
    assert code == 0, err
    first = manifest(out)
    outputs = sorted(p.name for p in out.glob("*.json"))
    assert len(outputs) == 3
    # the state a kill leaves between writing lee's output and recording it: jane's row in
    # the partial manifest, lee's and kim's outputs on disk, no manifest, no owners file
    (out / "manifest.jsonl").unlink()
    (out / ".bilingual-cv.owners").unlink()
    (out / ".manifest.jsonl.partial").write_text(json.dumps(first[0]) + "\n", encoding="utf-8")
    (cvs / "kim.md").write_text(
        (cvs / "kim.md").read_text(encoding="utf-8") + "\nAwards\nBest Poster, 2024\n",
        encoding="utf-8",
    )  # changed since: its output is still its own, converted again
    code, err = _convert(capsys, cvs, "-o", out, *IN_PROCESS)
    assert code == 0, err
    assert sorted(p.name for p in out.glob("*.json")) == outputs  # one JSON per input
    again = manifest(out)
    assert [r["output"] for r in again] == [r["output"] for r in first]
    assert [r["status"] for r in again] == ["skipped", "ok", "ok"]
    for record in again:
        cv = json.loads((out / str(record["output"])).read_text(encoding="utf-8"))
        assert cv["source"]["path"] == record["input"]


@pytest.mark.slow
def test_an_unrecorded_output_of_another_input_is_not_taken(
    cvs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    other = {"schema_version": "1.0", "source": {"path": "elsewhere/jane.txt"}}
    (out / "jane.json").write_text(json.dumps(other), encoding="utf-8")
    code, err = _convert(capsys, cvs / "jane.txt", "-o", out, *IN_PROCESS)
    assert code == 0, err
    assert [r["output"] for r in manifest(out)] == ["jane-2.json"]
    assert json.loads((out / "jane.json").read_text(encoding="utf-8")) == other
