"""Which file formats a batch reads, and what to do with a file of a format it does not read.

A batch takes every file under an input folder: a file of a format that is read
(:data:`INPUT_SUFFIXES`) is converted; any other gets the error code
:data:`UNSUPPORTED_CODE` and a hint saying how to make it readable (:func:`unsupported_hint`),
so that no candidate's file vanishes from the manifest, the tables or the report.
"""

from __future__ import annotations

import os

__all__ = [
    "INPUT_SUFFIXES",
    "UNSUPPORTED_CODE",
    "is_input_suffix",
    "is_known_unsupported",
    "suffix_of",
    "unsupported_hint",
]

#: Suffixes of the formats read (lower case): text, Markdown, PDF, DOCX, HTML.
INPUT_SUFFIXES = (".txt", ".text", ".md", ".markdown", ".pdf", ".docx", ".html", ".htm", ".xhtml")
#: error_code of a file of a format that is not read (the reader's own code for it too).
UNSUPPORTED_CODE = "unsupported_format"

#: Hints for formats a CV comes in that are not read: the suffixes, then what to do.
_HINTS: tuple[tuple[frozenset[str], str], ...] = (
    (
        frozenset({".doc", ".wps", ".rtf", ".odt", ".dot", ".docm", ".dotx", ".wpd"}),
        "save it as .docx or PDF (File > Save As in Word, WPS or LibreOffice)",
    ),
    (
        frozenset({".pages"}),
        "export it from Pages as PDF or Word (.docx) (File > Export To)",
    ),
    (
        frozenset(
            {".png", ".jpg", ".jpeg", ".gif", ".bmp", ".tif", ".tiff", ".webp", ".heic", ".heif"}
        ),
        "an image: run OCR on it (or scan the CV to a searchable PDF)",
    ),
    (
        frozenset({".xlsx", ".xls", ".xlsm", ".et", ".ods", ".csv", ".numbers"}),
        "a spreadsheet: save the CV as PDF or .docx",
    ),
    (
        frozenset({".ppt", ".pptx", ".dps", ".key", ".odp"}),
        "slides: export them as PDF",
    ),
    (
        frozenset({".zip", ".rar", ".7z", ".tar", ".gz", ".tgz", ".bz2", ".xz"}),
        "an archive: unpack it and convert the files inside",
    ),
    (
        frozenset({".caj", ".kdh", ".nh", ".djvu", ".epub", ".mobi", ".xps", ".oxps", ".ofd"}),
        "print or export it to PDF",
    ),
)
#: The hint for any other format.
_DEFAULT_HINT = "convert it to PDF, .docx, HTML or plain text"


def suffix_of(name: str) -> str:
    """The lower-case suffix of a file name, with its dot ("" for none).

    >>> suffix_of("cvs/Jane Roe.DOC"), suffix_of("README"), suffix_of(".hidden")
    ('.doc', '', '')
    """
    return os.path.splitext(name)[1].lower()


def is_input_suffix(name: str) -> bool:
    """Whether a file name has the suffix of a format that is read.

    >>> is_input_suffix("cv.PDF"), is_input_suffix("cv.doc")
    (True, False)
    """
    return suffix_of(name) in INPUT_SUFFIXES


def is_known_unsupported(name: str) -> bool:
    """Whether a file name has the suffix of a format CVs come in that is not read.

    >>> is_known_unsupported("cv.wps"), is_known_unsupported("cv.bin"), is_known_unsupported("cv")
    (True, False, False)
    """
    suffix = suffix_of(name)
    return any(suffix in suffixes for suffixes, _ in _HINTS)


def unsupported_hint(name: str) -> str:
    """What to do with a file of a format that is not read, as one sentence.

    >>> unsupported_hint("cv.wps")
    '.wps files are not read: save it as .docx or PDF (File > Save As in Word, WPS or LibreOffice)'
    >>> unsupported_hint("scan.JPG")
    '.jpg files are not read: an image: run OCR on it (or scan the CV to a searchable PDF)'
    >>> unsupported_hint("notes.xyz")
    '.xyz files are not read: convert it to PDF, .docx, HTML or plain text'
    """
    suffix = suffix_of(name)
    hint = next((text for suffixes, text in _HINTS if suffix in suffixes), _DEFAULT_HINT)
    what = f"{suffix} files" if suffix else "files without a suffix"
    return f"{what} are not read: {hint}"
