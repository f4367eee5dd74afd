"""The CV's owner: name, Chinese name, e-mails, phones, profile links, location.

Contacts are read from the unlabeled top block and from contact sections only, so that a
referee's e-mail or a paper's link further down never becomes the owner's.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections.abc import Iterable, Sequence
from functools import cache
from itertools import pairwise

from bilingual_cv.lang.scripts import CJK_RE, HAN
from bilingual_cv.lexicon import load_contact
from bilingual_cv.lines import Line
from bilingual_cv.schema import Person

#: An e-mail address; ``[at]``/``(at)`` spellings are folded first.
EMAIL_RE = re.compile(
    r"(?<![A-Za-z0-9._%+\-])[A-Za-z0-9._%+\-]+@[A-Za-z0-9\-]+(?:\.[A-Za-z0-9\-]+)*\.[A-Za-z]{2,}"
)
#: Chinese mobile numbers, with or without +86: 1[3-9]x xxxx xxxx.
CN_MOBILE_RE = re.compile(r"(?<![\d.])(?:\+?86[\s\-]?)?1[3-9]\d[\s\-]?\d{4}[\s\-]?\d{4}(?![\d.])")
#: International numbers: +CC then 7-14 digits in groups.
INTL_PHONE_RE = re.compile(r"(?<![\w.])\+\d{1,3}(?:[\s\-.]?\(?\d{1,4}\)?){2,5}(?![\d.])")
#: North-American numbers: (919) 660-6500, 919-660-6500.
NA_PHONE_RE = re.compile(r"(?<![\d.])\(?\d{3}\)?[\s\-.]\d{3}[\-.\s]\d{4}(?![\d.])")
#: URLs with a scheme, ``www.`` hosts, and bare hosts of profile sites.
URL_RE = re.compile(
    r"(?:https?://|www\.)[^\s<>()\"',;，；]+"
    r"|(?<![@\w.\-])(?:[\w\-]+\.)*(?:github\.(?:com|io)|gitlab\.com|linkedin\.com|scholar\.google\.[a-z.]+"
    r"|orcid\.org|dblp\.org|researchgate\.net|twitter\.com|x\.com|zhihu\.com|gitee\.com)"
    r"(?:/[^\s<>()\"',;，；]*)?",
    re.IGNORECASE,
)
#: A bare host with a path or a personal domain: ``name.github.io``, ``annlee.org``.
BARE_HOST_RE = re.compile(
    r"(?<![@\w.\-/])[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.(?:com|org|net|io|me|cn|dev|info|site)(?:/\S*)?(?![\w@])",
    re.IGNORECASE,
)
#: A lower-case host with any domain standing as a field of its own (``ann-lee.works`` set
#: beside the name); not a file name (``cv.pdf``).
LONE_HOST_RE = re.compile(
    r"(?:^|(?<=[\s|•·]))[a-z0-9][a-z0-9\-]*(?:\.[a-z0-9\-]+)*"
    r"\.(?!(?:pdf|docx?|txt|md|html?|png|jpe?g|gif|js|py|ts|tex|zip|bib)\b)[a-z]{2,12}"
    r"(?=$|[\s|•·])",
    re.MULTILINE,
)
#: Hosts of paper links: never the owner's homepage.
_PAPER_HOSTS = (
    "arxiv.org",
    "doi.org",
    "dl.acm.org",
    "ieeexplore",
    "usenix.org",
    "openreview.net",
    "proceedings.",
    "springer.com",
    "sciencedirect",
    "aclanthology",
    "papers.nips.cc",
)
#: A Chinese personal name: two to four Han characters.
CJK_NAME_RE = re.compile(rf"^[{HAN}]{{2,4}}$")


@cache
def latin_name_re() -> re.Pattern[str]:
    """A Latin personal name: two to four capitalized words, initials allowed, maybe
    hyphenated; lower-case particles ("Anne de la Tour", lexicons/entries/contact.yaml
    ``name_particles``) and an elided particle ("Ana d'Arc") inside it.

    >>> [bool(latin_name_re().match(t)) for t in ("Ana d'Arc", "Jan van der Berg", "Ann Lee", "Skip to content")]
    [True, True, True, False]
    >>> [bool(latin_name_re().match(t)) for t in ("Xiaoming (Ann) Zhang", "Ann Lee, Jr.", "Ann Lee III", "Ann (Lee)")]
    [True, True, True, False]
    """
    particles = "|".join(re.escape(p) for p in load_contact().name_particles) or "(?!)"
    word = r"(?:[A-Z][a-zA-Z'’\-]+|[A-Z]\.|[a-z]{1,2}['’][A-Z][a-zA-Z'’\-]+)"
    # a nickname in quotes or brackets after the given name or at the end: Ann “Annie” Lee,
    # Xiaoming (Ann) Zhang; a generational suffix last: Ann Lee Jr., Ann Lee, III
    nickname = r"(?:\s+[\"“'‘(][A-Z][a-zA-Z'\-]+[\"”'’)])"
    suffix = r"(?:,?\s+(?:Jr\.?|Sr\.?|II|III|IV))"
    return re.compile(
        rf"^(?:[A-Z][a-zA-Z'’\-]+\.?|[A-Z]\.){nickname}?"
        rf"(?:\s+(?:(?:{particles})\s+){{0,2}}{word}){{1,3}}{nickname}?{suffix}?$"
    )


@cache
def _han_gap_re() -> re.Pattern[str]:
    """Between two Han characters of a label: where a spaced-out ``姓 名`` has its spaces.
    Compiled on first use (1.4 ms: CJK classes)."""
    return re.compile(rf"(?<=[{HAN}])(?=[{HAN}])")


def _words_re(words: Iterable[str], spaced_han: bool = False) -> str:
    """A group matching any of ``words`` as written, tried in the lexicon's order.

    With ``spaced_han``, a Han word also matches with spaces between its characters.

    >>> bool(re.fullmatch(_words_re(["Name", "姓名"], spaced_han=True), "姓 名"))
    True
    """
    patterns = [re.escape(word) for word in words if word]
    if spaced_han:
        patterns = [_han_gap_re().sub(r"\\s*", pattern) for pattern in patterns]
    return _any_of(patterns)


def _lenient_dots_re(words: Iterable[str]) -> str:
    """A group matching any of ``words``, every dot optional and a space one optional space.

    >>> [bool(re.fullmatch(_lenient_dots_re(["Ph. D."]), t)) for t in ("PhD", "Ph.D.", "Ph. D.")]
    [True, True, True]
    """
    return _any_of([re.escape(w).replace(r"\.", r"\.?").replace(r"\ ", r"\s?") for w in words if w])


def _any_of(patterns: Sequence[str]) -> str:
    return "(?:" + "|".join(patterns) + ")" if patterns else "(?!)"


@cache
def _spelled_at_re() -> re.Pattern[str]:
    """An e-mail's ``@`` written out in brackets: ``[at]``, ``(AT)``."""
    return _spelled_symbol_re(load_contact().email_at)


