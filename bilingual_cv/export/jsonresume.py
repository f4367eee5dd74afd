"""Export a CV record to JSON Resume (https://jsonresume.org), the format résumé tools read.

:func:`to_json_resume` maps one CV record (the JSON form of ``SCHEMA.md``) to one JSON Resume
document that validates against the vendored schema, ``vendor/jsonresume/schema.json``
(draft-04, MIT, see ``LICENSE-resume-schema`` beside it). What JSON Resume has no field for
(CCF ranks, the owner's author position, the degree as a code, the Chinese name) goes under
the key :data:`EXTENSION_KEY` of the object it belongs to: every JSON Resume object but the
top level allows additional properties, so other tools ignore it and nothing is lost.

Mapping:

- ``person`` → ``basics`` (first email, phone and URL; the other URLs as ``profiles``);
- ``education`` → ``education`` (``studyType`` "PhD", "Master" ...; ``area`` the field);
- ``experience`` and ``research_experience`` → ``work`` (bullets as ``highlights``);
- ``publications`` → ``publications`` (``publisher`` the venue, ``releaseDate`` the year);
- ``awards``, ``skills``, ``research_interests`` → ``awards``, ``skills``, ``interests``;
- ``projects`` and ``talks`` → ``projects`` (``type`` "project" or "talk"), ``service`` →
  ``volunteer``; ``meta`` says which tool and record the document came from.

Dates keep their precision (``"2019-09"``); ``"present"`` becomes a missing ``endDate``, which
is how JSON Resume says "current". Values keep the CV's wording: nothing is translated.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from importlib import resources
from typing import Any

from bilingual_cv import __version__

#: The key under which bilingual_cv adds what JSON Resume has no field for.
EXTENSION_KEY = "x-bilingual-cv"
#: JSON Resume's ``iso8601`` definition: a year, year-month or full date.
ISO_DATE_RE = re.compile(
    r"^([1-2][0-9]{3}-[0-1][0-9]-[0-3][0-9]|[1-2][0-9]{3}-[0-1][0-9]|[1-2][0-9]{3})$"
)
#: A URL that already names its scheme (``https://``, ``mailto:``).
SCHEME_RE = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")
#: ``studyType`` for each degree code of the schema.
STUDY_TYPES = {
    "phd": "PhD",
    "master": "Master",
    "bachelor": "Bachelor",
    "postdoc": "Postdoc",
    "other": "Other",
}
#: The JSON Resume version the vendored schema describes.
JSON_RESUME_VERSION = "v1.0.0"


def json_resume_schema_text() -> str:
    """The vendored JSON Resume schema, as text (for validators)."""
    return (
        resources.files("bilingual_cv")
        .joinpath("vendor", "jsonresume", "schema.json")
        .read_text("utf-8")
    )


def to_json_resume(cv: Mapping[str, Any]) -> dict[str, Any]:
    """Map a CV record (its JSON form) to a JSON Resume document.

    Args:
        cv: A CV record as ``CV.model_dump(mode="json")`` gives it, or as read from a
            ``convert`` output; missing fields read as empty.

    Returns:
        A new dict that validates against the JSON Resume schema.

    >>> resume = to_json_resume({
    ...     "person": {"name": "Jane Roe", "name_zh": "罗珍", "emails": ["jane@example.org"]},
    ...     "education": [{"institution": "Example University", "degree": "phd",
    ...                    "field": "Computer Science", "start": "2019-09", "end": "present"}],
    ...     "publications": [{"title": "Fast Caches", "authors": ["Jane Roe", "Li Hua"],
    ...                       "owner_position": 1, "year": 2024, "kind": "conference",
    ...                       "venue": {"abbr": "OSDI"}, "ccf": {"rank": "A", "abbr": "OSDI"}}],
    ... })
    >>> resume["basics"]["name"], resume["basics"][EXTENSION_KEY]["name_zh"]
    ('Jane Roe', '罗珍')
    >>> resume["education"][0]["studyType"], resume["education"][0]["startDate"]
    ('PhD', '2019-09')
    >>> "endDate" in resume["education"][0]
    False
    >>> pub = resume["publications"][0]
    >>> pub["name"], pub["publisher"], pub["releaseDate"]
    ('Fast Caches', 'OSDI', '2024')
    >>> pub[EXTENSION_KEY]["ccf"]["rank"], pub[EXTENSION_KEY]["first_author"]
    ('A', True)
    """
    resume: dict[str, Any] = {"basics": _basics(cv)}
    sections: dict[str, list[dict[str, Any]]] = {
        "work": [
            _work(item)
            for item in (*_dicts(cv.get("experience")), *_dicts(cv.get("research_experience")))
        ],
        "volunteer": [_volunteer(item) for item in _dicts(cv.get("service"))],
        "education": [_education(item) for item in _dicts(cv.get("education"))],
        "awards": [_award(item) for item in _dicts(cv.get("awards"))],
        "publications": [_publication(item) for item in _dicts(cv.get("publications"))],
        "skills": [_named(item.get("text")) for item in _dicts(cv.get("skills"))],
        "interests": [_named(text) for text in _strings(cv.get("research_interests"))],
        "projects": [
            *(_project(item, "project") for item in _dicts(cv.get("projects"))),
            *(_project(item, "talk") for item in _dicts(cv.get("talks"))),
        ],
    }
    for key, items in sections.items():
        kept = [item for item in items if item]
        if kept:
            resume[key] = kept
    resume["meta"] = _meta(cv)
    return resume


# --- small readers of JSON values --------------------------------------------------------------


def _dicts(value: object) -> list[Mapping[str, Any]]:
    return [item for item in value if isinstance(item, dict)] if isinstance(value, list) else []


def _dict(value: object) -> Mapping[str, Any]:
    return value if isinstance(value, dict) else {}


def _strings(value: object) -> list[str]:
    """The non-empty strings of a JSON list.

    >>> _strings(["a", "", None, 3, "b"])
    ['a', 'b']
    """
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, str) and item.strip()]


def _put(target: dict[str, Any], key: str, value: object) -> None:
    """Set a string field only when there is text (JSON Resume has no nulls)."""
    if isinstance(value, str) and value.strip():
        target[key] = value
    elif isinstance(value, int) and not isinstance(value, bool):
        target[key] = str(value)


def resume_date(value: object) -> str | None:
    """A contract date as JSON Resume's ``iso8601`` string, or None ("present", unknown).

    >>> resume_date("2019-09"), resume_date(2024), resume_date("present"), resume_date(None)
    ('2019-09', '2024', None, None)
    """
    text = str(value) if isinstance(value, (str, int)) and not isinstance(value, bool) else ""
    return text if ISO_DATE_RE.match(text) else None


def resume_url(value: object) -> str | None:
    """A CV's URL as an absolute URI: ``https://`` is added when no scheme is written.

    >>> resume_url("github.com/jane-roe"), resume_url("https://jane.example.org")
    ('https://github.com/jane-roe', 'https://jane.example.org')
    >>> resume_url("not a url") is None
    True
    """
    if not isinstance(value, str):
        return None
    text = value.strip()
    if not text or any(ch.isspace() for ch in text) or "." not in text:
        return None
    return text if SCHEME_RE.match(text) else "https://" + text


def _set_dates(target: dict[str, Any], item: Mapping[str, Any]) -> None:
    for key, field in (("start", "startDate"), ("end", "endDate")):
        date = resume_date(item.get(key))
        if date:
            target[field] = date


def _extension(**values: object) -> dict[str, Any]:
    """The extension object, without the empty values.

    >>> _extension(kind="work", notes=[], rank=None, expected=False)
    {'kind': 'work', 'expected': False}
    """
    return {k: v for k, v in values.items() if v is not None and v != [] and v != ""}


# --- sections ----------------------------------------------------------------------------------


def _basics(cv: Mapping[str, Any]) -> dict[str, Any]:
    person = _dict(cv.get("person"))
    basics: dict[str, Any] = {}
    _put(basics, "name", person.get("name") or person.get("name_zh") or person.get("inferred_name"))
    emails = [e for e in _strings(person.get("emails")) if "@" in e]
    if emails:
        basics["email"] = emails[0]
    phones = _strings(person.get("phones"))
    if phones:
        basics["phone"] = phones[0]
    urls = list(dict.fromkeys(u for u in map(resume_url, _strings(person.get("urls"))) if u))
    if urls:
        basics["url"] = urls[0]
        profiles = [{"network": _host(url), "url": url} for url in urls[1:]]
        if profiles:
            basics["profiles"] = profiles
    location = person.get("location")
    if isinstance(location, str) and location.strip():
        basics["location"] = {"address": location}
    extension = _extension(
        name_zh=person.get("name_zh"),
        inferred_name=person.get("inferred_name"),
        emails=emails[1:],
        phones=phones[1:],
        language=cv.get("language"),
    )
    if extension:
        basics[EXTENSION_KEY] = extension
    return basics


def _host(url: str) -> str:
    """The host of an absolute URL, to name a profile.

    >>> _host("https://github.com/jane-roe")
    'github.com'
    """
    rest = url.split("://", 1)[-1]
    return rest.split("/", 1)[0]


def _work(item: Mapping[str, Any]) -> dict[str, Any]:
    work: dict[str, Any] = {}
    _put(work, "name", item.get("organization"))
    _put(work, "position", item.get("title"))
    _put(work, "location", item.get("location"))
    _set_dates(work, item)
    highlights = _strings(item.get("bullets"))
    if highlights:
        work["highlights"] = highlights
    if not work and not item.get("raw"):
        return {}
    work[EXTENSION_KEY] = _extension(
        kind=item.get("kind"),
        current=True if item.get("end") == "present" else None,
        lang=item.get("lang"),
        raw=item.get("raw"),
    )
    return work


def _volunteer(item: Mapping[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = {}
    _put(entry, "organization", item.get("venue"))
    _put(entry, "position", item.get("role"))
    _put(entry, "summary", item.get("text"))
    date = resume_date(item.get("date")) or resume_date(item.get("year"))
    if date:
        entry["startDate"] = date
    ccf = _dict(item.get("ccf"))
    if ccf:
        entry[EXTENSION_KEY] = _extension(ccf=dict(ccf))
    return entry


def _education(item: Mapping[str, Any]) -> dict[str, Any]:
    entry: dict[str, Any] = {}
    _put(entry, "institution", item.get("institution"))
    _put(entry, "area", item.get("field"))
    degree = item.get("degree")
    _put(entry, "studyType", STUDY_TYPES.get(str(degree)) if degree else None)
    _set_dates(entry, item)
    entry[EXTENSION_KEY] = _extension(
        degree=degree,
        current=True if item.get("end") == "present" else None,
        expected=bool(item.get("expected")),
        advisors=_strings(item.get("advisors")),
        thesis=item.get("thesis"),
        location=item.get("location"),
        lang=item.get("lang"),
        raw=item.get("raw"),
    )
    return entry


def _award(item: Mapping[str, Any]) -> dict[str, Any]:
    award: dict[str, Any] = {}
    _put(award, "title", item.get("title") or item.get("raw"))
    date = resume_date(item.get("year"))
    if date:
        award["date"] = date
    _put(award, "awarder", item.get("issuer"))
    return award


def _publication(pub: Mapping[str, Any]) -> dict[str, Any]:
    venue = _dict(pub.get("venue"))
    entry: dict[str, Any] = {}
    _put(entry, "name", pub.get("title") or pub.get("raw"))
    _put(entry, "publisher", venue.get("name") or venue.get("abbr") or venue.get("raw"))
    date = resume_date(pub.get("year"))
    if date:
        entry["releaseDate"] = date
    position = pub.get("owner_position")
    position = position if isinstance(position, int) and not isinstance(position, bool) else None
    ccf = _dict(pub.get("ccf"))
    entry[EXTENSION_KEY] = _extension(
        kind=pub.get("kind"),
        authors=_strings(pub.get("authors")),
        owner_position=position,
        first_author=position == 1 if position is not None else None,
        venue_abbr=venue.get("abbr"),
        venue_abbr_source=venue.get("abbr_source"),
        venue_track=venue.get("track"),
        venue_raw=venue.get("raw"),
        ccf=dict(ccf) if ccf else None,
        ccf_cn=dict(_dict(pub.get("ccf_cn"))) or None,
        claimed_ccf=pub.get("claimed_ccf"),
        claimed_tier=pub.get("claimed_tier"),
        notes=_strings(pub.get("notes")),
        section=pub.get("section"),
        lang=pub.get("lang"),
    )
    return entry


def _named(text: object) -> dict[str, Any]:
    entry: dict[str, Any] = {}
    _put(entry, "name", text)
    return entry


def _project(item: Mapping[str, Any], kind: str) -> dict[str, Any]:
    entry: dict[str, Any] = {}
    _put(entry, "name", item.get("text"))
    if not entry:
        return {}
    entry["type"] = kind
    date = resume_date(item.get("date")) or resume_date(item.get("year"))
    if date:
        entry["startDate"] = date
    _put(entry, "entity", item.get("venue"))
    return entry


def _meta(cv: Mapping[str, Any]) -> dict[str, Any]:
    source = _dict(cv.get("source"))
    return {
        "version": JSON_RESUME_VERSION,
        EXTENSION_KEY: _extension(
            tool_version=__version__,
            schema_version=cv.get("schema_version"),
            source_path=source.get("path"),
            source_sha256=source.get("sha256"),
            language=cv.get("language"),
            stats=dict(_dict(cv.get("stats"))) or None,
            warnings=len(_dicts(cv.get("warnings"))),
        ),
    }
