"""The publication parser on generated fictional lists, one citation style at a time.

Usage (from the checkout)::

    .venv/bin/python bench/styles.py                  # the table, one line per entry and wrapped
    .venv/bin/python bench/styles.py --style ieee     # one style
    .venv/bin/python bench/styles.py --show gbt       # one generated CV and what was read from it
    .venv/bin/python bench/styles.py --misses ieee    # every field the parser got wrong

Every list is fictional: people drawn from invented name pools (Latin names, and Chinese names
in Han characters and in pinyin), titles built from word pools (Title Case and sentence case,
colons, hyphens, acronyms, some very long), venues taken from the CCF catalog the package
loads (``lexicons/ccf/``: venues are not people), years, volumes and pages. One owner appears
in every entry of a list (in bold, starred or plain) and heads the fictional CV around it.

Each style renders the list as CVs really print one: ACM, IEEE, APA, MLA, Chicago, Springer
LNCS, GB/T 7714 (numeric and author-year, English and Chinese), Chinese titles in 《》, a
title over its authors and venue, venue tags (``[NSDI'24]``, ``[C12]``), year-first lines,
year headings, a right column with the venue and year, commas only, APA dates with a month
or a letter, hyphenated initials (``Roe, J.-H.``), short names with their year glued on
(``CVPR2023``, ``AAAI-24``); and lists numbered
counting up, down or restarting, bulleted, with or without blank lines. Each list is parsed by
``bilingual_cv.parse`` once as written (one line per entry, as text, HTML and DOCX give it)
and once wrapped at 70-110 columns with a hanging indent or none (as a PDF's text layer gives
it), and scored as ``../shared/tools/score.py`` scores publications: entries matched by title
similarity, then title exact, author count, owner position, venue (the catalog's short or
full name), year and kind; ``split`` is the share of lists cut into exactly the right entries.

The generator (:func:`generate`, :func:`render`, :data:`STYLES`) is also what
``tests/publications/test_styles.py`` runs; this file is a dev tool, not part of the package.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import textwrap
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from functools import cache
from typing import Any

import bilingual_cv
from bilingual_cv.lexicon import load_ccf_venues, load_cn_journals
from bilingual_cv.schema import CV

# --- fictional people ------------------------------------------------------------------

#: Invented given and family names (Latin script).
LATIN_GIVEN = (
    "Ann", "Bo", "Cyril", "Dana", "Elin", "Farah", "Gus", "Hana", "Ivo", "Jana", "Kemal", "Lior",
    "Mira", "Nils", "Odile", "Pia", "Quinn", "Rafe", "Sunna", "Tove", "Ugo", "Vera", "Wren",
    "Xenia", "Yuri", "Zora", "Anselm", "Brita", "Corin", "Delphine", "Emeric", "Freya",
)  # fmt: skip
LATIN_FAMILY = (
    "Lee", "Roe", "Poe", "Ito", "Marsh", "Okafor", "Brandt", "Varga", "Quist", "Dunmore",
    "Hollis", "Ferro", "Kowal", "Lindqvist", "Abara", "Castell", "Dray", "Eskola", "Fennimore",
    "Galloway", "Hartigan", "Ibarra", "Joubert", "Kestrel", "Lomax", "Moravec", "Nakagawa",
    "O'Dell", "Pellegrin", "Ruiz-Soto", "Strand", "Thorne", "Umberfield", "Vance", "Wexley",
)  # fmt: skip
#: Chinese family names: Han, pinyin.
HAN_FAMILY = (
    ("李", "Li"), ("王", "Wang"), ("张", "Zhang"), ("刘", "Liu"), ("陈", "Chen"), ("杨", "Yang"),
    ("赵", "Zhao"), ("黄", "Huang"), ("周", "Zhou"), ("吴", "Wu"), ("徐", "Xu"), ("孙", "Sun"),
    ("胡", "Hu"), ("朱", "Zhu"), ("高", "Gao"), ("林", "Lin"), ("何", "He"), ("郭", "Guo"),
    ("马", "Ma"), ("罗", "Luo"),
)  # fmt: skip
#: Chinese given names: Han, pinyin.
HAN_GIVEN = (
    ("安", "An"), ("波", "Bo"), ("晨", "Chen"), ("丹", "Dan"), ("帆", "Fan"), ("刚", "Gang"),
    ("浩", "Hao"), ("佳", "Jia"), ("凯", "Kai"), ("磊", "Lei"), ("敏", "Min"), ("宁", "Ning"),
    ("鹏", "Peng"), ("琴", "Qin"), ("涛", "Tao"), ("伟", "Wei"), ("欣", "Xin"), ("洋", "Yang"),
    ("明轩", "Mingxuan"), ("子涵", "Zihan"), ("思远", "Siyuan"), ("宇航", "Yuhang"),
    ("雨桐", "Yutong"), ("嘉怡", "Jiayi"), ("浩然", "Haoran"), ("欣怡", "Xinyi"),
    ("志强", "Zhiqiang"), ("晓东", "Xiaodong"),
)  # fmt: skip


#: Invented two-part given names, written with a hyphen (Korean and Taiwanese spellings).
HYPHEN_GIVEN = (
    "Ji-Hoon", "Min-Seo", "Hye-Jin", "Seo-Yun", "Jae-Won", "Chih-Wei", "Yu-Ting", "Hsin-Yi",
    "Kuan-Lin", "Tae-Yang", "Su-Bin", "Pei-Shan", "Do-Hyun", "Wen-Hao",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class Person:
    """A fictional author: given and family name, and the Han spelling of a Chinese name."""

    given: str
    family: str
    han: str | None = None

    @property
    def full(self) -> str:
        return f"{self.given} {self.family}"

    @property
    def initials(self) -> str:
        """``A.`` for Ann, ``M.`` for Mingxuan (a pinyin given name is one word)."""
        return " ".join(f"{part[0]}." for part in self.given.split("-"))


def _person(rng: random.Random, chinese: bool) -> Person:
    if chinese:
        (family_han, family), (given_han, given) = rng.choice(HAN_FAMILY), rng.choice(HAN_GIVEN)
        return Person(given, family, family_han + given_han)
    return Person(rng.choice(LATIN_GIVEN), rng.choice(LATIN_FAMILY))


# --- fictional titles --------------------------------------------------------------------

_ADJECTIVES = (
    "Low-Latency", "Fine-Grained", "Energy-Efficient", "Privacy-Preserving", "Cross-Layer",
    "Large-Scale", "Zero-Copy", "Near-Optimal", "Adaptive", "Robust", "Scalable", "Verified",
    "Learned", "Decentralized", "Sparse", "Incremental", "Elastic", "Secure", "Interpretable",
    "Lightweight",
)  # fmt: skip
_NOUNS = (
    "Scheduling", "Caching", "Replication", "Consensus", "Query Processing", "Model Serving",
    "Packet Classification", "Graph Partitioning", "Memory Disaggregation", "Anomaly Detection",
    "Code Generation", "Program Repair", "Entity Resolution", "Federated Training",
    "Key-Value Stores", "Log Analysis", "Load Balancing", "Congestion Control",
    "Index Structures", "Stream Processing", "Fault Injection", "Garbage Collection",
    "Trajectory Prediction", "Image Retrieval",
)  # fmt: skip
_DOMAINS = (
    "Edge Clouds", "Mobile Devices", "Wide-Area Networks", "Heterogeneous Clusters",
    "Serverless Platforms", "Autonomous Vehicles", "Sparse Graphs", "Multi-Tenant Data Centers",
    "Satellite Networks", "Smart Homes", "Persistent Memory", "Tiered Storage",
)  # fmt: skip
_TECHNIQUES = (
    "Reinforcement Learning", "Program Synthesis", "Contrastive Learning", "Learned Indexes",
    "Programmable Switches", "Symbolic Execution", "Differential Privacy",
    "Knowledge Distillation", "GPU Kernels", "RDMA", "LLM Agents", "Graph Neural Networks",
    "Bayesian Optimization",
)  # fmt: skip
_GERUNDS = (
    "Rethinking", "Accelerating", "Taming", "Scaling", "Understanding", "Revisiting",
    "Automating",
)  # fmt: skip
_SYLLABLES = (
    "Ar", "Bel", "Cor", "Dra", "Em", "Fal", "Gry", "Hal", "Ix", "Jo", "Kel", "Lum", "Mor", "Nym",
    "Ost", "Pyx", "Quil", "Ros", "Syl", "Tor",
)  # fmt: skip
_SUFFIXES = ("DB", "KV", "Net", "Flow", "Sched", "X", "", "", "")
#: Words that keep their capitals in sentence case.
_KEEP_CASE = frozenset({"GPU", "RDMA", "LLM", "I/O"})
_SMALL_WORDS = frozenset({"a", "an", "and", "at", "for", "in", "of", "on", "the", "to", "via"})


def _acronym(rng: random.Random) -> str:
    name = rng.choice(_SYLLABLES) + rng.choice(_SYLLABLES).lower() + rng.choice(_SUFFIXES)
    return name.upper() if rng.random() < 0.3 else name


def _title(rng: random.Random) -> str:
    """A fictional English title in Title Case or sentence case."""
    adj, adj2 = rng.sample(_ADJECTIVES, 2)
    noun, noun2 = rng.sample(_NOUNS, 2)
    domain, technique = rng.choice(_DOMAINS), rng.choice(_TECHNIQUES)
    templates = (
        f"{_acronym(rng)}: {adj} {noun} for {domain}",
        f"Towards {adj} {noun} in {domain}",
        f"{rng.choice(_GERUNDS)} {noun} with {technique}",
        f"On the Limits of {adj} {noun}",
        f"{adj} {noun} via {technique}",
        f"Can {technique} Make {noun} {adj2}?",
        (
            f"{_acronym(rng)}: {adj} and {adj2} {noun} for {domain} with {technique}"
            f" under Tight Memory Budgets and Bursty Workloads"
        ),
        f"{noun} Meets {noun2}: An Empirical Study of {adj} {domain}",
    )
    title = rng.choice(templates)
    return _sentence_case(title) if rng.random() < 0.35 else title


def _sentence_case(title: str) -> str:
    """``Fast Low-Latency Toys: A Study`` -> ``Fast low-latency toys: A study`` (acronyms
    and names in mixed case kept)."""
    words = title.split(" ")
    out: list[str] = []
    for i, word in enumerate(words):
        keep_first = i == 0 or words[i - 1].endswith(":")
        pieces = word.split("-")
        out.append(
            "-".join(
                piece
                if (keep_first and j == 0) or piece in _KEEP_CASE or _is_mixed(piece)
                else piece.lower()
                for j, piece in enumerate(pieces)
            )
        )
    return " ".join(out)


def _is_mixed(word: str) -> bool:
    """A name in mixed case (``PyxFlow``, ``KVell``) keeps its capitals."""
    return any(c.isupper() for c in word[1:])


_ZH_PREFIXES = ("基于", "面向", "融合")
_ZH_TOPICS = (
    "深度强化学习", "图神经网络", "联邦学习", "知识蒸馏", "可编程交换机", "边缘计算", "大语言模型", "对比学习", "时空数据", "多模态融合",
    "注意力机制", "差分隐私",
)  # fmt: skip
_ZH_OBJECTS = (
    "流量调度方法", "缓存替换策略", "异常检测算法", "任务卸载机制", "语义分割方法", "数据去重技术", "故障诊断模型", "资源分配算法", "轨迹预测方法",
)  # fmt: skip
_ZH_SUFFIXES = ("研究", "", "及其应用", "综述")


def _title_zh(rng: random.Random) -> str:
    """A fictional Chinese title: ``基于联邦学习的缓存替换策略研究``."""
    return (
        f"{rng.choice(_ZH_PREFIXES)}{rng.choice(_ZH_TOPICS)}的"
        f"{rng.choice(_ZH_OBJECTS)}{rng.choice(_ZH_SUFFIXES)}"
    )


# --- venues from the catalog -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Venue:
    """A catalog venue: short name (may be empty), full name, conference or journal."""

    abbr: str
    name: str
    kind: str


@cache
def catalog_venues() -> tuple[Venue, ...]:
    """The CCF 2026 venues with a short name, as the package loads them (workshops left out:
    the catalog files them as conferences, a CV reader rightly calls them workshops)."""
    return tuple(
        Venue(v.abbr, v.name, v.type)
        for v in load_ccf_venues("2026").venues
        if v.abbr.strip() and "workshop" not in v.name.casefold()
    )


@cache
def chinese_journals() -> tuple[Venue, ...]:
    """The Chinese-language journals of CCF's Chinese-journal catalogue."""
    return tuple(
        Venue(j.name_zh, j.name_zh, "journal")
        for j in load_cn_journals().journals
        if j.language == "zh"
    )


