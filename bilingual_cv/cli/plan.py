"""The plan of a ``convert`` run: which inputs it converts, under which output names, and which
it skips as current.

An input keeps the output name an earlier run gave it (the OUTDIR manifest, or the owners
file), or the output a killed run wrote but never recorded (its CV names its source); a new
input never takes the name of a file another input owns. An input is skipped when the
previous record says its output is current: same bytes (SHA-256), same version of this
package, same CCF edition, same output name, and that output still there.
"""

from __future__ import annotations

import argparse
import hashlib
import json
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bilingual_cv import __version__
from bilingual_cv.batch.inputs import (
    Input,
    InputSet,
    assign_output_names,
    name_b64,
    output_stem,
    text_name,
)
from bilingual_cv.batch.outdir import (
    MANIFEST_NAME,
    PARTIAL_MANIFEST_NAME,
    existing_outputs,
    is_output_name,
    is_regular_file,
    read_manifest,
    read_owners,
    read_text,
)
from bilingual_cv.cli.targets import ProtectedInputs

# --- which inputs are current ------------------------------------------------------------------


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


# --- the plan ----------------------------------------------------------------------------------


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


def make_plan(found: InputSet, outdir: Path, args: argparse.Namespace) -> Plan:
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
    for flag, folder, suffix in (
        ("--jsonresume", args.jsonresume, ".json"),
        ("--csl-json", getattr(args, "csl_json", None), ".json"),
        ("--bibtex", getattr(args, "bibtex", None), ".bib"),
    ):
        if not folder:
            continue
        for name in names:
            protected.refuse(Path(folder) / (name.removesuffix(".json") + suffix), flag)
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
