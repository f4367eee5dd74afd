"""Publication lists split into entries (:mod:`bilingual_cv.publications.split`): labels,
anchors and line roles, on fictional entries.
"""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import bilingual_cv
from bilingual_cv.clean import clean_text
from bilingual_cv.lines import RawSection
from bilingual_cv.publications import split_entries
from bilingual_cv.schema import SectionKind

from .conftest import cv_with, summary


def test_multi_line_entries_separated_by_blank_lines_in_any_order() -> None:
    body = (
        "Fast Paths for Slow Networks\n\nNSDI, 2025\n\nBo Wu, **Ann Lee**, Cy Ma\n\n"
        "Learned Caches Revisited\n\nAPSys, 2024\n\nAnn Lee, Di Xu\n\n"
        "Rack-Scale Memory\nDi Xu, Ann Lee, Bo Wu,\nCy Ma\nACM Symposium on Operating Systems Principles (SOSP '23)"
    )
    pubs = cv_with(body).publications
    assert [summary(p) for p in pubs] == [
        ("Fast Paths for Slow Networks", "NSDI", 2025, "conference", "A", 2, 3),
        ("Learned Caches Revisited", "APSys", 2024, "workshop", None, 1, 2),
        ("Rack-Scale Memory", "SOSP", 2023, "conference", "A", 2, 4),
    ]


def test_tagged_entries_with_award_notes_and_a_summary_line_left_out() -> None:
    body = (
        "Summary (first-author): OSDI 2024, NSDI [2023, 2022]\n\n"
        "[C2] Tidal: Checkpoints at Memory Speed\n\nAnn Lee, Bo Wu\n\n"
        "In Proceedings of the 18th USENIX Symposium on Operating Systems Design and Implementation (**USENIX OSDI 2024**)\n\n"
        "🏆 **Artifact Available, Functional, Reproduced**\n\n"
        "[C1] Beacon: Finding Failed Links\nBo Wu, **Ann Lee**\nIn Proceedings of the 20th USENIX Symposium on "
        "Networked Systems Design and Implementation (**NSDI 2023**)\n🏆 **Best Paper Award**"
    )
    cv = cv_with(body)
    assert [summary(p) for p in cv.publications] == [
        ("Tidal: Checkpoints at Memory Speed", "OSDI", 2024, "conference", "A", 1, 2),
        ("Beacon: Finding Failed Links", "NSDI", 2023, "conference", "A", 2, 2),
    ]
    assert cv.publications[0].notes == ["Artifact Available, Functional, Reproduced"]
    assert cv.publications[1].notes == ["Best Paper Award"]
    stray = [w for w in cv.warnings if w.code == "stray_line"]
    assert len(stray) == 1 and "Summary (first-author)" in stray[0].message


def test_untagged_multi_line_entries_without_blank_lines() -> None:
    body = (
        "Rack-Scale Memory Disaggregation for\nLatency-Critical Services\nDi Xu, Ann Lee, Bo Wu\n"
        "IEEE Transactions on Parallel and Distributed Systems, 2022\n"
        "Verified Schedulers\nAnn Lee\nEuroSys 2021\n"
        "Ann Lee, Bo Wu, and Cy Ma. Fast consensus for geo-replicated\nstores. In Proceedings of NSDI 2024.\n"
        "Bo Wu and Ann Lee. Learned congestion control. IEEE/ACM\nTransactions on Networking, 2023.\n"
    )
    assert [summary(p) for p in cv_with(body).publications] == [
        (
            "Rack-Scale Memory Disaggregation for Latency-Critical Services",
            "TPDS",
            2022,
            "journal",
            "A",
            2,
            3,
        ),
        ("Verified Schedulers", "EuroSys", 2021, "conference", "A", 1, 1),
        ("Fast consensus for geo-replicated stores", "NSDI", 2024, "conference", "A", 1, 3),
        ("Learned congestion control", "ToN", 2023, "journal", "A", 2, 2),
    ]


def test_venue_before_title_and_venue_tags() -> None:
    body = (
        "NSDI 2025\nFast Paths for Slow Networks\nBo Wu, Ann Lee, Cy Ma\n"
        "SOSP 2023\nLearned Caches Revisited\nAnn Lee, Di Xu\n"
        "ICML 2022\nSparse Mixtures of Experts\nDi Xu, Ann Lee, Bo Wu"
    )
    assert [summary(p) for p in cv_with(body).publications] == [
        ("Fast Paths for Slow Networks", "NSDI", 2025, "conference", "A", 2, 3),
        ("Learned Caches Revisited", "SOSP", 2023, "conference", "A", 1, 2),
        ("Sparse Mixtures of Experts", "ICML", 2022, "conference", "A", 2, 3),
    ]
    tagged = "[NSDI'25] Fast Paths for Slow Networks. Bo Wu, Ann Lee, Cy Ma.\n[SOSP'23] Learned Caches Revisited. Ann Lee, Di Xu."
    assert [summary(p) for p in cv_with(tagged).publications] == [
        ("Fast Paths for Slow Networks", "NSDI", 2025, "conference", "A", 2, 3),
        ("Learned Caches Revisited", "SOSP", 2023, "conference", "A", 1, 2),
    ]


def test_an_untagged_entry_after_a_finished_tagged_one_stands_alone() -> None:
    body = (
        '[1] A. Lee, B. Wu, and C. Ma, "Fast consensus for geo-replicated stores," in Proc. IEEE INFOCOM, 2023, pp. 1-10.\n'
        "Ann Lee, Bo Wu, and Cy Ma. 2023. Elastic sharding at scale. In Proceedings of the ACM SIGCOMM 2023 Conference (SIGCOMM '23). ACM, 1-14.\n"
        '[2] B. Wu and A. Lee, "Scheduling collective communication," in Proc. USENIX NSDI, 2022, pp. 33-48.\n'
    )
    assert [(p.venue.abbr, p.year) for p in cv_with(body).publications] == [
        ("INFOCOM", 2023),
        ("SIGCOMM", 2023),
        ("NSDI", 2022),
    ]


def test_patent_lines_with_bare_chinese_application_numbers() -> None:
    text = (
        "李华\nlihua@example.cn\n\n发明专利\n共有两项国家发明专利处于受理阶段\n"
        "一种虚构的缓存替换方法, 202010064079.X\n一种虚构的网络调度系统及装置, 202110357913.4\n"
    )
    pubs = bilingual_cv.parse_text(text).publications
    assert [(p.title, p.year, p.kind.value) for p in pubs] == [
        ("一种虚构的缓存替换方法", 2020, "patent"),
        ("一种虚构的网络调度系统及装置", 2021, "patent"),
    ]


