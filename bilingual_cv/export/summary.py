"""What a hiring committee sorts by, read from one CV record: the highest degree (its year,
institution and whether it is still expected), the current position, CCF counts since a
year, and which records of a batch are the same candidate. ``summary.csv``, the ``--xlsx``
workbook and the report all take their figures from here.

A record is read as plain JSON (what ``convert`` wrote, of any schema version): every value is
checked for its type and defaults to empty (:func:`as_dict`, :func:`as_dicts`, :func:`as_int`).
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "DEGREE_LABELS",
    "DEGREE_ORDER",
    "RANKS",
    "SINCE_YEARS",
    "as_dict",
    "as_dicts",
    "as_int",
    "ccf_since",
    "current_position",
    "default_since",
    "degree_label",
    "degree_year",
    "find_duplicates",
    "highest_degree",
]

#: CCF ranks in the order they are counted.
RANKS = ("A", "B", "C")
#: Degrees from highest to lowest; a postdoc is a position, not a degree, and is left out.
DEGREE_ORDER = ("phd", "master", "bachelor", "other")
#: How each degree is shown.
DEGREE_LABELS = {"phd": "PhD", "master": "Master", "bachelor": "Bachelor", "other": "Other"}
#: ``--since`` by default counts this many years back from the year of the run (近五年).
SINCE_YEARS = 5


def as_dicts(value: object) -> list[Mapping[str, Any]]:
    """The dict items of a JSON list (anything else reads as empty)."""
    if not isinstance(value, list):
        return []
    return [item for item in value if isinstance(item, dict)]


def as_dict(value: object) -> Mapping[str, Any]:
    """A JSON object, or an empty one for anything else."""
    return value if isinstance(value, dict) else {}


def as_int(value: object) -> int:
    """A JSON integer, or 0 for anything else (a bool is no number here)."""
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def default_since(today: datetime.date) -> int:
    """The first year ``--since`` counts when none is given: :data:`SINCE_YEARS` before the
    year of ``today``. The caller passes the run's date, and every output that uses it says
    which year it was, so a report made next January differs visibly, not silently.

    >>> default_since(datetime.date(2026, 11, 27))
    2021
    """
    return today.year - SINCE_YEARS


def highest_degree(education: object) -> Mapping[str, Any] | None:
    """The education entry with the highest degree (the latest of equals; postdocs ignored).

    >>> highest_degree([
    ...     {"degree": "bachelor", "end": "2019-06"},
    ...     {"degree": "phd", "end": "2025-06", "expected": True},
    ... ])["end"]
    '2025-06'
    >>> highest_degree([{"degree": "postdoc", "end": "present"}]) is None
    True
    """
    best: Mapping[str, Any] | None = None
    for entry in as_dicts(education):
        if entry.get("degree") not in DEGREE_ORDER:
            continue
        if best is None or degree_key(entry) > degree_key(best):
            best = entry
    return best


def degree_key(entry: Mapping[str, Any]) -> tuple[int, str]:
    """Level (higher is more senior), then the end date ("9999" for an ongoing degree)."""
    degree = entry.get("degree")
    level = len(DEGREE_ORDER) - DEGREE_ORDER.index(degree) if degree in DEGREE_ORDER else 0
    end = entry.get("end")
    return level, end if isinstance(end, str) and end != "present" else "9999"


def degree_year(entry: Mapping[str, Any] | None) -> int | None:
    """The year a degree ended or is expected to end; None when ongoing or unknown.

    >>> degree_year({"degree": "phd", "end": "2028-06", "expected": True})
    2028
    >>> degree_year({"degree": "phd", "end": "present"}), degree_year(None)
    (None, None)
    """
    end = entry.get("end") if entry is not None else None
    if isinstance(end, str) and end[:4].isdigit():
        return int(end[:4])
    return None


def degree_label(entry: Mapping[str, Any] | None) -> str:
    """How a degree is shown: its kind and year, an expected degree as expected.

    >>> degree_label({"degree": "phd", "end": "2028-06", "expected": True})
    'PhD (expected 2028)'
    >>> degree_label({"degree": "master", "end": "present"}), degree_label({"degree": "phd"})
    ('Master (ongoing)', 'PhD')
    >>> degree_label({"degree": "bachelor", "end": "2019-06"}), degree_label(None)
    ('Bachelor 2019', '—')
    """
    if entry is None:
        return "—"
    label = DEGREE_LABELS.get(str(entry.get("degree")), "Other")
    year = degree_year(entry)
    if entry.get("expected"):
        return f"{label} (expected {year})" if year else f"{label} (expected)"
    if entry.get("end") == "present":
        return f"{label} (ongoing)"
    return f"{label} {year}" if year else label


def current_position(cv: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The position the owner holds now: an experience entry (or research position) that
    ends ``present``; a job before an internship, then the latest started.

    >>> current_position({"experience": [
    ...     {"title": "Intern", "organization": "Acme", "start": "2024-06", "end": "present",
    ...      "kind": "internship"},
    ...     {"title": "Lecturer", "organization": "Example University", "start": "2022",
    ...      "end": "present", "kind": "academic"},
    ...     {"title": "Engineer", "organization": "Initech", "start": "2018", "end": "2021"}]})["title"]
    'Lecturer'
    >>> current_position({"experience": [{"title": "Engineer", "end": "2021"}]}) is None
    True
    """
    best: Mapping[str, Any] | None = None
    best_key: tuple[bool, str] = (False, "")
    for entry in [*as_dicts(cv.get("experience")), *as_dicts(cv.get("research_experience"))]:
        if entry.get("end") != "present" or not (entry.get("title") or entry.get("organization")):
            continue
        start = entry.get("start")
        key = (entry.get("kind") != "internship", start if isinstance(start, str) else "")
        if best is None or key > best_key:
            best, best_key = entry, key
    return best


