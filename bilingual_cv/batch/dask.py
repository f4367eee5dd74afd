"""parse_many_dask(): the batch on a Dask distributed cluster, with parse_many's guarantees.

::

    for result in parse_many_dask(paths, "tcp://scheduler:8786", timeout=60):
        ...                                   # ParseResult, in input order, as parse_many

``bilingual-cv convert ... --dask ADDRESS`` uses it (``--dask local`` starts a
:class:`~distributed.LocalCluster` of ``--workers`` Dask workers on this machine). It needs the
``dask`` extra (``pip install 'bilingual-cv[dask]'``) here and on every Dask worker.

Each Dask worker thread owns a :class:`~bilingual_cv.batch.worker.SoloWorker`: the same isolated
worker process (``python -I``) as the local pool, so the per-file time limit is enforced on the
worker side (the process is killed, the Dask worker lives on), a crash or a MemoryError costs
only its file, and the memory ceiling holds. A task never raises, and returns its result as
JSON text that the client checks field by field; should Dask itself lose a task (its worker
machine gone, ``KilledWorker``), that file alone fails as ``worker_crashed``.

The local cluster runs its Dask workers as threads of this process (``processes=False``):
they only hand files to their worker processes, which do the parsing. Dask worker *processes*
would be started by ``multiprocessing``'s spawn, whose ``python -c`` puts the current folder
first on ``sys.path`` while it imports ``multiprocessing`` itself, so a ``signal.py`` or
``socket.py`` in the folder the command runs in would be executed; threads start no
interpreter at all, and talk to their scheduler inside this process (``inproc://``), not on a
local TCP port any user of the machine could connect to.

Files travel as bytes by default, read here, so workers need not see this machine's files;
with ``send_bytes=False`` (``--dask-shared-files``) only paths travel and each worker opens
the file itself, which saves the client's bandwidth when every worker mounts the same
files at the same paths. Either way the CV is the same as a local run's, byte for byte.
At most a window of files is in flight, so memory stays bounded on both sides, and results
come back in input order.
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections import deque
from collections.abc import Generator, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bilingual_cv.batch.inputs import CheckedFile, display_name
from bilingual_cv.batch.messages import parse_result_message, result_message
from bilingual_cv.batch.pool import CCF_EDITIONS, default_workers
from bilingual_cv.batch.results import (
    CRASH_CODE,
    ParseResult,
    as_path,
    input_failure,
    input_name,
    read_checked,
)
from bilingual_cv.batch.worker import DEFAULT_MAX_MEMORY, SoloWorker, worker_plugins
from bilingual_cv.errors import BilingualCVError

if TYPE_CHECKING:
    from distributed import Client, Future, LocalCluster

__all__ = ["LOCAL", "parse_many_dask", "parse_on_worker"]

#: The address that means "start a LocalCluster here".
LOCAL = "local"
#: Seconds to wait for a scheduler before giving up.
CONNECT_SECONDS = 30.0
#: Files in flight per worker thread of the cluster (at least :data:`MIN_WINDOW` in all).
WINDOW_PER_THREAD = 4
MIN_WINDOW = 16
#: Each Dask worker thread's own worker process, by (CCF edition, memory limit, plugins).
_SOLOS = threading.local()
#: Every worker process this process's Dask threads own, with the owning thread: a local
#: cluster's threads end with it, and their worker processes are then stopped and reaped here.
_OWNED: list[tuple[threading.Thread, SoloWorker]] = []
_OWNED_LOCK = threading.Lock()


def parse_many_dask(
    paths: Iterable[str | os.PathLike[str]],
    address: str,
    *,
    workers: int | None = None,
    ccf_edition: str = "2026",
    timeout: float | None = None,
    max_memory: int | None = DEFAULT_MAX_MEMORY,
    send_bytes: bool = True,
) -> Generator[ParseResult, None, None]:
    """Parse many CV files on a Dask cluster, yielding one result per input, in input order.

    Connects at the call (so a wrong address fails here, not on iteration).

    Args:
        paths: CV files.
        address: A scheduler address (``tcp://host:8786``), or ``"local"`` for a LocalCluster
            of ``workers`` Dask workers (each with one worker process) on this machine.
        workers: Dask workers of a local cluster (None: one per core); ignored for an address.
        ccf_edition: CCF list edition, ``"2026"`` or ``"2022"``.
        timeout: Seconds one file may take on its worker. None: no limit.
        max_memory: Address-space limit of each worker process, None for none.
        send_bytes: Send each file's bytes (True), or only its path (False: every worker sees
            the same files at the same paths).

    Raises:
        TypeError: ``paths`` is one str, bytes or path instead of an iterable of them.
        ValueError: Bad ``ccf_edition`` or ``timeout``.
        ImportError: Dask's ``distributed`` is not installed.
        OSError: The scheduler cannot be reached (``TimeoutError`` is one).
    """
    if isinstance(paths, (str, bytes, os.PathLike)):
        raise TypeError(
            f"parse_many_dask takes an iterable of paths, not one {type(paths).__name__}"
        )
    if ccf_edition not in CCF_EDITIONS:
        raise ValueError(f"unknown CCF edition {ccf_edition!r}: use '2026' (default) or '2022'")
    if timeout is not None and not timeout > 0:
        raise ValueError(f"timeout must be a positive number of seconds, not {timeout}")
    items = [as_path(path) for path in paths]
    client, cluster = _connect(address, workers)
    options = {
        "ccf_edition": ccf_edition,
        "timeout": timeout,
        "max_memory": max_memory,
        "plugins": worker_plugins(),
    }
    return _results(client, cluster, items, options, send_bytes)


def _connect(address: str, workers: int | None) -> tuple[Client, LocalCluster | None]:
    """A client of the scheduler at ``address``, or of a new LocalCluster for ``"local"``."""
    from distributed import Client, LocalCluster

    if address != LOCAL:
        return Client(address, timeout=CONNECT_SECONDS), None
    cluster = LocalCluster(
        n_workers=workers or default_workers(),
        threads_per_worker=1,
        processes=False,  # threads: no interpreter started with the current folder on its path
        dashboard_address=None,
        silence_logs=logging.ERROR,
    )
    try:
        return Client(cluster), cluster
    except BaseException:
        cluster.close()
        raise


def _results(
    client: Client,
    cluster: LocalCluster | None,
    items: list[Path | CheckedFile],
    options: dict[str, Any],
    send_bytes: bool,
) -> Generator[ParseResult, None, None]:
    """Submit a window of files at a time and yield their results in input order."""
    threads = sum(client.nthreads().values()) or 1
    window = max(MIN_WINDOW, WINDOW_PER_THREAD * threads)
    pending: deque[tuple[Path | CheckedFile, Future[str] | ParseResult]] = deque()
    upcoming = iter(items)
    try:
        while True:
            while len(pending) < window:
                path = next(upcoming, None)
                if path is None:
                    break
                pending.append((path, _submit(client, path, options, send_bytes)))
            if not pending:
                return
            path, job = pending.popleft()
            yield job if isinstance(job, ParseResult) else _collect(path, job)
    finally:
        for _, job in pending:
            if not isinstance(job, ParseResult):
                job.cancel()
        client.close()
        if cluster is not None:
            cluster.close()
            _stop_orphaned_solos()


def _stop_orphaned_solos() -> None:
    """Stop the worker processes whose Dask thread has ended (a closed local cluster's): the
    kernel kills them with their thread (``PR_SET_PDEATHSIG``), but only their parent, this
    process, can reap them."""
    with _OWNED_LOCK:
        ended = [(thread, solo) for thread, solo in _OWNED if not thread.is_alive()]
        _OWNED[:] = [(thread, solo) for thread, solo in _OWNED if thread.is_alive()]
    for _, solo in ended:
        solo.close()


def _submit(
    client: Client, path: Path | CheckedFile, options: dict[str, Any], send_bytes: bool
) -> Future[str] | ParseResult:
    """Send one file to the cluster; a file that cannot be read here fails here.

    Its bytes are read as a local batch reads them (never through a link; a CheckedFile only
    if it is still the file listed). Only a path travels with ``send_bytes=False``: the worker
    opens it, without following a link.
    """
    data: bytes | None = None
    if send_bytes:
        try:
            data = read_checked(path)
        except BilingualCVError as exc:
            return input_failure(input_name(path), exc, 0.0)
    return client.submit(parse_on_worker, str(input_name(path)), data, pure=False, **options)


def _collect(item: Path | CheckedFile, future: Future[str]) -> ParseResult:
    """A task's result; a task Dask lost (its worker machine died), or whose answer is not a
    result's JSON, fails its file only."""
    path = input_name(item)
    try:
        _, result = parse_result_message(json.loads(future.result()))
    except Exception as exc:  # noqa: BLE001 - anything Dask raises costs this file only
        return ParseResult(
            path,
            error=f"{display_name(path)}: the Dask task failed ({type(exc).__name__}: {exc})",
            error_code=CRASH_CODE,
        )
    result.path = path
    return result


def parse_on_worker(
    name: str,
    data: bytes | None,
    *,
    ccf_edition: str,
    timeout: float | None,
    max_memory: int | None,
    plugins: tuple[str, ...] = (),
) -> str:
    """The Dask task: parse one file in this worker thread's own worker process.

    Never raises for a bad file: a crash, a timeout, a MemoryError or a bug is its result,
    returned as the JSON text of a result message (plain data: nothing the client decodes can
    run code).
    """
    key = (ccf_edition, max_memory, tuple(plugins))
    solos: dict[tuple[str, int | None, tuple[str, ...]], SoloWorker] = _SOLOS.__dict__.setdefault(
        "solos", {}
    )
    solo = solos.get(key)
    if solo is None:
        solo = solos[key] = SoloWorker(ccf_edition, max_memory, plugins)
        with _OWNED_LOCK:
            _OWNED.append((threading.current_thread(), solo))
    return json.dumps(result_message(0, solo.parse(Path(name), data, timeout)))
