"""The CCF venue catalog and the venue matcher.

A publication's venue text, as CVs write it (``NSDI '25``, ``In Proceedings of the 2024 USENIX
Annual Technical Conference (**USENIX ATC 2024**)``, ``EuroMLSys @EuroSys 2022``), becomes a
:class:`VenueMatch`: a display name, the full name, what kind of venue the text says it is, and
the catalog record in the chosen edition of the CCF list (``None`` when the venue is unranked).

The data is in ``lexicons/ccf/``: one YAML file per edition (generated from the CCF list),
``aliases.yaml`` (other names of catalog venues), ``unranked.yaml`` (well-known venues in no
edition) and ``markers.yaml`` (the words around a venue name). Every lookup key goes through
:func:`~bilingual_cv.lexicon.lexicon_key`. Tables are built once, on first use, into plain
dicts; a lookup is a handful of dict probes over the text's tokens.

Decisions the tests pin down:

- A venue's identity is its dblp key (or type + name for the few rows without one), so a
  renamed venue (USENIX ATC -> ACM SIGOPS ATC, FSE/ESEC -> FSE) resolves in both editions, and
  a venue listed in one edition only (ICLR) is recognized, but unranked, in the other.
- A parenthesized abbreviation is trusted unless the full name next to it positively identifies
  another venue (``Information-Theoretic Cryptography conference (ITC)`` is not the
  International Test Conference). Journals that publish a conference's papers (PACMPL for
  OOPSLA) do not override the conference.
- A workshop held at a listed host (``X @ASPLOS``, ``X at NeurIPS``, ``co-located with``, or a
  workshop name next to a host's abbreviation) never inherits the host's rank and is shown as
  ``X@Host``; a workshop that is itself listed (HotNets, HotOS) keeps its own rank.
- A track of the main conference (``DSN 2024 Disrupt Track``) keeps the rank. A side event
  (doctoral forum, posters, demos, findings, companion/adjunct proceedings) is not a paper of
  the main proceedings: it is shown as ``DSN Doctoral Forum`` and gets no rank.
- An abbreviation the catalog gives to several venues (CC, TCC, ASE, WWW, FSE, SEC, AAMAS,
  CSCW, RE) is decided by a full name in the text, then by journal-vs-conference (words in the
  text or ``kind_hint``), then by ``defaults`` in ``aliases.yaml``.
- Work under review, submitted or on arXiv is a preprint and never gets a rank.
"""

from __future__ import annotations

import gc
import hashlib
import json
import re
import sys
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache, lru_cache, partial
from pathlib import Path
from typing import Literal, NamedTuple

from bilingual_cv.cache_files import CACHE_ENV, cache_dir, read_cache_file, write_cache_file
from bilingual_cv.errors import LexiconError
from bilingual_cv.lang.scripts import CJK
from bilingual_cv.lexicon import (
    CcfAliasLexicon,
    CcfMarkerLexicon,
    lexicon_key,
    lexicon_root,
    load_ccf_aliases,
    load_ccf_markers,
    load_ccf_unranked,
    load_ccf_venues,
)
from bilingual_cv.memo import memo_short_texts
from bilingual_cv.plain_data import from_plain, to_plain
from bilingual_cv.schema import CcfEdition, CcfInfo, CcfRank

#: A CCF list edition (``CcfEdition.E2026 == "2026"``).
Edition = CcfEdition
#: Editions in the order they were published.
EDITIONS: tuple[Edition, ...] = tuple(CcfEdition)
#: The latest edition, used unless a caller asks for another.
DEFAULT_EDITION: Edition = CcfEdition.E2026

VenueType = Literal["conference", "journal"]
VenueKind = Literal["conference", "journal", "workshop", "preprint"]
Method = Literal["abbr", "full_name", "alias", "dblp"]

#: CJK ideographs: a run of them is one token, split from adjacent Latin letters ("会议MOBICOM").
_CJK = CJK
#: Word runs, CJK runs, and the punctuation that structures a venue text.
_TOKEN = re.compile(rf"[^\W_{_CJK}]+|[{_CJK}]+|[()\[\]{{}}【】〔〕,;|/:@]")
#: :data:`_TOKEN` on ASCII text (most venue texts), with ranges for the categories: the same
#: tokens, a third faster.
_ASCII_TOKEN = re.compile(r"[A-Za-z0-9]+|[()\[\]{},;|/:@]")
#: A number, a year or an ordinal ("2024", "'25" -> "25", "54th", "51th", "2nd").
_NUMBER = re.compile(r"\d+(?:st|nd|rd|th)?")
#: A dblp key written in the text ("dblp.org/db/conf/nsdi/...").
#: (``\b(?:conf|journals)/…``, the word start checked after the word, so that it is scanned for.)
_DBLP = re.compile(r"(?:conf(?<=\bconf)|journals(?<=\bjournals))/[A-Za-z0-9-]+")
#: A link or an archive identifier given beside a venue ("In: ICML. url: https://arxiv.org/
#: abs/1609.07152", "NeurIPS 2020, arXiv:2006.01234"): where the rest names a catalog venue,
#: that venue is the one the paper appeared at, and the link is no venue. Every branch starts
#: with fixed text, so a long text costs linear time.
#: Links and archive identifiers (syntax); their labels ("url:") come from the markers.
_LINK_FORMS = (
    r"(?:https?|ftp)\s?:\s?//\s?\S+",
    r"\bwww\.\S+",
    r"\bdoi\s?:\s?\S+",
    r"\b(?:arxiv|abs)\s?[:/]\s?\d{4}\.\d{4,5}(?:v\d+)?",
)


@cache
def _links_re() -> re.Pattern[str]:
    labels = sorted(load_ccf_markers().link_labels, key=len, reverse=True)
    label = r"\b(?:" + "|".join(re.escape(w).replace(r"\ ", r"\s+") for w in labels) + r")\s?:"
    forms = [*_LINK_FORMS, label] if labels else list(_LINK_FORMS)
    return re.compile("|".join(forms), re.IGNORECASE)


#: Punctuation that separates the parts of a venue text or a list of venues.
_SEPARATORS = frozenset(",;|/:")
_OPEN = frozenset("([{【〔")
_CLOSE = frozenset(")]}】〕")
#: Markdown and quote residue trimmed from display strings built from the text.
_EDGE_JUNK = " \t*_`'\"“”‘’.,;:()[]{}-–—"


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
class VenueMatch:
    """What a venue text names.

    ``abbr`` is the short name as a user would write it (``NSDI``, ``USENIX ATC``, ``ToN``,
    ``EuroMLSys@EuroSys``); ``name`` the full name (the catalog's when the venue is listed);
    ``kind`` what the text says the venue is; ``record`` the catalog record in the edition asked
    for (``None`` when unranked there); ``method`` how the venue was recognized. ``venue_id``
    is the venue's catalog identity (dblp key) whether or not it is ranked in that edition, so
    :func:`ccf_info` can look it up in another edition.
    """

    abbr: str | None
    name: str | None
    kind: VenueKind | None
    record: VenueRecord | None
    method: Method | None
    venue_id: str | None = None


# --- tables ----------------------------------------------------------------------------


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


@dataclass(frozen=True, slots=True)
class _Markers:
    workshop: frozenset[str]
    journal: frozenset[str]
    conference: frozenset[str]
    preprint: tuple[tuple[str, ...], ...]
    host: tuple[tuple[str, ...], ...]
    host_weak: tuple[tuple[str, ...], ...]
    leading: tuple[tuple[str, ...], ...]
    citation: frozenset[str]
    status: tuple[tuple[str, ...], ...]
    main_tracks: tuple[tuple[str, ...], ...]
    side_tracks: tuple[tuple[str, ...], ...]
    name_noise: frozenset[str]
    #: Words dropped from a workshop's own short label ("Workshop on Toys" -> "Toys").
    label_noise: frozenset[str]
    #: First words of the status and main-track phrases (:func:`_clean` cuts them).
    cut_starts: frozenset[str]
    #: Each workshop, journal and conference word, to the first kind of these it says
    #: (:func:`_text_kind`).
    kinds: dict[str, VenueKind]


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


