"""Which progress bar the batch command uses: the hand-written one, tqdm or rich (issue 12.7).

Usage::

    .venv/bin/pip install tqdm rich      # only for this measurement
    nice .venv/bin/python bench/progress_bars.py [--updates 20000] [--repeat 5]

For each bar it measures, in this one run (so the machine's load hits all of them alike):

- import cost: the best of ``--repeat`` fresh interpreters importing the module, minus the
  best of the same number doing nothing;
- per-update cost: ``--updates`` updates drawn to an in-memory "terminal" (a StringIO that
  says it is a tty), each update naming a file, as the command does; best of ``--repeat``;
- what each shows, from its final line.

It prints a Markdown table with ratios to the hand-written bar; ``docs/batch.md`` keeps the
table and the decision.
"""

from __future__ import annotations

import argparse
import io
import os
import re
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ["PYTHONPATH"] = f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"


#: ANSI control sequences (colours, cursor moves), dropped from the "last line drawn".
ANSI_RE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
#: The file names the hand-written bar is given (built once, outside the timed loop).
PATHS: list[Path] = []


class Terminal(io.StringIO):
    """An in-memory stream that says it is a terminal."""

    def isatty(self) -> bool:
        return True


def import_seconds(module: str, repeat: int) -> float:
    """What importing ``module`` adds to the command: best wall time of a fresh interpreter
    importing it after ``bilingual_cv.batch.inputs`` (which the command loads anyway, with
    typing, dataclasses and pathlib), minus that of one importing only the latter."""

    def best(code: str) -> float:
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], check=True)
            times.append(time.perf_counter() - started)
        return min(times)

    base = "import bilingual_cv.batch.inputs"
    return max(best(f"{base}; import {module}") - best(base), 0.0)


def run_ours(updates: int, stream: Terminal) -> None:
    from bilingual_cv.cli.progress import Progress

    paths = PATHS[:updates]  # built before timing: the command has its Paths already
    progress = Progress(updates, stream, quiet=False)
    progress.start("bilingual-cv: starting")
    for n, path in enumerate(paths):
        progress.update("failed" if n % 1000 == 999 else "ok", path, "x: failed")
    progress.finish()


def run_tqdm(updates: int, stream: Terminal) -> None:
    from tqdm import tqdm

    failed = 0
    with tqdm(total=updates, file=stream, unit="CV", mininterval=0.1) as bar:
        for n in range(updates):
            if n % 1000 == 999:
                failed += 1
                bar.write("x: failed", file=stream)
                bar.set_postfix_str(f"{failed} failed cv-{n}.txt", refresh=False)
            bar.update(1)


def run_rich(updates: int, stream: Terminal) -> None:
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeRemainingColumn,
    )

    console = Console(file=stream, force_terminal=True, width=100)
    columns = (
        MofNCompleteColumn(),
        BarColumn(),
        TextColumn("{task.speed} CV/s"),
        TimeRemainingColumn(),
        TextColumn("{task.fields[note]}"),
    )
    with Progress(*columns, console=console, refresh_per_second=10) as bar:
        task = bar.add_task("convert", total=updates, note="")
        failed = 0
        for n in range(updates):
            if n % 1000 == 999:
                failed += 1
                bar.console.print("x: failed")
            bar.update(task, advance=1, note=f"{failed} failed cv-{n}.txt")


def per_update(
    run: Callable[[int, Terminal], None], updates: int, repeat: int
) -> tuple[float, str]:
    """Best seconds per update, and the last line the bar drew."""
    best = float("inf")
    last = ""
    for _ in range(repeat):
        stream = Terminal()
        started = time.perf_counter()
        run(updates, stream)
        best = min(best, (time.perf_counter() - started) / updates)
        lines = ANSI_RE.sub("", stream.getvalue()).replace("\n", "\r").split("\r")
        last = next((line for line in reversed(lines) if line.strip()), "")
    return best, last


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    PATHS.extend(Path(f"cv-{n}.txt") for n in range(args.updates))
    bars = [
        ("hand-written (bilingual_cv.cli.progress)", "bilingual_cv.cli.progress", run_ours),
        ("tqdm", "tqdm", run_tqdm),
        ("rich.progress", "rich.progress", run_rich),
    ]
    rows = []
    for label, module, run in bars:
        imported = import_seconds(module, args.repeat)
        update, last = per_update(run, args.updates, args.repeat)
        rows.append((label, imported, update, last))
    base_import = max(rows[0][1], 1e-3)  # below 1 ms is noise: ratios against 1 ms then
    base_update = rows[0][2]
    print(f"{args.updates} updates, best of {args.repeat}, Python {sys.version.split()[0]}\n")
    print("| bar | import | × ours | per update | × ours | last line drawn |")
    print("|---|---|---|---|---|---|")
    for label, imported, update, last in rows:
        print(
            f"| {label} | {imported * 1000:.1f} ms | {imported / base_import:.1f} |"
            f" {update * 1e6:.2f} µs | {update / base_update:.2f} | `{last.strip()[:90]}` |"
        )


if __name__ == "__main__":
    main()