def test_capitals_topics_inside_a_publication_list_are_sub_headings() -> None:
    text = (
        "Jane Roe\n\nSelected Publications\nSTORAGE SYSTEMS AND DATABASES\n"
        "Jane Roe, Bo Wu. A Fictional Cache. In OSDI 2023.\n"
        "MACHINE LEARNING AND SYSTEMS\n"
        "Jane Roe, Ann Lee. A Fictional Scheduler. In NSDI 2024.\n"
    )
    cv = bilingual_cv.parse_text(text)
    assert [s.heading for s in cv.sections if s.key.value == "publications"] == [
        "Selected Publications",
        "STORAGE SYSTEMS AND DATABASES",
        "MACHINE LEARNING AND SYSTEMS",
    ]
    assert [p.title for p in cv.publications] == ["A Fictional Cache", "A Fictional Scheduler"]


def test_a_translated_title_after_a_chinese_dash_belongs_to_its_entry() -> None:
    text = (
        "李华\n\n论文发表\n[1] H. Li et al.\n"
        '"FooCheck: Automatic Bug Reproduction in Fictional Contracts"\n'
        "——《FooCheck：虚构合约中的漏洞自动复现》\nASE 2025（软件工程顶级会议，CCF-A）\n"
    )
    (pub,) = bilingual_cv.parse_text(text).publications
    assert pub.title == "FooCheck: Automatic Bug Reproduction in Fictional Contracts"
    assert pub.venue.abbr == "ASE" and pub.year == 2025
    assert pub.authors == ["H. Li"]  # "et al." closes the list


def test_left_column_venue_tags_open_entries_and_name_their_venue() -> None:
    """A left column of ``VENUE'YY`` tags, before a tab or alone on a line, splits the list
    (no numbers, no bullets) and names the venue when the entry's own text does not."""
    body = (
        "NSDI'24\n"
        'Ann Lee, Bo Wu, Cy Ma. "Elastic Packet Pacing for Shared Links." The 21st USENIX\n'
        "Symposium on Networked System Design and Implementation.\n"
        'VLDB\'23\tBo Wu, Ann Lee. "Columnar Joins without Regret." 49th International Conference\n'
        "on Very Large Database.\n"
        'SOSP\'23\tAnn Lee, Cy Ma. "Lazy Journals for Fast Filesystems." ACM Symposium on Operating\n'
        "System Principles.\n"
        'FooConf\'22\tAnn Lee. "A Small Study of Big Queues." The First Fictional Meeting on Queues.\n'
    )
    pubs = cv_with(body).publications
    assert [summary(p)[:5] for p in pubs] == [
        ("Elastic Packet Pacing for Shared Links", "NSDI", 2024, "conference", "A"),
        ("Columnar Joins without Regret", "VLDB", 2023, "conference", "A"),
        ("Lazy Journals for Fast Filesystems", "SOSP", 2023, "conference", "A"),
        ("A Small Study of Big Queues", "FooConf", 2022, "conference", None),  # the tag's name
    ]
    assert [p.owner_position for p in pubs] == [1, 2, 1, 1]


def test_entries_that_open_with_a_quoted_title_and_a_glued_venue_tag() -> None:
    """No numbers or bullets: each entry opens with its quoted title, then a venue tag with
    its year glued on ("OSDI25"), then the authors, wrapped over lines."""
    body = (
        '"Toy Kernels: Safe Extensions for Toy Systems" OSDI25 Bo Wu, Cy Ma, Ann Lee,\n'
        "Dan Xu.\n"
        '"Fast Toy Migration across Hosts" ToyConf24 Ann Lee, Bo Wu,\n'
        "Cy Ma.\n"
        '"Toy Observability for Pools" HCDS23 Cy Ma, Ann Lee.\n'
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.venue.abbr, p.year, p.owner_position, len(p.authors)) for p in pubs] == [
        ("Toy Kernels: Safe Extensions for Toy Systems", "OSDI", 2025, 3, 4),
        ("Fast Toy Migration across Hosts", "ToyConf", 2024, 1, 3),
        ("Toy Observability for Pools", "HCDS", 2023, 2, 2),
    ]
    assert pubs[0].ccf is not None and pubs[0].ccf.rank.value == "A"


def test_a_wrapped_word_between_entries_n_and_n_plus_1_is_no_heading() -> None:
    """ "Conference" and a bold "Award" on lines of their own, between entries 7 and 8: the
    ends of wrapped entries, not sub-headings; the venue keeps its last word."""
    body = (
        '7. Bo Wu, Ann Lee, "Toy Replicas at Scale", Proceedings of the 2009 Winter Toy\n'
        "Conference\n"
        '8. Ann Lee, "Toy Grids", FL-IJCAI 2022, **Innovation**\n'
        "**Award**\n"
        '9. Ann Lee, "Toy Drops" The 35th Conference on Toys (IAAI-23) deployment award\n'
        '10. Ann Lee, "Toy Weights", arXiv:2003.07630\n'
    )
    cv = cv_with(body)
    assert [s.heading for s in cv.sections] == [None, "PUBLICATIONS"]
    pubs = cv.publications
    assert [p.title for p in pubs] == [
        "Toy Replicas at Scale",
        "Toy Grids",
        "Toy Drops",
        "Toy Weights",
    ]
    assert pubs[0].venue.name == "Winter Toy Conference"
    assert [p.year for p in pubs] == [2009, 2022, 2023, 2020]


def test_a_numbered_apa_entry_wrapped_mid_title_stays_one_entry() -> None:
    """The first line of entry 2 ends mid-title ("... in the"); the next line opens with
    Title-Case words and holds a year, yet it goes on with entry 2."""
    body = (
        "1 Ann Lee, Wu, B. (2024). Toy allocators. In ToyConf.\n"
        "2 Ann Lee, Y. C., & Ma, Q. (2023). PAT: Protect Assembled Toys from Being Broken in the\n"
        "Linux Toybox. In Usenix Security (CCF-A). *2023 travel grant.\n"
        "3 Ann Lee, & Xu, D. (2023). Toy kernels. In ToySummit.\n"
    )
    pubs = cv_with(body).publications
    assert [p.title for p in pubs] == [
        "Toy allocators",
        "PAT: Protect Assembled Toys from Being Broken in the Linux Toybox",
        "Toy kernels",
    ]
    assert pubs[1].ccf is not None and pubs[1].ccf.abbr == "USENIX Security"
    assert pubs[1].notes == ["2023 travel grant"]


_ANCHORED_LINES = [
    "[1] Ann Lee, Bo Wu. Fast toy caches for slow toy networks. In ToyConf,",
    "[2] Cy Ma. Toy things.",
    "2024.",
    "pages 1-10, 2023.",
    "Lee, A., Wu, B., & Ma, C. (2023). Learned toy indexes. Toy Letters, 34(2), 100-115.",
    "Bo Wu, Ann Lee, Cy Ma. Slow toys made fast, again and again. ToyConf 2022, pp. 1-9",
    "a wrapped title word",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_ANCHORED_LINES), max_size=8))