def _key_tokens(text: str) -> tuple[str, ...]:
    """Lookup tokens of a lexicon entry: :func:`lexicon_key`, CJK runs split from Latin ones.

    >>> _key_tokens("IEEE/ACM Transactions on Networking")
    ('ieee', 'acm', 'transactions', 'on', 'networking')
    >>> _key_tokens("发表于MobiCom")
    ('发表于', 'mobicom')
    """
    return tuple(t.group(0) for t in _TOKEN.finditer(lexicon_key(text)))


def _key(text: str) -> str:
    return " ".join(_key_tokens(text))


def _identity(dblp: str, type_: str, name: str) -> str:
    """A venue's identity across editions: its dblp key, else its type and name."""
    return dblp or f"{type_}:{_key(name)}"


def _phrases(words: Iterable[str]) -> tuple[tuple[str, ...], ...]:
    """Marker phrases as token tuples, longest first so the longest phrase wins (then in
    alphabetical order: the same tables whatever the hash seed)."""
    found = {_key_tokens(w) for w in words if _key_tokens(w)}
    return tuple(sorted(found, key=lambda phrase: (-len(phrase), phrase)))


def _build_markers(lex: CcfMarkerLexicon) -> _Markers:
    def words(items: list[str]) -> frozenset[str]:
        return frozenset(_key(w) for w in items)

    status = _phrases(lex.status_noise)
    main_tracks = _phrases(lex.main_tracks)
    workshop, journal, conference = words(lex.workshop), words(lex.journal), words(lex.conference)
    kinds: dict[str, VenueKind] = {w: "conference" for w in conference}
    kinds.update({w: "journal" for w in journal})
    kinds.update({w: "workshop" for w in workshop})
    return _Markers(
        workshop=workshop,
        journal=journal,
        conference=conference,
        preprint=_phrases(lex.preprint),
        host=_phrases(lex.host),
        host_weak=_phrases(lex.host_weak),
        leading=_phrases(lex.leading_noise),
        citation=words(lex.citation_noise),
        status=status,
        main_tracks=main_tracks,
        side_tracks=_phrases(lex.side_tracks),
        name_noise=words(lex.name_noise),
        label_noise=words(lex.label_noise),
        cut_starts=frozenset(phrase[0] for phrase in (*status, *main_tracks)),
        kinds=kinds,
    )


def _loose_key(key: str, noise: frozenset[str]) -> str | None:
    """The key without publisher and function words, each word in the singular, when three
    or more words remain ("Networked System Design" is "Networked Systems Design").

    >>> _loose_key("the symposium on networked systems design", frozenset({"the", "on"}))
    'symposium networked system design'
    """
    kept = [_singular(t) for t in key.split() if t not in noise]
    return " ".join(kept) if len(kept) >= 3 else None


def _singular(word: str) -> str:
    """An English plural cut to its singular, well enough for comparing names: words of five
    letters or more ending in a plain "s" ("systems", "databases"; not "access", "analysis")."""
    if len(word) >= 5 and word.endswith("s") and not word.endswith(("ss", "us", "is")):
        return word[:-1]
    return word


