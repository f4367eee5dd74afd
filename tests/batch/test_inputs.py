"""Tests of bilingual_cv.batch.inputs: hostile file names, links out of the input tree, output
names, files of formats that are not read (bilingual_cv.batch.formats), the run's own outputs.

Names are made as bytes (``os.fsencode``) where they are not UTF-8; everything here runs in
the test process on temporary folders.
"""

from __future__ import annotations

import base64
import os
import threading
from pathlib import Path

import pytest

from bilingual_cv.batch.inputs import (
    MAX_STEM_BYTES,
    NOT_A_CV_CODE,
    OUTSIDE_CODE,
    SPECIAL_CODE,
    UNSUPPORTED_CODE,
    assign_output_names,
    collect_inputs,
    display_name,
    find_inputs,
    name_b64,
    output_stem,
    text_name,
)
from bilingual_cv.errors import InputChangedError
from tests.batch.hostile import HOSTILE_NAMES, SECRET_TEXT, make_files


def test_every_hostile_name_is_found_with_a_safe_bounded_unique_output(tmp_path: Path) -> None:
    made = make_files(tmp_path, HOSTILE_NAMES)
    found = collect_inputs([str(tmp_path)])
    assert found.missing == []
    assert sorted(item.path for item in found.inputs) == sorted(made)
    assert all(item.error_code is None for item in found.inputs)
    names = assign_output_names([item.path for item in found.inputs])
    assert len({name.casefold() for name in names}) == len(names)
    for name in names:
        name.encode("utf-8")  # no lone surrogate
        assert len(name.encode("utf-8")) <= MAX_STEM_BYTES + 20
        assert "/" not in name and "\n" not in name and "\x1b" not in name
        assert not name.startswith(".")
        assert all(ord(char) >= 32 for char in name)
        assert "\u202e" not in name


def test_text_and_display_names_are_utf8_and_the_bytes_round_trip(tmp_path: Path) -> None:
    for path in make_files(tmp_path, HOSTILE_NAMES):
        text = text_name(path)
        text.encode("utf-8")
        shown = display_name(path)
        shown.encode("utf-8")
        assert "\n" not in shown and "\x1b" not in shown and "\u202e" not in shown
        assert Path(os.fsdecode(base64.b64decode(name_b64(path)))) == path
        if os.fsencode(path).decode("utf-8", "ignore") == str(path):
            assert text == str(path)  # UTF-8 names are kept exactly


def test_output_stems_of_long_names_differ_when_the_names_do() -> None:
    first = output_stem(Path("x" * 240 + "a.txt"))
    second = output_stem(Path("x" * 240 + "b.txt"))
    assert first != second
    assert len(first.encode("utf-8")) <= MAX_STEM_BYTES + 9
    assert output_stem(Path("Jane Roe.pdf")) == "Jane Roe"
    assert output_stem(Path("...")) != ""


def test_output_names_keep_previous_names_and_avoid_taken_ones() -> None:
    inputs = [Path("a/cv.txt"), Path("b/cv.txt"), Path("c/cv.txt")]
    assert assign_output_names(inputs, taken=["cv.json"]) == ["cv-2.json", "cv-3.json", "cv-4.json"]
    assert assign_output_names(inputs, keep={2: "cv.json", 0: "cv-3.json"}) == [
        "cv-3.json",
        "cv-2.json",
        "cv.json",
    ]


def test_output_names_are_unique_and_stable() -> None:
    inputs = [Path("a/cv.txt"), Path("b/cv.pdf"), Path("cv-2.md"), Path("c/CV.docx"), Path("x.txt")]
    assert assign_output_names(inputs) == [
        "cv.json",
        "cv-3.json",
        "cv-2.json",
        "CV-4.json",
        "x.json",
    ]