def test_a_tagged_list_is_split_as_when_every_line_is_tested_for_a_whole_entry(
    texts: list[str],
) -> None:
    from bilingual_cv.lang import ITEM_START_RE
    from bilingual_cv.lang.dates import YEAR_RE
    from bilingual_cv.lines import Line, RawSection
    from bilingual_cv.publications.split import _is_whole_entry, split_entries
    from bilingual_cv.publications.year import SHORT_YEAR_RE
    from bilingual_cv.schema import SectionKind

    def is_anchor(line: Line) -> bool:
        return line.bullet or ITEM_START_RE.match(line.text) is not None

    def has_year(group: list[Line]) -> bool:
        return any(YEAR_RE.search(ln.text) or SHORT_YEAR_RE.search(ln.text) for ln in group)

    def is_finished(text: str) -> bool:  # a full stop, a closing bracket, a number
        end = text.rstrip()[-1:]
        return not end or end in '.。)）]】"”' or end.isdigit()

    lines = [Line(no, text) for no, text in enumerate(texts, 1)]
    assume(any(is_anchor(line) for line in lines))  # a list with no tag is split by roles
    groups: list[list[Line]] = []
    strays: list[Line] = []
    for line in lines:  # the plain order: the whole-entry test first, on every line
        whole = _is_whole_entry(line.text) and (
            not any(is_anchor(group[0]) for group in groups)
            or (has_year(groups[-1]) and is_finished(groups[-1][-1].text))
        )
        if is_anchor(line) or whole:
            groups.append([line])
        elif groups:
            groups[-1].append(line)
        else:
            strays.append(line)
    section = RawSection(SectionKind.PUBLICATIONS, "P", 1, len(lines), tuple(lines))
    entries, found_strays = split_entries(section)
    assert [list(e.lines) for e in entries] == groups, texts
    assert found_strays == strays, texts


@pytest.mark.parametrize(
    "numbers",
    [range(995, 1006), range(1005, 994, -1), range(1500, 1511), range(12001, 12006)],
    ids=["up-past-999", "down-past-1000", "all-four-digits", "five-digits"],
)
@pytest.mark.parametrize("form", ["[{}]", "[J{}]", "({})", "{}.", "{}、"])
def test_a_list_numbered_past_999_keeps_one_entry_per_number(numbers: range, form: str) -> None:
    body = "\n".join(
        f"{form.format(n)} Bo Wu, Ann Lee. Toy Study Number {n}. In Proc. NSDI {2000 + n % 20}."
        for n in numbers
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, p.owner_position) for p in pubs] == [
        (f"Toy Study Number {n}", 2000 + n % 20, 2) for n in numbers
    ]


def test_bracketed_years_stay_venue_tags_and_a_year_header_opens_no_entry() -> None:
    # years counting down open entries (two of them were read as one before) and stay the
    # entries' venue tags, whose year wins over the venue text's
    counting = "[2021] Bo Wu, Ann Lee. Toy One. NSDI.\n[2020] Ann Lee. Toy Two. In Proc. SOSP 2018."
    assert [(p.title, p.year) for p in cv_with(counting).publications] == [
        ("Toy One", 2021),
        ("Toy Two", 2020),
    ]
    grouped = "[2021]\n[1] Bo Wu, Ann Lee. Toy One. NSDI 2021.\n[2] Ann Lee. Toy Two. SOSP 2021."
    assert [p.title for p in cv_with(grouped).publications] == ["Toy One", "Toy Two"]


def test_title_lines_with_a_venue_column_small_capitals_authors_and_highlights() -> None:
    """Awesome-CV's shape: the title with the venue and year in a right column, the authors
    in small capitals (capitals in the text), and highlights under each entry in bullets."""
    from .conftest import cv_with

    cv = cv_with(
        "Fast Toy Queues for Slow Networks\tNSDI 2023\n"
        "ANN LEE, BO WU, CY MA\n"
        "⋄ Adopted by three toy shops and a toy library\n"
        "⋄ Best toy award of the year\n"
        "Quiet Caches at Scale\tUSENIX ATC 2022\n"
        "BO WU, ANN LEE\n"
        "⋄ The first quiet cache for toy stores\n"
    )
    assert [
        (p.title, p.venue.abbr, p.year, len(p.authors), p.owner_position) for p in cv.publications
    ] == [
        ("Fast Toy Queues for Slow Networks", "NSDI", 2023, 3, 1),
        ("Quiet Caches at Scale", "USENIX ATC", 2022, 2, 2),
    ]


def test_a_list_grouped_under_year_headings_gives_its_entries_those_years() -> None:
    from .conftest import cv_with

    cv = cv_with(
        "2024\n[1] Ann Lee, Bo Wu. Fast toys for slow networks. In Proceedings of NSDI.\n"
        "[2] Ann Lee. Quiet caches. ACM Transactions on Computer Systems.\n\n"
        "2023:\n[3] Bo Wu, Ann Lee. Loud queues. In Proceedings of SOSP.\n"
        "[4] Ann Lee. Toy logs. In Proceedings of OSDI, 2022.\n"
    )
    assert [(p.title, p.year) for p in cv.publications] == [
        ("Fast toys for slow networks", 2024),
        ("Quiet caches", 2024),
        ("Loud queues", 2023),
        ("Toy logs", 2022),
    ]


def test_title_first_entries_with_a_year_column_and_lines_of_link_labels() -> None:
    """A layout PDF text keeps: the title with its year far right, the venue, the authors,
    then a line of link labels ("论文链接", "PDF  Code") that belongs to the entry above."""
    cv = cv_with(
        "Quiet Toy Queues for Crowded Shops" + " " * 24 + "2024\n"
        "NSDI Accepted\n"
        "Ann Lee, Bo Wu, Cy Ma\n"
        "论文链接\n\n"
        "Sharing Small Toys and Large Games in Crowded Rooms: A Study" + " " * 12 + "2023\n"
        "Journal of Toy Studies\n"
        "Bo Wu, Ann Lee and Cy Ma\n"
        "PDF   Code   Slides\n\n"
        "Learned Toy Indexes" + " " * 30 + "2022\n"
        "Workshop on Toy Systems\n"
        "Cy Ma, Ann Lee\n"
        "项目主页\n",
        heading="发表论文",
    )
    assert [(p.title, p.year, p.owner_position, len(p.authors)) for p in cv.publications] == [
        ("Quiet Toy Queues for Crowded Shops", 2024, 1, 3),
        ("Sharing Small Toys and Large Games in Crowded Rooms: A Study", 2023, 2, 3),
        ("Learned Toy Indexes", 2022, 2, 2),
    ]
    assert all("链接" not in (p.venue.raw or "") for p in cv.publications)


def test_a_venue_column_wider_than_a_year_stays_on_its_venue_line() -> None:
    cv = cv_with(
        "[2] Quiet Toys: Sharing Free Data Channels and Security Problems\n"
        "     Ann Lee\n"
        "     M.S. Thesis, Example State University" + " " * 20 + "Springfield, Oct 2016\n"
    )
    (pub,) = cv.publications
    assert pub.title == "Quiet Toys: Sharing Free Data Channels and Security Problems"
    assert pub.authors == ["Ann Lee"] and pub.year == 2016


