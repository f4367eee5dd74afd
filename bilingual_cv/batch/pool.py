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
:class:`multiprocessing.connection.Connection`, in JSON messages: nothing a worker sends is
unpickled). The parent hands a worker one file at a time
and waits on every socket at once (:func:`multiprocessing.connection.wait`), with the nearest
per-file deadline as its timeout. A worker that dies costs only the file it held
(``worker_crashed``); a worker past the per-file time limit is killed (SIGKILL) and its file
reported as ``timeout``. Either way a fresh worker takes its place and the batch goes on.

Not ``multiprocessing``'s spawn either: it re-runs the caller's ``__main__`` in every worker,
which breaks scripts read from stdin and scripts without a ``__main__`` guard. A fresh
interpreter per worker never inherits the caller's threads or locks. Each worker loads the
lexicons, jieba's dictionary and the CCF table by parsing a small bilingual CV before it takes
its first file (langdetect's profiles, a quarter of a second, load on the first file that needs
them), so that this one-off cost (about a second) is never charged to a file's time
limit. A worker sends back the CV as JSON text (``CV.model_dump_json(indent=2)``, fast to make
and to send); :attr:`ParseResult.cv` validates it back into a
:class:`~bilingual_cv.schema.CV` on first use. Workers run in their own process group, so
Ctrl-C reaches only the parent, which stops them. A worker whose parent dies, even by
``kill -9``, is killed by the kernel (``PR_SET_PDEATHSIG`` on Linux) or, elsewhere, exits by
itself within a second. Each worker's address space is capped (``RLIMIT_AS``, 2 GiB by default,
``max_memory``): a file that needs more fails as ``out_of_memory`` (or ``worker_crashed`` when a
native library dies of it) and its worker is replaced.

With one worker and no time limit, files are parsed in the calling process, which is the
fastest way to parse a handful of files.

Files are opened without following links (a link fails as ``link_refused``). A
:class:`~bilingual_cv.batch.inputs.CheckedFile` (what ``bilingual-cv convert`` lists) is read by
the calling process, from the file its walk resolved and only if it is still that file
(``input_changed`` otherwise), and its bytes go to the worker: the file parsed is the file
that was listed, even if a link or another file took its place since.

Workers are isolated (``python -I``): neither the current folder, nor an input's folder, nor
``PYTHONPATH`` is on their ``sys.path``, so a module planted beside the inputs (a
``dataclasses.py``, a ``json.py``) is never imported; only this package's own folder is put
first. Whatever else a worker should run comes from :func:`set_worker_plugins`: module files
named by absolute path, which each worker imports before its first file (the tests make
workers crash, hang or run out of memory this way).
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback
from collections import deque
from collections.abc import Generator, Iterable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import TYPE_CHECKING

from bilingual_cv.batch.inputs import CheckedFile, display_name, text_name
from bilingual_cv.errors import BilingualCVError

if TYPE_CHECKING:
    from bilingual_cv.schema import CV

__all__ = [
    "CCF_EDITIONS",
    "ParseResult",
    "default_workers",
    "parse_many",
    "set_worker_plugins",
    "worker_plugins",
]

#: The CCF list editions a batch can annotate with.
CCF_EDITIONS: tuple[str, ...] = ("2026", "2022")
#: At most this many results wait, parsed, for an earlier file that is still running (memory
#: bound: a slow file stalls the workers once they are this far ahead of it).
RESULT_WINDOW = 1024
#: A worker that has not loaded its resources within this many seconds is broken.
STARTUP_SECONDS = 120.0
#: This many workers in a row dying before they are ready means they cannot start at all.
MAX_FAILED_STARTS = 3
#: How often a worker checks that its parent is still alive.
ORPHAN_CHECK_SECONDS = 1.0
#: The folder holding this package, put first on each worker's sys.path.
PACKAGE_PARENT = Path(__file__).resolve().parents[2]
#: error_code of a file whose worker exceeded the time limit.
TIMEOUT_CODE = "timeout"
#: error_code of a file whose worker process died while parsing it.
CRASH_CODE = "worker_crashed"
#: error_code of an exception that is not a BilingualCVError: a bug in this package.
BUG_CODE = "internal_error"
#: error_code of a file whose parsing ran out of memory (MemoryError under the worker's limit).
MEMORY_CODE = "out_of_memory"
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


