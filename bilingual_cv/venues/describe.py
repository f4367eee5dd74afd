"""The venue matcher: what the venue part of a publication entry names.

A publication's venue text, as CVs write it (``NSDI '25``, ``In Proceedings of the 2024 USENIX
Annual Technical Conference (**USENIX ATC 2024**)``, ``EuroMLSys @EuroSys 2022``), becomes a
:class:`~bilingual_cv.venues.match.VenueMatch`: a display name, the full name, what kind of
venue the text says it is, and the catalog record in the chosen edition of the CCF list
(``None`` when the venue is unranked). Tables are built once, on first use, into plain dicts
(:mod:`~bilingual_cv.venues.index`); a lookup is a handful of dict probes over the text's
tokens.

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
  the main proceedings: the venue is named (``DSN``) with the event as its track (``Doctoral
  Forum``), and it gets no rank.
- An abbreviation the catalog gives to several venues (CC, TCC, ASE, WWW, FSE, SEC, AAMAS,
  CSCW, RE) is decided by a full name in the text, then by journal-vs-conference (words in the
  text or ``kind_hint``), then by ``defaults`` in ``aliases.yaml``.
- Work under review, submitted or on arXiv is a preprint and never gets a rank.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache, lru_cache

from bilingual_cv.lexicon import load_ccf_markers
from bilingual_cv.memo import memo_short_texts
from bilingual_cv.venues.catalog import DEFAULT_EDITION, Edition
from bilingual_cv.venues.index import _any_record, _Index, _index, _record, _type_of
from bilingual_cv.venues.lookup import (
    _exact,
    _Hit,
    _is_workshop_name,
    _lookup,
    _same_venue,
    _scan,
    _type_fits,
)
from bilingual_cv.venues.markers import VenueKind, VenueType, _clean, _Markers, _text_kind
from bilingual_cv.venues.match import (
    VenueMatch,
    _catalog_match,
    _choose,
    _Context,
    _display,
    _display_text,
    _unranked_match,
)
from bilingual_cv.venues.tokens import (
    _find_phrase,
    _pieces,
    _split_parens,
    _strip_leading,
    _Tok,
    _tokenize,
    _with_plurals,
    _words,
)
from bilingual_cv.venues.workshops import _host_label, _host_split, _workshop_at

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

    if (
        hit is not None
        and hit is name_hit
        and paren_hit is None
        and not hit.whole
        and text_kind != "workshop"  # "Workshop on Toys (ToyW) at NSDI": held at the host
    ):
        short = _bracketed_short_name(ctx.text, groups, idx.markers)
        if short is not None and not _short_name_of(short, hit, ctx):
            # "Conference of the European Chapter of the Association for Computational
            # Linguistics (EACL 2014)": a catalog name inside a longer one, and the text's own
            # short name is another's: the venue is the one the bracket names, unknown here
            return _unidentified(outside, groups, text_kind, ctx)
    if hit is None or (hit is paren_hit and _names_other_type(outside, hit, idx)):
        # "International Conference on Data Science and Systems (DSS 2024)": the journal DSS
        # is a namesake of the bracketed short name, not this conference
        return _unidentified(outside, groups, text_kind, ctx)
    if hit.target.unranked is not None:
        return _unranked_match(hit.target.unranked, hit, text_kind)
    vid = _choose(hit, all_keys, text_kind, ctx.kind_hint, ctx.edition, idx, ctx.kind_asked)
    if (
        text_kind == "workshop"
        and vid not in idx.workshop_like
        and hit is paren_hit
        and _abbreviates(_bracketed_short_name(ctx.text, groups, idx.markers), _words(outside))
    ):
        # "Workshop on Toy Security Applications (WTSA'16)": the workshop's own short name,
        # which the catalog gives another venue, not a host
        return _unidentified(outside, groups, text_kind, ctx)
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


def _abbreviates(short: str | None, words: Sequence[_Tok]) -> bool:
    """``short`` is an acronym of ``words``: its letters are, in order, the start of each of
    some of the words (one letter or more of each, ``IWSEC`` of International Workshop on
    SECurity), beginning at a word's first letter.

    >>> from bilingual_cv.venues.tokens import _tokenize
    >>> toks = _words(_tokenize("Intl. Workshop on Toy Security Applications"))
    >>> _abbreviates("WTSA", toks), _abbreviates("IWTSEC", toks), _abbreviates("NSDI", toks)
    (True, True, False)
    """
    if short is None or len(short) < 3 or not short.isalpha():
        return False
    letters = short.lower()
    keys = [tok.text.lower() for tok in words if tok.text[:1].isalpha()]

    @cache
    def spells(at: int, word: int) -> bool:
        if at == len(letters):
            return True
        for index in range(word, len(keys)):
            key = keys[index]
            size = 0
            while size < len(key) and at + size < len(letters) and key[size] == letters[at + size]:
                size += 1
                if spells(at + size, index + 1):
                    return True
        return False

    return spells(0, 0)


def _short_name_of(short: str, hit: _Hit, ctx: _Context) -> bool:
    """A bracketed short name that begins with the short name of a venue the hit names
    ("ACL-IJCNLP" for ACL; not "EACL")."""
    idx = ctx.idx
    names = [
        idx.display.get(vid) or _any_record(vid, ctx.edition, idx).abbr for vid in hit.target.ids
    ]
    if hit.target.unranked is not None:
        names.append(hit.target.unranked.abbr)
    return any(name and short.lower().startswith(name.lower()) for name in names)


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
    VenueMatch(abbr=None, name=None, kind='preprint', record=None, method=None, venue_id=None, track=None)
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
            main.abbr or main.name, main.name, main.kind, None, main.method, track=label
        )
    return _resolve(toks, ctx)
