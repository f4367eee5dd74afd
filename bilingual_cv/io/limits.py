"""Resource caps for the readers: how much a single input may cost before it is refused.

A CV is a few pages of text. Hostile or broken files can cost far more than their size
suggests: a 300 KB PDF whose content stream inflates to 160 MB, a zip bomb posing as a .docx,
tables nested thousands deep. Every reader checks the caps of one :class:`Limits` value and
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
        max_pdf_stream_bytes: Inflated size of any one FlateDecode stream of a PDF other than an
            image (content streams, fonts, object streams), checked before PDFium opens the file
            by inflating each stream only up to the cap (16 MiB; a dense page's content stream
            is under 1 MiB, a subset CJK font a few MiB).
        max_pdf_inflated_bytes: Inflated size of all those streams together (256 MiB).
        max_unzipped_bytes: Uncompressed size of the ``.docx`` document part, from the zip
            header and again while inflating (32 MiB).
        max_compression_ratio: Uncompressed / compressed size of the ``.docx`` document part,
            enforced once it is over 1 MiB (Word's XML compresses about 10 to 30 times).
        max_zip_entries: Entries in a ``.docx`` archive, from its end record before the
            archive is opened (Word writes a few dozen).
        max_nesting_depth: Element nesting of DOCX XML and HTML (256; real documents nest
            fewer than 40 deep).
    """

    max_input_bytes: int = 64 * MIB
    max_text_chars: int = 1_000_000
    max_pdf_pages: int = 500
    max_pdf_stream_bytes: int = 16 * MIB
    max_pdf_inflated_bytes: int = 256 * MIB
    max_unzipped_bytes: int = 32 * MIB
    max_compression_ratio: float = 200.0
    max_zip_entries: int = 10_000
    max_nesting_depth: int = 256

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
