"""Awards and list sections: talk and service shapes, sub-list titles, stray dates."""

from __future__ import annotations

import random
import re
import time

import pytest

from bilingual_cv.clean import clean_text
from bilingual_cv.entries.items import _strip_year, parse_awards, parse_items
from bilingual_cv.lines import RawSection
from bilingual_cv.schema import Lang, SectionKind


def _section(text: str, key: SectionKind, lang: Lang = "en") -> RawSection:
    lines = clean_text(text).lines
    return RawSection(key, key.value, 1, len(lines), lines, lang)


def test_awards_title_issuer_year_and_two_line_award() -> None:
    text = "- Rising Stars, MLCommons, 2023\n- NSF CAREER Award\t2023\nOutstanding Graduates\nDept. of CS, Some University, 2024"
    awards, strays = parse_awards(_section(text, SectionKind.AWARDS))
    assert [(a.title, a.issuer, a.year) for a in awards] == [
        ("Rising Stars", "MLCommons", 2023),
        ("NSF CAREER Award", None, 2023),
        ("Outstanding Graduates", "Dept. of CS, Some University", 2024),
    ]
    assert strays == []


def test_awards_date_only_line_is_returned_as_stray() -> None:
    # seed 000: "Dec. 2021 - Dec. 2022" landed among the awards
    awards, strays = parse_awards(
        _section(
            "Olympiad in Informatics 2018, bronze medal\nChina, 2018\nDec. 2021 - Dec. 2022",
            SectionKind.AWARDS,
        )
    )
    assert [(a.title, a.issuer, a.year) for a in awards] == [
        ("Olympiad in Informatics 2018, bronze medal", "China", 2018)
    ]
    assert [s.text for s in strays] == ["Dec. 2021 - Dec. 2022"]


def test_awards_zh_era_year() -> None:
    awards, _ = parse_awards(
        _section("• 某某学会 优秀青年工程师奖,民国111年", SectionKind.AWARDS, "zh")
    )
    assert awards[0].year == 2022


def test_talks_title_then_bulleted_venues() -> None:
    # seed 003 layout: an unmarked talk title, then bulleted venues
    text = (
        "Learned Prefetching for Far Memory\n• Rice University (CS Department)\n• USENIX OSDI 2021"
    )
    items, _ = parse_items(_section(text, SectionKind.TALKS))
    assert [(i.text, i.venue, i.year) for i in items] == [
        (
            "Learned Prefetching for Far Memory — Rice University (CS Department)",
            "Rice University (CS Department)",
            None,
        ),
        ("Learned Prefetching for Far Memory — USENIX OSDI", "USENIX OSDI", 2021),
    ]
    assert items[1].ccf is not None and items[1].ccf.rank.value == "A"
    assert all(i.raw.startswith("Learned Prefetching") for i in items)


def test_talks_bulleted_title_then_dated_venues() -> None:
    # seed 004: "• Towards ... Networking." then "- Rice University<TAB>Nov 2023"
    text = "• Towards Manageable Host Networking.\n- Rice University\tNov 2023\n- Georgetown University\tNov 2023\n• Another Talk.\n- ACM SIGCOMM\tAug 2017"
    items, _ = parse_items(_section(text, SectionKind.TALKS))
    assert [(i.venue, i.date) for i in items] == [
        ("Rice University", "2023-11"),
        ("Georgetown University", "2023-11"),
        ("ACM SIGCOMM", "2017-08"),
    ]
    assert items[2].text == "Another Talk — ACM SIGCOMM"


def test_talks_title_venue_date_on_three_lines() -> None:
    # seed 001: title / venue / date, blank-line separated
    items, _ = parse_items(
        _section(
            "A Talk Title\nSome Symposium, Some University\n\nOctober, 2023", SectionKind.TALKS
        )
    )
    assert [(i.text, i.date) for i in items] == [
        ("A Talk Title — Some Symposium, Some University", "2023-10")
    ]


def test_service_one_item_per_venue_with_sublist_role() -> None:
    # seed 004: "Technical Program Committee" / "- 2024: APNET, CoNEXT, NSDI, SIGMOD"
    text = "## Organizer\n- 2022: Co-Chair of SIGCOMM Artifact Evaluation Committee\n## Technical Program Committee\n- 2024: CoNEXT, NSDI"
    items, _ = parse_items(_section(text, SectionKind.SERVICE))
    assert [(i.role, i.venue, i.year, i.ccf.rank.value if i.ccf else None) for i in items] == [
        ("Co-Chair", "SIGCOMM", 2022, "A"),
        ("Technical Program Committee", "CoNEXT", 2024, "B"),
        ("Technical Program Committee", "NSDI", 2024, "A"),
    ]
    assert items[1].raw == items[2].raw


