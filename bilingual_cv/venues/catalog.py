"""The CCF catalog as ``lexicons/ccf/`` writes it: editions, venue records, and the keys that
name each venue.

The data is one YAML file per edition (generated from the CCF list), ``aliases.yaml`` (other
names of catalog venues), ``unranked.yaml`` (well-known venues in no edition) and
``markers.yaml`` (the words around a venue name, :mod:`~bilingual_cv.venues.markers`). Every
lookup key goes through :func:`~bilingual_cv.lexicon.lexicon_key`
(:func:`~bilingual_cv.venues.tokens._key`).

A venue's identity is the same in every edition (:func:`_identity`). The readers here fill
:class:`_Tables`, and :mod:`~bilingual_cv.venues.index` makes the index of them; a file that
contradicts itself (an alias naming two venues) raises :class:`~bilingual_cv.errors.LexiconError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bilingual_cv.errors import LexiconError
from bilingual_cv.lexicon import (
    CcfAliasLexicon,
    load_ccf_unranked,
    load_ccf_venues,
)
from bilingual_cv.schema import CcfEdition, CcfRank
from bilingual_cv.venues.markers import VenueKind, VenueType, _Markers
from bilingual_cv.venues.tokens import _key, _key_tokens

#: A CCF list edition (``CcfEdition.E2026 == "2026"``).
Edition = CcfEdition


#: Editions in the order they were published.
EDITIONS: tuple[Edition, ...] = tuple(CcfEdition)


#: The latest edition, used unless a caller asks for another.
DEFAULT_EDITION: Edition = CcfEdition.E2026


@dataclass(frozen=True, slots=True)
class VenueRecord:
    """One venue of one edition of the CCF list."""

    abbr: str | None
    full_name: str
    type: VenueType
    rank: CcfRank
    field_id: int
    dblp: str | None


@dataclass(frozen=True, slots=True)
class _Unranked:
    abbr: str
    name: str
    kind: VenueKind | None
    abbr_key: str
    name_key: str


@dataclass(frozen=True, slots=True)
class _Target:
    """What a lookup key names: catalog identities (several for a shared abbreviation) or an
    unranked venue."""

    ids: tuple[str, ...] = ()
    unranked: _Unranked | None = None


def _identity(dblp: str, type_: str, name: str) -> str:
    """A venue's identity across editions: its dblp key, else its type and name."""
    return dblp or f"{type_}:{_key(name)}"


@dataclass(slots=True)
class _Tables:
    """The lookup tables while :func:`_build_index` fills them from the lexicon files."""

    markers: _Markers
    catalogs: dict[Edition, dict[str, VenueRecord]] = field(default_factory=dict)
    order: dict[str, int] = field(default_factory=dict)
    exact_ids: dict[str, set[str]] = field(default_factory=dict)
    abbr_keys: dict[Edition, dict[str, set[str]]] = field(default_factory=dict)
    name_keys: dict[Edition, dict[str, set[str]]] = field(default_factory=dict)
    names: dict[str, set[str]] = field(default_factory=dict)
    workshop_like: set[str] = field(default_factory=set)
    group_display: dict[str, tuple[str, str]] = field(default_factory=dict)
    display: dict[str, str] = field(default_factory=dict)
    kind: dict[str, VenueKind] = field(default_factory=dict)


def _read_catalog(tables: _Tables, edition: Edition) -> None:
    """One edition's catalog: its records, and its abbreviations and names as keys."""
    table: dict[str, VenueRecord] = {}
    abbrs: dict[str, set[str]] = {}
    full: dict[str, set[str]] = {}
    for row in load_ccf_venues(edition).venues:
        vid = _identity(row.dblp, row.type, row.name)
        table.setdefault(
            vid,
            VenueRecord(
                row.abbr or None, row.name, row.type, CcfRank(row.rank), row.field, row.dblp or None
            ),
        )
        tables.order.setdefault(vid, len(tables.order))
        for text, into in ((row.abbr, abbrs), (row.name, full)):
            if text:
                into.setdefault(_key(text), set()).add(vid)
                tables.exact_ids.setdefault(_key(text), set()).add(vid)
        tables.names.setdefault(vid, set()).add(_key(row.name))
        if tables.markers.workshop & set(_key_tokens(row.name)):
            tables.workshop_like.add(vid)
    tables.catalogs[edition] = table
    tables.abbr_keys[edition] = abbrs
    tables.name_keys[edition] = full


def _read_aliases(tables: _Tables, aliases: CcfAliasLexicon) -> None:
    """``ccf/aliases.yaml``: more keys for catalog venues, display names and kinds; an alias
    that names two venues, or another venue's catalog name, is an error in the file."""
    alias_owner: dict[str, str] = {}
    for group in aliases.venues:
        vid = _resolve_group_identity(group.dblp, group.abbr, group.type, tables.catalogs)
        if group.kind is not None:
            tables.kind[vid] = group.kind
            if group.kind == "workshop":
                tables.workshop_like.add(vid)
        texts = list(group.aliases)
        if group.display:
            tables.display.setdefault(vid, group.display)
            texts.append(group.display)
        for text in texts:
            key = _key(text)
            if not key:
                raise LexiconError(f"ccf/aliases.yaml: {vid}: empty alias {text!r}")
            owners = tables.exact_ids.get(key, set())
            if key in alias_owner and alias_owner[key] != vid:
                raise LexiconError(f"ccf/aliases.yaml: {text!r} names {alias_owner[key]} and {vid}")
            if owners and vid not in owners:
                raise LexiconError(
                    f"ccf/aliases.yaml: {text!r} is the catalog's name for {sorted(owners)}"
                )
            alias_owner[key] = vid
            tables.exact_ids.setdefault(key, set()).add(vid)
            if group.display:
                tables.group_display[key] = (vid, group.display)
            if len(key.split()) >= 2:
                tables.names.setdefault(vid, set()).add(key)
            if tables.markers.workshop & set(key.split()):
                tables.workshop_like.add(vid)


def _add_unranked(exact: dict[str, _Target]) -> None:
    """``ccf/unranked.yaml``: well-known venues in no edition; none may shadow a catalog key."""
    for entry in load_ccf_unranked().venues:
        item = _Unranked(entry.abbr, entry.name, entry.kind, _key(entry.abbr), _key(entry.name))
        for text in [entry.name, *entry.aliases]:
            key = _key(text)
            known = exact.get(key)
            if known is not None and known.unranked != item:
                what = known.ids or known.unranked
                raise LexiconError(f"ccf/unranked.yaml: {text!r} is already {what}")
            exact[key] = _Target(unranked=item)


def _resolve_group_identity(
    dblp: str | None,
    abbr: str | None,
    type_: str | None,
    catalogs: dict[Edition, dict[str, VenueRecord]],
) -> str:
    """The identity an alias group points at; it must exist in at least one edition."""
    if dblp:
        if any(dblp in table for table in catalogs.values()):
            return dblp
        raise LexiconError(f"ccf/aliases.yaml: dblp {dblp!r} is in no edition")
    found = {
        vid
        for table in catalogs.values()
        for vid, rec in table.items()
        if rec.abbr and abbr and _key(rec.abbr) == _key(abbr) and rec.type == type_
    }
    if len(found) != 1:
        raise LexiconError(f"ccf/aliases.yaml: {abbr!r} ({type_}) names {len(found)} venues")
    return found.pop()