@cache
def _index() -> _Index:
    """Every lookup table, built once from ``lexicons/ccf/``; raises LexiconError on bad data.

    Building takes about 100 ms (YAML, validation, keys); the tables are kept in the user's
    cache folder (:func:`index_cache_dir`) as plain JSON data (:mod:`~bilingual_cv.plain_data`)
    and read back, checked field by field against their types, in about 15 ms by later
    processes. The file is named by a digest of everything the tables are built from (the
    lexicon files, this module, :mod:`~bilingual_cv.lexicon`, :mod:`~bilingual_cv.schema` and
    :mod:`~bilingual_cv.plain_data`, the Python and Unicode versions), and holds a digest of
    its own bytes: a stale, foreign, damaged or ill-typed file is never used, and the tables
    are built again (and the file rewritten). Only a private cache folder is used
    (:mod:`~bilingual_cv.cache_files`).
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
#: Source files (paths in the package) whose code shapes the index.
_INDEX_SOURCES = ("venues/catalog.py", "lexicon.py", "schema.py", "plain_data.py")


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


def catalog(edition: Edition = DEFAULT_EDITION) -> dict[str, VenueRecord]:
    """Every venue of one edition, keyed by identity (dblp key), in the list's order.

    >>> catalog("2026")["conf/nsdi"].rank
    <CcfRank.A: 'A'>
    >>> "conf/iclr" in catalog("2022")
    False
    """
    return _index().catalogs[edition]


# --- tokens ----------------------------------------------------------------------------


class _Tok(NamedTuple):
    """A token (a tuple: made and compared many times per venue text)."""

    text: str
    key: str
    start: int
    end: int
    #: a full stop follows the word: maybe an abbreviated word ("Trans.", "Comput.")
    dotted: bool
    #: a word, not punctuation (its first character is a letter or digit)
    word: bool
    #: a number, a year or an ordinal (:data:`_NUMBER`)
    number: bool


def _tokenize(text: str) -> list[_Tok]:
    """Word and structure tokens of a venue text (NFKC; keys casefolded like lexicon_key)."""
    text = unicodedata.normalize("NFKC", text)
    toks: list[_Tok] = []
    for m in (_ASCII_TOKEN if text.isascii() else _TOKEN).finditer(text):
        written = m.group()
        start, end = m.span()
        key, word, number = _token_kind(written)
        toks.append(_new_tok((written, key, start, end, text[end : end + 1] == ".", word, number)))
    return toks


#: Builds a :class:`_Tok` from its fields without the generated ``__new__`` (a Python call
#: per token, a fifth of the cost of tokenizing).
_new_tok = partial(tuple.__new__, _Tok)


@lru_cache(maxsize=16384)
def _token_kind(written: str) -> tuple[str, bool, bool]:
    """A token's key, whether it is a word, whether it is a number (the same words recur in
    every venue text: "conference", "ieee", "2024")."""
    key = written.casefold()
    return key, written[0].isalnum(), key[0].isdigit() and _NUMBER.fullmatch(key) is not None


def _find_phrase(
    keys: Sequence[str], phrases: Sequence[tuple[str, ...]], start: int = 0
) -> tuple[int, int] | None:
    """First (leftmost, then longest) occurrence of any phrase in ``keys``."""
    by_first = _grouped(phrases)
    if by_first.keys().isdisjoint(keys):
        return None  # no word starts a phrase (most texts, for most tables)
    for i in range(start, len(keys)):
        for phrase in by_first.get(keys[i], ()):
            if tuple(keys[i : i + len(phrase)]) == phrase:
                return i, i + len(phrase)
    return None


def _grouped(phrases: Sequence[tuple[str, ...]]) -> dict[str, tuple[tuple[str, ...], ...]]:
    """The phrases grouped by their first word (:func:`_phrases_by_first`)."""
    known = _BY_FIRST.get(id(phrases))
    if known is not None and known[0] is phrases:
        return known[1]  # the marker tables: found by identity, not by hashing them
    by_first = _phrases_by_first(tuple(phrases))
    if isinstance(phrases, tuple) and len(_BY_FIRST) < _BY_FIRST_MAX:
        _BY_FIRST[id(phrases)] = (phrases, by_first)
    return by_first


#: Phrase tables grouped by :func:`_phrases_by_first`, by the identity of the table (kept
#: alive here, so an identity is never reused); the tables are the few of :class:`_Markers`.
_BY_FIRST: dict[int, tuple[Sequence[tuple[str, ...]], dict[str, tuple[tuple[str, ...], ...]]]] = {}
_BY_FIRST_MAX = 64


@cache
def _phrases_by_first(
    phrases: tuple[tuple[str, ...], ...],
) -> dict[str, tuple[tuple[str, ...], ...]]:
    """Phrases grouped by their first word, in their listed order (lookups run per token)."""
    grouped: dict[str, list[tuple[str, ...]]] = {}
    for phrase in phrases:
        if phrase:
            grouped.setdefault(phrase[0], []).append(phrase)
    return {first: tuple(group) for first, group in grouped.items()}


def _has_word(words: Sequence[_Tok], vocabulary: frozenset[str]) -> bool:
    """Any token is in ``vocabulary``; a CJK run counts when it contains a CJK entry."""
    for tok in words:
        if tok.key in vocabulary:
            return True
        if "\u3400" <= tok.key[0] and any(w in tok.key for w in vocabulary if "\u3400" <= w[0]):
            return True
    return False


def _text_kind(words: Sequence[_Tok], markers: _Markers) -> VenueKind | None:
    """What the words say the venue is: workshop, else journal, else conference.

    One pass over the words, not one per kind (:func:`_has_word`): the text says the first
    kind that one of its words says first. A word that is no CJK run says what its key is
    in ``markers.kinds``; a CJK run what :func:`_word_kind` finds.
    """
    kinds = markers.kinds
    said = {
        kinds.get(tok.key) if tok.key[0] < "\u3400" else _word_kind(tok, markers) for tok in words
    }
    for kind in _KINDS:
        if kind in said:
            return kind
    return None


#: The kinds :func:`_text_kind` tells, the first before the others.
_KINDS: tuple[VenueKind, ...] = ("workshop", "journal", "conference")


def _word_kind(tok: _Tok, markers: _Markers) -> VenueKind | None:
    """The first kind (workshop, journal, conference) whose words :func:`_has_word` finds in
    the token."""
    for kind, vocabulary in zip(_KINDS, (markers.workshop, markers.journal, markers.conference)):
        if _has_word((tok,), vocabulary):
            return kind
    return None


def _clean(words: Sequence[_Tok], markers: _Markers) -> list[_Tok]:
    """Drop numbers, citation parts, status words, main-track names and leading noise."""
    keys = [t.key for t in words]
    if markers.citation.isdisjoint(keys):
        kept = [tok for tok in words if not tok.number]  # no citation part (most texts)
    else:
        last = len(words) - 1
        kept = [
            tok
            for i, tok in enumerate(words)
            if not tok.number
            and not (tok.key in markers.citation and i < last and words[i + 1].number)
        ]
    if markers.cut_starts.isdisjoint(keys):
        return kept  # no status or main-track phrase can start here (most texts)
    keys = [t.key for t in kept]
    for phrases in (markers.status, markers.main_tracks):
        while (found := _find_phrase(keys, phrases)) is not None:
            del kept[found[0] : found[1]]
            del keys[found[0] : found[1]]
    return kept


def _strip_leading(words: Sequence[_Tok], phrases: Sequence[tuple[str, ...]]) -> list[_Tok]:
    """Remove leading noise phrases ("In Proceedings of the") repeatedly (see
    :func:`_leading_length`)."""
    return list(words[_leading_length([t.key for t in words], phrases) :])


def _leading_length(keys: Sequence[str], phrases: Sequence[tuple[str, ...]]) -> int:
    """How many keys leading noise phrases cover, cut repeatedly: the first listed phrase
    that starts the rest (only those starting with its first word can) and leaves a word."""
    by_first = _grouped(phrases)
    start = 0
    while start < len(keys):
        for phrase in by_first.get(keys[start], ()):
            end = start + len(phrase)
            if end < len(keys) and tuple(keys[start:end]) == phrase:
                start = end
                break
        else:
            return start
    return start


# --- matching ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class _Hit:
    target: _Target
    key: str
    start: int
    end: int
    loose: bool = False
    #: the name is the whole text looked at, not a name found inside a longer text
    whole: bool = True


def _exact(words: Sequence[_Tok], idx: _Index) -> _Hit | None:
    """The whole (cleaned) text is a known venue name, abbreviation or alias: as cleaned,
    then without leading noise ("In Proceedings of the"), each as written then loosely, then
    without leading publishers, then as an ISO 4 abbreviation."""
    if not _may_name([t.key for t in words], idx) and not any(t.dotted for t in words):
        return None  # every variant starts with one of the words; ISO 4 forms need a stop
    cleaned = _clean(words, idx.markers)
    keys = [t.key for t in cleaned]
    # the variants are suffixes of the cleaned words: where each starts
    lead = _leading_length(keys, idx.markers.leading)
    starts = [0] if lead == 0 else [0, lead]
    for start in starts:
        key = " ".join(keys[start:])
        target = idx.exact.get(key)
        if target is not None:
            return _Hit(target, key, 0, len(cleaned) - start)
    for start in starts:
        loose = _loose_lookup(keys[start:], idx)
        if loose is not None:
            return _Hit(idx.loose[loose], loose, 0, len(cleaned) - start, loose=True)
    start = starts[-1]
    while len(keys) - start > 1 and keys[start] in idx.markers.name_noise:
        start += 1
    key = " ".join(keys[start:])
    target = idx.exact.get(key)
    if target is not None and target.ids:
        return _Hit(target, key, 0, len(keys) - start)
    return _abbreviated(cleaned[lead:], idx)


def _loose_lookup(keys: Sequence[str], idx: _Index) -> str | None:
    """The loose key (:func:`_loose_key`) of the words when it names a venue; words whose
    first content word starts no loose key are not looked up further."""
    noise = idx.markers.name_noise
    content = [k for k in keys if k not in noise]
    if len(content) < 3 or content[0] not in _loose_starts(idx):
        return None
    loose = " ".join([_singular(k) for k in content])
    return loose if loose in idx.loose else None


@cache
def _loose_starts(idx: _Index) -> frozenset[str]:
    """Every word whose singular starts a loose key (:func:`_with_plurals`)."""
    return _with_plurals(_key_lengths(idx, loose=True))


def _abbreviated(words: Sequence[_Tok], idx: _Index) -> _Hit | None:
    """A name written with ISO 4 / dblp abbreviations: every word of the name in order, each
    either as written or cut short before a full stop ("IEEE Trans. Parallel Distrib. Syst.",
    "IEEE J. Sel. Areas Commun."). Publisher and function words are ignored on both sides
    ("Int." for International too); the name must be the only one that fits."""
    if not any(t.dotted for t in words):
        return None
    noise = idx.markers.name_noise
    cut_noise = _noise_prefixes(idx)
    content = [t for t in words if t.key not in noise and not (t.dotted and t.key in cut_noise)]
    if len(content) < 2:
        return None
    found: set[str] = set()
    targets: set[_Target] = set()
    for name, key in idx.abbreviated.get(_abbreviation_signature([t.key for t in content]), ()):
        short = False
        for tok, word in zip(content, name, strict=True):
            if tok.key == word:
                continue
            if not (tok.dotted and len(tok.key) < len(word) and word.startswith(tok.key)):
                break
            short = True
        else:
            if short:
                found.add(key)
                targets.add(idx.exact[key])
    if len(targets) != 1:
        return None
    key = min(found, key=lambda k: (k not in idx.exact or not idx.exact[k].ids, len(k)))
    return _Hit(idx.exact[key], key, 0, len(words))


@cache
def _noise_prefixes(idx: _Index) -> frozenset[str]:
    """Every beginning of three letters or more of a publisher or function word: the forms
    an abbreviation may cut it to ("Int." for International)."""
    return frozenset(
        word[:end] for word in idx.markers.name_noise for end in range(3, len(word) + 1)
    )


def _is_strong(span: Sequence[_Tok], target: _Target) -> bool:
    """A hit found inside longer text is trusted when it is long or written like an acronym.

    Short keys are common words in lower or title case ("Performance", "Networking", "AI" in
    "AI Compute"); inside running text they count only when a token has two capitals or more.
    """
    if len(span) >= 3 or (target.unranked is not None and target.unranked.kind == "preprint"):
        return True
    letters = sum(c.isalpha() for t in span for c in t.text)
    capitals = max(sum(c.isupper() for c in t.text) for t in span)
    return letters >= 3 and capitals >= 2


def _type_fits(target: _Target, text_kind: VenueKind | None, idx: _Index) -> bool:
    """A name found inside a text that calls itself a journal must be a journal, and so on."""
    if text_kind not in ("journal", "conference"):
        return True
    if target.unranked is not None:
        return target.unranked.kind in (None, text_kind, "workshop", "preprint")
    return text_kind in _target_types(target, idx)


@cache
def _target_types(target: _Target, idx: _Index) -> frozenset[VenueType]:
    """The catalog types a lookup key can name (computed once per key)."""
    return frozenset(_type_of(vid, idx) for vid in target.ids)


#: A name found inside a text is a venue's name only when it is at least this many words, or
#: when the text does not go on with the name right after it.
MIN_OPEN_NAME_WORDS = 3


def _name_goes_on(words: Sequence[_Tok], start: int, end: int, idx: _Index) -> bool:
    """A catalog name found inside a longer name that goes on right after it ("International
    Conference on Cloud Computing" + " Research and Innovations" is another conference): the
    next word follows after a single space and is capitalized, not a number, marker or
    publisher word. An abbreviation after the name ("... Implementation NSDI") ends it.

    >>> toks = _words(_tokenize("International Conference on Cloud Computing Research and Innovations"))
    >>> _name_goes_on(toks, 0, 5, _index()), _name_goes_on(toks, 0, 8, _index())
    (True, False)
    """
    if end - start < MIN_OPEN_NAME_WORDS or end >= len(words):
        return False
    last, nxt = words[end - 1], words[end]
    if nxt.start - last.end != 1 or nxt.number or not nxt.text[:1].isupper():
        return False
    if nxt.text.isupper() or nxt.key in idx.markers.name_noise:
        return False
    markers = idx.markers
    return not any(
        nxt.key in group for group in (markers.workshop, markers.journal, markers.conference)
    )


def _scan(words: Sequence[_Tok], idx: _Index) -> list[_Hit]:
    """Every known venue named inside ``words``, longest-leftmost, without overlaps."""
    kinds: list[VenueKind | None] = []  # what the words say the venue is, once needed
    keys = [t.key for t in words]
    if not _may_name(keys, idx):
        return []
    hits: list[_Hit] = []
    lengths = _key_lengths(idx)
    i = 0
    while i < len(words):
        if keys[i] not in lengths:
            i += 1
            continue
        longest = _reach(keys, i, _key_prefixes(idx))
        for length in lengths[keys[i]]:
            if length > longest:
                continue
            key = " ".join(keys[i : i + length])
            target = idx.exact.get(key)
            if target is None or not _is_strong(words[i : i + length], target):
                continue
            if not kinds:
                kinds.append(_text_kind(words, idx.markers))
            if _type_fits(target, kinds[0], idx) and not _name_goes_on(words, i, i + length, idx):
                hits.append(_Hit(target, key, i, i + length, whole=False))
                i += length
                break
        else:
            i += 1
    if hits:
        return hits
    kept = [(n, t) for n, t in enumerate(words) if t.key not in idx.markers.name_noise]
    kept_keys = [_singular(t.key) for _, t in kept]  # loose keys are in the singular
    loose_lengths = _key_lengths(idx, loose=True)
    i = 0
    while i < len(kept):
        if kept_keys[i] not in loose_lengths:
            i += 1
            continue
        longest = _reach(kept_keys, i, _key_prefixes(idx, loose=True))
        for length in loose_lengths[kept_keys[i]]:
            if length > longest:
                continue
            key = " ".join(kept_keys[i : i + length])
            target = idx.loose.get(key)
            end = kept[i + length - 1][0] + 1
            if target is None:
                continue
            if not kinds:
                kinds.append(_text_kind(words, idx.markers))
            if _type_fits(target, kinds[0], idx) and not _name_goes_on(words, kept[i][0], end, idx):
                hits.append(_Hit(target, key, kept[i][0], end, loose=True, whole=False))
                i += length
                break
        else:
            i += 1
    return hits


def _reach(keys: Sequence[str], i: int, prefixes: frozenset[str]) -> int:
    """How many keys from ``i`` on begin a name (``keys[i]`` starts one): the joined keys
    are in ``prefixes`` (:func:`_key_prefixes`), so no longer name starts at ``i`` (a scan
    tried each length there is, a join and a lookup each: "acm" starts names of 14 lengths).
    """
    prefix = keys[i]
    end = i + 1
    while end < len(keys) and (prefix := f"{prefix} {keys[end]}") in prefixes:
        end += 1
    return end - i


@cache
def _key_prefixes(idx: _Index, loose: bool = False) -> frozenset[str]:
    """The first one, two, ... words of every exact (or loose) key, joined like the key."""
    prefixes: set[str] = set()
    for key in idx.loose if loose else idx.exact:
        words = key.split(" ")
        prefixes.update(" ".join(words[:n]) for n in range(1, len(words) + 1))
    return frozenset(prefixes)


@cache
def _key_lengths(idx: _Index, loose: bool = False) -> dict[str, tuple[int, ...]]:
    """First word of every exact (or loose, of three words or more) key -> the word counts
    of the keys it starts, longest first: a scan skips tokens that start none, and tries only
    the lengths of names there are (a token's key holds no space, so a text of n tokens joins
    to a key of n words)."""
    lengths: dict[str, set[int]] = {}
    for key in idx.loose if loose else idx.exact:
        words = key.split(" ")
        if loose and len(words) < 3:
            continue
        lengths.setdefault(words[0], set()).add(len(words))
    return {first: tuple(sorted(found, reverse=True)) for first, found in lengths.items()}


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


def _choose(
    hit: _Hit,
    all_keys: str,
    text_kind: VenueKind | None,
    kind_hint: VenueType | None,
    edition: Edition,
    idx: _Index,
    kind_asked: list[bool] | None = None,
) -> str:
    """Pick one identity for a shared abbreviation.

    In order: a full name of one of them in the text, the journal/conference kind, the one
    venue holding the abbreviation in ``edition``, the ``defaults`` of ``aliases.yaml``.
    ``kind_asked`` is told when the choice came to ``kind_hint`` (the result may depend on it).
    """
    ids = hit.target.ids
    if len(ids) == 1:
        return ids[0]
    padded = f" {all_keys} "
    named = [vid for vid in ids if any(f" {n} " in padded for n in idx.names.get(vid, ()))]
    if len(named) == 1:
        return named[0]
    if kind_asked is not None:
        kind_asked.append(True)
    want = kind_hint or (text_kind if text_kind in ("journal", "conference") else None)
    if want is not None:
        typed = tuple(vid for vid in ids if _type_of(vid, idx) == want)
        if len(typed) == 1:
            return typed[0]
        ids = typed or ids
    holders = [vid for vid in ids if vid in idx.abbr_keys[edition].get(hit.key, ())]
    if len(holders) == 1:
        # the edition's own abbreviation: in 2022 "FSE" is Fast Software Encryption only
        return holders[0]
    default = idx.defaults.get(hit.key)
    if default in ids:
        return default
    return min(ids, key=idx.order.__getitem__)


def _method_for(vid: str, hit: _Hit, edition: Edition, idx: _Index) -> Method:
    if hit.loose:
        rec = idx.catalogs[edition].get(vid)
        name_loose = rec and _loose_key(_key(rec.full_name), idx.markers.name_noise)
        return "full_name" if name_loose == hit.key else "alias"
    if vid in idx.name_keys[edition].get(hit.key, ()):
        return "full_name"
    if vid in idx.abbr_keys[edition].get(hit.key, ()):
        return "abbr"
    return "alias"


def _display(vid: str, key: str, edition: Edition, idx: _Index) -> str | None:
    group = idx.group_display.get(key)
    if group is not None and group[0] == vid:
        return group[1]
    if vid in idx.display:
        return idx.display[vid]
    for other in EDITIONS:  # the abbreviation as written, when it is one of the venue's own
        rec = idx.catalogs[other].get(vid)
        if rec is not None and rec.abbr and _key(rec.abbr) == key:
            return rec.abbr
    return _any_record(vid, edition, idx).abbr


def _catalog_match(
    vid: str, hit: _Hit, edition: Edition, kind: VenueKind | None, idx: _Index
) -> VenueMatch:
    return VenueMatch(
        abbr=_display(vid, hit.key, edition, idx),
        name=_any_record(vid, edition, idx).full_name,
        kind=kind,
        record=_record(vid, edition, idx),
        method=_method_for(vid, hit, edition, idx),
        venue_id=vid,
    )


def _unranked_match(item: _Unranked, hit: _Hit, kind: VenueKind | None) -> VenueMatch:
    method: Method = "abbr" if hit.key == item.abbr_key else "alias"
    if hit.key == item.name_key:
        method = "full_name"
    return VenueMatch(item.abbr, item.name, item.kind or kind, None, method)


#: Words that end a venue's name: what follows is a locator (``doi``, ``url``, ``pp``).
_LOCATOR_WORDS = frozenset({"doi", "url", "http", "https", "pp", "vol", "volume", "no", "pages"})


def _name_words(words: Sequence[_Tok]) -> list[_Tok]:
    """The words of an unknown venue's name: up to its first number (a year, a volume, an
    article number) or locator word, once a name has begun.

    >>> [t.text for t in _name_words(_words(_tokenize("Journal of Fictional Materials, 2024, 610: 17. DOI")))]
    ['Journal', 'of', 'Fictional', 'Materials']
    """
    out: list[_Tok] = []
    for tok in words:
        if out and (tok.number or tok.key in _LOCATOR_WORDS):
            break
        if tok.number and not out:
            continue  # "2025 The Magnetic Recording Conference": a leading year
        out.append(tok)
    return out


def _display_text(text: str, words: Sequence[_Tok], drop: frozenset[str]) -> str | None:
    """The original text spanning ``words``, without edge words in ``drop``, numbers or junk."""
    kept = list(words)
    while kept and (kept[0].key in drop or kept[0].number):
        kept.pop(0)
    while kept and (kept[-1].key in drop or kept[-1].number):
        kept.pop()
    if not kept:
        return None
    norm = unicodedata.normalize("NFKC", text)
    out = norm[kept[0].start : kept[-1].end].strip(_EDGE_JUNK)
    return re.sub(r"[*`]+", "", out).strip() or None


# --- structure of a venue text ---------------------------------------------------------


def _split_parens(toks: Sequence[_Tok]) -> tuple[list[_Tok], list[list[_Tok]]]:
    """Tokens outside any bracket, and the tokens of each top-level bracket group."""
    outside: list[_Tok] = []
    groups: list[list[_Tok]] = []
    depth = 0
    for tok in toks:
        if tok.text in _OPEN:
            if depth == 0:
                groups.append([])
            depth += 1
        elif tok.text in _CLOSE:
            depth = max(depth - 1, 0)
        elif depth:
            groups[-1].append(tok)
        else:
            outside.append(tok)
    return outside, groups


def _pieces(toks: Sequence[_Tok]) -> list[list[_Tok]]:
    """Word tokens between separators ("Sigmetrics 2023, CCF-B" -> two pieces)."""
    pieces: list[list[_Tok]] = [[]]
    for tok in toks:
        if tok.text in _SEPARATORS:
            pieces.append([])
        elif tok.word:
            pieces[-1].append(tok)
    return [p for p in pieces if p]


def _words(toks: Iterable[_Tok]) -> list[_Tok]:
    return [t for t in toks if t.word]


def _lookup(toks: Sequence[_Tok], idx: _Index) -> _Hit | None:
    """The venue a short text names: whole text, then each piece, then inside the text."""
    words = _words(toks)
    if not words:
        return None
    hit = _exact(words, idx)
    if hit is not None:
        return hit
    pieces = _pieces(toks)
    if len(pieces) > 1:
        for piece in pieces:
            hit = _exact(piece, idx)
            if hit is not None:
                return hit
    hits = _scan(words, idx)
    return hits[0] if hits else None


def _same_venue(a: _Hit, b: _Hit) -> bool:
    if a.target.unranked is not None or b.target.unranked is not None:
        return a.target.unranked == b.target.unranked
    return bool(set(a.target.ids) & set(b.target.ids))


def _is_workshop_name(hit: _Hit, idx: _Index) -> bool:
    item = hit.target.unranked
    if item is not None:
        return item.kind == "workshop"
    return bool(hit.target.ids) and all(vid in idx.workshop_like for vid in hit.target.ids)


@dataclass(frozen=True, slots=True)
class _Context:
    text: str
    edition: Edition
    kind_hint: VenueType | None
    idx: _Index
    #: not empty once ``kind_hint`` was read: the result may depend on it
    kind_asked: list[bool] = field(default_factory=list)


def _host_label(toks: Sequence[_Tok], ctx: _Context) -> str | None:
    hit = _lookup(toks, ctx.idx)
    if hit is not None and hit.target.ids:
        vid = _choose(
            hit,
            " ".join(t.key for t in _words(toks)),
            "conference",
            "conference",
            ctx.edition,
            ctx.idx,
        )
        return _display(vid, hit.key, ctx.edition, ctx.idx)
    if hit is not None and hit.target.unranked is not None:
        return hit.target.unranked.abbr
    return _display_text(ctx.text, _words(toks), frozenset())


def _workshop_at(
    left: Sequence[_Tok],
    host_label: str | None,
    ctx: _Context,
    left_hit: _Hit | None = None,
    short: str | None = None,
) -> VenueMatch:
    """A workshop held with a host venue: shown as ``X@Host``, never with the host's rank.
    ``short`` is the short name the text gives the workshop in brackets, if any."""
    idx = ctx.idx
    hit = left_hit if left_hit is not None else _lookup(left, idx)
    if hit is not None and hit.target.ids:
        vid = _choose(
            hit, " ".join(t.key for t in _words(left)), "workshop", None, ctx.edition, idx
        )
        kind: VenueKind = "workshop" if vid in idx.workshop_like else _type_of(vid, idx)
        return _catalog_match(vid, hit, ctx.edition, kind, idx)
    method: Method | None = None
    if hit is not None and hit.target.unranked is not None:
        label: str | None = hit.target.unranked.abbr
        name: str | None = hit.target.unranked.name
        method = _unranked_match(hit.target.unranked, hit, "workshop").method
    else:
        words = _strip_leading(_clean(_words(left), idx.markers), idx.markers.leading)
        drop = idx.markers.workshop | idx.markers.label_noise
        label = short or _short_label(left, idx.markers) or _display_text(ctx.text, words, drop)
        name = _display_text(ctx.text, words, frozenset())
    if host_label:
        label = f"{label or 'Workshop'}@{host_label}"
    return VenueMatch(label, name, "workshop", None, method)


def _short_label(toks: Sequence[_Tok], markers: _Markers) -> str | None:
    """The short name a workshop gives itself before a colon: "In UserNLP: User-centered ...".

    >>> m = _index().markers
    >>> _short_label(_tokenize("In ToyNLP: Toy-centered Language Workshop"), m), _short_label(_tokenize("Toys: a Workshop"), m)
    ('ToyNLP', None)
    """
    colon = next((n for n, t in enumerate(toks) if t.text == ":"), None)
    if colon is None:
        return None
    before = _strip_leading([t for t in toks[:colon] if t.word], markers.leading)
    if len(before) != 1:
        return None
    word = before[0].text
    return word if sum(ch.isupper() for ch in word) >= 2 else None


def _host_split(toks: Sequence[_Tok], ctx: _Context) -> tuple[list[_Tok], list[_Tok]] | None:
    """Split "X @Host", "X co-located with Host", "X Workshop at Host" into (X, Host)."""
    markers = ctx.idx.markers
    for n, tok in enumerate(toks):
        if tok.text == "@":
            return list(toks[:n]), list(toks[n + 1 :])
    words = [(n, t) for n, t in enumerate(toks) if t.word]
    keys = [t.key for _, t in words]
    found = _find_phrase(keys, markers.host)
    if found is None:
        weak = _find_phrase(keys, markers.host_weak)
        before = [t for _, t in words[: weak[0]]] if weak else []
        if weak is None or not _has_word(before, markers.workshop):
            return None
        found = weak
    start, end = found
    if start == 0 or end >= len(words):
        return None
    right = [t for t in toks[words[end][0] :] if t.text not in _CLOSE]
    left = [t for t in toks[: words[start][0]] if t.text not in _OPEN]
    return left, right


def _preprint(toks: Sequence[_Tok], ctx: _Context) -> VenueMatch | None:
    """Under review / submitted / on arXiv: a preprint, never ranked. A catalog venue the
    work was sent to is named ("INFOCOM 2016 (submitted)"), still without a rank."""
    idx = ctx.idx
    words = _words(toks)
    said_at = _find_phrase([t.key for t in words], idx.markers.preprint)
    archive = _archive_hit(words, idx)
    if archive is not None and archive.target.unranked is not None:
        item = archive.target.unranked
        return VenueMatch(
            item.abbr, item.name, "preprint", None, _unranked_match(item, archive, None).method
        )
    if said_at is not None:
        marker = words[said_at[0] : said_at[1]]
        target = _resolve([t for t in toks if t not in marker], ctx)
        if target is not None and target.venue_id is not None:
            return VenueMatch(target.abbr, target.name, "preprint", None, None, target.venue_id)
        return VenueMatch(None, None, "preprint", None, None)
    return None


def _archive_hit(words: Sequence[_Tok], idx: _Index) -> _Hit | None:
    """The first preprint archive (arXiv, SSRN) :func:`_scan` finds in ``words``; the scan
    is skipped when no word can start an archive's name (nearly every text)."""
    if _archive_starts(idx).isdisjoint([t.key for t in words]):
        return None
    return next(
        (
            h
            for h in _scan(words, idx)
            if h.target.unranked is not None and h.target.unranked.kind == "preprint"
        ),
        None,
    )


