"""Tests of the ``bilingual-cv`` command, run as the installed console script on temporary folders.

Worker start-up costs about a second per run, so runs are shared: a module-scoped fixture
converts one corpus with one worker and with two, and most tests look at what those runs left.
"""

from __future__ import annotations

import csv
import io
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import pytest

from bilingual_cv import __version__
from bilingual_cv.batch.inputs import assign_output_names, find_inputs
from bilingual_cv.cli.progress import Progress
from bilingual_cv.export.csv import PUBLICATION_COLUMNS, SUMMARY_COLUMNS
from tests.faults import driver_command, fault_plugin

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((ROOT / "examples").glob("*.[tm][xd]*"))
SCRIPT = Path(sys.executable).with_name("bilingual-cv")


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str


def run_cli(
    *args: str | Path,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    plugins: list[Path] | None = None,
) -> Run:
    """Run the installed command; with ``plugins``, its ``main`` in an isolated interpreter
    whose worker processes import those plugins (:mod:`tests.faults`)."""
    start = [str(SCRIPT) if SCRIPT.exists() else "bilingual-cv"]
    if plugins is not None:
        start = driver_command(plugins)
    command = [*start, *map(str, args)]
    done = subprocess.run(
        command,
        check=False, capture_output=True, text=True, env={**os.environ, **(env or {})}, cwd=cwd,
        timeout=120,
    )  # fmt: skip
    return Run(done.returncode, done.stdout, done.stderr)


def manifest(outdir: Path) -> list[dict[str, object]]:
    lines = (outdir / "manifest.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def outputs(outdir: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(outdir.glob("*.json"))}


@dataclass
class Batch:
    inputs: Path
    ordered: list[Path]
    one: Path
    two: Path
    run_one: Run
    run_two: Run


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Batch:
    """The examples in a folder, a same-stem file in a subfolder and one reached by a pattern.

    Converted with ``--workers 1`` into ``one`` and ``--workers 2`` into ``two``.
    """
    root = tmp_path_factory.mktemp("cli")
    inputs = root / "in"
    (inputs / "sub").mkdir(parents=True)
    (root / "extra").mkdir()
    for example in EXAMPLES:
        shutil.copy(example, inputs / example.name)
    shutil.copy(EXAMPLES[0], inputs / "sub" / EXAMPLES[0].name)  # same stem as the first
    shutil.copy(EXAMPLES[1], root / "extra" / f"{EXAMPLES[1].stem}.txt")  # same stem, other suffix
    (inputs / "notes.json").write_text("{}", encoding="utf-8")  # not a CV suffix: left out
    (inputs / ".hidden").mkdir()
    (inputs / ".hidden" / "x.txt").write_text("Jane Doe\n", encoding="utf-8")  # hidden: left out
    ordered = sorted(p for p in inputs.rglob("*.[tm][xd]*") if ".hidden" not in p.parts)
    ordered.append(root / "extra" / f"{EXAMPLES[1].stem}.txt")
    one, two = root / "one", root / "two"
    common = ["--jsonl", "{out}/all.jsonl", "--csv", "{out}/tables", "--timeout", "60"]
    runs = []
    for out, workers in ((one, "1"), (two, "2")):
        extra = [arg.format(out=out) for arg in common]
        # the pattern is quoted: the command expands it itself
        runs.append(run_cli("convert", inputs, str(root / "extra" / "*.txt"), "-o", out,
                            "--workers", workers, *extra))  # fmt: skip
    return Batch(inputs, ordered, one, two, runs[0], runs[1])


@pytest.mark.slow
def test_every_input_is_converted_and_recorded_in_order(batch: Batch) -> None:
    assert batch.run_one.code == 0, batch.run_one.stderr
    records = manifest(batch.one)
    assert [r["input"] for r in records] == [str(p) for p in batch.ordered]
    assert {r["status"] for r in records} == {"ok"}
    for record, path in zip(records, batch.ordered, strict=True):
        data = (batch.one / str(record["output"])).read_text(encoding="utf-8")
        cv = json.loads(data)
        assert cv["source"]["path"] == str(path)
        assert record["sha256"] == cv["source"]["sha256"]
        assert record["warnings"] == len(cv["warnings"])
        assert record["tool_version"] == __version__ and record["ccf_edition"] == "2026"
        assert record["error"] is None and isinstance(record["seconds"], float)
    assert not (batch.one / ".manifest.jsonl.partial").exists()
    assert "converted 6, failed 0 of 6 file(s)" in batch.run_one.stderr


@pytest.mark.slow
def test_same_stems_get_numbered_names_in_input_order(batch: Batch) -> None:
    by_input = {r["input"]: r["output"] for r in manifest(batch.one)}
    first, second = EXAMPLES[0], EXAMPLES[1]
    assert by_input[str(batch.inputs / first.name)] == f"{first.stem}.json"
    assert by_input[str(batch.inputs / "sub" / first.name)] == f"{first.stem}-2.json"
    assert by_input[str(batch.inputs / second.name)] == f"{second.stem}.json"
    assert by_input[str(batch.ordered[-1])] == f"{second.stem}-2.json"
    assert len(set(by_input.values())) == len(by_input)


@pytest.mark.slow
def test_outputs_do_not_depend_on_the_number_of_workers(batch: Batch) -> None:
    assert batch.run_two.code == 0, batch.run_two.stderr
    assert outputs(batch.one) == outputs(batch.two)
    for name in ("all.jsonl", "tables/publications.csv", "tables/summary.csv"):
        assert (batch.one / name).read_bytes() == (batch.two / name).read_bytes(), name
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in manifest(batch.one)]
    assert strip == [{k: v for k, v in r.items() if k != "seconds"} for r in manifest(batch.two)]


