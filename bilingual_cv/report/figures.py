"""The figures a report shows of one CV record: names, highest degree, CCF counts,
claimed-versus-catalog mismatches, publications per year; and :class:`Row`, all of them for
one entry of the batch.

A record is read as plain JSON (what ``convert`` wrote, of any schema version): every value is
checked for its type and defaults to empty (:func:`as_dict`, :func:`as_dicts`, :func:`as_int`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bilingual_cv.export.summary import (
    DEGREE_LABELS,
    RANKS,
    as_dict,
    as_dicts,
    as_int,
    ccf_since,
    current_position,
    degree_key,
    degree_label,
    highest_degree,
)
from bilingual_cv.report.records import Entry

__all__ = [
    "DEGREE_LABELS",
    "MISMATCH_CODE",
    "RANKS",
    "Row",
    "as_dict",
    "as_dicts",
    "as_int",
    "build_row",
    "ccf_since",
    "count_mismatches",
    "current_position",
    "degree_label",
    "degree_sort_key",
    "display_names",
    "highest_degree",
    "is_rank_mismatch",
    "publication_rank",
    "publications_per_year",
    "rank_counts",
    "warning_severity",
]

#: The warning code the pipeline gives a CCF rank claimed by the CV that the catalog denies.
MISMATCH_CODE = "claimed_ccf_mismatch"
#: The warning code of a document that does not look like a CV.
NOT_A_CV_CODE = "not_a_cv"
#: Publication kinds the table counts apart from papers.
APART_KINDS = ("preprint", "patent")


def display_names(cv: Mapping[str, Any]) -> tuple[str | None, str | None]:
    """The owner's name as the table shows it, and a second form of it (or a note).

    >>> display_names({"person": {"name": "Hua Li", "name_zh": "李华"}})
    ('Hua Li', '李华')
    >>> display_names({"person": {"name": "李华", "name_zh": "李华"}})
    ('李华', None)
    >>> display_names({"person": {"inferred_name": "Jane Roe"}})
    ('Jane Roe', 'inferred from author lists')
    """
    person = as_dict(cv.get("person"))
    name, name_zh = person.get("name"), person.get("name_zh")
    if name:
        return str(name), str(name_zh) if name_zh and name_zh != name else None
    if name_zh:
        return str(name_zh), None
    inferred = person.get("inferred_name")
    if inferred:
        return str(inferred), "inferred from author lists"
    return None, None


def degree_sort_key(entry: Mapping[str, Any] | None) -> int:
    """A number that orders degrees by level, then year (higher is more senior or later).

    >>> degree_sort_key({"degree": "phd", "end": "2022-05"}) > degree_sort_key(
    ...     {"degree": "master", "end": "2024"})
    True
    """
    if entry is None:
        return 0
    level, end = degree_key(entry)
    return level * 10000 + (int(end[:4]) if end[:4].isdigit() else 0)


def publication_rank(pub: Mapping[str, Any]) -> str:
    """The catalog's CCF rank of a publication, or ``"none"``.

    >>> publication_rank({"ccf": {"rank": "A", "abbr": "OSDI"}})
    'A'
    >>> publication_rank({"ccf": None, "claimed_ccf": "A"})
    'none'
    """
    rank = as_dict(pub.get("ccf")).get("rank")
    return rank if rank in RANKS else "none"


def is_rank_mismatch(pub: Mapping[str, Any]) -> bool:
    """Whether the CV claims a CCF rank for a publication that neither the catalog nor CCF's
    Chinese-journal catalogue gives it (a 计算机学报 paper claimed as CCF-A is no mismatch).

    >>> is_rank_mismatch({"claimed_ccf": "A", "ccf": {"rank": "B"}})
    True
    >>> is_rank_mismatch({"claimed_ccf": "A", "ccf": None})
    True
    >>> is_rank_mismatch({"claimed_ccf": None, "ccf": {"rank": "B"}})
    False
    >>> is_rank_mismatch({"claimed_ccf": "A", "ccf": None, "ccf_cn": {"rank": "A"}})
    False
    """
    claimed = pub.get("claimed_ccf")
    confirmed = {as_dict(pub.get(key)).get("rank") for key in ("ccf", "ccf_cn")}
    return bool(claimed) and claimed not in confirmed


def count_mismatches(cv: Mapping[str, Any]) -> int:
    """Claimed-versus-catalog rank disagreements: publications, or the pipeline's warnings.

    The two usually describe the same papers, so the larger count is taken, not the sum.

    >>> count_mismatches({"publications": [{"claimed_ccf": "A", "ccf": {"rank": "B"}}],
    ...                   "warnings": [{"code": "claimed_ccf_mismatch", "line": 12}]})
    1
    """
    pubs = sum(1 for pub in as_dicts(cv.get("publications")) if is_rank_mismatch(pub))
    warned = sum(1 for w in as_dicts(cv.get("warnings")) if w.get("code") == MISMATCH_CODE)
    return max(pubs, warned)


def rank_counts(cv: Mapping[str, Any], key: str = "ccf") -> dict[str, int]:
    """CCF counts from a CV's stats: ``key`` is ``ccf``, ``ccf_owner_first`` or ``ccf_cn``.

    >>> rank_counts({"stats": {"ccf": {"A": 3, "B": 1}}})
    {'A': 3, 'B': 1, 'C': 0}
    >>> rank_counts({}, "ccf_cn")
    {'A': 0, 'B': 0, 'C': 0}
    """
    counts = as_dict(as_dict(cv.get("stats")).get(key))
    return {rank: as_int(counts.get(rank)) for rank in RANKS}


def publications_per_year(cv: Mapping[str, Any]) -> dict[int, dict[str, int]]:
    """Publications (patents left out, as in the CCF counts) per year and CCF rank.

    >>> publications_per_year({"publications": [
    ...     {"year": 2023, "ccf": {"rank": "A"}}, {"year": 2023, "ccf": None},
    ...     {"year": 2024, "kind": "patent"}, {"year": None}]})
    {2023: {'A': 1, 'B': 0, 'C': 0, 'none': 1}}
    """
    years: dict[int, dict[str, int]] = {}
    for pub in as_dicts(cv.get("publications")):
        year = pub.get("year")
        if not isinstance(year, int) or isinstance(year, bool) or pub.get("kind") == "patent":
            continue
        counts = years.setdefault(year, dict.fromkeys((*RANKS, "none"), 0))
        counts[publication_rank(pub)] += 1
    return dict(sorted(years.items()))


def warning_severity(warning: Mapping[str, Any]) -> str:
    """A warning's severity: as recorded, else from its code (records of older versions).

    >>> warning_severity({"code": "stray_line"}), warning_severity({"code": "x", "severity": "loss"})
    ('info', 'loss')
    """
    from bilingual_cv.schema import severity_of

    recorded = warning.get("severity")
    if recorded in ("info", "warn", "loss"):
        return str(recorded)
    return severity_of(str(warning.get("code") or "")).value


def kind_counts(cv: Mapping[str, Any]) -> dict[str, int]:
    """Publications by kind: from the record's stats, else counted from its list.

    >>> kind_counts({"publications": [{"kind": "journal"}, {"kind": "patent"}]})
    {'journal': 1, 'patent': 1}
    """
    by_kind = as_dict(as_dict(cv.get("stats")).get("by_kind"))
    if by_kind:
        return {str(kind): as_int(count) for kind, count in by_kind.items()}
    counts: dict[str, int] = {}
    for pub in as_dicts(cv.get("publications")):
        kind = str(pub.get("kind") or "other")
        counts[kind] = counts.get(kind, 0) + 1
    return counts


@dataclass(frozen=True, slots=True)
class Row:
    """What the committee table shows of one entry (numbers are -1 for a failed input).

    ``publications`` counts every kind; ``papers`` leaves out preprints and patents, which
    ``preprints`` and ``patents`` count. ``losses`` and ``warns`` count warnings by severity
    (info notices are left out). ``twins``: the indices of the rows that are the same
    candidate.
    """

    index: int
    entry: Entry
    name: str
    second: str | None
    degree: Mapping[str, Any] | None
    publications: int
    ccf: dict[str, int]
    first_a: int
    ccf_cn: dict[str, int] | None
    mismatches: int
    warnings: int
    per_year: dict[int, dict[str, int]]
    position: Mapping[str, Any] | None = None
    papers: int = -1
    preprints: int = 0
    patents: int = 0
    losses: int = -1
    warns: int = -1
    not_a_cv: bool = False
    twins: tuple[int, ...] = ()
    #: CCF-A papers whose owner is first or co-first, and corresponding author.
    co_first_a: int = -1
    corresponding_a: int = -1


def build_row(index: int, entry: Entry) -> Row:
    """The committee-table figures of one entry of the batch."""
    cv = entry.cv
    if cv is None:
        name = Path(entry.input or entry.file).name
        return Row(index, entry, name, None, None, -1, {}, -1, None, -1, -1, {})
    found, second = display_names(cv)
    has_cn = isinstance(as_dict(cv.get("stats")).get("ccf_cn"), dict)
    warnings = as_dicts(cv.get("warnings"))
    severities = [warning_severity(w) for w in warnings]
    kinds = kind_counts(cv)
    publications = as_int(as_dict(cv.get("stats")).get("publications")) or len(
        as_dicts(cv.get("publications"))
    )
    return Row(
        index=index,
        entry=entry,
        name=found or Path(entry.file).stem,
        second=second if found else "no name found",
        degree=highest_degree(cv.get("education")),
        publications=publications,
        ccf=rank_counts(cv),
        first_a=rank_counts(cv, "ccf_owner_first")["A"],
        co_first_a=rank_counts(cv, "ccf_owner_first_or_co_first")["A"],
        corresponding_a=rank_counts(cv, "ccf_owner_corresponding")["A"],
        ccf_cn=rank_counts(cv, "ccf_cn") if has_cn else None,
        mismatches=count_mismatches(cv),
        warnings=len(warnings),
        per_year=publications_per_year(cv),
        position=current_position(cv),
        papers=publications - sum(kinds.get(kind, 0) for kind in APART_KINDS),
        preprints=kinds.get("preprint", 0),
        patents=kinds.get("patent", 0),
        losses=severities.count("loss"),
        warns=severities.count("warn"),
        not_a_cv=any(w.get("code") == NOT_A_CV_CODE for w in warnings),
    )
