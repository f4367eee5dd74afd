"""Where the command may write: every target checked before any work is done.

``convert`` writes into ``-o`` (a folder), ``--csv`` (a folder), ``--jsonl`` and ``--xlsx``
(files), ``--jsonresume``, ``--bibtex`` and ``--csl-json`` (folders); ``report`` writes its
``-o`` (a file). The folders and files a run writes are never walked for inputs
(:func:`written_targets`). Before anything is
converted or created, each target must be of the right kind (a folder where a folder belongs),
writable (``os.access``, and a real file created and removed in an existing folder, which
catches what ``access`` cannot see), never an input of this run, never an input the OUTDIR
manifest lists (by path, or by holding the very bytes the manifest recorded for one), and never
a file with a CV suffix inside an input folder, which a rerun would read as an input. A target
that fails stops the command with exit status 2 and one line saying why
(:class:`~bilingual_cv.batch.outdir.UsageError`).
"""

from __future__ import annotations

import argparse
import base64
import binascii
import contextlib
import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from bilingual_cv.batch.inputs import GLOB_CHARS, INPUT_SUFFIXES, Input, InputSet, display_name
from bilingual_cv.batch.outdir import (
    CONTROL_NAMES,
    MANIFEST_NAME,
    PARTIAL_MANIFEST_NAME,
    UsageError,
    check_control_files,
    is_output_name,
    open_no_link,
    read_manifest,
)
from bilingual_cv.export.csv import PUBLICATIONS_CSV, SUMMARY_CSV

__all__ = [
    "PROBE_NAME",
    "ManifestInput",
    "ProtectedInputs",
    "check_folder_target",
    "check_report_target",
    "check_targets",
    "manifest_inputs",
    "written_targets",
]

#: The file created and removed to prove a folder writable, named like a temporary file
#: (``.bilingual-cv-probe.<hex>.tmp``), so a run killed in between has it removed later.
PROBE_NAME = "bilingual-cv-probe"


@dataclass(frozen=True, slots=True)
class ManifestInput:
    """An input the OUTDIR manifest records: its path (as given then) and its bytes' SHA-256."""

    path: Path
    sha256: str | None


def manifest_inputs(outdir: Path) -> list[ManifestInput]:
    """The inputs the manifest (and partial manifest) of OUTDIR record; none without one."""
    found: list[ManifestInput] = []
    for record in read_manifest(outdir).values():
        raw = record.get("input_b64")
        try:
            path = Path(os.fsdecode(base64.b64decode(str(raw), validate=True)))
        except (ValueError, binascii.Error):
            if not isinstance(record.get("input"), str):
                continue
            path = Path(record["input"])
        sha = record.get("sha256")
        found.append(ManifestInput(path, sha if isinstance(sha, str) else None))
    return found


def written_targets(args: argparse.Namespace) -> list[Path]:
    """The folders and files a ``convert`` run writes: never walked for inputs.

    >>> ns = argparse.Namespace(output="out", csv=None, jsonl="all.jsonl", xlsx=None,
    ...                         jsonresume=None, bibtex="bib", csl_json=None)
    >>> [str(p) for p in written_targets(ns)]
    ['out', 'all.jsonl', 'bib']
    """
    names = ("output", "csv", "jsonl", "xlsx", "jsonresume", "bibtex", "csl_json")
    return [Path(value) for name in names if (value := getattr(args, name, None))]


def check_targets(args: argparse.Namespace, found: InputSet) -> None:
    """Refuse unusable ``-o``, ``--csv``, ``--jsonl`` and ``--jsonresume`` targets.

    Each must be of the right kind (a folder for ``-o``, ``--csv`` and ``--jsonresume``, a file
    for ``--jsonl``), creatable or writable, never an input of this run or of the OUTDIR
    manifest, and never a file with a CV suffix inside an input folder. The control files of
    an existing OUTDIR must not be links. Nothing is left behind here.

    Raises:
        UsageError: With a one-line message naming the target.
    """
    outdir = Path(args.output)
    check_folder_target(outdir, "-o")
    if outdir.is_dir():
        check_control_files(outdir)
    if args.csv:
        check_folder_target(Path(args.csv), "--csv")
    _check_document_folders(args, outdir)
    written: list[tuple[Path, str]] = []
    if args.csv:
        written += [(Path(args.csv) / name, "--csv") for name in (PUBLICATIONS_CSV, SUMMARY_CSV)]
    if getattr(args, "xlsx", None):
        xlsx = Path(args.xlsx)
        if xlsx.suffix.lower() != ".xlsx":
            raise UsageError(
                f"{display_name(xlsx)}: --xlsx writes an Excel workbook; name it .xlsx"
            )
        _check_file_target(xlsx, "--xlsx")
        written.append((xlsx, "--xlsx"))
    if args.jsonl:
        jsonl = Path(args.jsonl)
        _check_file_target(jsonl, "--jsonl")
        written.append((jsonl, "--jsonl"))
        own = {os.path.realpath(outdir / n) for n in (MANIFEST_NAME, PARTIAL_MANIFEST_NAME)}
        if os.path.realpath(jsonl) in own | {os.path.realpath(outdir / SUMMARY_CSV)}:
            raise UsageError(
                f"{display_name(jsonl)}: --jsonl would overwrite the batch's own manifest"
            )
    protected = ProtectedInputs(found.inputs, manifest_inputs(outdir), outdir)
    folders = _input_folders(args.inputs)
    for target, flag in written:
        protected.refuse(target, flag)
        if target.suffix.lower() in INPUT_SUFFIXES:
            real = os.path.realpath(target)
            folder = next((f for f in folders if _is_inside(real, f)), None)
            if folder is not None:
                raise UsageError(
                    f"{display_name(target)}: {flag} would write a file with a CV suffix inside"
                    f" the input folder {display_name(folder)}, which a rerun would read as an"
                    " input; choose another name or place"
                )