@pytest.mark.slow
def test_jsonl_has_one_cv_per_line_in_input_order(batch: Batch) -> None:
    lines = (batch.one / "all.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["source"]["path"] for line in lines] == [str(p) for p in batch.ordered]
    first = json.loads((batch.one / f"{EXAMPLES[0].stem}.json").read_text(encoding="utf-8"))
    assert json.loads(lines[0]) == first


@pytest.mark.slow
def test_csv_tables_are_excel_friendly_and_complete(batch: Batch) -> None:
    raw = (batch.one / "tables" / "publications.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 BOM: Excel shows Chinese
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    cvs = [json.loads(line) for line in (batch.one / "all.jsonl").read_text("utf-8").splitlines()]
    assert list(rows[0]) == list(PUBLICATION_COLUMNS)
    assert len(rows) == sum(len(cv["publications"]) for cv in cvs)
    pub = cvs[0]["publications"][0]
    assert rows[0]["title"] == pub["title"] and rows[0]["kind"] == pub["kind"]
    assert rows[0]["ccf_rank"] == ((pub["ccf"] or {}).get("rank") or "")
    assert rows[0]["first_author"] == str(pub["owner_position"] == 1)
    summary = list(
        csv.DictReader(io.StringIO((batch.one / "tables" / "summary.csv").read_text("utf-8-sig")))
    )
    assert list(summary[0]) == list(SUMMARY_COLUMNS)
    assert [row["file"] for row in summary] == [str(p) for p in batch.ordered]
    for row, cv in zip(summary, cvs, strict=True):
        stats = cv["stats"]
        assert int(row["publications"]) == stats["publications"]
        assert int(row["ccf_a"]) == stats["ccf"]["A"]
        assert int(row["first_author_ccf_a"]) == stats["ccf_owner_first"]["A"]
    assert any("\u4e00" <= ch <= "\u9fff" for ch in raw.decode("utf-8-sig"))  # Chinese kept


@pytest.mark.slow
def test_a_rerun_skips_current_outputs_and_redoes_changed_inputs(
    batch: Batch, tmp_path: Path
) -> None:
    inputs = tmp_path / "in"
    shutil.copytree(batch.inputs, inputs)
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
def test_faults_in_workers_cost_only_their_file(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    for example in EXAMPLES:
        shutil.copy(example, inputs / example.name)
    for name in ("crash.txt", "hang.txt", "bug.txt"):
        shutil.copy(EXAMPLES[0], inputs / name)
    plugin = fault_plugin(tmp_path, {"crash.txt": "crash", "hang.txt": "hang", "bug.txt": "bug"})
    out = tmp_path / "out"
    run = run_cli(
        "convert", inputs, "-o", out, "--workers", "2", "--timeout", "10", plugins=[plugin]
    )
    assert run.code == 1
    lines = run.stderr.splitlines()
    assert f"{inputs / 'crash.txt'}: worker crashed (exit code 70) while parsing this file" in lines
    assert f"{inputs / 'hang.txt'}: timed out after 10 s (its worker was stopped)" in lines
    assert any(line.startswith(f"{inputs / 'bug.txt'}: internal error") for line in lines)
    assert "Traceback (most recent call last):" in run.stderr  # a bug keeps its traceback
    assert "3 file(s) failed:" in run.stderr
    records = {Path(str(r["input"])).name: r for r in manifest(out)}
    assert {name: r["error_code"] for name, r in records.items() if r["status"] == "failed"} == {
        "crash.txt": "worker_crashed",
        "hang.txt": "timeout",
        "bug.txt": "internal_error",
    }
    assert all((out / f"{example.stem}.json").is_file() for example in EXAMPLES)


@pytest.mark.slow
def test_usage_errors_exit_2(tmp_path: Path) -> None:
    cv = tmp_path / "cv.txt"
    shutil.copy(EXAMPLES[0], cv)
    (tmp_path / "file").write_text("x", encoding="utf-8")
    cases: list[tuple[Sequence[str | Path], str]] = [
        (["convert", tmp_path / "nothing-here", "-o", tmp_path / "o"], "no input files found"),
        (
            ["convert", str(tmp_path / "*.pdf"), "-o", tmp_path / "o"],
            "no file matches this pattern",
        ),
        (["convert", cv, "-o", tmp_path / "file"], "-o must be a folder"),
        (["convert", cv, "-o", tmp_path / "o", "--jsonl", cv], "refusing to overwrite the input"),
        (["convert", cv, "-o", tmp_path / "o", "--workers", "0"], "must be at least 1"),
        (["convert", cv], "required: -o"),
    ]
    for args, message in cases:
        run = run_cli(*args)
        assert run.code == 2, (args, run.stderr)
        assert message in run.stderr, (args, run.stderr)
    assert cv.read_bytes() == EXAMPLES[0].read_bytes()


@pytest.mark.slow
def test_a_missing_input_beside_good_ones_fails_the_batch(tmp_path: Path) -> None:
    cv = tmp_path / "cv.txt"
    shutil.copy(EXAMPLES[0], cv)
    run = run_cli(
        "convert",
        cv,
        tmp_path / "gone.txt",
        "-o",
        tmp_path / "o",
        "--timeout",
        "0",
        "--workers",
        "1",
    )
    assert run.code == 1
    assert f"{tmp_path / 'gone.txt'}: no such file or folder" in run.stderr.splitlines()
    assert (tmp_path / "o" / "cv.json").is_file()


@pytest.mark.slow
def test_schema_command_prints_the_json_schema() -> None:
    run = run_cli("schema")
    assert run.code == 0
    assert json.loads(run.stdout)["title"] == "CV"


# --- in-process units ---------------------------------------------------------------------------


def test_find_inputs_expands_folders_and_patterns_once(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    for name in ("a/x.txt", "a/y.PDF", "a/z.json", "b.md"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    found, missing = find_inputs(
        [str(tmp_path / "a"), str(tmp_path / "*.md"), str(tmp_path / "a" / "x.txt"), "nope*"]
    )
    assert found == [tmp_path / "a" / "x.txt", tmp_path / "a" / "y.PDF", tmp_path / "b.md"]
    assert missing == ["nope*: no file matches this pattern"]


def test_output_names_are_unique_and_stable() -> None:
    inputs = [Path("a/cv.txt"), Path("b/cv.pdf"), Path("cv-2.md"), Path("c/CV.docx"), Path("x.txt")]
    assert assign_output_names(inputs) == [
        "cv.json",
        "cv-3.json",
        "cv-2.json",
        "CV-4.json",
        "x.json",
    ]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_is_a_single_line_on_a_terminal_and_lines_otherwise() -> None:
    terminal = _Terminal()
    progress = Progress(3, terminal, quiet=False)
    progress.update("ok", Path("a.txt"))
    progress.update("failed", Path("b.pdf"), "b.pdf: PDF is encrypted and needs a password")
    progress.update("ok", Path("c.txt"))
    progress.finish()
    text = terminal.getvalue()
    assert "\r" in text and text.count("\n") == 2  # the failure line and the final newline
    assert "b.pdf: PDF is encrypted and needs a password\n" in text
    assert "[3/3] 100%" in text

    plain = io.StringIO()
    progress = Progress(2, plain, quiet=False)
    progress.update("ok", Path("a.txt"), " -> out/a.json")
    progress.update("failed", Path("b.pdf"), "b.pdf: PDF is encrypted and needs a password")
    assert plain.getvalue().splitlines() == [
        "[1/2] ok a.txt -> out/a.json",
        "b.pdf: PDF is encrypted and needs a password",
    ]
    assert "\r" not in plain.getvalue()


def test_the_bar_shows_count_rate_eta_and_failures() -> None:
    terminal = _Terminal()
    progress = Progress(4, terminal, quiet=False)
    progress.start("bilingual-cv: 4 input(s): 4 to convert; starting 2 worker(s)")
    assert terminal.getvalue().startswith("bilingual-cv: 4 input(s): 4 to convert; starting 2")
    assert "\n\r[0/4]   0% |" in terminal.getvalue()
    progress.update("failed", Path("b.pdf"), "b.pdf: PDF is encrypted and needs a password")
    progress.update("ok", Path("c.txt"))
    progress.last_draw = 0.0  # redraw now, whatever the interval
    progress.update("ok", Path("d.txt"))
    last = terminal.getvalue().rsplit("\r", 1)[-1]
    assert last.startswith("[3/4]  75% |")
    assert "CV/s" in last and "ETA " in last and "1 failed" in last and "d.txt" in last


@pytest.mark.slow
def test_the_first_line_comes_before_any_worker_is_ready(tmp_path: Path) -> None:
    import time

    inputs = tmp_path / "in"
    inputs.mkdir()
    for example in EXAMPLES:
        shutil.copy(example, inputs / example.name)
    command = [str(SCRIPT) if SCRIPT.exists() else "bilingual-cv", "convert", str(inputs)]
    started = time.monotonic()
    process = subprocess.Popen(
        [*command, "-o", str(tmp_path / "out"), "--workers", "2"],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    assert process.stderr is not None
    first = process.stderr.readline()
    first_at = time.monotonic() - started
    second = process.stderr.readline()
    second_at = time.monotonic() - started
    rest = process.stderr.read()
    assert process.wait(timeout=120) == 0, rest
    assert first.startswith("bilingual-cv: 4 input(s): 4 to convert; starting 2 worker(s)")
    assert second.startswith("[1/4] ok ")
    # the first line does not wait for the workers' warm-up (ratio within one run: load-proof)
    assert first_at < 0.8 * second_at, (first_at, second_at)
