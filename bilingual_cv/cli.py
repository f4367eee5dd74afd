"""The ``bilingual-cv`` command: batch conversion of CV files to JSON, and the JSON Schema.

``bilingual-cv convert INPUT... -o OUTDIR`` converts files, folders (recursively) and glob
patterns (expanded here too, so quoted patterns work) into ``OUTDIR/<stem>.json``, one per CV,
in parallel, and records every input in ``OUTDIR/manifest.jsonl``. ``--jsonl`` and ``--csv``
add whole-batch tables. One bad file never stops the batch.

Output names. The first input (in input order) with a given stem gets ``<stem>.json``; a later
input with the same stem (compared case-insensitively, for case-insensitive file systems) gets
``<stem>-2.json``, ``<stem>-3.json`` ..., skipping names that another input's stem already
owns. So ``a/cv.txt b/cv.pdf`` gives ``cv.json`` and ``cv-2.json``, the same on every run with
the same inputs; the manifest records which input went where.

Reruns. An input is skipped (status ``skipped``) when the manifest of the previous run in
OUTDIR records it as converted into the same output name, from bytes with the same SHA-256,
by the same version of this package and with the same CCF edition, and that output file is
still there. ``--force`` converts everything again. A run that is interrupted leaves
``OUTDIR/.manifest.jsonl.partial``, which the next run reads, so it resumes.

Exit status: 0 when every input was converted (or skipped as current), 1 when any failed (a
summary on stderr lists them), 2 for bad usage (bad options, no inputs found, unusable
``-o``, an output that would overwrite an input).
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import functools
import glob
import hashlib
import json
import os
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from bilingual_cv import __version__

if TYPE_CHECKING:
    from bilingual_cv.batch import ParseResult

#: Suffixes picked up inside folders and by glob patterns (lower case).
INPUT_SUFFIXES = (".txt", ".text", ".md", ".markdown", ".pdf", ".docx", ".html", ".htm", ".xhtml")
#: Characters that make an argument a glob pattern.
GLOB_CHARS = frozenset("*?[")
#: The manifest's name inside OUTDIR, and the partial one a running batch appends to.
MANIFEST_NAME = "manifest.jsonl"
PARTIAL_MANIFEST_NAME = ".manifest.jsonl.partial"
#: The two tables ``--csv DIR`` writes.
PUBLICATIONS_CSV = "publications.csv"
SUMMARY_CSV = "summary.csv"
#: Default per-file time limit, in seconds.
DEFAULT_TIMEOUT = 60.0
#: Seconds between two redraws of the progress bar.
PROGRESS_INTERVAL = 0.1
#: Cells that Excel would run as a formula start with one of these; such text gets a leading
#: apostrophe in the CSV files (CSV injection: a CV is untrusted input).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

PUBLICATION_COLUMNS = (
    "file",
    "name",
    "title",
    "year",
    "venue",
    "venue_abbr",
    "kind",
    "ccf_rank",
    "ccf_abbr",
    "ccf_type",
    "claimed_ccf",
    "owner_position",
    "first_author",
    "authors",
    "section",
    "lang",
)
SUMMARY_COLUMNS = (
    "file",
    "name",
    "name_zh",
    "language",
    "publications",
    "ccf_a",
    "ccf_b",
    "ccf_c",
    "ccf_unranked",
    "first_author_ccf_a",
    "first_author_ccf_b",
    "first_author_ccf_c",
    "conference",
    "journal",
    "workshop",
    "preprint",
    "patent",
    "warnings",
)


class UsageError(Exception):
    """Bad usage found after argument parsing: reported with exit status 2."""


# --- inputs and output names -------------------------------------------------------------------


def find_inputs(arguments: Sequence[str]) -> tuple[list[Path], list[str]]:
    """Expand files, folders and glob patterns into input files, in a stable order.

    Arguments are taken in the order given; a folder's CV files (by suffix, hidden ones left
    out) and a pattern's matches are sorted. A file reached twice is kept once, at its first
    place.

    Returns:
        The input files, and a message for each argument that names nothing.
    """
    found: list[Path] = []
    missing: list[str] = []
    seen: set[Path] = set()

    def add(path: Path) -> None:
        key = path.resolve()
        if key not in seen:
            seen.add(key)
            found.append(path)

    for argument in arguments:
        path = Path(argument)
        if path.is_dir():
            for child in _folder_inputs(path):
                add(child)
        elif path.exists() or os.path.lexists(path):
            add(path)
        elif GLOB_CHARS & set(argument):
            matches = sorted(glob.glob(argument, recursive=True))
            if not matches:
                missing.append(f"{argument}: no file matches this pattern")
            for match in map(Path, matches):
                if match.is_dir():
                    for child in _folder_inputs(match):
                        add(child)
                elif match.suffix.lower() in INPUT_SUFFIXES:
                    add(match)
        else:
            missing.append(f"{argument}: no such file or folder")
    return found, missing


def _folder_inputs(folder: Path) -> list[Path]:
    files = []
    for path in folder.rglob("*"):
        relative = path.relative_to(folder).parts
        if any(part.startswith(".") for part in relative):
            continue
        if path.suffix.lower() in INPUT_SUFFIXES and path.is_file():
            files.append(path)
    return sorted(files)


def assign_output_names(inputs: Sequence[Path]) -> list[str]:
    """``<stem>.json`` for each input; later inputs with a taken stem get ``-2``, ``-3`` ...

    >>> assign_output_names([Path("a/cv.txt"), Path("b/cv.pdf"), Path("cv-2.md"), Path("CV.docx")])
    ['cv.json', 'cv-3.json', 'cv-2.json', 'CV-4.json']
    """
    owners: dict[str, int] = {}
    for index, path in enumerate(inputs):
        owners.setdefault(path.stem.casefold(), index)
    taken = set(owners)
    names: list[str] = []
    for index, path in enumerate(inputs):
        stem = path.stem
        if owners[stem.casefold()] != index:
            number = 2
            while f"{stem}-{number}".casefold() in taken:
                number += 1
            stem = f"{stem}-{number}"
            taken.add(stem.casefold())
        names.append(f"{stem}.json")
    return names


# --- files written -----------------------------------------------------------------------------


def write_atomic(path: Path, text: str, *, encoding: str = "utf-8") -> None:
    """Write through a temporary file and rename, so a reader never sees half a file."""
    fd, tmp = _temporary_beside(path)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _temporary_beside(path: Path) -> tuple[int, str]:
    """A new temporary file in the target's folder (so os.replace is atomic), mode 0666 & ~umask.

    ``mkstemp`` creates files readable by their owner only; outputs get ordinary permissions.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    os.chmod(tmp, 0o666 & ~_umask())
    return fd, tmp