def _check_document_folders(args: argparse.Namespace, outdir: Path) -> None:
    """The folders of one document per CV: writable, and apart from every folder whose files
    have the same names (``<name>.json`` in ``-o``, ``--jsonresume`` and ``--csl-json``)."""
    json_folders = {os.path.realpath(outdir): "-o"}
    for flag, value in (
        ("--jsonresume", args.jsonresume),
        ("--csl-json", getattr(args, "csl_json", None)),
        ("--bibtex", getattr(args, "bibtex", None)),
    ):
        if not value:
            continue
        folder = Path(value)
        check_folder_target(folder, flag)
        if flag == "--bibtex":
            continue
        other = json_folders.setdefault(os.path.realpath(folder), flag)
        if other != flag:
            raise UsageError(
                f"{display_name(folder)}: {flag} needs a folder apart from {other} (same file"
                " names)"
            )


def check_report_target(output: Path, outdir: Path) -> None:
    """Refuse a ``report -o`` target that is not an HTML file the report may replace.

    Never a folder, a ``.json`` file or a control file of OUTDIR (which ``convert`` reads
    back), never an input the OUTDIR manifest lists; its folder must be writable.

    Raises:
        UsageError: With a one-line message naming the target.
    """
    if output.suffix.lower() == ".json" or output.name == MANIFEST_NAME:
        raise UsageError(f"{display_name(output)}: the report is HTML; give a .html file")
    _check_file_target(output, "report -o")
    if os.path.realpath(output.parent) == os.path.realpath(outdir) and (
        output.name in CONTROL_NAMES or is_output_name(output.name)
    ):
        raise UsageError(
            f"{display_name(output)}: report -o would overwrite a file of the batch in"
            f" {display_name(outdir)}"
        )
    ProtectedInputs([], manifest_inputs(outdir), outdir).refuse(output, "report -o")


class ProtectedInputs:
    """The files no target may be: this run's inputs and the OUTDIR manifest's, indexed once.

    A target is one of them when its real path is the input's, when both are the same file
    (device and inode), or, for an input of the manifest, when it has the input's name and holds
    the very bytes the manifest recorded for it (the manifest's paths may be relative to another
    folder than the current one).

    Args:
        inputs: This run's inputs (refused links included: they point somewhere too).
        earlier: The inputs the OUTDIR manifest lists.
        outdir: The output folder (named in messages).
    """

    def __init__(
        self, inputs: Sequence[Input], earlier: Sequence[ManifestInput], outdir: Path
    ) -> None:
        self.outdir = outdir
        self.run_real: dict[str, Path] = {}
        self.run_ids: dict[tuple[int, int], Path] = {}
        for item in inputs:
            self.run_real.setdefault(os.path.realpath(item.real or item.path), item.path)
            identity = item.identity or _identity(item.path)
            if identity is not None:
                self.run_ids.setdefault(identity, item.path)
        self.earlier_real: dict[str, Path] = {}
        self.earlier_ids: dict[tuple[int, int], Path] = {}
        self.earlier_by_name: dict[str, list[ManifestInput]] = {}
        for known in earlier:
            self.earlier_real.setdefault(os.path.realpath(known.path), known.path)
            identity = _identity(known.path)
            if identity is not None:
                self.earlier_ids.setdefault(identity, known.path)
            self.earlier_by_name.setdefault(known.path.name, []).append(known)

    def refuse(self, target: Path, flag: str) -> None:
        """Refuse a target that is one of the protected inputs.

        Raises:
            UsageError: Naming the target and the input.
        """
        real = os.path.realpath(target)
        identity = _identity(target)
        source = self.run_real.get(real)
        if source is None and identity is not None:
            source = self.run_ids.get(identity)
        if source is not None:
            raise UsageError(
                f"{display_name(target)}: refusing to overwrite the input {display_name(source)}"
            )
        earlier = self.earlier_real.get(real)
        if earlier is None and identity is not None:
            earlier = self.earlier_ids.get(identity) or self._same_bytes(target)
        if earlier is not None:
            raise UsageError(
                f"{display_name(target)}: {flag} would overwrite {display_name(earlier)}, an"
                f" input listed in {display_name(self.outdir / MANIFEST_NAME)}"
            )

    def _same_bytes(self, target: Path) -> Path | None:
        """The manifest input of the target's name whose recorded SHA-256 the target has."""
        known = self.earlier_by_name.get(target.name)
        digest = _sha256_of(target) if known else None
        if digest is None or known is None:
            return None
        return next((k.path for k in known if k.sha256 == digest), None)