# --- papers ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Paper:
    """One fictional publication and the fields a parser should read from it."""

    title: str
    authors: tuple[Person, ...]
    owner: int  # 0-based place of the list's owner among the authors
    venue: Venue
    year: int
    volume: int
    issue: int
    pages: tuple[int, int]
    chinese: bool = False  # a Chinese title, Han author names
    #: The author names printed (the rest are "et al."); all when None.
    shown: int | None = None

    @property
    def kind(self) -> str:
        return self.venue.kind

    @property
    def written_authors(self) -> int:
        return len(self.authors) if self.shown is None else self.shown


@dataclass(frozen=True, slots=True)
class FictionalList:
    """A generated list: its owner, how the owner is marked, and its papers."""

    owner: Person
    mark: str  # "bold", "star" or "plain"
    papers: tuple[Paper, ...]
    chinese: bool = False


def generate(
    rng: random.Random, n: int, *, chinese: bool = False, pinyin: bool = False
) -> FictionalList:
    """``n`` fictional papers of one owner. ``chinese``: Chinese titles, Han names and
    Chinese journals among the venues; ``pinyin``: Chinese people written in pinyin."""
    han = chinese or pinyin
    owner = _person(rng, han)
    venues = catalog_venues()
    papers = []
    for _ in range(n):
        count = rng.choice((1, 2, 3, 3, 4, 4, 5, 6, 8))
        people: list[Person] = []
        while len(people) < count - 1:
            person = _person(rng, han or rng.random() < 0.3)
            if person.family != owner.family and person not in people:
                people.append(person)
        place = 0 if rng.random() < 0.45 else rng.randrange(count)
        people.insert(place, owner)
        zh_paper = chinese and rng.random() < 0.6
        venue = rng.choice(chinese_journals()) if zh_paper else rng.choice(venues)
        first = rng.randrange(1, 900)
        papers.append(
            Paper(
                title=_title_zh(rng) if zh_paper else _title(rng),
                authors=tuple(people),
                owner=place,
                venue=venue,
                year=rng.randrange(2012, 2027),
                volume=rng.randrange(1, 60),
                issue=rng.randrange(1, 13),
                pages=(first, first + rng.randrange(8, 20)),
                chinese=zh_paper,
            )
        )
    return FictionalList(owner, rng.choice(("bold", "star", "plain")), tuple(papers), chinese)


