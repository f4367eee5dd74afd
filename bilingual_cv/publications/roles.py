"""The owner's roles on each paper: first, co-first and corresponding author.

Roles come from three places, in this order:

- the owner's place: listed first is ``first``;
- the marks after the owner's name (``Ann Lee*``, ``Lee, A.†``, ``Ann Lee✉``), read as the
  list's legend explains them (``* denotes equal contribution``, ``† corresponding author``,
  ``注：* 表示通讯作者``, or a note after one entry's authors ``(*: equal contribution)``).
  With no legend, ✉ marks the corresponding author, and a star shared by the leading
  authors marks co-first authors while one star on a later author marks the corresponding
  one (``role_words`` in ``lexicons/publications/words.yaml`` says so);
- the entry's own words about the owner: ``(共同第一作者)``, ``(corresponding author)``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import cache

from bilingual_cv.lexicon import load_publication_words
from bilingual_cv.publications.parts import Parts
from bilingual_cv.schema import OwnerRole

#: The marks CVs put after an author's name.
MARKS = "*∗⁎†‡#✉§¶"
#: Marks after a name, maybe escaped (``\\*`` from markdown) or after spaces and a newline.
_MARKS_AFTER_RE = re.compile(rf"[\s\\.]*([{re.escape(MARKS)}]+)")
#: Marks read as one: the asterisk's look-alikes.
_SAME_MARK = str.maketrans({"∗": "*", "⁎": "*"})
#: A legend: a mark, then what it means ("* denotes equal contribution", "†: corresponding").
_LEGEND_LEAD = (
    rf"([{re.escape(MARKS)}]+)\s*[:：=]?\s*(?:denotes?|indicates?|means?|marks?|表示|为)?\s*"
)


@cache
def _role_words() -> dict[OwnerRole, tuple[str, ...]]:
    words = load_publication_words().role_words
    return {
        OwnerRole(role): tuple(sorted((w.casefold() for w in group), key=len, reverse=True))
        for role, group in words.items()
    }


@cache
def _legend_re() -> re.Pattern[str]:
    words = [w for group in _role_words().values() for w in group]
    alternation = "|".join(re.escape(w).replace(r"\ ", r"[\s\-]*") for w in words)
    return re.compile(_LEGEND_LEAD + rf"(?:co[\s\-]?)?({alternation})", re.IGNORECASE)


def _role_of(words: str) -> OwnerRole | None:
    """The role a phrase names ("equal contribution" -> co_first), if any."""
    folded = words.casefold()
    for role in (OwnerRole.CO_FIRST, OwnerRole.CORRESPONDING):
        if any(word in folded for word in _role_words()[role]):
            return role
    return None


def find_legend(texts: Iterable[str]) -> dict[str, OwnerRole]:
    """What each mark means, from the legends in ``texts`` (a list's heading and lines).

    >>> find_legend(["Publications (* denotes equal contribution, † corresponding author)"])
    {'*': <OwnerRole.CO_FIRST: 'co_first'>, '†': <OwnerRole.CORRESPONDING: 'corresponding'>}
    >>> find_legend(["注：* 表示通讯作者或共同通讯作者"])
    {'*': <OwnerRole.CORRESPONDING: 'corresponding'>}
    """
    legend: dict[str, OwnerRole] = {}
    for text in texts:
        for found in _legend_re().finditer(text):
            role = _role_of(found.group(2))
            if role is not None:
                for mark in set(found.group(1).translate(_SAME_MARK)):
                    legend.setdefault(mark, role)
    return legend


def author_marks(raw: str, authors: Sequence[str]) -> list[str]:
    """The marks after each author's name in the entry's text ("" for none), the names
    looked for in order.

    >>> author_marks("Ann Lee*, Bo Wu*, Cy Ma✉. Toys.", ["Ann Lee", "Bo Wu", "Cy Ma"])
    ['*', '*', '✉']
    """
    marks: list[str] = []
    position = 0
    for author in authors:
        at = raw.find(author, position) if author else -1
        if at < 0:
            marks.append("")
            continue
        position = at + len(author)
        after = _MARKS_AFTER_RE.match(raw, position)
        marks.append(after.group(1).translate(_SAME_MARK) if after else "")
        if after:
            position = after.end()
    return marks


def owner_roles(
    parts: Parts, raw: str, position: int | None, legend: Mapping[str, OwnerRole]
) -> list[OwnerRole]:
    """The owner's roles on one entry: listed first, the marks after the owner's name as the
    legend (else the custom) explains them, and the entry's words about its owner.

    >>> parts = Parts(authors=["Ann Lee", "Bo Wu", "Cy Ma"])
    >>> owner_roles(parts, "Ann Lee*, Bo Wu*, Cy Ma. Toys.", 2, {})
    [<OwnerRole.CO_FIRST: 'co_first'>]
    >>> owner_roles(parts, "Ann Lee, Bo Wu, Cy Ma*. Toys.", 3, {})
    [<OwnerRole.CORRESPONDING: 'corresponding'>]
    >>> owner_roles(parts, "Ann Lee, Bo Wu, Cy Ma. Toys. (共同第一作者)", 2, {})
    [<OwnerRole.CO_FIRST: 'co_first'>]
    """
    if position is None:
        return []
    roles: set[OwnerRole] = set()
    if position == 1 and parts.authors:
        roles.add(OwnerRole.FIRST)
    legend = {**find_legend([parts.author_note or ""]), **legend} if parts.author_note else legend
    marks = author_marks(raw, parts.authors) if parts.authors else []
    if 0 < position <= len(marks):
        for mark in set(marks[position - 1]):
            role = legend.get(mark) or _custom_role(mark, position, marks)
            if role is not None:
                roles.add(role)
    roles.update(_words_about_owner(raw, parts))
    return [role for role in OwnerRole if role in roles]


def _custom_role(mark: str, position: int, marks: Sequence[str]) -> OwnerRole | None:
    """What a mark no legend explains means by custom: ✉ the corresponding author; a star
    the leading authors share, co-first; one star on a later author, corresponding."""
    if mark == "✉":
        return OwnerRole.CORRESPONDING
    if mark != "*":
        return None
    starred = [i for i, m in enumerate(marks, start=1) if "*" in m]
    leading = starred == list(range(1, len(starred) + 1))
    if len(starred) >= 2 and leading:
        return OwnerRole.CO_FIRST
    if starred == [position] and position > 1:
        return OwnerRole.CORRESPONDING
    return None


def _words_about_owner(raw: str, parts: Parts) -> set[OwnerRole]:
    """Roles the entry states in words outside a legend of marks ("(共同第一作者)",
    "(corresponding author)" after the author list)."""
    text = _legend_re().sub(" ", raw)  # "(*: equal contribution)" explains marks only
    roles: set[OwnerRole] = set()
    folded = text.casefold()
    for role in (OwnerRole.CO_FIRST, OwnerRole.CORRESPONDING):
        if any(_stated(word, folded) for word in _role_words()[role]):
            roles.add(role)
    return roles


def _stated(word: str, folded: str) -> bool:
    """A role word stands in the text as a note: in brackets, after a comma, or at its end,
    not inside a title ("Corresponding Points in Toy Images")."""
    at = folded.find(word)
    while at >= 0:
        before = folded[:at].rstrip()
        if not before or before[-1] in "(（[【,，;；、":
            return True
        at = folded.find(word, at + 1)
    return False
