"""The ``bilingual-cv`` command: batch conversion of CV files to JSON, and the JSON Schema."""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Iterator, Sequence
from pathlib import Path

from bilingual_cv import __version__
from bilingual_cv.errors import BilingualCVError

#: Suffixes picked up when a folder is given.
INPUT_SUFFIXES = (".txt", ".md", ".markdown", ".pdf", ".docx", ".html", ".htm")


def iter_inputs(paths: Sequence[str]) -> Iterator[Path]:
    """Files named directly, and CV files inside folders (recursively), in a stable order."""
    for name in paths:
        path = Path(name)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.is_file() and p.suffix.lower() in INPUT_SUFFIXES)
        else:
            yield path


def write_atomic(path: Path, text: str) -> None:
    """Write through a temporary file and rename, so a reader never sees half a file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def _convert(args: argparse.Namespace) -> int:
    from bilingual_cv.pipeline import parse_file

    out = Path(args.output)
    failed = 0
    total = 0
    for path in iter_inputs(args.inputs):
        total += 1
        try:
            cv = parse_file(path, ccf_edition=args.ccf_edition)
        except BilingualCVError as exc:
            failed += 1
            print(f"{path}: {exc}", file=sys.stderr)
            continue
        target = out / f"{path.stem}.json"
        write_atomic(target, json.dumps(cv.model_dump(mode="json"), ensure_ascii=False, indent=2) + "\n")
    print(f"converted {total - failed} of {total} file(s) into {out}", file=sys.stderr)
    return 1 if failed else 0


def _schema(args: argparse.Namespace) -> int:
    from bilingual_cv.schema import CV

    print(json.dumps(CV.model_json_schema(), ensure_ascii=False, indent=2))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bilingual-cv", description=__doc__)
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    convert = commands.add_parser("convert", help="convert CV files or folders to JSON")
    convert.add_argument("inputs", nargs="+", help="CV files or folders")
    convert.add_argument("-o", "--output", required=True, help="folder for <stem>.json outputs")
    convert.add_argument("--ccf-edition", choices=["2026", "2022"], default="2026", help="CCF list edition (default 2026)")
    convert.set_defaults(run=_convert)
    schema = commands.add_parser("schema", help="print the JSON Schema of the output")
    schema.set_defaults(run=_schema)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    code: int = args.run(args)
    return code


if __name__ == "__main__":
    sys.exit(main())