@cache
def _archive_starts(idx: _Index) -> frozenset[str]:
    """First words of the exact and loose keys of preprint archives, as a scan meets them
    (:func:`_with_plurals`)."""
    return _with_plurals(
        {
            key.split(" ")[0]
            for table in (idx.exact, idx.loose)
            for key, target in table.items()
            if target.unranked is not None and target.unranked.kind == "preprint"
        }
    )


def _with_plurals(words: Iterable[str]) -> frozenset[str]:
    """The words and each plural that :func:`_singular` cuts back to one of them: a token
    whose key is in the set is the word itself or, in the singular, starts a loose key."""
    found = set(words)
    return frozenset(found | {w + "s" for w in found if _singular(w + "s") == w})


@cache
def _name_starts(idx: _Index) -> frozenset[str]:
    """Every token key a name of the tables can start with: the first words of the exact
    keys, and of the loose keys with their plurals; an empty key (none in the lexicons)
    would be listed as ``""``."""
    exact = {key.split(" ")[0] for key in idx.exact}
    return frozenset(exact) | _with_plurals(key.split(" ")[0] for key in idx.loose)


def _may_name(keys: Sequence[str], idx: _Index) -> bool:
    """Whether a catalog, alias or loose name can start at one of the keys (a cheap test:
    a third of the texts looked up name no venue and start no name)."""
    starts = _name_starts(idx)
    return "" in starts or not starts.isdisjoint(keys)


