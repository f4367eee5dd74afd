"""Tests of bilingual_cv.report.page: one offline HTML page per batch, read back with an HTML
parser and, in the slow tests, loaded in headless Chromium (sorting and filtering run in the
page). CV text cannot inject markup, nothing loads from the network, the same batch gives the
same bytes."""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from bilingual_cv.report import Entry, read_outdir, render_report
from tests.report.conftest import SINCE
from tests.report.dom import Node, column, parse_html, table_rows
from tests.report.fictional import CVS, record


def test_chinese_and_english_share_a_font_stack_with_cjk_fallbacks(page: str) -> None:
    style = parse_html(page).find_all("style")[0].all_text()
    stack = re.search(r"font-family:([^;]+);", style)
    assert stack is not None
    fonts = [f.strip().strip('"') for f in stack.group(1).split(",")]
    for font in ("Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei"):
        assert font in fonts
    assert fonts[-1] == "sans-serif"
    assert "李华" in page and "Jane Roe" in page


def test_cv_text_cannot_inject_markup(page: str) -> None:
    hostile = dict(record("sam_poe"))
    hostile["person"] = dict(
        hostile["person"], name='"><img src=x onerror=alert(1)><script>alert(2)</script>'
    )
    hostile["warnings"] = [{"code": "<b>x</b>", "message": "</li><script>x()</script>"}]
    for html in (page, render_report([Entry("evil.json", "evil.txt", hostile)])):
        dom = parse_html(html)
        assert len(dom.find_all("script")) == 1
        assert dom.find_all("img") == []
        for node in dom.iter():
            assert not [a for a in node.attrs if a.startswith("on")], node
    evil = parse_html(render_report([Entry("evil.json", "evil.txt", hostile)]))
    assert evil.by_id("cv-1").find_all("h2")[0].all_text().startswith('1 "><img src=x')
    assert (
        "</li><script>x()</script>" in evil.by_id("cv-1").find_all("ul", "warnings")[0].all_text()
    )
    jane_titles = [d.all_text() for d in parse_html(page).by_id("cv-1").find_all("div", "title")]
    assert "<script>window.pwned=1</script> Escaping Matters" in jane_titles


def test_file_names_are_escaped_once(tmp_path: Path) -> None:
    # issue 25, case 12: a name with & and < showed as R&amp;amp;D on its card
    ok = Entry("R&D <lab>.json", "cvs/R&D <lab>.txt", record("sam_poe"))
    failed = Entry("cvs/Q&A <x>.txt", "cvs/Q&A <x>.txt", None, "empty (no text)")
    page = render_report([ok, failed])
    assert "&amp;amp;" not in page and "&amp;lt;" not in page
    dom = parse_html(page)
    for card, name in (("cv-1", "cvs/R&D <lab>.txt"), ("cv-2", "cvs/Q&A <x>.txt")):
        metas = [p.all_text() for p in dom.by_id(card).find_all("p", "meta")]
        assert metas and metas[0].split(" · ")[0] == name, metas
    assert "cvs/R&amp;D &lt;lab&gt;.txt" in page


def test_page_loads_nothing_and_allows_only_its_own_script_and_style(page: str) -> None:
    dom = parse_html(page)
    csp = next(
        m.attrs["content"]
        for m in dom.find_all("meta")
        if m.attrs.get("http-equiv") == "Content-Security-Policy"
    )
    assert "default-src 'none'" in csp
    for tag in ("script", "style"):
        source = dom.find_all(tag)[0].all_text()
        digest = base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()).decode()
        assert f"'sha256-{digest}'" in csp
    for node in dom.iter():
        assert "src" not in node.attrs
        assert node.attrs.get("href", "#").startswith("#"), node.attrs
    assert "url(" not in page and "@import" not in page


def test_same_batch_same_bytes(batch: Path, page: str) -> None:
    entries, _ = read_outdir(batch)
    assert render_report(entries, since=SINCE) == page


CHROMIUM = next(
    (found for name in ("chromium", "chromium-browser") if (found := shutil.which(name))), None
)


needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="chromium is not installed (Debian: apt-get install chromium)"
)


#: Flags for a headless Chromium on a machine without network or display.
CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",  # containers often have a tiny /dev/shm
    "--hide-scrollbars",
)


SCRIPT = Path(sys.executable).with_name("bilingual-cv")


def run_command(*args: str | Path) -> subprocess.CompletedProcess[str]:
    """Run the installed ``bilingual-cv`` command."""
    command = [str(SCRIPT) if SCRIPT.exists() else "bilingual-cv", *map(str, args)]
    return subprocess.run(
        command, check=False, capture_output=True, text=True, env=dict(os.environ), timeout=180
    )


