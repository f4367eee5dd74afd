"""Tests of bilingual_cv.cli.targets: every target of ``convert`` and ``report`` is checked
before any work (issue 25, cases 9, 10).

A target of the wrong kind, a folder that cannot be written, or a path that is an input of the
run or of the OUTDIR manifest stops the command with exit status 2 and one line saying why,
before anything is converted or written. ``report -o`` never writes over an input.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from bilingual_cv.cli.main import main
from tests.commands import EXAMPLES

#: Runs in the test process: one worker and no time limit parse in the calling process.
IN_PROCESS = ("--workers", "1", "--timeout", "0")


def _usage_error(capsys: pytest.CaptureFixture[str], *args: str | Path) -> str:
    code = main([*map(str, args)])
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("bilingual-cv: error: "), err
    return err


@pytest.fixture
def cvs(tmp_path: Path) -> Path:
    folder = tmp_path / "cvs"
    folder.mkdir()
    shutil.copy(EXAMPLES[0], folder / "jane.txt")
    shutil.copy(EXAMPLES[2], folder / "jane.html")  # any text: the suffix is what matters here
    return folder


def _convert_usage_error(capsys: pytest.CaptureFixture[str], *args: str | Path) -> str:
    return _usage_error(capsys, "convert", *args)


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
        err = _convert_usage_error(capsys, *args)
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
        assert "not writable" in _convert_usage_error(capsys, cv, "-o", locked)
        assert "not writable" in _convert_usage_error(capsys, cv, "-o", locked / "deeper")
    finally:
        locked.chmod(0o755)
    assert list(locked.iterdir()) == []


def test_a_jsonresume_target_that_is_a_file_exits_2_before_converting(
    cvs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("my notes\n", encoding="utf-8")
    out = tmp_path / "out"
    err = _usage_error(capsys, "convert", cvs, "-o", out, "--jsonresume", notes, *IN_PROCESS)
    assert f"{notes}: --jsonresume must be a folder, and this is a file" in err
    assert not out.exists()
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    err = _usage_error(
        capsys, "convert", cvs, "-o", out, "--jsonresume", notes / "deeper", *IN_PROCESS
    )
    assert f"cannot create the --jsonresume folder ({notes} is a file)" in err
    assert not out.exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_jsonresume_folder_exits_2_before_converting(
    cvs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    locked = tmp_path / "resumes"
    locked.mkdir(mode=0o555)
    out = tmp_path / "out"
    try:
        err = _usage_error(capsys, "convert", cvs, "-o", out, "--jsonresume", locked, *IN_PROCESS)
    finally:
        locked.chmod(0o755)
    assert f"{locked}: --jsonresume names a folder that is not writable" in err
    assert not out.exists() and list(locked.iterdir()) == []


@pytest.mark.skipif(not Path("/proc/self").is_dir(), reason="needs Linux /proc")
def test_a_folder_that_refuses_files_is_found_by_trying_one(
    cvs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # /proc takes no new file, whatever os.access says (it says yes to root): the check
    # creates one for real, so this is refused as a read-only folder is, as root or not
    out = tmp_path / "out"
    err = _usage_error(capsys, "convert", cvs, "-o", out, "--jsonresume", "/proc", *IN_PROCESS)
    assert "/proc: --jsonresume names a folder that is not writable" in err
    assert not out.exists()


@pytest.fixture
def converted(cvs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """``cvs`` converted into ``out`` (in the test process)."""
    out = tmp_path / "out"
    code = main(["convert", str(cvs), "-o", str(out), *IN_PROCESS])
    assert code == 0, capsys.readouterr().err
    capsys.readouterr()
    return out


@pytest.mark.slow
def test_report_never_writes_over_an_input_of_the_manifest(
    cvs: Path, converted: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    before = (cvs / "jane.html").read_bytes()
    err = _usage_error(capsys, "report", converted, "-o", cvs / "jane.html")
    assert f"{cvs / 'jane.html'}: report -o would overwrite {cvs / 'jane.html'}" in err
    assert f"an input listed in {converted / 'manifest.jsonl'}" in err
    assert (cvs / "jane.html").read_bytes() == before
    assert not list(cvs.glob(".*.tmp"))
    # a report somewhere else is written as before
    assert main(["report", str(converted), "-o", str(cvs.parent / "report.html")]) == 0
    assert (cvs.parent / "report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.slow
def test_report_knows_an_input_by_its_bytes_from_another_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the manifest records relative paths; from another folder they name nothing, the bytes do
    work = tmp_path / "work"
    (work / "cvs").mkdir(parents=True)
    shutil.copy(EXAMPLES[0], work / "cvs" / "jane.html")
    monkeypatch.chdir(work)
    assert main(["convert", "cvs", "-o", "out", *IN_PROCESS]) == 0
    capsys.readouterr()
    monkeypatch.chdir(tmp_path)
    target = work / "cvs" / "jane.html"
    err = _usage_error(capsys, "report", work / "out", "-o", target)
    assert "an input listed in" in err
    assert target.read_bytes() == EXAMPLES[0].read_bytes()


@pytest.mark.slow
def test_tables_never_overwrite_an_input_of_an_earlier_run(
    cvs: Path, converted: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # this run converts only jane.txt; jane.html is an input of the manifest, not of this run
    before = (cvs / "jane.html").read_bytes()
    err = _usage_error(
        capsys, "convert", cvs / "jane.txt", "-o", converted, "--jsonl", cvs / "jane.html"
    )
    assert f"--jsonl would overwrite {cvs / 'jane.html'}, an input listed in" in err
    assert (cvs / "jane.html").read_bytes() == before


def test_report_targets_of_the_wrong_kind_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "manifest.jsonl").write_text("", encoding="utf-8")
    a_file = tmp_path / "file"
    a_file.write_text("x", encoding="utf-8")
    err = _usage_error(capsys, "report", out, "-o", tmp_path)
    assert f"{tmp_path}: report -o must be a file, and this is a folder" in err
    err = _usage_error(capsys, "report", out, "-o", a_file / "report.html")
    assert f"cannot write report -o ({a_file} is a file)" in err
    err = _usage_error(capsys, "report", out, "-o", out / ".bilingual-cv.owners")
    assert "would overwrite a file of the batch" in err
    assert sorted(p.name for p in out.iterdir()) == ["manifest.jsonl"]