@functools.cache
def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


class AtomicFile:
    """A text file written in full under a temporary name, renamed into place by commit()."""

    def __init__(self, path: Path, *, encoding: str = "utf-8") -> None:
        self.path = path
        fd, self.tmp = _temporary_beside(path)
        self.handle: TextIO = os.fdopen(fd, "w", encoding=encoding, newline="")

    def commit(self) -> None:
        self.handle.close()
        os.replace(self.tmp, self.path)

    def discard(self) -> None:
        self.handle.close()
        Path(self.tmp).unlink(missing_ok=True)


def file_sha256(path: Path) -> str | None:
    """Hex SHA-256 of a file's bytes, None when it cannot be read."""
    digest = hashlib.sha256()
    try:
        with path.open("rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def read_manifest(outdir: Path) -> dict[str, dict[str, Any]]:
    """Records of the previous run in OUTDIR by input, the interrupted run's taking precedence."""
    records: dict[str, dict[str, Any]] = {}
    for name in (MANIFEST_NAME, PARTIAL_MANIFEST_NAME):
        try:
            lines = (outdir / name).read_text(encoding="utf-8").splitlines()
        except (OSError, UnicodeDecodeError):
            continue
        for line in lines:
            try:
                record = json.loads(line)
            except json.JSONDecodeError:
                continue  # a line cut short by an interruption
            if isinstance(record, dict) and isinstance(record.get("input"), str):
                records[record["input"]] = record
    return records


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
        and (outdir / output).is_file()
    )


# --- tables ------------------------------------------------------------------------------------


def _cell(value: object) -> object:
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return "" if value is None else value


def owner_name(cv: dict[str, Any]) -> str | None:
    """The CV owner's name: as written, else the Chinese name, else the one inferred."""
    person = cv.get("person") or {}
    name = person.get("name") or person.get("name_zh") or person.get("inferred_name")
    return str(name) if name else None


