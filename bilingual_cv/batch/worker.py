"""The worker processes of a batch: how one starts, what it runs, and the limits it runs under.

Not ``multiprocessing``'s spawn: it re-runs the caller's ``__main__`` in every worker,
which breaks scripts read from stdin and scripts without a ``__main__`` guard. Each worker is
a plain ``python -I -c`` subprocess (:func:`start_worker`) that imports this very package and
talks to the parent over its own socket (:mod:`bilingual_cv.batch.messages`: JSON, nothing a
worker sends can run code in the parent). A fresh interpreter per worker never inherits the caller's threads
or locks. Each worker loads the lexicons, jieba's dictionary and the CCF table by parsing a
small bilingual CV before it takes its first file (langdetect's profiles, a quarter of a
second, load on the first file that needs them), so that this one-off cost (about a second)
is never charged to a file's time limit. A worker sends back the CV as JSON text
(``CV.model_dump_json(indent=2)``, fast to make and to send). Workers run in their own process
group, so Ctrl-C reaches only the parent, which stops them. A worker whose parent dies, even by
``kill -9``, is killed by the kernel (``PR_SET_PDEATHSIG`` on Linux) or, elsewhere, exits by
itself within a second. Each worker's address space is capped (``RLIMIT_AS``, 2 GiB by default,
``max_memory``): a file that needs more fails as ``out_of_memory`` (or ``worker_crashed`` when a
native library dies of it) and its worker is replaced.

Workers are isolated (``python -I``): neither the current folder, nor an input's folder, nor
``PYTHONPATH`` is on their ``sys.path``, so a module planted beside the inputs (a
``dataclasses.py``, a ``json.py``) is never imported; only this package's own folder is put
first. Whatever else a worker should run comes from :func:`set_worker_plugins`: module files
named by absolute path, which each worker imports before its first file (the tests make
workers crash, hang or run out of memory this way).

:class:`SoloWorker` is one such worker parsing one file at a time under a time limit, for a
batch on another scheduler (:mod:`bilingual_cv.batch.dask`).
"""

from __future__ import annotations

import importlib.util
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from multiprocessing.connection import Connection
from pathlib import Path

from bilingual_cv.batch.inputs import display_name
from bilingual_cv.batch.messages import (
    parse_result_message,
    receive_message,
    receive_task,
    result_message,
    send_message,
    send_task,
)
from bilingual_cv.batch.results import (
    CRASH_CODE,
    MEMORY_CODE,
    TIMEOUT_CODE,
    ParseResult,
    parse_one,
)

__all__ = [
    "DEFAULT_MAX_MEMORY",
    "MIN_MAX_MEMORY",
    "STARTUP_SECONDS",
    "SoloWorker",
    "Worker",
    "describe_exit",
    "exit_code",
    "set_worker_plugins",
    "start_worker",
    "stop_worker",
    "worker_main",
    "worker_plugins",
]

#: A worker that has not loaded its resources within this many seconds is broken.
STARTUP_SECONDS = 120.0
#: How often a worker checks that its parent is still alive.
ORPHAN_CHECK_SECONDS = 1.0
#: The folder holding this package, put first on each worker's sys.path.
PACKAGE_PARENT = Path(__file__).resolve().parents[2]
#: Default address-space limit of a worker process (RLIMIT_AS): a warmed-up worker maps about
#: 0.5 GiB, a usual CV adds a few MiB, so only a pathological file reaches this.
DEFAULT_MAX_MEMORY = 2 << 30
#: A smaller limit would stop a worker while it loads its dictionaries.
MIN_MAX_MEMORY = 256 << 20
#: prctl(2) option: the signal a process gets when its parent dies (Linux).
PR_SET_PDEATHSIG = 1
#: A small CV in both languages: parsing it loads every lazily built resource.
WARM_UP_TEXT = (
    "Jane Doe\njane@example.com\nEducation\nPh.D. in Computer Science, MIT, 2019 - 2024\n"
    "Publications\nJane Doe, Li Hua. Fast Things. In INFOCOM 2023. (CCF-A)\n"
    "教育背景\n清华大学 计算机科学与技术 博士 2019.9 - 2024.6\n"
    "论文发表\n李华, 张三. 一种方法. 计算机学报, 2023.\n"
)


#: Module files each worker process imports before its first file (:func:`set_worker_plugins`).
_plugins: tuple[str, ...] = ()


