"""The ``bilingual-cv`` command: batch conversion of CV files to JSON, and the JSON Schema.

``bilingual-cv convert INPUT... -o OUTDIR`` converts files, folders (recursively) and glob
patterns (expanded here too, so quoted patterns work) into ``OUTDIR/<stem>.json``, one per CV,
in parallel, and records every input in ``OUTDIR/manifest.jsonl``. ``--jsonl`` and ``--csv``
add whole-batch tables. One bad file never stops the batch.

Inputs. Any file name is taken (not UTF-8, 255 bytes, control characters). The manifest
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

Exit status: 0 when every input was converted (or skipped as current), 1 when any failed (a
summary on stderr lists them), 2 for bad usage, found before any work: bad options, no inputs
found, an ``-o``, ``--csv``, ``--jsonl`` or ``--jsonresume`` target of the wrong kind, not
writable, that would overwrite an input of the run or of the OUTDIR manifest or be read as one by
a rerun (see :mod:`bilingual_cv.cli.targets`), a link where a control file of OUTDIR belongs, or an
OUTDIR another run is writing into.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import importlib.util
import json
import sys
import time
from collections.abc import Generator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bilingual_cv import __version__
from bilingual_cv.batch.inputs import (
    CheckedFile,
    Input,
    InputSet,
    assign_output_names,
    collect_inputs,
    display_name,
    name_b64,
    output_stem,
    text_name,
)
from bilingual_cv.batch.outdir import (
    MANIFEST_NAME,
    OWNERS_NAME,
    PARTIAL_MANIFEST_NAME,
    UsageError,
    check_control_files,
    existing_outputs,
    is_output_name,
    is_regular_file,
    lock_outdir,
    open_partial_manifest,
    read_manifest,
    read_owners,
    read_text,
    remove_stale_temporaries,
    write_atomic,
    write_owners,
)
from bilingual_cv.cli.progress import Progress
from bilingual_cv.cli.targets import (
    PROBE_NAME,
    ProtectedInputs,
    check_report_target,
    check_targets,
)
from bilingual_cv.export.csv import PUBLICATIONS_CSV, SUMMARY_CSV, Tables

if TYPE_CHECKING:
    from bilingual_cv.batch.pool import ParseResult

#: Default per-file time limit, in seconds.
DEFAULT_TIMEOUT = 60.0
#: Default address-space limit of each worker (``--max-memory``): 2 GiB.
DEFAULT_MAX_MEMORY = 2 << 30


# --- inputs and output names -------------------------------------------------------------------


def find_inputs(arguments: Sequence[str]) -> tuple[list[Path], list[str]]:
    """The files the arguments name (refused links left out), and what names nothing.

    See :func:`bilingual_cv.batch.inputs.collect_inputs`, which also returns the refused links.
    """
    found = collect_inputs(arguments)
    return [item.path for item in found.inputs if item.error_code is None], found.missing


# --- files written -----------------------------------------------------------------------------


def file_sha256(item: Input) -> str | None:
    """Hex SHA-256 of an input's bytes, read as a batch reads them (never through a link, only
    the file the walk listed); None when it cannot be read."""
    from bilingual_cv.errors import InputError
    from bilingual_cv.io.readers import open_input

    checked = item.checked()
    digest = hashlib.sha256()
    try:
        with open_input(checked.real, identity=checked.identity) as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except (OSError, InputError):
        return None
    return digest.hexdigest()


def is_current(
    record: dict[str, Any] | None, *, sha256: str | None, output: str, edition: str, outdir: Path
) -> bool:
    """Whether a previous record says this input's output is up to date."""
    return (
        record is not None
        and sha256 is not None
        and record.get("status") in ("ok", "skipped")
        and record.get("sha256") == sha256
        and record.get("tool_version") == __version__
        and record.get("ccf_edition") == edition
        and record.get("output") == output
        and is_regular_file(outdir / output)
    )


