"""Benchmark of the batch command: throughput, start-up time and memory per worker.

Usage::

    .venv/bin/python bench/run.py [--copies 2000] [--long 20] [--repeat 3] [--profile]

It builds ``bench/corpus/`` (gitignored) from ``examples/`` and, when present,
``../shared/seeds``: ``--copies`` text CVs (each copy's years shifted by 0-6, so copies are
not byte-identical and per-string caches do not make reruns of the same lines free) plus
``--long`` CVs ten times the usual length. Then it runs the installed ``bilingual-cv`` as a
subprocess, as a user would:

- CVs/s with ``--workers 1`` and with one worker per core, over the whole corpus, end to end
  (the wall time of the command) and steady (after its first result);
- start-up: time from spawning the command on the usual CVs, one worker per core, to its
  first per-file line on stderr (best and median of ``--repeat`` runs, each interrupted there);
- peak RSS (``VmHWM``) of each worker process and of the parent, polled from ``/proc``;
- mean seconds per CV for the usual and the long CVs, from the manifest.

The table goes to stdout and to ``bench/results/latest.md`` (gitignored). ``--profile`` adds
the functions where a worker's time goes (cProfile over the same parse calls in-process).
Targets: >= 100 CVs/s per worker on text inputs, first result <= 1.5 s, <= 300 MB per worker.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import json
import os
import platform
import pstats
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
CORPUS = BENCH / "corpus"
RESULTS = BENCH / "results"
SEEDS = ROOT.parent / "shared" / "seeds"
CLI = Path(sys.executable).with_name("bilingual-cv")

#: Targets from the issue.
TARGET_RATE_PER_WORKER = 100.0
TARGET_FIRST_RESULT = 1.5
TARGET_RSS_MB = 300.0
#: Four-digit years, shifted per copy.
YEAR_RE = re.compile(r"(?<!\d)(19[5-9]\d|20[0-2]\d)(?!\d)")
#: How often /proc is polled for worker memory.
POLL_SECONDS = 0.05


def source_cvs() -> list[Path]:
    """The CVs the corpus is made of: the examples, and the seeds when ../shared is there."""
    sources = sorted(p for p in (ROOT / "examples").iterdir() if p.suffix in (".txt", ".md"))
    if SEEDS.is_dir():
        sources += sorted(SEEDS.glob("*.txt"))
    return sources


def shift_years(text: str, shift: int) -> str:
    """Move every year back by ``shift``: a different but equally plausible CV."""
    return YEAR_RE.sub(lambda m: str(int(m.group(1)) - shift), text)


def build_corpus(copies: int, long: int) -> tuple[Path, int, int]:
    """Write ``copies`` usual CVs and ``long`` 10x CVs under bench/corpus/; return the folder."""
    shutil.rmtree(CORPUS, ignore_errors=True)
    usual, tenfold = CORPUS / "usual", CORPUS / "long"
    usual.mkdir(parents=True)
    tenfold.mkdir()
    sources = [(p, p.read_text(encoding="utf-8")) for p in source_cvs()]
    for index in range(copies):
        path, text = sources[index % len(sources)]
        shifted = shift_years(text, (index // len(sources)) % 7)
        (usual / f"{index:05d}_{path.stem}{path.suffix}").write_text(shifted, encoding="utf-8")
    for index in range(long):
        path, text = sources[index % len(sources)]
        body = "\n".join(shift_years(text, shift % 7) for shift in range(10))
        (tenfold / f"{index:05d}_{path.stem}_x10{path.suffix}").write_text(body, encoding="utf-8")
    return CORPUS, copies, long


@dataclass
class RunResult:
    """One run of the command over the corpus."""

    workers: int
    files: int
    wall: float
    first_result: float | None
    code: int
    worker_rss_mb: list[float] = field(default_factory=list)
    parent_rss_mb: float = 0.0
    seconds_usual: float = 0.0
    seconds_long: float = 0.0

    @property
    def rate(self) -> float:
        return self.files / self.wall

    @property
    def steady_rate(self) -> float:
        after = self.wall - (self.first_result or 0.0)
        return (self.files - 1) / after if after > 0 else float("nan")


def _children(pid: int) -> list[int]:
    try:
        text = Path(f"/proc/{pid}/task/{pid}/children").read_text()
    except OSError:
        return []
    return [int(child) for child in text.split()]


def _peak_rss_mb(pid: int) -> float | None:
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    match = re.search(r"^VmHWM:\s+(\d+) kB", status, re.MULTILINE)
    return int(match.group(1)) / 1024 if match else None


def run_command(corpus: Path, workers: int, files: int) -> RunResult:
    """Run ``bilingual-cv convert`` on the corpus; time it, watch its first line and memory."""
    out = Path(tempfile.mkdtemp(prefix="bench-out-"))
    command = [str(CLI), "convert", str(corpus), "-o", str(out), "--workers", str(workers)]
    peaks: dict[int, float] = {}
    started = time.perf_counter()
    process = subprocess.Popen(
        command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
    )
    first: list[float] = []
    tail: list[str] = []

    def read_stderr() -> None:
        assert process.stderr is not None
        for line in process.stderr:
            if not first and line.startswith("["):
                first.append(time.perf_counter() - started)
            tail.append(line)
            del tail[:-20]

    reader = threading.Thread(target=read_stderr, daemon=True)
    reader.start()
    while process.poll() is None:
        for pid in [process.pid, *_children(process.pid)]:
            peak = _peak_rss_mb(pid)
            if peak is not None:
                peaks[pid] = max(peak, peaks.get(pid, 0.0))
        time.sleep(POLL_SECONDS)
    wall = time.perf_counter() - started
    reader.join()
    result = RunResult(workers, files, wall, first[0] if first else None, process.returncode)
    result.parent_rss_mb = peaks.pop(process.pid, 0.0)
    result.worker_rss_mb = sorted(peaks.values())
    records = [
        json.loads(line) for line in (out / "manifest.jsonl").read_text("utf-8").splitlines()
    ]
    usual = [r["seconds"] for r in records if "/usual/" in r["input"] and r["status"] == "ok"]
    long = [r["seconds"] for r in records if "/long/" in r["input"] and r["status"] == "ok"]
    result.seconds_usual = statistics.fmean(usual) if usual else float("nan")
    result.seconds_long = statistics.fmean(long) if long else float("nan")
    if process.returncode != 0:
        print("".join(tail), file=sys.stderr)
    shutil.rmtree(out, ignore_errors=True)
    return result


def measure_first_result(corpus: Path, workers: int) -> float | None:
    """Seconds from spawning the command to its first per-file line; then it is interrupted."""
    out = Path(tempfile.mkdtemp(prefix="bench-start-"))
    command = [str(CLI), "convert", str(corpus), "-o", str(out), "--workers", str(workers)]
    started = time.perf_counter()
    process = subprocess.Popen(
        command, stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True
    )
    assert process.stderr is not None
    first = None
    for line in process.stderr:
        if line.startswith("["):
            first = time.perf_counter() - started
            break
    process.send_signal(signal.SIGINT)  # the command stops its workers and exits
    process.communicate(timeout=30)
    shutil.rmtree(out, ignore_errors=True)
    return first


def profile_workers(corpus: Path, sample: int) -> str:
    """Where a worker's time goes: cProfile over parse + JSON for a sample of the corpus."""
    sys.path.insert(0, str(ROOT))
    from bilingual_cv.batch import WARM_UP_TEXT, _parse_one
    from bilingual_cv.pipeline import parse_text

    parse_text(WARM_UP_TEXT)
    paths = sorted((corpus / "usual").iterdir())[:sample]
    profiler = cProfile.Profile()
    profiler.enable()
    for path in paths:
        _parse_one(path, "2026")
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.strip_dirs().sort_stats("cumulative").print_stats(30)
    stats.sort_stats("tottime").print_stats(20)
    return out.getvalue()