def test_a_venue_tag_set_right_of_a_title_line_with_spaces_names_the_venue() -> None:
    """Text extracted with its layout keeps a right column as spaces: a title line, then a
    venue tag with its year far to the right, then the author line."""
    gap = " " * 30
    cv = cv_with(
        f"Toy Caches for Slow Networks{gap}NSDI 2023\n"
        "Ann Lee, Bo Wu, and Cy Ma\n"
        "\n"
        f"Learned Toy Schedulers{gap}SOSP'21\n"
        "Bo Wu, Ann Lee\n"
    )
    assert [(p.title, p.venue.abbr, p.year) for p in cv.publications] == [
        ("Toy Caches for Slow Networks", "NSDI", 2023),
        ("Learned Toy Schedulers", "SOSP", 2021),
    ]
    assert [p.authors for p in cv.publications] == [
        ["Ann Lee", "Bo Wu", "Cy Ma"],
        ["Bo Wu", "Ann Lee"],
    ]


def _titles_and_years(body: str) -> list[tuple[str | None, int | None]]:
    return [(p.title, p.year) for p in cv_with(body).publications]


def test_a_wrapped_author_year_list_splits_at_its_author_lists_only() -> None:
    """A PDF's wrapped lines: a continuation that opens with capitalised words ("Objects,
    Components, and Systems") goes on the line above that stopped mid-sentence; an author
    list after a finished short line opens the next entry; an ``&`` ends no entry."""
    body = (
        "Lee, A., Okafor, B., Quist, C., Dray, D., & Hollis, E. (2022). Toy Consensus at\n"
        "    Scale. In Proceedings of the International Conference on Formal Toys for Distributed\n"
        "    Objects, Components, and Systems (FORTE) (pp. 398–406).\n"
        "Lee, A., & Marsh, F. (2021). Learned toy caches for slow networks. In Proceedings\n"
        "    of the ACM SIGMOD Conference (SIGMOD) (pp. 870–882).\n"
        "Strand, G., Vance, H., Lee, A., Ito, J., Kowal, K., Brandt, L., Ferro, M., &\n"
        "    Roe, N. (2020). Toy schedulers revisited. Information Systems, 18(8), 665–683.\n"
        "Ito, J., Lee, A., & Thorne, P. (2019). Sparse toy indexes. IEEE Transactions on\n"
        "    Computers, 25(11), 446–458.\n"
        "Castell, R., Lee, A., Galloway, S., Moravec, T., Pellegrin, U., & Eskola, V.\n"
        "    (2017). Elastic toy stores. In Proceedings of the ACM Symposium on Cloud Computing\n"
        "    (SoCC) (pp. 12–20).\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, len(p.authors), p.owner_position) for p in pubs] == [
        ("Toy Consensus at Scale", 2022, 5, 1),
        ("Learned toy caches for slow networks", 2021, 2, 1),
        ("Toy schedulers revisited", 2020, 8, 3),
        ("Sparse toy indexes", 2019, 3, 2),
        ("Elastic toy stores", 2017, 6, 2),
    ]


def test_blank_lines_between_wrapped_entries_and_a_year_wrapped_alone() -> None:
    body = (
        "Ann Lee, Bo Wu, and Cy Ma. Toy schedulers for slow networks. In International\n"
        "Conference on Field-Programmable Toys and Applications (FPT),\n"
        "2022.\n\n"
        "Di Xu and Ann Lee. Learned toy caches: Verified and decentralized toy serving for\n"
        "multi-tenant toy centers under tight memory budgets. In ACM International Conference on\n"
        "Multimodal Toys (ICMT), 2021.\n\n"
        "Ann Lee. Sparse toy indexes. Journal of Toy Studies (JTS), 2020.\n"
    )
    assert _titles_and_years(body) == [
        ("Toy schedulers for slow networks", 2022),
        (
            (
                "Learned toy caches: Verified and decentralized toy serving for multi-tenant toy"
                " centers under tight memory budgets"
            ),
            2021,
        ),
        ("Sparse toy indexes", 2020),
    ]


def test_a_year_alone_below_an_entry_is_its_own_not_a_year_heading() -> None:
    """A right-column year set after a wide gap, or on a line of its own when the entry's
    last line was full: the entry's year, not a heading over the next entries."""
    body = (
        "Ann Lee, Bo Wu. Toy schedulers for slow networks. International Conference on\n"
        "Algorithmic Toy Theory (ATT).            2014\n"
        "Di Xu, Ann Lee, Cy Ma. Learned toy caches for slow networks. ACM International\n"
        "Conference on Mobile Toys and Networking (MobiToy).\n"
        "2012\n"
        "Ann Lee, Eve Ng. Sparse toy indexes for large toy stores. Journal of Toy Studies.\n"
        "2011\n"
    )
    assert _titles_and_years(body) == [
        ("Toy schedulers for slow networks", 2014),
        ("Learned toy caches for slow networks", 2012),
        ("Sparse toy indexes for large toy stores", 2011),
    ]


def test_year_headings_above_their_entries_still_group_them() -> None:
    body = (
        "2024\n"
        "Ann Lee, Bo Wu. Toy schedulers for slow networks. Journal of Toy Studies.\n"
        "Ann Lee. Learned toy caches. In Proceedings of the Toy Conference.\n"
        "2022\n"
        "Di Xu, Ann Lee. Sparse toy indexes. Toy Letters.\n"
    )
    assert _titles_and_years(body) == [
        ("Toy schedulers for slow networks", 2024),
        ("Learned toy caches", 2024),
        ("Sparse toy indexes", 2022),
    ]


def test_a_bracket_closed_early_in_an_entry_does_not_end_it() -> None:
    """``Lindqvist, A. (2018). Title ... (WSDM)`` wrapped before its pages: the year's
    bracket closed on the first line, so the venue's bracket at a line's end does not close
    a bracketed entry (``Title(Venue, 2023)``); the pages go on the entry."""
    body = (
        "Marsh, Z., Wu, B., & Lee, A. (2021). Scalable toy stream processing via symbolic toys. In\n"
        "Proceedings of the International Conference on Formal Toys and Distributed Objects (FORTE)\n"
        "(pp. 398–406).\n"
        "Lindqvist, A. (2018). Toy repair meets toy queries: An empirical study of near-optimal toy networks.\n"
        "In Proceedings of the ACM International Conference on Web Search and Data Mining (WSDM)\n"
        "(pp. 366–384).\n"
        "Ito, F., Lin, X., & Lee, A. (2013). Accelerating toy consensus with symbolic execution. In\n"
        "Proceedings of the Symposium on Toy Principles (STP) (pp. 1–9).\n"
    )
    lines = clean_text(body).lines
    entries, strays = split_entries(RawSection(SectionKind.PUBLICATIONS, "P", 1, 8, lines))
    assert [len(entry.lines) for entry in entries] == [3, 3, 2] and not strays
    assert entries[1].lines[-1].text == "(pp. 366–384)."


