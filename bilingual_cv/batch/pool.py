"""parse_many(): many CV files through worker processes, results in input order.

::

    for result in bilingual_cv.parse_many(paths, workers=4, timeout=60):
        if result.ok:
            print(result.path, result.cv.stats.publications)
        else:
            print(result.error)          # "path: message", as the command prints it

Why not ``concurrent.futures.ProcessPoolExecutor``: when one worker dies (a segfault in a
native library, an out-of-memory kill) the whole executor is marked broken and every pending
file fails with it, and a running task cannot be cancelled, so one file that hangs holds a
worker for ever. Here each worker is a plain ``python -I -c`` subprocess that imports this very
package and talks to the parent over its own socket (a
:class:`multiprocessing.connection.Connection`, in JSON messages: nothing a worker sends can
run code in the parent). The parent hands a worker one file at a time
and waits on every socket at once (:func:`multiprocessing.connection.wait`), with the nearest
per-file deadline as its timeout. A worker that dies costs only the file it held
(``worker_crashed``); a worker past the per-file time limit is killed (SIGKILL) and its file
reported as ``timeout``. Either way a fresh worker takes its place and the batch goes on.

How a worker starts, what it runs, the limits it runs under and why it is isolated
(``python -I``) is :mod:`bilingual_cv.batch.worker`; what it sends back is a
:class:`~bilingual_cv.batch.results.ParseResult`, whose :attr:`~ParseResult.cv` validates the
CV's JSON back into a :class:`~bilingual_cv.schema.CV` on first use.

With one worker and no time limit, files are parsed in the calling process, which is the
fastest way to parse a handful of files.

Files are opened without following links (a link fails as ``link_refused``). A
:class:`~bilingual_cv.batch.inputs.CheckedFile` (what ``bilingual-cv convert`` lists) is read by
the calling process, from the file its walk resolved and only if it is still that file
(``input_changed`` otherwise), and its bytes go to the worker: the file parsed is the file
that was listed, even if a link or another file took its place since.
"""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Generator, Iterable, Sequence
from multiprocessing.connection import wait
from pathlib import Path

from bilingual_cv.batch.inputs import CheckedFile, display_name
from bilingual_cv.batch.messages import (
    parse_result_message,
    receive_message,
    send_task,
)
from bilingual_cv.batch.results import (
    CRASH_CODE,
    MEMORY_CODE,
    TIMEOUT_CODE,
    ParseResult,
    as_path,
    input_failure,
    input_name,
    parse_one,
    read_checked,
)
from bilingual_cv.batch.worker import (
    DEFAULT_MAX_MEMORY,
    MIN_MAX_MEMORY,
    STARTUP_SECONDS,
    Worker,
    describe_exit,
    exit_code,
    start_worker,
    stop_worker,
    worker_plugins,
)
from bilingual_cv.errors import BilingualCVError

__all__ = ["CCF_EDITIONS", "default_workers", "parse_many"]

#: The CCF list editions a batch can annotate with.
CCF_EDITIONS: tuple[str, ...] = ("2026", "2022")
#: At most this many results wait, parsed, for an earlier file that is still running (memory
#: bound: a slow file stalls the workers once they are this far ahead of it).
RESULT_WINDOW = 1024
#: This many workers in a row dying before they are ready means they cannot start at all.
MAX_FAILED_STARTS = 3


