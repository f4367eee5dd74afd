#!/usr/bin/env python3
"""Mutation fuzzing of the full public parse: any bytes in, a CV or an ``InputError`` out.

    nice -n 10 .venv/bin/python scripts/fuzz.py --count 10000 --workers 2

Seeds are the real CVs beside the project (``../shared/seeds/*.txt``, ``../shared/seeds-pdf/*.pdf``,
``../shared/dev/*.pdf``; used in memory only, never copied into the repository), the repository's
``examples/``, and a DOCX and an HTML document generated from each example's text. Each input is
one seed put through one or more mutations (bit flips, truncation, chunk duplication or deletion,
a splice of two seeds, an inserted run of 100,000 spaces, newlines, letters or ideographs, a
mutation of a DOCX's XML before re-zipping it, another filter or chain of filters in place of a
PDF stream's ``/FlateDecode``) and is given to ``bilingual_cv.parse`` as bytes
or, every other input, as a ``pathlib.Path`` to a temporary file with the seed's suffix.

Inputs run in worker processes, each with a CPU-time limit per input (``RLIMIT_CPU``) and an
address-space limit (``RLIMIT_AS``). A *crash* is any exception that is not an ``InputError``,
or a worker that dies (a signal, the CPU limit, the memory limit). Each crash is saved with its
traceback under ``--crash-dir`` (outside the repository; default ``/tmp/fuzz-crashes``) as
``<sha1>.input<suffix>`` plus ``<sha1>.outcome``. The summary lists outcomes by error code, crashes by
kind and place, the slowest inputs, and how many inputs under 100 KB took over 1 s of CPU.
The run is deterministic for a given ``--seed``.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import multiprocessing
import multiprocessing.connection
import os
import random
import re
import resource
import sys
import tempfile
import time
import traceback
import zipfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from xml.sax.saxutils import escape

ROOT = Path(__file__).resolve().parents[1]
#: The shared material beside the project (``--shared`` overrides it).
SHARED = ROOT.parent / "shared"
#: Where the seed inputs are read from under the shared folder, with the glob of each.
SHARED_GLOBS: tuple[tuple[str, str], ...] = (
    ("seeds", "*.txt"),
    ("seeds-pdf", "*.pdf"),
    ("dev", "*.pdf"),
)
#: Inputs smaller than this should never take over SLOW_SECONDS of CPU.
SMALL_BYTES = 100 * 1024
SLOW_SECONDS = 1.0
#: Wall-clock seconds past the CPU limit after which a silent worker is killed.
WALL_GRACE_SECONDS = 30.0
#: Runs inserted by the "huge run" mutation.
HUGE_RUNS: tuple[bytes, ...] = (
    b" " * 100_000,
    b"\n" * 100_000,
    b"a" * 100_000,
    "研".encode() * 50_000,
    b"-" * 100_000,
    b"<div>" * 20_000,
    b"&amp;" * 20_000,
    b"1" * 100_000,
    b"\t \r\n" * 25_000,
)


@dataclass(frozen=True, slots=True)
class Seed:
    """One seed input: its label (file name), suffix and bytes."""

    label: str
    suffix: str
    data: bytes


@dataclass(slots=True)
class Result:
    """What one input did."""

    index: int
    seed: str
    mutation: str
    size: int
    outcome: str  # "ok", an InputError code, "crash:<Type>", "death:<how>"
    cpu: float = 0.0
    detail: str = ""
    data: bytes = field(default=b"", repr=False)
    suffix: str = ""


# --------------------------------------------------------------------------- seeds


def load_seeds(shared: Path) -> list[Seed]:
    """Read every seed file and add a DOCX and an HTML built from each example text."""
    seeds: list[Seed] = []
    folders = [(shared / sub, pattern) for sub, pattern in SHARED_GLOBS]
    for folder, pattern in [*folders, (ROOT / "examples", "*")]:
        if not folder.is_dir():
            print(f"note: {folder} is absent; its seeds are skipped", file=sys.stderr)
            continue
        for path in sorted(folder.glob(pattern)):
            if path.is_file():
                seeds.append(Seed(path.name, path.suffix.lower(), path.read_bytes()))
    for path in sorted((ROOT / "examples").glob("*")):
        if path.suffix in (".txt", ".md"):
            lines = path.read_text(encoding="utf-8").splitlines()
            seeds.append(Seed(path.stem + ".docx", ".docx", build_docx(lines)))
            seeds.append(Seed(path.stem + ".html", ".html", build_html(lines)))
    return seeds


def build_docx(lines: list[str]) -> bytes:
    """A small .docx: heading-like lines as paragraphs, dated lines in a two-cell table row."""
    body = []
    for line in lines:
        text = line.strip("#*- ")
        if line[:4].strip().isdigit() and " " in text:
            date, _, rest = text.partition(" ")
            body.append(
                "<w:tbl><w:tr><w:tc>"
                + _docx_p(date)
                + "</w:tc><w:tc>"
                + _docx_p(rest)
                + "</w:tc></w:tr></w:tbl>"
            )
        else:
            body.append(_docx_p(text))
    document = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<w:document xmlns:w='
        '"http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>'
        + "".join(body)
        + "</w:body></w:document>"
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", "<Types/>")
        archive.writestr("word/document.xml", document)
    return out.getvalue()


def _docx_p(text: str) -> str:
    return f'<w:p><w:r><w:t xml:space="preserve">{escape(text)}</w:t></w:r></w:p>'


def build_html(lines: list[str]) -> bytes:
    """An HTML page: ``#`` lines as headings, ``-`` lines as list items, others as paragraphs."""
    parts = ['<!DOCTYPE html><html><head><meta charset="utf-8"><title>CV</title>']
    parts.append("<style>p{margin:0}</style></head><body><div><div>")
    for line in lines:
        text = escape(line.strip("#*- ")).replace("·", "&middot;")
        if line.startswith("#"):
            parts.append(f"<h2>{text}</h2>")
        elif line.startswith("-"):
            parts.append(f"<ul><li>{text}</li></ul>")
        elif text:
            parts.append(f"<p>{text}<br></p>")
    parts.append("</div></div></body></html>")
    return "\n".join(parts).encode("utf-8")


