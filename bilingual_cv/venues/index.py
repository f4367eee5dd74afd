"""The CCF index: every lookup table of the venue matcher, built once from ``lexicons/ccf/``
(:func:`_build_index`) and kept in the user's cache folder as plain JSON data (:func:`_index`);
an edition's catalog (:func:`catalog`) and a venue identity's records.
"""

from __future__ import annotations

import gc
import hashlib
import json
import sys
import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from bilingual_cv.cache_files import CACHE_ENV, cache_dir, read_cache_file, write_cache_file
from bilingual_cv.errors import LexiconError
from bilingual_cv.lexicon import lexicon_root, load_ccf_aliases, load_ccf_markers
from bilingual_cv.plain_data import from_plain, to_plain
from bilingual_cv.venues.catalog import (
    DEFAULT_EDITION,
    EDITIONS,
    Edition,
    VenueRecord,
    _add_unranked,
    _read_aliases,
    _read_catalog,
    _Tables,
    _Target,
)
from bilingual_cv.venues.markers import VenueKind, VenueType, _build_markers, _Markers
from bilingual_cv.venues.tokens import _key, _loose_key


@dataclass(frozen=True, slots=True, eq=False)
class _Index:
    catalogs: dict[Edition, dict[str, VenueRecord]]
    order: dict[str, int]
    exact: dict[str, _Target]
    loose: dict[str, _Target]
    abbr_keys: dict[Edition, dict[str, frozenset[str]]]
    name_keys: dict[Edition, dict[str, frozenset[str]]]
    group_display: dict[str, tuple[str, str]]
    display: dict[str, str]
    kind: dict[str, VenueKind]
    workshop_like: frozenset[str]
    names: dict[str, tuple[str, ...]]
    defaults: dict[str, str]
    proceedings: dict[str, frozenset[str]]
    max_len: int
    markers: _Markers
    #: multi-word names by :func:`_abbreviation_signature`, for ISO 4 forms ("IEEE Trans. Comput.")
    abbreviated: dict[str, tuple[tuple[tuple[str, ...], str], ...]]


@cache
def _index() -> _Index:
    """Every lookup table, built once from ``lexicons/ccf/``; raises LexiconError on bad data.

    Building takes about 100 ms (YAML, validation, keys); the tables are kept in the user's
    cache folder (:func:`index_cache_dir`) as plain JSON data (:mod:`~bilingual_cv.plain_data`)
    and read back, checked field by field against their types, in about 15 ms by later
    processes. The file is named by a digest of everything the tables are built from (the
    lexicon files, the modules of :data:`_INDEX_SOURCES`, the Python and Unicode versions),
    and holds a digest of its own bytes: a stale, foreign, damaged or ill-typed file is never
    used, and the tables are built again (and the file rewritten). Only a private cache folder
    is used (:mod:`~bilingual_cv.cache_files`).
    """
    digest = _index_digest()
    folder = index_cache_dir()
    if digest is None or folder is None:
        return _build_index()
    path = folder / f"ccf-index-{digest[:32]}.json"
    cached = _read_index(path, digest)
    if cached is not None:
        return cached
    idx = _build_index()
    _write_index(path, digest, idx)
    return idx


#: Environment variable naming the folder of the index cache; empty: no cache.
INDEX_CACHE_ENV = CACHE_ENV


#: The first line of an index cache file; the digest of its inputs follows.
_CACHE_MAGIC = b"bilingual-cv ccf index v2 json\n"


#: Index files kept in the cache folder (other checkouts or versions may share it).
_KEPT_VERSIONS = 4


#: Source files (paths in the package) whose code shapes the index: the key functions and the
#: CJK ranges they cut tokens by, the marker tables, the catalog readers, this module, the
#: lexicon loaders and models, the schema's enums, and the plain-data form of the cache file.
_INDEX_SOURCES = (
    "venues/tokens.py",
    "lang/scripts.py",
    "venues/markers.py",
    "venues/catalog.py",
    "venues/index.py",
    "lexicon.py",
    "schema.py",
    "plain_data.py",
)


def index_cache_dir() -> Path | None:
    """Where the built CCF index is kept: the cache folder (:func:`cache_dir`)."""
    return cache_dir()


def _index_digest() -> str | None:
    """SHA-256 of every input of :func:`_build_index`; None when a source cannot be read."""
    digest = hashlib.sha256()
    for part in (sys.version, unicodedata.unidata_version):
        digest.update(part.encode() + b"\0")
    package = Path(__file__).resolve().parents[1]
    files = [package / name for name in _INDEX_SOURCES]
    files += [lexicon_root() / "ccf" / name for name in _INDEX_LEXICONS]
    try:
        for path in files:
            data = path.read_bytes()
            digest.update(f"{path.name}:{len(data)}:".encode() + data)
    except OSError:
        return None
    return digest.hexdigest()


#: The lexicon files :func:`_build_index` reads.
_INDEX_LEXICONS = (
    *(f"venues-{edition.value}.yaml" for edition in EDITIONS),
    "aliases.yaml",
    "unranked.yaml",
    "markers.yaml",
)


