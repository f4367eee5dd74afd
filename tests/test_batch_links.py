"""Links and leftovers in a batch's folders (issue 25, cases 4, 5, 11 and 13).

- Links planted where ``convert`` keeps its control files are refused before any work, and
  the files they point to are left untouched.
- A link (or another file) put in an input's place after the walk is never converted in its
  place, by the library, by ``parse_many`` or by the command; links the walk accepted (inside
  an input folder, or named on the command line) are still converted.
- A rerun gives back to its input an output that a killed run wrote but never recorded, and
  removes the temporary files a killed run left, nothing else.

Each swap is made deterministically: the walk is done through the public
:func:`~bilingual_cv.batch.inputs.collect_inputs`, then the file is swapped, then it is converted.
Refusals stop before any parsing and run in the test process; conversions are marked slow.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from bilingual_cv import parse
from bilingual_cv.batch import parse_many
from bilingual_cv.batch.inputs import InputSet, collect_inputs
from bilingual_cv.cli.main import main
from bilingual_cv.errors import InputChangedError, LinkRefusedError, UnreadableFileError
from bilingual_cv.io.readers import read_source
from tests.test_cli import EXAMPLES, manifest

#: A fictional CV whose text must never reach an output when it sits outside the inputs.
SECRET_TEXT = "Zed Quillfeather\nzed@example.org\nEducation\nPh.D., Example Institute, 2011\n"
#: Runs in the test process: one worker and no time limit parse in the calling process.
IN_PROCESS = ("--workers", "1", "--timeout", "0")


def _convert(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    code = main(["convert", *map(str, args)])
    return code, capsys.readouterr().err


@pytest.fixture
def cvs(tmp_path: Path) -> Path:
    """Two fictional CVs in ``cvs/``, and a file outside it (``secret/payroll.txt``)."""
    folder = tmp_path / "cvs"
    folder.mkdir()
    shutil.copy(EXAMPLES[0], folder / "jane.txt")
    shutil.copy(EXAMPLES[1], folder / f"lee{EXAMPLES[1].suffix}")
    (tmp_path / "secret").mkdir()
    (tmp_path / "secret" / "payroll.txt").write_text(SECRET_TEXT, encoding="utf-8")
    return folder


# --- case 4: links where the control files belong ----------------------------------------------


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


# --- case 5: inputs are opened without following links, and must be the file listed -----------


def test_the_library_refuses_a_link_and_says_what_to_pass(cvs: Path, tmp_path: Path) -> None:
    link = tmp_path / "cv.txt"
    link.symlink_to(tmp_path / "secret" / "payroll.txt")
    for read in (read_source, parse):
        with pytest.raises(LinkRefusedError, match="pass the file it points to") as caught:
            read(link)
        assert str(caught.value).startswith(f"{link}: ")
        assert caught.value.code == "link_refused"
    assert isinstance(caught.value, UnreadableFileError)  # callers catching that still do
    dangling = tmp_path / "gone.txt"
    dangling.symlink_to(tmp_path / "nowhere.txt")
    with pytest.raises(UnreadableFileError, match="No such file") as missing:
        read_source(dangling)
    assert missing.value.code == "unreadable_file"
    assert parse(tmp_path / "secret" / "payroll.txt").person.name == "Zed Quillfeather"


def _walk_then_swap(folder: Path, name: str, swap: str, outside: Path) -> InputSet:
    """List ``folder`` with the public walk, then put a link (or another file) at ``name``."""
    found = collect_inputs([str(folder)])
    victim = folder / name
    if swap == "link":
        victim.unlink()
        victim.symlink_to(outside)
    else:  # another file renamed into its place: same name, another inode
        shutil.copy(outside, folder / ".incoming")
        os.replace(folder / ".incoming", victim)
    return found


@pytest.mark.parametrize(("swap", "code"), [("link", "link_refused"), ("file", "input_changed")])
def test_parse_many_reads_only_the_file_the_walk_listed(
    cvs: Path, tmp_path: Path, swap: str, code: str
) -> None:
    found = _walk_then_swap(cvs, "jane.txt", swap, tmp_path / "secret" / "payroll.txt")
    results = list(parse_many([item.checked() for item in found.inputs], workers=1))
    by_name = {r.path.name: r for r in results}
    assert by_name["jane.txt"].error_code == code, by_name["jane.txt"].error
    assert by_name["jane.txt"].json is None
    error = by_name["jane.txt"].error or ""
    assert error.startswith(f"{cvs / 'jane.txt'}: refused: ") and "\n" not in error
    assert by_name[f"lee{EXAMPLES[1].suffix}"].ok


def test_the_check_is_by_device_and_inode_of_the_opened_file(tmp_path: Path) -> None:
    path = tmp_path / "cv.txt"
    path.write_text(SECRET_TEXT, encoding="utf-8")
    item = collect_inputs([str(path)]).inputs[0]
    info = os.stat(path)
    assert item.identity == (info.st_dev, info.st_ino)
    with pytest.raises(InputChangedError):
        from bilingual_cv.io.readers import read_input_bytes

        read_input_bytes(path, identity=(info.st_dev, info.st_ino + 1))


@pytest.mark.slow
@pytest.mark.parametrize(("swap", "code"), [("link", "link_refused"), ("file", "input_changed")])
def test_worker_processes_get_only_the_file_the_walk_listed(
    cvs: Path, tmp_path: Path, swap: str, code: str
) -> None:
    found = _walk_then_swap(cvs, "jane.txt", swap, tmp_path / "secret" / "payroll.txt")
    items = [item.checked() for item in found.inputs]
    results = list(parse_many(items, workers=2, timeout=60))
    assert [r.path.name for r in results] == ["jane.txt", f"lee{EXAMPLES[1].suffix}"]
    assert results[0].error_code == code and results[0].json is None
    assert results[1].ok


def _swapping_walk(
    monkeypatch: pytest.MonkeyPatch, name: str, outside: Path
) -> list[tuple[Path, str]]:
    """Make the command's walk swap ``name`` for a link to ``outside`` right after listing."""
    import bilingual_cv.cli.convert

    swapped: list[tuple[Path, str]] = []

    def walk_then_swap(arguments: list[str]) -> InputSet:
        found = collect_inputs(arguments)
        victim = next(item.path for item in found.inputs if item.path.name == name)
        victim.unlink()
        victim.symlink_to(outside)
        swapped.append((victim, str(outside)))
        return found

    monkeypatch.setattr(bilingual_cv.cli.convert, "collect_inputs", walk_then_swap)
    return swapped