@cache
def _spelled_dot_re() -> re.Pattern[str]:
    """An e-mail's ``.`` written out in brackets: ``[dot]``, ``(DOT)``."""
    return _spelled_symbol_re(load_contact().email_dot)


def _spelled_symbol_re(words: Sequence[str]) -> re.Pattern[str]:
    # (?<!\s): the search stays linear in a long run of blanks
    return re.compile(r"(?<!\s)\s*[\[(]\s*" + _words_re(words) + r"\s*[\])]\s*")


@cache
def _labeled_phone_re() -> re.Pattern[str]:
    """A phone label followed by digits in any grouping."""
    label = _words_re(load_contact().phone_labels)
    return re.compile(label + r"\s*[:：]?\s*(\+?[\d\s\-()]{7,20}\d)", re.IGNORECASE)


@cache
def _labeled_link_re() -> re.Pattern[str]:
    """A link label and the host after it (group 1), whatever its domain ends with.

    >>> _labeled_link_re().search("个人主页：annlee.tech").group(1)
    'annlee.tech'
    """
    label = _words_re(load_contact().link_labels)
    host = r"((?<![@\w.])[a-z0-9\-]+(?:\.[a-z0-9\-]+)*\.[a-z]{2,12}(?:/[^\s|•·;；，,]*)?)(?![\w@])"
    return re.compile(label + r"\s*[:：]\s*" + host, re.IGNORECASE)