@dataclass(slots=True)
class ParseResult:
    """The outcome for one input of :func:`parse_many`: a CV, or the reason there is none.

    Attributes:
        path: The input as given.
        json: The CV as indented JSON (``CV.model_dump_json(indent=2)``), None on failure.
        error: ``"path: message"`` on failure, as the command prints it (the path in its
            display form, :func:`~bilingual_cv.batch.inputs.display_name`: one printable line);
            None on success.
        error_code: Why it failed: an :class:`~bilingual_cv.errors.InputError` code such as
            ``encrypted_pdf``, or ``timeout``, ``worker_crashed``, ``internal_error``.
        traceback: The formatted traceback of an ``internal_error`` (a bug), else None.
        sha256: Hex SHA-256 of the bytes that were parsed, None on failure.
        warnings: Number of warnings in the CV.
        seconds: Wall time spent on this file.
    """

    path: Path
    json: str | None = None
    error: str | None = None
    error_code: str | None = None
    traceback: str | None = None
    sha256: str | None = None
    warnings: int = 0
    seconds: float = 0.0
    _cv: CV | None = field(default=None, repr=False, compare=False)

    @property
    def ok(self) -> bool:
        """True when the file was parsed."""
        return self.json is not None

    @property
    def cv(self) -> CV | None:
        """The parsed CV (validated from :attr:`json` on first use), None on failure."""
        if self._cv is None and self.json is not None:
            from bilingual_cv.schema import CV

            self._cv = CV.model_validate_json(self.json)
        return self._cv

    def __getstate__(self) -> dict[str, object]:
        # A copy holds the CV's JSON, not the CV: it is validated again on first use.
        return {name: getattr(self, name) for name in _SENT_FIELDS}

    def __setstate__(self, state: dict[str, object]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self._cv = None


#: The fields of a ParseResult that a worker sends back.
_SENT_FIELDS = (
    "path",
    "json",
    "error",
    "error_code",
    "traceback",
    "sha256",
    "warnings",
    "seconds",
)


def default_workers() -> int:
    """Number of cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


#: Module files each worker process imports before its first file (:func:`set_worker_plugins`).
_plugins: tuple[str, ...] = ()


def set_worker_plugins(paths: Iterable[str | os.PathLike[str]]) -> None:
    """Name module files that every worker process started from now on imports first.

    A worker imports each file (in order, by its path: never through ``sys.path``) before it
    loads anything else, so a plugin can replace a function of this package in the worker,
    e.g. ``bilingual_cv.pipeline.parse_file``. The tests use it to make a worker crash, hang,
    fail or run out of memory on chosen files; instrumentation can use it the same way. It
    applies to the worker processes of :func:`parse_many` and of
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
    items = [_as_path(path) for path in paths]
    count = min(workers or default_workers(), len(items))
    if not items or (count <= 1 and timeout is None):
        return (_parse_one(path, ccf_edition) for path in items)
    pool = _WorkerPool(items, max(count, 1), ccf_edition, timeout, max_memory, worker_plugins())
    return pool.results()


def _as_path(path: object) -> Path | CheckedFile:
    """One element of ``paths``: a str or path-like, never bytes (``os.fsdecode`` those); a
    :class:`~bilingual_cv.batch.inputs.CheckedFile` stays one."""
    if isinstance(path, CheckedFile):
        return path
    if isinstance(path, bytes):
        return Path(os.fsdecode(path))
    if isinstance(path, (str, os.PathLike)):
        return Path(path)
    raise TypeError(f"parse_many takes paths, not a {type(path).__name__}: {path!r}")


def _name(item: Path | CheckedFile) -> Path:
    """The path an input is known by (a CheckedFile's name, not the file it resolves to)."""
    return item.path if isinstance(item, CheckedFile) else item


def _read_checked(item: Path | CheckedFile) -> bytes:
    """An input's bytes, never through a link; a CheckedFile only if it is the file listed.

    Raises:
        InputError: A link, another file, unreadable, or larger than any CV.
    """
    from bilingual_cv.io.readers import read_input_bytes

    if isinstance(item, CheckedFile):
        return read_input_bytes(item.real, identity=item.identity, name=str(item.path))
    return read_input_bytes(item)


def _parse_one(
    item: Path | CheckedFile, ccf_edition: str, data: bytes | None = None
) -> ParseResult:
    """Parse one file; every failure becomes a result (a bug keeps its traceback).

    With ``data``, those are the file's bytes, read elsewhere (by the calling process, or for
    a Dask worker that cannot see the file): the CV is the same as one read from the path. A
    CheckedFile is read as :func:`_read_checked` says. A name that is not UTF-8 is recorded in
    its text form (:func:`~bilingual_cv.batch.inputs.text_name`) in ``source.path`` and in messages:
    JSON cannot hold the lone surrogates Python keeps such bytes as.
    """
    started = time.perf_counter()
    path = _name(item)
    shown = display_name(path)
    try:
        if data is None and isinstance(item, CheckedFile):
            data = _read_checked(item)
        cv = _parse_path_or_bytes(path, ccf_edition, data)
        if cv.source.path is not None and cv.source.path != text_name(cv.source.path):
            cv = cv.model_copy(
                update={"source": cv.source.model_copy(update={"path": text_name(path)})}
            )
        text = cv.model_dump_json(indent=2)
    except BilingualCVError as exc:
        return _input_failure(path, exc, time.perf_counter() - started)
    except MemoryError:
        return _out_of_memory(path, time.perf_counter() - started)
    except Exception as exc:  # noqa: BLE001 - a bug: reported for this file, the batch goes on
        return ParseResult(
            path,
            error=f"{shown}: internal error (a bug, please report it): {type(exc).__name__}:"
            f" {_one_line(str(exc))}",
            error_code=BUG_CODE,
            traceback=_json_safe(traceback.format_exc()),
            seconds=time.perf_counter() - started,
        )
    return ParseResult(
        path,
        json=text,
        sha256=cv.source.sha256,
        warnings=len(cv.warnings),
        seconds=time.perf_counter() - started,
        _cv=cv,
    )


def _input_failure(path: Path, exc: BilingualCVError, seconds: float) -> ParseResult:
    """The result of a file that failed with one of this package's errors: ``path: message``."""
    message = str(exc)
    if message.startswith(str(path)):
        message = message[len(str(path)) :].lstrip(": ")
    return ParseResult(path, error=f"{display_name(path)}: {_one_line(message)}",
                       error_code=exc.code, seconds=seconds)  # fmt: skip


def _parse_path_or_bytes(path: Path, ccf_edition: str, data: bytes | None) -> CV:
    """parse_file(path), or the same from the file's bytes, recording ``path`` as its source."""
    from bilingual_cv.pipeline import parse_file

    if data is None:
        return parse_file(path, ccf_edition=ccf_edition)
    from dataclasses import replace

    from bilingual_cv.io.readers import read_bytes_source
    from bilingual_cv.pipeline import parse_source

    name = str(path) if not str(path).startswith("<") else os.path.join(".", path)
    source = replace(read_bytes_source(data, name=name), path=str(path))
    return parse_source(source, ccf_edition=ccf_edition)


def _out_of_memory(path: Path, seconds: float) -> ParseResult:
    """The result of a file whose parsing raised MemoryError."""
    return ParseResult(
        path,
        error=f"{display_name(path)}: out of memory (the limit of a worker is --max-memory)",
        error_code=MEMORY_CODE,
        seconds=seconds,
    )


def _one_line(message: str) -> str:
    """A message as one JSON-safe line (a file name inside it may hold anything)."""
    return display_name(message)


def _json_safe(text: str) -> str:
    """Text with lone surrogates written as ``\\xNN``, so that UTF-8 writers accept it."""
    return text_name(text)


# --- worker processes --------------------------------------------------------------------------


def _import_plugins(plugins: Sequence[str]) -> None:
    """Import each plugin module file (:func:`set_worker_plugins`), in order, by its path."""
    for number, path in enumerate(plugins):
        spec = importlib.util.spec_from_file_location(f"_bilingual_cv_plugin_{number}", path)
        if spec is None or spec.loader is None:
            raise ImportError(f"cannot import the worker plugin {path}")
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)


