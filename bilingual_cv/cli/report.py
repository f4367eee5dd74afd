"""The ``report`` command: one offline HTML page over a converted batch (see
:mod:`bilingual_cv.report`), written under a temporary name and renamed into place, and with
``--open`` shown in the default web browser (:mod:`webbrowser`)."""

from __future__ import annotations

import argparse
import sys
import webbrowser
from pathlib import Path

from bilingual_cv.batch.inputs import display_name
from bilingual_cv.batch.outdir import (
    UsageError,
    write_atomic,
)
from bilingual_cv.cli.since import resolve_since
from bilingual_cv.cli.targets import check_report_target


def run_report(args: argparse.Namespace) -> int:
    """``bilingual-cv report OUTDIR -o report.html``: the committee's page for a batch."""
    from bilingual_cv.errors import InputError
    from bilingual_cv.report import read_outdir, render_report

    output, outdir = Path(args.output), Path(args.outdir)
    check_report_target(output, outdir)
    try:
        entries, problems = read_outdir(outdir)
    except InputError as exc:
        raise UsageError(str(exc)) from exc
    for message in problems:
        print(message, file=sys.stderr)
    since = resolve_since(args)
    try:
        write_atomic(output, render_report(entries, title=args.title, since=since))
    except OSError as exc:
        raise UsageError(
            f"{display_name(output)}: cannot write the report ({exc.strerror or exc})"
        ) from exc
    print(
        f"report of {len(entries)} input(s) written to {display_name(output)}"
        f" (recent CCF counts from {since})",
        file=sys.stderr,
    )
    if getattr(args, "open", False) and not webbrowser.open(output.resolve().as_uri()):
        print(f"{display_name(output)}: no web browser could be opened", file=sys.stderr)
    return 0
