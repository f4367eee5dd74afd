"""Tests for ``bilingual_cv.venues.index``: the CCF index is built on first use only, and kept in
the user's cache folder as plain JSON, used only when whole, current and of the declared types;
its file is named by a digest of every source the index is built from."""

from __future__ import annotations

import ast
import dataclasses
import hashlib
import json
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

from bilingual_cv.plain_data import to_plain
from bilingual_cv.venues import index
from tests.conftest import DAMAGES, damage_file


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(index.INDEX_CACHE_ENV, str(folder))
    return folder


def _build() -> index._Index:
    return index._index.__wrapped__()  # the uncached function: every call reads or builds


def _same(a: index._Index, b: index._Index) -> None:
    assert a.catalogs == b.catalogs
    assert a.exact == b.exact
    assert a.loose == b.loose
    assert a.names == b.names
    assert a.markers == b.markers
    assert a.abbreviated == b.abbreviated


def _only_file(folder: Path) -> Path:
    files = list(folder.glob("ccf-index-*.json"))
    assert len(files) == 1, files
    return files[0]


def test_the_index_is_written_once_and_read_back(cache_dir: Path) -> None:
    built = _build()
    path = _only_file(cache_dir)
    assert path.stat().st_mode & 0o077 == 0
    stamp = path.stat().st_mtime_ns
    read = _build()
    assert read is not built
    _same(read, built)
    assert path.stat().st_mtime_ns == stamp  # read, not written again
    _same(read, index._build_index())


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_file_is_built_again(cache_dir: Path, damage: str) -> None:
    _build()
    path = _only_file(cache_dir)
    damage_file(path, damage)
    digest = index._index_digest()
    assert digest is not None
    assert index._read_index(path, digest) is None
    _same(_build(), index._build_index())
    assert index._read_index(_only_file(cache_dir), digest) is not None  # rewritten whole


def test_a_stale_file_is_never_read_and_old_ones_are_removed(cache_dir: Path) -> None:
    _build()
    path = _only_file(cache_dir)
    stale = [cache_dir / f"ccf-index-{n:032x}.json" for n in range(5)]
    for n, old in enumerate(stale):
        old.write_bytes(path.read_bytes())
        os.utime(old, ns=(n * 10**9, n * 10**9))
    assert index._read_index(stale[0], "0" * 64) is None  # another digest in its header
    path.unlink()
    _build()
    kept = {p.name for p in cache_dir.glob("ccf-index-*.json")}
    assert kept == {path.name, *(old.name for old in stale[2:])}  # the newest others stay


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_file_others_can_write_is_not_trusted(cache_dir: Path) -> None:
    _build()
    path = _only_file(cache_dir)
    path.chmod(0o666)
    digest = index._index_digest()
    assert digest is not None
    assert index._read_index(path, digest) is None


