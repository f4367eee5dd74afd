"""Tests of bilingual_cv.report.cards (and their charts, bilingual_cv.report.charts): a card per
CV with its CCF badges, the owner's position, a chart per year and rank, and its warnings."""

from __future__ import annotations

from pathlib import Path

from bilingual_cv.report import Entry, render_report
from tests.report.dom import cell_values, parse_html
from tests.report.fictional import CVS, record


def test_claimed_rank_the_catalog_denies_is_counted_and_flagged(page: str) -> None:
    jane = record("jane_roe")
    icnp = next(p for p in jane["publications"] if p["venue"]["abbr"] == "ICNP")
    assert icnp["claimed_ccf"] == "A" and icnp["ccf"]["rank"] == "B"
    dom = parse_html(page)
    assert cell_values(dom, "mismatch")[:3] == ["1", "0", "0"]
    card = dom.by_id("cv-1")
    claims = card.find_all("span", "claim")
    assert len(claims) == 1
    assert "catalog says CCF-B" in claims[0].attrs["title"]


def test_owner_position_is_shown_and_first_author_highlighted(page: str) -> None:
    card = parse_html(page).by_id("cv-1")
    positions = [span.all_text() for span in card.find_all("span", "pos")]
    expected = [p["owner_position"] for p in record("jane_roe")["publications"]]
    assert positions == [{1: "1st", 2: "2nd", 3: "3rd"}[n] for n in expected]
    assert len(card.find_all("span", "first")) == expected.count(1)
    owners = {b.all_text() for b in card.find_all("b", "owner")}
    assert owners == {"Jane Roe"}


def test_each_card_has_its_chart_with_one_bar_per_year_and_rank(page: str) -> None:
    dom = parse_html(page)
    for number, name in enumerate(CVS, start=1):
        pubs = [p for p in record(name)["publications"] if p["year"] and p["kind"] != "patent"]
        stacks = {(p["year"], (p["ccf"] or {}).get("rank")) for p in pubs}
        card = dom.by_id(f"cv-{number}")
        charts = card.find_all("svg", "chart")
        assert len(charts) == (1 if pubs else 0)
        if pubs:
            assert len(charts[0].find_all("rect", "bar")) == len(stacks)


def test_warnings_are_listed_with_their_line(tmp_path: Path) -> None:
    cv = dict(record("sam_poe"))
    cv["warnings"] = [
        {"code": "date_unparsed", "message": "a year in 'Spring term' could not be read", "line": 7}
    ]
    dom = parse_html(render_report([Entry("sam.json", None, cv)]))
    items = dom.by_id("cv-1").find_all("ul", "warnings")[0].find_all("li")
    assert [item.all_text() for item in items] == [
        "checkline 7date_unparsed a year in 'Spring term' could not be read"
    ]
    assert cell_values(dom, "warnings") == ["1"]  # one warning (severity warn), no loss


def test_losses_come_first_with_their_lines_text_and_stray_lines_are_hidden() -> None:
    cv = dict(record("sam_poe"))
    cv["warnings"] = [
        {"code": "stray_line", "message": "line outside any entry: 'Hobbies'", "line": 2,
         "severity": "info", "text": "Hobbies"},
        {"code": "date_unparsed", "message": "no date could be read", "line": 5,
         "severity": "warn", "text": "Wrote the billing service, spring term"},
        {"code": "entry_too_long", "message": "a publication entry of 3,200 characters",
         "line": 9, "severity": "loss", "text": "Jane Roe, Sam Poe. A very long list"},
        {"code": "line_moved", "message": "a date line was moved", "line": 1},  # no severity
    ]  # fmt: skip
    dom = parse_html(render_report([Entry("sam.json", None, cv)], since=2021))
    card = dom.by_id("cv-1")
    items = card.find_all("ul", "warnings")[0].find_all("li")
    codes = [item.find_all("code")[0].all_text() for item in items]
    assert codes == ["entry_too_long", "date_unparsed", "line_moved", "stray_line"]
    assert [("hidden" in item.attrs) for item in items] == [False, False, True, True]
    quoted = [q.all_text() for q in card.find_all("q", "line-text")]
    assert quoted == [
        "Jane Roe, Sam Poe. A very long list",
        "Wrote the billing service, spring term",
    ]  # the stray line's text is already in its message
    assert "2 notices about stray or moved lines hidden" in card.all_text()
    assert cell_values(dom, "warnings") == ["10001"]  # one loss, one warning; notices left out
    row = dom.by_id("committee").find_all("tr", "cv-row")[0]
    assert "1 lost" in row.all_text()


def test_a_derived_venue_short_name_is_told_apart_from_a_catalog_one() -> None:
    import bilingual_cv

    cv = bilingual_cv.parse_text(
        "Jane Roe\n\nPUBLICATIONS\n[1] Jane Roe. Caches. In OSDI 2023.\n"
        "[2] Jane Roe. Kites. IEEE Transactions on Kite Engineering, 2021, 3(2): 1-9.\n"
    ).model_dump(mode="json")
    page = render_report([Entry("jane.json", None, cv)])
    assert '(TKE: the initials of the name, not a catalog&#x27;s)">TKE<' in page
    assert "OSDI: the initials" not in page


def test_a_side_event_shows_beside_its_venue() -> None:
    import bilingual_cv

    cv = bilingual_cv.parse_text(
        "Jane Roe\n\nPUBLICATIONS\n[1] Jane Roe. Caches. In OSDI 2023.\n"
        "[2] Jane Roe. Kites. In ACL 2023 (Demo Track).\n"
    ).model_dump(mode="json")
    page = render_report([Entry("jane.json", None, cv)])
    assert ">ACL Demo<" in page
    assert ">OSDI<" in page