@pytest.mark.slow
@pytest.mark.parametrize("workers", [IN_PROCESS, ("--workers", "2", "--timeout", "60")])
def test_the_command_never_converts_a_link_swapped_in_after_the_walk(
    cvs: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    workers: tuple[str, ...],
) -> None:
    # links the walk accepts keep working: one inside the input folder (to a file in a hidden
    # folder, which the walk itself leaves out), and one named on the command line
    (cvs / ".store").mkdir()
    shutil.copy(EXAMPLES[2], cvs / ".store" / "kim.md")
    (cvs / "kim.md").symlink_to(Path(".store") / "kim.md")
    (tmp_path / "elsewhere").mkdir()
    shutil.copy(EXAMPLES[3], tmp_path / "elsewhere" / "ann.txt")
    named = tmp_path / "named.txt"
    named.symlink_to(tmp_path / "elsewhere" / "ann.txt")
    swapped = _swapping_walk(monkeypatch, "jane.txt", tmp_path / "secret" / "payroll.txt")
    out = tmp_path / "out"
    code, err = _convert(capsys, cvs, named, "-o", out, "--csv", out, *workers)
    assert swapped and code == 1, err
    assert "Traceback" not in err
    records = {Path(str(r["input"])).name: r for r in manifest(out)}
    assert (records["jane.txt"]["status"], records["jane.txt"]["error_code"]) == (
        "failed",
        "link_refused",
    )
    assert records["jane.txt"]["output"] is None
    for name in ("kim.md", f"lee{EXAMPLES[1].suffix}"):
        assert records[name]["status"] == "ok", records[name]
    kim = json.loads((out / str(records["kim.md"]["output"])).read_text(encoding="utf-8"))
    assert kim["source"]["path"] == str(cvs / "kim.md")  # recorded under the link's own name
    assert records["named.txt"]["status"] == "ok", records["named.txt"]
    every = "".join(p.read_text("utf-8", "replace") for p in out.iterdir() if p.is_file())
    assert "Quillfeather" not in every


# --- case 11: an output written but never recorded ---------------------------------------------


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


# --- case 13: temporary files a killed run left --------------------------------------------------


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
