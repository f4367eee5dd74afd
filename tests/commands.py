"""Running the ``bilingual-cv`` command in tests, and reading back what it wrote.

:func:`run_cli` runs the installed console script (or, with ``plugins``, the command's own
``main`` in an isolated interpreter whose worker processes import those plugins:
:mod:`tests.faults`); :func:`manifest` and :func:`outputs` read an OUTDIR. :data:`EXAMPLES` are
the repository's fictional example CVs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tests.faults import driver_command

ROOT = Path(__file__).resolve().parents[1]


EXAMPLES = sorted((ROOT / "examples").glob("*.[tm][xd]*"))


SCRIPT = Path(sys.executable).with_name("bilingual-cv")


@dataclass
class Run:
    code: int
    stdout: str
    stderr: str


def run_cli(
    *args: str | Path,
    env: dict[str, str] | None = None,
    cwd: Path | None = None,
    plugins: list[Path] | None = None,
) -> Run:
    """Run the installed command; with ``plugins``, its ``main`` in an isolated interpreter
    whose worker processes import those plugins (:mod:`tests.faults`)."""
    start = [str(SCRIPT) if SCRIPT.exists() else "bilingual-cv"]
    if plugins is not None:
        start = driver_command(plugins)
    command = [*start, *map(str, args)]
    done = subprocess.run(
        command,
        check=False, capture_output=True, text=True, env={**os.environ, **(env or {})}, cwd=cwd,
        timeout=120,
    )  # fmt: skip
    return Run(done.returncode, done.stdout, done.stderr)


def manifest(outdir: Path) -> list[dict[str, object]]:
    lines = (outdir / "manifest.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


def outputs(outdir: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(outdir.glob("*.json"))}


def example_inputs(root: Path) -> tuple[Path, list[Path]]:
    """The examples in ``root/in``, a same-stem file in a subfolder of it and one in
    ``root/extra`` (for a pattern to reach), a non-CV file and a hidden folder (both left out).

    Returns:
        The ``in`` folder, and the inputs in the order a run of ``in`` then
        ``extra/*.txt`` takes them.
    """
    inputs = root / "in"
    (inputs / "sub").mkdir(parents=True)
    (root / "extra").mkdir()
    for example in EXAMPLES:
        shutil.copy(example, inputs / example.name)
    shutil.copy(EXAMPLES[0], inputs / "sub" / EXAMPLES[0].name)  # same stem as the first
    shutil.copy(EXAMPLES[1], root / "extra" / f"{EXAMPLES[1].stem}.txt")  # same stem, other suffix
    (inputs / ".notes.json").write_text("{}", encoding="utf-8")  # hidden: left out
    (inputs / ".hidden").mkdir()
    (inputs / ".hidden" / "x.txt").write_text("Jane Doe\n", encoding="utf-8")  # hidden: left out
    ordered = sorted(p for p in inputs.rglob("*.[tm][xd]*") if ".hidden" not in p.parts)
    ordered.append(root / "extra" / f"{EXAMPLES[1].stem}.txt")
    return inputs, ordered
