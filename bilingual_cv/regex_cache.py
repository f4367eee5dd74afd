"""The package's fixed patterns, compiled once per Python and not once per process.

CPython's regular-expression compiler is written in Python, and some of its work is slow.
A character class over the CJK block sets its 20,992 entries one at a time, and the phrase
matchers built from the lexicons hold thousands of alternatives. Compiling the package's
patterns took a fresh process over 100 ms (Python 3.11), a quarter of its time to the first
result.

:func:`compile_pattern` keeps what the compiler made of each pattern in one file in the
cache folder (:func:`~bilingual_cv.cache_files.cache_dir`): the engine's code, flags and
groups. A later process hands that straight to the engine (``_sre.compile``), which checks
the code as it loads it. The file is named by the Python build, so a code format from another
version is never read. The first call checks that this Python's internals are the ones
relied on: a probe pattern compiled both ways must compare equal, and equality covers the
code. When the check fails, every pattern is compiled by :func:`re.compile`.

Only fixed patterns go through here: module constants and patterns built from the lexicons.
A pattern made from a CV's text must use :func:`re.compile`, or the file would grow with
every CV. New patterns are written when the process exits, or on :func:`save_patterns`.
"""

from __future__ import annotations

import atexit
import hashlib
import importlib
import marshal
import re
import sys
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from bilingual_cv.cache_files import cache_dir, read_cache_file, write_cache_file

#: What the engine is given for a pattern: flags, code, the highest group number, the
#: group index by name and the group names by number.
_Entry = tuple[int, list[int], int, dict[str, int], tuple[str | None, ...]]
_Key = tuple[str, int]

#: The first line of a pattern file; the digest of the Python build follows.
_MAGIC = b"bilingual-cv patterns v2\n"
#: Pattern files kept in the cache folder (other Python builds may share it).
_KEPT_VERSIONS = 4
#: A file holding more patterns than this is rewritten with only those this process used
#: (other versions of the package leave theirs behind).
MAX_KEPT_PATTERNS = 2000
#: A process records at most this many new patterns (a guard against a caller passing text).
MAX_NEW_PATTERNS = 1000
#: Compiled both ways when the first pattern is asked for: groups, a named group, a CJK
#: class, a case-insensitive part and a possessive repeat.
_PROBE = r"(?P<a>[\u4e00-\u4e0f]+)\s*+(?i:ab[c-f])|(\d{2,4})(?<!0)"


@dataclass(slots=True)
class _Store:
    """The patterns of this process: read from the file and not yet asked for, compiled
    anew and not yet written (each entry in :mod:`marshal` bytes, a tenth of the memory of
    its list of numbers, until it is used), asked for, and compiled."""

    engine: Any
    path: Path | None
    head: bytes
    known: dict[_Key, bytes]
    added: dict[_Key, bytes] = field(default_factory=dict)
    used: set[_Key] = field(default_factory=set)
    compiled: dict[_Key, re.Pattern[str]] = field(default_factory=dict)
    hooked: bool = False  # save_patterns runs at exit


def compile_pattern(pattern: str, flags: int = 0) -> re.Pattern[str]:
    """``re.compile(pattern, flags)`` for a fixed pattern of the package, from the cache
    file when this Python compiled it before.

    >>> compile_pattern(r"[\\u4e00-\\u9fff]+").findall("CV 简历")
    ['简历']
    >>> compile_pattern("a|b", re.IGNORECASE) == re.compile("a|b", re.IGNORECASE)
    True
    """
    store = _store()
    if store is None:
        return re.compile(pattern, flags)
    key = (pattern, int(flags))
    compiled = store.compiled.get(key)
    if compiled is not None:
        return compiled
    kept = store.known.pop(key, None)  # the file is read again when it is written
    if kept is not None:
        try:
            compiled = store.engine.compile(pattern, *marshal.loads(kept))
        except Exception:  # noqa: BLE001 - an entry the engine refuses: compile it anew
            compiled = None
    if compiled is None:
        entry = _compile_entry(pattern, key[1])
        compiled = store.engine.compile(pattern, *entry)
        if len(store.added) < MAX_NEW_PATTERNS:
            if not store.hooked and store.path is not None:
                atexit.register(save_patterns)
                store.hooked = True
            store.added[key] = marshal.dumps(entry)
    store.used.add(key)
    store.compiled[key] = compiled
    return compiled  # type: ignore[no-any-return]


def save_patterns() -> None:
    """Write the patterns compiled anew in this process to the cache file, with those the
    file holds (another process may have written it meanwhile)."""
    store = _store()
    if store is None or store.path is None or not store.added:
        return
    merged = _read(store.path, store.head)
    merged.update(store.added)
    if len(merged) > MAX_KEPT_PATTERNS:
        merged = {key: merged[key] for key in store.used if key in merged}
    write_cache_file(store.path, store.head, marshal.dumps(merged), keep=_KEPT_VERSIONS)
    store.added.clear()


@cache
def _store() -> _Store | None:
    """The patterns of this process, None when this Python's engine cannot be given code."""
    engine = _engine()
    if engine is None:
        return None
    build = "\0".join(
        (sys.version, sys.implementation.cache_tag or "", str(engine.MAGIC), str(engine.CODESIZE))
    )
    digest = hashlib.sha256(build.encode()).hexdigest()
    head = _MAGIC + digest.encode() + b"\n"
    folder = cache_dir()
    if folder is None:
        return _Store(engine, None, head, {})
    path = folder / f"patterns-{digest[:32]}.marshal"
    return _Store(engine, path, head, _read(path, head))


def _engine() -> Any:
    """CPython's engine module, when patterns compiled here equal :func:`re.compile`'s."""
    try:
        engine: Any = importlib.import_module("_sre")
        probe, plain = engine.compile(_PROBE, *_compile_entry(_PROBE, 0)), re.compile(_PROBE)
        if probe != plain or probe.groupindex != plain.groupindex:
            return None
        return engine
    except Exception:  # noqa: BLE001 - internals other than relied on: compile plainly
        return None


def _compile_entry(pattern: str, flags: int) -> _Entry:
    """What :func:`re.compile` hands the engine for ``pattern`` (``re._compiler.compile``),
    in plain types that :mod:`marshal` can keep."""
    parser: Any = importlib.import_module("re._parser")
    compiler: Any = importlib.import_module("re._compiler")
    tree = parser.parse(pattern, flags)
    code = [int(op) for op in compiler._code(tree, flags)]
    groupindex = {str(name): int(number) for name, number in tree.state.groupdict.items()}
    indexgroup: list[str | None] = [None] * tree.state.groups
    for name, number in groupindex.items():
        indexgroup[number] = name
    groups = int(tree.state.groups) - 1
    return (int(flags | tree.state.flags), code, groups, groupindex, tuple(indexgroup))


def _read(path: Path, head: bytes) -> dict[_Key, bytes]:
    """The patterns of the file at ``path``; none when it is missing, foreign or damaged."""
    payload = read_cache_file(path, head)
    if payload is None:
        return {}
    try:
        patterns = marshal.loads(payload)
    except Exception:  # noqa: BLE001 - any damage means: compile anew
        return {}
    return patterns if isinstance(patterns, dict) else {}