def chromium(*args: str) -> subprocess.CompletedProcess[str]:
    assert CHROMIUM is not None
    with tempfile.TemporaryDirectory(prefix="report-chromium-") as profile:
        return subprocess.run(
            [CHROMIUM, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", *args],
            check=False, capture_output=True, text=True, timeout=120,
        )  # fmt: skip


def dump_dom(report: Path, actions: str = "") -> Node:
    """The page's DOM after its script ran, with ``#selftest&...`` actions performed."""
    done = chromium("--dump-dom", report.as_uri() + "#selftest" + actions)
    assert done.returncode == 0, done.stderr[-2000:]
    dom = parse_html(done.stdout)
    assert dom.by_id("selftest").attrs.get("data-done") == "yes", "the page's script did not run"
    return dom


def visible_ids(dom: Node) -> list[str]:
    return [row.attrs["id"] for row in table_rows(dom) if "hidden" not in row.attrs]


#: The order of the CVs in the browser tests' batch.
BROWSER_ORDER = ("sam_poe", "li_hua", "jane_roe")


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The fictional CVs (and an empty file) through ``convert`` and ``report``.

    The file names put the batch in an order that no column sorts to: row-1 is Sam Poe (no
    CCF-A), row-2 李华, row-3 Jane Roe (the most CCF-A), row-4 the empty file (failed).
    """
    root = tmp_path_factory.mktemp("browser")
    inputs = root / "cvs"
    inputs.mkdir()
    for number, name in enumerate(BROWSER_ORDER, start=1):
        (inputs / f"{number}_{name}.txt").write_text(CVS[name], encoding="utf-8")
    (inputs / f"{len(CVS) + 1}_empty.txt").write_text("", encoding="utf-8")
    converted = run_command("convert", inputs, "-o", root / "out", "--workers", "1")
    assert converted.returncode == 1, converted.stderr  # the empty file fails
    report = root / "report.html"
    made = run_command("report", root / "out", "-o", report)
    assert made.returncode == 0, made.stderr
    return root / "out", report


@pytest.mark.slow
@needs_chromium
def test_browser_shows_one_row_per_input_and_runs_only_its_script(
    converted: tuple[Path, Path],
) -> None:
    dom = dump_dom(converted[1])
    rows = table_rows(dom)
    assert len(rows) == len(CVS) + 1
    assert visible_ids(dom) == [f"row-{n}" for n in range(1, len(CVS) + 2)]
    assert "failed" in rows[-1].attrs["class"]
    assert len(dom.find_all("script")) == 1  # the CV's <script> stayed text
    assert dom.by_id("shown").all_text() == f"{len(CVS) + 1} of {len(CVS) + 1} shown"


@pytest.mark.slow
@needs_chromium
def test_browser_clicking_a_header_sorts_and_again_reverses(converted: tuple[Path, Path]) -> None:
    outdir, report = converted
    ccf_a = {}
    for number, line in enumerate(
        (outdir / "manifest.jsonl").read_text(encoding="utf-8").splitlines(), start=1
    ):
        entry = json.loads(line)
        cv = json.loads((outdir / entry["output"]).read_text()) if entry["output"] else None
        ccf_a[f"row-{number}"] = cv["stats"]["ccf"]["A"] if cv else -1
    assert len(set(ccf_a.values())) > 2  # the order is decided by the column, not by ties

    before = [row.attrs["id"] for row in table_rows(dump_dom(report))]
    once = dump_dom(report, "&sort=ccf_a")
    order = [row.attrs["id"] for row in table_rows(once)]
    assert order != before
    assert [ccf_a[i] for i in order] == sorted(ccf_a.values(), reverse=True)
    header = once.by_id("committee").find_all("th")[column(once, "ccf_a")]
    assert header.attrs["aria-sort"] == "descending"

    twice = dump_dom(report, "&sort=ccf_a,ccf_a")
    ascending = [ccf_a[r.attrs["id"]] for r in table_rows(twice)]
    assert ascending == [*sorted(v for v in ccf_a.values() if v >= 0), -1]  # failed stay last

    by_name = dump_dom(report, "&sort=name")
    names = [
        r.find_all("td")[column(by_name, "name")].attrs["data-sort"] for r in table_rows(by_name)
    ]
    assert names[0] == "Jane Roe" and names != [
        r.find_all("td")[column(by_name, "name")].attrs["data-sort"] for r in table_rows(once)
    ]


@pytest.mark.slow
@needs_chromium
def test_browser_filters_hide_rows_and_their_cards(converted: tuple[Path, Path]) -> None:
    report = converted[1]
    dom = dump_dom(report, "&filter=" + "ROE")
    assert visible_ids(dom) == ["row-3"]
    hidden_cards = [c.attrs["id"] for c in dom.find_all("section", "card") if "hidden" in c.attrs]
    assert hidden_cards == ["cv-1", "cv-2", "cv-4"]
    assert dom.by_id("shown").all_text() == f"1 of {len(CVS) + 1} shown"

    chinese = dump_dom(report, "&filter=" + "%E7%A4%BA%E4%BE%8B%E5%A4%A7%E5%AD%A6")  # 示例大学
    assert visible_ids(chinese) == ["row-2"]

    at_least_two_a = dump_dom(report, "&min_a=2")
    assert visible_ids(at_least_two_a) == ["row-2", "row-3"]

    no_failed = dump_dom(report, "&hide_failed=1")
    assert visible_ids(no_failed) == [f"row-{n}" for n in range(1, len(CVS) + 1)]


@pytest.mark.slow
@needs_chromium
def test_browser_screenshot(converted: tuple[Path, Path], tmp_path: Path) -> None:
    shot = tmp_path / "report.png"
    done = chromium("--window-size=1280,1600", f"--screenshot={shot}", converted[1].as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    data = shot.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (1280, 1600)


def _self_test(dom: Node) -> dict[str, object]:
    """What the page's script recorded after the ``#selftest`` actions."""
    result = json.loads(dom.by_id("selftest").all_text())
    assert isinstance(result, dict)
    return result


@pytest.mark.slow
@needs_chromium
def test_browser_cards_follow_the_tables_sort(converted: tuple[Path, Path]) -> None:
    report = converted[1]
    start = _self_test(dump_dom(report))
    assert start["cards"] == ["cv-1", "cv-2", "cv-3", "cv-4"]
    for actions in ("&sort=ccf_a", "&sort=name", "&sort=ccf_a,ccf_a"):
        result = _self_test(dump_dom(report, actions))
        order = result["order"]
        assert isinstance(order, list)
        assert result["cards"] == [row.replace("row-", "cv-") for row in order], actions
    assert _self_test(dump_dom(report, "&sort=ccf_a"))["cards"] != start["cards"]


@pytest.mark.slow
@needs_chromium
def test_browser_since_year_recounts_the_recent_column(converted: tuple[Path, Path]) -> None:
    outdir, report = converted

    def expected(since: int) -> list[str]:
        shown = []
        for line in (outdir / "manifest.jsonl").read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            if not entry["output"]:
                shown.append("—")
                continue
            cv = json.loads((outdir / entry["output"]).read_text(encoding="utf-8"))
            counts = {"A": 0, "B": 0, "C": 0}
            for pub in cv["publications"]:
                rank = (pub["ccf"] or {}).get("rank")
                if rank and pub["year"] and pub["year"] >= since and pub["kind"] != "patent":
                    counts[rank] += 1
            shown.append("/".join(str(counts[r]) for r in "ABC"))
        return shown

    assert expected(2000) != expected(2023)  # the year decides the counts
    for since in (2000, 2023):
        result = _self_test(dump_dom(report, f"&since={since}"))
        assert result["since"] == str(since)
        assert result["recent"] == expected(since)
    by_recent = _self_test(dump_dom(report, "&since=2023&sort=recent"))
    order = by_recent["order"]
    assert isinstance(order, list)
    firsts = [int(expected(2023)[int(i.split("-")[1]) - 1].split("/")[0]) for i in order[:-1]]
    assert firsts == sorted(firsts, reverse=True)


@pytest.mark.slow
@needs_chromium
def test_browser_filter_finds_an_institution_by_its_other_name(tmp_path: Path) -> None:
    li = json.loads(json.dumps(record("li_hua")))
    li["education"][0]["institution"] = "清华大学"
    entries = [Entry("roe.json", None, record("jane_roe")), Entry("li.json", None, li)]
    report = tmp_path / "report.html"
    report.write_text(render_report(entries, since=2021), encoding="utf-8")
    assert visible_ids(dump_dom(report, "&filter=tsinghua")) == ["row-2"]
    assert visible_ids(dump_dom(report, "&filter=" + "%E6%B8%85%E5%8D%8E")) == ["row-2"]  # 清华


@pytest.mark.slow
@needs_chromium
def test_browser_stray_line_notices_show_only_when_asked(tmp_path: Path) -> None:
    cv = dict(record("sam_poe"))
    cv["warnings"] = [
        {"code": "stray_line", "message": "line outside any entry: 'x'", "line": 2},
        {"code": "date_unparsed", "message": "no date could be read", "line": 5},
    ]
    report = tmp_path / "report.html"
    report.write_text(render_report([Entry("sam.json", None, cv)], since=2021), "utf-8")
    assert _self_test(dump_dom(report))["info_shown"] == 0
    assert _self_test(dump_dom(report, "&show_info=1"))["info_shown"] == 1


@pytest.mark.slow
@needs_chromium
def test_browser_shows_the_current_position_column_and_sorts_by_it(
    converted: tuple[Path, Path],
) -> None:
    dom = dump_dom(converted[1])
    index = column(dom, "position")
    cells = {row.attrs["id"]: row.find_all("td")[index].all_text() for row in table_rows(dom)}
    assert cells["row-3"] == "Research ScientistNorthwind Labs"  # Jane Roe holds it now
    assert cells["row-1"] == "—"  # Sam Poe's job ended in 2022
    descending = dump_dom(converted[1], "&sort=position,position")
    order = [row.attrs["id"] for row in table_rows(descending)]
    assert order[0] == "row-3" and order[-1] == "row-4"  # the failed input stays last
