"""Speed benchmark on distinct real CVs, each parsed once per fresh process (issue 11).

Usage::

    .venv/bin/python bench/run.py [--baseline PATH] [--repeat 1] [--starts 5] [--profile]
                                  [--batch] [--no-baseline]

The corpus is every distinct CV text we have: ``examples/`` (fictional), ``../shared/seeds/*.txt``
and the text layers of ``../shared/dev/*.pdf`` (extracted with this checkout's ``read_source``
into ``bench/corpus/`` (gitignored), so both checkouts parse the same texts). Real CV text is
never written anywhere else. For this checkout and a baseline checkout (default: a git worktree
of the last release, ``8ac3afd``, made under ``bench/results/baseline/`` with its own venv)
it measures, each figure in fresh interpreters of that checkout's venv (``bench/child.py``):

- CPU time (``time.process_time``) of ``parse_text`` for each CV, parsed once in its own
  process after a warm-up on the examples (never on the CV itself), so no memo cache has seen
  its lines; median and p90 per language group (the record's ``language``: ``en``, or ``zh``
  and ``mixed``), and CVs per CPU-second over the real CVs;
- the PDF path: CPU time of ``read_source(pdf)`` per dev PDF, in the same processes;
- the first result after the interpreter starts: wall time from spawning
  ``python -c "import bilingual_cv; bilingual_cv.parse_text(...)"`` to its result, for the
  English and the Chinese real CV of median length (best and median of ``--starts``), and the
  peak RSS (``ru_maxrss``) of those processes;
- a 1 MB CV: the distinct CVs concatenated in rounds (years shifted per round) up to 1 MB of
  UTF-8, and the distinct CVs concatenated once (no line repeats), scaled per MB.

The markdown table (targets from issue 11, both checkouts and their ratio) goes to stdout and
``bench/results/latest.md``. ``--profile`` adds cProfile of this checkout over each distinct CV
(one fresh process each, after the warm-up), by stage, by module and the top functions by own
time, and start-up costs (import, jieba, OpenCC, langdetect, pypinyin, lexicons, the CCF index,
``-X importtime``). ``--batch`` adds the installed command's throughput on the distinct texts.
``--instructions`` adds the machine instructions one round of the real CVs costs each checkout
(``valgrind --tool=callgrind``, the count of a warm-up and the round less that of the warm-up
alone, ``PYTHONHASHSEED=0``): unlike CPU time, the same code gives the same count however
loaded the machine is, so it shows a change of a few percent that the timings cannot.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import pstats
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BENCH = ROOT / "bench"
CHILD = BENCH / "child.py"
CORPUS = BENCH / "corpus"
RESULTS = BENCH / "results"
SHARED = ROOT.parent / "shared"
#: The last landed release before issue 11's work: the default baseline.
BASELINE_COMMIT = "8ac3afd"
DEFAULT_BASELINE = RESULTS / "baseline"
#: Four-digit years, shifted per round in the 1 MB CV.
YEAR_RE = re.compile(r"(?<!\d)(19[5-9]\d|20[0-2]\d)(?!\d)")
#: Size of "a 1 MB CV", in UTF-8 bytes.
BIG_BYTES = 1_000_000


@dataclass(frozen=True)
class Target:
    """One row's goal in issue 11 and the issue's own figure for the release."""

    goal: str
    issue: str


#: Targets of issue 11 (and the figure the issue measured on the release).
TARGETS = {
    "en_median": Target("<= 5 ms", "27.6 ms"),
    "zh_median": Target("<= 8 ms", "19.5 ms"),
    "rate": Target(">= 120", "25"),
    "first_en": Target("<= 0.5 s", "0.7 s"),
    "first_zh": Target("<= 1.0 s", "2.1 s"),
    "rss_zh": Target("<= 200 MB", "174 MB"),
    "big": Target("<= 1 s", "2.9 s"),
}


@dataclass(frozen=True)
class Checkout:
    """A checkout under test and the Python of its venv."""

    label: str
    path: Path
    python: Path

    def describe(self) -> str:
        commit = _git(self.path, "rev-parse", "--short", "HEAD") or "?"
        code = _git(self.path, "log", "-1", "--format=%h", "--", "bilingual_cv", "lexicons")
        dirty = _git(self.path, "status", "--porcelain", "--", "bilingual_cv", "lexicons")
        return (
            f"{commit} (package and lexicons as of {code or '?'})"
            f"{' + uncommitted changes' if dirty else ''}"
        )


@dataclass(frozen=True)
class CorpusCV:
    """One distinct CV: its text file (under bench/corpus/) and, for a dev CV, its PDF."""

    name: str
    origin: str  # "example", "seed" or "dev"
    text: Path
    pdf: Path | None = None

    @property
    def real(self) -> bool:
        return self.origin != "example"


@dataclass
class Figures:
    """Everything measured for one checkout."""

    cpu_ms: dict[str, list[float]] = field(default_factory=dict)  # CV name -> per repeat
    language: dict[str, str] = field(default_factory=dict)
    pdf_ms: dict[str, list[float]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    first: dict[str, list[float]] = field(default_factory=dict)  # "en"/"zh" -> seconds
    rss: dict[str, list[float]] = field(default_factory=dict)  # "en"/"zh" -> MB
    big_ms: float = float("nan")
    distinct_ms: float = float("nan")
    instructions_m: float = float("nan")  # millions, one round of the real CVs (--instructions)


def _git(path: Path, *args: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(path), *args], check=False, capture_output=True, text=True
    )
    return done.stdout.strip() if done.returncode == 0 else ""


def _nice() -> None:
    """Children run niced: the machine is shared."""
    try:
        os.nice(10)
    except OSError:
        pass


# --- the checkouts ------------------------------------------------------------------------


def ensure_baseline(path: Path) -> Checkout:
    """The baseline checkout at ``path``; the default one is created (worktree + venv)."""
    python = path / ".venv" / "bin" / "python"
    if not path.exists():
        if path.resolve() != DEFAULT_BASELINE.resolve():
            raise SystemExit(f"--baseline {path}: no such checkout")
        print(f"creating the baseline worktree of {BASELINE_COMMIT} in {path}", file=sys.stderr)
        subprocess.run(
            ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(path), BASELINE_COMMIT],
            check=True,
        )
    if not python.exists():
        print(f"creating {path}/.venv", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "venv", str(path / ".venv")], check=True)
        subprocess.run([str(python), "-m", "pip", "install", "-q", "-e", str(path)], check=True)
    return Checkout("baseline", path, python)


def this_checkout() -> Checkout:
    return Checkout("current", ROOT, Path(sys.executable))


# --- the corpus ---------------------------------------------------------------------------


def build_corpus() -> list[CorpusCV]:
    """Every distinct CV as a text file under bench/corpus/texts/ (gitignored)."""
    from bilingual_cv.io.readers import read_source

    texts = CORPUS / "texts"
    shutil.rmtree(texts, ignore_errors=True)
    texts.mkdir(parents=True)
    cvs: list[CorpusCV] = []
    for path in sorted((ROOT / "examples").iterdir()):
        if path.suffix in (".txt", ".md"):
            cvs.append(CorpusCV(path.stem, "example", path))
    for path in sorted((SHARED / "seeds").glob("*.txt")):
        cvs.append(CorpusCV(f"seed-{path.stem[:3]}", "seed", path))
    for pdf in sorted((SHARED / "dev").glob("*.pdf")):
        target = texts / f"{pdf.stem}.txt"
        target.write_text(read_source(pdf).text, encoding="utf-8")
        cvs.append(CorpusCV(pdf.stem, "dev", target, pdf))
    return cvs


def shift_years(text: str, shift: int) -> str:
    """Every year moved back by ``shift``: lines differ from round to round."""
    return YEAR_RE.sub(lambda m: str(int(m.group(1)) - shift), text)


def build_big(cvs: list[CorpusCV]) -> tuple[Path, Path, int, int]:
    """The 1 MB CV (distinct CVs in rounds, years shifted per round) and the distinct CVs
    concatenated once; their paths and sizes in bytes."""
    texts = [cv.text.read_text(encoding="utf-8") for cv in cvs]
    distinct = "\n\n".join(texts)
    parts: list[str] = []
    size = 0
    shift = 0
    while size < BIG_BYTES:
        for text in texts:
            piece = shift_years(text, shift % 7)
            parts.append(piece)
            size += len(piece.encode("utf-8")) + 2
            if size >= BIG_BYTES:
                break
        shift += 1
    big_path, distinct_path = CORPUS / "big-1mb.txt", CORPUS / "distinct-all.txt"
    big_path.write_text("\n\n".join(parts), encoding="utf-8")
    distinct_path.write_text(distinct, encoding="utf-8")
    return big_path, distinct_path, size, len(distinct.encode("utf-8"))


# --- running children ---------------------------------------------------------------------


def run_child(checkout: Checkout, *args: str, timeout: float = 600) -> dict[str, object]:
    """bench/child.py in a fresh interpreter of ``checkout``; its JSON line."""
    done = subprocess.run(
        [str(checkout.python), str(CHILD), *args],
        check=False,
        capture_output=True,
        text=True,
        timeout=timeout,
        cwd=tempfile.gettempdir(),  # never import a package from the working directory
        preexec_fn=_nice,
    )
    lines = done.stdout.strip().splitlines()
    if done.returncode != 0 or not lines:
        raise RuntimeError(f"{checkout.label}: child {args[:2]} failed:\n{done.stderr[-2000:]}")
    return json.loads(lines[-1])  # type: ignore[no-any-return]


def count_instructions(checkout: Checkout, cvs: list[CorpusCV], warm: list[str]) -> float:
    """Instructions (millions) of parsing ``cvs`` once each after the warm-up, in one process
    of ``checkout`` under callgrind: the count with the CVs less the count without them.

    The checkout gets a cache folder of its own, filled before counting by an uncounted
    process that parses the same CVs: a shared folder keeps a few versions only, so another
    checkout's run could drop this one's CCF index and make one of the two counted processes
    build it (hundreds of millions more); and a pattern first met in the counted round would
    be compiled and written to the pattern cache there, a cost of the first process only."""
    counts = []
    with tempfile.TemporaryDirectory(prefix="bench-index-") as cache:
        env = {**os.environ, "PYTHONHASHSEED": "0", "BILINGUAL_CV_CACHE_DIR": cache}
        commands = [
            [str(checkout.python), str(CHILD), "parse", *(str(cv.text) for cv in cvs)]
            + ["--warm", *warm],  # fills the caches
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
            + [str(checkout.python), str(CHILD), "parse", "--warm", *warm],
            ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
            + [str(checkout.python), str(CHILD), "parse", *(str(cv.text) for cv in cvs)]
            + ["--warm", *warm],
        ]
        for command in commands:
            done = subprocess.run(
                command,
                check=False,
                capture_output=True,
                text=True,
                cwd=tempfile.gettempdir(),
                env=env,
                preexec_fn=_nice,
            )
            if done.returncode != 0:
                raise RuntimeError(f"{checkout.label}: {command[0]} failed:\n{done.stderr[-2000:]}")
            found = re.search(r"Collected : (\d+)", done.stderr)
            if command[0] == "valgrind":
                if found is None:
                    raise RuntimeError(
                        f"{checkout.label}: no callgrind count:\n{done.stderr[-2000:]}"
                    )
                counts.append(int(found.group(1)))
    return (counts[1] - counts[0]) / 1e6


def warm_list(cvs: list[CorpusCV], exclude: CorpusCV | None) -> list[str]:
    return [str(cv.text) for cv in cvs if cv.origin == "example" and cv != exclude]


def measure_cpu(checkouts: list[Checkout], cvs: list[CorpusCV], repeat: int) -> dict[str, Figures]:
    """Per-CV CPU time, each CV once per fresh process, checkouts interleaved."""
    figures = {c.label: Figures() for c in checkouts}
    pdfs = [cv.pdf for cv in cvs if cv.pdf is not None]
    for round_ in range(repeat):
        for cv in cvs:
            args = [str(cv.text)]
            if cv.pdf is not None:
                other = next(p for p in pdfs if p != cv.pdf)
                args += ["--pdf", str(cv.pdf), "--warm-pdf", str(other)]
            args += ["--warm", *warm_list(cvs, cv)]
            for checkout in checkouts if round_ % 2 == 0 else checkouts[::-1]:
                fig = figures[checkout.label]
                result = run_child(checkout, "cpu", *args)
                fig.cpu_ms.setdefault(cv.name, []).append(float(result["cpu_ms"]))  # type: ignore[arg-type]
                fig.language[cv.name] = str(result["language"])
                if "pdf_cpu_ms" in result:
                    fig.pdf_ms.setdefault(cv.name, []).append(float(result["pdf_cpu_ms"]))  # type: ignore[arg-type]
                if result.get("internal_error"):
                    fig.errors.append(cv.name)
            print(
                f"  {cv.name}: "
                + ", ".join(
                    f"{c.label} {figures[c.label].cpu_ms[cv.name][-1]:.1f} ms" for c in checkouts
                ),
                file=sys.stderr,
            )
    return figures


#: The command a user runs: import the package and parse one CV, in a fresh interpreter.
FIRST_RESULT_CODE = (
    "import sys, bilingual_cv; "
    "bilingual_cv.parse_text(open(sys.argv[1], encoding='utf-8').read()); "
    "print('R', flush=True)"
)


def measure_first(checkout: Checkout, text: Path) -> tuple[float, float]:
    """Seconds from spawn to the parsed result, and the process's peak RSS in MB."""
    started = time.perf_counter()
    process = subprocess.Popen(
        [str(checkout.python), "-c", FIRST_RESULT_CODE, str(text)],
        stdout=subprocess.PIPE,
        text=True,
        cwd=tempfile.gettempdir(),
        preexec_fn=_nice,  # noqa: PLW1509 - the benchmark starts no threads
    )
    assert process.stdout is not None
    line = process.stdout.readline()
    elapsed = time.perf_counter() - started
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    process.stdout.close()
    if line.strip() != "R":
        raise RuntimeError(f"{checkout.label}: first-result run on {text.name} failed")
    return elapsed, usage.ru_maxrss / 1024


