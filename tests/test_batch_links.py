"""Links and leftovers in a batch's folders (issue 25, case 5).

- A link (or another file) put in an input's place after the walk is never converted in its
  place, by the library, by ``parse_many`` or by the command; links the walk accepted (inside
  an input folder, or named on the command line) are still converted.

Each swap is made deterministically: the walk is done through the public
:func:`~bilingual_cv.inputs.collect_inputs`, then the file is swapped, then it is converted.
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
from bilingual_cv.cli import main
from bilingual_cv.errors import InputChangedError, LinkRefusedError, UnreadableFileError
from bilingual_cv.inputs import InputSet, collect_inputs
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
    import bilingual_cv.cli

    swapped: list[tuple[Path, str]] = []

    def walk_then_swap(arguments: list[str]) -> InputSet:
        found = collect_inputs(arguments)
        victim = next(item.path for item in found.inputs if item.path.name == name)
        victim.unlink()
        victim.symlink_to(outside)
        swapped.append((victim, str(outside)))
        return found

    monkeypatch.setattr(bilingual_cv.cli, "collect_inputs", walk_then_swap)
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