# --- author lists ------------------------------------------------------------------------


def _marked(text: str, is_owner: bool, mark: str) -> str:
    if not is_owner or mark == "plain":
        return text
    return f"**{text}**" if mark == "bold" else f"{text}*"


def _names(paper: Paper, mark: str, spell: Callable[[Person, int], str]) -> list[str]:
    shown = paper.authors[: paper.written_authors]
    return [_marked(spell(p, i), i == paper.owner, mark) for i, p in enumerate(shown)]


def _and_list(names: Sequence[str], conj: str = "and", serial: bool = True) -> str:
    """``A``, ``A and B``, ``A, B, and C`` (``serial`` comma) or ``A, B & C``."""
    if len(names) == 1:
        return names[0]
    if len(names) == 2:
        return f"{names[0]} {conj} {names[1]}"
    comma = "," if serial else ""
    return f"{', '.join(names[:-1])}{comma} {conj} {names[-1]}"


def full_name(p: Person, _: int) -> str:
    return p.full


def initials_first(p: Person, _: int) -> str:
    return f"{p.initials} {p.family}"


def family_initials(p: Person, _: int) -> str:
    return f"{p.family}, {p.initials}"


def gbt_name(p: Person, _: int) -> str:
    """GB/T 7714: family name, then initials without stops (``Lee A``)."""
    return f"{p.family} {p.initials.replace('.', '')}"


def han_or_gbt(p: Person, i: int) -> str:
    return p.han if p.han else gbt_name(p, i)


# --- entry styles ------------------------------------------------------------------------

_MONTHS = (
    "Jan.", "Feb.", "Mar.", "Apr.", "May", "Jun.", "Jul.", "Aug.", "Sep.", "Oct.", "Nov.", "Dec.",
)  # fmt: skip


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _yy(year: int) -> str:
    return f"'{year % 100:02d}"


def _stop(title: str) -> str:
    """The title and the full stop after it (none after ``?`` or ``!``)."""
    return title if title.endswith(("?", "!")) else f"{title}."


def _pp(paper: Paper, dash: str = "–") -> str:
    return f"{paper.pages[0]}{dash}{paper.pages[1]}"


def acm(paper: Paper, mark: str) -> list[str]:
    """ACM reference format: authors, year, title, ``In Proceedings of ... (ABBR '23)``."""
    authors = _and_list(_names(paper, mark, full_name))
    v = paper.venue
    if paper.kind == "conference":
        where = (
            f"In Proceedings of the {_ordinal(paper.volume)} {v.name} ({v.abbr} {_yy(paper.year)})."
            f" {_pp(paper)}."
        )
    else:
        where = f"{v.name} {paper.volume}, {paper.issue} ({paper.year}), {_pp(paper)}."
    return [f"{authors}. {paper.year}. {_stop(paper.title)} {where}"]


