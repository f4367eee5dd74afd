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
    assert cell_values(dom, "pubs")[:-1] == [str(s["publications"]) for s in expected]
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
