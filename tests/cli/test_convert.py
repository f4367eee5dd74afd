"""Tests of bilingual_cv.cli.convert: ``bilingual-cv convert``, run as the installed console script
on temporary folders (and in the test process where it stops before any parsing).

Worker start-up costs about a second per run, so runs are shared: a module-scoped fixture
converts one corpus with one worker and with two, and most tests look at what those runs left.
"""

from __future__ import annotations

import base64
import csv
import datetime
import io
import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest

from bilingual_cv import __version__
from bilingual_cv.batch.inputs import InputSet, collect_inputs
from bilingual_cv.cli.main import main
from bilingual_cv.export.csv import PUBLICATION_COLUMNS, summary_columns
from bilingual_cv.export.summary import default_since

#: The header of a summary made today without --since.
SUMMARY_COLUMNS = summary_columns(default_since(datetime.date.today()))
from tests.batch.hostile import HOSTILE_NAMES, cvs_beside_a_secret, make_files
from tests.commands import EXAMPLES, Run, example_inputs, manifest, outputs, run_cli
from tests.faults import driver_command, fault_plugin, gate_plugin

#: Runs in the test process: one worker and no time limit parse in the calling process.
IN_PROCESS = ("--workers", "1", "--timeout", "0")


def _convert(capsys: pytest.CaptureFixture[str], *args: str | Path) -> tuple[int, str]:
    code = main(["convert", *map(str, args)])
    return code, capsys.readouterr().err


@pytest.fixture
def cvs(tmp_path: Path) -> Path:
    """Two fictional CVs in ``cvs/``, and a file outside it (``secret/payroll.txt``)."""
    return cvs_beside_a_secret(tmp_path)


@dataclass
class Batch:
    inputs: Path
    ordered: list[Path]
    one: Path
    two: Path
    run_one: Run
    run_two: Run


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Batch:
    """The examples in a folder, a same-stem file in a subfolder and one reached by a pattern.

    Converted with ``--workers 1`` into ``one`` and ``--workers 2`` into ``two``.
    """
    root = tmp_path_factory.mktemp("cli")
    inputs, ordered = example_inputs(root)
    one, two = root / "one", root / "two"
    common = ["--jsonl", "{out}/all.jsonl", "--csv", "{out}/tables", "--timeout", "60"]
    runs = []
    for out, workers in ((one, "1"), (two, "2")):
        extra = [arg.format(out=out) for arg in common]
        # the pattern is quoted: the command expands it itself
        runs.append(run_cli("convert", inputs, str(root / "extra" / "*.txt"), "-o", out,
                            "--workers", workers, *extra))  # fmt: skip
    return Batch(inputs, ordered, one, two, runs[0], runs[1])


@pytest.mark.slow
def test_every_input_is_converted_and_recorded_in_order(batch: Batch) -> None:
    assert batch.run_one.code == 0, batch.run_one.stderr
    records = manifest(batch.one)
    assert [r["input"] for r in records] == [str(p) for p in batch.ordered]
    assert {r["status"] for r in records} == {"ok"}
    for record, path in zip(records, batch.ordered, strict=True):
        data = (batch.one / str(record["output"])).read_text(encoding="utf-8")
        cv = json.loads(data)
        assert cv["source"]["path"] == str(path)
        assert record["sha256"] == cv["source"]["sha256"]
        assert record["warnings"] == len(cv["warnings"])
        assert record["tool_version"] == __version__ and record["ccf_edition"] == "2026"
        assert record["error"] is None and isinstance(record["seconds"], float)
    assert not (batch.one / ".manifest.jsonl.partial").exists()
    assert "converted 6, failed 0 of 6 file(s)" in batch.run_one.stderr


@pytest.mark.slow
def test_same_stems_get_numbered_names_in_input_order(batch: Batch) -> None:
    by_input = {r["input"]: r["output"] for r in manifest(batch.one)}
    first, second = EXAMPLES[0], EXAMPLES[1]
    assert by_input[str(batch.inputs / first.name)] == f"{first.stem}.json"
    assert by_input[str(batch.inputs / "sub" / first.name)] == f"{first.stem}-2.json"
    assert by_input[str(batch.inputs / second.name)] == f"{second.stem}.json"
    assert by_input[str(batch.ordered[-1])] == f"{second.stem}-2.json"
    assert len(set(by_input.values())) == len(by_input)


