"""A CV's publications for reference managers: BibTeX (``convert --bibtex DIR``) and CSL-JSON
(``convert --csl-json DIR``), one file per CV.

- :func:`to_bibtex`: one entry per publication, ``@inproceedings`` (conference and workshop
  papers), ``@article`` (journal papers) or ``@misc`` (preprints, patents, books and the
  rest). The CCF rank goes in ``keywords`` (``CCF-A``, which Zotero keeps as a tag, then the
  catalogue's abbreviation of the venue, ``OSDI``; a class of CCF's Chinese-journal list as
  ``CCF-CN-A``), and the owner's roles (``owner_roles``: first, co-first, corresponding) in
  ``note``.
- :func:`to_csl_json`: a list of CSL-JSON items that validates against the vendored schema,
  ``vendor/csl/csl-data.json`` (MIT, see ``LICENSE-csl-schema`` beside it). What CSL has no
  variable for goes under ``custom``: the CCF rank and abbreviation, the Chinese-journal
  class, the claimed rank, the owner's position and roles.

Both take a CV's JSON form (what ``convert`` wrote, of any schema version) and give the same
text for the same record. Names and titles keep the CV's wording and script.
"""

from __future__ import annotations

import json
import re
import unicodedata
from collections.abc import Mapping
from importlib import resources
from typing import Any

from bilingual_cv import __version__
from bilingual_cv.export.summary import as_dict, as_dicts

__all__ = [
    "bibtex_value",
    "citation_keys",
    "csl_json_text",
    "csl_schema_text",
    "to_bibtex",
    "to_csl_json",
]

#: BibTeX entry type of each publication kind (``@misc`` for the rest).
BIBTEX_TYPES = {"conference": "inproceedings", "workshop": "inproceedings", "journal": "article"}
#: The field that names the venue in each BibTeX entry type.
BIBTEX_VENUE_FIELDS = {"inproceedings": "booktitle", "article": "journal", "misc": "howpublished"}
#: CSL item type of each publication kind.
CSL_TYPES = {
    "conference": "paper-conference",
    "workshop": "paper-conference",
    "journal": "article-journal",
    "preprint": "article",
    "patent": "patent",
    "book": "book",
}
#: How each owner role reads in a BibTeX note.
ROLE_WORDS = {"first": "first author", "co_first": "co-first author",
              "corresponding": "corresponding author"}  # fmt: skip
#: Characters LaTeX reads as commands, escaped in BibTeX values.
_LATEX_SPECIALS = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#",
                   "_": r"\_", "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}",
                   "^": r"\textasciicircum{}"}  # fmt: skip
_LATEX_RE = re.compile("[" + re.escape("".join(_LATEX_SPECIALS)) + "]")
#: A word of ASCII letters, for citation keys.
_ASCII_WORD_RE = re.compile(r"[A-Za-z]+")
#: Words left out of a citation key's title part.
_KEY_STOP_WORDS = frozenset({"a", "an", "the", "on", "of", "for", "in", "to", "and", "with"})


def csl_schema_text() -> str:
    """The vendored CSL-JSON schema, as text (for validators)."""
    return (
        resources.files("bilingual_cv")
        .joinpath("vendor", "csl", "csl-data.json")
        .read_text("utf-8")
    )


def _ascii_words(text: object) -> list[str]:
    """The ASCII letter words of a text, accents taken off (``Müller`` -> ``Muller``)."""
    if not isinstance(text, str):
        return []
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii")
    return _ASCII_WORD_RE.findall(plain)


def _key_stem(pub: Mapping[str, Any]) -> str:
    """``<first author's last word><year><first title word>`` in ASCII lower case.

    >>> _key_stem({"authors": ["Jane Roe"], "year": 2023, "title": "The Fast Caches"})
    'roe2023fast'
    >>> _key_stem({"authors": ["李华"], "year": 2022, "title": "分布式训练"})
    'pub2022'
    """
    authors = [a for a in pub.get("authors") or [] if isinstance(a, str)]
    name = "".join(_ascii_words(authors[0])[-1:]).lower() if authors else ""
    year = pub.get("year")
    title = [w for w in _ascii_words(pub.get("title")) if w.lower() not in _KEY_STOP_WORDS][:1]
    shown_year = str(year) if isinstance(year, int) and not isinstance(year, bool) else ""
    return (name or "pub") + shown_year + "".join(title).lower()