def _may_be_marked(toks: Sequence[_Tok], idx: _Index) -> bool:
    """Whether the text can be a preprint, a workshop at a host or a side track: one of its
    tokens starts a preprint, host or side-track phrase or an archive's name, or is an "@"
    (a cheap test: most venue texts are none of these)."""
    return not _marker_starts(idx).isdisjoint([t.key for t in toks])


@cache
def _marker_starts(idx: _Index) -> frozenset[str]:
    """The token keys :func:`_may_be_marked` looks for."""
    markers = idx.markers
    tables = (markers.preprint, markers.host, markers.host_weak, markers.side_tracks)
    firsts = {phrase[0] for table in tables for phrase in table if phrase}
    return frozenset({"@", *firsts}) | _archive_starts(idx)


def _resolve(toks: Sequence[_Tok], ctx: _Context) -> VenueMatch | None:
    """Name part and parenthesized parts of a venue text -> one venue (see module docstring)."""
    idx = ctx.idx
    outside, groups = _split_parens(toks)
    all_words = _words(toks)
    all_keys = " ".join(t.key for t in all_words)
    text_kind = _text_kind(all_words, idx.markers)
    whole = _exact(all_words, idx) if groups else None
    if whole is not None:
        # brackets inside a catalog name: "... Very Large Scale Integration (VLSI) Systems"
        outside, groups = list(toks), []
    name_hit = whole or (_lookup(outside, idx) if _words(outside) else None)
    paren_hit: _Hit | None = None
    for group in groups:
        for piece in _pieces(group):
            paren_hit = _exact(piece, idx)
            if paren_hit is not None:
                break
        if paren_hit is not None:
            break
    if paren_hit is None and name_hit is None:
        for group in groups:
            hits = _scan(_words(group), idx)
            if hits:
                paren_hit = hits[0]
                break

    hit = name_hit or paren_hit
    if name_hit is not None and paren_hit is not None:
        if _same_venue(name_hit, paren_hit):
            # named twice: report the strongest evidence, the catalog's own full name
            if name_hit.loose or name_hit.key not in idx.name_keys[ctx.edition]:
                hit = paren_hit
        elif _publishes(name_hit, paren_hit, idx):
            hit = paren_hit  # "Proc. ACM Program. Lang. (OOPSLA)" is an OOPSLA paper
        elif (
            _is_workshop_name(name_hit, idx)
            and paren_hit.target.ids
            and not _is_workshop_name(paren_hit, idx)
        ):
            host = _choose(paren_hit, all_keys, "conference", "conference", ctx.edition, idx)
            return _workshop_at(
                outside, _display(host, paren_hit.key, ctx.edition, idx), ctx, name_hit
            )
        elif not name_hit.whole and paren_hit.whole:
            # a name inside longer text ("Proc. IEEE" in "Proc. IEEE Int. Conf. on ...") does
            # not identify the venue as surely as the bracketed abbreviation does
            hit = paren_hit
    if hit is not None and name_hit is not None and hit is name_hit:
        hit = _published_conference(hit, all_words, idx) or hit

    if hit is None or (hit is paren_hit and _names_other_type(outside, hit, idx)):
        # "International Conference on Data Science and Systems (DSS 2024)": the journal DSS
        # is a namesake of the bracketed short name, not this conference
        return _unidentified(outside, groups, text_kind, ctx)
    if hit.target.unranked is not None:
        return _unranked_match(hit.target.unranked, hit, text_kind)
    vid = _choose(hit, all_keys, text_kind, ctx.kind_hint, ctx.edition, idx, ctx.kind_asked)
    if text_kind == "workshop" and vid not in idx.workshop_like:
        # "Workshop on Foo (ASPLOS)", "Foo Workshop, MobiCom 2023": held at the host
        host_keys = set(hit.key.split()) if hit is name_hit else set()
        left = [t for t in outside if t.key not in host_keys]
        short = _bracketed_short_name(ctx.text, groups, idx.markers) if hit is name_hit else None
        return _workshop_at(left, _display(vid, hit.key, ctx.edition, idx), ctx, short=short)
    kind: VenueKind = idx.kind.get(vid) or (
        "workshop" if text_kind == "workshop" else _type_of(vid, idx)
    )
    return _catalog_match(vid, hit, ctx.edition, kind, idx)


