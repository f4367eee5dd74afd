"""CV records in other formats: JSON Resume documents (:mod:`~bilingual_cv.export.jsonresume`)
and the whole-batch CSV and JSON Lines tables of ``convert`` (:mod:`~bilingual_cv.export.csv`).

Each writer takes a CV's JSON form (``cv.model_dump(mode="json")``, or a record ``convert``
wrote), so a record of an older or newer schema version still exports.
"""

from __future__ import annotations

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
    "json_resume_schema_text",
    "publication_rows",
    "summary_row",
    "to_json_resume",
]
