"""Tests of bilingual_cv.record: the ``not_a_cv`` warning of a document with no owner, no CV
section and no entry, and each warning's ``text``: its line as the CV printed it."""

from __future__ import annotations

import bilingual_cv
from bilingual_cv.schema import Severity, WarningCode

#: A fictional project README: no owner, no CV heading, no entry.
README = """# fastcache

A tiny cache for key-value stores.

## Install

Run the installer, then start the service with the default settings.

## Licence

MIT
"""

#: A fictional Traditional-Chinese CV whose dates cannot be read.
TRADITIONAL = """陳雅婷
學歷
國立示例大學 資訊工程學系 博士 某年某月 至今
"""


def test_a_document_with_no_owner_section_or_entry_is_not_a_cv() -> None:
    cv = bilingual_cv.parse_text(README)
    codes = [w.code for w in cv.warnings]
    assert WarningCode.NOT_A_CV in codes
    warning = next(w for w in cv.warnings if w.code is WarningCode.NOT_A_CV)
    assert warning.severity is Severity.LOSS and warning.line is None


def test_a_cv_with_only_an_owner_or_only_entries_is_a_cv() -> None:
    only_owner = bilingual_cv.parse_text("Jane Roe\njane.roe@example.org\n")
    headless = bilingual_cv.parse_text(
        "PUBLICATIONS\n[1] Jane Roe, Sam Poe. Fast Tiered Caches. In OSDI 2023.\n"
    )
    for cv in (only_owner, headless):
        assert WarningCode.NOT_A_CV not in [w.code for w in cv.warnings], cv.warnings


def test_a_warning_about_a_line_carries_its_text_in_the_printed_script() -> None:
    cv = bilingual_cv.parse_text(TRADITIONAL)
    assert cv.source.folded
    unread = [w for w in cv.warnings if w.code is WarningCode.DATE_UNPARSED]
    assert unread and unread[0].line == 3
    assert unread[0].text == "國立示例大學 資訊工程學系 博士 某年某月 至今"  # not folded: 国立 ...
    assert all(w.text is None for w in cv.warnings if w.line is None)


def test_a_stray_line_keeps_its_text() -> None:
    cv = bilingual_cv.parse_text(
        "Jane Roe\n\nEXPERIENCE\nResearch Scientist, Northwind Labs, 2020 – Present\n"
        "Built a storage engine.\n\nThis line belongs to nothing at all, 1999 or so\n"
    )
    for warning in cv.warnings:
        if warning.line is not None:
            assert warning.text, warning
            assert warning.text.strip() == warning.text