# --------------------------------------------------------------------------- mutations


def flip_bits(rng: random.Random, data: bytes, seeds: list[Seed]) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 16)):
        position = rng.randrange(len(out))
        out[position] ^= 1 << rng.randrange(8)
    return bytes(out)


def set_bytes(rng: random.Random, data: bytes, seeds: list[Seed]) -> bytes:
    out = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        out[rng.randrange(len(out))] = rng.choice((0, 0xFF, 0x7F, 0x80, 0x0A, 0x3C, 0x25))
    return bytes(out)


def truncate(rng: random.Random, data: bytes, seeds: list[Seed]) -> bytes:
    return data[: rng.randrange(1, len(data))] if len(data) > 1 else data


def duplicate_chunk(rng: random.Random, data: bytes, seeds: list[Seed]) -> bytes:
    start = rng.randrange(len(data))
    chunk = data[start : start + rng.randint(1, 4096)]
    at = rng.randrange(len(data) + 1)
    return data[:at] + chunk * rng.randint(1, 64) + data[at:]


def delete_chunk(rng: random.Random, data: bytes, seeds: list[Seed]) -> bytes:
    start = rng.randrange(len(data))
    return data[:start] + data[start + rng.randint(1, 4096) :]


def splice(rng: random.Random, data: bytes, seeds: list[Seed]) -> bytes:
    other = rng.choice(seeds).data
    return data[: rng.randrange(len(data) + 1)] + other[rng.randrange(len(other)) :]


def insert_huge_run(rng: random.Random, data: bytes, seeds: list[Seed]) -> bytes:
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice(HUGE_RUNS) + data[at:]