def _identity(path: Path) -> tuple[int, int] | None:
    """``(st_dev, st_ino)`` of the file at ``path`` (links followed), None when there is none."""
    try:
        info = os.stat(path)
    except OSError:
        return None
    return info.st_dev, info.st_ino


def check_folder_target(folder: Path, flag: str) -> None:
    """A folder target exists and is writable, or can be created.

    Raises:
        UsageError: It is a file, not writable, or under a file or an unwritable folder.
    """
    shown = display_name(folder)
    if folder.exists() and not folder.is_dir():
        raise UsageError(f"{shown}: {flag} must be a folder, and this is a file")
    if folder.is_dir():
        if not os.access(folder, os.W_OK | os.X_OK) or not _can_create_in(folder):
            raise UsageError(f"{shown}: {flag} names a folder that is not writable")
        return
    ancestor = folder.absolute().parent
    while not ancestor.exists() and ancestor != ancestor.parent:
        ancestor = ancestor.parent
    if not ancestor.is_dir():
        raise UsageError(
            f"{shown}: cannot create the {flag} folder ({display_name(ancestor)} is a file)"
        )
    if not os.access(ancestor, os.W_OK | os.X_OK):
        raise UsageError(
            f"{shown}: cannot create the {flag} folder ({display_name(ancestor)} is not writable)"
        )


def _check_file_target(path: Path, flag: str) -> None:
    """A file target is not a folder, and its folder is writable or can be created."""
    if path.is_dir():
        raise UsageError(f"{display_name(path)}: {flag} must be a file, and this is a folder")
    if path.parent.exists() and not path.parent.is_dir():
        raise UsageError(
            f"{display_name(path)}: cannot write {flag} ({display_name(path.parent)} is a file)"
        )
    check_folder_target(path.parent, flag)


def _can_create_in(folder: Path) -> bool:
    """Whether a file can really be created in an existing folder (created, then removed).

    ``os.access`` answers from the mode bits; a read-only mount, some network file systems and
    security modules refuse writes it allows.
    """
    probe = folder / f".{PROBE_NAME}.{os.urandom(4).hex()}.tmp"
    try:
        fd = open_no_link(probe, os.O_WRONLY | os.O_CREAT | os.O_EXCL)
    except OSError:
        return False
    os.close(fd)
    with contextlib.suppress(OSError):
        probe.unlink()
    return True


def _sha256_of(path: Path) -> str | None:
    """Hex SHA-256 of a regular file's bytes (not through a link), None when it cannot be read."""
    digest = hashlib.sha256()
    try:
        with os.fdopen(open_no_link(path, os.O_RDONLY), "rb") as handle:
            for block in iter(lambda: handle.read(1 << 20), b""):
                digest.update(block)
    except OSError:
        return None
    return digest.hexdigest()


def _input_folders(arguments: Sequence[str]) -> list[str]:
    """Real paths of the folders the arguments search: folders, and the bases of patterns."""
    folders: list[str] = []
    for argument in arguments:
        path = Path(argument)
        if not path.is_dir() and GLOB_CHARS & set(argument) and not os.path.lexists(path):
            parts = path.parts
            literal = next((i for i, p in enumerate(parts) if GLOB_CHARS & set(p)), len(parts))
            path = Path(*parts[:literal]) if literal else Path(".")
        if path.is_dir():
            folders.append(os.path.realpath(path))
    return folders


def _is_inside(path: str, folder: str) -> bool:
    """Whether a real path is a folder or lies under it.

    >>> _is_inside("/data/cvs/all.txt", "/data/cvs"), _is_inside("/data/cvs2/a.txt", "/data/cvs")
    (True, False)
    """
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)