@pytest.mark.slow
def test_outputs_do_not_depend_on_the_number_of_workers(batch: Batch) -> None:
    assert batch.run_two.code == 0, batch.run_two.stderr
    assert outputs(batch.one) == outputs(batch.two)
    for name in ("all.jsonl", "tables/publications.csv", "tables/summary.csv"):
        assert (batch.one / name).read_bytes() == (batch.two / name).read_bytes(), name
    strip = [{k: v for k, v in r.items() if k != "seconds"} for r in manifest(batch.one)]
    assert strip == [{k: v for k, v in r.items() if k != "seconds"} for r in manifest(batch.two)]


@pytest.mark.slow
def test_jsonl_has_one_cv_per_line_in_input_order(batch: Batch) -> None:
    lines = (batch.one / "all.jsonl").read_text(encoding="utf-8").splitlines()
    assert [json.loads(line)["source"]["path"] for line in lines] == [str(p) for p in batch.ordered]
    first = json.loads((batch.one / f"{EXAMPLES[0].stem}.json").read_text(encoding="utf-8"))
    assert json.loads(lines[0]) == first


@pytest.mark.slow
def test_csv_tables_are_excel_friendly_and_complete(batch: Batch) -> None:
    raw = (batch.one / "tables" / "publications.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # UTF-8 BOM: Excel shows Chinese
    rows = list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))
    cvs = [json.loads(line) for line in (batch.one / "all.jsonl").read_text("utf-8").splitlines()]
    assert list(rows[0]) == list(PUBLICATION_COLUMNS)
    assert len(rows) == sum(len(cv["publications"]) for cv in cvs)
    pub = cvs[0]["publications"][0]
    assert rows[0]["title"] == pub["title"] and rows[0]["kind"] == pub["kind"]
    assert rows[0]["ccf_rank"] == ((pub["ccf"] or {}).get("rank") or "")
    assert rows[0]["first_author"] == str(pub["owner_position"] == 1)
    summary = list(
        csv.DictReader(io.StringIO((batch.one / "tables" / "summary.csv").read_text("utf-8-sig")))
    )
    assert list(summary[0]) == list(SUMMARY_COLUMNS)
    assert [row["file"] for row in summary] == [str(p) for p in batch.ordered]
    for row, cv in zip(summary, cvs, strict=True):
        stats = cv["stats"]
        assert int(row["publications"]) == stats["publications"]
        assert int(row["ccf_a"]) == stats["ccf"]["A"]
        assert int(row["first_author_ccf_a"]) == stats["ccf_owner_first"]["A"]
    assert any("\u4e00" <= ch <= "\u9fff" for ch in raw.decode("utf-8-sig"))  # Chinese kept


