"""Tests of bilingual_cv.batch.outdir: the control files of OUTDIR and leftovers in it (issue 25,
cases 4 and 13), through the command in the test process (refusals stop before any parsing).

- Links planted where ``convert`` keeps its control files are refused before any work, and
  the files they point to are left untouched; a second run into a busy OUTDIR is refused.
- A rerun removes the temporary files a killed run left, nothing else.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from bilingual_cv.batch.outdir import LOCK_NAME, lock_outdir
from bilingual_cv.cli.main import main
from tests.batch.hostile import SECRET_TEXT, cvs_beside_a_secret
from tests.commands import EXAMPLES

#: Runs in the test process: one worker and no time limit parse in the calling process.
IN_PROCESS = ("--workers", "1", "--timeout", "0")


def _convert(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    code = main(["convert", *map(str, args)])
    return code, capsys.readouterr().err


@pytest.fixture
def cvs(tmp_path: Path) -> Path:
    """Two fictional CVs in ``cvs/``, and a file outside it (``secret/payroll.txt``)."""
    return cvs_beside_a_secret(tmp_path)


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


@pytest.mark.parametrize(
    "name",
    [".bilingual-cv.lock", ".manifest.jsonl.partial", "manifest.jsonl", ".bilingual-cv.owners"],
)
def test_a_link_where_a_control_file_belongs_is_refused_naming_it(
    cvs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    victim = cvs / "jane.txt"
    before = victim.read_bytes()
    (out / name).symlink_to(Path("..") / "cvs" / "jane.txt")
    code, err = _convert(capsys, cvs, "-o", out, *IN_PROCESS)
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("bilingual-cv: error: "), err
    assert f"{out / name}: " in err and "symbolic link" in err
    assert "Traceback" not in err
    assert victim.read_bytes() == before
    assert (out / name).is_symlink()
    assert sorted(p.name for p in out.iterdir()) == [name]  # nothing converted or created


def test_a_hard_link_at_the_lock_is_refused_and_its_file_kept(
    cvs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    victim = cvs / "jane.txt"
    before = victim.read_bytes()
    os.link(victim, out / ".bilingual-cv.lock")
    code, err = _convert(capsys, cvs, "-o", out, *IN_PROCESS)
    assert code == 2 and "hard link" in err and ".bilingual-cv.lock" in err, err
    assert victim.read_bytes() == before


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
def test_a_rerun_removes_its_own_leftover_temporary_files_and_nothing_else(
    cvs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    leftovers = [
        ".cv09.json.k2x_9abq.tmp",
        ".manifest.jsonl.0a1b2c3d.tmp",
        ".jane.json.ffff0000.tmp",
    ]
    for name in leftovers:
        (out / name).write_text('{"half": ', encoding="utf-8")
    kept_files = [".notes.json.k2x_9abq.bak", "draft.tmp", ".report.html.0a1b2c3d.tmp"]
    for name in kept_files:
        (out / name).write_text("mine", encoding="utf-8")
    outside = tmp_path / "secret" / "payroll.txt"
    (out / ".cv10.json.0a1b2c3d.tmp").symlink_to(outside)  # a link: never touched
    (out / ".cv11.json.0a1b2c3d.tmp").mkdir()  # a folder: never touched
    code, err = _convert(capsys, cvs, "-o", out, *IN_PROCESS)
    assert code == 0, err
    names = {p.name for p in out.iterdir()}
    assert not names & set(leftovers)
    assert set(kept_files) <= names
    assert (out / ".cv10.json.0a1b2c3d.tmp").is_symlink() and outside.read_text() == SECRET_TEXT
    assert (out / ".cv11.json.0a1b2c3d.tmp").is_dir()
    assert {n for n in names if n.endswith(".tmp")} == {
        "draft.tmp",
        ".report.html.0a1b2c3d.tmp",
        ".cv10.json.0a1b2c3d.tmp",
        ".cv11.json.0a1b2c3d.tmp",
    }
