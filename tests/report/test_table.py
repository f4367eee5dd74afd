"""Tests of bilingual_cv.report.table (and the figures it shows, bilingual_cv.report.figures):
one row per input, failed ones included, its figures taken from each record. The page is read
back with an HTML parser."""

from __future__ import annotations

import json

from bilingual_cv.report import Entry, render_report
from tests.report.dom import cell_values, column, parse_html, table_rows
from tests.report.fictional import CVS, record


def test_one_row_and_one_card_per_input_failed_ones_included(page: str) -> None:
    dom = parse_html(page)
    rows = table_rows(dom)
    assert len(rows) == len(CVS) + 1
    names = [row.find_all("td")[column(dom, "name")].all_text() for row in rows]
    assert names[0].startswith("Jane Roe")
    assert names[1].startswith("李华")
    failed = [row for row in rows if "failed" in row.attrs["class"].split()]
    assert len(failed) == 1
    assert "not a PDF file" in failed[0].all_text()
    cards = dom.by_id("cards").find_all("section", "card")
    assert [c.attrs["id"] for c in cards] == [r.attrs["data-card"] for r in rows]


def test_table_figures_come_from_each_record(page: str) -> None:
    dom = parse_html(page)
    expected = [record(name)["stats"] for name in CVS]
    assert cell_values(dom, "ccf_a")[:-1] == [str(s["ccf"]["A"]) for s in expected]
    assert cell_values(dom, "ccf_b")[:-1] == [str(s["ccf"]["B"]) for s in expected]
    assert cell_values(dom, "first_a")[:-1] == [str(s["ccf_owner_first"]["A"]) for s in expected]
    assert cell_values(dom, "co_first_a")[:-1] == [
        str(s["ccf_owner_first_or_co_first"]["A"]) for s in expected
    ]
    assert cell_values(dom, "corresponding_a")[:-1] == [
        str(s["ccf_owner_corresponding"]["A"]) for s in expected
    ]
    assert cell_values(dom, "papers")[:-1] == [
        str(s["publications"] - s["by_kind"].get("preprint", 0) - s["by_kind"].get("patent", 0))
        for s in expected
    ]
    assert cell_values(dom, "ccf_a")[-1] == "-1"  # the failed input sorts below every CV


def test_highest_degree_and_its_year(page: str) -> None:
    dom = parse_html(page)
    index = column(dom, "degree")
    shown = [row.find_all("td")[index].all_text() for row in table_rows(dom)]
    assert shown[0].startswith("PhD 2020")
    assert "Example State University" in shown[0]
    assert shown[1].startswith("PhD 2024")
    assert shown[2] == "—"


def test_records_missing_fields_or_with_new_ones_still_render() -> None:
    bare = {"schema_version": "1.0"}
    future = json.loads(json.dumps(record("li_hua")))
    future["stats"]["ccf_cn"] = {"A": 1, "B": 0, "C": 0}
    future["publications"][1]["ccf_cn"] = {"rank": "A", "name": "示例学报"}
    future["warnings"] = [{"code": "some_new_code", "message": "new", "line": None}]
    dom = parse_html(render_report([Entry("bare.json", None, bare), Entry("f.json", None, future)]))
    rows = table_rows(dom)
    assert rows[0].find_all("td")[column(dom, "name")].all_text().startswith("bare")
    assert cell_values(dom, "cn") == ["-1", "1"]
    assert len(dom.by_id("cv-2").find_all("span", "cn")) == 1
    assert "some_new_code" in dom.by_id("cv-2").all_text()


def test_the_current_position_column_shows_the_job_held_now(page: str) -> None:
    dom = parse_html(page)
    index = column(dom, "position")
    shown = [row.find_all("td")[index] for row in table_rows(dom)]
    assert shown[0].attrs["data-sort"] == "Research Scientist"
    assert shown[0].all_text() == "Research ScientistNorthwind Labs"
    assert shown[1].all_text() == "—"  # 李华 lists no position
    header = dom.by_id("committee").find_all("th")[index]
    assert header.all_text().startswith("Current position")