def mutate_docx_xml(rng: random.Random, data: bytes, seeds: list[Seed]) -> bytes:
    """Mutate ``word/document.xml`` inside the zip and re-zip it, to reach the XML parser."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            members = {info.filename: archive.read(info) for info in archive.infolist()}
    except Exception:  # noqa: BLE001 - not a zip any more: mutate the bytes instead
        return flip_bits(rng, data, seeds)
    xml = members.get("word/document.xml", b"")
    if xml:
        mutator = rng.choice((flip_bits, truncate, duplicate_chunk, delete_chunk, insert_huge_run))
        members["word/document.xml"] = mutator(rng, xml, seeds)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for filename, content in members.items():
            archive.writestr(filename, content)
    return out.getvalue()


#: Filter names a PDF mutation puts in place of one another, full and short, and chains.
PDF_FILTERS: tuple[bytes, ...] = (
    b"/FlateDecode",
    b"/LZWDecode",
    b"/ASCII85Decode",
    b"/ASCIIHexDecode",
    b"/RunLengthDecode",
    b"/Fl",
    b"/AHx",
    b"[/FlateDecode /FlateDecode]",
    b"[/ASCIIHexDecode /FlateDecode]",
    b"[/RL /LZW]",
    b"7 0 R",
)


def swap_pdf_filter(rng: random.Random, data: bytes, seeds: list[Seed]) -> bytes:
    """Put another filter (or chain, or a reference) in place of a stream's /FlateDecode, so
    that the pre-scan's decoders and PDFium's meet real stream data they do not expect."""
    found = [match.start() for match in re.finditer(rb"/FlateDecode\b", data)]
    if not found:
        return flip_bits(rng, data, seeds)
    at = rng.choice(found)
    return data[:at] + rng.choice(PDF_FILTERS) + data[at + len(b"/FlateDecode") :]


MUTATIONS = (
    flip_bits,
    set_bytes,
    truncate,
    duplicate_chunk,
    delete_chunk,
    splice,
    insert_huge_run,
)


def make_input(rng: random.Random, seeds: list[Seed]) -> tuple[Seed, str, bytes]:
    """Pick a seed and apply one to three mutations."""
    seed = rng.choice(seeds)
    data = seed.data
    names = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        pool = MUTATIONS + ((mutate_docx_xml,) * 3 if seed.suffix == ".docx" else ())
        pool += (swap_pdf_filter,) * 2 if seed.suffix == ".pdf" else ()
        mutation = rng.choice(pool)
        names.append(mutation.__name__)
        data = mutation(rng, data, seeds) if data else data
    return seed, "+".join(names), data


# --------------------------------------------------------------------------- workers


def worker_main(conn: multiprocessing.connection.Connection, cpu_limit: int, mem_mb: int) -> None:
    """Parse inputs sent over ``conn`` until it closes; reply with the outcome of each."""
    os.nice(0)
    resource.setrlimit(resource.RLIMIT_AS, (mem_mb * 1024 * 1024, resource.RLIM_INFINITY))
    import bilingual_cv
    from bilingual_cv.errors import InputError

    # warm up (jieba, OpenCC, langdetect, PDFium load on first use), so CPU times compare
    bilingual_cv.parse("李华\n教育背景\n2019 - 2024 博士 示例大学\nJane Roe\nEducation\n".encode())
    tmp = Path(tempfile.mkdtemp(prefix="fuzz-worker-"))
    while True:
        try:
            index, data, suffix, as_path = conn.recv()
        except EOFError:
            return
        used = resource.getrusage(resource.RUSAGE_SELF)
        spent = used.ru_utime + used.ru_stime
        hard = resource.getrlimit(resource.RLIMIT_CPU)[1]  # cannot be raised again: keep it
        resource.setrlimit(resource.RLIMIT_CPU, (int(spent) + cpu_limit + 1, hard))
        start = time.process_time()
        source: bytes | Path = data
        if as_path:
            source = tmp / f"input{suffix}"
            source.write_bytes(data)
        try:
            bilingual_cv.parse(source)
            outcome, detail = "ok", ""
        except InputError as exc:
            outcome, detail = exc.code, str(exc)[:200]
        except BaseException as exc:  # noqa: BLE001 - this is what the fuzzer looks for
            outcome, detail = f"crash:{type(exc).__name__}", traceback.format_exc()
        conn.send((index, outcome, time.process_time() - start, detail))


class Worker:
    """One worker process and its end of the pipe; restarted when it dies."""

    def __init__(self, cpu_limit: int, mem_mb: int) -> None:
        self.cpu_limit, self.mem_mb = cpu_limit, mem_mb
        self.start()

    def start(self) -> None:
        context = multiprocessing.get_context("spawn")
        self.conn, child = context.Pipe()
        self.process = context.Process(
            target=worker_main, args=(child, self.cpu_limit, self.mem_mb), daemon=True
        )
        self.process.start()
        child.close()
        self.busy: Result | None = None
        self.sent_at = 0.0

    def send(self, result: Result, as_path: bool) -> None:
        self.busy = result
        self.sent_at = time.monotonic()
        self.conn.send((result.index, result.data, result.suffix, as_path))

    def restart(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()
        self.conn.close()
        self.start()


def describe_death(process: multiprocessing.process.BaseProcess) -> str:
    """Name how a worker died: the CPU limit (SIGXCPU), a signal, or an exit status."""
    code = process.exitcode
    if code is None:
        return "death:hung"
    if code == -24:
        return "death:cpu_limit"
    if code < 0:
        return f"death:signal_{-code}"
    return f"death:exit_{code}"


# --------------------------------------------------------------------------- main


def run(args: argparse.Namespace) -> list[Result]:
    seeds = load_seeds(Path(args.shared))
    if not seeds:
        sys.exit("no seeds found")
    print(f"{len(seeds)} seeds; {args.count} inputs; {args.workers} workers", file=sys.stderr)
    rng = random.Random(args.seed)
    made = 0

    def next_input() -> Result:  # made on demand: 10,000 inputs held at once need gigabytes
        nonlocal made
        seed, mutation, data = make_input(rng, seeds)
        made += 1
        return Result(made - 1, seed.label, mutation, len(data), "", data=data, suffix=seed.suffix)

    workers = [Worker(args.cpu_limit, args.mem_mb) for _ in range(args.workers)]
    done: list[Result] = []
    started = time.monotonic()
    while made < args.count or any(worker.busy for worker in workers):
        for worker in workers:
            if worker.busy is None and made < args.count:
                result = next_input()
                worker.send(result, as_path=result.index % 2 == 1)
        ready = multiprocessing.connection.wait(
            [worker.conn for worker in workers if worker.busy], timeout=5
        )
        for worker in workers:
            result = worker.busy
            if result is None:
                continue
            if worker.conn in ready:
                try:
                    _, outcome, cpu, detail = worker.conn.recv()
                except (EOFError, ConnectionError):
                    worker.process.join(timeout=5)
                    outcome, detail = describe_death(worker.process), ""
                    cpu = float(args.cpu_limit) if outcome == "death:cpu_limit" else 0.0
                    worker.restart()
                result.outcome, result.cpu, result.detail = outcome, cpu, detail
            elif not worker.process.is_alive() or (
                time.monotonic() - worker.sent_at > args.cpu_limit * 4 + WALL_GRACE_SECONDS
            ):
                worker.process.join(timeout=1)
                result.outcome = describe_death(worker.process)
                result.cpu = float(args.cpu_limit)
                worker.restart()
            else:
                continue
            worker.busy = None
            if result.outcome.startswith(("crash:", "death:")):
                save_crash(result, Path(args.crash_dir))
            result.data = b""  # keep the summary's figures, not the bytes
            done.append(result)
            if len(done) % 500 == 0:
                elapsed = time.monotonic() - started
                print(f"{len(done)} done in {elapsed:.0f} s", file=sys.stderr)
    for worker in workers:
        worker.conn.close()
        worker.process.join(timeout=10)
        if worker.process.is_alive():
            worker.process.kill()
    return sorted(done, key=lambda result: result.index)


def save_crash(result: Result, folder: Path) -> None:
    """Write the input and what it did; the name is the input's SHA-1."""
    folder.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha1(result.data).hexdigest()[:16]
    (folder / f"{digest}.input{result.suffix}").write_bytes(result.data)
    (folder / f"{digest}.outcome").write_text(
        f"outcome: {result.outcome}\nseed: {result.seed}\nmutation: {result.mutation}\n"
        f"size: {result.size}\npassed as: {'Path' if result.index % 2 else 'bytes'}\n\n"
        f"{result.detail}\n",
        encoding="utf-8",
    )
    print(
        f"CRASH {result.outcome} -> {folder / (digest + '.input' + result.suffix)}", file=sys.stderr
    )