@cache
def _location_re() -> re.Pattern[str]:
    """A label that introduces the owner's location, and the location (group 1)."""
    label = _words_re(load_contact().location_labels)
    return re.compile(label + r"\s*[:：]\s*([^|•·;；]+)", re.IGNORECASE)


@cache
def _name_label_re() -> re.Pattern[str]:
    """A label that introduces the name, and the name (group 1): up to four words, in its
    own column (a tab ends it) and not the next label of a label grid ("姓名：李安 电话：…").

    >>> [_name_label_re().search(t)[1] for t in ("姓名：李安\\t电话：138", "Name: Ann Lee Email: a@b.c")]
    ['李安', 'Ann Lee']
    """
    label = _words_re(load_contact().name_labels, spaced_han=True)
    word = r"[^\s|•·,，;；:：]+"
    return re.compile(
        r"(?:^|\s)" + label + r"[ \t]*[:：][ \t]*"
        rf"([^\s|•·,，;；]+(?: (?!{word} *[:：]){word}){{0,3}})",
        re.IGNORECASE | re.MULTILINE,
    )


def find_emails(text: str) -> list[str]:
    """E-mail addresses in order of appearance, deduplicated.

    >>> find_emails("E-mail: ann@cs.uni.edu; ann [at] gmail [dot] com")
    ['ann@cs.uni.edu', 'ann@gmail.com']
    """
    text = _spelled_dot_re().sub(".", _spelled_at_re().sub("@", text))
    return _unique(match.group(0).rstrip(".") for match in EMAIL_RE.finditer(text))


def find_phones(text: str) -> list[str]:
    """Phone numbers: Chinese mobiles with or without +86, international, North American.

    >>> find_phones("手机：138-0013-8000 | Tel: +1 (919) 660-6500")
    ['138-0013-8000', '+1 (919) 660-6500']
    >>> find_phones("2019.9 - 2025.3, pp. 1572-1588")
    []
    """
    found: list[tuple[int, str]] = []
    taken: list[tuple[int, int]] = []  # the numbers' spans: none empty, none overlapping, in order
    labeled = _labeled_phone_re()
    for pattern in (INTL_PHONE_RE, CN_MOBILE_RE, NA_PHONE_RE, labeled):
        for match in pattern.finditer(text):
            group = 1 if pattern is labeled else 0
            start, end = match.span(group)
            if _overlaps(taken, start, end):
                continue
            number = match.group(group).strip()
            if sum(ch.isdigit() for ch in number) < 7:
                continue
            insort(taken, (start, end))
            found.append((start, number))
    return _unique(number for _, number in sorted(found))


def _overlaps(spans: list[tuple[int, int]], start: int, end: int) -> bool:
    """Whether ``start``-``end`` overlaps one of ``spans`` (none of them empty or overlapping
    another, in order: their ends are in order too, so the last span that starts before
    ``end`` is the only one to test). One bisection, where testing every span made a text
    of many numbers quadratic."""
    before = bisect_left(spans, (end,))  # the spans that start before ``end``
    return before > 0 and spans[before - 1][1] > start


