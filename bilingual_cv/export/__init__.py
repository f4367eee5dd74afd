"""CV records in other formats: JSON Resume documents (:mod:`~bilingual_cv.export.jsonresume`),
BibTeX and CSL-JSON publication lists (:mod:`~bilingual_cv.export.citations`), and the
whole-batch CSV, JSON Lines and Excel tables of ``convert`` (:mod:`~bilingual_cv.export.csv`,
:mod:`~bilingual_cv.export.xlsx`), whose figures (highest degree, current position, CCF counts
since a year, duplicates) come from :mod:`~bilingual_cv.export.summary`.

Each writer takes a CV's JSON form (``cv.model_dump(mode="json")``, or a record ``convert``
wrote), so a record of an older or newer schema version still exports.
"""

from __future__ import annotations

from bilingual_cv.export.citations import csl_schema_text, to_bibtex, to_csl_json
from bilingual_cv.export.csv import (
    PUBLICATION_COLUMNS,
    SUMMARY_COLUMNS,
    Tables,
    publication_rows,
    summary_row,
)
from bilingual_cv.export.jsonresume import json_resume_schema_text, to_json_resume

__all__ = [
    "PUBLICATION_COLUMNS",
    "SUMMARY_COLUMNS",
    "Tables",
    "csl_schema_text",
    "json_resume_schema_text",
    "publication_rows",
    "summary_row",
    "to_bibtex",
    "to_csl_json",
    "to_json_resume",
]