def set_worker_plugins(paths: Iterable[str | os.PathLike[str]]) -> None:
    """Name module files that every worker process started from now on imports first.

    A worker imports each file (in order, by its path: never through ``sys.path``) before it
    loads anything else, so a plugin can replace a function of this package in the worker,
    e.g. ``bilingual_cv.pipeline.parse_file``. The tests use it to make a worker crash, hang,
    fail or run out of memory on chosen files; instrumentation can use it the same way. It
    applies to the worker processes of :func:`~bilingual_cv.batch.pool.parse_many` and of
    :func:`~bilingual_cv.batch.dask.parse_many_dask` (whose tasks carry the paths to the
    Dask workers), never to files parsed in the calling process. There is no environment
    variable or file that sets it: only the program that starts the workers does.

    Args:
        paths: Absolute paths of Python source files; empty (the default) for none.

    Raises:
        ValueError: A path that is not absolute or is not an existing ``.py`` file.

    >>> set_worker_plugins(["plugin.py"])
    Traceback (most recent call last):
    ...
    ValueError: a worker plugin is named by its absolute path, not 'plugin.py'
    >>> set_worker_plugins([]); worker_plugins()
    ()
    """
    global _plugins
    chosen: list[str] = []
    for path in paths:
        name = os.fspath(path)
        if not os.path.isabs(name):
            raise ValueError(f"a worker plugin is named by its absolute path, not {name!r}")
        if not name.endswith(".py") or not os.path.isfile(name):
            raise ValueError(f"a worker plugin is an existing .py file, not {name!r}")
        chosen.append(name)
    _plugins = tuple(chosen)


def worker_plugins() -> tuple[str, ...]:
    """The module files set by :func:`set_worker_plugins` (none by default)."""
    return _plugins


# --- the worker process ------------------------------------------------------------------------


def _import_plugins(plugins: Sequence[str]) -> None:
    """Import each plugin module file (:func:`set_worker_plugins`), in order, by its path."""
    for number, path in enumerate(plugins):
        spec = importlib.util.spec_from_file_location(f"_bilingual_cv_plugin_{number}", path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot import the worker plugin {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)


def worker_main(
    fd: int,
    ccf_edition: str,
    parent_pid: int,
    max_memory: int | None = None,
    plugins: Sequence[str] = (),
) -> None:
    """Body of a worker process: warm up, say ready, then parse one file per message.

    Args:
        fd: This worker's end of the socket pair to the parent.
        ccf_edition: The CCF edition of the batch.
        parent_pid: The parent's pid; the worker exits when it is orphaned.
        max_memory: Address-space limit in bytes (RLIMIT_AS), None for none.
        plugins: Module files to import before anything else (:func:`set_worker_plugins`).
    """
    conn = Connection(fd)
    _die_with_parent(parent_pid)
    threading.Thread(target=_exit_when_orphaned, args=(parent_pid,), daemon=True).start()
    _limit_memory(max_memory)
    _import_plugins(plugins)
    from bilingual_cv.pipeline import parse_text

    parse_text(WARM_UP_TEXT, ccf_edition=ccf_edition)
    send_message(conn, None)
    while True:
        try:
            task = receive_task(conn)
        except (EOFError, OSError, ValueError):
            return
        if task is None:
            return
        index, name, data = task
        result = parse_one(Path(name), ccf_edition, data)
        try:
            send_message(conn, result_message(index, result))
        except OSError:  # the parent is gone
            return
        if result.error_code == MEMORY_CODE:
            return  # after a MemoryError anything may be half-built: the parent starts afresh


def _die_with_parent(parent_pid: int) -> None:
    """Ask Linux to SIGKILL this worker when its parent dies (``kill -9`` included).

    ``PR_SET_PDEATHSIG`` fires when the parent *thread* that started the worker ends, so a
    batch driven from a short-lived thread loses its workers with that thread; the polling
    :func:`_exit_when_orphaned` covers other systems and the moment before this call.
    """
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):  # no prctl: the orphan check still runs
            pass
    if os.getppid() != parent_pid:  # the parent died before the request took effect
        os._exit(1)


def _limit_memory(max_memory: int | None) -> None:
    """Cap this process's address space (RLIMIT_AS), never above the hard limit."""
    if max_memory is None:
        return
    try:
        import resource
    except ImportError:  # not on a Unix
        return
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    soft = max_memory if hard == resource.RLIM_INFINITY else min(max_memory, hard)
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def _exit_when_orphaned(parent_pid: int) -> None:
    """Stop a worker whose parent died (even one stuck in a file), instead of leaking it."""
    while os.getppid() == parent_pid:
        time.sleep(ORPHAN_CHECK_SECONDS)
    os._exit(1)


def start_worker(ccf_edition: str, max_memory: int | None, plugins: Sequence[str] = ()) -> Worker:
    """A fresh worker: ``python -I -c`` importing this very package, talking over a socket.

    A plain subprocess, not ``multiprocessing``'s spawn, because spawn re-runs the caller's
    ``__main__`` in every worker (a script without a ``__main__`` guard, stdin, a notebook)
    and starts it with the current folder first on ``sys.path``. ``-I`` (isolated mode)
    leaves the current folder, ``PYTHONPATH`` and the user's site-packages off ``sys.path``
    and ignores every ``PYTHON*`` variable: nothing in the folder a batch runs in, or in its
    inputs' folders, can stand in for a module the worker imports. The folder holding this
    package goes first; the interpreter's own site-packages (a virtual environment's
    included) follow as usual. Its own process group keeps Ctrl-C for the parent to handle.
    """
    ours, theirs = socket.socketpair()
    code = (
        f"import sys; sys.path.insert(0, {str(PACKAGE_PARENT)!r}); "
        "from bilingual_cv.batch.worker import worker_main; "
        f"worker_main({theirs.fileno()}, {ccf_edition!r}, {os.getpid()}, {max_memory!r},"
        f" {tuple(plugins)!r})"
    )
    try:
        process = subprocess.Popen(
            [sys.executable, "-I", "-c", code], pass_fds=[theirs.fileno()], process_group=0
        )
    finally:
        theirs.close()
    return Worker(process, Connection(ours.detach()), time.monotonic())