def _names_other_type(outside: Sequence[_Tok], hit: _Hit, idx: _Index) -> bool:
    """The name written outside the brackets says it is a conference (or a journal) and the
    bracketed abbreviation names no venue of that type."""
    words = _words(outside)
    kind = _text_kind(words, idx.markers) if words else None
    return kind in ("journal", "conference") and not _type_fits(hit.target, kind, idx)


def _published_conference(journal_hit: _Hit, words: Sequence[_Tok], idx: _Index) -> _Hit | None:
    """A conference named in the text whose papers the journal publishes, its issue number
    glued on or not ("Proc. ACM Program. Lang. 6, OOPSLA2", "7(PLDI)")."""
    ids = journal_hit.target.ids
    published = idx.proceedings.get(ids[0], frozenset()) if len(ids) == 1 else frozenset()
    if not published:
        return None
    for tok in words:
        key = tok.key.rstrip("0123456789")
        target = idx.exact.get(key)
        if key and target is not None and published & set(target.ids):
            return _Hit(target, key, 0, 1)
    return None


def _publishes(journal_hit: _Hit, conference_hit: _Hit, idx: _Index) -> bool:
    """The named journal publishes the bracketed conference's papers (PACMPL and OOPSLA)."""
    ids = journal_hit.target.ids
    published = idx.proceedings.get(ids[0], frozenset()) if len(ids) == 1 else frozenset()
    return bool(published & set(conference_hit.target.ids))