def citation_keys(cv: Mapping[str, Any]) -> list[str]:
    """A citation key for each publication of a CV, unique within it (``a``, ``b`` ... added
    to repeated ones), the same in its BibTeX and its CSL-JSON.

    >>> citation_keys({"publications": [{"authors": ["Jane Roe"], "year": 2023, "title": "Fast"},
    ...     {"authors": ["Jane Roe"], "year": 2023, "title": "Fast again"}, {"title": "分布式"}]})
    ['roe2023fast', 'roe2023fasta', 'pub']
    """
    keys: list[str] = []
    used: set[str] = set()
    for pub in as_dicts(cv.get("publications")):
        stem = key = _key_stem(pub)
        number = 0
        while key in used:
            key = stem + _letters(number)
            number += 1
        used.add(key)
        keys.append(key)
    return keys


def _letters(number: int) -> str:
    """``a``, ``b``, ... ``z``, ``aa``, ``ab`` ...

    >>> [_letters(n) for n in (0, 25, 26)]
    ['a', 'z', 'aa']
    """
    text = ""
    number += 1
    while number:
        number, rest = divmod(number - 1, 26)
        text = chr(ord("a") + rest) + text
    return text


def _roles(pub: Mapping[str, Any]) -> list[str]:
    """The owner's roles on a publication (``owner_roles``, when the record has them)."""
    roles = pub.get("owner_roles")
    if not isinstance(roles, list):
        return []
    return [role for role in roles if isinstance(role, str)]


def _venue(pub: Mapping[str, Any]) -> str | None:
    venue = as_dict(pub.get("venue"))
    text = venue.get("name") or venue.get("raw") or venue.get("abbr")
    return str(text) if text else None


def _keywords(pub: Mapping[str, Any]) -> list[str]:
    """``CCF-A`` and the catalogue's abbreviation; ``CCF-CN-A`` for the Chinese-journal list.

    >>> _keywords({"ccf": {"rank": "A", "abbr": "OSDI"}, "ccf_cn": {"rank": "B"}})
    ['CCF-A', 'OSDI', 'CCF-CN-B']
    """
    words: list[str] = []
    ccf = as_dict(pub.get("ccf"))
    if ccf.get("rank") in ("A", "B", "C"):
        words.append(f"CCF-{ccf['rank']}")
        if isinstance(ccf.get("abbr"), str) and ccf["abbr"]:
            words.append(ccf["abbr"].replace(",", " "))
    cn = as_dict(pub.get("ccf_cn")).get("rank")
    if cn in ("A", "B", "C"):
        words.append(f"CCF-CN-{cn}")
    return words


# --- BibTeX ------------------------------------------------------------------------------------


def bibtex_value(text: str) -> str:
    """A text as the inside of a braced BibTeX value: LaTeX specials escaped, one line.

    >>> print(bibtex_value("R&D at 100% {fast}_x"))
    R\\&D at 100\\% \\{fast\\}\\_x
    """
    one_line = " ".join(text.split())
    return _LATEX_RE.sub(lambda m: _LATEX_SPECIALS[m.group()], one_line)


def _bibtex_entry(pub: Mapping[str, Any], key: str) -> str:
    kind = str(pub.get("kind") or "other")
    entry_type = BIBTEX_TYPES.get(kind, "misc")
    fields: list[tuple[str, str]] = []
    title = pub.get("title") or pub.get("raw")
    if isinstance(title, str) and title.strip():
        fields.append(("title", title))
    authors = [a for a in pub.get("authors") or [] if isinstance(a, str) and a.strip()]
    if authors:
        fields.append(("author", " and ".join(authors)))
    venue = _venue(pub)
    if venue:
        fields.append((BIBTEX_VENUE_FIELDS[entry_type], venue))
    year = pub.get("year")
    if isinstance(year, int) and not isinstance(year, bool):
        fields.append(("year", str(year)))
    keywords = _keywords(pub)
    if keywords:
        fields.append(("keywords", ", ".join(keywords)))
    notes = []
    roles = _roles(pub)
    if roles:
        notes.append("Owner: " + ", ".join(ROLE_WORDS.get(role, role) for role in roles))
    notes.extend(str(n) for n in pub.get("notes") or [] if isinstance(n, str) and n)
    if notes:
        fields.append(("note", "; ".join(notes)))
    if kind not in BIBTEX_TYPES and kind != "other":
        fields.append(("type", kind))
    body = ",\n".join(f"  {name} = {{{bibtex_value(value)}}}" for name, value in fields)
    return f"@{entry_type}{{{key},\n{body}\n}}\n"


