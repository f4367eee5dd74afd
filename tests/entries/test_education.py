"""Education entries: layouts, degrees, orphans, and every line landing in a raw."""

from __future__ import annotations

from pathlib import Path

import opencc
import pytest

import bilingual_cv
from bilingual_cv import parse_file
from bilingual_cv.entries.education import parse_education
from bilingual_cv.headings import split_sections
from bilingual_cv.io.readers import read_source
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.normalize import clean_text
from bilingual_cv.schema import CV, Degree, Lang, SectionKind
from tests.conftest import EXAMPLES_DIR, SEEDS_DIR, needs_seeds


def _section(text: str, lang: Lang = "en", first_line: int = 1) -> RawSection:
    lines = tuple(
        Line(first_line + n, x.text, x.origin, x.md_level, x.bold, x.bullet, x.italic)
        for n, x in enumerate(clean_text(text).lines)
    )
    return RawSection(
        SectionKind.EDUCATION, "Education", first_line, first_line + len(lines), lines, lang
    )


def _t2s(text: str) -> str:
    return str(opencc.OpenCC("t2s").convert(text))


def test_en_institution_then_degree_with_dates() -> None:
    entries, warnings = parse_education(
        _section(
            "Carnegie Mellon University Pittsburgh, PA\nPh.D. in Computer Science Aug. 2016 – May 2022\n• Advisor: Prof. Jane Roe\n• Thesis: Elastic State"
        )
    )
    (e,) = entries
    assert (e.institution, e.degree, e.field, e.start, e.end) == (
        "Carnegie Mellon University",
        Degree.PHD,
        "Computer Science",
        "2016-08",
        "2022-05",
    )
    assert (
        e.advisors == ["Jane Roe"]
        and e.thesis == "Elastic State"
        and e.location == "Pittsburgh, PA"
    )
    assert not warnings


def test_en_two_degrees_share_one_date_line() -> None:
    # seed 001: two B.S. lines under one institution sharing "2015 – 2020"
    text = "Some University City, WA\nB.S. in Computer Science,\nB.S. in Applied Mathematics\n(Algorithms track) 2015 – 2020"
    entries, _ = parse_education(_section(text))
    assert [(e.degree, e.field, e.start, e.end) for e in entries] == [
        (Degree.BACHELOR, "Computer Science", "2015", "2020"),
        (Degree.BACHELOR, "Applied Mathematics", "2015", "2020"),
    ]


def test_en_location_line_between_institution_and_degree() -> None:
    # seed 004 layout: institution / location / degree / dates / advisor
    text = "Some University – North\nBerkeley, California\nPostdoctoral Researcher\nSep 2019 - Jun 2020\n- Advisor: A. Person\nOther University\nSeattle, Washington\nPh.D. in CSE\nSep 2013 - Aug 2019"
    entries, _ = parse_education(_section(text))
    assert [(e.institution, e.degree, e.start, e.end, e.location) for e in entries] == [
        ("Some University – North", Degree.POSTDOC, "2019-09", "2020-06", "Berkeley, California"),
        ("Other University", Degree.PHD, "2013-09", "2019-08", "Seattle, Washington"),
    ]
    assert entries[0].advisors == ["A. Person"]


def test_en_candidate_with_single_expected_date() -> None:
    # seed 003: "Ph.D. Candidate, Computer Science, May 2024 (expected)"
    entries, _ = parse_education(
        _section(
            "Some University\nPh.D. Candidate, Computer Science, May 2024 (expected)\nB.Eng. in EE, May 2019"
        )
    )
    assert [(e.degree, e.field, e.start, e.end, e.expected) for e in entries] == [
        (Degree.PHD, "Computer Science", None, "2024-05", True),
        (Degree.BACHELOR, "EE", None, "2019-05", False),
    ]


def test_unit_before_institution() -> None:
    # seed 000: "Department of ..., Tsinghua University" / "BEng in Computer Science"
    entries, warnings = parse_education(
        _section("Department of Physics, Some University\nBEng in Physics")
    )
    assert (entries[0].institution, entries[0].degree, entries[0].field) == (
        "Some University",
        Degree.BACHELOR,
        "Physics",
    )
    assert [w.code for w in warnings] == ["date_unparsed"]


@pytest.mark.parametrize(
    ("line", "degree"),
    [
        ("某某大学,计算机科学与技术,硕博连读 2019.9 - 2025.3(预期)", Degree.PHD),  # seed 002 layout
        ("某某大学,信息安全,工学学士 2015.9 - 2019.6", Degree.BACHELOR),
        ("某某大学,软件工程,直博 2020.9 - 2025.6", Degree.PHD),
        ("某某大学,软件工程,本科 2016.9 - 2020.6", Degree.BACHELOR),
    ],
)
def test_zh_one_line_entries(line: str, degree: Degree) -> None:
    (e,), _ = parse_education(_section(line + "\n• 导师: 张三,研究方向: 分布式系统", "zh"))
    assert (e.institution, e.degree, e.lang) == ("某某大学", degree, "zh")
    assert e.advisors == ["张三"]
    assert e.field is not None and e.start is not None and e.end is not None


def test_zh_expected_marker() -> None:
    (e,), _ = parse_education(
        _section("某某大学,计算机科学与技术,硕博连读 2019.9 - 2025.3(预期)", "zh")
    )
    assert (e.field, e.start, e.end, e.expected) == ("计算机科学与技术", "2019-09", "2025-03", True)


