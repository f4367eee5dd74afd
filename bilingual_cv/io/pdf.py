"""PDF -> text through the PDF's text layer, with pypdfium2 (PDFium: BSD-3 / Apache-2.0).

Why pypdfium2. Candidates had to be license-compatible with MIT, which rules out PyMuPDF
(AGPL). ``bench/pdf_readers.py`` measured the other three on the five seed PDFs in
``../shared/seeds-pdf`` (2-core machine, pypdfium2 5.15.2, pypdf 7.1.0, pdfminer.six 20260107,
best of 5 runs, ``difflib`` character ratio against the seed ``.txt`` each PDF was rendered
from, spacing collapsed):

==============  ================  ============  ===============  ===================
library         total s (5 PDFs)  x pypdfium2   mean similarity  seed 002 (Chinese)
==============  ================  ============  ===============  ===================
pypdfium2       0.0167            1.0           0.9921           0.9942
this module     0.0179            1.1           0.9921           0.9945
pypdf           0.1056            6.3           0.9921           0.9945
pypdf (layout)  0.1219            7.3           0.9921           0.9945
pdfminer.six    0.3712            22.2          0.9921           0.9945
==============  ================  ============  ===============  ===================

All three give back the same text on these single-column PDFs, including the Chinese seed
002; the missing 0.8 % is the same for all of them: icon glyphs the renderer could not draw,
markdown ``**`` it drew as bold, and long lines it wrapped. The one difference is that PDFium
marks a hyphen at the end of a line with a private code (U+FFFE, or U+0002) and joins the two
lines; this module puts the hyphen and the line break back ("this module" row: equal to the
others), so ``normalize_text`` sees the line break as written ("Mobi-\\nCom"). pypdfium2 is 6x faster than
pypdf and 22x faster than pdfminer.six, and PDFium (Chrome's PDF engine) is the most tolerant
of real-world damage. Its cost is a binary wheel (about 3 MB to download, 8 MB installed;
wheels exist for Linux, macOS and Windows on x86-64 and arm64). PDFium is not thread-safe,
so calls are serialised by a lock.

Failures are :class:`~bilingual_cv.errors.InputError` naming the file: a PDF that needs a
password, a corrupt or truncated file, a PDF without pages, and a PDF whose pages carry no text
layer (a scan, which would need OCR).
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass

from bilingual_cv.errors import (
    CorruptFileError,
    EmptyInputError,
    EncryptedPDFError,
    InputError,
    ScannedPDFError,
)
from bilingual_cv.io.pdf_layout import Glyph, mark_pages, read_page_glyphs

#: Fewer non-space characters per page than this, on average, means a scan (no text layer).
MIN_TEXT_CHARS_PER_PAGE = 10

#: PDFium replaces a hyphen that ends a line by U+FFFE (text range) or U+0002 (bounded text)
#: and drops the line break; seed 002: "(Mobi-" / "Com 2023, CCF-A)".
PDFIUM_LINE_END_HYPHEN = re.compile("[\ufffe\x02](?:\r\n|\n|\r)?")

#: PDFium is not thread-safe: one document at a time per process.
_PDFIUM_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class PdfText:
    """The text layer of a PDF, pages joined by ``\\n``, and the page count."""

    text: str
    pages: int


def extract_pdf_text(data: bytes, *, name: str = "<bytes>") -> PdfText:
    """Extract the text layer of every page.

    Args:
        data: The PDF file's bytes.
        name: The file name or label that error messages start with.

    Returns:
        The text in reading order as PDFium sees it (lines end in ``\\r\\n``, pages are joined
        by ``\\n``) and the number of pages.

    Raises:
        InputError: Encrypted, corrupt, page-less or scanned (no text layer) PDF.

    >>> extract_pdf_text(b"%PDF-1.4 cut short", name="cv.pdf")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.CorruptFileError: cv.pdf: not a readable PDF (corrupt or truncated: Data format error)
    """
    import pypdfium2  # heavy: imported on first PDF only

    with _PDFIUM_LOCK:
        try:
            document = pypdfium2.PdfDocument(data)
        except pypdfium2.PdfiumError as exc:
            raise _open_error(name, exc.err_code, str(exc)) from exc
        try:
            page_glyphs = [_page_glyphs(document[index]) for index in range(len(document))]
        finally:
            document.close()
    pages = len(page_glyphs)
    text = "\n".join(mark_pages(page_glyphs))
    check_has_text_layer(text, pages, name=name)
    return PdfText(text=text, pages=pages)


def restore_line_end_hyphens(text: str) -> str:
    """Put back the hyphen and line break PDFium folds into U+FFFE or U+0002.

    >>> restore_line_end_hyphens("X-Plane. (Mobi\\ufffeCom 2023, CCF-A)")
    'X-Plane. (Mobi-\\nCom 2023, CCF-A)'
    """
    return PDFIUM_LINE_END_HYPHEN.sub("-\n", text)


def check_has_text_layer(text: str, pages: int, *, name: str) -> None:
    """Refuse a PDF without pages, or whose pages carry (almost) no text: a scan.

    >>> check_has_text_layer("Jane Doe\\nEducation\\nPh.D. 2024", 1, name="cv.pdf")
    >>> check_has_text_layer(" \\n", 2, name="scan.pdf")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.ScannedPDFError: scan.pdf: PDF has no text layer (2 pages, 0 characters): a scanned CV needs OCR first
    """
    if pages == 0:
        raise EmptyInputError(f"{name}: empty PDF (no pages)")
    characters = sum(1 for char in text if not char.isspace())
    if characters < MIN_TEXT_CHARS_PER_PAGE * pages:
        raise ScannedPDFError(
            f"{name}: PDF has no text layer ({pages} pages, {characters} characters):"
            " a scanned CV needs OCR first"
        )


def _page_glyphs(page: object) -> list[Glyph]:
    """Characters of one page with their font facts; closes what it opens."""
    textpage = page.get_textpage()  # type: ignore[attr-defined]
    try:
        return read_page_glyphs(textpage)
    finally:
        textpage.close()
        page.close()  # type: ignore[attr-defined]


def _open_error(name: str, err_code: int | None, detail: str) -> InputError:
    """The user-facing error for a PDFium load failure (FPDF_ERR_* codes)."""
    if err_code == 4:  # FPDF_ERR_PASSWORD
        return EncryptedPDFError(f"{name}: PDF is encrypted and needs a password")
    if err_code == 5:  # FPDF_ERR_SECURITY
        return EncryptedPDFError(f"{name}: PDF uses an unsupported security handler")
    reason = detail.split("PDFium: ", 1)[-1].rstrip(").")
    return CorruptFileError(f"{name}: not a readable PDF (corrupt or truncated: {reason})")