def find_urls(text: str) -> list[str]:
    """The owner's links: homepages and profiles, as written, without trailing punctuation.

    E-mail domains and paper links are not links to the owner.

    >>> find_urls("github.com/someone someone@uni.edu Website: https://ann.github.io/")
    ['github.com/someone', 'https://ann.github.io']
    >>> find_urls("arxiv.org/abs/2404.02407")
    []
    """
    text = EMAIL_RE.sub(" ", text)
    found: list[tuple[int, str]] = []
    # the spans kept, in order and apart: a host inside a link kept before is part of it (a
    # match never starts inside an earlier match of its own pattern)
    taken: list[tuple[int, int]] = []
    for pattern in (URL_RE, _labeled_link_re(), BARE_HOST_RE, LONE_HOST_RE):
        for match in pattern.finditer(text):
            span = match.span(match.lastindex or 0)
            if pattern is not URL_RE and _overlaps(taken, span[0], span[0] + 1):
                continue
            url = match.group(match.lastindex or 0).rstrip(".,;:)/]")
            if any(host in url.lower() for host in _PAPER_HOSTS):
                continue
            insort(taken, span)
            found.append((span[0], url))
    return _unique_links(url for _, url in sorted(found))


def _unique_links(urls: Iterable[str]) -> list[str]:
    """The links in order, each kept once; a link written both bare and in full (a Markdown
    or HTML link whose text is its address: ``[ann.dev](https://ann.dev)``) is kept in full.

    >>> _unique_links(["ann.dev", "https://ann.dev", "github.com/ann", "http://www.github.com/ann"])
    ['https://ann.dev', 'http://www.github.com/ann']
    """
    kept: dict[str, str] = {}
    for url in urls:
        key = _SCHEME_RE.sub("", url).lower()
        if key not in kept or ("://" in url and "://" not in kept[key]):
            kept[key] = url
    return list(kept.values())


#: What two spellings of one link may differ in: the scheme and a ``www.``.
_SCHEME_RE = re.compile(r"^(?:[a-z]+://)?(?:www\.)?", re.IGNORECASE)


def _unique(items: Iterable[str]) -> list[str]:
    """The items in order, each kept once, ignoring case (the first spelling is kept)."""
    kept: list[str] = []
    seen: set[str] = set()
    for item in items:
        if item and (key := item.lower()) not in seen:
            seen.add(key)
            kept.append(item)
    return kept


#: A Han name a PDF or a Word table spaced out: ``罗 可``, ``张 小 明``.
_SPACED_HAN_RE = re.compile(rf"[{HAN}](?:\s+[{HAN}]){{1,3}}")
#: A Latin name whose space a PDF lost: ``JaneRoe``, ``MaryAnnLee``.
_GLUED_NAME_RE = re.compile(r"[A-Z][a-z]+(?:[A-Z][a-z]+){1,2}")
#: A Latin name set letter-spaced, its words apart by wider gaps: ``J A N E   R O E``.
_SPACED_LATIN_RE = re.compile(r"[A-Za-z](?: [A-Za-z])+(?:\s{2,}[A-Za-z](?: [A-Za-z])+)+")


def unspace_name(text: str) -> str:
    """A name as its owner writes it, without the spacing a layout added or took away.

    >>> unspace_name("李 安"), unspace_name("JaneRoe"), unspace_name("Jane Roe"), unspace_name("McDonald")
    ('李安', 'Jane Roe', 'Jane Roe', 'McDonald')
    >>> unspace_name("J A N E   R O E"), unspace_name("Jane\\tRoe")
    ('JANE ROE', 'Jane Roe')
    """
    text = text.strip()
    if _SPACED_HAN_RE.fullmatch(text):
        return re.sub(r"\s+", "", text)
    if _SPACED_LATIN_RE.fullmatch(text):
        return " ".join(word.replace(" ", "") for word in re.split(r"\s{2,}", text))
    if "\t" in text:  # a gap the layout set between the given name and the surname
        text = re.sub(r"\s+", " ", text)
    if _GLUED_NAME_RE.fullmatch(text):
        parts = re.findall(r"[A-Z][a-z]+", text)
        if all(len(part) >= 3 for part in parts):  # "McDonald" keeps its capital inside
            return " ".join(parts)
    return text


