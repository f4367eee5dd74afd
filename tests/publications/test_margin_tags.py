"""A left margin column of venue tags: tags without a year (a status such as ``Preprint``)
and tags wrapped in their narrow column (``ACL`` / ``Demo'26``) open their entries too
(fictional CV)."""

from __future__ import annotations

import bilingual_cv

TAGGED = """Ann Lee

Education
Ph.D., Toy University, 2019 - 2024

Publications
**NSDI’24**	Ann Lee, Bo Wu. “**Quiet Queues for Noisy Dolls**.”
In Proceedings of the 21st USENIX Symposium on Networked Systems Design and Implementation.
**Preprint**
Ann Lee, Bo Wu, Cy Ho. “**Pretend Caches for Toy Robots**
**at Scale**.”
**ACL**
**Demo’26**
Dee Fox, Ann Lee. “**Folding Paper Kites with Gradient Descent**.”
**OSDI’23**	Bo Wu, Ann Lee. “**Sleepy Schedulers for Wooden Trains**.”
In Proceedings of the 17th USENIX Symposium on Operating Systems Design and Implementation.
**SOSP’21**	Ann Lee. “**Paper Boats on Persistent Memory**.”
In Proceedings of the 28th ACM Symposium on Operating Systems Principles.
**Preprint**
Cy Ho, Ann Lee. “**Wind Tunnels for Origami Birds**.”

Skills
Python
"""


def test_tags_without_a_year_and_wrapped_tags_open_their_entries() -> None:
    cv = bilingual_cv.parse(TAGGED)
    found = {p.title: p for p in cv.publications}
    assert list(found) == [
        "Quiet Queues for Noisy Dolls",
        "Pretend Caches for Toy Robots at Scale",
        "Folding Paper Kites with Gradient Descent",
        "Sleepy Schedulers for Wooden Trains",
        "Paper Boats on Persistent Memory",
        "Wind Tunnels for Origami Birds",
    ]
    pretend = found["Pretend Caches for Toy Robots at Scale"]
    assert pretend.authors == ["Ann Lee", "Bo Wu", "Cy Ho"]
    assert pretend.kind.value == "preprint"
    kites = found["Folding Paper Kites with Gradient Descent"]
    assert kites.venue is not None and kites.venue.abbr is not None
    assert kites.venue.abbr.startswith("ACL") and kites.year == 2026