def publication_rows(cv: dict[str, Any]) -> Iterator[list[object]]:
    """One ``publications.csv`` row per publication of a CV (its JSON form)."""
    file = (cv.get("source") or {}).get("path")
    name = owner_name(cv)
    for pub in cv.get("publications") or []:
        venue = pub.get("venue") or {}
        ccf = pub.get("ccf") or {}
        position = pub.get("owner_position")
        row = [
            file,
            name,
            pub.get("title"),
            pub.get("year"),
            venue.get("name") or venue.get("raw"),
            venue.get("abbr"),
            pub.get("kind"),
            ccf.get("rank"),
            ccf.get("abbr"),
            ccf.get("type"),
            pub.get("claimed_ccf"),
            position,
            position == 1 if position is not None else None,
            "; ".join(pub.get("authors") or []),
            pub.get("section"),
            pub.get("lang"),
        ]
        yield [_cell(value) for value in row]


def summary_row(cv: dict[str, Any]) -> list[object]:
    """The ``summary.csv`` row of a CV (its JSON form)."""
    person = cv.get("person") or {}
    stats = cv.get("stats") or {}
    ccf = stats.get("ccf") or {}
    first = stats.get("ccf_owner_first") or {}
    kinds = stats.get("by_kind") or {}
    row = [
        (cv.get("source") or {}).get("path"),
        owner_name(cv),
        person.get("name_zh"),
        cv.get("language"),
        stats.get("publications", 0),
        ccf.get("A", 0),
        ccf.get("B", 0),
        ccf.get("C", 0),
        ccf.get("unranked", 0),
        first.get("A", 0),
        first.get("B", 0),
        first.get("C", 0),
        *(
            kinds.get(kind, 0)
            for kind in ("conference", "journal", "workshop", "preprint", "patent")
        ),
        len(cv.get("warnings") or []),
    ]
    return [_cell(value) for value in row]


class Tables:
    """The optional whole-batch outputs: ``--jsonl FILE`` and ``--csv DIR``, in input order."""

    def __init__(self, jsonl: Path | None, csv_dir: Path | None) -> None:
        self.files: list[AtomicFile] = []
        self.jsonl = self._open(jsonl) if jsonl else None
        self.publications = self.summary = None
        if csv_dir is not None:
            # utf-8-sig: the BOM makes Excel read the file as UTF-8 (Chinese names and titles)
            self.publications = self._open(csv_dir / PUBLICATIONS_CSV, encoding="utf-8-sig")
            self.summary = self._open(csv_dir / SUMMARY_CSV, encoding="utf-8-sig")
            self.publication_writer = csv.writer(self.publications.handle)
            self.summary_writer = csv.writer(self.summary.handle)
            self.publication_writer.writerow(PUBLICATION_COLUMNS)
            self.summary_writer.writerow(SUMMARY_COLUMNS)

    def _open(self, path: Path, *, encoding: str = "utf-8") -> AtomicFile:
        handle = AtomicFile(path, encoding=encoding)
        self.files.append(handle)
        return handle

    @property
    def wanted(self) -> bool:
        return bool(self.files)

    def add(self, cv: dict[str, Any]) -> None:
        if self.jsonl is not None:
            self.jsonl.handle.write(json.dumps(cv, ensure_ascii=False) + "\n")
        if self.publications is not None:
            self.publication_writer.writerows(publication_rows(cv))
            self.summary_writer.writerow(summary_row(cv))

    def commit(self) -> None:
        for handle in self.files:
            handle.commit()

    def discard(self) -> None:
        for handle in self.files:
            handle.discard()


# --- progress ----------------------------------------------------------------------------------