def test_an_empty_setting_keeps_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(index.INDEX_CACHE_ENV, "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert index.index_cache_dir() is None
    _build()
    assert not list(tmp_path.rglob("ccf-index-*"))


def test_an_unwritable_folder_only_costs_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(index.INDEX_CACHE_ENV, str(blocker / "cache"))
    _same(_build(), index._build_index())


def test_the_default_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(index.INDEX_CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert index.index_cache_dir() == tmp_path / "bilingual-cv"


def _same_everywhere(a: index._Index, b: index._Index) -> None:
    """Every field equal, and every dict in the same order (outputs follow dict order)."""
    for field in dataclasses.fields(index._Index):
        mine, theirs = getattr(a, field.name), getattr(b, field.name)
        assert mine == theirs, field.name
        if isinstance(mine, dict):
            assert list(mine) == list(theirs), field.name


def test_the_file_is_plain_json_that_reads_back_to_the_built_index(cache_dir: Path) -> None:
    built = index._build_index()
    _build()
    path = _only_file(cache_dir)
    digest = index._index_digest()
    assert digest is not None
    head = index._CACHE_MAGIC + digest.encode() + b"\n"
    payload = path.read_bytes()[len(head) + 32 :]
    assert isinstance(json.loads(payload), list)  # plain data, nothing but JSON
    read = index._read_index(path, digest)
    assert read is not None
    _same_everywhere(read, built)


def _write_payload(path: Path, payload: bytes) -> None:
    """A cache file around ``payload`` with the right header and checksum for this code."""
    digest = index._index_digest()
    assert digest is not None
    head = index._CACHE_MAGIC + digest.encode() + b"\n"
    path.write_bytes(head + hashlib.sha256(payload).digest() + payload)
    path.chmod(0o600)


@pytest.mark.parametrize(
    "payload",
    [b"[1, 2, 3]", b"{}", b"\xff\xfe", b"[", b'"text"'],
    ids=["short-list", "object", "not-utf8", "not-json", "string"],
)
def test_a_whole_file_that_is_not_an_index_is_built_again(cache_dir: Path, payload: bytes) -> None:
    _build()
    path = _only_file(cache_dir)
    _write_payload(path, payload)
    digest = index._index_digest()
    assert digest is not None
    assert index._read_index(path, digest) is None
    _same(_build(), index._build_index())
    assert index._read_index(_only_file(cache_dir), digest) is not None  # rewritten whole


def test_an_ill_typed_index_is_built_again(cache_dir: Path) -> None:
    plain = to_plain(index._build_index())
    assert isinstance(plain, list)
    plain[0]["2026"]["conf/nsdi"][3] = "Z"  # a rank the enum lacks
    cache_dir.mkdir(mode=0o700)
    digest = index._index_digest()
    assert digest is not None
    path = cache_dir / f"ccf-index-{digest[:32]}.json"
    _write_payload(path, json.dumps(plain).encode())
    assert index._read_index(path, digest) is None
    assert _build().catalogs["2026"]["conf/nsdi"].rank == "A"


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts the builds of the index (each call of ``index._build_index``)."""
    counted: list[int] = []
    build = index._build_index

    def counting() -> index._Index:
        counted.append(1)
        return build()

    monkeypatch.setattr(index, "_build_index", counting)
    return counted


def test_a_planted_link_in_a_shared_folder_is_never_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, builds: list[int]
) -> None:
    """The issue's attack: another user plants, in a cache folder everyone may write to, the
    index's file name as a link to a file the victim owns and whose bytes the attacker chose
    (a well-formed cache file: code to run, or a tampered index)."""
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)  # like /tmp
    monkeypatch.setenv(index.INDEX_CACHE_ENV, str(shared))
    marker = tmp_path / "ran"
    digest = index._index_digest()
    assert digest is not None
    tampered = to_plain(index._build_index())
    assert isinstance(tampered, list)
    tampered[0]["2026"]["conf/nsdi"][3] = "C"
    victim_pickle, victim_json = tmp_path / "attachment.bin", tmp_path / "attachment.txt"
    _write_payload(victim_pickle, pickle.dumps(_Run(str(marker))))
    _write_payload(victim_json, json.dumps(tampered).encode())
    for suffix, victim in ((".pickle", victim_pickle), (".json", victim_json)):
        (shared / f"ccf-index-{digest[:32]}{suffix}").symlink_to(victim)
    builds.clear()
    idx = _build()
    assert not marker.exists(), "the planted file ran code"
    assert idx.catalogs["2026"]["conf/nsdi"].rank == "A"
    assert builds == [1]  # built, not loaded
    assert sorted(p.name for p in shared.iterdir()) == sorted(
        f"ccf-index-{digest[:32]}{suffix}" for suffix in (".json", ".pickle")
    )  # and nothing written into a folder others can write


class _Run:
    """Pickles as a call of ``os.mkdir(path)``: what a planted pickle could run."""

    def __init__(self, path: str) -> None:
        self.path = path

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (os.mkdir, (self.path,))


def test_a_link_in_our_own_folder_is_not_followed(cache_dir: Path, builds: list[int]) -> None:
    _build()
    path = _only_file(cache_dir)
    target = cache_dir.parent / "elsewhere.json"
    path.rename(target)
    path.symlink_to(target)
    builds.clear()
    _build()
    assert builds == [1]
    assert not path.is_symlink()  # replaced by a file of its own
    builds.clear()
    _build()
    assert builds == []


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
@pytest.mark.parametrize("mode", [0o777, 0o770, 0o722])
def test_a_folder_others_can_write_is_not_used(
    cache_dir: Path, builds: list[int], mode: int
) -> None:
    _build()
    path = _only_file(cache_dir)
    cache_dir.chmod(mode)
    builds.clear()
    _build()
    assert builds == [1]  # the whole file there was not read
    path.unlink()
    _build()
    assert not list(cache_dir.iterdir())  # nor anything written
    cache_dir.chmod(0o700)
    _build()
    assert len(list(cache_dir.iterdir())) == 1


@pytest.mark.skipif(not hasattr(os, "getuid") or os.getuid() != 0, reason="needs root to chown")
def test_a_folder_another_user_owns_is_not_used(cache_dir: Path, builds: list[int]) -> None:
    _build()
    os.chown(cache_dir, 12345, 12345)
    builds.clear()
    _build()
    assert builds == [1]


def test_a_linked_cache_folder_is_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, builds: list[int]
) -> None:
    real = tmp_path / "real"
    monkeypatch.setenv(index.INDEX_CACHE_ENV, str(real))
    _build()
    assert len(list(real.iterdir())) == 1
    link = tmp_path / "link"
    link.symlink_to(real)
    monkeypatch.setenv(index.INDEX_CACHE_ENV, str(link))
    builds.clear()
    _build()
    assert builds == [1]


def test_the_folder_is_created_private(cache_dir: Path) -> None:
    _build()
    assert cache_dir.stat().st_mode & 0o777 == 0o700


@pytest.mark.slow
def test_tables_load_lazily() -> None:
    code = "import bilingual_cv.venues.index as c; print(c._index.cache_info().currsize)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "0"


#: Modules the index's code imports that shape none of its tables: where the file is kept,
#: the exceptions bad data raises, and memoization (the same values, sooner).
PLUMBING = frozenset({"cache_files.py", "errors.py", "memo.py"})


def _imported_sources(package: Path, start: str) -> set[str]:
    """Package-relative paths of ``start`` and every package module it imports, transitively
    (``from bilingual_cv.x import ...`` at the top of each module)."""
    seen: set[str] = set()
    todo = [start]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for node in ast.parse((package / path).read_text(encoding="utf-8")).body:
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("bilingual_cv."):
                name = (node.module or "").removeprefix("bilingual_cv.").replace(".", "/")
                module = f"{name}.py"
                todo.append(module if (package / module).is_file() else f"{name}/__init__.py")
    return seen


def test_the_digest_covers_every_source_the_index_is_built_from() -> None:
    """A module the index's code imports is one of the digest's sources, or changing it could
    leave a stale index in the cache; and every source is read (none is missing)."""
    package = Path(index.__file__).resolve().parents[1]
    sources = _imported_sources(package, "venues/index.py")
    assert sources - PLUMBING == set(index._INDEX_SOURCES)
    assert index._index_digest() is not None