@dataclass(slots=True)
class Worker:
    """A worker process as its parent sees it: its socket, and the file it holds, if any.

    Attributes:
        process: The ``python -I`` subprocess.
        conn: The parent's end of the socket pair.
        started: When it was started (``time.monotonic``).
        ready: Whether it has warmed up and said so.
        task: The index of the file it is parsing, None when idle.
        deadline: When its file's time limit runs out, None without a limit.
        dispatched: When it was handed its file.
    """

    process: subprocess.Popen[bytes]
    conn: Connection
    started: float
    ready: bool = False
    task: int | None = None
    deadline: float | None = None
    dispatched: float = 0.0


def stop_worker(worker: Worker, *, kill: bool) -> None:
    """Stop a worker: ask it to exit (unless ``kill``), and kill it if it is still running."""
    if not kill and worker.process.poll() is None:
        try:
            send_message(worker.conn, None)
            worker.process.wait(timeout=2.0)
        except (OSError, subprocess.TimeoutExpired):
            pass
    if worker.process.poll() is None:
        worker.process.kill()
        worker.process.wait()
    worker.conn.close()


def exit_code(process: subprocess.Popen[bytes]) -> int | None:
    """The exit code of a worker whose pipe closed (it is exiting: wait a moment)."""
    try:
        return process.wait(timeout=5.0)
    except subprocess.TimeoutExpired:
        return None


def describe_exit(code: int | None) -> str:
    """How a process ended: ``exit code 70``, ``killed by SIGSEGV``."""
    if code is None:
        return "still running"
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exit code {code}"


class SoloWorker:
    """One worker process that parses one file at a time under a time limit.

    The building block of a batch on another scheduler (a Dask worker thread owns one): the
    same worker process, memory ceiling and failure codes as :func:`parse_many`'s pool. A
    crashed, timed-out or out-of-memory worker is replaced on the next file.

    Args:
        ccf_edition: The CCF edition its worker annotates with.
        max_memory: Its worker's address-space limit in bytes, None for none.
        plugins: Module files its worker imports first (:func:`set_worker_plugins`); None:
            those set in this process.
    """

    def __init__(
        self, ccf_edition: str, max_memory: int | None, plugins: Sequence[str] | None = None
    ) -> None:
        self.ccf_edition = ccf_edition
        self.max_memory = max_memory
        self.plugins = worker_plugins() if plugins is None else tuple(plugins)
        self.worker: Worker | None = None

    def parse(self, path: Path, data: bytes | None, timeout: float | None) -> ParseResult:
        """Parse one file (from ``data`` when given, else from ``path``) in the worker.

        Raises:
            RuntimeError: The worker process cannot start.
        """
        worker = self._ready_worker()
        started = time.monotonic()
        try:
            send_task(worker.conn, 0, str(path), data)
            if worker.conn.poll(timeout):
                index, result = parse_result_message(receive_message(worker.conn))
                if index != 0:
                    raise ValueError("a result of another task")
                result.path = path
                if result.error_code == MEMORY_CODE:
                    self.close()  # it exits by itself after a MemoryError
                return result
        except (EOFError, OSError, ValueError):
            code = exit_code(worker.process)
            self.close()
            return ParseResult(
                path,
                error=f"{display_name(path)}: worker crashed ({describe_exit(code)})"
                " while parsing this file",
                error_code=CRASH_CODE,
                seconds=time.monotonic() - started,
            )
        self.close()
        return ParseResult(
            path,
            error=f"{display_name(path)}: timed out after {timeout:g} s (its worker was stopped)",
            error_code=TIMEOUT_CODE,
            seconds=time.monotonic() - started,
        )

    def _ready_worker(self) -> Worker:
        if self.worker is not None and self.worker.process.poll() is not None:
            self.close()
        if self.worker is None:
            worker = start_worker(self.ccf_edition, self.max_memory, self.plugins)
            try:
                ready = worker.conn.poll(STARTUP_SECONDS) and receive_message(worker.conn) is None
            except (EOFError, OSError, ValueError):
                ready = False
            if not ready:
                stop_worker(worker, kill=True)
                raise RuntimeError(
                    f"a bilingual-cv worker process did not start"
                    f" ({describe_exit(worker.process.returncode)})"
                )
            self.worker = worker
        return self.worker

    def close(self) -> None:
        """Stop the worker process (a new one starts on the next file)."""
        if self.worker is not None:
            stop_worker(self.worker, kill=True)
            self.worker = None
