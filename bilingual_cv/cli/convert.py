"""The ``bilingual-cv`` command: batch conversion of CV files to JSON, and the JSON Schema.

``bilingual-cv convert INPUT... -o OUTDIR`` converts files, folders (recursively) and glob
patterns (expanded here too, so quoted patterns work) into ``OUTDIR/<stem>.json``, one per CV,
in parallel, and records every input in ``OUTDIR/manifest.jsonl``. ``--jsonl``, ``--csv`` and
``--xlsx`` add whole-batch tables; ``--jsonresume``, ``--bibtex`` and ``--csl-json`` one document
per CV. One bad file never stops the batch.

Inputs. Every file under an input folder (hidden ones left out) is an input: one of a format
that is not read (.doc, .wps, .xlsx, .pages, images ...) gets a row with status ``failed``,
error code ``unsupported_format`` and a hint (save .doc/.wps as .docx or PDF; run OCR on
images; export .pages), and a pattern that matches only such files says so. A report this
command's ``report`` wrote is refused as ``not_a_cv``. The folders and files the run writes,
and the output folders of earlier runs, are not walked. Any file name is taken (not UTF-8, 255 bytes, control characters). The manifest
records each input as ``input`` (its path as text, undecodable bytes written ``\\xNN``) and
``input_b64`` (the exact bytes). A link found inside a folder (or by a pattern) that leads
outside it is refused (status ``failed``, error code ``outside_input_tree``); links named on
the command line are followed. Links are resolved once, when the inputs are listed: each file
is then opened without following links and must still be the file listed (device and inode),
so a link or another file put in its place later fails (``link_refused``, ``input_changed``)
instead of being converted.

Output names. The first input (in input order) with a given stem gets ``<stem>.json``; a later
input with the same stem (compared case-insensitively, for case-insensitive file systems) gets
``<stem>-2.json``, ``<stem>-3.json`` ..., skipping names that another input's stem already
owns. Stems are made safe and cut to 120 bytes; a changed stem ends with a short hash of the
original name. An input keeps the name an earlier run gave it, and a new input never takes the
name of a file another input left in OUTDIR (``OUTDIR/.bilingual-cv.owners`` remembers who
owns what). An output that a run killed before recording it left behind keeps belonging to
its input: the CV names its source, and the rerun reads it back.

Reruns. An input is skipped (status ``skipped``) when the manifest of the previous run in
OUTDIR records it as converted into the same output name, from bytes with the same SHA-256,
by the same version of this package and with the same CCF edition, and that output file is
still there. ``--force`` converts everything again. A run that is interrupted leaves
``OUTDIR/.manifest.jsonl.partial``, which the next run reads, so it resumes, and removes the
temporary files (``.<name>.<hex>.tmp``) a killed run left. Two runs into one OUTDIR at once are
refused (``OUTDIR/.bilingual-cv.lock``).

Files written. Outputs, tables, JSON Resume documents and the report are written under a new
temporary name and renamed into place; the lock and the partial manifest are opened without
following links. A link (or anything but a regular file) where a control file of OUTDIR
belongs stops the run before any work (see :mod:`bilingual_cv.batch.outdir`).

Tables. ``summary.csv`` (and the Summary sheet of ``--xlsx``) also counts CCF papers from
``--since YEAR`` on, in columns named after the year (``ccf_a_since_2021``); without
``--since`` the year is five years before the year of the run, and the command prints it.

Exit status: 0 when every input was converted (or skipped as current), 1 when any failed (a
summary on stderr lists them), 2 for bad usage, found before any work: bad options, no inputs
found, an ``-o``, ``--csv``, ``--jsonl``, ``--xlsx``, ``--jsonresume``, ``--bibtex`` or
``--csl-json`` target of the wrong kind, not writable, that would overwrite an input of the run
or of the OUTDIR manifest or be read as one by a rerun (see :mod:`bilingual_cv.cli.targets`),
``--xlsx`` without openpyxl, a link where a control file of OUTDIR belongs, or an OUTDIR another
run is writing into.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import importlib.util
import json
import sys
import time
from collections.abc import Callable, Generator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bilingual_cv import __version__
from bilingual_cv.batch.inputs import (
    CheckedFile,
    Input,
    collect_inputs,
    display_name,
    name_b64,
    text_name,
)
from bilingual_cv.batch.outdir import (
    MANIFEST_NAME,
    OWNERS_NAME,
    PARTIAL_MANIFEST_NAME,
    UsageError,
    check_control_files,
    is_output_name,
    lock_outdir,
    open_partial_manifest,
    read_manifest,
    read_text,
    remove_stale_temporaries,
    write_atomic,
    write_owners,
)
from bilingual_cv.cli.plan import Plan, file_sha256, make_plan
from bilingual_cv.cli.progress import Progress
from bilingual_cv.cli.since import resolve_since
from bilingual_cv.cli.targets import (
    PROBE_NAME,
    check_targets,
    written_targets,
)
from bilingual_cv.export.csv import PUBLICATIONS_CSV, SUMMARY_CSV, Tables

if TYPE_CHECKING:
    from bilingual_cv.batch.results import ParseResult


def _prepare_outdir(output: str) -> Path:
    outdir = Path(output)
    try:
        outdir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(
            f"{display_name(outdir)}: cannot create the output folder ({exc.strerror or exc})"
        ) from exc
    return outdir


def _manifest_record(
    item: Input,
    output: str | None,
    status: str,
    *,
    sha256: str | None,
    error: str | None = None,
    error_code: str | None = None,
    warnings: int = 0,
    seconds: float = 0.0,
    edition: str,
) -> dict[str, Any]:
    return {
        "input": text_name(item.path),
        "input_b64": name_b64(item.path),
        "sha256": sha256,
        "status": status,
        "error": error,
        "error_code": error_code,
        "warnings": warnings,
        "seconds": round(seconds, 4),
        "output": output if status != "failed" else None,
        "tool_version": __version__,
        "ccf_edition": edition,
    }


def _convert(args: argparse.Namespace) -> int:
    started = time.monotonic()
    from bilingual_cv.batch.worker import MIN_MAX_MEMORY

    if args.max_memory is not None and args.max_memory < MIN_MAX_MEMORY:
        raise UsageError(f"--max-memory must be at least {MIN_MAX_MEMORY >> 20}M or 0 (no limit)")
    if args.dask and importlib.util.find_spec("distributed") is None:
        raise UsageError("--dask needs Dask: pip install 'bilingual-cv[dask]'")
    if args.xlsx and importlib.util.find_spec("openpyxl") is None:
        raise UsageError("--xlsx needs openpyxl: pip install 'bilingual-cv[xlsx]'")
    found = collect_inputs(args.inputs, exclude=written_targets(args))
    if not found.inputs:
        raise UsageError("; ".join([*found.missing, *found.notes, "no input files found"]))
    check_targets(args, found)
    given = args.since is not None
    since = resolve_since(args)
    outdir = _prepare_outdir(args.output)
    with lock_outdir(outdir):
        check_control_files(outdir)
        remove_stale_temporaries(outdir, functools.partial(_is_temporary_of, args))
        if not args.quiet and not args.force and (outdir / MANIFEST_NAME).exists():
            # hashing the inputs to find the unchanged ones can take a while: say so first
            print(
                f"bilingual-cv: {len(found.inputs)} input(s); checking which are unchanged",
                file=sys.stderr,
                flush=True,
            )
        plan = make_plan(found, outdir, args)
        for message in [*plan.missing, *found.notes]:
            print(message, file=sys.stderr)
        if args.csv or args.xlsx:
            why = "" if given else ": five years before this year, the default"
            print(f"bilingual-cv: recent CCF papers counted from {since} on (--since{why})",
                  file=sys.stderr)  # fmt: skip
        progress = Progress(len(plan.inputs), sys.stderr, quiet=args.quiet)
        progress.start(_start_message(plan, args))
        failures = _run(plan, outdir, args, progress)
    _print_summary(progress, failures, plan.missing, outdir, time.monotonic() - started)
    if found.notes:
        print(f"{len(found.notes)} note(s) on the inputs:", file=sys.stderr)
        for message in found.notes:
            print(f"  {message}", file=sys.stderr)
    return 1 if failures or plan.missing else 0


def _is_temporary_of(args: argparse.Namespace, name: str) -> bool:
    """Whether ``name`` is a file of OUTDIR whose temporary copy a killed run may have left.

    >>> args = argparse.Namespace(jsonl="out/all.jsonl", xlsx=None)
    >>> _is_temporary_of(args, "cv09.json"), _is_temporary_of(args, "all.jsonl")
    (True, True)
    >>> _is_temporary_of(args, "notes.txt"), _is_temporary_of(args, "report.html")
    (False, False)
    """
    ours = {MANIFEST_NAME, OWNERS_NAME, PUBLICATIONS_CSV, SUMMARY_CSV, PROBE_NAME}
    for table in (args.jsonl, getattr(args, "xlsx", None)):
        if table:
            ours.add(Path(table).name)
    return is_output_name(name) or name in ours


def _start_backend(
    todo: list[CheckedFile], args: argparse.Namespace
) -> Generator[ParseResult, None, None]:
    """The results of the files to convert: from the local worker pool, or from Dask."""
    options: dict[str, Any] = {
        "ccf_edition": args.ccf_edition,
        "timeout": args.timeout or None,
        "max_memory": args.max_memory,
    }
    if not args.dask:
        from bilingual_cv.batch.pool import parse_many

        return parse_many(todo, args.workers, **options)
    from bilingual_cv.batch.dask import parse_many_dask

    try:
        return parse_many_dask(
            todo, args.dask, workers=args.workers, send_bytes=not args.dask_shared_files, **options
        )
    except OSError as exc:  # TimeoutError and connection errors
        raise UsageError(f"--dask {args.dask}: cannot reach the scheduler ({exc})") from exc


def _start_message(plan: Plan, args: argparse.Namespace) -> str:
    """The first line of a run, printed before any worker is ready.

    >>> plan = Plan([Input(Path("a.txt")), Input(Path("b.txt"))], ["a.json", "b.json"],
    ...             [False, True], {}, [])
    >>> _start_message(plan, argparse.Namespace(workers=4, timeout=60.0))
    'bilingual-cv: 2 input(s): 1 to convert, 1 unchanged; starting 1 worker(s)'
    """
    from bilingual_cv.batch.pool import default_workers

    todo = sum(1 for item, skip in zip(plan.inputs, plan.skip, strict=True)
               if not skip and item.error_code is None)  # fmt: skip
    message = f"bilingual-cv: {len(plan.inputs)} input(s): {todo} to convert"
    if any(plan.skip):
        message += f", {sum(plan.skip)} unchanged"
    refused = sum(item.error_code is not None for item in plan.inputs)
    if refused:
        message += f", {refused} refused"
    workers = min(args.workers or default_workers(), todo)
    if getattr(args, "dask", None) and todo:
        where = "a local Dask cluster" if args.dask == "local" else f"Dask at {args.dask}"
        message += f"; starting {where}"
    elif workers and (workers > 1 or args.timeout):
        message += f"; starting {workers} worker(s)"
    return message


def _run(plan: Plan, outdir: Path, args: argparse.Namespace, progress: Progress) -> list[str]:
    """Convert what the plan says, writing outputs, tables and the manifest; the failures."""
    records: list[dict[str, Any]] = []
    failures: list[str] = []
    todo = [
        item.checked()
        for item, skip in zip(plan.inputs, plan.skip, strict=True)
        if not skip and item.error_code is None
    ]
    # opened first: a link planted where it belongs stops the run before any work
    partial = open_partial_manifest(outdir)
    try:
        tables = Tables(
            Path(args.jsonl) if args.jsonl else None,
            Path(args.csv) if args.csv else None,
            since=args.since,
            xlsx=Path(args.xlsx) if args.xlsx else None,
        )
    except BaseException:
        partial.close()
        raise
    try:
        with partial, contextlib.closing(_start_backend(todo, args)) as results:
            for item, output, skip in zip(plan.inputs, plan.outputs, plan.skip, strict=True):
                if item.error_code is not None or output is None:
                    record = _refused(item, args.ccf_edition, tables, progress, failures)
                elif skip:
                    record = _skipped(item, output, plan, outdir, tables, progress, failures)
                else:
                    record = _converted(
                        item, output, next(results), args, outdir, tables, progress, failures
                    )
                records.append(record)
                partial.write(json.dumps(record, ensure_ascii=False) + "\n")
                partial.flush()
    except BaseException:
        progress.finish()
        tables.discard()
        raise
    progress.finish()
    tables.commit()
    write_atomic(
        outdir / MANIFEST_NAME, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records)
    )
    write_owners(outdir, records)
    (outdir / PARTIAL_MANIFEST_NAME).unlink(missing_ok=True)
    return failures


def _refused(
    item: Input, edition: str, tables: Tables, progress: Progress, failures: list[str]
) -> dict[str, Any]:
    """A path refused before parsing (a link out of the input tree): a failed record."""
    message = item.reason or f"{display_name(item.path)}: refused"
    failures.append(message)
    progress.update("failed", item.path, message)
    tables.add_failed(text_name(item.path), item.error_code)
    return _manifest_record(
        item, None, "failed", sha256=None, error=message, error_code=item.error_code,
        edition=edition,
    )  # fmt: skip


def _skipped(
    item: Input,
    output: str,
    plan: Plan,
    outdir: Path,
    tables: Tables,
    progress: Progress,
    failures: list[str],
) -> dict[str, Any]:
    """An input whose output is current: its record carried over, its CV read back if needed."""
    record = dict(plan.previous[name_b64(item.path)], status="skipped", seconds=0.0)
    record.update(input=text_name(item.path), input_b64=name_b64(item.path))
    if tables.wanted:
        try:
            cv = json.loads(read_text(outdir / output))
        except (OSError, ValueError) as exc:
            message = (
                f"{display_name(item.path)}: cannot read its previous output"
                f" {display_name(outdir / output)} ({exc}); rerun with --force"
            )
            failures.append(message)
            progress.update("failed", item.path, message)
            tables.add_failed(text_name(item.path), "stale_output")
            return dict(
                record, status="failed", error=message, error_code="stale_output", output=None
            )
        tables.add(cv)
    progress.update("skipped", item.path, " (unchanged)")
    return record


def _converted(
    item: Input,
    output: str,
    result: ParseResult,
    args: argparse.Namespace,
    outdir: Path,
    tables: Tables,
    progress: Progress,
    failures: list[str],
) -> dict[str, Any]:
    """Write a converted CV (or report its failure) and return its manifest record."""
    edition = args.ccf_edition
    if result.json is None:
        message = result.error or f"{display_name(item.path)}: failed"
        failures.append(message)
        progress.update("failed", item.path, message, result.traceback)
        tables.add_failed(text_name(item.path), result.error_code)
        return _manifest_record(
            item,
            output,
            "failed",
            sha256=file_sha256(item),
            error=message,
            error_code=result.error_code,
            seconds=result.seconds,
            edition=edition,
        )
    write_atomic(outdir / output, result.json + "\n")
    if tables.wanted:
        tables.add(json.loads(result.json))
    progress.update("ok", item.path, f" -> {display_name(outdir / output)}")
    return _manifest_record(
        item,
        output,
        "ok",
        sha256=result.sha256,
        warnings=result.warnings,
        seconds=result.seconds,
        edition=edition,
    )


def _print_summary(
    progress: Progress, failures: list[str], missing: list[str], outdir: Path, seconds: float
) -> None:
    converted = progress.done - progress.failed - progress.skipped
    line = f"converted {converted}"
    if progress.skipped:
        line += f", skipped {progress.skipped} unchanged"
    line += (
        f", failed {progress.failed} of {progress.done} file(s) into {outdir} in {seconds:.1f} s"
    )
    print(line, file=sys.stderr)
    if failures:
        print(f"{len(failures)} file(s) failed:", file=sys.stderr)
        for message in failures:
            print(f"  {message}", file=sys.stderr)
    if missing:
        print(f"{len(missing)} input argument(s) named nothing:", file=sys.stderr)
        for message in missing:
            print(f"  {message}", file=sys.stderr)


# --- convert, then one document per CV: JSON Resume, BibTeX, CSL-JSON ---------------------


@dataclass(frozen=True, slots=True)
class Export:
    """A document written for each converted CV: what it is called, where it goes, how it is
    made from the CV's JSON form."""

    label: str
    target: Path
    suffix: str
    render: Callable[[dict[str, Any]], str]