def _worker_main(
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
    _send_message(conn, None)
    while True:
        try:
            task = _receive_task(conn)
        except (EOFError, OSError, ValueError):
            return
        if task is None:
            return
        index, name, data = task
        result = _parse_one(Path(name), ccf_edition, data)
        try:
            _send_message(conn, _result_message(index, result))
        except OSError:  # the parent is gone
            return
        if result.error_code == MEMORY_CODE:
            return  # after a MemoryError anything may be half-built: the parent starts afresh


# --- messages between the parent and its workers ----------------------------------------------
# Each is one JSON document (``send_bytes``), never a pickle: the parent decodes what a worker
# sends as plain data and checks its fields. A task's file bytes (a Dask worker's) follow its
# message as one raw frame.


def _send_message(conn: Connection, message: object) -> None:
    conn.send_bytes(json.dumps(message).encode("utf-8"))


def _receive_message(conn: Connection) -> object:
    """The next message; ValueError when it is not JSON."""
    return json.loads(conn.recv_bytes())


def _send_task(conn: Connection, index: int, name: str, data: bytes | None) -> None:
    """Hand a worker the file at ``name`` (its bytes when given) as task ``index``."""
    _send_message(conn, {"index": index, "name": name, "bytes": data is not None})
    if data is not None:
        conn.send_bytes(data)


def _receive_task(conn: Connection) -> tuple[int, str, bytes | None] | None:
    """The next task sent by :func:`_send_task`; None: stop. ValueError on a bad message."""
    message = _receive_message(conn)
    if message is None:
        return None
    fields = message if isinstance(message, dict) else {}
    index, name = fields.get("index"), fields.get("name")
    if type(index) is not int or not isinstance(name, str):
        raise ValueError("a task is a JSON object naming its index and file")
    return index, name, conn.recv_bytes() if fields.get("bytes") is True else None


def _result_message(index: int, result: ParseResult) -> dict[str, object]:
    """What a worker sends back for task ``index``: the result's fields as plain data."""
    fields: dict[str, object] = {name: getattr(result, name) for name in _SENT_FIELDS}
    fields["path"] = str(result.path)
    return {"index": index, "result": fields}


#: The type of each field of a result message (the path is a str).
_FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "path": (str,),
    "json": (str, type(None)),
    "error": (str, type(None)),
    "error_code": (str, type(None)),
    "traceback": (str, type(None)),
    "sha256": (str, type(None)),
    "warnings": (int,),
    "seconds": (float, int),
}