#: What joins a name and a CV title on one line: "Ann Lee — CV", "Curriculum Vitae: Ann Lee".
_TITLE_SEP = r"\s*[:：|｜—–-]\s*"


@cache
def _cv_title_re() -> re.Pattern[str]:
    """Title words at the end of a name line: "Ann Lee Curriculum Vitae", "Ann Lee's CV",
    "Ann Lee — Curriculum Vitae", "李安的简历"."""
    return re.compile(
        rf"(?:['’]s|的|{_TITLE_SEP})?\s*" + _words_re(load_contact().cv_titles) + r"\s*$",
        re.IGNORECASE,
    )


@cache
def _cv_title_lead_re() -> re.Pattern[str]:
    """Title words opening a name line, joined to the name by "of" or a separator:
    "Curriculum Vitae of Ann Lee", "Curriculum Vitae — Ann Lee", "个人简历：李安"."""
    return re.compile(
        r"^\s*" + _words_re(load_contact().cv_titles) + rf"(?:\s+of\s+|{_TITLE_SEP}|\s+)",
        re.IGNORECASE,
    )


#: A note in brackets after a name: "Ann Lee (formerly Ann Roe)", "Ann Lee (she/her)".
_NAME_NOTE_RE = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")


def _name_candidate(text: str) -> str | None:
    """The name a line holds, if it holds only a name, maybe with honorifics, degree letters
    or a note in brackets after it.

    >>> _name_candidate("Ann Lee (formerly Ann Roe)"), _name_candidate("Ann Lee (she/her)")
    ('Ann Lee', 'Ann Lee')
    >>> _name_candidate("Curriculum Vitae of Dr. Ann Lee"), _name_candidate("个人简历：李安")
    ('Ann Lee', '李安')
    """
    text = _cv_title_re().sub("", _cv_title_lead_re().sub("", text.strip()))
    if text.endswith((")", "）")):
        text = _NAME_NOTE_RE.sub("", text) or text
    text = unspace_name(_strip_titles(text.strip(" |,-")))
    if CJK_NAME_RE.match(text):
        return None if any(word in text for word in _not_name_words()[1]) else text
    if latin_name_re().match(text):
        words = {word.lower().strip(".") for word in text.split()}
        return None if words & _not_name_words()[0] else text
    return None


@cache
def _name_degree_re() -> re.Pattern[str]:
    """Degree letters after a name: "Ann Lee, Ph.D.", "Ann Lee PhD"."""
    return re.compile(r",?\s+" + _lenient_dots_re(load_contact().name_degrees) + "$", re.IGNORECASE)


#: Separators of a contact line: "Ann Lee | ann@x.org | +1 412 555 0100".
_FIELD_SEP_RE = re.compile(r"\s*[|•·◆◇■]\s*|\t+|\s{3,}")


#: A Han name of two to four characters, a space, and more Han text (the posts held).
_TITLED_HAN_NAME_RE = re.compile(rf"^([{HAN}]{{2,4}})\s+([{HAN}]+)$")


def _strip_titles(text: str) -> str:
    """A name without honorifics before it or degree letters after it.

    >>> _strip_titles("Dr. Ann Lee"), _strip_titles("Ann Lee, Ph.D."), _strip_titles("李安教授")
    ('Ann Lee', 'Ann Lee', '李安')
    >>> _strip_titles("Prof. Dr. Ann Lee")
    'Ann Lee'
    >>> _strip_titles("李安 副教授兼所长"), _strip_titles("李安 助理教授")
    ('李安', '李安')
    """
    text = _name_degree_re().sub("", text).strip()
    prefixes, suffixes = _title_affixes()
    if not text.startswith(prefixes) and not text.endswith(suffixes):
        return _name_before_posts(text)  # most texts: no honorific opens or closes them
    for title in _honorifics():
        if text.startswith(title + " "):
            return _strip_titles(text[len(title) + 1 :].strip())  # "Prof. Dr. Ann Lee"
        if CJK_RE.match(title) and text.endswith(title) and len(text) > len(title) + 1:
            return text[: -len(title)].strip()
    return _name_before_posts(text)