def ccf_since(cv: Mapping[str, Any], since: int) -> dict[str, int]:
    """Publications of ``since`` or later by catalog CCF rank (patents left out, as in the
    record's ``stats.ccf``; a publication without a year is not counted).

    >>> ccf_since({"publications": [
    ...     {"year": 2023, "ccf": {"rank": "A"}}, {"year": 2019, "ccf": {"rank": "A"}},
    ...     {"year": 2024, "ccf": {"rank": "B"}}, {"year": 2024, "kind": "patent",
    ...      "ccf": {"rank": "A"}}, {"year": None, "ccf": {"rank": "C"}}]}, 2021)
    {'A': 1, 'B': 1, 'C': 0}
    """
    counts = dict.fromkeys(RANKS, 0)
    for pub in as_dicts(cv.get("publications")):
        year = pub.get("year")
        if not isinstance(year, int) or isinstance(year, bool) or year < since:
            continue
        rank = as_dict(pub.get("ccf")).get("rank")
        if rank in counts and pub.get("kind") != "patent":
            counts[rank] += 1
    return counts


def _name_keys(cv: Mapping[str, Any]) -> set[str]:
    person = as_dict(cv.get("person"))
    names = (person.get(key) for key in ("name", "name_zh", "inferred_name"))
    return {" ".join(name.casefold().split()) for name in names if isinstance(name, str) and name}


def _emails(cv: Mapping[str, Any]) -> set[str]:
    emails = as_dict(cv.get("person")).get("emails")
    if not isinstance(emails, list):
        return set()
    return {e.strip().casefold() for e in emails if isinstance(e, str) and e.strip()}


def find_duplicates(cvs: Sequence[Mapping[str, Any] | None]) -> dict[int, list[int]]:
    """Which records of a batch are the same candidate: the same file twice (same SHA-256),
    or the same name and the same e-mail.

    Returns:
        For each index with a duplicate, the other indices of its group, in batch order.

    >>> roe = {"person": {"name": "Jane Roe", "emails": ["jane@example.org"]}}
    >>> again = {"person": {"name": "jane  roe", "emails": ["JANE@example.org"]}}
    >>> other = {"person": {"name": "Jane Roe", "emails": ["roe@example.com"]}}
    >>> find_duplicates([roe, None, other, again])
    {0: [3], 3: [0]}
    """
    parent = list(range(len(cvs)))

    def root(index: int) -> int:
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    first: dict[tuple[str, ...], int] = {}
    for index, cv in enumerate(cvs):
        if cv is None:
            continue
        sha = as_dict(cv.get("source")).get("sha256")
        keys: list[tuple[str, ...]] = [
            ("name+email", name, email) for name in _name_keys(cv) for email in _emails(cv)
        ]
        if isinstance(sha, str) and sha:
            keys.append(("sha256", sha))
        for key in keys:
            if key in first:
                parent[root(index)] = root(first[key])
            else:
                first[key] = index
    groups: dict[int, list[int]] = {}
    for index in range(len(cvs)):
        groups.setdefault(root(index), []).append(index)
    return {
        index: [other for other in group if other != index]
        for group in groups.values()
        if len(group) > 1
        for index in group
    }