def crash_place(detail: str) -> str:
    """The innermost project frame of a traceback, as ``file:line in function``."""
    frames = [line.strip() for line in detail.splitlines() if line.strip().startswith("File ")]
    ours = [frame for frame in frames if "bilingual_cv" in frame] or frames
    return ours[-1].replace('File "', "").split("bilingual_cv/")[-1] if ours else "?"


def summarize(results: list[Result], args: argparse.Namespace, seconds: float) -> None:
    outcomes = Counter(result.outcome for result in results)
    crashes = [r for r in results if r.outcome.startswith(("crash:", "death:"))]
    print(f"inputs: {len(results)} in {seconds:.0f} s ({args.workers} workers, seed {args.seed})")
    print(f"limits per input: {args.cpu_limit} s CPU, {args.mem_mb} MB address space")
    print("outcomes:")
    for outcome, count in outcomes.most_common():
        print(f"  {outcome:28} {count}")
    print(f"crashes (non-InputError exceptions and worker deaths): {len(crashes)}")
    places = Counter((r.outcome, crash_place(r.detail)) for r in crashes)
    for (outcome, place), count in places.most_common():
        print(f"  {count:5} {outcome} at {place}")
    print(f"crash reproducers: {args.crash_dir}" if crashes else "crash reproducers: none")
    slow_small = [r for r in results if r.size < SMALL_BYTES and r.cpu > SLOW_SECONDS]
    print(f"inputs under {SMALL_BYTES // 1024} KB over {SLOW_SECONDS:g} s CPU: {len(slow_small)}")
    print("slowest inputs (CPU s, bytes, seed, mutation, outcome):")
    for r in sorted(results, key=lambda r: -r.cpu)[: args.slowest]:
        print(f"  {r.cpu:7.2f} {r.size:9} {r.seed:28} {r.mutation:40} {r.outcome}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--cpu-limit", type=int, default=30, help="CPU seconds per input")
    parser.add_argument("--mem-mb", type=int, default=3072, help="address space per worker")
    parser.add_argument("--crash-dir", default="/tmp/fuzz-crashes")
    parser.add_argument("--shared", default=str(SHARED), help="folder holding seeds/, dev/ ...")
    parser.add_argument("--slowest", type=int, default=10)
    args = parser.parse_args()
    if Path(args.crash_dir).resolve().is_relative_to(ROOT):
        sys.exit("--crash-dir must be outside the repository (reproducers may hold real text)")
    started = time.monotonic()
    results = run(args)
    summarize(results, args, time.monotonic() - started)


if __name__ == "__main__":
    main()