@pytest.mark.slow
def test_faults_in_workers_cost_only_their_file(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    for example in EXAMPLES:
        shutil.copy(example, inputs / example.name)
    for name in ("crash.txt", "hang.txt", "bug.txt"):
        shutil.copy(EXAMPLES[0], inputs / name)
    plugin = fault_plugin(tmp_path, {"crash.txt": "crash", "hang.txt": "hang", "bug.txt": "bug"})
    out = tmp_path / "out"
    run = run_cli(
        "convert", inputs, "-o", out, "--workers", "2", "--timeout", "10", plugins=[plugin]
    )
    assert run.code == 1
    lines = run.stderr.splitlines()
    assert f"{inputs / 'crash.txt'}: worker crashed (exit code 70) while parsing this file" in lines
    assert f"{inputs / 'hang.txt'}: timed out after 10 s (its worker was stopped)" in lines
    assert any(line.startswith(f"{inputs / 'bug.txt'}: internal error") for line in lines)
    assert "Traceback (most recent call last):" in run.stderr  # a bug keeps its traceback
    assert "3 file(s) failed:" in run.stderr
    records = {Path(str(r["input"])).name: r for r in manifest(out)}
    assert {name: r["error_code"] for name, r in records.items() if r["status"] == "failed"} == {
        "crash.txt": "worker_crashed",
        "hang.txt": "timeout",
        "bug.txt": "internal_error",
    }
    assert all((out / f"{example.stem}.json").is_file() for example in EXAMPLES)


@pytest.mark.slow
def test_a_missing_input_beside_good_ones_fails_the_batch(tmp_path: Path) -> None:
    cv = tmp_path / "cv.txt"
    shutil.copy(EXAMPLES[0], cv)
    run = run_cli(
        "convert",
        cv,
        tmp_path / "gone.txt",
        "-o",
        tmp_path / "o",
        "--timeout",
        "0",
        "--workers",
        "1",
    )
    assert run.code == 1
    assert f"{tmp_path / 'gone.txt'}: no such file or folder" in run.stderr.splitlines()
    assert (tmp_path / "o" / "cv.json").is_file()


@pytest.mark.slow
def test_the_first_line_comes_before_any_worker_is_ready(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    for example in EXAMPLES:
        shutil.copy(example, inputs / example.name)
    # every worker waits at a shut gate before it warms up: none can be ready until it opens
    gate = tmp_path / "gate"
    plugin = gate_plugin(tmp_path, gate)
    process = subprocess.Popen(
        [*driver_command([plugin]), "convert", str(inputs), "-o", str(tmp_path / "out"),
         "--workers", "2"],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True,
    )  # fmt: skip
    assert process.stderr is not None
    first = process.stderr.readline()
    # a command that waited for a ready worker would have printed only after one gave up
    assert not gate.with_name("gate.gave-up").exists(), first
    gate.touch()
    second = process.stderr.readline()
    rest = process.stderr.read()
    assert process.wait(timeout=120) == 0, rest
    assert first.startswith("bilingual-cv: 4 input(s): 4 to convert; starting 2 worker(s)")
    assert second.startswith("[1/4] ok ")


@pytest.mark.slow
def test_hostile_names_and_links_all_get_rows_and_safe_outputs(tmp_path: Path) -> None:
    inputs, secret = tmp_path / "in", tmp_path / "secret"
    inputs.mkdir()
    secret.mkdir()
    made = make_files(inputs, HOSTILE_NAMES, EXAMPLES[0].read_bytes())
    (secret / "payroll.txt").write_text("Jane Roe\n", encoding="utf-8")
    (inputs / "leak.txt").symlink_to(secret / "payroll.txt")
    (inputs / "leak-dir").symlink_to(secret)
    out = tmp_path / "out"
    run = run_cli("convert", inputs, "-o", out, "--csv", out / "t", "--jsonl", out / "all.jsonl",
                  "--workers", "2", "--timeout", "60")  # fmt: skip
    assert run.code == 1, run.stderr
    assert "Traceback" not in run.stderr
    raw_manifest = (out / "manifest.jsonl").read_bytes()
    raw_manifest.decode("utf-8")  # strict: no lone surrogates got through
    records = manifest(out)
    by_bytes = {base64.b64decode(str(r["input_b64"])): r for r in records}
    assert set(by_bytes) == {
        os.fsencode(p) for p in [*made, inputs / "leak.txt", inputs / "leak-dir"]
    }
    for path in made:
        record = by_bytes[os.fsencode(path)]
        assert record["status"] == "ok", record
        output = out / str(record["output"])
        cv = json.loads(output.read_text(encoding="utf-8"))
        assert cv["source"]["path"] == record["input"]
    assert len({r["output"] for r in records if r["output"]}) == len(made)
    for name in ("leak.txt", "leak-dir"):
        record = by_bytes[os.fsencode(inputs / name)]
        assert (record["status"], record["error_code"]) == ("failed", "outside_input_tree")
        assert record["output"] is None
    assert "Jane Roe" not in "".join(p.read_text("utf-8") for p in out.glob("*.json"))
    summary = list(csv.DictReader(io.StringIO((out / "t" / "summary.csv").read_text("utf-8-sig"))))
    assert list(summary[0]) == list(SUMMARY_COLUMNS)
    assert [row["file"] for row in summary] == [r["input"] for r in records]
    failed = [row for row in summary if row["status"] == "failed"]
    assert {row["error_code"] for row in failed} == {"outside_input_tree"}
    assert all(row["publications"] == "" for row in failed)
    assert all(row["publications"] != "" for row in summary if row["status"] == "ok")
    lines = (out / "all.jsonl").read_bytes().decode("utf-8").splitlines()
    assert len(lines) == len(made)
    # stderr stays one line per failure: the newline in a name is escaped
    assert f"{inputs}/leak.txt: refused" in run.stderr
    assert f"] ok {inputs}/Jane\\nRoe.txt -> " in run.stderr
    assert not any(line.startswith("Roe.txt") for line in run.stderr.splitlines())


@pytest.mark.slow
def test_failed_inputs_have_a_manifest_row_and_a_summary_row(tmp_path: Path) -> None:
    inputs = tmp_path / "in"
    inputs.mkdir()
    shutil.copy(EXAMPLES[0], inputs / "good.txt")
    (inputs / "empty.txt").write_bytes(b"")
    (inputs / "locked.pdf").write_bytes(b"%PDF-1.4 broken")
    out = tmp_path / "out"
    run = run_cli("convert", inputs, "-o", out, "--csv", out, "--workers", "1", "--timeout", "0")
    assert run.code == 1
    records = manifest(out)
    summary = list(csv.DictReader(io.StringIO((out / "summary.csv").read_text("utf-8-sig"))))
    assert [row["file"] for row in summary] == [r["input"] for r in records]
    assert [(row["status"], row["error_code"]) for row in summary] == [
        (r["status"] if r["status"] != "skipped" else "ok", r["error_code"] or "") for r in records
    ]
    assert {row["status"] for row in summary} == {"ok", "failed"}


def _swapping_walk(
    monkeypatch: pytest.MonkeyPatch, name: str, outside: Path
) -> list[tuple[Path, str]]:
    """Make the command's walk swap ``name`` for a link to ``outside`` right after listing."""
    import bilingual_cv.cli.convert

    swapped: list[tuple[Path, str]] = []

    def walk_then_swap(arguments: list[str], exclude: list[Path]) -> InputSet:
        found = collect_inputs(arguments, exclude)
        victim = next(item.path for item in found.inputs if item.path.name == name)
        victim.unlink()
        victim.symlink_to(outside)
        swapped.append((victim, str(outside)))
        return found

    monkeypatch.setattr(bilingual_cv.cli.convert, "collect_inputs", walk_then_swap)
    return swapped


@pytest.mark.slow
@pytest.mark.parametrize("workers", [IN_PROCESS, ("--workers", "2", "--timeout", "60")])
def test_the_command_never_converts_a_link_swapped_in_after_the_walk(
    cvs: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    workers: tuple[str, ...],
) -> None:
    # links the walk accepts keep working: one inside the input folder (to a file in a hidden
    # folder, which the walk itself leaves out), and one named on the command line
    (cvs / ".store").mkdir()
    shutil.copy(EXAMPLES[2], cvs / ".store" / "kim.md")
    (cvs / "kim.md").symlink_to(Path(".store") / "kim.md")
    (tmp_path / "elsewhere").mkdir()
    shutil.copy(EXAMPLES[3], tmp_path / "elsewhere" / "ann.txt")
    named = tmp_path / "named.txt"
    named.symlink_to(tmp_path / "elsewhere" / "ann.txt")
    swapped = _swapping_walk(monkeypatch, "jane.txt", tmp_path / "secret" / "payroll.txt")
    out = tmp_path / "out"
    code, err = _convert(capsys, cvs, named, "-o", out, "--csv", out, *workers)
    assert swapped and code == 1, err
    assert "Traceback" not in err
    records = {Path(str(r["input"])).name: r for r in manifest(out)}
    assert (records["jane.txt"]["status"], records["jane.txt"]["error_code"]) == (
        "failed",
        "link_refused",
    )
    assert records["jane.txt"]["output"] is None
    for name in ("kim.md", f"lee{EXAMPLES[1].suffix}"):
        assert records[name]["status"] == "ok", records[name]
    kim = json.loads((out / str(records["kim.md"]["output"])).read_text(encoding="utf-8"))
    assert kim["source"]["path"] == str(cvs / "kim.md")  # recorded under the link's own name
    assert records["named.txt"]["status"] == "ok", records["named.txt"]
    every = "".join(p.read_text("utf-8", "replace") for p in out.iterdir() if p.is_file())
    assert "Quillfeather" not in every


#: Files of formats that are not read, as a committee's folder holds them.
UNREAD_FILES = ("ann.doc", "bo.wps", "cy.xlsx", "di.pages", "ed.png")


@pytest.mark.slow
def test_a_folder_of_unread_formats_gives_every_file_a_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from bilingual_cv.report import read_outdir, render_report
    from tests.report.dom import parse_html, table_rows
    from tests.report.fictional import CVS

    folder = tmp_path / "cvs"
    folder.mkdir()
    for name in ("jane_roe", "li_hua"):
        (folder / f"{name}.txt").write_text(CVS[name], encoding="utf-8")
    for name in UNREAD_FILES:
        (folder / name).write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1 fictional")
    out = tmp_path / "out"
    code, err = _convert(capsys, folder, "-o", out, "--csv", out / "t", *IN_PROCESS)
    assert code == 1, err
    records = manifest(out)
    assert len(records) == 7
    refused = {Path(str(r["input"])).name: r for r in records if r["status"] == "failed"}
    assert set(refused) == set(UNREAD_FILES)
    assert {r["error_code"] for r in refused.values()} == {"unsupported_format"}
    assert "save it as .docx or PDF" in str(refused["bo.wps"]["error"])
    assert "OCR" in str(refused["ed.png"]["error"])
    assert "export it from Pages" in str(refused["di.pages"]["error"])
    summary = list(csv.DictReader(io.StringIO((out / "t" / "summary.csv").read_text("utf-8-sig"))))
    assert len(summary) == 7
    assert (
        sorted(r["error_code"] for r in summary if r["status"] == "failed")
        == ["unsupported_format"] * 5
    )
    assert "7 input(s): 2 to convert, 5 refused" in err
    entries, _ = read_outdir(out)
    rows = table_rows(parse_html(render_report(entries, since=2021)))
    assert len(rows) == 7
    assert sum("failed" in row.attrs["class"].split() for row in rows) == 5

    pattern_out = tmp_path / "only-doc"
    code, err = _convert(capsys, str(folder / "*.doc"), "-o", pattern_out, *IN_PROCESS)
    assert code == 1
    assert "matches only files of formats that are not read (1 file(s))" in err
    assert [r["error_code"] for r in manifest(pattern_out)] == ["unsupported_format"]


@pytest.mark.slow
def test_exports_read_back_and_the_summary_names_its_since_year(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import bibtexparser
    import jsonschema
    import openpyxl

    from bilingual_cv.export.citations import csl_schema_text
    from tests.report.fictional import CVS

    folder = tmp_path / "cvs"
    folder.mkdir()
    for name in ("jane_roe", "li_hua"):
        (folder / f"{name}.txt").write_text(CVS[name], encoding="utf-8")
    (folder / "jane_roe_again.md").write_text(CVS["jane_roe"], encoding="utf-8")
    out = tmp_path / "out"
    code, err = _convert(
        capsys, folder, "-o", out, "--csv", out / "t", "--since", "2022", "--xlsx",
        out / "batch.xlsx", "--bibtex", tmp_path / "bib", "--csl-json", tmp_path / "csl",
        *IN_PROCESS,
    )  # fmt: skip
    assert code == 0, err
    assert "recent CCF papers counted from 2022 on (--since)" in err
    stems = sorted(Path(str(r["output"])).stem for r in manifest(out))
    assert sorted(p.stem for p in (tmp_path / "bib").glob("*.bib")) == stems
    assert sorted(p.stem for p in (tmp_path / "csl").glob("*.json")) == stems
    schema = json.loads(csl_schema_text())
    for stem in stems:
        cv = json.loads((out / f"{stem}.json").read_text(encoding="utf-8"))
        library = bibtexparser.parse_string((tmp_path / "bib" / f"{stem}.bib").read_text("utf-8"))
        assert library.failed_blocks == [] and len(library.entries) == len(cv["publications"])
        items = json.loads((tmp_path / "csl" / f"{stem}.json").read_text(encoding="utf-8"))
        jsonschema.validate(items, schema)
        assert [i["title"] for i in items] == [p["title"] for p in cv["publications"]]
    summary = list(csv.DictReader(io.StringIO((out / "t" / "summary.csv").read_text("utf-8-sig"))))
    assert "ccf_a_since_2022" in summary[0] and "ccf_a_since_2021" not in summary[0]
    by_file = {Path(row["file"]).name: row for row in summary}
    assert by_file["jane_roe.txt"]["ccf_a_since_2022"] == "1"  # OSDI 2023; SOSP 2021 is older
    assert by_file["jane_roe.txt"]["duplicates"] == str(folder / "jane_roe_again.md")
    assert by_file["li_hua.txt"]["duplicates"] == ""
    assert by_file["jane_roe.txt"]["current_position"] == "Research Scientist"
    book = openpyxl.load_workbook(out / "batch.xlsx")
    assert [c.value for c in book["Summary"][1]] == list(summary[0])
    assert book["Summary"].max_row == 4 and book["Publications"].freeze_panes == "A2"

    code, err = _convert(capsys, folder, "-o", out, "--csv", out / "t", *IN_PROCESS)
    assert code == 0
    this_year = datetime.date.today().year
    assert f"counted from {this_year - 5} on (--since: five years before this year" in err


def test_an_unusable_export_target_stops_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import importlib.util

    cv = tmp_path / "cv.txt"
    shutil.copy(EXAMPLES[0], cv)
    out = tmp_path / "out"
    code, err = _convert(capsys, cv, "-o", out, "--csl-json", out)
    assert code == 2 and "--csl-json needs a folder apart from -o" in err
    code, err = _convert(capsys, cv, "-o", out, "--xlsx", tmp_path / "batch.csv")
    assert code == 2 and "name it .xlsx" in err
    real_find_spec = importlib.util.find_spec

    def without_openpyxl(name: str, *args: object) -> object:
        return None if name == "openpyxl" else real_find_spec(name, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(importlib.util, "find_spec", without_openpyxl)
    code, err = _convert(capsys, cv, "-o", out, "--xlsx", tmp_path / "batch.xlsx")
    assert code == 2 and "pip install 'bilingual-cv[xlsx]'" in err
    assert not out.exists()
