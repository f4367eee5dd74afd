"""What a venue text says (:mod:`bilingual_cv.publications.venue_text`): written names,
short names, the catalog query; on fictional entries.
"""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from .conftest import cv_with, summary


def test_track_of_a_ranked_conference_keeps_its_rank() -> None:
    body = "[C1] Green SLOs\nAnn Lee, Bo Wu\nIn Proceedings of the 54th Annual IEEE/IFIP International Conference on Dependable Systems and Networks (**DSN 2024 Disrupt Track**)"
    pub = cv_with(body).publications[0]
    assert (pub.venue.abbr, pub.ccf.rank.value if pub.ccf else None) == ("DSN", "B")


def test_a_short_name_with_its_year_glued_on_is_found_in_the_catalog() -> None:
    body = (
        "Ann Lee, Bo Wu. Fast indexing of toy data. CVPR2023.\n"
        "Ann Lee, Bo Wu. Quiet caches for toys. ICML'23.\n"
        "Ann Lee, Bo Wu. Sparse toy graphs. NeurIPS'22.\n"
        "Ann Lee, Bo Wu. Learned toy indexes. AAAI-24.\n"
        "Ann Lee, Bo Wu. Toy clusters that heal. In Proc. ICML-2021, pp. 1-9.\n"
        "Ann Lee, Bo Wu. Toy queues for small models. KDD 2023 (Oral).\n"
        "Ann Lee, Bo Wu. A quiet toy allocator. FooConf2020."
    )
    pubs = cv_with(body).publications
    assert [(p.venue.abbr, p.year, p.ccf.rank.value if p.ccf else None) for p in pubs] == [
        ("CVPR", 2023, "A"),
        ("ICML", 2023, "A"),
        ("NeurIPS", 2022, "A"),
        ("AAAI", 2024, "A"),
        ("ICML", 2021, "A"),
        ("KDD", 2023, "A"),
        ("FooConf", 2020, None),
    ]
    assert pubs[5].notes == ["Oral"]


def test_split_glued_years_sets_apart_only_a_short_names_year() -> None:
    from bilingual_cv.publications.year import split_glued_years

    assert split_glued_years("In CVPR2023 and ICML-2021") == "In CVPR 2023 and ICML 2021"
    assert split_glued_years("AAAI-24, NeurIPS'22") == "AAAI '24, NeurIPS'22"
    for kept in ("KR 10-2018-0012345", "FL-AAAI 2022", "Vol2019", "x-CVPR2023y", "10.1145/3299"):
        assert split_glued_years(kept) == kept


def test_chinese_journals_keep_their_name_unranked() -> None:
    body = (
        "1. 李安（第一作者），王伟. 基于图神经网络的推荐方法[J]. 软件学报, 2023, 34(1): 1-20.\n"
        "2. 李安，王伟. 一种高效的日志压缩算法[J]. 计算机研究与发展, 2021, 58(2): 10-20.\n"
        "3. 李安, 王伟. 联邦学习综述[J]. 中国科学: 信息科学, 2022, 52(1): 1-30.\n"
    )
    for edition in ("2026", "2022"):
        pubs = cv_with(body, name="李安", heading="论文发表", edition=edition).publications
        assert [summary(p) for p in pubs] == [
            ("基于图神经网络的推荐方法", "软件学报", 2023, "journal", None, 1, 2),
            ("一种高效的日志压缩算法", "计算机研究与发展", 2021, "journal", None, 1, 2),
            ("联邦学习综述", "中国科学:信息科学", 2022, "journal", None, 1, 2),
        ]


def test_venues_no_catalog_knows_keep_a_short_name() -> None:
    body = (
        "1. Ann Lee, Bo Wu. Paper One. The 3rd Workshop on Foo Bar Systems (FooBar), 2023.\n"
        "2. Ann Lee. Paper Two. FooConf 2021.\n"
        "3. Ann Lee. Paper Three. Technical Report, 2020.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.venue.abbr, p.kind.value, p.ccf) for p in pubs] == [
        ("FooBar", "workshop", None),
        ("FooConf", "conference", None),
        (None, "other", None),
    ]