def _parse_result_message(message: object) -> tuple[int, ParseResult]:
    """Task index and result of a message from :func:`_result_message`; ValueError when the
    message is anything else.

    >>> sent = _result_message(3, ParseResult(Path("cv.txt"), json="{}", seconds=0.5))
    >>> index, result = _parse_result_message(json.loads(json.dumps(sent)))
    >>> index, str(result.path), result.json, result.seconds
    (3, 'cv.txt', '{}', 0.5)
    >>> _parse_result_message({"index": 3, "result": {"path": "cv.txt"}})
    Traceback (most recent call last):
    ...
    ValueError: a result message holds a result's fields
    """
    if not isinstance(message, dict) or type(message.get("index")) is not int:
        raise ValueError("a result message names its task")
    fields = message.get("result")
    if not isinstance(fields, dict) or set(fields) != set(_FIELD_TYPES):
        raise ValueError("a result message holds a result's fields")
    for name, types in _FIELD_TYPES.items():
        if type(fields[name]) not in types:
            raise ValueError(f"a result's {name} is a {type(fields[name]).__name__}")
    values = {name: value for name, value in fields.items() if name not in ("path", "seconds")}
    result = ParseResult(Path(fields["path"]), seconds=float(fields["seconds"]), **values)
    return message["index"], result


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


