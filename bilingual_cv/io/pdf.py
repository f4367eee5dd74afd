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
marks a hyphen the typesetter added at the end of a line with a private code (U+FFFE, or
U+0002) and joins the two lines; :mod:`~bilingual_cv.io.pdf_layout` puts the line break back
with a soft hyphen, which cleaning joins (``Hier`` + ``archical``), and writes the fonts and
positions of each line as light markup (headings, bold, margins, columns). pypdfium2 is 6x faster than
pypdf and 22x faster than pdfminer.six, and PDFium (Chrome's PDF engine) is the most tolerant
of real-world damage. Its cost is a binary wheel (about 3 MB to download, 8 MB installed;
wheels exist for Linux, macOS and Windows on x86-64 and arm64). PDFium is not thread-safe,
so calls are serialised by a lock.

Failures are :class:`~bilingual_cv.errors.InputError` naming the file: a PDF that needs a
password, a corrupt or truncated file, a PDF without pages, and a PDF whose pages carry no text
layer (a scan, which would need OCR).

Caps (:class:`~bilingual_cv.io.limits.Limits`, refused with
:class:`~bilingual_cv.errors.ResourceLimitError`). PDFium inflates a page's content stream
whole and builds an object per text operator: a 490 KB PDF whose one content stream inflates
to 160 MB took 18 s and 2.4 GB of memory to read, and a 3 KB one whose stream is compressed
twice (``/Filter [/FlateDecode /FlateDecode]``) inflates to 1 GiB. So before PDFium sees the
file, :func:`~bilingual_cv.io.pdf_scan.check_stream_sizes` reads its objects as PDFium would and
decodes every stream that is not an image through every filter of its chain, each filter's
output only up to ``max_pdf_stream_bytes`` (and ``max_pdf_inflated_bytes`` for all of them).
Then the page count is checked before any page is read, and the text's length after each page,
stopping at ``max_text_chars``. Not covered: many pages sharing one moderately large content
stream, and what :mod:`~bilingual_cv.io.pdf_scan` lists.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from bilingual_cv.errors import (
    CorruptFileError,
    EmptyInputError,
    EncryptedPDFError,
    InputError,
    ResourceLimitError,
    ScannedPDFError,
)
from bilingual_cv.io.limits import DEFAULT_LIMITS, Limits
from bilingual_cv.io.pdf_layout import SOFT_HYPHEN, Glyph, mark_pages, read_page_glyphs
from bilingual_cv.io.pdf_scan import check_stream_sizes

__all__ = ["PdfText", "check_stream_sizes", "extract_pdf_text"]

#: Fewer non-space characters per page than this, on average, means a scan (no text layer).
MIN_TEXT_CHARS_PER_PAGE = 10


#: PDFium is not thread-safe: one document at a time per process.
_PDFIUM_LOCK = threading.Lock()


@dataclass(frozen=True, slots=True)
class PdfText:
    """The text layer of a PDF, pages joined by ``\\n``, and the page count."""

    text: str
    pages: int
    #: What failed when the fonts and positions were read (a fault of this package, met on a
    #: damaged file); the text is then the characters as PDFium gave them, without markup.
    layout_error: str | None = None


def extract_pdf_text(
    data: bytes, *, name: str = "<bytes>", limits: Limits = DEFAULT_LIMITS
) -> PdfText:
    """Extract the text layer of every page.

    Args:
        data: The PDF file's bytes.
        name: The file name or label that error messages start with.
        limits: Caps on inflated streams, pages and characters of text.

    Returns:
        The text in reading order as PDFium sees it (lines end in ``\\r\\n``, pages are joined
        by ``\\n``) and the number of pages.

    Raises:
        InputError: Encrypted, corrupt, page-less or scanned (no text layer) PDF.
        ResourceLimitError: A stream inflates past its cap, too many pages or too much text.

    >>> extract_pdf_text(b"%PDF-1.4 cut short", name="cv.pdf")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.CorruptFileError: cv.pdf: not a readable PDF (corrupt or truncated: Data format error)
    """
    import pypdfium2  # heavy: imported on first PDF only

    check_stream_sizes(data, limits, name=name)
    with _PDFIUM_LOCK:
        try:
            document = pypdfium2.PdfDocument(data)
        except pypdfium2.PdfiumError as exc:
            raise _open_error(name, exc.err_code, str(exc)) from exc
        faults: list[str] = []  # what failed on pages whose glyphs could not be read
        try:
            page_glyphs = _pages_glyphs(document, limits, name=name, faults=faults)
        except pypdfium2.PdfiumError as exc:  # a page or its text layer that will not load
            raise CorruptFileError(f"{name}: not a readable PDF (damaged page: {exc})") from exc
        finally:
            document.close()
    pages = len(page_glyphs)
    text, layout_error = _marked_text(page_glyphs)
    check_has_text_layer(text, pages, name=name)
    if faults:
        page_fault = f"{faults[0]} (on {len(faults)} of {pages} pages)"
        layout_error = page_fault if layout_error is None else f"{page_fault}; {layout_error}"
    return PdfText(text=text, pages=pages, layout_error=layout_error)


def _marked_text(page_glyphs: list[list[Glyph]]) -> tuple[str, str | None]:
    """The pages' text with fonts and positions written as markup; or, when reading them
    fails on a fault of this package, the characters as PDFium gave them and what failed: a
    CV loses its layout cues, not its text."""
    try:
        return "\n".join(mark_pages(page_glyphs)), None
    except Exception as exc:  # noqa: BLE001 - the layout's last guard: the text is kept
        plain = "\n".join("".join(glyph.char for glyph in page) for page in page_glyphs)
        return plain.translate(_TYPESET_HYPHENS), f"{type(exc).__name__}: {exc}"


#: PDFium's marks of a hyphen the typesetter added at a line end, as soft hyphens.
_TYPESET_HYPHENS = str.maketrans({"\ufffe": SOFT_HYPHEN, "\x02": SOFT_HYPHEN})


def check_page_count(pages: int, limits: Limits, *, name: str) -> None:
    """Refuse a PDF with more pages than ``limits.max_pdf_pages`` before reading any.

    >>> check_page_count(501, DEFAULT_LIMITS, name="cv.pdf")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.ResourceLimitError: cv.pdf: PDF has 501 pages (limit max_pdf_pages = 500)
    """
    if pages > limits.max_pdf_pages:
        raise ResourceLimitError(
            f"{name}: PDF has {pages} pages (limit max_pdf_pages = {limits.max_pdf_pages})",
            limit="max_pdf_pages",
        )


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
    characters = len("".join(text.split()))  # the characters that are not white space
    if characters < MIN_TEXT_CHARS_PER_PAGE * pages:
        raise ScannedPDFError(
            f"{name}: PDF has no text layer ({pages} pages, {characters} characters):"
            " a scanned CV needs OCR first"
        )


def _pages_glyphs(
    document: object, limits: Limits, *, name: str, faults: list[str]
) -> list[list[Glyph]]:
    """Characters of each page in order, refusing too many pages or too much text early;
    ``faults`` gets what failed on a page read without its fonts (see :func:`_page_glyphs`)."""
    pages = len(document)  # type: ignore[arg-type]
    check_page_count(pages, limits, name=name)
    texts: list[list[Glyph]] = []
    chars = 0
    for index in range(pages):
        texts.append(_page_glyphs(document[index], faults))  # type: ignore[index]
        chars += len(texts[-1])
        if chars > limits.max_text_chars:
            raise ResourceLimitError(
                f"{name}: more than {limits.max_text_chars} characters of text by page"
                f" {index + 1} of {pages} (limit max_text_chars)",
                limit="max_text_chars",
            )
    return texts


def _page_glyphs(page: object, faults: list[str]) -> list[Glyph]:
    """Characters of one page with their font facts; closes what it opens. A fault of this
    package while the facts are read keeps the page's text, without fonts, and is added to
    ``faults``."""
    from pypdfium2 import PdfiumError

    textpage = page.get_textpage()  # type: ignore[attr-defined]
    try:
        return read_page_glyphs(textpage)
    except PdfiumError:
        raise
    except Exception as exc:  # noqa: BLE001 - the glyphs' last guard: the text is kept
        faults.append(f"{type(exc).__name__}: {exc}")
        return [Glyph(char) for char in str(textpage.get_text_range())]
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
