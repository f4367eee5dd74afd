"""``convert --xlsx FILE``: the batch as one Excel workbook, with openpyxl (the ``xlsx`` extra).

Two sheets, ``Summary`` (the rows of ``summary.csv``) and ``Publications`` (the rows of
``publications.csv``), each with its header row frozen and an auto-filter over its columns.
Numbers are stored as numbers and flags as booleans, so a committee sorts and sums without
converting; text that Excel would read as a formula is stored as text. The workbook is saved
to memory and written under a temporary name, then renamed into place.
"""

from __future__ import annotations

import importlib.util
import io
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bilingual_cv.batch.outdir import write_atomic_bytes

__all__ = [
    "PUBLICATIONS_SHEET",
    "SUMMARY_SHEET",
    "has_openpyxl",
    "write_workbook",
]

#: The sheets' names.
SUMMARY_SHEET = "Summary"
PUBLICATIONS_SHEET = "Publications"
#: Excel's limit on the characters of one cell.
MAX_CELL_CHARS = 32_767
#: Column widths are set from the first rows' text, within these bounds (in characters).
MIN_WIDTH, MAX_WIDTH = 6, 60


def has_openpyxl() -> bool:
    """Whether openpyxl can be imported (``pip install 'bilingual-cv[xlsx]'``)."""
    return importlib.util.find_spec("openpyxl") is not None


Table = tuple[Sequence[str], Sequence[Sequence[object]]]


def write_workbook(path: Path, summary: Table, publications: Table) -> None:
    """Write the workbook: a ``Summary`` and a ``Publications`` sheet, headers frozen,
    filters on, numbers as numbers.

    Args:
        path: The ``.xlsx`` file to write (replaced atomically).
        summary: The summary's header and rows.
        publications: The publication list's header and rows.
    """
    from openpyxl import Workbook

    book = Workbook()
    sheet = book.active
    assert sheet is not None  # a new workbook has one sheet
    sheet.title = SUMMARY_SHEET
    _fill(sheet, *summary)
    _fill(book.create_sheet(PUBLICATIONS_SHEET), *publications)
    data = io.BytesIO()
    book.save(data)
    write_atomic_bytes(path, data.getvalue())


def _fill(sheet: Any, header: Sequence[str], rows: Sequence[Sequence[object]]) -> None:
    """One sheet: the header in bold, frozen, filtered; every value in its own type."""
    from openpyxl.styles import Font
    from openpyxl.utils import get_column_letter

    sheet.append(list(header))
    for cell in sheet[1]:
        cell.font = Font(bold=True)
    for row in rows:
        sheet.append([_value(value) for value in row])
    for cells in sheet.iter_rows(min_row=2):
        for cell in cells:
            if isinstance(cell.value, str) and cell.data_type == "f":
                cell.data_type = "s"  # text from a CV, never a formula
    sheet.freeze_panes = "A2"
    last = get_column_letter(max(len(header), 1))
    sheet.auto_filter.ref = f"A1:{last}{len(rows) + 1}"
    for number, name in enumerate(header, start=1):
        width = max([len(name)] + [len(str(r[number - 1] or "")) for r in rows[:200]])
        letter = get_column_letter(number)
        sheet.column_dimensions[letter].width = min(max(width + 2, MIN_WIDTH), MAX_WIDTH)


def _value(value: object) -> object:
    r"""A table value as a cell holds it: numbers and booleans as they are, None empty,
    anything else as text (cut to Excel's limit, control characters written ``\xNN``).

    >>> _value(3), _value(True), _value(None), _value("=HYPERLINK(1)"), _value("bell" + chr(7))
    (3, True, None, '=HYPERLINK(1)', 'bell\\x07')
    """
    from openpyxl.cell.cell import ILLEGAL_CHARACTERS_RE

    if value is None or isinstance(value, bool | int | float):
        return value
    text = ILLEGAL_CHARACTERS_RE.sub(lambda m: f"\\x{ord(m.group()):02x}", str(value))
    return text[:MAX_CELL_CHARS]