def start_worker(ccf_edition: str, max_memory: int | None, plugins: Sequence[str] = ()) -> _Worker:
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
        "from bilingual_cv.batch.pool import _worker_main; "
        f"_worker_main({theirs.fileno()}, {ccf_edition!r}, {os.getpid()}, {max_memory!r},"
        f" {tuple(plugins)!r})"
    )
    try:
        process = subprocess.Popen(
            [sys.executable, "-I", "-c", code], pass_fds=[theirs.fileno()], process_group=0
        )
    finally:
        theirs.close()
    return _Worker(process, Connection(ours.detach()), time.monotonic())


@dataclass(slots=True)
class _Worker:
    process: subprocess.Popen[bytes]
    conn: Connection
    started: float
    ready: bool = False
    task: int | None = None
    deadline: float | None = None
    dispatched: float = 0.0


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

    def _start(self) -> _Worker:
        return start_worker(self.ccf_edition, self.max_memory, self.plugins)

    @staticmethod
    def _stop(worker: _Worker, *, kill: bool) -> None:
        if not kill and worker.process.poll() is None:
            try:
                _send_message(worker.conn, None)
                worker.process.wait(timeout=2.0)
            except (OSError, subprocess.TimeoutExpired):
                pass
        if worker.process.poll() is None:
            worker.process.kill()
            worker.process.wait()
        worker.conn.close()

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
                            code = _exit_code(worker.process)
                            done[worker.task] = self._failure(
                                worker, now, CRASH_CODE,
                                f"worker crashed ({_describe_exit(code)}) while parsing this file",
                            )  # fmt: skip
                        elif not worker.ready:
                            self._count_failed_start(worker)
                        self._stop(worker, kill=True)
                        pool[slot] = self._start()
                    elif worker.deadline is not None and now >= worker.deadline:
                        done[worker.task or 0] = self._failure(
                            worker, now, TIMEOUT_CODE,
                            f"timed out after {self.timeout:g} s (its worker was stopped)",
                        )  # fmt: skip
                        self._stop(worker, kill=True)
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
                self._stop(worker, kill=worker.task is not None or not worker.ready)

    def _dispatch_idle(
        self, pool: list[_Worker], pending: deque[int], next_out: int, done: dict[int, ParseResult]
    ) -> None:
        """Give the next file to every ready, idle worker (within the result window)."""
        for worker in pool:
            while worker.ready and worker.task is None:
                if not pending or pending[0] >= next_out + RESULT_WINDOW:
                    return
                self._dispatch(worker, pending.popleft(), done)

    def _dispatch(self, worker: _Worker, index: int, done: dict[int, ParseResult]) -> None:
        """Send a file to a worker: a CheckedFile as its bytes, read and checked here (one
        that fails to be read is done at once, and the worker stays free)."""
        item = self.items[index]
        data: bytes | None = None
        if isinstance(item, CheckedFile):
            started = time.perf_counter()
            try:
                data = _read_checked(item)
            except BilingualCVError as exc:
                done[index] = _input_failure(item.path, exc, time.perf_counter() - started)
                return
        worker.task = index
        worker.dispatched = time.monotonic()
        if self.timeout is not None:
            worker.deadline = worker.dispatched + self.timeout
        _send_task(worker.conn, index, str(_name(item)), data)

    def _failure(self, worker: _Worker, now: float, code: str, message: str) -> ParseResult:
        """The result of the file a worker held when it died or ran out of time."""
        path = _name(self.items[worker.task or 0])
        return ParseResult(
            path,
            error=f"{display_name(path)}: {message}",
            error_code=code,
            seconds=now - worker.dispatched,
        )

    def _count_failed_start(self, worker: _Worker) -> None:
        self.failed_starts += 1
        if self.failed_starts >= MAX_FAILED_STARTS:
            code = _exit_code(worker.process)
            raise RuntimeError(
                f"bilingual-cv worker processes cannot start ({_describe_exit(code)});"
                " see the error printed above"
            )

    def _receive(self, worker: _Worker, done: dict[int, ParseResult]) -> bool:
        """Take every message waiting from a worker; False when the worker is gone, or going:
        after a MemoryError it exits by itself, so no file may be sent to it any more. A
        message that is not what a worker sends counts as the worker's death."""
        try:
            while worker.conn.poll():
                message = _receive_message(worker.conn)
                if message is None:
                    worker.ready = True
                    self.failed_starts = 0
                    continue
                index, result = _parse_result_message(message)
                if index != worker.task:
                    return False
                result.path = _name(self.items[index])
                done[index] = result
                worker.task = None
                worker.deadline = None
                if result.error_code == MEMORY_CODE:
                    return False
        except (EOFError, OSError, ValueError):
            return False
        return True

    @staticmethod
    def _wait_seconds(pool: list[_Worker]) -> float:
        """Until the nearest deadline: a file's time limit or a worker's start-up."""
        now = time.monotonic()
        deadlines = [w.deadline for w in pool if w.deadline is not None]
        deadlines += [w.started + STARTUP_SECONDS for w in pool if not w.ready]
        return max(0.0, min(deadlines) - now) if deadlines else STARTUP_SECONDS


