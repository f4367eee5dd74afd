"""The ``convert`` command under hostile input: odd file names, links out of the tree, bad
targets, reruns into a folder that holds other inputs' outputs, two runs at once.

Usage errors are checked in the test process (``main([...])``: they stop before any parsing);
whole runs spawn the installed command and are marked slow.
"""

from __future__ import annotations

import base64
import csv
import io
import json
import os
import shutil
from pathlib import Path

import pytest

from bilingual_cv.batch.outdir import LOCK_NAME, lock_outdir
from bilingual_cv.cli.main import main
from bilingual_cv.export.csv import SUMMARY_COLUMNS
from tests.test_batch_inputs import HOSTILE_NAMES, _make
from tests.test_cli import EXAMPLES, manifest, run_cli


def _usage_error(capsys: pytest.CaptureFixture[str], *args: str | Path) -> str:
    code = main(["convert", *map(str, args)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("bilingual-cv: error: "), err
    return err


@pytest.fixture
def cv(tmp_path: Path) -> Path:
    path = tmp_path / "in" / "jane_roe.txt"
    path.parent.mkdir()
    shutil.copy(EXAMPLES[0], path)
    return path


def test_bad_targets_exit_2_before_anything_is_created(
    tmp_path: Path, cv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x", encoding="utf-8")
    out = tmp_path / "out"
    cases: list[tuple[list[str | Path], str]] = [
        ([cv, "-o", a_file], "-o must be a folder, and this is a file"),
        ([cv, "-o", a_file / "out"], f"cannot create the -o folder ({a_file} is a file)"),
        ([cv, "-o", out, "--csv", a_file], "--csv must be a folder, and this is a file"),
        ([cv, "-o", out, "--jsonl", tmp_path], "--jsonl must be a file, and this is a folder"),
        ([cv, "-o", out, "--jsonl", cv], f"refusing to overwrite the input {cv}"),
        (
            [cv, "-o", out, "--jsonl", a_file / "all.jsonl"],
            f"cannot write --jsonl ({a_file} is a file)",
        ),
        (
            [cv.parent, "-o", out, "--jsonl", cv.parent / "all.txt"],
            "a rerun would read as an input",
        ),
        ([cv, "-o", out, "--jsonl", out / "manifest.jsonl"], "batch's own manifest"),
    ]
    for args, message in cases:
        err = _usage_error(capsys, *args)
        assert message in err, (args, err)
        assert not out.exists(), args
    assert cv.read_bytes() == EXAMPLES[0].read_bytes()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_an_unwritable_output_folder_exits_2(
    tmp_path: Path, cv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    try:
        assert "not writable" in _usage_error(capsys, cv, "-o", locked)
        assert "not writable" in _usage_error(capsys, cv, "-o", locked / "deeper")
    finally:
        locked.chmod(0o755)
    assert list(locked.iterdir()) == []


def test_a_second_run_into_a_busy_folder_exits_2(
    tmp_path: Path, cv: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    with lock_outdir(out):
        err = _usage_error(capsys, cv, "-o", out)
        assert f"another bilingual-cv convert (pid {os.getpid()})" in err
    assert (out / LOCK_NAME).exists() and not (out / "manifest.jsonl").exists()


@pytest.mark.slow
def test_hostile_names_and_links_all_get_rows_and_safe_outputs(tmp_path: Path) -> None:
    inputs, secret = tmp_path / "in", tmp_path / "secret"
    inputs.mkdir()
    secret.mkdir()
    made = _make(inputs, HOSTILE_NAMES, EXAMPLES[0].read_bytes())
    (secret / "payroll.txt").write_text("Jane Roe\n", encoding="utf-8")
    (inputs / "leak.txt").symlink_to(secret / "payroll.txt")
    (inputs / "leak-dir").symlink_to(secret)
    out = tmp_path / "out"
    run = run_cli("convert", inputs, "-o", out, "--csv", out / "t", "--jsonl", out / "all.jsonl",
                  "--workers", "2", "--timeout", "60")  # fmt: skip
    assert run.code == 1, run.stderr
    assert "Traceback" not in run.stderr
    raw_manifest = (out / "manifest.jsonl").read_bytes()
    raw_manifest.decode("utf-8")  # strict: no lone surrogates got through
    records = manifest(out)
    by_bytes = {base64.b64decode(str(r["input_b64"])): r for r in records}
    assert set(by_bytes) == {
        os.fsencode(p) for p in [*made, inputs / "leak.txt", inputs / "leak-dir"]
    }
    for path in made:
        record = by_bytes[os.fsencode(path)]
        assert record["status"] == "ok", record
        output = out / str(record["output"])
        cv = json.loads(output.read_text(encoding="utf-8"))
        assert cv["source"]["path"] == record["input"]
    assert len({r["output"] for r in records if r["output"]}) == len(made)
    for name in ("leak.txt", "leak-dir"):
        record = by_bytes[os.fsencode(inputs / name)]
        assert (record["status"], record["error_code"]) == ("failed", "outside_input_tree")
        assert record["output"] is None
    assert "Jane Roe" not in "".join(p.read_text("utf-8") for p in out.glob("*.json"))
    summary = list(csv.DictReader(io.StringIO((out / "t" / "summary.csv").read_text("utf-8-sig"))))
    assert list(summary[0]) == list(SUMMARY_COLUMNS)
    assert [row["file"] for row in summary] == [r["input"] for r in records]
    failed = [row for row in summary if row["status"] == "failed"]
    assert {row["error_code"] for row in failed} == {"outside_input_tree"}
    assert all(row["publications"] == "" for row in failed)
    assert all(row["publications"] != "" for row in summary if row["status"] == "ok")
    lines = (out / "all.jsonl").read_bytes().decode("utf-8").splitlines()
    assert len(lines) == len(made)
    # stderr stays one line per failure: the newline in a name is escaped
    assert f"{inputs}/leak.txt: refused" in run.stderr
    assert f"] ok {inputs}/Jane\\nRoe.txt -> " in run.stderr
    assert not any(line.startswith("Roe.txt") for line in run.stderr.splitlines())


@pytest.mark.slow
def test_failed_inputs_have_a_manifest_row_and_a_summary_row(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    shutil.copy(EXAMPLES[0], inputs / "good.txt")
    (inputs / "empty.txt").write_bytes(b"")
    (inputs / "locked.pdf").write_bytes(b"%PDF-1.4 broken")
    out = tmp_path / "out"
    run = run_cli("convert", inputs, "-o", out, "--csv", out, "--workers", "1", "--timeout", "0")
    assert run.code == 1
    records = manifest(out)
    summary = list(csv.DictReader(io.StringIO((out / "summary.csv").read_text("utf-8-sig"))))
    assert [row["file"] for row in summary] == [r["input"] for r in records]
    assert [(row["status"], row["error_code"]) for row in summary] == [
        (r["status"] if r["status"] != "skipped" else "ok", r["error_code"] or "") for r in records
    ]
    assert {row["status"] for row in summary} == {"ok", "failed"}


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


def _children(pid: int) -> list[int]:
    """Live (not zombie) processes whose parent is ``pid``, from /proc."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2 :].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat[stat.rindex(")") + 2] != "Z"


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs Linux /proc")
def test_workers_die_with_a_killed_command(tmp_path: Path) -> None:
    import signal
    import subprocess
    import time

    from tests.faults import driver_command, fault_plugin

    inputs = tmp_path / "in"
    inputs.mkdir()
    names = [f"slow-{n}.txt" for n in range(4)]
    for name in names:
        shutil.copy(EXAMPLES[0], inputs / name)
    plugin = fault_plugin(tmp_path, dict.fromkeys(names, "hang"))
    process = subprocess.Popen(
        [*driver_command([plugin]), "convert", str(inputs), "-o", str(tmp_path / "out"),
         "--workers", "2", "--timeout", "600", "-q"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        workers: list[int] = []
        deadline = time.monotonic() + 120
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            workers = _children(process.pid)
        assert len(workers) == 2, "the workers did not start"
        time.sleep(1.0)  # let them get past their first instructions (either path must work)
        os.kill(process.pid, signal.SIGKILL)
        process.wait()
        deadline = time.monotonic() + 5
        while any(map(_alive, workers)) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(map(_alive, workers)), "workers outlived their killed parent by 5 s"
    finally:
        if process.poll() is None:
            process.kill()
        for pid in _children(process.pid):
            os.kill(pid, signal.SIGKILL)


@pytest.mark.slow
def test_a_file_over_the_memory_limit_costs_only_itself(tmp_path: Path) -> None:
    from tests.faults import fault_plugin

    inputs = tmp_path / "in"
    inputs.mkdir()
    for example in EXAMPLES[:2]:
        shutil.copy(example, inputs / example.name)
    shutil.copy(EXAMPLES[0], inputs / "huge.txt")
    out = tmp_path / "out"
    # the fault plugin makes huge.txt's worker run out of memory whatever the limit; the limit
    # itself is the default, so the other workers' address space (jieba, PDFium, lxml) fits
    plugin = fault_plugin(tmp_path, {"huge.txt": "oom"})
    run = run_cli("convert", inputs, "-o", out, "--workers", "1", "--max-memory", "2G",
                  plugins=[plugin])  # fmt: skip
    assert run.code == 1, run.stderr
    records = {Path(str(r["input"])).name: r for r in manifest(out)}
    assert records["huge.txt"]["error_code"] == "out_of_memory", records["huge.txt"]
    others = {name: (r["status"], r.get("error")) for name, r in records.items()}
    del others["huge.txt"]
    assert {status for status, _ in others.values()} == {"ok"}, others
    bad = run_cli("convert", inputs, "-o", tmp_path / "o2", "--max-memory", "12M")
    assert bad.code == 2 and "--max-memory must be at least" in bad.stderr
    assert not (tmp_path / "o2").exists()
