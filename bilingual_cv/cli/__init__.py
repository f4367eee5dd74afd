"""The ``bilingual-cv`` command: :func:`bilingual_cv.cli.main.main` (the console script).

- :mod:`~bilingual_cv.cli.main`: the parser and ``main``;
- :mod:`~bilingual_cv.cli.convert`: ``convert``, its run and manifest records;
  :mod:`~bilingual_cv.cli.plan`: which inputs a run converts, under which names;
  :mod:`~bilingual_cv.cli.targets`: every target checked before any work;
  :mod:`~bilingual_cv.cli.progress`: the progress line;
- :mod:`~bilingual_cv.cli.report` and :mod:`~bilingual_cv.cli.schema`: the other commands.

Nothing is imported here, so importing one module (as the benchmarks do) loads only that one.
"""