class Progress:
    """A one-line ``\\r`` bar on a terminal; plain per-file lines otherwise.

    Failures are printed as ``path: message`` in both modes (with the traceback of a bug).
    """

    def __init__(self, total: int, stream: TextIO, *, quiet: bool) -> None:
        self.total = total
        self.stream = stream
        self.quiet = quiet
        self.bar = not quiet and stream.isatty()
        self.done = self.failed = self.skipped = 0
        self.started = time.monotonic()
        self.last_draw = 0.0
        self.width = 0

    def update(self, status: str, path: Path, detail: str = "", tb: str | None = None) -> None:
        self.done += 1
        self.failed += status == "failed"
        self.skipped += status == "skipped"
        if status == "failed":
            self._clear()
            self.stream.write(detail + "\n")
            if tb:
                self.stream.write(tb if tb.endswith("\n") else tb + "\n")
        elif not self.quiet and not self.bar:
            self.stream.write(f"[{self.done}/{self.total}] {status} {path}{detail}\n")
        if self.bar:
            now = time.monotonic()
            if now - self.last_draw >= PROGRESS_INTERVAL or self.done == self.total:
                self.last_draw = now
                self._draw(now, path)
        self.stream.flush()

    def _draw(self, now: float, path: Path) -> None:
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        percent = 100 * self.done // max(self.total, 1)
        line = f"[{self.done}/{self.total}] {percent:3d}% {rate:6.1f} CV/s"
        if self.failed:
            line += f"  {self.failed} failed"
        line += f"  {path.name}"
        line = line[:120]
        self.stream.write("\r" + line.ljust(self.width))
        self.width = len(line)

    def _clear(self) -> None:
        if self.bar and self.width:
            self.stream.write("\r" + " " * self.width + "\r")
            self.width = 0

    def finish(self) -> None:
        if self.bar and self.width:
            self.stream.write("\n")
            self.width = 0
        self.stream.flush()


# --- convert -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Plan:
    """What one run does: inputs, their output names, and which are skipped as current."""

    inputs: list[Path]
    outputs: list[str]
    skip: list[bool]
    previous: dict[str, dict[str, Any]]
    missing: list[str]


def _make_plan(args: argparse.Namespace) -> tuple[Plan, Path]:
    """Find the inputs, prepare OUTDIR, name the outputs and decide what is skipped."""
    inputs, missing = find_inputs(args.inputs)
    if not inputs:
        raise UsageError("; ".join([*missing, "no input files found"]))
    outdir = _prepare_outdir(args.output)
    for message in missing:
        print(message, file=sys.stderr)
    outputs = assign_output_names(inputs)
    _refuse_overwriting_inputs(inputs, outdir, outputs, args)
    previous = {} if args.force else read_manifest(outdir)
    skip = [
        not args.force
        and str(path) in previous
        and is_current(
            previous[str(path)],
            sha256=file_sha256(path),
            output=output,
            edition=args.ccf_edition,
            outdir=outdir,
        )
        for path, output in zip(inputs, outputs, strict=True)
    ]
    return Plan(inputs, outputs, skip, previous, missing), outdir


def _refuse_overwriting_inputs(
    inputs: Sequence[Path], outdir: Path, outputs: Sequence[str], args: argparse.Namespace
) -> None:
    written = [outdir / name for name in outputs]
    written += [outdir / MANIFEST_NAME, outdir / PARTIAL_MANIFEST_NAME]
    if args.jsonl:
        written.append(Path(args.jsonl))
    if args.csv:
        written += [Path(args.csv) / PUBLICATIONS_CSV, Path(args.csv) / SUMMARY_CSV]
    sources = {path.resolve(): path for path in inputs}
    for target in written:
        source = sources.get(target.resolve())
        if source is None and target.exists():
            source = next((p for p in inputs if _same_file(p, target)), None)
        if source is not None:
            raise UsageError(f"{target}: refusing to overwrite the input {source}")


