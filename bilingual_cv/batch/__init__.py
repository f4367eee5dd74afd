"""Many CVs at once: the inputs of a batch, its worker processes, and its output folder.

- :mod:`~bilingual_cv.batch.inputs`: the files that arguments name (folders, patterns, links
  refused), and the output name of each;
- :mod:`~bilingual_cv.batch.pool`: :func:`parse_many`, files through a pool of worker
  processes, results in input order;
- :mod:`~bilingual_cv.batch.worker`: one worker process (isolated, memory-capped, dying with
  its parent) and :func:`set_worker_plugins`;
- :mod:`~bilingual_cv.batch.results` and :mod:`~bilingual_cv.batch.messages`: what one file
  gives (:class:`ParseResult`) and how it travels back, as JSON;
- :mod:`~bilingual_cv.batch.dask`: :func:`parse_many_dask`, the same on a Dask cluster;
- :mod:`~bilingual_cv.batch.outdir`: the files ``convert`` keeps in its output folder, written
  without following links.

The names below load their module on first use, so importing one module of the package (as
the command does for its inputs) does not start the machinery of the others.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

__all__ = [
    "CCF_EDITIONS",
    "ParseResult",
    "SoloWorker",
    "default_workers",
    "parse_many",
    "parse_many_dask",
    "set_worker_plugins",
    "worker_plugins",
]

if TYPE_CHECKING:
    from bilingual_cv.batch.dask import parse_many_dask
    from bilingual_cv.batch.pool import CCF_EDITIONS, default_workers, parse_many
    from bilingual_cv.batch.results import ParseResult
    from bilingual_cv.batch.worker import SoloWorker, set_worker_plugins, worker_plugins

#: Each public name -> the module of this package that defines it.
_HOMES = {
    "CCF_EDITIONS": "pool",
    "default_workers": "pool",
    "parse_many": "pool",
    "parse_many_dask": "dask",
    "ParseResult": "results",
    "SoloWorker": "worker",
    "set_worker_plugins": "worker",
    "worker_plugins": "worker",
}


def __getattr__(name: str) -> Any:
    """Load a public name's module on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'bilingual_cv.batch' has no attribute {name!r}")
    return getattr(importlib.import_module(f"bilingual_cv.batch.{home}"), name)