def test_zh_hant_folded() -> None:
    text = _t2s(
        "國立臺灣大學 資訊工程學系 博士 民國104年9月至民國108年6月\n• 指導教授:林志明 教授\n國立清華大學 資訊工程研究所 碩士 民國102年9月至民國104年6月"
    )
    entries, _ = parse_education(_section(text, "zh"))
    assert [(e.institution, e.degree, e.start, e.end) for e in entries] == [
        ("国立台湾大学", Degree.PHD, "2015-09", "2019-06"),
        ("国立清华大学", Degree.MASTER, "2013-09", "2015-06"),
    ]
    assert entries[0].advisors == ["林志明"]


def test_orphan_dates_and_advisors_are_placed_chronologically() -> None:
    # seed 000: the dates and advisor lines landed in the next section
    section = _section(
        "Some University\nPh.D. in Computer Science\nOther University\nBEng in Computer Science"
    )
    orphans = [
        Line(30, "Jul. 2024"),
        Line(31, "Expected: 2029"),
        Line(32, "Advisor: Prof. A"),
        Line(33, "Advisor: Prof. B"),
    ]
    entries, warnings = parse_education(section, orphans)
    assert [(e.degree, e.start, e.end, e.expected, e.advisors) for e in entries] == [
        (Degree.PHD, None, "2029", True, ["A"]),
        (Degree.BACHELOR, None, "2024-07", False, ["B"]),
    ]
    assert sorted(w.line or 0 for w in warnings if w.code == "line_moved") == [30, 31, 32, 33]
    assert "Expected: 2029" in entries[0].raw and "Jul. 2024" in entries[1].raw


def test_orphans_not_placed_when_counts_disagree() -> None:
    section = _section(
        "Some University\nPh.D. in Computer Science\nOther University\nBEng in Computer Science"
    )
    entries, warnings = parse_education(section, [Line(30, "Jul. 2024")])
    assert all(e.end is None for e in entries)
    assert not [w for w in warnings if w.code == "line_moved"]


def _all_raw_lines(cv: CV) -> set[str]:
    lines: set[str] = set()
    raws = [e.raw for e in cv.education]
    raws += [e.raw for e in [*cv.experience, *cv.research_experience]]
    raws += [a.raw for a in cv.awards]
    raws += [i.raw for i in [*cv.talks, *cv.teaching, *cv.service, *cv.mentoring]]
    raws += [i.raw for i in [*cv.skills, *cv.projects, *cv.grants, *cv.other]]
    for raw in raws:
        lines.update(x.strip() for x in raw.splitlines())
    return lines


#: Sections whose every line must land in an entry's raw (publications are checked elsewhere).
ENTRY_SECTIONS = {
    SectionKind.EDUCATION,
    SectionKind.EXPERIENCE,
    SectionKind.RESEARCH_EXPERIENCE,
    SectionKind.AWARDS,
    SectionKind.TALKS,
    SectionKind.TEACHING,
    SectionKind.SERVICE,
    SectionKind.MENTORING,
    SectionKind.SKILLS,
    SectionKind.PROJECTS,
    SectionKind.GRANTS,
    SectionKind.OTHER,
}


def assert_every_line_lands(path: Path) -> None:
    cv = parse_file(path)
    raw = _all_raw_lines(cv)
    warned = {w.line for w in cv.warnings if w.code in ("stray_line", "line_moved")}
    sections, _ = split_sections(clean_text(read_source(path).text).lines)
    for section in sections:
        if section.key not in ENTRY_SECTIONS:
            continue
        for line in section.lines:
            if line.is_blank or line.no in warned:
                continue
            assert line.text.strip() in raw, (
                f"{path.name}:{line.no} {line.text!r} is in no entry's raw"
            )


@pytest.mark.parametrize("path", sorted(EXAMPLES_DIR.glob("*_*.*")), ids=lambda p: p.name)
def test_every_example_line_lands_in_a_raw(path: Path) -> None:
    assert_every_line_lands(path)


@needs_seeds
@pytest.mark.parametrize("name", ["000", "001", "002", "003", "004"])
def test_every_seed_line_lands_in_a_raw(name: str) -> None:
    paths = sorted(SEEDS_DIR.glob(f"{name}_*.txt"))
    if not paths:
        pytest.skip(f"seed {name} is absent")
    assert_every_line_lands(paths[0])


def test_date_first_lines_of_a_moderncv_layout() -> None:
    cv = bilingual_cv.parse(
        "Ann Lee\n\nEducation\n"
        "2017–2023 Ph.D. in Computer Science, Cornell University, Ithaca, NY.\n"
        "Thesis: Verified Storage Systems. Advisor: Prof. Bo Wu.\n"
        "2013–2017 B.S. in Mathematics, Fudan University, Shanghai, China.\n"
    )
    assert [(e.institution, e.degree.value, e.field, e.start, e.end) for e in cv.education] == [
        ("Cornell University", "phd", "Computer Science", "2017", "2023"),
        ("Fudan University", "bachelor", "Mathematics", "2013", "2017"),
    ]
    assert cv.education[0].advisors == ["Bo Wu"] and not [w for w in cv.warnings if w.code == "date_unparsed"]


def test_institution_and_location_columns_with_an_associate_degree() -> None:
    cv = bilingual_cv.parse(
        "Jake Ryan\n\nEducation\nSouthwestern University\tGeorgetown, TX\n"
        "Bachelor of Arts in Computer Science, Minor in Business\tAug. 2018 – May 2021\n"
        "Blinn College\tBryan, TX\nAssociate's in Liberal Arts\tAug. 2014 – May 2018\n"
    )
    assert [(e.institution, e.degree.value, e.location, e.start, e.end) for e in cv.education] == [
        ("Southwestern University", "bachelor", "Georgetown, TX", "2018-08", "2021-05"),
        ("Blinn College", "other", "Bryan, TX", "2014-08", "2018-05"),
    ]