def test_an_author_list_that_fills_a_wrapped_line_waits_for_its_title() -> None:
    body = (
        "Ann Lee. Can toy switches make toy detection near-optimal? International Journal of\n"
        "Computational Toys and Applications (IJCTA), 2024.\n"
        "Freya Wexley, Ugo Strand, Nils Marsh, and Ann Lee. Toy processing meets federated toys: An\n"
        "empirical study of learned multi-tenant toy centers. Journal of Toy Informatics (JTI), 2019.\n"
        "Sunna Moravec, Ann Lee, Jia Liu, Nils Castell, Gus Ibarra, Elin Ibarra, and Xiaodong Hu.\n"
        "On the limits of decentralized toy caching. In Graphics Toy Interface (GTI), 2022.\n"
        "Bo Wu and Ann Lee. Stream toys meet model toys: An empirical study of adaptive sparse\n"
        "toy graphs. Decision Toy Systems (DTS), 2012.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, len(p.authors)) for p in pubs] == [
        ("Can toy switches make toy detection near-optimal?", 2024, 1),
        (
            "Toy processing meets federated toys: An empirical study of learned multi-tenant toy centers",
            2019,
            4,
        ),
        ("On the limits of decentralized toy caching", 2022, 7),
        ("Stream toys meet model toys: An empirical study of adaptive sparse toy graphs", 2012, 2),
    ]


def test_a_title_wrapped_mid_sentence_over_its_authors_keeps_its_second_line() -> None:
    """A title over its authors and venue, wrapped after ``under``: the next line is the
    rest of the title, though its capitalised words could be read as names."""
    body = (
        "ToyFlow: Fine-grained toy streams for tiered storage with programmable switches under\n"
        "Tight Memory Budgets and Bursty Workloads\n"
        "Ann Lee, Bo Wu\n"
        "In International Conference on Toys (ICT), 2022\n"
        "Learned Toy Caches\n"
        "Cy Ma, Ann Lee\n"
        "Journal of Toy Studies, vol. 3, 2021\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.owner_position, len(p.authors)) for p in pubs] == [
        (
            (
                "ToyFlow: Fine-grained toy streams for tiered storage with programmable switches"
                " under Tight Memory Budgets and Bursty Workloads"
            ),
            1,
            2,
        ),
        ("Learned Toy Caches", 2, 2),
    ]


def _line_counts(body: str) -> list[int]:
    lines = clean_text(body).lines
    entries, strays = split_entries(RawSection(SectionKind.PUBLICATIONS, "P", 1, len(lines), lines))
    assert not strays
    return [len(entry.lines) for entry in entries]


def test_each_year_heading_opens_an_entry_of_a_wrapped_grouped_list() -> None:
    body = (
        "2022\n"
        "An Wang, Hana Galloway, Ivo Moravec, Tao He, Zhiqiang He. Toyflow:\n"
        "Low-latency and verified toy structures for heterogeneous toy\n"
        "clusters under tight toy budgets. Journal of Toy Security (JTS).\n"
        "2021\n"
        "Delphine Lindqvist, Tove Ruiz-Soto, Hana Galloway, An Liu. On the\n"
        "limits of zero-copy toy injection. Computational Toys: Theory and\n"
        "Applications (CTTA).\n"
        "Chen Yang, Yuri Lomax, Hana Galloway. On the limits of verified\n"
        "toy structures. Symposium on Foundations of Toy Science (FOTS).\n"
        "2020\n"
        "Hana Galloway, Lior Varga, Anselm Kowal, Freya Moravec. Toykv:\n"
        "Large-scale toy generation for autonomous toys. Toy Systems Design\n"
        "and Implementation (TSDI).\n"
    )
    assert _line_counts(body) == [3, 3, 2, 3]
    assert [p.year for p in cv_with(body).publications] == [2022, 2021, 2021, 2020]


def test_years_alone_in_a_list_with_a_right_column_of_years_are_the_entries_own() -> None:
    body = (
        "Kemal Roe. Near-optimal toy scheduling via knowledge distillation. Computer Aided\n"
        "Toy Design (CATD).\n"
        "2021\n"
        "Kemal Roe. On the limits of verified toy classification. ACM Transactions on Toy\n"
        "Systems and Technology (TTST).            2025\n"
        "Kemal Roe, Zihan Wu, Xiaodong Yang. Robust federated toys via programmable toy\n"
        "switches. IEEE International Conference on Pervasive Toys (PerToy).\n"
        "2019\n"
    )
    assert _line_counts(body) == [3, 2, 3]
    assert [p.year for p in cv_with(body).publications] == [2021, 2025, 2019]


def test_a_title_with_its_author_list_wrapped_after_a_comma_opens_the_next_entry() -> None:
    """A title running into its authors, the list wrapped after a comma: the wrapped line is
    the entry's authors, so the next title line opens the next entry."""
    body = (
        "Quillwork: Gentle Toy Scheduling for Layered Toy Meshes Ann Lee,\n"
        "Bo Wu, Cy Ma, Di Xu, Eve Ng arXiv preprint, in\n"
        "submission\n"
        "Pebblecast: Toward Steady Toy Delivery at Scale Kai Zhu, Yi Zhao,\n"
        "Ann Lee, Gus Zuo, Yi Gu, Dan Xie arXiv preprint, in\n"
        "submission\n"
        "Folded Ring Layouts for Toy Exchanges\n"
        "Ann Lee, Sid Pal, Tap Chugh\n"
        "USENIX Symposium on Networked Systems Design and Implementation (NSDI '25)\n"
    )
    assert _line_counts(body) == [3, 3, 3]


def test_a_margin_year_printed_once_for_a_group_of_entries() -> None:
    # moderncv prints a year in the left margin once for the group of entries it dates; the
    # entries after the first carry no label, each takes its group's year, and the next
    # group's first entry stays whole (one line each as text gives it, wrapped as a PDF does)
    one_line = (
        "2021  Jane Roe, Kim Poe. Mining text at scale. In ACL.\n"
        "      Jane Roe. Fast joins on GPUs. In SIGMOD.\n"
        "2020  Jane Roe, Ann Lee. Sparse trees for graphs. In VLDB.\n"
        "      Kim Poe, Jane Roe. Robust caching at the edge. In OSDI.\n"
        "2019  Jane Roe. Learned indexes revisited. In SIGMOD.\n"
    )
    wrapped = (
        "2021 Jane Roe, Kim Poe, Ugo Lind, Tove Marsh, Bo Ferro. Mining\n"
        "text at scale with sparse sketches. In ACL.\n"
        "Jane Roe, Ivo Dray. Fast joins on GPUs. In SIGMOD.\n"
        "2020 Jane Roe, Ann Lee. Sparse trees for graphs. In VLDB.\n"
        "Kim Poe, Jane Roe, Pia Quist, Odile Brandt, Nils Varga. Robust\n"
        "caching at the edge. In OSDI.\n"
        "2019 Jane Roe. Learned indexes revisited. In SIGMOD.\n"
    )
    for body in (one_line, wrapped):
        pubs = cv_with(body, name="Jane Roe").publications
        assert [(p.title.split()[0], p.year, p.venue.abbr) for p in pubs] == [
            ("Mining", 2021, "ACL"),
            ("Fast", 2021, "SIGMOD"),
            ("Sparse", 2020, "VLDB"),
            ("Robust", 2020, "OSDI"),
            ("Learned", 2019, "SIGMOD"),
        ]


