"""The ``bilingual-cv`` command line: its parser (``convert``, ``schema``, ``report`` and their
options, with the types that check them) and :func:`main`, which runs a command and turns a
usage error into exit status 2.

Each command's work is in a module of its own: :mod:`bilingual_cv.cli.convert`,
:mod:`bilingual_cv.cli.report` and :mod:`bilingual_cv.cli.schema`.
"""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Sequence

from bilingual_cv import __version__
from bilingual_cv.batch.outdir import UsageError
from bilingual_cv.cli.convert import __doc__ as convert_doc
from bilingual_cv.cli.convert import run_convert
from bilingual_cv.cli.report import run_report
from bilingual_cv.cli.schema import run_schema
from bilingual_cv.cli.since import parse_year

#: Default per-file time limit, in seconds.
DEFAULT_TIMEOUT = 60.0
#: Default address-space limit of each worker (``--max-memory``): 2 GiB.
DEFAULT_MAX_MEMORY = 2 << 30


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


#: reStructuredText roles (:mod:`~a.b`) and inline literals (two backquotes) in docstrings.
_ROLE_RE = re.compile(r":[a-z]+:`~?([^`]+)`")
_LITERAL_RE = re.compile(r"``(.+?)``", re.DOTALL)


def plain_text(doc: str) -> str:
    """A module docstring as ``--help`` prints it: reStructuredText markup taken off.

    >>> print(plain_text("Writes ``OUTDIR/<stem>.json`` (see :mod:`~bilingual_cv.cli.targets`)."))
    Writes OUTDIR/<stem>.json (see bilingual_cv.cli.targets).
    """
    text = _ROLE_RE.sub(lambda m: m.group(1), doc)
    return _LITERAL_RE.sub(lambda m: m.group(1), text)


def build_parser() -> argparse.ArgumentParser:
    """The ``bilingual-cv`` command line: ``convert``, ``schema`` and ``report``."""
    parser = argparse.ArgumentParser(
        prog="bilingual-cv", description="Parse academic CVs (Chinese/English) into JSON."
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    _add_convert_command(commands)
    schema = commands.add_parser("schema", help="print the JSON Schema of the output")
    schema.set_defaults(run=run_schema)
    _add_report_command(commands)
    return parser


def _add_convert_command(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """``convert INPUT... -o OUTDIR`` and its options, in the order ``--help`` lists them."""
    convert = commands.add_parser(
        "convert",
        help="convert CV files, folders or glob patterns to JSON",
        description=plain_text(convert_doc or ""),
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
    convert.set_defaults(run=run_convert)


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
        "--since",
        type=parse_year,
        default=None,
        metavar="YEAR",
        help="summary.csv and --xlsx count CCF papers from YEAR on too, in columns named after"
        " it (default: five years before this year; the year used is printed)",
    )
    convert.add_argument(
        "--xlsx",
        metavar="FILE",
        help="also write FILE.xlsx: sheets Summary and Publications (needs the xlsx extra:"
        " pip install 'bilingual-cv[xlsx]')",
    )
    convert.add_argument(
        "--jsonresume",
        metavar="DIR",
        help="also write DIR/<name>.json, each CV as a JSON Resume document (jsonresume.org)",
    )
    convert.add_argument(
        "--bibtex",
        metavar="DIR",
        help="also write DIR/<name>.bib, each CV's publications as BibTeX (CCF rank in"
        " keywords, the owner's roles in note)",
    )
    convert.add_argument(
        "--csl-json",
        metavar="DIR",
        help="also write DIR/<name>.json, each CV's publications as CSL-JSON (Zotero, Pandoc;"
        " rank and roles under custom)",
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
    report.add_argument(
        "--since",
        type=parse_year,
        default=None,
        metavar="YEAR",
        help="the first year of the table's recent CCF counts, which the page can change"
        " (default: five years before this year; the page names the year)",
    )
    report.add_argument(
        "--open", action="store_true", help="open the report in the default web browser"
    )
    report.set_defaults(run=run_report)


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