def _exit_code(process: subprocess.Popen[bytes]) -> int | None:
    """The exit code of a worker whose pipe closed (it is exiting: wait a moment)."""
    try:
        return process.wait(timeout=5.0)
    except subprocess.TimeoutExpired:
        return None


def _describe_exit(code: int | None) -> str:
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
        self.worker: _Worker | None = None

    def parse(self, path: Path, data: bytes | None, timeout: float | None) -> ParseResult:
        """Parse one file (from ``data`` when given, else from ``path``) in the worker.

        Raises:
            RuntimeError: The worker process cannot start.
        """
        worker = self._ready_worker()
        started = time.monotonic()
        try:
            _send_task(worker.conn, 0, str(path), data)
            if worker.conn.poll(timeout):
                index, result = _parse_result_message(_receive_message(worker.conn))
                if index != 0:
                    raise ValueError("a result of another task")
                result.path = path
                if result.error_code == MEMORY_CODE:
                    self.close()  # it exits by itself after a MemoryError
                return result
        except (EOFError, OSError, ValueError):
            code = _exit_code(worker.process)
            self.close()
            return ParseResult(
                path,
                error=f"{display_name(path)}: worker crashed ({_describe_exit(code)})"
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

    def _ready_worker(self) -> _Worker:
        if self.worker is not None and self.worker.process.poll() is not None:
            self.close()
        if self.worker is None:
            worker = start_worker(self.ccf_edition, self.max_memory, self.plugins)
            try:
                ready = worker.conn.poll(STARTUP_SECONDS) and _receive_message(worker.conn) is None
            except (EOFError, OSError, ValueError):
                ready = False
            if not ready:
                _WorkerPool._stop(worker, kill=True)
                raise RuntimeError(
                    f"a bilingual-cv worker process did not start"
                    f" ({_describe_exit(worker.process.returncode)})"
                )
            self.worker = worker
        return self.worker

    def close(self) -> None:
        """Stop the worker process (a new one starts on the next file)."""
        if self.worker is not None:
            _WorkerPool._stop(self.worker, kill=True)
            self.worker = None