def _unidentified(
    outside: Sequence[_Tok],
    groups: Sequence[Sequence[_Tok]],
    text_kind: VenueKind | None,
    ctx: _Context,
) -> VenueMatch | None:
    """No known venue: keep what the text says (a bracketed acronym, the name, the kind)."""
    idx = ctx.idx
    abbr = _bracketed_short_name(ctx.text, groups, idx.markers)
    if abbr is None and text_kind is None:
        return None  # nothing says this is a venue ("Best Paper Award")
    words = _strip_leading(_clean(_words(outside), idx.markers), idx.markers.leading)
    name = _display_text(ctx.text, _name_words(words), frozenset())
    return VenueMatch(abbr, name, text_kind, None, None)


def _bracketed_short_name(
    text: str, groups: Sequence[Sequence[_Tok]], markers: _Markers
) -> str | None:
    """The short name a venue text gives in brackets: one word with two capitals or more,
    years and noise cleaned off ("(BigToy 2018)" -> "BigToy"), or one written with its
    two-digit year whatever its case ("(toycon'23)" -> "toycon")."""
    for group in groups:
        for piece in _pieces(group):
            cleaned = _clean(piece, markers)
            if len(cleaned) != 1:
                continue
            word = cleaned[0].text
            if sum(c.isupper() for c in word) >= 2 or _is_year_tagged(text, piece):
                return word
    return None


def _is_year_tagged(text: str, piece: Sequence[_Tok]) -> bool:
    """The piece is one word and its two-digit year after an apostrophe: ``clk'23``."""
    return (
        len(piece) == 2
        and piece[0].text.isalpha()
        and len(piece[0].text) >= 2
        and text[piece[0].end : piece[1].start] in ("'", "’")
        and piece[1].number
        and len(piece[1].text) == 2
    )


# --- public API ------------------------------------------------------------------------


def without_links(text: str) -> str:
    """The text with its links and archive identifiers blanked out.

    >>> without_links("In: ICML. url: https://arxiv.org/abs/1609.07152").split()
    ['In:', 'ICML.']

    Memoized for texts of ordinary length: a publication's venue text is read without its
    links by several steps of parsing and by :func:`describe_venue`.
    """
    if ":" not in text and "/" not in text and "www" not in text.lower():
        return text  # every link form holds a colon, a slash or "www."
    return _blank_links(text)


#: Texts up to this length are memoized (see :mod:`bilingual_cv.memo`).
_MEMO_MAX_CHARS = 2000


@memo_short_texts(max_chars=_MEMO_MAX_CHARS, maxsize=4096)
def _blank_links(text: str) -> str:
    """The body of :func:`without_links`: every link form blanked out."""
    return _links_re().sub(" ", text)


@memo_short_texts(max_chars=_MEMO_MAX_CHARS, maxsize=4096)
def venue_name_key(name: str) -> str | None:
    """The key two writings of one venue's full name share: the name's words without
    publishers, function words, years, ordinals and "proceedings", each in the singular; None
    when fewer than three words remain (too little to tell two venues apart).

    >>> venue_name_key("2010 IEEE/ACM 14th International Symposium on Distributed Simulation and Real Time Applications")
    'symposium distributed simulation real time application'
    >>> venue_name_key("11th IEEE International Symposium on Distributed Simulation and Real-Time Applications")
    'symposium distributed simulation real time application'
    >>> venue_name_key("Simulation") is None
    True

    Memoized for names of ordinary length: :func:`~bilingual_cv.venues.names.share_short_names`
    keys each venue name of a CV two or three times.
    """
    idx = _index()
    noise = idx.markers.name_noise
    words = [
        _singular(t)
        for t in _key_tokens(name)
        if t[0].isalnum() and t not in noise and not _NUMBER.fullmatch(t) and t not in _PROCEEDINGS
    ]
    return " ".join(words) if len(words) >= 3 else None


#: Words of a proceedings volume, no part of the venue's name.
_PROCEEDINGS = frozenset({"proceedings", "proc"})


def describe_venue(
    text: str,
    edition: Edition = DEFAULT_EDITION,
    *,
    kind_hint: VenueType | None = None,
) -> VenueMatch | None:
    """Recognize the venue named by the venue part of a publication entry (see
    :func:`_describe_venue`).

    Memoized for texts of ordinary length, once for every ``kind_hint`` when the hint was not
    needed: a publication's venue is described when it is parsed (with its section's kind)
    and again when it is ranked (with the kind decided), and the hint matters only for an
    abbreviation that several venues share.
    """
    if len(text) > _MEMO_MAX_CHARS:
        return _describe_venue(text, edition, kind_hint)[0]
    known = _venue_memo(text, edition)
    if _ANY_KIND in known:
        return known[_ANY_KIND]
    if kind_hint in known:
        return known[kind_hint]
    match, kind_asked = _describe_venue(text, edition, kind_hint)
    known[kind_hint if kind_asked else _ANY_KIND] = match
    return match


#: The key in :func:`_venue_memo` of a match that holds for every ``kind_hint``.
_ANY_KIND = "any"


@lru_cache(maxsize=8192)
def _venue_memo(text: str, edition: Edition) -> dict[str | None, VenueMatch | None]:
    """The matches of one venue text found so far, by ``kind_hint`` (``"any"``: for all)."""
    return {}


def _describe_venue(
    text: str,
    edition: Edition = DEFAULT_EDITION,
    kind_hint: VenueType | None = None,
) -> tuple[VenueMatch | None, bool]:
    """Recognize the venue named by the venue part of a publication entry; and whether the
    result depends on ``kind_hint``.

    Args:
        text: the venue text as the CV writes it, markup, years and ordinals included.
        edition: the CCF edition whose record is returned.
        kind_hint: the kind the caller expects (from a "Journal Papers" section), used only to
            tell apart venues sharing an abbreviation.

    Returns:
        The match, or None when the text names no venue and says nothing about its kind.

    >>> m = describe_venue("USENIX Symposium on Networked Systems Design and Implementation (NSDI '25)")
    >>> (m.abbr, m.kind, m.record.rank, m.method)
    ('NSDI', 'conference', <CcfRank.A: 'A'>, 'abbr')
    >>> m = describe_venue("EuroMLSys @EuroSys 2022")
    >>> (m.abbr, m.kind, m.record)
    ('EuroMLSys@EuroSys', 'workshop', None)
    >>> describe_venue("(under review, 2024)")
    VenueMatch(abbr=None, name=None, kind='preprint', record=None, method=None, venue_id=None)
    >>> describe_venue("International Conference on Learning Representations (ICLR), 2021", "2022").record is None
    True
    """
    asked = False
    unlinked = without_links(text)
    if unlinked != text:
        named, asked = _describe_venue(unlinked, edition, kind_hint)
        if named is not None and named.venue_id is not None and named.kind != "preprint":
            return named, asked
    ctx = _Context(text, edition, kind_hint, _index())
    return _venue_of(ctx), asked or bool(ctx.kind_asked)