def ieee(paper: Paper, mark: str) -> list[str]:
    """IEEE: initials first, the title in quotes closed by a comma, ``in Proc.``."""
    authors = _and_list(_names(paper, mark, initials_first))
    v = paper.venue
    if paper.kind == "conference":
        where = f"in Proc. {v.name} ({v.abbr}), {paper.year}, pp. {_pp(paper)}."
    else:
        month = _MONTHS[paper.issue - 1]
        where = (
            f"{v.name}, vol. {paper.volume}, no. {paper.issue}, pp. {_pp(paper)},"
            f" {month} {paper.year}."
        )
    return [f'{authors}, "{paper.title}," {where}']


def apa(paper: Paper, mark: str) -> list[str]:
    """APA: ``Lee, A., Wu, B., & Ma, C. (2023). Title. Venue, 34(2), 100–115.``"""
    authors = _and_list(_names(paper, mark, family_initials), "&")
    v = paper.venue
    if paper.kind == "conference":
        where = f"In Proceedings of the {v.name} ({v.abbr}) (pp. {_pp(paper)})."
    else:
        where = f"{v.name}, {paper.volume}({paper.issue}), {_pp(paper)}."
    return [f"{authors} ({paper.year}). {_stop(paper.title)} {where}"]


def _inverted_first(p: Person, i: int) -> str:
    return f"{p.family}, {p.given}" if i == 0 else p.full


def _inverted_and_list(names: Sequence[str]) -> str:
    """MLA and Chicago: a comma closes the inverted first name before ``and`` too
    (``Lee, Ann, and Bo Wu``)."""
    return f"{names[0]}, and {names[1]}" if len(names) == 2 else _and_list(names)


def _quoted(title: str) -> str:
    """A title in quotes with the full stop inside, none after ``?`` or ``!``
    (``"Can Toys Scale?" Venue``)."""
    return f'"{_stop(title)}"'


def mla(paper: Paper, mark: str) -> list[str]:
    """MLA: ``Lee, Ann, et al. "Title." Venue, vol. 34, no. 2, 2023, pp. 100–15.``; "et al."
    only after the owner (:data:`Style.etal_owner_first`): a CV never hides its owner in it."""
    names = _names(paper, mark, _inverted_first)
    authors = f"{names[0]}, et al" if paper.shown is not None else _and_list(names)
    v = paper.venue
    if paper.kind == "conference":
        where = f"Proceedings of the {v.name} ({v.abbr}), {paper.year}, pp. {_pp(paper)}."
    else:
        where = f"{v.name}, vol. {paper.volume}, no. {paper.issue}, {paper.year}, pp. {_pp(paper)}."
    return [f'{authors}. "{_stop(paper.title)}" {where}']


def chicago(paper: Paper, mark: str) -> list[str]:
    """Chicago author-date: ``Lee, Ann, Bo Wu, and Cy Ma. 2023. "Title." Venue 34 (2): 1–9.``"""
    authors = _inverted_and_list(_names(paper, mark, _inverted_first))
    v = paper.venue
    if paper.kind == "conference":
        where = f"In Proceedings of the {v.name} ({v.abbr}), {_pp(paper)}."
    else:
        where = f"{v.name} {paper.volume} ({paper.issue}): {_pp(paper)}."
    return [f'{authors}. {paper.year}. "{_stop(paper.title)}" {where}']


def lncs(paper: Paper, mark: str) -> list[str]:
    """Springer LNCS: ``Lee, A., Wu, B.: Title. In: Proceedings ..., pp. 1–9. Springer (2023)``."""
    authors = ", ".join(_names(paper, mark, family_initials))
    v = paper.venue
    if paper.kind == "conference":
        where = (
            f"In: Proceedings of the {v.name} ({v.abbr}), pp. {_pp(paper)}."
            f" Springer, Cham ({paper.year})"
        )
    else:
        where = f"{v.name} {paper.volume}({paper.issue}), {_pp(paper)} ({paper.year})"
    return [f"{authors}: {_stop(paper.title)} {where}"]


def _gbt_authors(paper: Paper, mark: str) -> str:
    names = _names(paper, mark, han_or_gbt if paper.chinese else gbt_name)
    etal = "等" if paper.chinese else "et al"
    return ", ".join(names) + (f", {etal}" if paper.shown is not None else "")


def _gbt_where(paper: Paper, with_year: bool) -> str:
    v = paper.venue
    year = f"{paper.year}, " if with_year else ""
    if paper.kind == "conference":
        year = f"{paper.year}: " if with_year else ""
        return f"[C]//Proceedings of the {v.name}. {year}{_pp(paper, '-')}."
    return f"[J]. {v.name}, {year}{paper.volume}({paper.issue}): {_pp(paper, '-')}."


def gbt(paper: Paper, mark: str) -> list[str]:
    """GB/T 7714 numeric: ``Lee A, Wu B, Ma C, et al. Title[J]. Venue, 2023, 34(2): 1-9.``"""
    return [f"{_gbt_authors(paper, mark)}. {paper.title}{_gbt_where(paper, True)}"]


def gbt_year(paper: Paper, mark: str) -> list[str]:
    """GB/T 7714 author-year: ``Lee A, Wu B, et al. 2023. Title[J]. Venue, 34(2): 1-9.``"""
    return [f"{_gbt_authors(paper, mark)}. {paper.year}. {paper.title}{_gbt_where(paper, False)}"]


def zh_quoted(paper: Paper, mark: str) -> list[str]:
    """Chinese CV form: ``李安, 吴波. 《标题》. 计算机学报, 2023, 46(2): 1-9.``"""
    names = _names(paper, mark, han_or_gbt)
    v = paper.venue.name
    return [
        f"{'，'.join(names)}. 《{paper.title}》. {v}, {paper.year}, {paper.volume}({paper.issue})."
    ]


def title_first(paper: Paper, mark: str) -> list[str]:
    """A CV entry over three lines: title / authors / venue and year."""
    v = paper.venue
    venue = f"In {v.name} ({v.abbr}), {paper.year}" if paper.kind == "conference" else v.name
    if paper.kind == "journal":
        venue += f", vol. {paper.volume}, {paper.year}"
    return [paper.title, ", ".join(_names(paper, mark, full_name)), venue]