def test_a_venue_no_catalog_knows_keeps_its_written_name_and_short_name() -> None:
    """Years, pages, links, months and publishers are cut from the name; an acronym written
    alone or with its year is the short name; a thesis or a report names no venue."""
    body = (
        "1. Ann Lee, Bo Wu. Quiet Sensors at Scale. QuietConf. ACM, 2020: 476-481.\n"
        "2. Ann Lee. Edge Caches for Toy Robots. In: IEEE Toy Computing 2, pp. 24-31. url: https://example.org/a.pdf\n"
        "3. Ann Lee, Bo Wu. Fuzzing Lamp Firmware. In: Proceedings of the 2019 Workshop on Lamp Software. LAMPS '19. Cited by 3.\n"
        "4. Ann Lee. Toy Review Dynamics. The Fictional Journal of Toys, Mar, 2021 (Editor's Pick).\n"
        "5. Ann Lee. Planning for Small Robots. PhD thesis. Example University, 2019.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.venue.name, p.venue.abbr, p.kind.value) for p in pubs] == [
        ("QuietConf", "QuietConf", "conference"),
        ("IEEE Toy Computing", None, "journal"),  # volume 2 before its pages
        ("Workshop on Lamp Software", "LAMPS", "workshop"),
        ("Fictional Journal of Toys", None, "journal"),
        (None, None, "other"),
    ]
    assert all(p.ccf is None for p in pubs)


def test_a_workshop_tag_hyphened_to_its_host_takes_no_rank() -> None:
    body = (
        "1. Ann Lee, Bo Wu. Federated Toys. FL-AAAI 2022.\n"
        "2. Ann Lee. Placing Toy Chips. ASP-DAC 2023.\n"
        "3. Ann Lee, Bo Wu. Toy Dialogues. EMNLP-IJCNLP 2019.\n"
        "4. Ann Lee. Toy Grids. TOYS workshop IEEE/ACM International Symposium on Cluster, Cloud"
        " and Internet Computing (CCGrid 2021).\n"
    )
    pubs = cv_with(body).publications
    assert [summary(p)[1:5] for p in pubs] == [
        ("FL@AAAI", 2022, "workshop", None),
        ("ASP-DAC", 2023, "conference", "C"),
        ("EMNLP", 2019, "conference", "B"),
        ("TOYS@CCGrid", 2021, "workshop", None),  # named before its host, with no word between
    ]


def test_a_short_name_given_once_names_the_venue_in_every_entry() -> None:
    """The CV tags a venue with its short name once and spells it out elsewhere, with other
    years, ordinals and sponsors: every entry gets the short name; a venue the CV never
    shortens stays without one."""
    body = (
        '1. Ann Lee, Bo Wu, "Toy Tides at Scale", 21st International Workshop on Parallel'
        " Tidal Simulation (PATS'07)\n"
        '2. Ann Lee, Cy Ma, "Faster Toy Tides", 2010 IEEE/ACM 24th Workshop on Parallel and'
        " Tidal Simulations\n"
        '3. Ann Lee, "Toy Tides Replicated", 2011 IEEE Workshop on Parallel Tidal Simulation\n'
        '4. Ann Lee, "Toy Waves", 2012 Symposium on Toy Wave Modelling and Practice\n'
    )
    pubs = cv_with(body).publications
    assert [p.venue.abbr for p in pubs] == ["PATS", "PATS", "PATS", None]
    assert pubs[1].venue.name == "IEEE/ACM 24th Workshop on Parallel and Tidal Simulations"


def test_a_short_name_two_venues_share_is_given_to_neither() -> None:
    body = (
        '1. Ann Lee, "Toy Tides in Small Pools", Workshop on Toy Tidal Simulation (TTS\'07)\n'
        '2. Ann Lee, "Toy Tides in Large Pools", 2008 Workshop on Toy Tidal Simulation (TOTS\'08)\n'
        '3. Ann Lee, "Toy Tides in Any Pool", 2009 IEEE Workshop on Toy Tidal Simulation\n'
    )
    assert [p.venue.abbr for p in cv_with(body).publications] == ["TTS", "TOTS", None]