def test_find_inputs_expands_folders_and_patterns_once(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    for name in ("a/x.txt", "a/y.PDF", "a/z.json", "b.md"):
        (tmp_path / name).write_text("x", encoding="utf-8")
    found, missing = find_inputs(
        [str(tmp_path / "a"), str(tmp_path / "*.md"), str(tmp_path / "a" / "x.txt"), "nope*"]
    )
    assert found == [tmp_path / "a" / "x.txt", tmp_path / "a" / "y.PDF", tmp_path / "b.md"]
    assert missing == ["nope*: no file matches this pattern"]


def test_links_out_of_the_input_folder_are_refused_with_a_code(tmp_path: Path) -> None:
    inside, outside = tmp_path / "in", tmp_path / "secret"
    (inside / "sub").mkdir(parents=True)
    outside.mkdir()
    (outside / "payroll.txt").write_text("Jane Roe\n", encoding="utf-8")
    (inside / "own.txt").write_text("Jane Roe\n", encoding="utf-8")
    (inside / "file-out.txt").symlink_to(outside / "payroll.txt")
    (inside / "dir-out").symlink_to(outside)
    (inside / "sub" / "file-in.txt").symlink_to(inside / "own.txt")
    (inside / "sub" / "up").symlink_to(inside)  # a loop, inside the tree
    (inside / "loop-a.txt").symlink_to(inside / "loop-b.txt")
    (inside / "loop-b.txt").symlink_to(inside / "loop-a.txt")
    found = collect_inputs([str(inside)])
    refused = {item.path.name: item for item in found.inputs if item.error_code}
    assert set(refused) == {"file-out.txt", "dir-out"}
    assert {item.error_code for item in refused.values()} == {OUTSIDE_CODE}
    assert "outside the input folder" in (refused["dir-out"].reason or "")
    taken = [item.path for item in found.inputs if item.error_code is None]
    # own.txt once (file-in.txt is the same file), the looping links stay to fail when read
    assert taken == [inside / "loop-a.txt", inside / "loop-b.txt", inside / "own.txt"]


def test_a_link_named_on_the_command_line_is_taken(tmp_path: Path) -> None:
    target = tmp_path / "elsewhere.txt"
    target.write_text("Jane Roe\n", encoding="utf-8")
    (tmp_path / "in").mkdir()
    link = tmp_path / "in" / "cv.txt"
    link.symlink_to(target)
    found = collect_inputs([str(link)])
    assert [(item.path, item.error_code) for item in found.inputs] == [(link, None)]


def test_recursive_patterns_neither_loop_nor_leave_their_base(tmp_path: Path) -> None:
    base = tmp_path / "in"
    (base / "a" / "b").mkdir(parents=True)
    (base / "a" / "b" / "cv.pdf").write_bytes(b"%PDF-1.4\n")
    (base / "top.pdf").write_bytes(b"%PDF-1.4\n")
    (base / "a" / "loop").symlink_to(base)
    (base / "a" / "out.pdf").symlink_to(tmp_path / "nowhere.pdf")  # dangling, and outside
    result: dict[str, object] = {}

    def expand() -> None:
        result["found"] = collect_inputs([str(base / "**" / "*.pdf")])

    worker = threading.Thread(target=expand, daemon=True)
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive(), "a link loop made the pattern expansion hang"
    found = result["found"]
    assert isinstance(found, type(collect_inputs([])))
    by_name = {item.path.name: item.error_code for item in found.inputs}
    assert by_name == {"cv.pdf": None, "top.pdf": None, "out.pdf": OUTSIDE_CODE}


def test_missing_arguments_are_reported_in_a_printable_form(tmp_path: Path) -> None:
    found = collect_inputs([str(tmp_path / "gone\n.txt")])
    assert found.inputs == []
    assert found.missing == [f"{tmp_path}/gone\\n.txt: no such file or folder"]


def test_fifos_are_refused_not_read(tmp_path: Path) -> None:

    os.mkfifo(tmp_path / "pipe.txt")
    (tmp_path / "cv.txt").write_text("Jane Roe\n", encoding="utf-8")
    in_folder = collect_inputs([str(tmp_path)])
    named = collect_inputs([str(tmp_path / "pipe.txt")])
    for found in (in_folder, named):
        codes = {item.path.name: item.error_code for item in found.inputs}
        assert codes["pipe.txt"] == SPECIAL_CODE
    assert {item.path.name: item.error_code for item in in_folder.inputs}["cv.txt"] is None


def test_the_check_is_by_device_and_inode_of_the_opened_file(tmp_path: Path) -> None:
    path = tmp_path / "cv.txt"
    path.write_text(SECRET_TEXT, encoding="utf-8")
    item = collect_inputs([str(path)]).inputs[0]
    info = os.stat(path)
    assert item.identity == (info.st_dev, info.st_ino)
    with pytest.raises(InputChangedError):
        from bilingual_cv.io.readers import read_input_bytes

        read_input_bytes(path, identity=(info.st_dev, info.st_ino + 1))


#: Files a committee's folder holds that are not read, and the words of the hint each gets.
UNREAD = {
    "ann.doc": "save it as .docx or PDF",
    "bo.wps": "save it as .docx or PDF",
    "cy.xlsx": "spreadsheet",
    "di.pages": "export it from Pages",
    "ed.png": "OCR",
    "fay.JPG": "OCR",
}


def test_every_file_of_a_folder_is_an_input_unread_formats_refused_with_a_hint(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "cvs"
    (folder / "sub").mkdir(parents=True)
    for name in UNREAD:
        (folder / name).write_bytes(b"\xd0\xcf\x11\xe0 not read")
    (folder / "jane.txt").write_text("Jane Roe\n", encoding="utf-8")
    (folder / "sub" / "notes").write_text("Jane Roe\n", encoding="utf-8")  # no suffix: read
    (folder / ".DS_Store").write_bytes(b"\0")  # hidden: not a candidate's file
    found = collect_inputs([str(folder)])
    codes = {item.path.name: item.error_code for item in found.inputs}
    assert codes == {**dict.fromkeys(UNREAD, UNSUPPORTED_CODE), "jane.txt": None, "notes": None}
    for item in found.inputs:
        if item.error_code:
            assert item.reason is not None and UNREAD[item.path.name] in item.reason, item.reason
            assert item.reason.startswith(str(item.path))
    assert found.missing == [] and found.notes == []


def test_a_pattern_of_unread_files_names_them_and_says_so(tmp_path: Path) -> None:
    (tmp_path / "ann.doc").write_bytes(b"x")
    (tmp_path / "bo.doc").write_bytes(b"x")
    (tmp_path / "cy.txt").write_text("Cy Doe\n", encoding="utf-8")
    found = collect_inputs([str(tmp_path / "*.doc")])
    assert [(item.path.name, item.error_code) for item in found.inputs] == [
        ("ann.doc", UNSUPPORTED_CODE),
        ("bo.doc", UNSUPPORTED_CODE),
    ]
    assert found.missing == []
    assert len(found.notes) == 1
    assert "matches only files of formats that are not read (2 file(s))" in found.notes[0]
    assert "save it as .docx or PDF" in found.notes[0]
    mixed = collect_inputs([str(tmp_path / "*")])
    assert mixed.notes == []  # cy.txt is read
    assert {i.path.name: i.error_code for i in mixed.inputs}["cy.txt"] is None


def test_a_named_file_of_a_known_unread_format_is_refused_others_go_to_the_reader(
    tmp_path: Path,
) -> None:
    (tmp_path / "cv.wps").write_bytes(b"x")
    (tmp_path / "cv.dat").write_bytes(b"%PDF-1.4\n")  # the reader sniffs it as a PDF
    found = collect_inputs([str(tmp_path / "cv.wps"), str(tmp_path / "cv.dat")])
    assert [item.error_code for item in found.inputs] == [UNSUPPORTED_CODE, None]


def test_a_report_of_this_package_is_refused_as_not_a_cv(tmp_path: Path) -> None:
    from bilingual_cv.report import Entry, render_report

    page = render_report([Entry("roe.json", "roe.txt", {"schema_version": "1.1"})], since=2021)
    (tmp_path / "report.html").write_text(page, encoding="utf-8")
    (tmp_path / "cv.html").write_text("<html><body><h1>Jane Roe</h1></body></html>", "utf-8")
    found = collect_inputs([str(tmp_path)])
    codes = {item.path.name: item.error_code for item in found.inputs}
    assert codes == {"report.html": NOT_A_CV_CODE, "cv.html": None}
    refused = next(item for item in found.inputs if item.error_code)
    assert "a report written by bilingual-cv" in (refused.reason or "")


def test_the_runs_own_outputs_and_earlier_output_folders_are_not_walked(tmp_path: Path) -> None:
    folder = tmp_path / "cvs"
    (folder / "json").mkdir(parents=True)
    (folder / "old").mkdir()
    (folder / "jane.txt").write_text("Jane Roe\n", encoding="utf-8")
    (folder / "json" / "jane.json").write_text("{}", encoding="utf-8")
    (folder / "all.jsonl").write_text("{}\n", encoding="utf-8")
    (folder / "old" / "jane.json").write_text("{}", encoding="utf-8")
    (folder / "old" / ".bilingual-cv.owners").write_text("{}", encoding="utf-8")
    found = collect_inputs([str(folder)], exclude=[folder / "json", folder / "all.jsonl"])
    assert [item.path.name for item in found.inputs] == ["jane.txt"]
    assert found.notes == [f"{folder / 'old'}: left out: an output folder of bilingual-cv convert"]
    everything = collect_inputs([str(folder)])
    assert {i.path.name: i.error_code for i in everything.inputs} == {
        "jane.txt": None,
        "jane.json": UNSUPPORTED_CODE,
        "all.jsonl": UNSUPPORTED_CODE,
    }


def test_a_link_to_any_file_outside_the_folder_is_refused(tmp_path: Path) -> None:
    (tmp_path / "in").mkdir()
    (tmp_path / "secret.xlsx").write_bytes(b"x")
    (tmp_path / "in" / "sheet.xlsx").symlink_to(tmp_path / "secret.xlsx")
    found = collect_inputs([str(tmp_path / "in")])
    assert [(i.path.name, i.error_code) for i in found.inputs] == [("sheet.xlsx", OUTSIDE_CODE)]