def title_first_short(paper: Paper, mark: str) -> list[str]:
    """A CV entry over two lines: title / authors, then the venue tag and year."""
    names = ", ".join(_names(paper, mark, full_name))
    return [paper.title, f"{names}. {paper.venue.abbr} {paper.year}."]


def plain(paper: Paper, mark: str) -> list[str]:
    """``Ann Lee, Bo Wu, and Cy Ma. Title. In Venue (ABBR), 2023.``: the base of the list
    layouts below."""
    v = paper.venue
    where = f"In {v.name} ({v.abbr})" if paper.kind == "conference" else f"{v.name} ({v.abbr})"
    return [
        f"{_and_list(_names(paper, mark, full_name))}. {_stop(paper.title)} {where}, {paper.year}."
    ]


def commas(paper: Paper, mark: str) -> list[str]:
    """``Authors, Title, In Proceedings of ...`` with no quotes and no full stops."""
    v = paper.venue
    where = (
        f"In Proceedings of the {v.name} ({v.abbr})"
        if paper.kind == "conference"
        else f"{v.name}, vol {paper.volume}"
    )
    return [f"{', '.join(_names(paper, mark, full_name))}, {paper.title}, {where}, {paper.year}"]


def venue_tag(paper: Paper, mark: str) -> list[str]:
    """``[NSDI'24] Authors. Title. Venue.``: the tag names the venue and year."""
    v = paper.venue
    return [
        (
            f"[{v.abbr}{_yy(paper.year)}] {', '.join(_names(paper, mark, full_name))}."
            f" {_stop(paper.title)} {v.name}."
        )
    ]


def year_first(paper: Paper, mark: str) -> list[str]:
    """``2023  Authors. Title. Venue (ABBR).``: the year opens the line."""
    v = paper.venue
    names = ", ".join(_names(paper, mark, full_name))
    return [f"{paper.year}  {names}. {_stop(paper.title)} {v.name}."]


def year_grouped(paper: Paper, mark: str) -> list[str]:
    """An entry under a year heading, with no year of its own."""
    v = paper.venue
    names = ", ".join(_names(paper, mark, full_name))
    return [f"{names}. {_stop(paper.title)} {v.name} ({v.abbr})."]


def right_tab(paper: Paper, mark: str) -> list[str]:
    """Title with the venue tag and year in a right column after a tab / authors."""
    tag = f"{paper.venue.abbr} {paper.year}"
    return [f"{paper.title}\t{tag}", ", ".join(_names(paper, mark, full_name))]


def right_gap(paper: Paper, mark: str) -> list[str]:
    """Authors, title and venue, then the year in a right column after a wide gap."""
    v = paper.venue
    names = ", ".join(_names(paper, mark, full_name))
    return [f"{names}. {_stop(paper.title)} {v.name} ({v.abbr}).{' ' * 12}{paper.year}"]


_FULL_MONTHS = (
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October", "November", "December",
)  # fmt: skip


def apa_dated(paper: Paper, mark: str) -> list[str]:
    """APA with a fuller date: ``(2023, June)`` or ``(2023, June 3-5)`` for a conference
    paper, a year with a letter (``2023a``) for a journal article."""
    authors = _and_list(_names(paper, mark, family_initials), "&")
    v = paper.venue
    month = _FULL_MONTHS[paper.issue - 1]
    if paper.kind == "conference":
        day = f" {paper.issue}-{paper.issue + 2}" if paper.volume % 2 else ""
        date = f"{paper.year}, {month}{day}"
        where = f"In Proceedings of the {v.name} ({v.abbr}) (pp. {_pp(paper)})."
    else:
        date = f"{paper.year}{'ab'[paper.volume % 2]}"
        where = f"{v.name}, {paper.volume}({paper.issue}), {_pp(paper)}."
    return [f"{authors} ({date}). {_stop(paper.title)} {where}"]


def hyphen_initials(p: Person) -> str:
    """``J.-H.`` for Ji-Hoon, ``A.`` for Ann."""
    return "-".join(f"{part[0]}." for part in p.given.split("-"))


def hyphen_initials_entry(paper: Paper, mark: str) -> list[str]:
    """Initials of hyphenated given names in three styles, by the paper: APA
    (``Roe, J.-H., & Lee, H.-M. (2020).``), IEEE (``J.-H. Roe, "Title," ...``) and GB/T
    (``Roe J-H, Lee H-M. Title[J].``)."""
    v = paper.venue
    shape = paper.volume % 3
    if shape == 0:
        names = _names(paper, mark, lambda p, _: f"{p.family}, {hyphen_initials(p)}")
        return [f"{_and_list(names, '&')} ({paper.year}). {_stop(paper.title)} {v.name}."]
    if shape == 1:
        names = _names(paper, mark, lambda p, _: f"{hyphen_initials(p)} {p.family}")
        return [f'{", ".join(names)}, "{paper.title}," {v.name}, {paper.year}.']
    names = _names(paper, mark, lambda p, _: f"{p.family} {hyphen_initials(p).replace('.', '')}")
    code = "C" if paper.kind == "conference" else "J"
    return [f"{', '.join(names)}. {paper.title}[{code}]. {v.name}, {paper.year}: {_pp(paper)}."]


def glued_year(paper: Paper, mark: str) -> list[str]:
    """``Authors. Title. CVPR2023.``: a conference's short name with its year glued on
    (``CVPR2023``, ``ICML'23``, ``AAAI-24``, ``KDD 2023 (Oral)``); a journal by name."""
    v = paper.venue
    names = ", ".join(_names(paper, mark, full_name))
    if paper.kind != "conference" or not v.abbr.isalpha():
        where = f"{v.name}, {paper.year}."
    else:
        where = (
            f"{v.abbr}{paper.year}.",
            f"{v.abbr}{_yy(paper.year)}.",
            f"{v.abbr}-{paper.year % 100:02d}.",
            f"{v.abbr} {paper.year} (Oral).",
        )[paper.volume % 4]
    return [f"{names}. {_stop(paper.title)} {where}"]


