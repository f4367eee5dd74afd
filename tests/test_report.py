"""The review report: one offline HTML page per batch, read back with an HTML parser and,
in the slow tests, loaded in headless Chromium (sorting and filtering run in the page)."""

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
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest

import bilingual_cv
from bilingual_cv.cli.main import main
from bilingual_cv.report import Entry, read_outdir, render_report

#: Fictional CVs: the people, schools and papers are made up. Jane Roe claims CCF-A for a
#: CCF-B venue (ICNP), and one of her titles carries a script that must stay text.
CVS = {
    "jane_roe": """Jane Roe
jane.roe@example.org | janeroe.example.org

EDUCATION
Example State University, Ph.D. in Computer Science, 2015 – 2020
Lakeside College, B.S. in Mathematics, 2011 – 2015

EXPERIENCE
Research Scientist, Northwind Labs, 2020 – Present
Built a storage engine for tiered memory.

PUBLICATIONS
[1] Jane Roe, Sam Poe. Fast Tiered Caches for Key-Value Stores. In OSDI 2023.
[2] Jane Roe, Ada Quill. Learned Page Placement. In SOSP 2021.
[3] Ada Quill, Jane Roe. Cheap Replication at Scale. In ICNP 2022. (CCF-A)
[4] Jane Roe, Ada Quill. <script>window.pwned=1</script> Escaping Matters. In FAST 2019.
""",
    "li_hua": """李华

邮箱：lihua@example.cn

教育背景
示例大学，计算机科学与技术，博士 2019.9 - 2024.6
示例理工学院，软件工程，学士 2015.9 - 2019.6

论文发表
[1] 李华, 赵一鸣. 面向数据中心的拥塞控制方法. INFOCOM 2023. (CCF-A)
[2] 赵一鸣, 李华. 一种分布式训练调度算法. IEEE Transactions on Parallel and Distributed Systems, 2022.
""",
    "sam_poe": """Sam Poe
sam.poe@example.com

WORK EXPERIENCE
Software Engineer, Example Corp, 2018 – 2022
Wrote the billing service.
""",
}
#: What a failed input looks like in the manifest ``convert`` writes.
FAILED = {
    "input": "cvs/broken.pdf",
    "status": "failed",
    "error": "cvs/broken.pdf: not a PDF file",
    "error_code": "corrupt_file",
    "output": None,
}


@cache
def record(name: str) -> dict[str, Any]:
    return bilingual_cv.parse_text(CVS[name]).model_dump(mode="json")


def write_outdir(folder: Path, records: dict[str, dict[str, Any]], *, failed: bool) -> Path:
    """An OUTDIR as ``convert`` leaves it: one JSON per CV and a manifest in input order."""
    folder.mkdir(parents=True, exist_ok=True)
    manifest: list[dict[str, Any]] = []
    for name, cv in records.items():
        (folder / f"{name}.json").write_text(json.dumps(cv, ensure_ascii=False), "utf-8")
        manifest.append({"input": f"cvs/{name}.txt", "status": "ok", "output": f"{name}.json"})
    if failed:
        manifest.append(FAILED)
    (folder / "manifest.jsonl").write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in manifest), "utf-8"
    )
    return folder


# --- a small DOM, enough to read the page back -------------------------------------------------


@dataclass
class Node:
    tag: str
    attrs: dict[str, str]
    children: list[Node] = field(default_factory=list)
    text: str = ""

    def iter(self) -> Iterator[Node]:
        yield self
        for child in self.children:
            yield from child.iter()

    def find_all(self, tag: str, cls: str | None = None) -> list[Node]:
        return [
            n
            for n in self.iter()
            if n.tag == tag and (cls is None or cls in n.attrs.get("class", "").split())
        ]

    def by_id(self, ident: str) -> Node:
        return next(n for n in self.iter() if n.attrs.get("id") == ident)

    def all_text(self) -> str:
        return self.text + "".join(child.all_text() for child in self.children)


VOID = {"meta", "input", "br", "img", "link", "line", "rect", "hr"}


class TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#root", {})
        self.stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        node = Node(tag, {k: v or "" for k, v in attrs})
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.stack[-1].children.append(Node(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        for depth in range(len(self.stack) - 1, 0, -1):
            if self.stack[depth].tag == tag:
                del self.stack[depth:]
                return

    def handle_data(self, data: str) -> None:
        self.stack[-1].children.append(Node("#text", {}, text=data))


def parse_html(page: str) -> Node:
    builder = TreeBuilder()
    builder.feed(page)
    builder.close()
    return builder.root


def table_rows(dom: Node) -> list[Node]:
    return dom.by_id("committee").find_all("tr", "cv-row")


def column(dom: Node, key: str) -> int:
    headers = dom.by_id("committee").find_all("th")
    return next(i for i, th in enumerate(headers) if th.attrs.get("data-key") == key)


def cell_values(dom: Node, key: str) -> list[str]:
    index = column(dom, key)
    return [row.find_all("td")[index].attrs["data-sort"] for row in table_rows(dom)]


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    records = {name: record(name) for name in CVS}
    return write_outdir(tmp_path_factory.mktemp("report") / "out", records, failed=True)


@pytest.fixture(scope="module")
def page(batch: Path) -> str:
    entries, problems = read_outdir(batch)
    assert problems == []
    return render_report(entries)


# --- the page ----------------------------------------------------------------------------------


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
        "line 7date_unparsed a year in 'Spring term' could not be read"
    ]
    assert cell_values(dom, "warnings") == ["1"]


def test_chinese_and_english_share_a_font_stack_with_cjk_fallbacks(page: str) -> None:
    style = parse_html(page).find_all("style")[0].all_text()
    stack = re.search(r"font-family:([^;]+);", style)
    assert stack is not None
    fonts = [f.strip().strip('"') for f in stack.group(1).split(",")]
    for font in ("Noto Sans CJK SC", "Source Han Sans SC", "PingFang SC", "Microsoft YaHei"):
        assert font in fonts
    assert fonts[-1] == "sans-serif"
    assert "李华" in page and "Jane Roe" in page


# --- safety: untrusted text, no network, one script --------------------------------------------


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
    assert render_report(entries) == page


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


# --- reading OUTDIR and the command ------------------------------------------------------------


def test_without_a_manifest_the_cv_files_are_read_in_name_order(tmp_path: Path) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    (folder / "b.json").write_text(json.dumps(record("sam_poe")), "utf-8")
    (folder / "a.json").write_text(json.dumps(record("li_hua")), "utf-8")
    (folder / "resume.json").write_text(json.dumps({"basics": {"name": "Jane Roe"}}), "utf-8")
    entries, problems = read_outdir(folder)
    assert [e.file for e in entries] == ["a.json", "b.json"]
    assert problems == [f"{folder / 'resume.json'}: not a CV record, left out"]


def test_an_unreadable_record_becomes_a_failed_row(tmp_path: Path) -> None:
    folder = write_outdir(tmp_path / "out", {"jane_roe": record("jane_roe")}, failed=False)
    (folder / "jane_roe.json").write_text('{"schema_version": "1.0", "person": {', "utf-8")
    entries, problems = read_outdir(folder)
    assert len(entries) == 1 and entries[0].cv is None
    assert len(problems) == 1 and "cannot read" in problems[0]
    dom = parse_html(render_report(entries))
    assert "failed" in table_rows(dom)[0].attrs["class"]


def test_report_command_writes_the_page(batch: Path, tmp_path: Path, page: str) -> None:
    target = tmp_path / "report.html"
    assert main(["report", str(batch), "-o", str(target)]) == 0
    assert target.read_text(encoding="utf-8") == page


@pytest.mark.parametrize(
    ("outdir", "output", "message"),
    [
        ("missing", "r.html", "not a folder"),
        ("empty", "r.html", "no manifest.jsonl"),
        ("good", "x.json", "give a .html file"),
    ],
)
def test_report_command_bad_usage_is_a_message(
    batch: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    outdir: str,
    output: str,
    message: str,
) -> None:
    (tmp_path / "empty").mkdir()
    folder = batch if outdir == "good" else tmp_path / outdir
    assert main(["report", str(folder), "-o", str(tmp_path / output)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert not (tmp_path / output).exists()


# --- in a real browser -------------------------------------------------------------------------

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