def test_an_abbreviated_word_does_not_end_a_written_venue_name() -> None:
    body = (
        '1. Ann Lee, Bo Wu, "Efficient Toy Simulation over Large Networks", ACM Trans. on'
        " Modeling and Toy Simulation, 2018\n"
    )
    (pub,) = cv_with(body).publications
    assert pub.venue.name == "ACM Trans. on Modeling and Toy Simulation"
    assert pub.year == 2018


#: Pieces of fictional venue texts: rank claims in both scripts, trailing Chinese, hyphened
#: tags, workshops before their hosts, empty commas, glued years.
_QUERY_PIECES = [
    "CCF-A", "ccf b", "CCF：C", "CCF推荐A类", "中文核心A类", "类", "A类", "计算机学报", "会议",
    "FL-AAAI", "ASP-DAC", "High-Performance", "Toy-Conf", "NSDI", "OSDI25", "Yarch23",
    "Workshop", "workshops", "on", "IEEE", "Symposium", "2023", ",", ", ,", ",)", "(", ")",
    "-", " ", "  ", "Ｃ", "ｃｃｆ", "\u4e00", "\u9fff", "清华", "北大 B", "\u4dff", "\ua000",
]  # fmt: skip


def _plain_venue_query(venue: str) -> str:
    """venue_query with every pattern tried on every text, and the claims and trailing
    Chinese it finds without patterns found by patterns of the Chinese class."""
    from bilingual_cv.lang.scripts import HAN
    from bilingual_cv.publications import venue_text, year

    text = year.GLUED_TAG_RE.sub(r"\1 '\2", venue.strip())
    text = year.split_glued_years(text, bare_short=True)
    text = venue_text.CLAIM_RE.sub(" ", text)
    text = re.sub(rf"(?<![{HAN}])[{HAN}]+\s*[ABC]\s*类", " ", text)
    text = venue_text.TIER_RE.sub(" ", text)
    text = re.sub(rf"(?<![{HAN}])[{HAN}]+$", " ", text)
    text = venue_text._HYPHEN_TAG_RE.sub(venue_text._hosted_tag, text)
    held = venue_text._WORKSHOP_THEN_HOST_RE.match(text)
    if held is not None and venue_text.names_venue(text[held.end() :]):
        text = f"{held.group(1)} at {text[held.end() :]}"
    return venue_text._EMPTY_COMMA_RE.sub("", text).strip(" ,")


@settings(max_examples=800, deadline=None)
@given(st.lists(st.sampled_from(_QUERY_PIECES), max_size=8), st.sampled_from([" ", "", "\n"]))
def test_venue_query_tries_a_pattern_only_where_it_can_match(pieces: list[str], glue: str) -> None:
    from bilingual_cv.publications.venue_text import venue_query

    text = glue.join(pieces)
    assert venue_query.__wrapped__(text) == _plain_venue_query(text), text


def test_a_journal_name_cut_short_the_iso_4_way_is_read_whole() -> None:
    """``Phys. Rev. B``, ``Nat. Commun.``: a run of short capitalized words, each with its
    stop, is one name up to its volume; one such word alone (``Nature.``) ends the name."""
    body = (
        "Ann Lee and Bo Wu. Quiet toys at low temperature. Toy Phys. Rev. B 105, 014101 (2022).\n\n"
        "Ann Lee and Cy Ma. Spinning kites. J. Toy Sci. Commun. 13, 1234 (2021).\n\n"
        "Ann Lee. Loud toys. Nature. 2020.\n"
    )
    names = [p.venue.name for p in cv_with(body).publications]
    assert names == ["Toy Phys. Rev. B", "J. Toy Sci. Commun", "Nature"]


def test_proceedings_cut_short_opening_a_journal_name_stay_in_it() -> None:
    """``Proc. R. Soc. B``: "Proc." before a run of cut words is the journal's own first
    word; before a conference's name it is still dropped (``Proc. ToyConf 2021``)."""
    body = (
        "Ann Lee and Bo Wu. Quiet toys. Proc. R. Soc. B 289, 20220123 (2022).\n\n"
        "Ann Lee. Loud kites. Proc. ToyConf 2021.\n"
    )
    names = [p.venue.name for p in cv_with(body).publications]
    assert names == ["Proc. R. Soc. B", "ToyConf"]
