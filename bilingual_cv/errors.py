"""The exception hierarchy.

Only what the pipeline cannot recover from is an exception; everything else becomes a
``Warning`` in ``CV.warnings``.

::

    BilingualCVError
    ├── InputError                 unreadable, undecodable or empty source: shown, no traceback
    │   ├── UnreadableFileError    the file cannot be read (missing, a folder, no permission)
    │   │   ├── LinkRefusedError   a symbolic link, which is not followed
    │   │   └── InputChangedError  another file took the input's place after it was listed
    │   ├── ResourceLimitError     costs more than a cap of io.limits.Limits allows
    │   │   └── FileTooLargeError  larger than any CV, refused before reading
    │   ├── EmptyInputError        no bytes, or no text once extracted
    │   ├── UnsupportedFormatError a suffix or a format that is not read (.rtf, legacy .doc)
    │   ├── DecodeError            binary junk, or text in none of the supported encodings
    │   ├── CorruptFileError       a PDF or .docx that its format's reader cannot open
    │   ├── EncryptedPDFError      a PDF that needs a password
    │   └── ScannedPDFError        a PDF whose pages carry no text layer (needs OCR)
    └── LexiconError               malformed lexicon data: a packaging or editing bug

Each ``InputError`` class has a stable snake_case :attr:`~InputError.code`, which the batch
command records in its manifest, so a batch can be filtered by kind of failure.
"""

from __future__ import annotations


class BilingualCVError(Exception):
    """Base of every error this package raises on purpose."""

    #: Stable snake_case name of the kind of failure (the batch manifest's ``error_code``).
    code: str = "error"


class InputError(BilingualCVError):
    """The source is unreadable, undecodable, empty or of an unsupported format.

    The message names the file when there is one, so a batch can print it as is.
    """

    code = "input_error"


class UnreadableFileError(InputError):
    """The file cannot be read: missing, a folder, or no permission."""

    code = "unreadable_file"


class LinkRefusedError(UnreadableFileError):
    """The path is a symbolic link: files are opened without following links.

    A link could be swapped in by whoever can write to the folder, to make the reader open a
    file of the caller's that was never meant as input; the message says to pass the file the
    link points to.
    """

    code = "link_refused"


class InputChangedError(UnreadableFileError):
    """The file at the path is no longer the one that was listed (checked by device and inode).

    A batch lists its inputs first and reads each one later; a file replaced in between (by
    another file or through a renamed folder) is refused rather than read in its place.
    """

    code = "input_changed"


class ResourceLimitError(InputError):
    """Reading the input would cost more than a cap allows (see :mod:`bilingual_cv.io.limits`).

    Raised for zip bombs, PDF streams that inflate to hundreds of megabytes, more text, pages
    or nesting than any CV has. :attr:`limit` names the :class:`~bilingual_cv.io.limits.Limits`
    field that was exceeded, so a caller can raise that one cap and retry.
    """

    code = "resource_limit"

    def __init__(self, message: str, *, limit: str = "") -> None:
        super().__init__(message)
        #: The ``Limits`` field that was exceeded ("" when not one field).
        self.limit = limit


class FileTooLargeError(ResourceLimitError):
    """The file is larger than any CV; it is refused before being read (``max_input_bytes``)."""

    code = "file_too_large"

    def __init__(self, message: str, *, limit: str = "max_input_bytes") -> None:
        super().__init__(message, limit=limit)


class EmptyInputError(InputError):
    """The file has no bytes, or no text once extracted (only whitespace)."""

    code = "empty_input"


class UnsupportedFormatError(InputError):
    """The suffix or the detected format is not one that is read (.rtf, legacy .doc, .odt)."""

    code = "unsupported_format"


class DecodeError(InputError):
    """The bytes are binary junk, or text in none of the supported encodings."""

    code = "decode_error"


class CorruptFileError(InputError):
    """A PDF or .docx that its reader cannot open: truncated, damaged, or not that format."""

    code = "corrupt_file"


class EncryptedPDFError(InputError):
    """A PDF that cannot be opened without a password (or uses an unknown security handler)."""

    code = "encrypted_pdf"


class ScannedPDFError(InputError):
    """A PDF whose pages carry no text layer: a scan, which would need OCR first."""

    code = "scanned_pdf"


class LexiconError(BilingualCVError):
    """A lexicon file is malformed: a packaging or editing bug, raised at load time."""

    code = "lexicon_error"
