"""Patterns compiled from the cache file are the patterns ``re.compile`` makes.

:mod:`bilingual_cv.regex_cache` hands the regex engine code that an earlier process
compiled. These tests check that every pattern so made equals a fresh ``re.compile`` (pattern
equality covers the engine code and the flags), that a damaged, foreign or refused file only
costs compiling anew, and that no text of a CV ever becomes a pattern in the file.
"""

from __future__ import annotations

import marshal
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import bilingual_cv
from bilingual_cv import regex_cache
from bilingual_cv.cache_files import CACHE_ENV
from tests.conftest import DAMAGES, EXAMPLES_DIR, ROOT, damage_file

EXAMPLES = sorted(p for p in EXAMPLES_DIR.iterdir() if p.suffix in {".txt", ".md"})


@pytest.fixture
def fresh_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A store of its own, on an empty cache folder, as in a new process; the suite's store
    comes back afterwards."""
    folder = tmp_path / "cache"
    monkeypatch.setenv(CACHE_ENV, str(folder))
    regex_cache._store.cache_clear()
    yield folder
    regex_cache._store.cache_clear()


@pytest.fixture(scope="module")
def suite_keys() -> list[tuple[str, int]]:
    """Every pattern the package compiled in this process once the examples are parsed: the
    module constants and the patterns built from the lexicons."""
    for example in EXAMPLES:
        bilingual_cv.parse_text(example.read_text(encoding="utf-8"))
    store = regex_cache._store()
    assert store is not None, "this CPython's engine should take compiled code"
    return sorted(store.compiled)


def _same(pattern: re.Pattern[str], plain: re.Pattern[str]) -> None:
    assert pattern == plain  # the pattern text, the flags and the engine code
    assert (pattern.groups, pattern.groupindex) == (plain.groups, plain.groupindex)


def _only_file(folder: Path) -> Path:
    files = list(folder.glob("patterns-*.marshal"))
    assert len(files) == 1, files
    return files[0]


def test_every_pattern_read_back_equals_re_compile(
    suite_keys: list[tuple[str, int]], fresh_store: Path
) -> None:
    keys = suite_keys
    assert len(keys) > 150  # the module constants and the lexicons' matchers
    for pattern, flags in keys:
        regex_cache.compile_pattern(pattern, flags)
    regex_cache.save_patterns()
    path = _only_file(fresh_store)
    assert path.stat().st_mode & 0o077 == 0
    regex_cache._store.cache_clear()  # a new process: every pattern comes from the file
    store = regex_cache._store()
    assert store is not None
    assert set(store.known) == set(keys)
    for pattern, flags in keys:
        _same(regex_cache.compile_pattern(pattern, flags), re.compile(pattern, flags))
    assert not store.added  # nothing compiled anew
    stamp = path.stat().st_mtime_ns
    regex_cache.save_patterns()
    assert path.stat().st_mtime_ns == stamp  # nothing new: not written again


def test_a_cv_text_never_becomes_a_pattern(fresh_store: Path) -> None:
    """CVs whose every line carries a made-up word: no pattern compiled holds one."""
    for n, example in enumerate(EXAMPLES):
        lines = example.read_text(encoding="utf-8").splitlines()
        marked = [
            f"{line} Qzxvk{n}{i} 龘{i}" if line.strip() else line for i, line in enumerate(lines)
        ]
        bilingual_cv.parse_text("\n".join(marked))
    store = regex_cache._store()
    assert store is not None
    for pattern, _ in store.compiled:  # every pattern asked for while the CVs were parsed
        assert "Qzxvk" not in pattern and "龘" not in pattern, pattern


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_file_is_compiled_anew(
    suite_keys: list[tuple[str, int]], fresh_store: Path, damage: str
) -> None:
    keys = suite_keys[:40]
    for pattern, flags in keys:
        regex_cache.compile_pattern(pattern, flags)
    regex_cache.save_patterns()
    path = _only_file(fresh_store)
    damage_file(path, damage)
    regex_cache._store.cache_clear()
    store = regex_cache._store()
    assert store is not None and not store.known
    for pattern, flags in keys:
        _same(regex_cache.compile_pattern(pattern, flags), re.compile(pattern, flags))
    regex_cache.save_patterns()  # written whole again
    regex_cache._store.cache_clear()
    store = regex_cache._store()
    assert store is not None and set(store.known) == set(keys)


def test_an_entry_the_engine_refuses_is_compiled_anew(fresh_store: Path) -> None:
    pattern = r"(?P<year>(?:19|20)\d\d)[\u4e00-\u9fff]"
    regex_cache.compile_pattern(pattern)
    store = regex_cache._store()
    assert store is not None
    flags, code, groups, groupindex, indexgroup = marshal.loads(store.added[(pattern, 0)])
    broken = (flags, code[:-3] + [999_999], groups, groupindex, indexgroup)
    store.added[(pattern, 0)] = marshal.dumps(broken)
    regex_cache.save_patterns()
    regex_cache._store.cache_clear()
    store = regex_cache._store()
    assert store is not None and (pattern, 0) in store.known
    _same(regex_cache.compile_pattern(pattern), re.compile(pattern))
    assert (pattern, 0) in store.added  # to be written again, right


def test_a_file_of_another_python_is_never_read(fresh_store: Path) -> None:
    regex_cache.compile_pattern(r"\d+")
    regex_cache.save_patterns()
    path = _only_file(fresh_store)
    store = regex_cache._store()
    assert store is not None
    assert regex_cache._read(path, store.head) != {}
    other = store.head.replace(store.head[-10:-1], b"0" * 9)
    assert regex_cache._read(path, other) == {}


@pytest.mark.skipif(not hasattr(os, "getuid"), reason="POSIX permissions")
def test_a_file_others_can_write_is_not_trusted(fresh_store: Path) -> None:
    regex_cache.compile_pattern(r"\d+")
    regex_cache.save_patterns()
    path = _only_file(fresh_store)
    path.chmod(0o666)
    regex_cache._store.cache_clear()
    store = regex_cache._store()
    assert store is not None and not store.known


def test_an_engine_unlike_re_compiles_plainly(
    fresh_store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = regex_cache._compile_entry

    def flagless(pattern: str, flags: int) -> regex_cache._Entry:  # internals that differ
        entry = real(pattern, flags)
        return (0, *entry[1:])

    monkeypatch.setattr(regex_cache, "_compile_entry", flagless)
    assert regex_cache._store() is None
    pattern = r"(?i)[a-z]+\s[\u4e00-\u9fff]"
    assert regex_cache.compile_pattern(pattern) is re.compile(pattern)
    assert not list(fresh_store.glob("*"))


def test_an_empty_setting_keeps_no_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(CACHE_ENV, "")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    regex_cache._store.cache_clear()
    try:
        _same(regex_cache.compile_pattern(r"[\u3400-\u4dbf]+"), re.compile(r"[\u3400-\u4dbf]+"))
        regex_cache.save_patterns()
        assert not list(tmp_path.rglob("*"))
    finally:
        regex_cache._store.cache_clear()


def test_an_unwritable_folder_only_costs_compiling(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(CACHE_ENV, str(blocker / "cache"))
    regex_cache._store.cache_clear()
    try:
        _same(regex_cache.compile_pattern(r"\w+\d"), re.compile(r"\w+\d"))
        regex_cache.save_patterns()  # no error
    finally:
        regex_cache._store.cache_clear()


def test_a_crowded_file_keeps_what_this_process_used(
    fresh_store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = [rf"old{n}\d" for n in range(30)]
    for pattern in old:
        regex_cache.compile_pattern(pattern)
    regex_cache.save_patterns()
    regex_cache._store.cache_clear()  # a later version of the package uses other patterns
    monkeypatch.setattr(regex_cache, "MAX_KEPT_PATTERNS", 20)
    used = [old[0], r"new\d", r"newer\w"]
    for pattern in used:
        regex_cache.compile_pattern(pattern)
    regex_cache.save_patterns()
    regex_cache._store.cache_clear()
    store = regex_cache._store()
    assert store is not None and set(store.known) == {(p, 0) for p in used}


def test_a_process_records_a_bounded_number_of_patterns(
    fresh_store: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(regex_cache, "MAX_NEW_PATTERNS", 5)
    for n in range(12):
        _same(regex_cache.compile_pattern(rf"x{n}\d"), re.compile(rf"x{n}\d"))
    store = regex_cache._store()
    assert store is not None and len(store.added) == 5


@pytest.mark.slow
def test_a_second_process_compiles_nothing(tmp_path: Path) -> None:
    """Two fresh interpreters on one cache folder: the first writes the file when it exits,
    the second compiles no pattern anew and gets the same outputs."""
    code = (
        "import sys, bilingual_cv\n"
        "from bilingual_cv import regex_cache\n"
        "out = [bilingual_cv.parse_text(open(p, encoding='utf-8').read()).model_dump_json()"
        " for p in sys.argv[1:]]\n"
        "store = regex_cache._store()\n"
        "print(len(store.added), len(store.compiled), hash(tuple(out)))\n"
    )
    env = dict(os.environ, **{CACHE_ENV: str(tmp_path), "PYTHONHASHSEED": "0"})
    runs = [
        subprocess.run(
            [sys.executable, "-c", code, *map(str, EXAMPLES)],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env=env,
        ).stdout.split()
        for _ in range(2)
    ]
    (added_1, compiled_1, out_1), (added_2, compiled_2, out_2) = runs
    assert int(added_1) > 150 and int(compiled_1) == int(added_1)
    assert int(added_2) == 0 and int(compiled_2) == int(compiled_1)  # each from the file
    assert out_1 == out_2
