"""Faults injected into worker processes from outside the package, through a worker plugin.

:func:`fault_plugin` writes a module file into a test's temporary folder; given to
:func:`bilingual_cv.batch.set_worker_plugins` (by absolute path), every worker imports it
before its first file. It replaces ``bilingual_cv.pipeline.parse_file`` and ``parse_source``
in the worker with wrappers that, for a file of a chosen name, exit the process abruptly
(``crash``: exit code 70, like a native crash: no exception, no reply), sleep for ever
(``hang``), raise a ``RuntimeError`` (``bug``), or allocate twice the worker's memory limit
(``oom``). Other files are parsed as usual, and the calling process is never touched.

:func:`gate_plugin` writes a plugin that holds each worker at start-up, before it warms up,
until a gate file exists: while the gate is shut no worker can be ready, so a test can see
what the command does before any is, without measuring time.

:func:`driver_command` runs the ``bilingual-cv`` command with plugins set, in an isolated
interpreter: the command's own ``main`` after ``set_worker_plugins``.
"""

from __future__ import annotations

import sys
from pathlib import Path

#: What each fault does.
FAULT_KINDS = ("crash", "hang", "bug", "oom")

_PLUGIN = '''"""Worker plugin written by tests/faults.py: faults on chosen file names."""

import os
import resource
import time
from pathlib import Path

import bilingual_cv.pipeline as pipeline

FAULTS = {faults!r}
_parse_file = pipeline.parse_file
_parse_source = pipeline.parse_source


def _fault(name):
    action = FAULTS.get(Path(name).name)
    if action == "crash":
        os._exit(70)
    if action == "hang":
        while True:
            time.sleep(3600)
    if action == "bug":
        raise RuntimeError("test hook: simulated bug")
    if action == "oom":
        soft, _ = resource.getrlimit(resource.RLIMIT_AS)
        if soft == resource.RLIM_INFINITY:
            raise RuntimeError("test hook: this worker has no memory limit")
        bytearray(2 * soft)


def parse_file(path, *args, **kwargs):
    _fault(str(path))
    return _parse_file(path, *args, **kwargs)


def parse_source(source, *args, **kwargs):
    _fault(source.path or "")
    return _parse_source(source, *args, **kwargs)


pipeline.parse_file = parse_file
pipeline.parse_source = parse_source
'''

_GATE = '''"""Worker plugin written by tests/faults.py: wait at start-up for a gate file."""

import os
import time

GATE = {gate!r}
for _ in range(int({seconds!r} / 0.05)):
    if os.path.exists(GATE):
        break
    time.sleep(0.05)
else:  # gave up: say so, so that a test can tell a worker passed without the gate opening
    open(GATE + ".gave-up", "w").close()
'''

#: The command, in an isolated interpreter, with the plugins given before ``--``.
_DRIVER = (
    "import sys; from bilingual_cv.batch import set_worker_plugins; "
    "cut = sys.argv.index('--'); set_worker_plugins(sys.argv[1:cut]); "
    "from bilingual_cv.cli.main import main; raise SystemExit(main(sys.argv[cut + 1:]))"
)


def fault_plugin(folder: Path, faults: dict[str, str]) -> Path:
    """Write a worker plugin into ``folder`` that faults on file names: name -> kind."""
    assert set(faults.values()) <= set(FAULT_KINDS), faults
    path = folder / "fault_plugin.py"
    path.write_text(_PLUGIN.format(faults=dict(faults)), encoding="utf-8")
    return path.resolve()


def driver_command(plugins: list[Path]) -> list[str]:
    """The start of a command line that runs ``bilingual-cv`` with ``plugins`` set: append
    the command's arguments."""
    return [sys.executable, "-I", "-c", _DRIVER, *map(str, plugins), "--"]


def gate_plugin(folder: Path, gate: Path, seconds: float = 60.0) -> Path:
    """Write a worker plugin into ``folder`` that holds each worker at start-up until ``gate``
    exists (at most ``seconds``; a worker that gave up leaves ``<gate>.gave-up``)."""
    path = folder / "gate_plugin.py"
    path.write_text(_GATE.format(gate=str(gate.resolve()), seconds=seconds), encoding="utf-8")
    return path.resolve()