def test_service_zh_role_word() -> None:
    items, _ = parse_items(_section("• 审稿委员:IEEE TPDS", SectionKind.SERVICE, "zh"))
    assert [(i.role, i.venue) for i in items] == [("审稿委员", "TPDS")]


def test_mentoring_sublist_title_is_role() -> None:
    text = "### Current PhD Students\n- Student One\n- Student Two (with Someone)\n#### Past Master Students\n- Student Three (2022), Some University"
    items, _ = parse_items(_section(text, SectionKind.MENTORING))
    assert [(i.text, i.role, i.year) for i in items] == [
        ("Student One", "Current PhD Students", None),
        ("Student Two (with Someone)", "Current PhD Students", None),
        ("Student Three (2022), Some University", "Past Master Students", 2022),
    ]


def test_teaching_season_year() -> None:
    items, _ = parse_items(
        _section(
            "- Spring 2024: Introduction to Computer Systems (CompSci 210)", SectionKind.TEACHING
        )
    )
    assert (items[0].year, items[0].date) == (2024, "2024")


def test_unreadable_year_warns() -> None:
    _, warnings = parse_items(_section("• Reviewer: IEEE INFOCOM 2023/2024", SectionKind.SERVICE))
    assert [w.code for w in warnings] == ["date_unparsed"]


def test_projects_dated_heads_over_bullets_are_one_item_each() -> None:
    # Jake's Resume: "Gitlytics | Python, Flask<TAB>June 2020 – Present" then bullets
    text = "Gitlytics | Python, Flask, React\tJune 2020 – Present\n• Built a web app\n• Wrote a REST API\nPaintball | Java, Maven\tMay 2018 – May 2020\n• Wrote a plugin"
    items, _ = parse_items(_section(text, SectionKind.PROJECTS))
    assert [(i.text, i.year, i.date) for i in items] == [
        ("Gitlytics | Python, Flask, React June 2020 – Present", 2020, "2020-06"),
        ("Paintball | Java, Maven May 2018 – May 2020", 2018, "2018-05"),
    ]
    assert items[0].raw.splitlines()[1:] == ["Built a web app", "Wrote a REST API"]


def test_projects_undated_heads_with_a_date_line() -> None:
    text = "Gitlytics | Python, Flask\nJune 2020 – Present\n• Built a web app\nPaintball | Java\n• Wrote a plugin"
    items, _ = parse_items(_section(text, SectionKind.PROJECTS))
    assert [(i.text, i.date) for i in items] == [
        ("Gitlytics | Python, Flask", "2020-06"),
        ("Paintball | Java", None),
    ]


def test_teaching_dated_head_is_one_item_and_undated_sublist_is_a_role() -> None:
    text = "Teaching Assistant, CS 101\tFall 2020\n• Led weekly sections\nGuest Lectures\n• Distributed Systems (CS 240)"
    items, _ = parse_items(_section(text, SectionKind.TEACHING))
    assert [(i.text, i.year, i.role) for i in items] == [
        ("Teaching Assistant, CS 101 Fall 2020", 2020, None),
        ("Distributed Systems (CS 240)", None, "Guest Lectures"),
    ]


def _strip_year_by_patterns(text: str, year: int) -> str:
    """The patterns _strip_year stood for, compiled per year (the reference)."""
    text = re.sub(r"[\s,，;]*\(?" + str(year) + r"(?:\s*[–\-/]\s*\d{2,4})?\)?\s*$", "", text)
    text = re.sub(
        r"^\s*\(?" + str(year) + r"(?:\s*年)?(?:\s*[–\-/]\s*\d{2,4})?\)?[\s:：,，.]+", "", text
    )
    return text.strip(" \t,，;")


def test_strip_year_cuts_as_the_per_year_patterns_did() -> None:
    pieces = ["", " ", ", ", "，", ";", "(", ")", "年", "–", "-", "/", "19", "\n", ":", ".", "\0"]
    rng = random.Random(5)
    for _ in range(3000):
        year = rng.choice([2016, 2023])
        parts = [rng.choice(pieces) for _ in range(rng.randint(0, 6))]
        for _ in range(rng.randint(1, 2)):
            parts.insert(rng.randint(0, len(parts)), str(year))
        parts.insert(rng.randint(0, len(parts)), rng.choice(["Prize", "奖学金", "Award 2016"]))
        text = "".join(parts)
        assert _strip_year(text, year) == _strip_year_by_patterns(text, year), repr(text)


@pytest.mark.slow  # times CPU: a ratio within one run, with a generous bound
def test_strip_year_is_linear_in_a_run_of_spaces() -> None:
    def cpu(size: int) -> float:
        text = "Prize" + " " * size + "x"
        start = time.process_time()
        for _ in range(5):
            _strip_year(text, 2020)
        return time.process_time() - start

    cpu(1000)  # warm
    assert cpu(40_000) < 50 * max(cpu(4_000), 1e-4)  # linear: 10; quadratic: about 100