def _same_file(a: Path, b: Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


def _prepare_outdir(output: str) -> Path:
    outdir = Path(output)
    if outdir.exists() and not outdir.is_dir():
        raise UsageError(f"{outdir}: -o must be a folder, and this is a file")
    try:
        outdir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise UsageError(
            f"{outdir}: cannot create the output folder ({exc.strerror or exc})"
        ) from exc
    if not os.access(outdir, os.W_OK | os.X_OK):
        raise UsageError(f"{outdir}: the output folder is not writable")
    return outdir


def _manifest_record(
    path: Path,
    output: str,
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
        "input": str(path),
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
    from bilingual_cv.batch import parse_many

    started = time.monotonic()
    plan, outdir = _make_plan(args)
    tables = Tables(Path(args.jsonl) if args.jsonl else None, Path(args.csv) if args.csv else None)
    progress = Progress(len(plan.inputs), sys.stderr, quiet=args.quiet)
    records: list[dict[str, Any]] = []
    failures: list[str] = []
    partial_path = outdir / PARTIAL_MANIFEST_NAME
    todo = [path for path, skip in zip(plan.inputs, plan.skip, strict=True) if not skip]
    results = parse_many(
        todo, args.workers, ccf_edition=args.ccf_edition, timeout=args.timeout or None
    )
    try:
        with contextlib.closing(results), partial_path.open("a", encoding="utf-8") as partial:
            for path, output, skip in zip(plan.inputs, plan.outputs, plan.skip, strict=True):
                if skip:
                    record = _skipped(path, output, plan, outdir, tables, progress, failures)
                else:
                    record = _converted(
                        path, output, next(results), args, outdir, tables, progress, failures
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
    partial_path.unlink(missing_ok=True)
    _print_summary(progress, failures, plan.missing, outdir, time.monotonic() - started)
    return 1 if failures or plan.missing else 0


def _skipped(
    path: Path,
    output: str,
    plan: Plan,
    outdir: Path,
    tables: Tables,
    progress: Progress,
    failures: list[str],
) -> dict[str, Any]:
    """An input whose output is current: its record carried over, its CV read back if needed."""
    record = dict(plan.previous[str(path)], status="skipped", seconds=0.0)
    if tables.wanted:
        try:
            cv = json.loads((outdir / output).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            message = f"{path}: cannot read its previous output {outdir / output} ({exc}); rerun with --force"
            failures.append(message)
            progress.update("failed", path, message)
            return dict(
                record, status="failed", error=message, error_code="stale_output", output=None
            )
        tables.add(cv)
    progress.update("skipped", path, " (unchanged)")
    return record


def _converted(
    path: Path,
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
        message = result.error or f"{path}: failed"
        failures.append(message)
        progress.update("failed", path, message, result.traceback)
        return _manifest_record(
            path,
            output,
            "failed",
            sha256=file_sha256(path),
            error=message,
            error_code=result.error_code,
            seconds=result.seconds,
            edition=edition,
        )
    write_atomic(outdir / output, result.json + "\n")
    if tables.wanted:
        tables.add(json.loads(result.json))
    progress.update("ok", path, f" -> {outdir / output}")
    return _manifest_record(
        path,
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
    from bilingual_cv.report import read_outdir, render_report

    try:
        entries, problems = read_outdir(Path(args.outdir))
    except InputError as exc:
        raise UsageError(str(exc)) from exc
    for message in problems:
        print(message, file=sys.stderr)
    output = Path(args.output)
    if output.suffix.lower() == ".json" or output.name == MANIFEST_NAME:
        raise UsageError(f"{output}: the report is HTML; give a .html file")
    try:
        write_atomic(output, render_report(entries, title=args.title))
    except OSError as exc:
        raise UsageError(f"{output}: cannot write the report ({exc.strerror or exc})") from exc
    print(f"report of {len(entries)} input(s) written to {output}", file=sys.stderr)
    return 0


def _convert_and_export(args: argparse.Namespace) -> int:
    """``convert``, then ``--jsonresume DIR``: a JSON Resume document per converted CV."""
    if args.jsonresume is None:
        return _convert(args)
    target = Path(args.jsonresume)
    if target.resolve() == Path(args.output).resolve():
        raise UsageError(f"{target}: --jsonresume needs a folder apart from -o (same file names)")
    code = _convert(args)
    return max(code, _write_json_resumes(Path(args.output), target))


def _write_json_resumes(outdir: Path, target: Path) -> int:
    """One ``target/<name>.json`` JSON Resume document per CV the manifest lists as converted."""
    from bilingual_cv.jsonresume import to_json_resume

    written = failed = 0
    for record in read_manifest(outdir).values():
        output = record.get("output")
        if record.get("status") not in ("ok", "skipped") or not isinstance(output, str):
            continue
        try:
            cv = json.loads((outdir / output).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            cv = f"cannot read it ({exc})"
        if not isinstance(cv, dict):
            print(f"{outdir / output}: no JSON Resume written: {cv or 'not a CV'}", file=sys.stderr)
            failed += 1
            continue
        text = json.dumps(to_json_resume(cv), ensure_ascii=False, indent=2) + "\n"
        write_atomic(target / output, text)
        written += 1
    print(f"JSON Resume: {written} document(s) written to {target}", file=sys.stderr)
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


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bilingual-cv", description="Parse academic CVs (Chinese/English) into JSON."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
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
    convert.set_defaults(run=_convert_and_export)
    schema = commands.add_parser("schema", help="print the JSON Schema of the output")
    schema.set_defaults(run=_schema)
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
    return parser


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