# --- convert -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """What one run does: inputs, their output names, and which are skipped as current.

    Attributes:
        inputs: Every input, refused links included, in input order.
        outputs: The output name of each input (None for a refused one).
        skip: Whether each input's output is current (not converted again).
        previous: The previous run's manifest records, by :func:`manifest_key`.
        missing: A message for each argument that named nothing.
    """

    inputs: list[Input]
    outputs: list[str | None]
    skip: list[bool]
    previous: dict[str, dict[str, Any]]
    missing: list[str]


def _make_plan(found: InputSet, outdir: Path, args: argparse.Namespace) -> Plan:
    """Name the outputs (keeping each input's name from the previous run) and decide skips.

    Outputs are never written over a file another input owns: an input keeps the output name
    the previous manifest gave it (or, when a run was killed between writing an output and
    recording it, the output whose CV names the input as its source), and a new input never
    takes the name of a file already in OUTDIR that is not its own.
    """
    previous = read_manifest(outdir)
    owners = {key: record.get("output") for key, record in previous.items()}
    owners.update(read_owners(outdir))
    index = [i for i, item in enumerate(found.inputs) if item.error_code is None]
    paths = [found.inputs[i].path for i in index]
    keep: dict[int, str] = {}
    kept: set[str] = set()
    for position, path in enumerate(paths):
        name = owners.get(name_b64(path))
        if is_output_name(name) and str(name).casefold() not in kept:
            keep[position] = str(name)
            kept.add(str(name).casefold())
    owned = {str(name).casefold() for name in owners.values() if is_output_name(name)}
    for position, name in _claim_unrecorded_outputs(outdir, paths, keep, owned | kept).items():
        keep[position] = name
        kept.add(name.casefold())
    taken = [name for name in existing_outputs(outdir) if name.casefold() not in kept]
    if args.jsonl and Path(args.jsonl).parent.resolve() == outdir.resolve():
        taken.append(Path(args.jsonl).name)
    names = assign_output_names(paths, keep, taken)
    outputs: list[str | None] = [None] * len(found.inputs)
    for position, name in zip(index, names, strict=True):
        outputs[position] = name
    protected = ProtectedInputs([found.inputs[i] for i in index], [], outdir)
    for name in (*names, MANIFEST_NAME, PARTIAL_MANIFEST_NAME):
        protected.refuse(outdir / name, "-o")
    for name in names if args.jsonresume else ():
        protected.refuse(Path(args.jsonresume) / name, "--jsonresume")
    skip = [
        output is not None
        and not args.force
        and is_current(
            previous.get(name_b64(item.path)),
            sha256=file_sha256(item),
            output=output,
            edition=args.ccf_edition,
            outdir=outdir,
        )
        for item, output in zip(found.inputs, outputs, strict=True)
    ]
    return Plan(found.inputs, outputs, skip, previous, found.missing)


def _claim_unrecorded_outputs(
    outdir: Path, paths: Sequence[Path], keep: dict[int, str], owned: set[str]
) -> dict[int, str]:
    """Outputs in OUTDIR that no record owns, given back to the input their CV came from.

    A run killed between writing ``cv09.json`` and recording it leaves an output that neither
    manifest names. Its CV records its input (``source.path``, the text name of the path as
    given), so the rerun gives it back to that input instead of naming the input anew
    (``cv09-2.json`` beside a stale ``cv09.json``). Only files named after the stem of an input
    without a name yet are read.

    Args:
        outdir: The output folder.
        paths: The inputs to convert, in input order.
        keep: Input position -> the name it keeps already.
        owned: Names (case-folded) that a record gives to some input.

    Returns:
        Input position -> the unrecorded output it owns.
    """
    wanted: dict[str, int] = {}
    stems: set[str] = set()
    for position, path in enumerate(paths):
        if position not in keep:
            wanted.setdefault(text_name(path), position)
            stems.add(output_stem(path).casefold())
    claimed: dict[int, str] = {}
    if not wanted:
        return claimed
    for name in sorted(existing_outputs(outdir)):
        stem = name.removesuffix(".json")
        base = stem.rpartition("-")[0] if stem.rpartition("-")[2].isdigit() else stem
        if name.casefold() in owned or not {stem.casefold(), base.casefold()} & stems:
            continue
        source = _recorded_source(outdir / name)
        if source is not None and source in wanted:
            claimed[wanted.pop(source)] = name
    return claimed


def _recorded_source(path: Path) -> str | None:
    """The ``source.path`` a CV record in OUTDIR names, None for anything else (or a link)."""
    try:
        data = json.loads(read_text(path))
    except (OSError, ValueError):
        return None
    source = data.get("source") if isinstance(data, dict) else None
    recorded = source.get("path") if isinstance(source, dict) else None
    return recorded if isinstance(recorded, str) else None


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
    from bilingual_cv.batch.pool import MIN_MAX_MEMORY

    if args.max_memory is not None and args.max_memory < MIN_MAX_MEMORY:
        raise UsageError(f"--max-memory must be at least {MIN_MAX_MEMORY >> 20}M or 0 (no limit)")
    if args.dask and importlib.util.find_spec("distributed") is None:
        raise UsageError("--dask needs Dask: pip install 'bilingual-cv[dask]'")
    found = collect_inputs(args.inputs)
    if not found.inputs:
        raise UsageError("; ".join([*found.missing, "no input files found"]))
    check_targets(args, found)
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
        plan = _make_plan(found, outdir, args)
        for message in plan.missing:
            print(message, file=sys.stderr)
        progress = Progress(len(plan.inputs), sys.stderr, quiet=args.quiet)
        progress.start(_start_message(plan, args))
        failures = _run(plan, outdir, args, progress)
    _print_summary(progress, failures, plan.missing, outdir, time.monotonic() - started)
    return 1 if failures or plan.missing else 0


def _is_temporary_of(args: argparse.Namespace, name: str) -> bool:
    """Whether ``name`` is a file of OUTDIR whose temporary copy a killed run may have left.

    >>> args = argparse.Namespace(jsonl="out/all.jsonl")
    >>> _is_temporary_of(args, "cv09.json"), _is_temporary_of(args, "all.jsonl")
    (True, True)
    >>> _is_temporary_of(args, "notes.txt"), _is_temporary_of(args, "report.html")
    (False, False)
    """
    ours = {MANIFEST_NAME, OWNERS_NAME, PUBLICATIONS_CSV, SUMMARY_CSV, PROBE_NAME}
    if args.jsonl:
        ours.add(Path(args.jsonl).name)
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
            Path(args.jsonl) if args.jsonl else None, Path(args.csv) if args.csv else None
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


# --- report and JSON Resume -------------------------------------------------------------------


def _report(args: argparse.Namespace) -> int:
    """``bilingual-cv report OUTDIR -o report.html``: the committee's page for a batch."""
    from bilingual_cv.errors import InputError
    from bilingual_cv.report.html import read_outdir, render_report

    output, outdir = Path(args.output), Path(args.outdir)
    check_report_target(output, outdir)
    try:
        entries, problems = read_outdir(outdir)
    except InputError as exc:
        raise UsageError(str(exc)) from exc
    for message in problems:
        print(message, file=sys.stderr)
    try:
        write_atomic(output, render_report(entries, title=args.title))
    except OSError as exc:
        raise UsageError(
            f"{display_name(output)}: cannot write the report ({exc.strerror or exc})"
        ) from exc
    print(f"report of {len(entries)} input(s) written to {display_name(output)}", file=sys.stderr)
    return 0


def _convert_and_export(args: argparse.Namespace) -> int:
    """``convert``, then ``--jsonresume DIR``: a JSON Resume document per converted CV.

    The ``--jsonresume`` folder is checked with the other targets, before any work.
    """
    code = _convert(args)
    if args.jsonresume is None:
        return code
    return max(code, _write_json_resumes(Path(args.output), Path(args.jsonresume)))


def _write_json_resumes(outdir: Path, target: Path) -> int:
    """One ``target/<name>.json`` JSON Resume document per CV the manifest lists as converted."""
    from bilingual_cv.export.jsonresume import to_json_resume

    written = failed = 0
    for record in read_manifest(outdir).values():
        output = record.get("output")
        if record.get("status") not in ("ok", "skipped") or not is_output_name(output):
            continue
        name = str(output)
        try:
            cv = json.loads(read_text(outdir / name))
        except (OSError, ValueError) as exc:
            cv = f"cannot read it ({exc})"
        problem = None if isinstance(cv, dict) else (cv or "not a CV")
        if isinstance(cv, dict):
            text = json.dumps(to_json_resume(cv), ensure_ascii=False, indent=2) + "\n"
            try:
                write_atomic(target / name, text)
            except OSError as exc:
                problem = f"cannot write {display_name(target / name)} ({exc.strerror or exc})"
        if problem is not None:
            shown = display_name(outdir / name)
            print(f"{shown}: no JSON Resume written: {problem}", file=sys.stderr)
            failed += 1
            continue
        written += 1
    print(f"JSON Resume: {written} document(s) written to {display_name(target)}", file=sys.stderr)
    return 1 if failed else 0


def _schema(args: argparse.Namespace) -> int:
    from bilingual_cv.schema import CV

    print(json.dumps(CV.model_json_schema(), ensure_ascii=False, indent=2))
    return 0


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 (no limit) or a positive number, not {text}")
    return value


def parse_size(text: str) -> int | None:
    """A memory size: bytes, or with a K/M/G/T suffix (powers of 1024); 0 means no limit.

    >>> parse_size("2G"), parse_size("512MiB"), parse_size("0")
    (2147483648, 536870912, None)
    """
    units = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30, "T": 1 << 40}
    cleaned = text.strip().upper().removesuffix("B").removesuffix("I")
    number, unit = cleaned.rstrip("KMGT"), cleaned[len(cleaned.rstrip("KMGT")) :]
    try:
        value = float(number) * units[unit]
    except (ValueError, KeyError):
        raise argparse.ArgumentTypeError(f"not a memory size (like 2G or 512M): {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 (no limit) or a positive size, not {text}")
    return int(value) or None


