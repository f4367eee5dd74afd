"""The clean stage: named ``str -> str`` fixes for extracted text, applied in a visible order.

- :mod:`~bilingual_cv.clean.fixes`: the per-line fixes, in the order of ``LINE_FIXES``;
- :mod:`~bilingual_cv.clean.markup`: markdown heading marks, bullets and emphasis, kept as spans;
- :mod:`~bilingual_cv.clean.breaks`: lone bullets, hyphenated words and wrapped years joined
  across line breaks;
- :mod:`~bilingual_cv.clean.fold`: NFKC, Traditional to Simplified, a document's script;
- :mod:`~bilingual_cv.clean.document`: :func:`clean_text` runs them all over a document, and
  :class:`Unfolder` gives back the printed characters.
"""

from bilingual_cv.clean.document import CleanText, Unfolder, clean_text
from bilingual_cv.clean.fixes import LINE_FIXES, MAX_LINE_CHARS, apply_line_fixes
from bilingual_cv.clean.fold import Script, detect_script, fold_traditional, nfkc
from bilingual_cv.clean.markup import ITALIC_RE, strip_markup, unwrap_spans

__all__ = [
    "ITALIC_RE",
    "LINE_FIXES",
    "MAX_LINE_CHARS",
    "CleanText",
    "Script",
    "Unfolder",
    "apply_line_fixes",
    "clean_text",
    "detect_script",
    "fold_traditional",
    "nfkc",
    "strip_markup",
    "unwrap_spans",
]
