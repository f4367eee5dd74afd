"""Resource caps for the readers: how much a single input may cost before it is refused.

A CV is a few pages of text. Hostile or broken files can cost far more than their size
suggests: a 300 KB PDF whose content stream inflates to 160 MB (or a 3 KB one compressed twice
that inflates to 1 GiB), a zip bomb posing as a .docx, tables nested thousands deep. Every reader checks the caps of one :class:`Limits` value and
raises :class:`~bilingual_cv.errors.ResourceLimitError` (or
:class:`~bilingual_cv.errors.FileTooLargeError` for the input's size) naming the cap, *before*
the expensive step where it can: sizes from headers first, then while decompressing or
parsing, page by page. The defaults are far above any real CV; a caller with unusual inputs
passes its own, e.g. ``read_source(path, limits=replace(DEFAULT_LIMITS, max_pdf_pages=2000))``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields

__all__ = ["DEFAULT_LIMITS", "Limits"]

MIB = 1024 * 1024


@dataclass(frozen=True, slots=True)
class Limits:
    """Caps applied while reading one input; every field must be positive.

    Attributes:
        max_input_bytes: Size of the input file or bytes (64 MiB: PDFs with photos stay far
            below this).
        max_text_chars: Characters of extracted text, checked page by page for a PDF (1,000,000:
            a 100-page CV has about 300,000).
        max_pdf_pages: Pages of a PDF, checked before any page is read.
        max_pdf_stream_bytes: Decoded size of any one stream of a PDF other than an image
            (content streams, fonts, object streams), after each filter of its chain
            (``[/ASCIIHexDecode /FlateDecode]`` counts both outputs), checked before PDFium
            opens the file by decoding each stream only up to the cap (16 MiB; a dense page's
            content stream is under 1 MiB, a subset CJK font a few MiB).
        max_pdf_inflated_bytes: The work of that check: every filter's output of every
            stream together, or the bytes a filter read when more; the LZW, RunLength and
            ASCII85 decoders, written in Python, count each byte they read 128 times
            (256 MiB; the CVs measured need under 2 MiB).
        max_pdf_page_bytes: Memory PDFium holds to load one page, estimated from its content
            streams before it opens the file: their decoded size, 512 bytes per text or path
            operator, 4 KiB and the decoded data per inline image, and each form XObject they
            draw, each time they draw it
            (64 MiB; the CVs measured estimate under 0.6 MiB a page; see
            :mod:`~bilingual_cv.io.pdf_pages`).
        max_pdf_content_bytes: The same estimate for all pages together, which bounds
            PDFium's time (96 MiB).
        max_pdf_object_bytes: Bytes of PDF object syntax (dictionaries, arrays, names; not
            stream data) read by that check, over the file and its object streams, each
            object and stream counting 64 bytes more (2 MiB; the CVs measured have 10 to 150
            KiB, a 36-page manual 100 KiB).
        max_unzipped_bytes: Uncompressed size of the ``.docx`` document part, from the zip
            header and again while inflating (32 MiB).
        max_compression_ratio: Uncompressed / compressed size of the ``.docx`` document part,
            enforced once it is over 1 MiB (Word's XML compresses about 10 to 30 times).
        max_zip_entries: Entries in a ``.docx`` archive, counted in its central directory
            before the archive is opened (Word writes a few dozen).
        max_nesting_depth: Element nesting of DOCX XML and HTML (256; real documents nest
            fewer than 40 deep).
        max_xml_elements: Elements of a ``.docx`` document part, counted while parsing
            (500,000; the CVs measured have under 4,000, a 100-page report about 100,000).
    """

    max_input_bytes: int = 64 * MIB
    max_text_chars: int = 1_000_000
    max_pdf_pages: int = 500
    max_pdf_stream_bytes: int = 16 * MIB
    max_pdf_inflated_bytes: int = 256 * MIB
    max_pdf_page_bytes: int = 64 * MIB
    max_pdf_content_bytes: int = 96 * MIB
    max_pdf_object_bytes: int = 2 * MIB
    max_unzipped_bytes: int = 32 * MIB
    max_compression_ratio: float = 200.0
    max_zip_entries: int = 10_000
    max_nesting_depth: int = 256
    max_xml_elements: int = 500_000

    def __post_init__(self) -> None:
        """Refuse a cap that is not a positive number.

        >>> Limits(max_pdf_pages=0)
        Traceback (most recent call last):
        ...
        ValueError: Limits.max_pdf_pages must be positive, got 0
        """
        for field in fields(self):
            value = getattr(self, field.name)
            if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
                raise ValueError(f"Limits.{field.name} must be positive, got {value!r}")


#: The caps used when a caller passes none.
DEFAULT_LIMITS = Limits()

#: Uncompressed size under which a zip member's compression ratio is not checked: small,
#: very repetitive XML is harmless however well it compresses.
RATIO_CHECK_MIN_BYTES = MIB