def _name_before_posts(text: str) -> str:
    """A Han name before a space and the posts held, which open with a Chinese honorific
    ("李安 副教授兼所长"): the name; any other text as it is."""
    titled = _TITLED_HAN_NAME_RE.match(text)
    if titled and titled.group(2).startswith(_title_affixes()[1]):
        return titled.group(1)
    return text


@cache
def _not_name_words() -> tuple[frozenset[str], tuple[str, ...]]:
    """Words that show a line is not a name: Latin words (lower case), Chinese words."""
    from bilingual_cv.lexicon import load_labels

    words = load_labels().not_name_words
    latin = frozenset(w.lower() for w in words if not CJK_RE.search(w))
    return latin, tuple(w for w in words if CJK_RE.search(w))


@cache
def _honorifics() -> tuple[str, ...]:
    from bilingual_cv.lexicon import load_labels

    return tuple(sorted(load_labels().honorifics, key=len, reverse=True))


@cache
def _title_affixes() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """What a text starts or ends with when :func:`_strip_titles` strips an honorific: an
    honorific and a space; a Chinese honorific."""
    titles = _honorifics()
    return tuple(title + " " for title in titles), tuple(t for t in titles if CJK_RE.match(t))


def _split_bilingual_name(text: str) -> tuple[str | None, str | None]:
    """``Ann Lee (李安)`` or ``王小明 Xiaoming Wang``: the Latin and the Han name.

    >>> _split_bilingual_name("李安博士（Dr. ANN LEE）")
    ('ANN LEE', '李安')
    """
    han = [_strip_titles(run) for run in re.findall(f"[{HAN}]+", text)]
    latin = re.sub(f"[{HAN}()（）/|,，]+", " ", text).strip()
    latin = re.sub(r"\s+", " ", latin)
    latin_name = _name_candidate(latin) if latin else None
    han_name = _name_candidate(han[0]) if len(han) == 1 else None
    if han_name and (not latin or latin_name):
        return latin_name, han_name
    return None, None


def parse_person(top: Sequence[Line], contact_text: str, opening: Sequence[Line] = ()) -> Person:
    """The owner from the top block's lines and the text of contact sections.

    ``opening`` is the start of the document: when the top block names nobody (a LinkedIn
    export opens with its Contact and Skills columns), a name line followed by a job line
    ("Senior Researcher at Microsoft") there is the owner.

    >>> from bilingual_cv.clean import clean_text
    >>> lines = clean_text("# Ann Lee (李安)\\n\\nE-mail: ann@uni.edu | +86 138 0013 8000\\nhttps://annlee.org/").lines
    >>> person = parse_person(lines, "")
    >>> person.name, person.name_zh, person.emails, person.phones, person.urls
    ('Ann Lee', '李安', ['ann@uni.edu'], ['+86 138 0013 8000'], ['https://annlee.org'])
    """
    text = "\n".join(line.text for line in top) + "\n" + contact_text
    name: str | None = None
    name_zh: str | None = None
    labeled = _name_label_re().search(text)
    if labeled:
        name = labeled.group(1).strip()
        if _SPACED_HAN_RE.fullmatch(name):
            name = re.sub(r"\s+", "", name)  # "李 安": a Word table spaces a short name out
    for n, line in enumerate(top[:8] if name is None else ()):
        candidate = line.text.strip()
        if not candidate:
            continue
        latin, han = _split_bilingual_name(candidate) if CJK_RE.search(candidate) else (None, None)
        if han:
            han_first = latin is None or candidate.find(han[0]) < candidate.find(latin[:1])
            name, name_zh = (han if han_first else latin), han
            break
        single = (
            _name_candidate(candidate)
            or _lead_field_name(candidate)
            or _bold_lead_name(line)
            or _split_name(top, n)
        )
        if single:
            name = single
            name_zh = _han_name_beside(top, n) if not CJK_NAME_RE.match(single) else None
            break
    if name is None:
        name = _name_before_title(opening)
    if name is None:
        name, block = _title_name(opening)
        text += "\n" + block  # its contact lines: e-mail, phone, homepage
    if name is not None and name_zh is None:
        if CJK_NAME_RE.match(name):
            name_zh = name
        else:
            pair = re.search(rf"[(（]([{HAN}]{{2,4}})[)）]", text)
            name_zh = pair.group(1) if pair else None
    location = _location_re().search(text)
    return Person(
        name=name,
        name_zh=name_zh,
        emails=find_emails(text),
        phones=find_phones(text),
        urls=find_urls(text),
        location=location.group(1).strip() if location else None,
    )


