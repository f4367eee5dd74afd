"""Tests of bilingual_cv.batch.inputs: hostile file names, links out of the input tree, output names.

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
    OUTSIDE_CODE,
    assign_output_names,
    collect_inputs,
    display_name,
    name_b64,
    output_stem,
    text_name,
)

#: Names no batch may choke on: Latin-1 bytes, GBK bytes, 255 bytes, a newline, an escape
#: sequence, a bidi override, a leading dot-dash.
HOSTILE_NAMES: list[bytes] = [
    b"caf\xe9 Roe.txt",
    "李华简历".encode("gbk") + b".txt",
    b"y" * 251 + b".txt",
    b"Jane\nRoe.txt",
    b"Jane\x1b[31mRoe.md",
    "Jane\u202eRoe.txt".encode(),
    b"-cv.txt",
]


def _make(folder: Path, names: list[bytes], text: bytes = b"Jane Roe\n") -> list[Path]:
    paths = []
    for name in names:
        raw = os.path.join(os.fsencode(folder), name)
        with open(raw, "wb") as handle:
            handle.write(text)
        paths.append(Path(os.fsdecode(raw)))
    return paths


def test_every_hostile_name_is_found_with_a_safe_bounded_unique_output(tmp_path: Path) -> None:
    made = _make(tmp_path, HOSTILE_NAMES)
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
    for path in _make(tmp_path, HOSTILE_NAMES):
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


@pytest.mark.parametrize("bad", ["cv.txt", b"cv.txt", Path("cv.txt")])
def test_parse_many_refuses_a_single_path(bad: object) -> None:
    from bilingual_cv.batch import parse_many

    with pytest.raises(TypeError, match="iterable of paths"):
        parse_many(bad)  # type: ignore[arg-type]


def test_parse_many_records_undecodable_names_in_text_form(tmp_path: Path) -> None:
    from bilingual_cv.batch import parse_many

    good, empty = _make(tmp_path, [b"caf\xe9.txt", b"vide\xe9.txt"])
    good.write_text("Jane Roe\njane@example.com\nEducation\nPh.D., Example University, 2020\n")
    empty.write_bytes(b"")
    ok, failed = parse_many([good, empty], workers=1)
    assert ok.cv is not None and ok.cv.source.path == text_name(good)
    assert ok.json is not None and "caf\\\\xe9.txt" in ok.json
    assert failed.error_code == "empty_input"
    assert failed.error is not None and failed.error.startswith(display_name(empty) + ": ")
    failed.error.encode("utf-8")


def test_fifos_are_refused_not_read(tmp_path: Path) -> None:
    from bilingual_cv.batch.inputs import SPECIAL_CODE

    os.mkfifo(tmp_path / "pipe.txt")
    (tmp_path / "cv.txt").write_text("Jane Roe\n", encoding="utf-8")
    in_folder = collect_inputs([str(tmp_path)])
    named = collect_inputs([str(tmp_path / "pipe.txt")])
    for found in (in_folder, named):
        codes = {item.path.name: item.error_code for item in found.inputs}
        assert codes["pipe.txt"] == SPECIAL_CODE
    assert {item.path.name: item.error_code for item in in_folder.inputs}["cv.txt"] is None