def test_a_left_column_of_venues_with_full_years_opens_entries() -> None:
    # a two-column table of tags and citations (``SIGMOD 2021`` | the citation), as a PDF's
    # text layer gives it: the tag, a tab for the column gap, the citation wrapping under it
    body = (
        "SIGMOD 2021\tJane Roe, Kim Poe. Mining text at scale. In ACM SIGMOD Conference.\n"
        "VLDB 2020\tJane Roe, Ann Lee, Bo Ferro, Ugo Lind, Pia Quist, Tove Marsh. Sparse trees\n"
        "for graphs with learned indexes. In International Conference on Very Large Data Bases.\n"
        "USENIX ATC 2019\tKim Poe, Jane Roe. Robust caching at the edge. In USENIX Annual\n"
        "Technical Conference.\n"
    )
    pubs = cv_with(body, name="Jane Roe").publications
    assert [(p.title, p.year, p.venue.abbr, len(p.authors)) for p in pubs] == [
        ("Mining text at scale", 2021, "SIGMOD", 2),
        ("Sparse trees for graphs with learned indexes", 2020, "VLDB", 6),
        ("Robust caching at the edge", 2019, "USENIX ATC", 2),
    ]


def test_a_single_author_line_naming_the_owner_closes_a_title_first_entry() -> None:
    # awesome-cv prints a bold title with the venue right-aligned, then the authors; a paper
    # by its owner alone has one name there, the name every other entry's author list holds
    body = (
        "Towards Verified Congestion Control in Mobile Devices\tECCV 2025\n"
        "Gus Ito, Wren Vance, Mira Okafor, Bo Dray, Freya Okafor\n"
        "Adaptive Load Balancing via LLM Agents\tACL 2024\n"
        "Wren Vance\n"
        "Graph partitioning meets key-value stores: An empirical study of verified mobile\tCoNLL 2020\n"
        "devices\n"
        "Wren Vance, Bo Chen, Zhiqiang He, Freya Moravec, Pia Wexley\n"
        "Learned Caching for Edge Clouds\tNSDI 2019\n"
        "Bo Chen, Wren Vance\n"
    )
    pubs = cv_with(body, name="Wren Vance").publications
    assert [(p.title.split()[0], p.year, p.venue.abbr, p.owner_position) for p in pubs] == [
        ("Towards", 2025, "ECCV", 2),
        ("Adaptive", 2024, "ACL", 1),
        ("Graph", 2020, "CoNLL", 1),
        ("Learned", 2019, "NSDI", 2),
    ]


def test_a_margin_year_before_the_entry_numbers_of_its_group() -> None:
    # a year printed once in a left margin for a group of numbered entries, which a PDF's
    # text layer puts before the number ("2022 [1] ..."): the numbers still open the entries,
    # the year is no part of the authors, and the entries under it keep their own years
    body = (
        "2022 [1] 何晨*, 高涛, 赵明轩. 面向深度强化学习的流量调度方法及其应用[J]. 软件学报,\n"
        "2022, 41(2): 810-818.\n"
        "[2] 吴伟, 何晨*. 面向对比学习的语义分割方法综述[J]. 计算机学报, 2022, 47(7): 18-37.\n"
        "2021 [3] 何晨*. 基于对比学习的语义分割方法研究[J]. 自动化学报, 2021, 35(7):\n"
        "652-663.\n"
        "2020 [4] He C*, Zhao N, Wang X. Taming load balancing with program synthesis[J].\n"
        "IEEE Transactions on Software Engineering, 2020, 29(4): 673-691.\n"
    )
    pubs = cv_with(body, name="何晨", heading="发表论文").publications
    assert [(p.title[:6], p.year, len(p.authors), p.owner_position) for p in pubs] == [
        ("面向深度强化", 2022, 3, 1),
        ("面向对比学习", 2022, 2, 2),
        ("基于对比学习", 2021, 1, 1),
        ("Taming", 2020, 3, 1),
    ]


def test_a_single_author_written_with_an_initial_is_no_abbreviated_journal() -> None:
    """``J. Quill-Rowe`` alone on a line (a paper of one author, authors / title / venue
    lines) reads as a name, not as a journal abbreviated ``J.``: the entries keep their own
    venue lines instead of each opening with the venue above it."""
    body = (
        "J. Quill-Rowe\n"
        '"Fictional Caches for Toy Machines"\n'
        "International Joint Conference on Neural Networks (IJCNN), 2023.\n"
        "J. Quill-Rowe, A. Lee, B. Wu\n"
        '"Pretend Paging at Scale"\n'
        "Journal of Toy Computing, 2021.\n"
        "A. Lee, J. Quill-Rowe\n"
        '"Imaginary Queues Revisited"\n'
        "Journal of Toy Computing, 2019.\n"
    )
    pubs = cv_with(body, name="Jo Quill-Rowe").publications
    assert [(p.title, len(p.authors), p.owner_position, p.year) for p in pubs] == [
        ("Fictional Caches for Toy Machines", 1, 1, 2023),
        ("Pretend Paging at Scale", 3, 1, 2021),
        ("Imaginary Queues Revisited", 2, 2, 2019),
    ]


TOYNET = "TOYNET: Energy-Efficient and Fine-Grained Toy Resolution for Imaginary Vehicles"


def test_a_quoted_title_that_wraps_goes_on_until_its_closing_quote() -> None:
    """Authors / "title" / venue lines, a long quoted title wrapped before a capitalized
    word: the line after the open quote is the title's rest, not a new entry."""
    body = (
        "K. Quill*, D. Brandt, D. Lindqvist\n"
        '"TOYNET: Energy-Efficient and Fine-Grained Toy Resolution for Imaginary Vehicles with\n'
        'Pretend Kernels under Tight Memory Budgets"\n'
        "Journal of Global Optimization (JGO), 2026.\n"
        "I. Eskola, K. Quill*\n"
        "“Toy caching for sparse graphs of imaginary\n"
        "Machines”\n"
        "International Journal of Computer Vision (IJCV), 2025.\n"
    )
    pubs = cv_with(body, name="Kay Quill").publications
    assert [(p.title, len(p.authors), p.year) for p in pubs] == [
        (f"{TOYNET} with Pretend Kernels under Tight Memory Budgets", 3, 2026),
        ("Toy caching for sparse graphs of imaginary Machines", 2, 2025),
    ]