def median_length(cvs: list[CorpusCV]) -> CorpusCV:
    ranked = sorted(cvs, key=lambda cv: len(cv.text.read_text(encoding="utf-8")))
    return ranked[(len(ranked) - 1) // 2]


def group_of(language: str) -> str:
    return "en" if language == "en" else "zh"


# --- the table ----------------------------------------------------------------------------


def _pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    low = int(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def per_cv(fig: Figures, names: list[str]) -> list[float]:
    return [statistics.median(fig.cpu_ms[n]) for n in names if n in fig.cpu_ms]


def _ratio(new: float, old: float) -> str:
    if math.isnan(old) or math.isnan(new) or old == 0:
        return ""
    return f"{new / old:.2f}x"


def render(
    checkouts: list[Checkout],
    figures: dict[str, Figures],
    cvs: list[CorpusCV],
    picks: dict[str, CorpusCV],
    sizes: tuple[int, int],
    repeat: int,
    starts: int,
) -> str:
    current = figures["current"]
    real = [cv for cv in cvs if cv.real]
    groups = {
        g: [cv.name for cv in real if group_of(current.language.get(cv.name, "en")) == g]
        for g in ("en", "zh")
    }
    examples = [cv.name for cv in cvs if not cv.real]
    labels = [c.label for c in checkouts]
    rows: list[tuple[str, str, str, dict[str, float], str]] = []  # name, target, issue, vals, fmt

    def add(name: str, key: str | None, values: dict[str, float], fmt: str) -> None:
        target = TARGETS[key] if key else Target("", "")
        rows.append((name, target.goal, target.issue, values, fmt))

    for g, title in (("en", "English"), ("zh", "Chinese or mixed")):
        n = len(groups[g])
        add(
            f"CPU ms per {title} real CV, median (n={n})",
            f"{g}_median",
            {lb: _pct(per_cv(figures[lb], groups[g]), 0.5) for lb in labels},
            "{:.1f} ms",
        )
        add(
            f"CPU ms per {title} real CV, p90",
            None,
            {lb: _pct(per_cv(figures[lb], groups[g]), 0.9) for lb in labels},
            "{:.1f} ms",
        )
    names = [cv.name for cv in real]
    add(
        f"real CVs per CPU-second (n={len(names)}, loaded worker, distinct CVs)",
        "rate",
        {
            lb: len(per_cv(figures[lb], names)) / (sum(per_cv(figures[lb], names)) / 1000)
            for lb in labels
        },
        "{:.1f}",
    )
    add(
        f"CPU ms per fictional example, median (n={len(examples)})",
        None,
        {lb: _pct(per_cv(figures[lb], examples), 0.5) for lb in labels},
        "{:.1f} ms",
    )
    for g, title in (("en", "English"), ("zh", "Chinese")):
        pick = picks[g].name
        add(
            f"first result after interpreter start, {title} ({pick}), best of {starts}",
            f"first_{g}",
            {lb: min(figures[lb].first[g]) for lb in labels},
            "{:.2f} s",
        )
        add(
            f"... median of {starts}",
            None,
            {lb: statistics.median(figures[lb].first[g]) for lb in labels},
            "{:.2f} s",
        )
    for g, title in (("en", "English"), ("zh", "Chinese")):
        add(
            f"peak RSS of that process, {title}",
            f"rss_{g}" if g == "zh" else None,
            {lb: max(figures[lb].rss[g]) for lb in labels},
            "{:.0f} MB",
        )
    big, distinct = sizes
    add(
        f"1 MB CV ({big / 1e6:.2f} MB: distinct CVs in rounds, years shifted), CPU",
        "big",
        {lb: figures[lb].big_ms / 1000 for lb in labels},
        "{:.2f} s",
    )
    add(
        f"all distinct CVs as one ({distinct / 1e6:.2f} MB, no repeats), CPU per MB",
        None,
        {lb: figures[lb].distinct_ms / 1000 / (distinct / 1e6) for lb in labels},
        "{:.2f} s",
    )
    if any(not math.isnan(figures[lb].instructions_m) for lb in labels):
        add(
            f"machine instructions per round of the real CVs (n={len(names)}; callgrind,"
            " the same on a busy machine)",
            None,
            {lb: figures[lb].instructions_m for lb in labels},
            "{:.0f} M",
        )
    pdf_names = [cv.name for cv in cvs if cv.pdf is not None]
    add(
        f"PDF text layer (read_source) CPU ms per dev PDF, median (n={len(pdf_names)})",
        None,
        {
            lb: _pct(
                [
                    statistics.median(figures[lb].pdf_ms[n])
                    for n in pdf_names
                    if n in figures[lb].pdf_ms
                ],
                0.5,
            )
            for lb in labels
        },
        "{:.1f} ms",
    )
    cores = os.cpu_count() or 1
    head = [
        f"# bilingual-cv speed on distinct CVs ({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})",
        "",
        (
            f"Machine: {cores} cores, {platform.machine()}, Python {platform.python_version()}"
            f" (shared; children niced). Each CV parsed once per fresh process after a warm-up on"
            f" the examples; {repeat} run(s) per CV and checkout (median taken), checkouts"
            " interleaved. Command: `.venv/bin/python bench/run.py`."
        ),
        "",
    ]
    head += [f"- {c.label}: `{c.path}` at {c.describe()}" for c in checkouts]
    head += [
        "",
        "| measure | target | issue (release) | "
        + " | ".join(labels)
        + (" | current / baseline |" if len(labels) > 1 else " |"),
        "|---|---|---|" + "---|" * len(labels) + ("---|" if len(labels) > 1 else ""),
    ]
    for name, goal, issue, values, fmt in rows:
        cells = [fmt.format(values[lb]) for lb in labels]
        ratio = [_ratio(values["current"], values["baseline"])] if len(labels) > 1 else []
        head.append(f"| {name} | {goal} | {issue} | " + " | ".join(cells + ratio) + " |")
    head += ["", "Per CV (CPU ms of parse_text; language of this checkout's record):", ""]
    head.append("| CV | origin | language | chars | " + " | ".join(labels) + " |")
    head.append("|---|---|---|---|" + "---|" * len(labels))
    for cv in cvs:
        chars = len(cv.text.read_text(encoding="utf-8"))
        cells = [
            f"{statistics.median(figures[lb].cpu_ms[cv.name]):.1f}"
            if cv.name in figures[lb].cpu_ms
            else ""
            for lb in labels
        ]
        head.append(
            f"| {cv.name} | {cv.origin} | {current.language.get(cv.name, '?')} | {chars} | "
            + " | ".join(cells)
            + " |"
        )
    for lb in labels:
        if figures[lb].errors:
            head.append(f"\n{lb}: internal_error warnings on {sorted(set(figures[lb].errors))}")
    return "\n".join(head) + "\n"


# --- profile ------------------------------------------------------------------------------

#: Stage functions whose cumulative time the profile reports (name, where).
STAGES = [
    ("parse_text", "pipeline"),
    ("clean_text", "clean/document"),
    ("fold_traditional", "clean/fold"),
    ("split_sections", "sections/split"),
    ("find_styled_headings", "sections/styled"),
    ("detect_section_languages", "lang/detect"),
    ("detect_language", "lang/detect"),
    ("_langdetect", "lang/detect"),
    ("parse_person", "entries/person"),
    ("parse_section_entries", "sections/route"),
    ("parse_publications", "publications/build"),
    ("parse_experience", "entries/experience"),
    ("parse_education", "entries/education"),
    ("parse_items", "entries/items"),
    ("parse_awards", "entries/items"),
    ("parse_date_range", "lang/dates"),
    ("tokenize_zh", "lang/zh"),
    ("rank_venues", "publications/rank"),
    ("describe_venue", "venues/describe"),
    ("find_venues", "venues/find"),
    ("build_stats", "stats"),
    ("build_cv", "record"),
    ("restore_printed_text", "record"),
    ("__init__", "pydantic/main"),
    ("model_validate", "pydantic/main"),
]


def _module_of(filename: str) -> str:
    """bilingual_cv/x/y.py -> bilingual_cv.x.y; site-packages/pkg/... -> pkg; else as is."""
    path = filename.replace("\\", "/")
    if "/bilingual_cv/" in path:
        return "bilingual_cv." + path.split("/bilingual_cv/")[-1].removesuffix(".py").replace(
            "/", "."
        )
    if "site-packages/" in path:
        return path.split("site-packages/")[-1].split("/")[0].removesuffix(".py")
    if path.startswith(("~", "<")):
        return "builtins"
    return "stdlib:" + Path(path).stem


def profile(checkout: Checkout, cvs: list[CorpusCV]) -> str:
    """cProfile over each distinct CV, once, each in its own process after the warm-up."""
    folder = Path(tempfile.mkdtemp(prefix="bench-prof-"))
    paths = []
    for cv in cvs:
        out = folder / f"{cv.name}.prof"
        run_child(checkout, "profile", str(cv.text), str(out), "--warm", *warm_list(cvs, cv))
        paths.append(str(out))
    stats = pstats.Stats(*paths)
    RESULTS.mkdir(parents=True, exist_ok=True)
    stats.dump_stats(str(RESULTS / "profile.prof"))  # for pstats / snakeviz: callers, callees
    raw = stats.stats  # type: ignore[attr-defined]
    total = sum(tt for (_, _, tt, _, _) in raw.values())
    n = len(cvs)
    lines = [
        f"## Profile of `{checkout.path}` at {checkout.describe()}",
        "",
        (
            f"cProfile over parse_text of {n} distinct CVs, each once in its own process after the"
            f" warm-up; {total * 1000:.0f} ms profiled in all ({total * 1000 / n:.1f} ms per CV;"
            " cProfile roughly doubles the time of call-heavy code, so read shares, not absolutes)."
        ),
        "",
        "### Cumulative time by stage",
        "",
        "| stage | module | calls | cumulative ms | per CV ms | share |",
        "|---|---|---|---|---|---|",
    ]
    for name, where in STAGES:
        calls = cum = 0.0
        for (filename, _, func), (_, nc, _, ct, _) in raw.items():
            if func == name and filename.replace("\\", "/").endswith(f"/{where}.py"):
                calls += nc
                cum += ct
        if calls:
            lines.append(
                f"| {name} | {where} | {int(calls)} | {cum * 1000:.0f} | {cum * 1000 / n:.2f}"
                f" | {cum / total:.0%} |"
            )
    by_module: dict[str, float] = {}
    for (filename, _, _), (_, _, tt, _, _) in raw.items():
        module = _module_of(filename)
        by_module[module] = by_module.get(module, 0.0) + tt
    lines += [
        "",
        "### Own time by module (top 20)",
        "",
        "| module | own ms | per CV ms | share |",
        "|---|---|---|---|",
    ]
    for module, tt in sorted(by_module.items(), key=lambda kv: -kv[1])[:20]:
        lines.append(f"| {module} | {tt * 1000:.0f} | {tt * 1000 / n:.2f} | {tt / total:.0%} |")
    lines += [
        "",
        "### Top 25 functions by own time (tottime)",
        "",
        "| function | calls | own ms | cumulative ms | share of own |",
        "|---|---|---|---|---|",
    ]
    ranked = sorted(raw.items(), key=lambda kv: -kv[1][2])[:25]
    for (filename, line, func), (_, nc, tt, ct, _) in ranked:
        where = f"{_module_of(filename)}:{line}" if line else _module_of(filename)
        lines.append(
            f"| `{func}` ({where}) | {nc} | {tt * 1000:.0f} | {ct * 1000:.0f} | {tt / total:.1%} |"
        )
    shutil.rmtree(folder, ignore_errors=True)
    return "\n".join(lines) + "\n"


#: Start-up steps, each timed in its own fresh process after the package and pipeline import.
STARTUP_STEPS = [
    ("none", "nothing (import costs only)"),
    ("jieba_import", "import jieba"),
    ("jieba", "first jieba use (tokenizer + user dictionary)"),
    ("opencc", "first OpenCC use (t2s converter)"),
    ("langdetect", "first langdetect use (profiles)"),
    ("pypinyin", "import pypinyin + first lazy_pinyin"),
    ("lexicons", "every lexicon load_* (YAML + pydantic)"),
    ("ccf_index", "ccf._index() (CCF lexicons + lookup tables)"),
    ("builders", "every zero-argument cached table builder, after the lexicons"),
    ("first_parse", "first parse_text of a small bilingual CV (all lazy loads)"),
]


def startup(checkouts: list[Checkout], repeat: int) -> str:
    """Start-up costs, median of ``repeat`` fresh processes per step and checkout."""
    labels = [c.label for c in checkouts]
    results: dict[str, dict[str, list[dict[str, object]]]] = {lb: {} for lb in labels}
    for step, _ in STARTUP_STEPS:
        for _ in range(repeat):
            for checkout in checkouts:
                try:
                    result = run_child(checkout, "startup", step)
                except RuntimeError:
                    continue
                results[checkout.label].setdefault(step, []).append(result)

    def med(label: str, step: str, key: str) -> float:
        values = [float(r[key]) for r in results[label].get(step, []) if key in r]  # type: ignore[arg-type]
        return statistics.median(values) if values else float("nan")

    lines = [
        "## Start-up costs",
        "",
        (
            f"Wall ms, median of {repeat} fresh processes each (step cost after importing the"
            " pipeline; CPU ms in brackets)."
        ),
        "",
        "| step | " + " | ".join(labels) + " |",
        "|---|" + "---|" * len(labels),
        "| `import bilingual_cv` | "
        + " | ".join(f"{med(lb, 'none', 'import_package_ms'):.0f}" for lb in labels)
        + " |",
        "| `import bilingual_cv.pipeline` (after the package) | "
        + " | ".join(f"{med(lb, 'none', 'import_pipeline_ms'):.0f}" for lb in labels)
        + " |",
    ]
    for step, title in STARTUP_STEPS[1:]:
        lines.append(
            f"| {title} | "
            + " | ".join(
                f"{med(lb, step, 'step_ms'):.0f} ({med(lb, step, 'step_cpu_ms'):.0f})"
                for lb in labels
            )
            + " |"
        )
    lines.append(
        "| peak RSS after the first parse (MB) | "
        + " | ".join(f"{med(lb, 'first_parse', 'maxrss_mb'):.0f}" for lb in labels)
        + " |"
    )
    for step in ("lexicons", "builders"):
        parts = [r.get("parts_ms", {}) for r in results["current"].get(step, [])]
        if not parts:
            continue
        names = parts[0].keys()  # type: ignore[union-attr]
        merged = {k: statistics.median(float(p[k]) for p in parts) for k in names}  # type: ignore[index]
        top = sorted(merged.items(), key=lambda kv: -(kv[1] if kv[1] == kv[1] else 0))[:15]
        lines += ["", f"current, `{step}` step by part (CPU ms, first call, in order):", ""]
        lines += [f"- `{k}`: {v:.1f}" for k, v in top]
    return "\n".join(lines) + "\n"


def import_time(checkout: Checkout) -> str:
    """The slowest imports of ``import bilingual_cv.pipeline`` (``-X importtime``)."""
    done = subprocess.run(
        [str(checkout.python), "-X", "importtime", "-c", "import bilingual_cv.pipeline"],
        check=False,
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
        preexec_fn=_nice,
    )
    rows = []
    for line in done.stderr.splitlines():
        match = re.match(r"import time:\s+(\d+) \|\s+(\d+) \|(\s*)(\S+)", line)
        if match:
            rows.append(
                (int(match.group(2)), int(match.group(1)), len(match.group(3)), match.group(4))
            )
    top_level = [r for r in rows if r[2] <= 2]
    total = sum(r[0] for r in top_level)
    lines = [
        (
            f"## `-X importtime` of `import bilingual_cv.pipeline` ({checkout.label}):"
            f" {total / 1000:.0f} ms in all"
        ),
        "",
        "| module | cumulative ms | self ms |",
        "|---|---|---|",
    ]
    for cum, own, _, name in sorted(rows, key=lambda r: -r[0])[:20]:
        lines.append(f"| {name} | {cum / 1000:.1f} | {own / 1000:.1f} |")
    return "\n".join(lines) + "\n"


# --- the batch command (kept from the earlier benchmark) ----------------------------------


def batch(checkout: Checkout, cvs: list[CorpusCV]) -> str:
    """The installed ``bilingual-cv convert`` on the distinct texts, one worker: wall time,
    and time to its first per-file line (start-up)."""
    cli = checkout.python.with_name("bilingual-cv")
    folder = Path(tempfile.mkdtemp(prefix="bench-batch-in-"))
    out = Path(tempfile.mkdtemp(prefix="bench-batch-out-"))
    for cv in cvs:
        shutil.copy(cv.text, folder / f"{cv.name}.txt")
    started = time.perf_counter()
    process = subprocess.Popen(
        [str(cli), "convert", str(folder), "-o", str(out), "--workers", "1"],
        stderr=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        text=True,
        preexec_fn=_nice,  # noqa: PLW1509 - the benchmark starts no threads
    )
    assert process.stderr is not None
    first = None
    for line in process.stderr:
        if first is None and line.startswith("["):
            first = time.perf_counter() - started
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - started
    process.returncode = os.waitstatus_to_exitcode(status)
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(out, ignore_errors=True)
    steady = (len(cvs) - 1) / (wall - first) if first else float("nan")
    return (
        f"| {checkout.label} | {len(cvs)} | {wall:.2f} s | {first or float('nan'):.2f} s |"
        f" {steady:.1f} | {usage.ru_maxrss / 1024:.0f} MB | {process.returncode} |"
    )


# --- main ---------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "--baseline",
        type=Path,
        default=DEFAULT_BASELINE,
        help=f"checkout to compare with (default: worktree of {BASELINE_COMMIT})",
    )
    parser.add_argument("--no-baseline", action="store_true", help="measure this checkout only")
    parser.add_argument("--repeat", type=int, default=1, help="fresh processes per CV")
    parser.add_argument("--starts", type=int, default=5, help="first-result runs per language")
    parser.add_argument("--profile", action="store_true", help="profile and start-up costs")
    parser.add_argument("--startup-repeat", type=int, default=2, help="processes per step")
    parser.add_argument("--profile-only", action="store_true", help="skip the speed table")
    parser.add_argument("--batch", action="store_true", help="also time the batch command")
    parser.add_argument("--only", nargs="*", help="CVs whose name contains one of these (trials)")
    parser.add_argument(
        "--instructions",
        action="store_true",
        help="also count the instructions of a round of the real CVs (needs valgrind)",
    )
    args = parser.parse_args(argv)
    if not SHARED.is_dir():
        print(f"note: {SHARED} not found: the corpus is the examples only", file=sys.stderr)
    checkouts = [this_checkout()]
    if not args.no_baseline:
        checkouts.insert(0, ensure_baseline(args.baseline))
    cvs = build_corpus()
    if args.only:
        cvs = [cv for cv in cvs if cv.origin == "example" or any(o in cv.name for o in args.only)]
    report = ""
    if not args.profile_only:
        print(f"per-CV CPU time on {len(cvs)} distinct CVs ...", file=sys.stderr)
        figures = measure_cpu(checkouts, cvs, args.repeat)
        current = figures["current"]
        real = [cv for cv in cvs if cv.real] or cvs
        picks = {
            g: median_length(
                [cv for cv in real if group_of(current.language[cv.name]) == g] or real
            )
            for g in ("en", "zh")
        }
        print("first result and peak memory ...", file=sys.stderr)
        for _ in range(args.starts):
            for g, cv in picks.items():
                for checkout in checkouts:
                    seconds, rss = measure_first(checkout, cv.text)
                    figures[checkout.label].first.setdefault(g, []).append(seconds)
                    figures[checkout.label].rss.setdefault(g, []).append(rss)
        print("1 MB CV ...", file=sys.stderr)
        big, distinct, big_size, distinct_size = build_big([cv for cv in cvs if cv.real] or cvs)
        # each checkout --repeat times, interleaved, the median kept: one run of a second or
        # two moves by a fifth with the machine's load
        big_runs: dict[str, list[float]] = {checkout.label: [] for checkout in checkouts}
        distinct_runs: dict[str, list[float]] = {checkout.label: [] for checkout in checkouts}
        for _ in range(args.repeat):
            for checkout in checkouts:
                warm = ["--warm", *warm_list(cvs, None)]
                big_runs[checkout.label].append(
                    float(run_child(checkout, "cpu", str(big), *warm)["cpu_ms"])  # type: ignore[arg-type]
                )
                distinct_runs[checkout.label].append(
                    float(run_child(checkout, "cpu", str(distinct), *warm)["cpu_ms"])  # type: ignore[arg-type]
                )
        for checkout in checkouts:
            figures[checkout.label].big_ms = statistics.median(big_runs[checkout.label])
            figures[checkout.label].distinct_ms = statistics.median(distinct_runs[checkout.label])
        if args.instructions:
            if shutil.which("valgrind") is None:
                print("note: valgrind not found: no instruction counts", file=sys.stderr)
            else:
                print("instructions (callgrind) ...", file=sys.stderr)
                for checkout in checkouts:
                    figures[checkout.label].instructions_m = count_instructions(
                        checkout, [cv for cv in cvs if cv.real] or cvs, warm_list(cvs, None)
                    )
        if len(checkouts) == 1:
            figures["baseline"] = Figures()
        report = render(
            checkouts, figures, cvs, picks, (big_size, distinct_size), args.repeat, args.starts
        )
    if args.batch:
        report += (
            "\n## The batch command on the distinct texts (`convert --workers 1`)\n\n"
            "| checkout | files | wall | first result | CVs/s after it | peak RSS (max of"
            " parent and workers) | exit |\n|---|---|---|---|---|---|---|\n"
            + "\n".join(batch(c, cvs) for c in checkouts)
            + "\n"
        )
    if args.profile or args.profile_only:
        print("profile ...", file=sys.stderr)
        report += "\n" + profile(checkouts[-1], cvs)
        print("start-up costs ...", file=sys.stderr)
        report += "\n" + startup(checkouts, repeat=args.startup_repeat)
        report += "\n" + import_time(checkouts[-1])
    RESULTS.mkdir(parents=True, exist_ok=True)
    name = "latest.md" if not args.profile_only else "profile.md"
    (RESULTS / name).write_text(report, encoding="utf-8")
    print(report)
    return 0


if __name__ == "__main__":
    sys.exit(main())