def _han_name_beside(top: Sequence[Line], n: int) -> str | None:
    """A Chinese name alone on the line right under or over the Latin name on line ``n``
    (``Ann Lee`` / ``李安``; blank lines between), the owner's name in Chinese.

    >>> _han_name_beside([Line(1, "Ann Lee"), Line(2, "李安")], 0), _han_name_beside([Line(1, "Ann Lee"), Line(2, "简历")], 0)
    ('李安', None)
    """
    below = next((line for line in top[n + 1 :] if not line.is_blank), None)
    above = next((line for line in reversed(top[:n]) if not line.is_blank), None)
    for line in (below, above):
        text = line.text.strip() if line is not None else ""
        if CJK_NAME_RE.match(text) and not any(word in text for word in _not_name_words()[1]):
            return text
    return None


def _lead_field_name(text: str) -> str | None:
    """A name in the first field of a contact line ("Ann Lee | ann@example.org"); not a
    label whose value, a number, is the next field ("排名<TAB>4<TAB>专业人数:246").

    >>> _lead_field_name("Ann Lee | ann@example.org"), _lead_field_name("排名\t4\t人数:246")
    ('Ann Lee', None)
    """
    fields = _FIELD_SEP_RE.split(text, maxsplit=1)
    if len(fields) > 1 and fields[1].strip()[:1].isdigit():
        return None
    return _name_candidate(fields[0])


#: One capitalized Latin word on a line of its own: half of a name set over two lines.
_NAME_HALF_RE = re.compile(r"[A-Z][a-zA-Z'’\-]+")


def _split_name(top: Sequence[Line], n: int) -> str | None:
    """A name whose given name and surname stand on two lines ("# Ann" / "# Lee", as a
    class that sets them in two weights prints them): line ``n`` and the next line, each one
    capitalized word and no heading.

    >>> from bilingual_cv.clean import clean_text
    >>> _split_name(clean_text("# Ann\\n# Lee\\nann@example.org").lines, 0)
    'Ann Lee'
    >>> _split_name(clean_text("Education\\nPublications").lines, 0) is None
    True
    """
    if n + 1 >= len(top):
        return None
    first, second = top[n].text.strip(), top[n + 1].text.strip()
    if not (_NAME_HALF_RE.fullmatch(first) and _NAME_HALF_RE.fullmatch(second)):
        return None
    # two sizes of heading are one name set in two weights; a heading over a body line is not
    one_heading = (top[n].md_level == 0) != (top[n + 1].md_level == 0)
    if one_heading or is_heading_text(first) or is_heading_text(second):
        return None
    return _name_candidate(f"{first} {second}")