def title_then_authors(paper: Paper, mark: str) -> list[str]:
    """``Title. Authors. Venue Year.`` in one run (personal pages, Hugo Academic exports):
    the title first, closed by its stop; ``In Proc. ...`` or a short name for the venue."""
    v = paper.venue
    names = _and_list(_names(paper, mark, full_name), "and")
    where = (
        f"In {v.name} ({v.abbr}), {paper.year}." if paper.volume % 2 else f"{v.abbr} {paper.year}."
    )
    return [f"{_stop(paper.title)} {names}. {where}"]


def authors_title_venue(paper: Paper, mark: str) -> list[str]:
    """Each field on a line of its own and no stops: the authors, the title, the venue with
    its year (Word CVs and web pages printed to PDF set them apart by font, not by
    punctuation)."""
    v = paper.venue
    names = _and_list(_names(paper, mark, full_name), "and")
    where = f"{v.name} ({v.abbr}), {paper.year}" if paper.volume % 2 else f"{v.abbr} {paper.year}"
    return [names, paper.title.rstrip("."), where]


# --- list layouts ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Style:
    """How a list is printed: the entry style and the list's layout."""

    entry: Callable[[Paper, str], list[str]]
    #: "up" ([1], [2]...), "dot" (1., 2.), "down" ([n]...[1]), "restart" (sub-lists by kind,
    #: each from 1), "tag" ([C3]/[J2] counting down per kind), "bullet", "none", "years"
    #: (year headings).
    numbering: str = "up"
    blank: bool = False  # a blank line between entries
    chinese: bool = False
    pinyin: bool = False
    #: Entries whose author list is cut to three names and "et al." / "等".
    etal: bool = False
    #: Entries of three authors or more that the owner leads, cut to the owner and "et al."
    #: (MLA); the owner's place elsewhere needs the whole list, which a CV then prints.
    etal_owner_first: bool = False
    #: People given two-part given names with a hyphen (:data:`HYPHEN_GIVEN`).
    hyphenated: bool = False
    heading: str = "Publications"


STYLES: dict[str, Style] = {
    "acm": Style(acm),
    "ieee": Style(ieee),
    "apa": Style(apa, numbering="none"),
    "mla": Style(mla, numbering="none", etal_owner_first=True),
    "chicago": Style(chicago, numbering="none", blank=True),
    "lncs": Style(lncs, numbering="dot"),
    "gbt": Style(gbt, pinyin=True, etal=True),
    "gbt-zh": Style(gbt, chinese=True, etal=True, heading="发表论文"),
    "gbt-year": Style(gbt_year, numbering="none", pinyin=True, etal=True),
    "zh-quoted": Style(zh_quoted, numbering="dot", chinese=True, heading="发表论文"),
    "title-first": Style(title_first, numbering="none", blank=True),
    "title-first-2": Style(title_first_short, numbering="bullet"),
    "title-first-nb": Style(title_first, numbering="none"),
    "venue-tag": Style(venue_tag, numbering="none"),
    "cj-tags": Style(plain, numbering="tag"),
    "year-first": Style(year_first, numbering="none"),
    "year-groups": Style(year_grouped, numbering="years"),
    "right-tab": Style(right_tab, numbering="none", blank=True),
    "right-gap": Style(right_gap, numbering="none"),
    "commas": Style(commas, numbering="bullet"),
    "numbered-up": Style(plain, numbering="dot"),
    "numbered-down": Style(plain, numbering="down"),
    "numbered-restart": Style(plain, numbering="restart"),
    "bulleted": Style(plain, numbering="bullet"),
    "blank-lines": Style(plain, numbering="none", blank=True),
    "no-blank-lines": Style(plain, numbering="none"),
    "apa-dated": Style(apa_dated, numbering="dot"),
    "hyphen-initials": Style(hyphen_initials_entry, hyphenated=True),
    "glued-year": Style(glued_year, numbering="dot"),
    "title-then-authors": Style(title_then_authors, numbering="dot"),
    "authors-title-venue": Style(authors_title_venue, numbering="none", blank=True),
}

#: Sub-headings of a list split by kind, per language.
SUB_HEADINGS = {
    False: {"conference": "Conference Papers", "journal": "Journal Articles"},
    True: {"conference": "会议论文", "journal": "期刊论文"},
}


@dataclass(frozen=True, slots=True)
class Rendered:
    """A rendered list: its text lines (blank lines included) and its papers in print order."""

    lines: tuple[str, ...]
    papers: tuple[Paper, ...]


def _numbered(style: Style, papers: Sequence[Paper]) -> list[tuple[str, Paper]]:
    """Each paper with the label before its first line."""
    n = len(papers)
    if style.numbering == "up":
        return [(f"[{i + 1}] ", p) for i, p in enumerate(papers)]
    if style.numbering == "dot":
        return [(f"{i + 1}. ", p) for i, p in enumerate(papers)]
    if style.numbering == "down":
        return [(f"[{n - i}] ", p) for i, p in enumerate(papers)]
    if style.numbering == "bullet":
        return [("• ", p) for p in papers]
    if style.numbering == "tag":
        left = {k: sum(p.kind == k for p in papers) for k in ("conference", "journal")}
        out = []
        for p in papers:
            out.append((f"[{'C' if p.kind == 'conference' else 'J'}{left[p.kind]}] ", p))
            left[p.kind] -= 1
        return out
    return [("", p) for p in papers]


def render(
    fictional: FictionalList, style: Style, width: int | None = None, hanging: bool = True
) -> Rendered:
    """The list as ``style`` prints it; wrapped at ``width`` columns when given (the lines
    after an entry's first indented by four spaces when ``hanging``)."""
    papers = list(fictional.papers)
    if style.numbering == "years":
        papers.sort(key=lambda p: -p.year)
    if style.numbering == "restart":
        papers.sort(key=lambda p: p.kind)
    groups: list[tuple[str | None, list[Paper]]] = []
    for paper in papers:
        key: str | None = None
        if style.numbering == "years":
            key = str(paper.year)
        elif style.numbering == "restart":
            key = SUB_HEADINGS[style.chinese][paper.kind]
        if not groups or groups[-1][0] != key:
            groups.append((key, []))
        groups[-1][1].append(paper)
    lines: list[str] = []
    order: list[Paper] = []
    for key, members in groups:
        if key is not None:
            lines += [key, ""] if style.blank or style.numbering == "restart" else [key]
        numbering = replace(style, numbering="dot") if style.numbering == "restart" else style
        for label, paper in _numbered(numbering, members):
            order.append(paper)
            entry = style.entry(paper, fictional.mark)
            entry[0] = label + entry[0]
            for i, line in enumerate(entry):
                indent = " " * len(label) if i and label.strip() else ""
                lines += _wrap(indent + line, width, hanging)
            if style.blank:
                lines.append("")
        if style.numbering == "restart" and lines[-1]:
            lines.append("")
    return Rendered(tuple(lines), tuple(order))