def build_parser() -> argparse.ArgumentParser:
    """The ``bilingual-cv`` command line: ``convert``, ``schema`` and ``report``."""
    parser = argparse.ArgumentParser(
        prog="bilingual-cv", description="Parse academic CVs (Chinese/English) into JSON."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    _add_convert_command(commands)
    schema = commands.add_parser("schema", help="print the JSON Schema of the output")
    schema.set_defaults(run=_schema)
    _add_report_command(commands)
    return parser


def _add_convert_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``convert INPUT... -o OUTDIR`` and its options, in the order ``--help`` lists them."""
    convert = commands.add_parser(
        "convert",
        help="convert CV files, folders or glob patterns to JSON",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    convert.add_argument(
        "inputs",
        nargs="+",
        metavar="INPUT",
        help="CV files, folders (searched recursively) or glob patterns",
    )
    convert.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="OUTDIR",
        help="folder for <stem>.json outputs and manifest.jsonl",
    )
    _add_worker_arguments(convert)
    _add_output_arguments(convert)
    convert.set_defaults(run=_convert_and_export)


def _add_worker_arguments(convert: argparse.ArgumentParser) -> None:
    """Where and within which limits files are converted: local processes or a Dask cluster."""
    convert.add_argument(
        "--workers",
        type=_positive_int,
        default=None,
        metavar="N",
        help="worker processes (default: one per core)",
    )
    convert.add_argument(
        "--timeout",
        type=_seconds,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"time limit per file; its worker is killed past it (default {DEFAULT_TIMEOUT:g}, 0: none)",
    )
    convert.add_argument(
        "--max-memory",
        type=parse_size,
        default=DEFAULT_MAX_MEMORY,
        metavar="SIZE",
        help="address space each worker may use, like 2G or 512M; a file that needs more"
        " fails as out_of_memory (default 2G, 0: none)",
    )
    convert.add_argument(
        "--dask",
        metavar="ADDRESS",
        help="run on a Dask cluster: a scheduler address (tcp://host:8786) or 'local'"
        " (a local cluster of --workers processes); needs the dask extra",
    )
    convert.add_argument(
        "--dask-shared-files",
        action="store_true",
        help="with --dask: send paths, not file bytes (every worker sees the inputs at the"
        " same paths)",
    )


def _add_output_arguments(convert: argparse.ArgumentParser) -> None:
    """What a run writes besides ``<stem>.json``, what it converts again, and what it prints."""
    convert.add_argument(
        "--jsonl", metavar="FILE", help="also write every CV as one JSON line, in input order"
    )
    convert.add_argument(
        "--csv",
        metavar="DIR",
        help="also write DIR/publications.csv and DIR/summary.csv (UTF-8 with BOM)",
    )
    convert.add_argument(
        "--force", action="store_true", help="convert inputs whose output is current too"
    )
    convert.add_argument(
        "--ccf-edition",
        choices=["2026", "2022"],
        default="2026",
        help="CCF list edition (default 2026)",
    )
    convert.add_argument(
        "-q", "--quiet", action="store_true", help="print only failures and the summary"
    )
    convert.add_argument(
        "--jsonresume",
        metavar="DIR",
        help="also write DIR/<name>.json, each CV as a JSON Resume document (jsonresume.org)",
    )


def _add_report_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``report OUTDIR -o FILE``: one offline HTML page over a converted batch."""
    report = commands.add_parser(
        "report",
        help="write one offline HTML page to review a converted batch",
        description="Render OUTDIR (the -o folder of convert) as one self-contained HTML page: "
        "a sortable, filterable committee table and a card per CV.",
    )
    report.add_argument("outdir", metavar="OUTDIR", help="the -o folder of 'bilingual-cv convert'")
    report.add_argument(
        "-o", "--output", required=True, metavar="FILE", help="the HTML file to write"
    )
    report.add_argument(
        "--title", default="CV review report", help="the page's title (default: %(default)s)"
    )
    report.set_defaults(run=_report)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        code: int = args.run(args)
    except UsageError as exc:
        print(f"bilingual-cv: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\nbilingual-cv: interrupted", file=sys.stderr)
        return 130
    return code


if __name__ == "__main__":
    sys.exit(main())