def to_bibtex(cv: Mapping[str, Any]) -> str:
    """The publications of a CV as a BibTeX file (an empty list gives only the header).

    >>> print(to_bibtex({"person": {"name": "Jane Roe"}, "publications": [
    ...     {"title": "Fast Tiered Caches", "authors": ["Jane Roe", "Sam Poe"], "year": 2023,
    ...      "kind": "conference", "venue": {"raw": "OSDI 2023", "abbr": "OSDI"},
    ...      "ccf": {"rank": "A", "abbr": "OSDI"}, "owner_roles": ["first"]}]}))
    ... # doctest: +ELLIPSIS
    % Publications of Jane Roe, from bilingual-cv ...
    <BLANKLINE>
    @inproceedings{roe2023fast,
      title = {Fast Tiered Caches},
      author = {Jane Roe and Sam Poe},
      booktitle = {OSDI 2023},
      year = {2023},
      keywords = {CCF-A, OSDI},
      note = {Owner: first author}
    }
    <BLANKLINE>
    """
    name = _owner(cv)
    source = as_dict(cv.get("source")).get("path")
    header = f"% Publications of {name}, from bilingual-cv {__version__}"
    if isinstance(source, str) and source:
        header += f" ({' '.join(source.split())})"
    pubs = as_dicts(cv.get("publications"))
    entries = [_bibtex_entry(pub, key) for pub, key in zip(pubs, citation_keys(cv), strict=True)]
    return "\n".join([header + "\n", *entries])


def _owner(cv: Mapping[str, Any]) -> str:
    person = as_dict(cv.get("person"))
    name = person.get("name") or person.get("name_zh") or person.get("inferred_name")
    return " ".join(str(name).split()) if name else "an unnamed CV"


# --- CSL-JSON ----------------------------------------------------------------------------------


def _csl_item(pub: Mapping[str, Any], key: str) -> dict[str, Any]:
    item: dict[str, Any] = {
        "id": key,
        "citation-key": key,
        "type": CSL_TYPES.get(str(pub.get("kind")), "document"),
    }
    title = pub.get("title") or pub.get("raw")
    if isinstance(title, str) and title.strip():
        item["title"] = title
    authors = [a for a in pub.get("authors") or [] if isinstance(a, str) and a.strip()]
    if authors:
        item["author"] = [{"literal": author} for author in authors]
    venue = _venue(pub)
    if venue:
        item["container-title"] = venue
    venue_record = as_dict(pub.get("venue"))
    abbr = venue_record.get("abbr")
    if isinstance(abbr, str) and abbr and venue_record.get("abbr_source") != "initials":
        # a citation's short title is one a catalog or the CV gives, never one derived here
        item["container-title-short"] = abbr
    year = pub.get("year")
    if isinstance(year, int) and not isinstance(year, bool):
        item["issued"] = {"date-parts": [[year]]}
    language = pub.get("lang")
    if isinstance(language, str) and language:
        item["language"] = language
    keywords = _keywords(pub)
    if keywords:
        item["keyword"] = ", ".join(keywords)
    item["custom"] = _csl_custom(pub)
    return item


def _csl_custom(pub: Mapping[str, Any]) -> dict[str, Any]:
    """What CSL has no variable for: ranks, the claimed rank, the owner's position and roles."""
    custom: dict[str, Any] = {}
    ccf = as_dict(pub.get("ccf"))
    if ccf.get("rank"):
        custom["ccf"] = {k: ccf.get(k) for k in ("rank", "abbr", "full_name", "type", "edition")}
    cn = as_dict(pub.get("ccf_cn"))
    if cn:
        custom["ccf_cn"] = {k: cn.get(k) for k in ("rank", "tier", "name")}
    if pub.get("claimed_ccf"):
        custom["claimed_ccf"] = pub.get("claimed_ccf")
    if pub.get("claimed_tier"):
        custom["claimed_tier"] = pub.get("claimed_tier")
    position = pub.get("owner_position")
    if isinstance(position, int) and not isinstance(position, bool):
        custom["owner_position"] = position
    if "owner_roles" in pub:
        custom["owner_roles"] = _roles(pub)
    return custom


def to_csl_json(cv: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The publications of a CV as CSL-JSON items (a list, as the schema wants).

    >>> items = to_csl_json({"publications": [{"title": "Fast Tiered Caches",
    ...     "authors": ["Jane Roe"], "year": 2023, "kind": "conference",
    ...     "venue": {"raw": "OSDI 2023", "abbr": "OSDI"}, "ccf": {"rank": "A", "abbr": "OSDI"},
    ...     "owner_position": 1, "owner_roles": ["first"]}]})
    >>> items[0]["type"], items[0]["issued"], items[0]["custom"]["ccf"]["rank"]
    ('paper-conference', {'date-parts': [[2023]]}, 'A')
    >>> items[0]["custom"]["owner_roles"]
    ['first']
    """
    pubs = as_dicts(cv.get("publications"))
    return [_csl_item(pub, key) for pub, key in zip(pubs, citation_keys(cv), strict=True)]


def csl_json_text(cv: Mapping[str, Any]) -> str:
    """The CSL-JSON file of a CV: its items as indented JSON, one trailing newline."""
    return json.dumps(to_csl_json(cv), ensure_ascii=False, indent=2) + "\n"