def test_the_recent_column_counts_from_the_since_year_and_names_it(page: str) -> None:
    dom = parse_html(page)
    assert dom.by_id("since").attrs["value"] == "2021"
    assert dom.by_id("since-year").all_text() == "2021"
    index = column(dom, "recent")
    cells = [row.find_all("td")[index] for row in table_rows(dom)]
    # Jane Roe: OSDI 2023 and SOSP 2021 (A), ICNP 2022 (B); FAST 2019 is before 2021
    assert cells[0].all_text() == "2/1/0" and cells[0].attrs["data-sort"] == "2"
    years = json.loads(cells[0].attrs["data-years"])
    assert years["2019"] == [1, 0, 0]
    later = parse_html(render_report([Entry("roe.json", None, record("jane_roe"))], since=2023))
    assert later.by_id("since-year").all_text() == "2023"
    assert [r.find_all("td")[index].all_text() for r in table_rows(later)] == ["1/0/0"]
    assert "recent CCF counts from 2021" in dom.find_all("p", "summary")[0].all_text()


def test_papers_leave_out_preprints_and_patents_and_say_so() -> None:
    cv = json.loads(json.dumps(record("jane_roe")))
    cv["publications"][1]["kind"] = "preprint"
    cv["stats"]["by_kind"] = {"conference": 3, "preprint": 1}
    dom = parse_html(render_report([Entry("roe.json", None, cv)], since=2021))
    index = column(dom, "papers")
    cell = table_rows(dom)[0].find_all("td")[index]
    assert cell.attrs["data-sort"] == "3" and "+1 preprint" in cell.all_text()
    header = dom.by_id("committee").find_all("th")[index]
    assert header.all_text().startswith("Papers")
    assert "preprints and patents" in header.attrs["title"]


def test_an_expected_degree_is_shown_as_expected() -> None:
    cv = json.loads(json.dumps(record("li_hua")))
    cv["education"][0].update(end="2028-06", expected=True)
    dom = parse_html(render_report([Entry("li.json", None, cv)], since=2021))
    cell = table_rows(dom)[0].find_all("td")[column(dom, "degree")]
    assert cell.all_text().startswith("PhD (expected 2028)")
    card = dom.by_id("cv-1").find_all("table", "plain")[0].all_text()
    assert "PhD (expected 2028)" in card


def test_a_document_that_is_not_a_cv_is_marked() -> None:
    cv = {
        "schema_version": "1.1",
        "warnings": [{"code": "not_a_cv", "message": "no owner", "line": None}],
    }
    dom = parse_html(render_report([Entry("readme.json", "cvs/README.md", cv)], since=2021))
    row = table_rows(dom)[0]
    assert "not-cv" in row.attrs["class"].split()
    assert "not a CV" in row.all_text()
    assert "Not a CV" in dom.by_id("cv-1").all_text()


def test_a_candidate_who_appears_twice_is_flagged_on_both_rows() -> None:
    jane = record("jane_roe")
    again = json.loads(json.dumps(jane))
    again["source"] = dict(again["source"], path="cvs/jane-again.pdf", sha256="f" * 64)
    entries = [
        Entry("roe.json", "cvs/roe.txt", jane),
        Entry("sam.json", "cvs/sam.txt", record("sam_poe")),
        Entry("roe-2.json", "cvs/jane-again.pdf", again),
    ]
    dom = parse_html(render_report(entries, since=2021))
    twins = [row.find_all("div", "twin") for row in table_rows(dom)]
    assert [len(t) for t in twins] == [1, 0, 1]
    assert twins[0][0].all_text() == "same candidate as #3"
    assert twins[2][0].all_text() == "same candidate as #1"
    assert "The same candidate as #3" in dom.by_id("cv-1").all_text()


def test_the_filter_finds_an_institution_by_its_other_name() -> None:
    cv = json.loads(json.dumps(record("li_hua")))
    cv["education"][0]["institution"] = "清华大学"
    cv["experience"] = [{"organization": "Dept. of CS, Peking University", "title": "Postdoc"}]
    dom = parse_html(render_report([Entry("li.json", None, cv)], since=2021))
    words = table_rows(dom)[0].attrs["data-search"]
    assert "tsinghua university" in words and "清华大学" in words
    assert "北京大学" in words and "peking university" in words
