"""bilingual_cv.cache_files: a cache file is read only from a private folder, never through a
link, and only when it is a regular file of ours that no one else may write."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bilingual_cv.cache_files import read_cache_file, write_cache_file

HEAD = b"toy cache v1\n"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path / "cache"


def test_a_file_written_is_read_back(folder: Path) -> None:
    write_cache_file(folder / "toy-1.json", HEAD, b"[1, 2]", keep=2)
    assert read_cache_file(folder / "toy-1.json", HEAD) == b"[1, 2]"
    assert [p.name for p in folder.iterdir()] == ["toy-1.json"]  # no temporary file left
    assert (folder / "toy-1.json").stat().st_mode & 0o777 == 0o600


def test_a_hard_link_is_not_read(folder: Path, tmp_path: Path) -> None:
    write_cache_file(folder / "toy-1.json", HEAD, b"[1]", keep=2)
    os.link(folder / "toy-1.json", tmp_path / "other-name")
    assert read_cache_file(folder / "toy-1.json", HEAD) is None


def test_a_fifo_is_not_waited_for(folder: Path) -> None:
    folder.mkdir(mode=0o700)
    os.mkfifo(folder / "toy-1.json", 0o600)
    assert read_cache_file(folder / "toy-1.json", HEAD) is None  # returns, does not block


def test_a_file_others_can_write_is_not_read(folder: Path) -> None:
    write_cache_file(folder / "toy-1.json", HEAD, b"[1]", keep=2)
    (folder / "toy-1.json").chmod(0o602)
    assert read_cache_file(folder / "toy-1.json", HEAD) is None


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root to chown")
def test_a_file_another_user_owns_is_not_read(folder: Path) -> None:
    write_cache_file(folder / "toy-1.json", HEAD, b"[1]", keep=2)
    os.chown(folder / "toy-1.json", 12345, 12345)
    assert read_cache_file(folder / "toy-1.json", HEAD) is None


def test_a_link_to_a_whole_file_of_ours_is_not_followed(folder: Path, tmp_path: Path) -> None:
    write_cache_file(tmp_path / "mine" / "toy-1.json", HEAD, b"[1]", keep=2)
    folder.mkdir(mode=0o700)
    (folder / "toy-1.json").symlink_to(tmp_path / "mine" / "toy-1.json")
    assert read_cache_file(tmp_path / "mine" / "toy-1.json", HEAD) == b"[1]"
    assert read_cache_file(folder / "toy-1.json", HEAD) is None


def test_a_write_replaces_a_planted_link_and_leaves_its_target_alone(
    folder: Path, tmp_path: Path
) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_bytes(b"precious")
    folder.mkdir(mode=0o700)
    (folder / "toy-1.json").symlink_to(victim)
    write_cache_file(folder / "toy-1.json", HEAD, b"[1]", keep=2)
    assert victim.read_bytes() == b"precious"
    assert not (folder / "toy-1.json").is_symlink()
    assert read_cache_file(folder / "toy-1.json", HEAD) == b"[1]"


def test_old_versions_beyond_keep_are_removed(folder: Path) -> None:
    for n in range(4):
        write_cache_file(folder / f"toy-{n}.json", HEAD, b"[1]", keep=2)
        os.utime(folder / f"toy-{n}.json", ns=(n * 10**9, n * 10**9))
    write_cache_file(folder / "other-1.json", HEAD, b"[1]", keep=2)
    assert sorted(p.name for p in folder.iterdir()) == ["other-1.json", "toy-2.json", "toy-3.json"]


def _forged_patterns_file(path: Path) -> str:
    """Write at ``path`` the pattern cache file that ``regex_cache`` (removed) would read in
    this Python: well formed and checksummed, with one integer of the engine code of
    :data:`~bilingual_cv.lang.scripts.CJK_RE` (compiled by every parse) changed so that the
    engine crashes on it. Returns the name that module gave the file. Only a test forges
    engine code: it needs CPython's private ``re._parser``, ``re._compiler`` and ``_sre``."""
    import hashlib
    import importlib
    import marshal
    import sys

    from bilingual_cv.lang.scripts import CJK_RE

    try:
        engine = importlib.import_module("_sre")
        tree = importlib.import_module("re._parser").parse(CJK_RE.pattern, 0)
        code = [int(op) for op in importlib.import_module("re._compiler")._code(tree, 0)]
        build = "\0".join((sys.version, sys.implementation.cache_tag or "",
                           str(engine.MAGIC), str(engine.CODESIZE)))  # fmt: skip
    except (ImportError, AttributeError) as exc:
        pytest.skip(f"cannot forge engine code on this Python ({exc})")
    code[code[1] + 2] = 0  # the skip of the operation after the INFO block
    entry = (int(tree.state.flags), code, 0, {}, (None,))
    payload = marshal.dumps({(CJK_RE.pattern, 0): marshal.dumps(entry)})
    digest = hashlib.sha256(build.encode()).hexdigest()
    head = b"bilingual-cv patterns v2\n" + digest.encode() + b"\n"
    path.write_bytes(head + hashlib.sha256(payload).digest() + payload)
    path.chmod(0o600)
    return f"patterns-{digest[:32]}.marshal"


@pytest.mark.slow
@pytest.mark.parametrize("where", ["link in a shared folder", "file in our folder"])
def test_a_forged_pattern_cache_cannot_crash_a_parse(tmp_path: Path, where: str) -> None:
    """Issue 25 case 3: a planted link to a checksummed pattern file with one integer changed
    made every later parse die of SIGSEGV. No cache holds engine code any more: the parse
    succeeds, wherever the file sits."""
    import subprocess
    import sys

    folder = tmp_path / "cache"
    folder.mkdir(mode=0o700)
    victim = tmp_path / "attachment.bin"
    name = _forged_patterns_file(victim)
    if where == "link in a shared folder":
        folder.chmod(0o1777)
        (folder / name).symlink_to(victim)
    else:
        victim.rename(folder / name)
    code = (
        "import bilingual_cv as b; print(b.parse_text('Ann Lee\\n教育背景\\n玩具大学').person.name)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True, text=True, timeout=120, check=False,
        env={**os.environ, "BILINGUAL_CV_CACHE_DIR": str(folder)},
    )  # fmt: skip
    assert done.returncode == 0, (done.returncode, done.stderr[-2000:])
    assert done.stdout.strip() == "Ann Lee"