def _read_index(path: Path, digest: str) -> _Index | None:
    """The index kept at ``path``, when the file is ours, of these inputs, whole, and of the
    declared types throughout."""
    payload = read_cache_file(path, _CACHE_MAGIC + digest.encode() + b"\n")
    if payload is None:
        return None
    # Decoding allocates some 40,000 objects and frees none: the cycle collector would only
    # rescan them (it doubles the time in a fresh process), so it waits until the end.
    paused = gc.isenabled()
    gc.disable()
    try:
        return from_plain(json.loads(payload), _Index)
    except ValueError:  # not JSON, not UTF-8, or not an index: build again
        return None
    finally:
        if paused:
            gc.enable()


def _write_index(path: Path, digest: str, idx: _Index) -> None:
    """Keep ``idx`` at ``path``, and at most :data:`_KEPT_VERSIONS` index files in all."""
    payload = json.dumps(to_plain(idx), ensure_ascii=False, separators=(",", ":")).encode()
    head = _CACHE_MAGIC + digest.encode() + b"\n"
    write_cache_file(path, head, payload, keep=_KEPT_VERSIONS)


def _build_index() -> _Index:
    """Build every lookup table from ``lexicons/ccf/``; raises LexiconError on bad data."""
    tables = _Tables(_build_markers(load_ccf_markers()))
    for edition in EDITIONS:
        _read_catalog(tables, edition)
    aliases = load_ccf_aliases()
    _read_aliases(tables, aliases)
    exact: dict[str, _Target] = {
        key: _Target(ids=tuple(sorted(ids, key=tables.order.__getitem__)))
        for key, ids in tables.exact_ids.items()
    }
    _add_unranked(exact)
    loose_table = _loose_table(exact, tables.markers)
    defaults: dict[str, str] = {}
    for abbr, vid in aliases.defaults.items():
        key = _key(abbr)
        if key not in exact or vid not in exact[key].ids:
            raise LexiconError(f"ccf/aliases.yaml: defaults: {abbr!r} does not name {vid}")
        defaults[key] = vid
    return _Index(
        catalogs=tables.catalogs,
        order=tables.order,
        exact=exact,
        loose=loose_table,
        abbr_keys={e: {k: frozenset(v) for k, v in t.items()} for e, t in tables.abbr_keys.items()},
        name_keys={e: {k: frozenset(v) for k, v in t.items()} for e, t in tables.name_keys.items()},
        group_display=tables.group_display,
        display=tables.display,
        kind=tables.kind,
        workshop_like=frozenset(tables.workshop_like),
        names={vid: tuple(sorted(keys)) for vid, keys in tables.names.items()},
        defaults=defaults,
        proceedings={j: frozenset(confs) for j, confs in aliases.proceedings.items()},
        max_len=max(len(key.split()) for key in [*exact, *loose_table]),
        markers=tables.markers,
        abbreviated=_abbreviated_table(exact, tables.markers),
    )


def _loose_table(exact: dict[str, _Target], markers: _Markers) -> dict[str, _Target]:
    """Loose keys (:func:`_loose_key`) that name one venue only."""
    loose_sets: dict[str, list[_Target]] = {}
    for key, target in exact.items():
        if target.ids and len(target.ids) > 1:
            continue
        loose = _loose_key(key, markers.name_noise)
        if loose is not None and target not in loose_sets.setdefault(loose, []):
            loose_sets[loose].append(target)
    return {key: targets[0] for key, targets in loose_sets.items() if len(targets) == 1}


def _abbreviated_table(
    exact: dict[str, _Target], markers: _Markers
) -> dict[str, tuple[tuple[tuple[str, ...], str], ...]]:
    """Names by their ISO 4 abbreviation signature (:func:`_abbreviated`)."""
    abbreviated: dict[str, list[tuple[tuple[str, ...], str]]] = {}
    for key in exact:
        content = tuple(t for t in key.split() if t[0].isalnum() and t not in markers.name_noise)
        if len(content) >= 2:
            abbreviated.setdefault(_abbreviation_signature(content), []).append((content, key))
    return {sig: tuple(names) for sig, names in abbreviated.items()}


def _abbreviation_signature(words: Sequence[str]) -> str:
    """Word count and initials: an ISO 4 abbreviation keeps both ("Trans. Comput." -> "2:tc")."""
    return f"{len(words)}:{''.join(w[0] for w in words)}"


def catalog(edition: Edition = DEFAULT_EDITION) -> dict[str, VenueRecord]:
    """Every venue of one edition, keyed by identity (dblp key), in the list's order.

    >>> catalog("2026")["conf/nsdi"].rank
    <CcfRank.A: 'A'>
    >>> "conf/iclr" in catalog("2022")
    False
    """
    return _index().catalogs[edition]


def _type_of(vid: str, idx: _Index) -> VenueType:
    for edition in reversed(EDITIONS):
        rec = idx.catalogs[edition].get(vid)
        if rec is not None:
            return rec.type
    raise KeyError(vid)  # pragma: no cover - identities come from the catalogs


def _record(vid: str, edition: Edition, idx: _Index) -> VenueRecord | None:
    return idx.catalogs[edition].get(vid)


def _any_record(vid: str, edition: Edition, idx: _Index) -> VenueRecord:
    """The record in ``edition``, else in the other edition (for names of unranked venues)."""
    rec = idx.catalogs[edition].get(vid)
    if rec is not None:
        return rec
    for other in reversed(EDITIONS):
        rec = idx.catalogs[other].get(vid)
        if rec is not None:
            return rec
    raise KeyError(vid)  # pragma: no cover
