"""Hostile inputs of the batch tests: file names no batch may choke on, and a fictional CV that
sits outside the inputs (a link or a swapped file must never carry its text into an output)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

from tests.commands import EXAMPLES

#: A fictional CV whose text must never reach an output when it sits outside the inputs.
SECRET_TEXT = "Zed Quillfeather\nzed@example.org\nEducation\nPh.D., Example Institute, 2011\n"


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


def make_files(folder: Path, names: list[bytes], text: bytes = b"Jane Roe\n") -> list[Path]:
    """Write ``text`` into ``folder`` under each of ``names`` (bytes); the paths made."""
    paths = []
    for name in names:
        raw = os.path.join(os.fsencode(folder), name)
        with open(raw, "wb") as handle:
            handle.write(text)
        paths.append(Path(os.fsdecode(raw)))
    return paths


def cvs_beside_a_secret(tmp_path: Path) -> Path:
    """Two fictional CVs in ``cvs/``, and a file outside it (``secret/payroll.txt``)."""
    folder = tmp_path / "cvs"
    folder.mkdir()
    shutil.copy(EXAMPLES[0], folder / "jane.txt")
    shutil.copy(EXAMPLES[1], folder / f"lee{EXAMPLES[1].suffix}")
    (tmp_path / "secret").mkdir()
    (tmp_path / "secret" / "payroll.txt").write_text(SECRET_TEXT, encoding="utf-8")
    return folder
