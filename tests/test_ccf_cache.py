"""The CCF index kept in the user's cache folder: used only when whole and current."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bilingual_cv import ccf
from tests.conftest import DAMAGES, damage_file


@pytest.fixture
def cache_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv(ccf.INDEX_CACHE_ENV, str(folder))
    return folder


def _build() -> ccf._Index:
    return ccf._index.__wrapped__()  # the uncached function: every call reads or builds


def _same(a: ccf._Index, b: ccf._Index) -> None:
    assert a.catalogs == b.catalogs
    assert a.exact == b.exact
    assert a.loose == b.loose
    assert a.names == b.names
    assert a.markers == b.markers
    assert a.abbreviated == b.abbreviated


def _only_file(folder: Path) -> Path:
    files = list(folder.glob("ccf-index-*.pickle"))
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
    _same(read, ccf._build_index())


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_file_is_built_again(cache_dir: Path, damage: str) -> None:
    _build()
    path = _only_file(cache_dir)
    damage_file(path, damage)
    digest = ccf._index_digest()
    assert digest is not None
    assert ccf._read_index(path, digest) is None
    _same(_build(), ccf._build_index())
    assert ccf._read_index(_only_file(cache_dir), digest) is not None  # rewritten whole


def test_a_stale_file_is_never_read_and_old_ones_are_removed(cache_dir: Path) -> None:
    _build()
    path = _only_file(cache_dir)
    stale = [cache_dir / f"ccf-index-{n:032x}.pickle" for n in range(5)]
    for n, old in enumerate(stale):
        old.write_bytes(path.read_bytes())
        os.utime(old, ns=(n * 10**9, n * 10**9))
    assert ccf._read_index(stale[0], "0" * 64) is None  # another digest in its header
    path.unlink()
    _build()
    kept = {p.name for p in cache_dir.glob("ccf-index-*.pickle")}
    assert kept == {path.name, *(old.name for old in stale[2:])}  # the newest others stay


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_file_others_can_write_is_not_trusted(cache_dir: Path) -> None:
    _build()
    path = _only_file(cache_dir)
    path.chmod(0o666)
    digest = ccf._index_digest()
    assert digest is not None
    assert ccf._read_index(path, digest) is None


def test_an_empty_setting_keeps_no_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ccf.INDEX_CACHE_ENV, "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert ccf.index_cache_dir() is None
    _build()
    assert not list(tmp_path.rglob("*.pickle"))


def test_an_unwritable_folder_only_costs_the_build(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(ccf.INDEX_CACHE_ENV, str(blocker / "cache"))
    _same(_build(), ccf._build_index())


def test_the_default_folder_follows_xdg(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(ccf.INDEX_CACHE_ENV, raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    assert ccf.index_cache_dir() == tmp_path / "bilingual-cv"
