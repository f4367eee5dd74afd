"""Organizations: the words that make a text an institution (a university, a company) or a
unit of one (a department, a lab), from ``lexicons/entries/organizations.yaml``.
"""

from __future__ import annotations

from functools import cache

from bilingual_cv.entries.phrases import PhraseMatcher, build_matcher
from bilingual_cv.lexicon import load_organizations


@cache
def organization_words() -> tuple[PhraseMatcher, PhraseMatcher]:
    """Matchers for strong (whole institution) and weak (unit) organization words."""
    lex = load_organizations()
    hidden = {"": lex.not_organizations}  # found first (longest), then dropped: no organization
    return build_matcher({**hidden, **{w: [w] for w in lex.strong}}), build_matcher(
        {**hidden, **{w: [w] for w in lex.weak}}
    )


def is_institution(text: str) -> bool:
    """Whether ``text`` names an institution or a unit of one.

    >>> is_institution("Department of Computer Science and Technology, Tsinghua University")
    True
    >>> is_institution("计算机系统结构"), is_institution("计算机系")
    (False, True)
    """
    strong, weak = organization_words()
    return strong.first(text) is not None or weak.first(text) is not None


@cache
def _department_words() -> PhraseMatcher:
    lex = load_organizations()
    return build_matcher({"": lex.not_organizations, **{w: [w] for w in lex.departments}})


def organization_rank(name: str) -> int:
    """How whole an organization a name is: 2 an institution, 1 a unit that may be one (an
    institute, a college), 0 a department or no organization word.

    >>> [organization_rank(t) for t in ("Example University", "Toy Institute of Science", "Dept. of Toys")]
    [2, 1, 0]
    """
    strong, weak = organization_words()
    if strong.first(name) is not None:
        return 2
    if weak.first(name) is None or _department_words().first(name) is not None:
        return 0
    return 1