def default_workers() -> int:
    """Number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def parse_many(
    paths: Iterable[str | os.PathLike[str]],
    workers: int | None = None,
    *,
    ccf_edition: str = "2026",
    timeout: float | None = None,
    max_memory: int | None = DEFAULT_MAX_MEMORY,
) -> Generator[ParseResult, None, None]:
    """Parse many CV files in parallel, yielding one result per input, in input order.

    A file that fails never stops the others: its result carries the error instead of a CV.

    Args:
        paths: CV files (.txt, .md, .pdf, .docx, .html), or
            :class:`~bilingual_cv.batch.inputs.CheckedFile` values of a walk (read as the module
            docstring says).
        workers: Worker processes; None means one per core. Never more than there are files.
        ccf_edition: CCF list edition, ``"2026"`` or ``"2022"``.
        timeout: Seconds one file may take; its worker is killed past that. None: no limit.
        max_memory: Bytes of address space each worker process may use (``RLIMIT_AS``); a file
            that needs more fails as ``out_of_memory`` and its worker is replaced. None: no
            limit. It applies to worker processes only, not to files parsed in the calling
            process (one worker and no time limit).

    Returns:
        An iterator of :class:`ParseResult`; closing it early stops the workers.

    Raises:
        TypeError: ``paths`` is one ``str``, ``bytes`` or path instead of an iterable of them
            (a string would be read character by character).
        ValueError: Bad ``workers``, ``ccf_edition`` or ``timeout`` (at the call, not on
            iteration).
        RuntimeError: (on iteration) worker processes cannot start at all.

    >>> [r.error_code for r in parse_many(["missing.txt"], workers=1)]
    ['unreadable_file']
    """
    if isinstance(paths, (str, bytes, os.PathLike)):
        raise TypeError(
            f"parse_many takes an iterable of paths, not one {type(paths).__name__}:"
            " write parse_many([path]) for a single file"
        )
    if ccf_edition not in CCF_EDITIONS:
        raise ValueError(f"unknown CCF edition {ccf_edition!r}: use '2026' (default) or '2022'")
    if workers is not None and workers < 1:
        raise ValueError(f"workers must be at least 1, not {workers}")
    if timeout is not None and not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, not {timeout}")
    if max_memory is not None and max_memory < MIN_MAX_MEMORY:
        raise ValueError(
            f"max_memory must be at least {MIN_MAX_MEMORY >> 20} MiB (a worker needs that"
            f" much to load its dictionaries), not {max_memory}"
        )
    items = [as_path(path) for path in paths]
    count = min(workers or default_workers(), len(items))
    if not items or (count <= 1 and timeout is None):
        return (parse_one(path, ccf_edition) for path in items)
    pool = _WorkerPool(items, max(count, 1), ccf_edition, timeout, max_memory, worker_plugins())
    return pool.results()


class _WorkerPool:
    """Worker processes that can be killed and replaced one at a time."""

    def __init__(
        self,
        items: list[Path | CheckedFile],
        workers: int,
        ccf_edition: str,
        timeout: float | None,
        max_memory: int | None = None,
        plugins: Sequence[str] = (),
    ):
        self.items = items
        self.size = workers
        self.ccf_edition = ccf_edition
        self.timeout = timeout
        self.max_memory = max_memory
        self.plugins = tuple(plugins)
        self.failed_starts = 0

    def _start(self) -> Worker:
        return start_worker(self.ccf_edition, self.max_memory, self.plugins)

    def results(self) -> Generator[ParseResult, None, None]:
        """Yield results in input order while the workers run."""
        pending: deque[int] = deque(range(len(self.items)))
        done: dict[int, ParseResult] = {}
        next_out = 0
        pool = [self._start() for _ in range(self.size)]
        try:
            while next_out < len(self.items):
                self._dispatch_idle(pool, pending, next_out, done)
                # a file that failed to be read in this process is done already: no waiting
                timeout = 0.0 if next_out in done else self._wait_seconds(pool)
                ready = wait([w.conn for w in pool], timeout=timeout)
                now = time.monotonic()
                for slot, worker in enumerate(pool):
                    if worker.conn in ready and not self._receive(worker, done):
                        if worker.task is not None:
                            code = exit_code(worker.process)
                            done[worker.task] = self._failure(
                                worker, now, CRASH_CODE,
                                f"worker crashed ({describe_exit(code)}) while parsing this file",
                            )  # fmt: skip
                        elif not worker.ready:
                            self._count_failed_start(worker)
                        stop_worker(worker, kill=True)
                        pool[slot] = self._start()
                    elif worker.deadline is not None and now >= worker.deadline:
                        done[worker.task or 0] = self._failure(
                            worker, now, TIMEOUT_CODE,
                            f"timed out after {self.timeout:g} s (its worker was stopped)",
                        )  # fmt: skip
                        stop_worker(worker, kill=True)
                        pool[slot] = self._start()
                    elif not worker.ready and now - worker.started > STARTUP_SECONDS:
                        raise RuntimeError(
                            f"bilingual-cv worker processes did not start within"
                            f" {STARTUP_SECONDS:g} s"
                        )
                # the next files go out before the caller handles these results
                self._dispatch_idle(pool, pending, next_out, done)
                while next_out in done:
                    yield done.pop(next_out)
                    next_out += 1
        finally:
            for worker in pool:
                stop_worker(worker, kill=worker.task is not None or not worker.ready)

    def _dispatch_idle(
        self, pool: list[Worker], pending: deque[int], next_out: int, done: dict[int, ParseResult]
    ) -> None:
        """Give the next file to every ready, idle worker (within the result window)."""
        for worker in pool:
            while worker.ready and worker.task is None:
                if not pending or pending[0] >= next_out + RESULT_WINDOW:
                    return
                self._dispatch(worker, pending.popleft(), done)

    def _dispatch(self, worker: Worker, index: int, done: dict[int, ParseResult]) -> None:
        """Send a file to a worker: a CheckedFile as its bytes, read and checked here (one
        that fails to be read is done at once, and the worker stays free)."""
        item = self.items[index]
        data: bytes | None = None
        if isinstance(item, CheckedFile):
            started = time.perf_counter()
            try:
                data = read_checked(item)
            except BilingualCVError as exc:
                done[index] = input_failure(item.path, exc, time.perf_counter() - started)
                return
        worker.task = index
        worker.dispatched = time.monotonic()
        if self.timeout is not None:
            worker.deadline = worker.dispatched + self.timeout
        send_task(worker.conn, index, str(input_name(item)), data)

    def _failure(self, worker: Worker, now: float, code: str, message: str) -> ParseResult:
        """The result of the file a worker held when it died or ran out of time."""
        path = input_name(self.items[worker.task or 0])
        return ParseResult(
            path,
            error=f"{display_name(path)}: {message}",
            error_code=code,
            seconds=now - worker.dispatched,
        )

    def _count_failed_start(self, worker: Worker) -> None:
        self.failed_starts += 1
        if self.failed_starts >= MAX_FAILED_STARTS:
            code = exit_code(worker.process)
            raise RuntimeError(
                f"bilingual-cv worker processes cannot start ({describe_exit(code)});"
                " see the error printed above"
            )

    def _receive(self, worker: Worker, done: dict[int, ParseResult]) -> bool:
        """Take every message waiting from a worker; False when the worker is gone, or going:
        after a MemoryError it exits by itself, so no file may be sent to it any more. A
        message that is not what a worker sends counts as the worker's death."""
        try:
            while worker.conn.poll():
                message = receive_message(worker.conn)
                if message is None:
                    worker.ready = True
                    self.failed_starts = 0
                    continue
                index, result = parse_result_message(message)
                if index != worker.task:
                    return False
                result.path = input_name(self.items[index])
                done[index] = result
                worker.task = None
                worker.deadline = None
                if result.error_code == MEMORY_CODE:
                    return False
        except (EOFError, OSError, ValueError):
            return False
        return True

    @staticmethod
    def _wait_seconds(pool: list[Worker]) -> float:
        """Until the nearest deadline: a file's time limit or a worker's start-up."""
        now = time.monotonic()
        deadlines = [w.deadline for w in pool if w.deadline is not None]
        deadlines += [w.started + STARTUP_SECONDS for w in pool if not w.ready]
        return max(0.0, min(deadlines) - now) if deadlines else STARTUP_SECONDS