def test_a_line_that_closes_a_wrapped_quote_opens_nothing_after_it() -> None:
    """MLA entries wrapped inside the quoted title: the line that closes the quote holds an
    odd number of quotes too, and the next entry still opens on its own line."""
    body = (
        'Lee, Ann, and Bo Wu. "Fictional Caches for Toy Machines under Very Tight Memory\n'
        'Budgets." Journal of Toy Computing, vol. 3, no. 2, 2023, pp. 1-9.\n'
        'Wu, Bo, et al. "Pretend Paging for Imaginary Machines at Scale." Journal of Toy\n'
        "Computing, vol. 2, no. 1, 2021, pp. 10-19.\n"
        'Lee, Ann. "Imaginary Queues Revisited." Journal of Toy Computing, vol. 1, no. 1,\n'
        "2019, pp. 5-9.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year) for p in pubs] == [
        ("Fictional Caches for Toy Machines under Very Tight Memory Budgets", 2023),
        ("Pretend Paging for Imaginary Machines at Scale", 2021),
        ("Imaginary Queues Revisited", 2019),
    ]


def test_alphabetic_labels_open_the_entries_of_their_list() -> None:
    """bibtex ``alpha`` and biblatex ``alphabetic`` label each entry with letters of its
    authors' names, a ``+`` for more, and the year's two digits (``[Lee+21a]``); a label
    that is a catalog venue's tag (``[KDD21]``) stays a venue tag."""
    body = (
        "[LWM19]\tAnn Lee, Bo Wu, and Cy Ma. Fictional caching at toy scale. In Proceedings of\n"
        "the ACM Symposium on Operating Systems Principles (SOSP), pages 1–12, 2019.\n"
        "[Lee+21a] Ann Lee, Bo Wu, Cy Ma, and Di Xu. Pretend paging for imaginary machines.\n"
        "ACM Transactions on Computer Systems, 39(2):1–20, 2021.\n"
        "[Lee21b] Ann Lee. Make-believe schedulers. In Proceedings of the USENIX Symposium on\n"
        "Networked Systems Design and Implementation (NSDI), pages 5–9, 2021.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.venue.abbr, p.year, len(p.authors), p.owner_position) for p in pubs] == [
        ("Fictional caching at toy scale", "SOSP", 2019, 3, 1),
        ("Pretend paging for imaginary machines", "TOCS", 2021, 4, 1),
        ("Make-believe schedulers", "NSDI", 2021, 1, 1),
    ]


def test_a_venue_line_whose_name_reads_as_names_opens_no_entry() -> None:
    """A venue line in small type under the title and authors wraps before its short name;
    its words after ``Conference on`` read as names ("Imaginary Agents and Pretend Systems"),
    but words that go on a venue's name are no author list, so the line is the venue's."""
    body = (
        "Fictional Caching for Imaginary Clusters\n"
        "Bo Wu, Ann Lee\n"
        "In International Joint Conference on Imaginary Agents and Pretend Systems\n"
        "(IAPS), 2021.\n"
        "Pretend Paging at Toy Scale\n"
        "Ann Lee, Cy Ma\n"
        "In Proceedings of the Conference on Natural Toy Processing and Chinese Puzzles\n"
        "(NTPCP), 2019.\n"
        "Make-Believe Schedulers\n"
        "Di Xu, Ann Lee\n"
        "Journal of Toy Computing, vol. 2, 2018.\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, p.owner_position, p.kind.value) for p in pubs] == [
        ("Fictional Caching for Imaginary Clusters", 2021, 2, "conference"),
        ("Pretend Paging at Toy Scale", 2019, 1, "conference"),
        ("Make-Believe Schedulers", 2018, 2, "journal"),
    ]
    assert (pubs[0].venue.abbr, pubs[0].venue.name) == (
        "IAPS",
        "International Joint Conference on Imaginary Agents and Pretend Systems",
    )


def test_a_right_column_of_two_words_one_space_after_a_bold_title() -> None:
    """awesome-cv sets a date or a venue tag right-aligned beside the bold title; a title that
    nearly reaches it leaves one space in the PDF's text, and the column may be a month and
    year (``Mar. 2015``) or a tag of two words (``PACM PL 2014``): the bold ends the title."""
    body = (
        "**Fictional Caching for Imaginary Clusters at Toy Scale** Mar. 2015\n"
        "Bo Wu, Ann Lee*, Cy Ma\n"
        "Journal of Toy Computing, vol. 4\n"
        "**Pretend Paging for Make-Believe Machines**\tFeb. 2012\n"
        "Ann Lee*, Di Xu\n"
        "Journal of Imaginary Systems, vol. 55\n"
        "**Toy Queues at Scale: An Empirical Study of Imaginary Workloads** PACM PL 2011\n"
        "Di Xu, Ann Lee*\n"
        "Proceedings of the ACM on Programming Languages, vol. 3\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, p.owner_position) for p in pubs] == [
        ("Fictional Caching for Imaginary Clusters at Toy Scale", 2015, 2),
        ("Pretend Paging for Make-Believe Machines", 2012, 1),
        ("Toy Queues at Scale: An Empirical Study of Imaginary Workloads", 2011, 2),
    ]


TANGLEFREE = (
    "Tanglefree: Near-Optimal and Scalable String Control for Paper Kites with Gusty Winds"
    " under Tight Budgets"
)
KITEBRAKE = (
    "Kitebrake: Learned and Decentralized Lift Control for Paper Kites with Gusty Winds"
    " under Tight Budgets"
)


def test_a_bold_venue_line_opens_every_entry_and_a_year_run_into_a_long_title_is_its_column() -> (
    None
):
    """moderncv banking sets each entry as a bold venue line, the title with its year
    right-aligned, then the authors. A title that reaches the year runs into it (no gap:
    ``…Budgets2021``), and a sole author in bold is no venue line."""
    body = (
        "**Proc. Symposium on Toy Systems (TOYS)**\n"
        "Fast paths for slow kites\t2024\n"
        "Ann Lee, Bo Wu, and Cy Ma\n"
        "**Proc. International Conference on Kite Safety and Tangle Control (KiteSafe)**\n"
        "Tanglefree: Near-Optimal and Scalable String Control for Paper Kites with Gusty Winds"
        " under Tight Budgets2021\n"
        "**Ann Lee**\n"
        "**Journal of Toy Kites, vol. 12**\n"
        "Kitebrake: Learned and Decentralized Lift Control for Paper Kites with Gusty Winds under"
        " Tight Budgets2017\n"
        "Fay Zhu, Gil Ito, and Ann Lee\n"
        "**Toy Kites Review, vol. 3**\n"
        "String tension at scale\t2016\n"
        "Ann Lee\n"
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year, p.venue.name) for p in pubs] == [
        ("Fast paths for slow kites", 2024, "Symposium on Toy Systems"),
        (
            TANGLEFREE,
            2021,
            "International Conference on Kite Safety and Tangle Control",
        ),
        (
            KITEBRAKE,
            2017,
            "Journal of Toy Kites",
        ),
        ("String tension at scale", 2016, "Toy Kites Review"),
    ]
    assert [len(p.authors) for p in pubs] == [3, 1, 3, 1]


