"""The kind of a publication (:mod:`bilingual_cv.publications.kind`), on fictional entries."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import bilingual_cv

from .conftest import cv_with, summary


def test_kind_from_sub_headings_and_venues() -> None:
    text = (
        "Ann Lee\n\n## Publications\n\n## Conference Papers\n"
        "1. Ann Lee, Bo Wu. Fast Things. The 20th USENIX Symposium on Networked Systems Design and Implementation (NSDI), 2023.\n\n"
        "#### Workshop Papers\n"
        "1. Ann Lee, Bo Wu. Slow Things. Workshop on Cloud Intelligence/AIOps @ASPLOS 2024.\n"
        "2. Ann Lee. Hot Things. The 19th Workshop on Hot Topics in Operating Systems (HotOS), 2023.\n"
        "3. Ann Lee. Cloudy Things. Cloud @ MICRO, 2021.\n\n"
        "## Journal Papers\n1. Ann Lee. Long Things. IEEE Transactions on Services Computing, 2022.\n\n"
        "#### Pre-prints\n1. Ann Lee. New Things. arxiv.org/abs/2404.02407\n"
    )
    pubs = bilingual_cv.parse(text).publications
    assert [
        (p.venue.abbr, p.kind.value, p.ccf.rank.value if p.ccf else None, p.year) for p in pubs
    ] == [
        ("NSDI", "conference", "A", 2023),
        ("AIOps@ASPLOS", "workshop", None, 2024),
        ("HotOS", "workshop", "B", 2023),
        ("Cloud@MICRO", "workshop", None, 2021),
        ("IEEE TSC", "journal", "A", 2022),
        ("arXiv", "preprint", None, 2024),
    ]
    assert [p.section for p in pubs] == [
        "Conference Papers",
        "Workshop Papers",
        "Workshop Papers",
        "Workshop Papers",
        "Journal Papers",
        "Pre-prints",
    ]


def test_a_link_beside_a_published_venue_does_not_make_a_preprint() -> None:
    body = (
        '2017 A. Lee, B. Wu. "Convex Policies". In: ICML. url: http :\n'
        "//arxiv.org/abs/1701.00001.\n"
        '2021 B. Wu, A. Lee. "Pixels to Plans". In: AAAI. url: https://arxiv.org/\n'
        "abs/2101.00002.\n"
        '2022 A. Lee. "Notes on Queues". url: https://arxiv.org/abs/2201.00003.\n'
        '2016 A. Lee, B. Wu. "Round Trips over WiFi". INFOCOM 2016. (submitted).\n'
    )
    pubs = cv_with(body).publications
    assert [summary(p)[1:5] for p in pubs] == [
        ("ICML", 2017, "conference", "A"),
        ("AAAI", 2021, "conference", "A"),
        ("arXiv", 2022, "preprint", None),
        ("INFOCOM", 2016, "preprint", None),
    ]


def test_gb_t_7714_entries_with_et_al_a_publication_number_and_an_arxiv_journal_code() -> None:
    """ "Li A, et al." ends its author list; a patent's publication number (CN114000000A)
    holds no year, its date does; "[J]. arXiv preprint" is a preprint."""
    body = (
        "[1] Li A, et al. Toy graphs at scale[J]. arXiv preprint arXiv:2101.01234, 2021.\n"
        "[2] 李安，吴波，马丁。一种玩具调度方法：CN114000000A[P]. 2022-01-01.\n"
        "[3] Ann Lee, Bo Wu, et al. Toy paths at scale. In ToyConf 2021.\n"
    )
    pubs = cv_with(body, name="李安").publications
    assert [(p.title, p.authors, p.year, p.kind.value) for p in pubs] == [
        ("Toy graphs at scale", ["Li A"], 2021, "preprint"),
        ("一种玩具调度方法", ["李安", "吴波", "马丁"], 2022, "patent"),
        ("Toy paths at scale", ["Ann Lee", "Bo Wu"], 2021, "conference"),
    ]
    assert [p.owner_position for p in pubs][:2] == [1, 1]


def test_journal_volumes_before_pages_and_multiconferences_set_the_kind() -> None:
    body = (
        '2015 A. Lee, B. Wu. "Edge Toys in the Internet of Toys". In: IEEE Pervasive Toys 2, pp. 24-31.\n'
        '2014 A. Lee. "Bad Toys: Are Our Toy Systems at Risk?" In: Toy & Privacy, IEEE 13.3, pp. 40-47.\n'
        '2013 A. Lee. "Global Toy Estimation". In: Summer Toy Simulation Multiconference.\n'
    )
    assert [p.kind.value for p in cv_with(body).publications] == [
        "journal",
        "journal",
        "conference",
    ]


_PREPRINT_VENUES = ["", "ToyConf 2024", "arXiv preprint", "Under review at ToyConf", "在投", " "]


_PREPRINT_RAWS = [
    "",
    "Ann Lee. Toy Things.",
    "Ann Lee. Toy Things. Under review.",
    "玩具（已投稿）",
]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_PREPRINT_VENUES), st.sampled_from(_PREPRINT_RAWS))
def test_the_whole_entry_is_searched_for_preprint_cues_only_without_a_venue(
    venue: str, raw: str
) -> None:
    from bilingual_cv.publications.cues import Cues
    from bilingual_cv.publications.kind import decide_kind, preprint_cues
    from bilingual_cv.publications.parts import Parts
    from bilingual_cv.schema import PublicationKind
    from bilingual_cv.venues import without_links

    cues = Cues.of(preprint_cues())
    plain = cues.found(without_links(venue)) or cues.found(raw) and not venue
    kind = decide_kind(Parts(venue=venue), None, None, raw)  # no match, no hint, no patent
    assert (kind is PublicationKind.PREPRINT) == plain, (venue, raw)


def test_a_heading_joining_papers_and_preprints_gives_no_kind_to_its_entries() -> None:
    from .conftest import cv_with

    cv = cv_with(
        "1. Ann Lee, Bo Wu. Quiet toys. Toy Reports (2024)\n"
        "2. Ann Lee. Loud toys. arXiv:2401.01234\n",
        heading="PUBLICATIONS & PREPRINTS",
    )
    assert [(p.venue.name, p.kind.value) for p in cv.publications] == [
        ("Toy Reports", "journal"),
        ("arXiv", "preprint"),
    ]


def test_a_poster_presented_at_a_venue_is_no_paper_of_it() -> None:
    """ "Poster presented at: ToyConf" and "Poster presented at the annual meeting of ...":
    the work was shown there as a poster (kind other); a "Poster Paper" track is a paper."""
    cv = cv_with(
        "1. Lee, A. and B. Wu (2018). Quiet queues for loud toys. Poster presented at: NSDI.\n"
        "2. Lee, A. (2019). Toys at scale. Poster presented at the annual meeting of the Toy"
        " Society, Springfield, IL.\n"
        "3. Lee, A. (2020). Sorting toys. Proceedings of the Toy Conference (ToyConf), 1-9.\n"
    )
    assert [(p.title, p.kind.value) for p in cv.publications] == [
        ("Quiet queues for loud toys", "other"),
        ("Toys at scale", "other"),
        ("Sorting toys", "conference"),
    ]


def test_words_closing_a_title_say_it_is_a_patent() -> None:
    """Patents listed among papers, their kind and status after the title: "[发明,已授权]",
    ", 已公开", ", invention patent". The words leave the title for the notes."""
    cv = cv_with(
        "1. 李安, 吴波, 一种虚构的玩具调度方法和装置, 已授权\n"
        "2. 一种虚构的玩具缓存方法 [发明,已授权],李安,吴波\n"
        "3. A. Lee, B. Wu, A System to Keep Toys from Falling, invention patent.\n"
        "4. A. Lee, B. Wu, Patent pools for toy makers, Toy Letters, 2021.\n",
        name="Ann Lee (李安)",
    )
    assert [(p.title, p.kind.value) for p in cv.publications] == [
        ("一种虚构的玩具调度方法和装置", "patent"),
        ("一种虚构的玩具缓存方法", "patent"),
        ("A System to Keep Toys from Falling", "patent"),
        ("Patent pools for toy makers", "journal"),
    ]
    assert cv.publications[1].notes == ["发明,已授权"]


def test_a_chinese_patent_title_with_no_venue_is_a_patent() -> None:
    """Chinese patents are titled "一种…方法/系统/装置" ("a kind of method ..."): such an
    entry with no venue among papers is a patent; a paper titled so in a journal is not."""
    cv = cv_with(
        "1. 李安,吴波,一种虚构的玩具监控方法和系统。(2019)\n"
        "2. 李安, 吴波. 一种虚构的玩具调度方法[J]. 玩具学报, 2021, 4(2): 1-9.\n",
        name="李安",
        heading="发表论文",
    )
    assert [(p.title, p.kind.value) for p in cv.publications] == [
        ("一种虚构的玩具监控方法和系统", "patent"),
        ("一种虚构的玩具调度方法", "journal"),
    ]


def test_a_poster_s_venue_is_what_follows_the_poster_words() -> None:
    """ "Poster presented at: ToyFest": the venue is ToyFest, the words a note."""
    (pub,) = cv_with(
        "1. Lee, A. and B. Wu (2018). Quiet queues for loud toys. Poster presented at: ToyFest.\n"
    ).publications
    assert (pub.kind.value, pub.venue.name, pub.notes[:1]) == (
        "other",
        "ToyFest",
        ["Poster presented at"],
    )


@pytest.mark.parametrize("words", ["Paper presented at the", "Oral presentation at", "Talk at"])
def test_a_presentation_s_venue_is_what_follows_the_words_that_say_so(words: str) -> None:
    """APA cites a conference presentation as "Paper presented at the Toy Meeting, City":
    the venue is the meeting, the words a note, and it is no poster."""
    (pub,) = cv_with(
        f"1. Lee, A., & Wu, B. (2017, June). Quiet queues. {words} Annual Toy Meeting, Springfield, IL.\n"
    ).publications
    assert pub.venue.name is not None and pub.venue.name.startswith("Annual Toy Meeting")
    assert pub.notes[:1] == [words.removesuffix(" the")]
    assert pub.kind.value == "conference"


def test_a_chinese_journal_of_the_catalogue_in_a_table_column_is_a_journal() -> None:
    """A Chinese CV's table of papers names the journal in a column of its own, with no
    ``[J]`` code and no journal word (学报, 期刊) in its name: the Chinese-journal catalogue
    says it is a journal."""
    body = (
        "序号\t论文题目\t作者\t期刊/会议\t年份\n"
        "1\t基于玩具数据的缓存替换方法研究\t李安*, 吴波\t计算机系统应用\t2021\n"
        "2\t面向玩具集群的调度算法\t吴波, 李安*\t信息网络安全\t2019\n"
    )
    pubs = cv_with(body, name="李安", heading="代表性论文").publications
    assert [(p.title, p.venue.name, p.year, p.kind.value) for p in pubs] == [
        ("基于玩具数据的缓存替换方法研究", "计算机系统应用", 2021, "journal"),
        ("面向玩具集群的调度算法", "信息网络安全", 2019, "journal"),
    ]