#: Stands for a space inside a bold name while a line is wrapped (a bold run stays on a line).
_NBSP = "\u2007"


def _wrap(line: str, width: int | None, hanging: bool) -> list[str]:
    if width is None or "\t" in line:
        return [line]
    kept = re.sub(r"\*\*[^*]+\*\*", lambda m: m.group(0).replace(" ", _NBSP), line)
    indent = re.match(r"\s*", kept)
    lead = indent.group(0) if indent else ""
    wrapped = textwrap.wrap(
        kept,
        width,
        subsequent_indent=lead + ("    " if hanging else ""),
        break_long_words=False,
        break_on_hyphens=False,
    )
    return [w.replace(_NBSP, " ") for w in wrapped] or [line]


def fictional_list(style: Style, seed: str, n: int) -> FictionalList:
    """The fictional list of ``style`` for ``seed``: the same seed gives the same list."""
    rng = random.Random(seed)
    made = generate(rng, n, chinese=style.chinese, pinyin=style.pinyin)
    if style.etal:
        made = replace(
            made,
            papers=tuple(
                replace(p, shown=3) if len(p.authors) > 4 and p.owner < 3 else p
                for p in made.papers
            ),
        )
    if style.etal_owner_first:
        made = replace(
            made,
            papers=tuple(
                replace(p, shown=1) if len(p.authors) > 2 and p.owner == 0 else p
                for p in made.papers
            ),
        )
    if style.hyphenated:
        made = _hyphenated(made, random.Random(f"{seed}-hyphen"))
    return made


def _hyphenated(made: FictionalList, rng: random.Random) -> FictionalList:
    """The list with every person's given name a hyphenated one, the same person the same
    name throughout."""
    renamed: dict[Person, Person] = {}

    def rename(p: Person) -> Person:
        if p not in renamed:
            renamed[p] = replace(p, given=rng.choice(HYPHEN_GIVEN), han=None)
        return renamed[p]

    papers = tuple(replace(p, authors=tuple(rename(a) for a in p.authors)) for p in made.papers)
    return replace(made, owner=rename(made.owner), papers=papers)


def owner_header(fictional: FictionalList) -> str:
    """The name a CV around the list opens with: Han for a Chinese list."""
    if fictional.chinese and fictional.owner.han:
        return fictional.owner.han
    return fictional.owner.full


def cv_text(fictional: FictionalList, style: Style, rendered: Rendered) -> str:
    """A fictional CV: the owner's name, an e-mail, and the list under its heading."""
    body = "\n".join(rendered.lines).rstrip()
    return f"{owner_header(fictional)}\nowner@example.edu\n\n{style.heading}\n\n{body}\n"


# --- scoring ------------------------------------------------------------------------------


def norm(text: str | None) -> str:
    """``score.py``'s norm: NFKC, lower case, letters and digits, single spaces."""
    if text is None:
        return ""
    text = unicodedata.normalize("NFKC", text).lower()
    return " ".join(re.sub(r"[^\w\u3400-\u9fff]+", " ", text).replace("_", " ").split())


_PUBLISHERS_RE = re.compile(
    r"^(?:ieee/acm|acm/ieee|ieee|acm|usenix|ifip|springer|the)\s+", re.IGNORECASE
)


def norm_venue(text: str | None) -> str:
    """``score.py``'s venue key: publisher words off the front, letters and digits only."""
    text = unicodedata.normalize("NFKC", text or "").strip()
    while (stripped := _PUBLISHERS_RE.sub("", text)) != text:
        text = stripped
    return norm(text).replace(" ", "")


FIELDS = ("title=", "#auth", "owner", "venue", "year", "kind")


@dataclass(slots=True)
class Tally:
    """Right and total counts per field, entries found and lists split right."""

    right: dict[str, int] = field(default_factory=dict)
    total: dict[str, int] = field(default_factory=dict)
    expected: int = 0
    found: int = 0
    matched: int = 0
    lists: int = 0
    lists_split: int = 0

    def add(self, name: str, ok: bool) -> None:
        self.total[name] = self.total.get(name, 0) + 1
        self.right[name] = self.right.get(name, 0) + ok

    def ratio(self, name: str) -> float | None:
        n = self.total.get(name, 0)
        return None if n == 0 else self.right[name] / n

    def f1(self) -> float:
        if not self.matched:
            return 0.0
        precision, recall = self.matched / self.found, self.matched / self.expected
        return 2 * precision * recall / (precision + recall)


@dataclass(frozen=True, slots=True)
class Miss:
    """A field read wrong: which, the expected and the parsed value."""

    field: str
    expected: object
    got: object


def _similar(a: str | None, b: str | None) -> float:
    a, b = norm(a), norm(b)
    return SequenceMatcher(None, a, b, autojunk=False).ratio() if a and b else 0.0