@pytest.mark.parametrize("mark", ["- ", ""])
@pytest.mark.parametrize("gap", ["\n", ""])
def test_an_unnumbered_patent_list_printed_number_first_splits_at_each_number(
    mark: str, gap: str
) -> None:
    """Bulleted or plain, blank lines between items or none: in a list that opens with a
    line holding only a patent's number (and a date), each such line opens an item, and the
    title under it, in capitals or not, is that item's, never a heading."""
    column = " " * 30
    body = (
        f"{mark}US 10234567 B2{column}Oct 2019\n  Toy kite launcher with adjustable tension\n{gap}"
        f"{mark}KR 10-2021-0123456{column}Nov 2021\n  ANTI-TANGLE SYSTEM FOR KITE STRINGS\n{gap}"
        f"{mark}KR 10-2020-0123457\n  Kite reel with two spools\n"
    )
    cv = cv_with(body, name="Jane Kiteflyer", heading="PATENTS")
    assert [(s.key.value, s.heading) for s in cv.sections][1:] == [("patents", "PATENTS")]
    assert [(p.title, p.year, p.venue.raw) for p in cv.publications] == [
        ("Toy kite launcher with adjustable tension", 2019, "US 10234567 B2, Oct 2019"),
        ("ANTI-TANGLE SYSTEM FOR KITE STRINGS", 2021, "KR 10-2021-0123456, Nov 2021"),
        ("Kite reel with two spools", 2020, "KR 10-2020-0123457"),
    ]


def test_a_wrapped_line_opening_with_a_number_written_unlike_the_lists_numbers_opens_nothing() -> (
    None
):
    """A list numbered ``[n]`` whose line wraps before ``11. Springfield, 2024: 1-2`` (a
    session code ``AD-11``, a page, a volume): a number written another way is the rest of
    the line above, not the next entry."""
    body = "".join(
        f"[{n}] LEE A, WU B*. Toy kite number {n} in gusty winds[C]//2024 IEEE International\n"
        f"Toy Conference (TOYCON): AD-{n:02d}. Springfield, USA, 2024: 1-2.\n"
        for n in range(1, 5)
    ) + (
        "[5] LEE A, WU B*. Toy kite number 5 in gusty winds[C]//2024 IEEE International Toy"
        " Conference (TOYCON): AD-\n11. Springfield, USA, 2024: 1-2.\n"
    )
    pubs = cv_with(body, name="LEE A").publications
    assert len(pubs) == 5
    assert pubs[-1].raw.endswith("11. Springfield, USA, 2024: 1-2.")


def test_a_title_line_holding_a_venues_abbreviation_is_no_venue_line() -> None:
    """``Analysis of IoT Toys`` holds IoT (a journal's abbreviation) inside a title: the
    numbered entry's first line stays its title, wrapped onto the next line, with the
    sole author and the thesis under it."""
    body = (
        "[1] Improving Large-Scale Fault Analysis of IoT Toys with Heuristics\n"
        "    and Binary Kite Similarity\n"
        "    Ann Lee\n"
        "    Ph.D. Thesis, Toy University                      Springfield, Toyland, Feb 2022\n"
        "[2] Fast toys for slow kites in gusty winds\n"
        "    Ann Lee, Bo Wu\n"
        "    IEEE Internet of Things Journal (IoT-J)                         Jul 2021\n"
    )
    pubs = cv_with(body).publications
    assert [p.title for p in pubs] == [
        (
            "Improving Large-Scale Fault Analysis of IoT Toys with Heuristics and Binary Kite Similarity"
        ),
        "Fast toys for slow kites in gusty winds",
    ]
    assert pubs[1].venue.abbr is not None and "IoT" in pubs[1].venue.abbr


def test_a_list_of_titles_alone_is_one_paper_per_title() -> None:
    """Selected papers listed by their titles alone, one a line, a long one wrapped after a
    word that runs on: each title is a paper."""
    body = (
        "Effects of toy additions on the low temperature lift of paper kites\n"
        "A study of string tension in toy kites at scale and of the knots that\n"
        "hold them\n"
        "纸风筝在阵风中的升力特性研究\n"
    )
    titles = [p.title for p in cv_with(body).publications]
    assert titles == [
        "Effects of toy additions on the low temperature lift of paper kites",
        "A study of string tension in toy kites at scale and of the knots that hold them",
        "纸风筝在阵风中的升力特性研究",
    ]


def test_an_author_list_wrapped_after_a_comma_goes_on_with_and_before_its_title() -> None:
    # "and Gus Pym" reads as a title line by itself; after "Fay Oh," it is the list's end
    body = (
        "Ann Lee, Bo Wu, Cy Ma, Di Xu, Eve Ng, Fay Oh,\nand Gus Pym\nQuiet Kites for Windy Fields\n"
        "NSDI 2023\nBo Wu and Ann Lee\nPaper Boats at Scale\nOSDI 2022\n"
        "Ann Lee, Cy Ma\nLearned Toy Caches\nSOSP 2021"
    )
    pubs = cv_with(body).publications
    assert [(p.title, len(p.authors), p.year) for p in pubs] == [
        ("Quiet Kites for Windy Fields", 7, 2023),
        ("Paper Boats at Scale", 2, 2022),
        ("Learned Toy Caches", 2, 2021),
    ]


def test_in_a_list_parted_by_blank_lines_an_undated_entry_goes_on_to_its_year() -> None:
    # "Graphs", the end of a wrapped title, opens no entry before the venue line and its year
    body = (
        "Bo Wu and Ann Lee\nQuiet Kites for Windy Fields: An Empirical Study of Sparse\nGraphs\n"
        "NSDI 2023\n\nAnn Lee, Cy Ma\nPaper Boats at Scale\nOSDI 2022\n\n"
        "Cy Ma and Ann Lee\nLearned Toy Caches\nSOSP 2021"
    )
    pubs = cv_with(body).publications
    assert [(p.title, len(p.authors), p.year) for p in pubs] == [
        ("Quiet Kites for Windy Fields: An Empirical Study of Sparse Graphs", 2, 2023),
        ("Paper Boats at Scale", 2, 2022),
        ("Learned Toy Caches", 2, 2021),
    ]


def test_an_mla_line_opens_an_entry_when_its_venue_holds_a_longer_run_of_name_like_words() -> None:
    # "Wireless Toys and Mobile Kites" reads as two names, more than the one that opens the
    # line: the line still opens with its author list, closed before a quoted title
    body = (
        'Lee, Ann and Bo Wu. "Quiet Kites for Windy Fields." Proceedings of the Toy Conference, 2021, pp. 1-9.\n'
        'Lee, Ann, et al. "Paper Boats for Calm Lakes." Wireless Toys and Mobile Kites, vol. 8, no. 5, 2019,'
        " pp. 34-44.\n"
        'Ma, Cy, and Ann Lee. "Learned Toy Caches." Journal of Toy Science, vol. 9, no. 1, 2020, pp. 5-9.'
    )
    pubs = cv_with(body).publications
    assert [(p.title, p.year) for p in pubs] == [
        ("Quiet Kites for Windy Fields", 2021),
        ("Paper Boats for Calm Lakes", 2019),
        ("Learned Toy Caches", 2020),
    ]