def _venue_of(ctx: _Context) -> VenueMatch | None:
    """The body of :func:`_describe_venue`."""
    text, edition, idx = ctx.text, ctx.edition, ctx.idx
    toks = _tokenize(text)
    words = _words(toks)
    if not words:
        return None
    dblp = _DBLP.search(text)
    if dblp is not None and any(dblp.group(0) in table for table in idx.catalogs.values()):
        vid = dblp.group(0)
        rec = _any_record(vid, edition, idx)
        return VenueMatch(
            idx.display.get(vid) or rec.abbr,
            rec.full_name,
            idx.kind.get(vid) or rec.type,
            _record(vid, edition, idx),
            "dblp",
            vid,
        )
    if not _may_be_marked(toks, idx):
        return _resolve(toks, ctx)  # no preprint, host or side track (most texts)
    preprint = _preprint(toks, ctx)
    if preprint is not None:
        return preprint
    split = _host_split(toks, ctx)
    if split is not None:
        left, right = split
        return _workshop_at(left, _host_label(right, ctx), ctx)
    side = _find_phrase([t.key for t in words], idx.markers.side_tracks)
    if side is not None:
        track = words[side[0] : side[1]]
        rest = [t for t in toks if t not in track]
        main = _resolve(rest, ctx)
        label = _display_text(text, track, frozenset())
        if main is None or main.venue_id is None:
            return main
        return VenueMatch(
            f"{main.abbr or main.name} {label}",
            f"{main.name} ({label})",
            main.kind,
            None,
            main.method,
        )
    return _resolve(toks, ctx)


def find_venues(text: str, edition: Edition = DEFAULT_EDITION) -> list[VenueMatch]:
    """Every venue mentioned in free text (see :func:`_find_venues`); memoized for lines of
    ordinary length, as service and talk lines repeat across CVs."""
    return list(_find_venues(text, edition))


@memo_short_texts(max_chars=_MEMO_MAX_CHARS, maxsize=8192)
def _find_venues(text: str, edition: Edition = DEFAULT_EDITION) -> tuple[VenueMatch, ...]:
    """Every venue mentioned in free text (service, talks, summaries), in order.

    The text is cut at commas, semicolons and slashes, except inside brackets and inside a known
    multi-word name; each part is described like a venue text, and a part that names several
    venues ("SIGCOMM and NSDI") gives each of them.

    >>> [m.abbr for m in find_venues("2024: APNET, CoNEXT, NSDI, SIGMOD")]
    ['APNet', 'CoNEXT', 'NSDI', 'SIGMOD']
    >>> [m.abbr for m in find_venues("Reviewer, ACM Transactions on Architecture and Code Optimization (TACO), 2023")]
    ['TACO']
    """
    idx = _index()
    ctx = _Context(text, edition, None, idx)
    toks = _tokenize(text)
    protected: set[int] = set()
    words = [(n, t) for n, t in enumerate(toks) if t.word]
    for hit in _scan([t for _, t in words], idx):
        if hit.end - hit.start >= 2:
            protected.update(range(words[hit.start][0], words[hit.end - 1][0] + 1))
    chunks: list[list[_Tok]] = [[]]
    depth = 0
    for n, tok in enumerate(toks):
        depth += tok.text in _OPEN
        depth -= tok.text in _CLOSE and depth > 0
        if tok.text in _SEPARATORS and depth == 0 and n not in protected:
            chunks.append([])
        else:
            chunks[-1].append(tok)
    normal = unicodedata.normalize("NFKC", text)  # the text the tokens' spans are in, once
    found: list[VenueMatch] = []
    for chunk in chunks:
        found.extend(_chunk_venues(chunk, ctx, normal))
    return tuple(found)


def _chunk_venues(chunk: Sequence[_Tok], ctx: _Context, normal: str) -> list[VenueMatch]:
    idx = ctx.idx
    words = _words(chunk)
    if not words:
        return []
    structured = (
        any(t.text in _OPEN or t.text == "@" for t in chunk)
        or _text_kind(words, idx.markers) == "workshop"
        or _find_phrase([t.key for t in words], idx.markers.side_tracks) is not None
        or _find_phrase([t.key for t in words], idx.markers.host) is not None
        or _exact(words, idx) is not None
    )
    if not structured:
        hits = _scan(words, idx)
        if hits:
            return [m for h in hits if (m := _hit_match(h, words, ctx)) is not None]
    text = normal[chunk[0].start : chunk[-1].end]
    if not structured and _names_nothing(chunk, words, text, idx):
        return []  # its description would be dropped below (most parts of a service line)
    match = describe_venue(text, ctx.edition)
    if match is None or (match.method is None and match.abbr is None):
        return []
    return [match]


def _names_nothing(chunk: Sequence[_Tok], words: Sequence[_Tok], text: str, idx: _Index) -> bool:
    """Whether :func:`describe_venue` of ``text`` (the chunk's text) would give None or a
    match with neither ``method`` nor ``abbr``, for a chunk :func:`_chunk_venues` found not
    structured (no bracket, "@", workshop word, side-track or host phrase; ``_exact`` None)
    and where ``_scan`` found nothing. True when the chunk also has no separator, no
    preprint phrase, no "www", and its text is NFKC-normal with at most its last word dotted.

    Why: a normal ``text`` tokenizes to the chunk's tokens (moved by ``start``; the regex
    reads no context), except that the last one is not dotted, and only ``_exact``'s first
    test and ``_abbreviated`` read ``dotted``: with no other word dotted, ``_exact`` and
    ``_scan`` of its words are still None and []. Then, without ":", "/" or "www", no link
    is blanked and no dblp key found; ``_preprint`` finds no phrase and no archive (one comes
    from ``_scan``); ``_host_split`` no "@", host phrase, or weak one after a workshop word;
    no side track. So ``_resolve`` runs with no bracket group: ``_lookup`` finds nothing
    (one piece), and ``_unidentified`` with no group gives None or ``(None, name, kind,
    None, None)``.
    """
    if any(t.text in _SEPARATORS for t in chunk):
        return False
    if chunk[-1].dotted and any(t.dotted for t in words[:-1]):
        return False
    if "www" in text.lower() or not unicodedata.is_normalized("NFKC", text):
        return False
    return _find_phrase([t.key for t in words], idx.markers.preprint) is None


def _hit_match(hit: _Hit, words: Sequence[_Tok], ctx: _Context) -> VenueMatch | None:
    idx = ctx.idx
    text_kind = _text_kind(words, idx.markers)
    if hit.target.unranked is not None:
        return _unranked_match(hit.target.unranked, hit, text_kind)
    vid = _choose(hit, " ".join(t.key for t in words), text_kind, None, ctx.edition, idx)
    return _catalog_match(vid, hit, ctx.edition, idx.kind.get(vid) or _type_of(vid, idx), idx)


def ccf_info(match: VenueMatch, edition: Edition) -> CcfInfo | None:
    """The contract's ``ccf`` value for a match in ``edition``; None when unranked there.

    >>> info = ccf_info(describe_venue("HPDC '24"), "2022")
    >>> (info.rank.value, info.abbr, info.edition.value, info.match)
    ('B', 'HPDC', '2022', 'abbr')
    >>> ccf_info(describe_venue("Cloud @ MICRO, 2021."), "2026") is None
    True
    """
    if match.method is None or match.kind == "preprint":
        return None
    vid = match.venue_id
    if vid is None and match.record is not None:
        vid = match.record.dblp
    if vid is None:
        return None
    rec = _index().catalogs[edition].get(vid)
    if rec is None:
        return None
    return CcfInfo(
        rank=rec.rank,
        abbr=rec.abbr,
        full_name=rec.full_name,
        type=rec.type,
        field_id=rec.field_id,
        edition=edition,
        match=match.method,
    )