def score(papers: Sequence[Paper], cv: CV, tally: Tally) -> list[Miss]:
    """Score the publications read from a CV against the papers it lists."""
    got = list(cv.publications)
    pairs = []
    for i, paper in enumerate(papers):
        for j, pub in enumerate(got):
            s = _similar(paper.title, pub.title)
            if s >= 0.85:
                pairs.append((s, -abs(i - j), i, j))
    pairs.sort(reverse=True)
    used_i: set[int] = set()
    used_j: set[int] = set()
    misses: list[Miss] = []
    for _, _, i, j in pairs:
        if i in used_i or j in used_j:
            continue
        used_i.add(i)
        used_j.add(j)
        paper, pub = papers[i], got[j]
        names = {norm_venue(n) for n in (pub.venue.abbr, pub.venue.name) if n}
        checks = {
            "title=": (norm(paper.title) == norm(pub.title), paper.title, pub.title),
            "#auth": (
                paper.written_authors == len(pub.authors),
                paper.written_authors,
                pub.authors,
            ),
            "owner": (paper.owner + 1 == pub.owner_position, paper.owner + 1, pub.owner_position),
            "venue": (
                bool(names & {norm_venue(paper.venue.abbr), norm_venue(paper.venue.name)}),
                paper.venue.abbr,
                (pub.venue.abbr, pub.venue.name),
            ),
            "year": (paper.year == pub.year, paper.year, pub.year),
            "kind": (paper.kind == pub.kind.value, paper.kind, pub.kind.value),
        }
        for name, (ok, want, have) in checks.items():
            tally.add(name, ok)
            if not ok:
                misses.append(Miss(name, want, have))
    tally.expected += len(papers)
    tally.found += len(got)
    tally.matched += len(used_i)
    tally.lists += 1
    split = len(got) == len(papers) == len(used_i)
    tally.lists_split += split
    for i, paper in enumerate(papers):
        if i not in used_i:
            misses.append(Miss("missed", paper.title, None))
    for j, pub in enumerate(got):
        if j not in used_j:
            misses.append(Miss("spurious", None, pub.title))
    return misses


#: Wrapping of the second pass: width and hanging indent per list, drawn from these.
WRAP_WIDTHS = (70, 80, 90, 100, 110)


def run_style(
    name: str, lists: int, entries: int, wrapped: bool
) -> tuple[Tally, list[tuple[str, Miss]]]:
    """Parse ``lists`` generated lists of one style and score them."""
    style = STYLES[name]
    tally = Tally()
    misses: list[tuple[str, Miss]] = []
    for k in range(lists):
        seed = f"{name}-{k}"
        made = fictional_list(style, seed, entries)
        width = random.Random(seed).choice(WRAP_WIDTHS) if wrapped else None
        rendered = render(made, style, width, hanging=k % 2 == 0)
        cv = bilingual_cv.parse(cv_text(made, style, rendered))
        misses += [(seed, m) for m in score(rendered.papers, cv, tally)]
    return tally, misses


def fmt(x: float | None) -> str:
    """A ratio as a table cell (``-`` when nothing was counted)."""
    return "  -  " if x is None else f"{x:.3f}"


def table_row(tally: Any, fields: Sequence[str], sections: tuple[int, int] | None = None) -> str:
    """The cells of one table row of ``tally``: entries F1, then each field's ratio, then the
    share of sections found when ``sections`` (found, wanted) is given."""
    cells = [fmt(tally.f1()), *(fmt(tally.ratio(f)) for f in fields)]
    if sections is not None:
        cells.append(fmt(sections[0] / sections[1] if sections[1] else None))
    return " | ".join(cells)


def sections_found(cv: Any, keys: Iterable[str]) -> tuple[int, int]:
    """How many of the section keys ``keys`` the parse of a CV found, of how many."""
    got = {s.key.value for s in cv.sections}
    keys = list(keys)
    return sum(key in got for key in keys), len(keys)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--style", nargs="*", choices=sorted(STYLES), help="only these styles")
    parser.add_argument("--lists", type=int, default=10, help="lists per style and pass")
    parser.add_argument("--entries", type=int, default=8, help="entries per list")
    parser.add_argument("--show", choices=sorted(STYLES), help="print one CV and what was read")
    parser.add_argument("--wrapped", action="store_true", help="with --show: the wrapped list")
    parser.add_argument("--misses", choices=sorted(STYLES), help="print the misses of a style")
    args = parser.parse_args(argv)
    if args.show:
        style = STYLES[args.show]
        made = fictional_list(style, f"{args.show}-0", args.entries)
        rendered = render(made, style, 80 if args.wrapped else None)
        text = cv_text(made, style, rendered)
        print(text)
        for pub in bilingual_cv.parse(text).publications:
            print(f"- {pub.title!r} | {pub.authors} | pos {pub.owner_position} |", end=" ")
            print(f"{pub.venue.abbr}/{pub.venue.name} | {pub.year} | {pub.kind.value}")
        return 0
    if args.misses:
        for wrapped in (False, True):
            _, misses = run_style(args.misses, args.lists, args.entries, wrapped)
            for seed, miss in misses:
                print(f"{seed} {'wrapped' if wrapped else 'one-line'} {miss.field}:", end=" ")
                print(f"want {miss.expected!r} got {miss.got!r}")
        return 0
    columns = ("split", "F1", *FIELDS)
    print(f"{args.lists} lists of {args.entries} entries per style and pass")
    print("| style | pass | " + " | ".join(columns) + " |")
    print("|---|---|" + "---|" * len(columns))
    overall = {False: Tally(), True: Tally()}
    for name in args.style or STYLES:
        for wrapped in (False, True):
            tally, _ = run_style(name, args.lists, args.entries, wrapped)
            _merge(overall[wrapped], tally)
            print(f"| {name} | {'wrapped' if wrapped else 'one-line'} | {_row(tally)} |")
    for wrapped, tally in overall.items():
        print(f"| ALL | {'wrapped' if wrapped else 'one-line'} | {_row(tally)} |")
    return 0


def _row(tally: Tally) -> str:
    split = tally.lists_split / tally.lists if tally.lists else None
    return " | ".join([fmt(split), fmt(tally.f1()), *(fmt(tally.ratio(f)) for f in FIELDS)])


def _merge(into: Tally, tally: Tally) -> None:
    for name, n in tally.total.items():
        into.total[name] = into.total.get(name, 0) + n
        into.right[name] = into.right.get(name, 0) + tally.right[name]
    into.expected += tally.expected
    into.found += tally.found
    into.matched += tally.matched
    into.lists += tally.lists
    into.lists_split += tally.lists_split


if __name__ == "__main__":
    sys.exit(main())