def _title_name(lines: Sequence[Line]) -> tuple[str | None, str]:
    """The name set as the document's one top-level title (the largest type of a PDF), when
    the top block names nobody: a Word PDF whose text boxes put the body before the name.
    Also the text of the lines under it, up to the next heading.

    >>> from bilingual_cv.clean import clean_text
    >>> _title_name(clean_text("2020 – 2024 some work\\n# **李安**\\n年龄：27\\nann@example.com\\n## 教育背景").lines)
    ('李安', '年龄:27\\nann@example.com')
    """
    titles = [n for n, line in enumerate(lines) if line.md_level == 1]
    if len(titles) != 1:
        return None, ""
    name = _name_candidate(lines[titles[0]].text.strip())
    if name is None:
        return None, ""
    block: list[str] = []
    for line in lines[titles[0] + 1 :]:
        if line.md_level:
            break
        block.append(line.text)
    return name, "\n".join(block)


def _bold_lead_name(line: Line) -> str | None:
    """A name set in bold at the start of a contact line: ``**丁一** . Email: ...``; not a
    bold label before its number ("**平均分** 90.3").

    >>> _bold_lead_name(Line(1, "丁一 . Email: a@b.c", bold=((0, 2),))), _bold_lead_name(Line(2, "总分 90.3", bold=((0, 2),)))
    ('丁一', None)
    """
    lead = next((span for span in line.bold if span[0] == 0), None)
    if lead is None or line.text[lead[1] :].strip()[:1].isdigit():
        return None
    return _name_candidate(line.text[lead[0] : lead[1]])


#: How far into the document a name standing above a job line is looked for.
OPENING_LINES = 40


def _name_before_title(lines: Sequence[Line]) -> str | None:
    """A name line whose next line is a job title: "Jane Doe" / "Senior Researcher at Microsoft".

    >>> from bilingual_cv.clean import clean_text
    >>> lines = clean_text("Top Skills\\nMachine Learning\\nJane Doe\\nSenior Researcher at Microsoft").lines
    >>> _name_before_title(lines)
    'Jane Doe'
    """
    content = [line for line in lines[:OPENING_LINES] if not line.is_blank and not line.bullet]
    for line, following in pairwise(content):
        name = _name_candidate(line.text)  # most lines are none: the heading test comes next
        if name and _is_job_line(following.text) and not is_heading_text(line.text):
            return name  # not "Current Position" above a job line: a heading, not a person
    return None


def is_heading_text(text: str) -> bool:
    """The text reads as a section heading (its words are heading words)."""
    from bilingual_cv.lang.headings import heading_table, match_heading, match_heading_words

    return match_heading(text, heading_table()) is not None or match_heading_words(text) is not None


def _is_job_line(text: str) -> bool:
    words = {word.strip(",.").casefold() for word in text.split()}
    return any(f" {link} " in f" {text} " for link in _employer_links()) or bool(
        words & _job_words()
    )


@cache
def _employer_links() -> tuple[str, ...]:
    """Words between a title and its employer ("Senior Researcher at Microsoft")."""
    from bilingual_cv.lexicon import load_titles

    return tuple(load_titles().employer_links)


@cache
def _job_words() -> frozenset[str]:
    from bilingual_cv.lexicon import load_titles

    return frozenset(head.casefold() for head in load_titles().heads if " " not in head)


def split_interests(text: str) -> list[str]:
    """Research interests as a list: comma-like separators inside short lists, prose kept whole.

    >>> split_interests("Machine learning systems, distributed systems; broadly speaking, I am interested in formulating and solving problems.")
    ['Machine learning systems', 'distributed systems', 'broadly speaking, I am interested in formulating and solving problems']
    >>> split_interests("分布式系统、可编程网络和容器虚拟化网络")
    ['分布式系统', '可编程网络和容器虚拟化网络']
    """
    items: list[str] = []
    text = " ".join(text.split())
    for clause in re.split(r"[;；。]|\.(?:\s|$)", text):
        clause = clause.strip(" .,，")
        if not clause:
            continue
        parts = [part.strip(" .") for part in re.split(r"[,，、]", clause) if part.strip(" .")]
        if all(len(part.split()) <= 6 for part in parts):
            items.extend(parts)
        else:
            items.append(clause)
    return items
