"""Job titles and what they tell about a position (``lexicons/entries/titles.yaml``).

Whether a text holds a title word, whether a title is a teaching role (listed under teaching),
the kind of a position its title gives (internship, academic), an organization glued to the
title after it ("Acme Research Research Intern"), the length of a position that exports print
beside it, and a description told from a title by its lower-case words.
"""

from __future__ import annotations

import re
from functools import cache

from bilingual_cv.entries.line_text import HAN_RE, WORD_RE, trim
from bilingual_cv.entries.organizations import organization_words
from bilingual_cv.entries.phrases import PhraseMatcher, build_matcher, phrase_key
from bilingual_cv.lexicon import lexicon_key, load_titles
from bilingual_cv.schema import Experience, ExperienceKind, Item

#: A Latin word, for telling a sentence from a title.
LATIN_WORD_RE = re.compile(r"[A-Za-z][A-Za-z'’-]*")
#: Letters in a word that counts when telling a sentence from a title ("on", "of" do not).
MIN_CONTENT_LETTERS = 4


@cache
def employer_link_re() -> re.Pattern[str]:
    r"""The link in "Title at Org" / "Title @ Org": a word from lexicons/entries/titles.yaml
    ``employer_links`` (matched as written) or "@", with spaces around it (``\s+``, written
    ``\s\s*`` so that the pattern starts with a class the engine scans for)."""
    links = "".join(re.escape(word) + "|" for word in load_titles().employer_links)
    return re.compile(rf"\s\s*(?:{links}@)\s+")


@cache
def _title_heads() -> PhraseMatcher:
    return build_matcher(load_titles().heads)


@cache
def _teaching_words() -> PhraseMatcher:
    return build_matcher(load_titles().teaching)


def is_teaching_role(entry: Experience) -> bool:
    """A position whose title is a teaching role (a teaching assistant, a tutor).

    >>> is_teaching_role(Experience(title="Graduate Teaching Assistant", raw="")), is_teaching_role(Experience(title="Research Intern", raw=""))
    (True, False)
    """
    return entry.title is not None and _teaching_words().first(entry.title) is not None


def position_item(entry: Experience) -> Item:
    """A position listed elsewhere (a teaching role under teaching, a student activity under
    other) as an entry of that list: what it was, where, from when."""
    text = ", ".join(x for x in (entry.title, entry.organization) if x)
    year = int(entry.start[:4]) if entry.start and entry.start[:4].isdigit() else None
    return Item(
        text=text or entry.raw,
        year=year,
        raw=entry.raw,
        date=entry.start,
        venue=entry.organization,
        role=entry.title,
    )


#: The kind a category tag sets (``kind_tags`` of lexicons/entries/titles.yaml).
_TAG_KINDS = {
    "internship": ExperienceKind.INTERNSHIP,
    "research": ExperienceKind.RESEARCH,
    "activity": ExperienceKind.OTHER,
}


@cache
def _kind_tags() -> dict[str, ExperienceKind]:
    return {
        phrase_key(word): _TAG_KINDS[kind]
        for kind, words in load_titles().kind_tags.items()
        for word in words
    }


def kind_tag(cell: str) -> ExperienceKind | None:
    """The kind a table cell that holds only a category word files its row under: an
    internship, research (a post in a lab, a project) or a student activity (``other``).

    >>> kind_tag("实习").value, kind_tag("社工").value, kind_tag(" Research ").value
    ('internship', 'other', 'research')
    >>> kind_tag("示例实验室") is None, kind_tag("Research Intern") is None
    (True, True)
    """
    return _kind_tags().get(phrase_key(trim(cell)))


@cache
def _title_modifiers() -> frozenset[str]:
    return frozenset(phrase_key(w) for w in load_titles().modifiers)


@cache
def _kind_words() -> tuple[PhraseMatcher, PhraseMatcher, PhraseMatcher]:
    lex = load_titles()
    return build_matcher(lex.internship), build_matcher(lex.academic), build_matcher(lex.faculty)


@cache
def _research_assistant_words() -> PhraseMatcher:
    return build_matcher(load_titles().research_assistant)


def is_research_assistant(title: str | None) -> bool:
    """A research assistantship: a research-assistant title that is no faculty rank.

    >>> is_research_assistant("Graduate Research Assistant"), is_research_assistant("研究助理")
    (True, True)
    >>> is_research_assistant("Research Assistant Professor"), is_research_assistant("Research Intern")
    (False, False)
    """
    if title is None or _research_assistant_words().first(title) is None:
        return False
    return _kind_words()[2].first(title) is None


def has_title_word(text: str) -> bool:
    """Whether ``text`` holds a job-title word.

    >>> has_title_word("PhD Software Engineer Intern"), has_title_word("Microsoft Research")
    (True, False)
    """
    return _title_heads().first(text) is not None


