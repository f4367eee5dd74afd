"""bilingual_cv: academic CVs in Chinese, English or both, as one typed record with CCF ranks.

Public API::

    import bilingual_cv
    cv = bilingual_cv.parse(Path("cv.pdf"))      # a pathlib.Path, the CV's text, or bytes
    cv.publications[0].ccf.rank                  # 'A'
    cv.model_dump(mode="json")                   # the SCHEMA.md document

Importing the package is cheap: jieba, OpenCC and langdetect load on first use; the names
of ``__all__`` (``parse``, ``parse_file``, ``parse_many`` ...) load their module on first use
too, and ``dir(bilingual_cv)`` and ``help(bilingual_cv)`` list them. ``python -m bilingual_cv``
runs the ``bilingual-cv`` command.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bilingual_cv.errors import (
    BilingualCVError,
    CorruptFileError,
    DecodeError,
    EmptyInputError,
    EncryptedPDFError,
    FileTooLargeError,
    InputChangedError,
    InputError,
    LexiconError,
    LinkRefusedError,
    ResourceLimitError,
    ScannedPDFError,
    UnreadableFileError,
    UnsupportedFormatError,
)

__version__ = "0.1.0"

__all__ = [
    "CV",
    "DEFAULT_LIMITS",
    "BilingualCVError",
    "CorruptFileError",
    "DecodeError",
    "EmptyInputError",
    "EncryptedPDFError",
    "FileTooLargeError",
    "InputChangedError",
    "InputError",
    "LexiconError",
    "Limits",
    "LinkRefusedError",
    "ResourceLimitError",
    "ScannedPDFError",
    "UnreadableFileError",
    "UnsupportedFormatError",
    "__version__",
    "parse",
    "parse_file",
    "parse_many",
    "parse_text",
]

if TYPE_CHECKING:
    from bilingual_cv.batch.pool import parse_many
    from bilingual_cv.io.limits import DEFAULT_LIMITS, Limits
    from bilingual_cv.pipeline import parse, parse_file, parse_text
    from bilingual_cv.schema import CV


def __dir__() -> list[str]:
    """The public API (``__all__``) and the module's own names, for ``dir()`` and ``help()``."""
    return sorted({*globals(), *__all__})


def __getattr__(name: str) -> Any:
    """Load the pipeline and schema on first use, keeping ``import bilingual_cv`` fast."""
    if name in ("parse", "parse_file", "parse_text"):
        from bilingual_cv import pipeline

        return getattr(pipeline, name)
    if name == "parse_many":
        from bilingual_cv.batch.pool import parse_many

        return parse_many
    if name in ("Limits", "DEFAULT_LIMITS"):
        from bilingual_cv.io import limits

        return getattr(limits, name)
    if name == "CV":
        from bilingual_cv.schema import CV

        return CV
    raise AttributeError(f"module 'bilingual_cv' has no attribute {name!r}")