def per_cv_exports(args: argparse.Namespace) -> list[Export]:
    """The ``--jsonresume``, ``--bibtex`` and ``--csl-json`` exports the command asks for."""
    from bilingual_cv.export.citations import csl_json_text, to_bibtex
    from bilingual_cv.export.jsonresume import to_json_resume

    def resume(cv: dict[str, Any]) -> str:
        return json.dumps(to_json_resume(cv), ensure_ascii=False, indent=2) + "\n"

    wanted = [
        ("JSON Resume", args.jsonresume, ".json", resume),
        ("BibTeX", args.bibtex, ".bib", to_bibtex),
        ("CSL-JSON", args.csl_json, ".json", csl_json_text),
    ]
    return [Export(label, Path(target), suffix, render)
            for label, target, suffix, render in wanted if target]  # fmt: skip


def run_convert(args: argparse.Namespace) -> int:
    """``convert``, then the documents of ``--jsonresume``, ``--bibtex`` and ``--csl-json``:
    one per converted CV. Their folders are checked with the other targets, before any work.
    """
    code = _convert(args)
    for export in per_cv_exports(args):
        code = max(code, _write_documents(Path(args.output), export))
    return code


def _write_documents(outdir: Path, export: Export) -> int:
    """One ``<target>/<name><suffix>`` per CV the manifest lists as converted."""
    written = failed = 0
    for record in read_manifest(outdir).values():
        output = record.get("output")
        if record.get("status") not in ("ok", "skipped") or not is_output_name(output):
            continue
        name = str(output)
        target = export.target / (name.removesuffix(".json") + export.suffix)
        try:
            cv = json.loads(read_text(outdir / name))
        except (OSError, ValueError) as exc:
            cv = f"cannot read it ({exc})"
        problem = None if isinstance(cv, dict) else (cv or "not a CV")
        if isinstance(cv, dict):
            try:
                write_atomic(target, export.render(cv))
            except OSError as exc:
                problem = f"cannot write {display_name(target)} ({exc.strerror or exc})"
        if problem is not None:
            shown = display_name(outdir / name)
            print(f"{shown}: no {export.label} written: {problem}", file=sys.stderr)
            failed += 1
            continue
        written += 1
    print(
        f"{export.label}: {written} document(s) written to {display_name(export.target)}",
        file=sys.stderr,
    )
    return 1 if failed else 0
