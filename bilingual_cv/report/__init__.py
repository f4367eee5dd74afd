"""The review report: one self-contained HTML page over a converted batch.

:func:`read_outdir` reads what ``convert`` wrote (:mod:`~bilingual_cv.report.records`);
:func:`render_report` renders the page (:mod:`~bilingual_cv.report.page`) from the committee
table (:mod:`~bilingual_cv.report.table`), a card per CV (:mod:`~bilingual_cv.report.cards`)
and their charts (:mod:`~bilingual_cv.report.charts`), all built on the figures of each record
(:mod:`~bilingual_cv.report.figures`).
"""

from __future__ import annotations

from bilingual_cv.report.page import render_report
from bilingual_cv.report.records import Entry, read_outdir

__all__ = ["Entry", "read_outdir", "render_report"]