def measure_cold(corpus: Path, sample: int) -> float:
    """Mean ms per usual CV in one process with every per-string memo cache emptied before
    each CV: the cost of a CV none of whose lines were seen before. The corpus repeats its
    sources, so the batch figures above get more memo hits than a corpus of distinct CVs."""
    sys.path.insert(0, str(ROOT))
    import importlib
    import pkgutil

    import bilingual_cv
    from bilingual_cv.batch import WARM_UP_TEXT
    from bilingual_cv.pipeline import parse_text

    parse_text(WARM_UP_TEXT)
    memos = []
    for info in pkgutil.walk_packages(bilingual_cv.__path__, "bilingual_cv."):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            params = getattr(value, "cache_parameters", None)
            if params is not None and params()["maxsize"] is not None:  # lru memo, not a loader
                memos.append(value)
    texts = [
        path.read_text(encoding="utf-8") for path in sorted((corpus / "usual").iterdir())[:sample]
    ]
    total = 0.0
    for text in texts:
        for memo in memos:
            memo.cache_clear()
        started = time.perf_counter()
        parse_text(text)
        total += time.perf_counter() - started
    return total / len(texts) * 1000


def render(
    results: list[RunResult], starts: list[float], corpus: tuple[int, int], cold_ms: float
) -> str:
    copies, long = corpus
    cores = os.cpu_count() or 1
    lines = [
        f"# bilingual-cv batch benchmark ({time.strftime('%Y-%m-%d %H:%M')})",
        "",
        (
            f"Machine: {cores} cores, {platform.processor() or platform.machine()}, "
            f"Python {platform.python_version()}. Corpus: {copies} text CVs + {long} CVs 10x as"
            f" long (built from {len(source_cvs())} sources)."
            " Command: `.venv/bin/python bench/run.py`."
        ),
        "",
        "| measure | workers | value | target |",
        "|---|---|---|---|",
    ]
    for r in results:
        per_worker = r.steady_rate / r.workers
        worker_rss = max(r.worker_rss_mb, default=0)
        lines += [
            f"| CVs/s end to end (wall {r.wall:.1f} s, exit {r.code}) | {r.workers} | {r.rate:.1f} | |",
            (
                f"| CVs/s after the first result | {r.workers} | {r.steady_rate:.1f}"
                f" ({per_worker:.1f} per worker) | >= {TARGET_RATE_PER_WORKER:.0f} per worker |"
            ),
            (
                f"| mean time per usual CV / per 10x CV, in the worker | {r.workers}"
                f" | {r.seconds_usual * 1000:.1f} ms / {r.seconds_long * 1000:.1f} ms | |"
            ),
            (
                f"| peak RSS per worker (max of {len(r.worker_rss_mb)}) | {r.workers}"
                f" | {worker_rss:.0f} MB | <= {TARGET_RSS_MB:.0f} MB |"
            ),
            f"| peak RSS of the parent process | {r.workers} | {r.parent_rss_mb:.0f} MB | |",
        ]
    lines.append(
        f"| mean time per usual CV with memo caches emptied (in process) | 1 | {cold_ms:.1f} ms"
        f" ({1000 / cold_ms:.0f} CVs/s) | |"
    )
    lines.append(
        f"| time to the first result (best / median of {len(starts)}) | {cores}"
        f" | {min(starts):.2f} s / {statistics.median(starts):.2f} s | <= {TARGET_FIRST_RESULT} s |"
    )
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--copies", type=int, default=2000, help="usual CVs in the corpus")
    parser.add_argument("--long", type=int, default=20, help="CVs ten times as long")
    parser.add_argument("--repeat", type=int, default=3, help="start-up measurements")
    parser.add_argument("--profile", action="store_true", help="also profile a worker's time")
    args = parser.parse_args(argv)
    if not CLI.exists():
        print(f"{CLI} not found: install the package first (pip install -e .)", file=sys.stderr)
        return 2
    corpus, copies, long = build_corpus(args.copies, args.long)
    files = copies + long
    cores = os.cpu_count() or 1
    results = [run_command(corpus, 1, files)]
    if cores > 1:
        results.append(run_command(corpus, cores, files))
    starts = []
    for _ in range(args.repeat):
        start = measure_first_result(corpus / "usual", cores)
        if start is not None:
            starts.append(start)
    table = render(
        results, starts or [float("nan")], (copies, long), measure_cold(corpus, sample=200)
    )
    if args.profile:
        table += "\n```\n" + profile_workers(corpus, sample=200) + "```\n"
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / "latest.md").write_text(table, encoding="utf-8")
    print(table)
    return 0 if all(result.code == 0 for result in results) else 1


if __name__ == "__main__":
    sys.exit(main())