@cache
def _durations() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The length of a position as an export prints it ("(4 years 2 months)", "· 2 yrs"),
    and a quick test for a digit before a length unit, which every such length holds."""
    units = sorted({lexicon_key(w) for w in load_titles().durations}, key=len, reverse=True)
    unit = "(?:" + "|".join(map(re.escape, units)) + r")(?![A-Za-z])" if units else "(?!)"
    length = rf"(?<![\d.])\d{{1,2}}(?:\.\d)?\s*{unit}"
    run = rf"{length}(?:[\s,]*{length})*"
    return (
        re.compile(rf"\d(?:\.\d)?\s*{unit}", re.IGNORECASE),
        re.compile(rf"\s*(?:[(（]\s*{run}\s*[)）]|(?:[·•|]\s*|^\s*){run}\s*$)", re.IGNORECASE),
    )


def strip_duration(text: str) -> str:
    """A header line without the length of the position that exports print beside it.

    >>> strip_duration("January 2020 - Present (4 years 2 months)")
    'January 2020 - Present'
    >>> strip_duration("5 years 3 months"), strip_duration("Google · 2 yrs 3 mos")
    ('', 'Google')
    >>> strip_duration("2019.09-2024.06（5年）"), strip_duration("民国108年")
    ('2019.09-2024.06', '民国108年')
    """
    has_length, duration = _durations()
    if has_length.search(text) is None:  # most lines: no length, and the full pattern is slow
        return text
    return duration.sub("", text)


def is_sentence(text: str) -> bool:
    """A description written as a sentence: most of its longer words are lower case.

    Titles and names capitalize their words ("Student Researcher, Google System Research
    Group."); a description does not, even when it opens with a title word ("Lead research on
    efficient inference systems.").

    >>> is_sentence("Lead research on efficient inference systems.")
    True
    >>> is_sentence("Assistant Professor of Computer Science"), is_sentence("Research intern")
    (False, False)
    """
    words = [w for w in LATIN_WORD_RE.findall(text) if len(w) >= MIN_CONTENT_LETTERS]
    lower = sum(1 for w in words if w[0].islower())
    return lower >= 2 and 2 * lower > len(words)


def split_glued_org(part: str) -> tuple[str, str]:
    """Split ``Org Title`` written without a separator into (org, title).

    >>> split_glued_org("Google Software Development Engineering Intern")
    ('Google', 'Software Development Engineering Intern')
    >>> split_glued_org("Microsoft Research Research Intern")
    ('Microsoft Research', 'Research Intern')
    >>> split_glued_org("国立成功大学 资讯工程学系 助理教授")
    ('国立成功大学 资讯工程学系', '助理教授')
    >>> split_glued_org("Research Assistant at SANDS Lab")
    ('SANDS Lab', 'Research Assistant')
    >>> split_glued_org("示例公司-数据库研发实习生")
    ('示例公司', '数据库研发实习生')
    >>> split_glued_org("国立玩具大学资讯工程学系副教授")
    ('国立玩具大学资讯工程学系', '副教授')
    """
    at = employer_link_re().search(part)
    if at and has_title_word(part[: at.start()]):
        return trim(part[at.end() :]), trim(part[: at.start()])
    head = _title_heads().first(part)
    if head is None:
        return "", part
    words = list(WORD_RE.finditer(part))
    index = next(n for n, w in enumerate(words) if w.end() > head.start)
    if HAN_RE.search(words[index].group(0)):
        # "示例公司-数据库研发实习生": a hyphen glues the company to the title
        dash = max(part.rfind(d, words[index].start(), head.start) for d in "-–—")
        cut = dash + 1 if dash > words[index].start() else words[index].start()
        if cut == words[index].start():
            cut = _unit_end(part, cut, head.start) or cut
        return trim(part[:cut]), trim(part[cut:])
    modifiers = _title_modifiers()
    first = index
    while first > 0:
        prev = phrase_key(words[first - 1].group(0))
        if prev not in modifiers or prev == phrase_key(words[first].group(0)):
            break
        first -= 1
    return trim(part[: words[first].start()]), trim(part[words[first].start() :])


def _unit_end(text: str, start: int, title_start: int) -> int | None:
    """Where the organization ends in a Chinese run that glues it to a title: after the last
    organization word before the title ("国立玩具大学资讯工程学系副教授": after 学系), or None.

    >>> part = "国立玩具大学资讯工程学系副教授"
    >>> part[: _unit_end(part, 0, part.index("教授"))]
    '国立玩具大学资讯工程学系'
    """
    ends = [
        hit.end for matcher in organization_words() for hit in matcher.find(text[start:title_start])
    ]
    return start + max(ends) if ends else None


def experience_kind(
    title: str | None, organization: str | None, section_kind: ExperienceKind
) -> ExperienceKind:
    """The kind of a position: research section, internship, academic, else the section's.

    >>> experience_kind("Research Intern", "Microsoft Research", ExperienceKind.WORK).value
    'internship'
    >>> experience_kind("Assistant Professor of Computer Science", "Duke University", ExperienceKind.WORK).value
    'academic'
    >>> experience_kind("博士后研究员", "中央研究院 资讯科学研究所", ExperienceKind.WORK).value
    'academic'
    >>> experience_kind("Research Assistant", "Toy Lab", ExperienceKind.WORK).value
    'research'
    """
    if section_kind is ExperienceKind.RESEARCH or is_research_assistant(title):
        return ExperienceKind.RESEARCH
    intern, academic, faculty = _kind_words()
    text = title or ""
    if intern.first(text) is not None:
        return ExperienceKind.INTERNSHIP
    if faculty.first(text) is not None:
        return ExperienceKind.ACADEMIC
    if (
        academic.first(text) is not None
        and organization
        and organization_words()[0].first(organization)
    ):
        return ExperienceKind.ACADEMIC
    return section_kind
