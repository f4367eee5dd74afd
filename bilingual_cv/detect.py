"""Language routing: script first, seeded langdetect only where the script does not decide.

Measured on CV text: langdetect labels ``教育背景`` as ``ko`` and ``EDUCATION`` as ``es`` and
costs about 2 ms a call, so short strings and clear cases are decided by the share of CJK
characters, which is exact and free.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Literal

from bilingual_cv.normalize import CJK_RE, LATIN_RE
from bilingual_cv.schema import DocLang, Lang

#: A CJK character carries about as much text as this many Latin letters (an English word
#: averages five letters, a Chinese word under two characters).
CJK_WEIGHT = 2.5
#: Weighted CJK share at or above which a text is Chinese without asking langdetect.
ZH_SHARE = 0.35
#: Weighted CJK share at or below which a text is English without asking langdetect.
EN_SHARE = 0.1
#: Texts shorter than this many letters never go to langdetect (it is unreliable there).
MIN_LANGDETECT_LETTERS = 40
#: langdetect reads at most this many characters (its cost grows with the text; a section's
#: opening is enough to tell its language).
LANGDETECT_SAMPLE_CHARS = 600
#: Random restarts per langdetect call (its default is 7; the choice here is only between
#: en and zh, which converge in fewer).
LANGDETECT_TRIALS = 3
#: A document is ``en`` or ``zh`` when that language holds this share of its weighted text.
DOC_DOMINANT_SHARE = 0.6


@dataclass(frozen=True, slots=True)
class Detection:
    """A routing decision: the language, how sure, and how it was decided."""

    lang: Lang
    confidence: float
    method: Literal["script", "langdetect", "default"]


def cjk_share(text: str) -> float:
    """Weighted share of CJK text among letters; 0.0 when there are no letters.

    >>> cjk_share("Education")
    0.0
    >>> cjk_share("教育背景")
    1.0
    """
    cjk = len(CJK_RE.findall(text))
    latin = len(LATIN_RE.findall(text))
    if cjk + latin == 0:
        return 0.0
    return cjk * CJK_WEIGHT / (cjk * CJK_WEIGHT + latin)


def detect_language(text: str, default: Lang = "en") -> Detection:
    """Language of a section body or line.

    >>> detect_language("教育背景").lang
    'zh'
    >>> detect_language("EDUCATION").lang
    'en'
    >>> detect_language("上海交通大学,计算机科学与技术,硕博连读 2019.9 - 2025.3(预期)").lang
    'zh'
    >>> detect_language("Ann Lee, Bo Wu, \\"PipeServe: A Pipelined Serverless Framework\\". (Sigmetrics 2023, CCF-B,清华 A类)").lang
    'en'
    >>> detect_language("2019 - 2023").method
    'default'
    """
    share = cjk_share(text)
    letters = len(CJK_RE.findall(text)) + len(LATIN_RE.findall(text))
    if letters == 0:
        return Detection(default, 0.0, "default")
    if share >= ZH_SHARE:
        return Detection("zh", min(1.0, 0.5 + share / 2), "script")
    if share <= EN_SHARE or letters < MIN_LANGDETECT_LETTERS:
        return Detection("en" if share < ZH_SHARE / 2 else "zh", 1.0 - share, "script")
    return _langdetect(text, share)


@cache
def _factory() -> object:
    from langdetect.detector_factory import DetectorFactory  # heavy: profiles load lazily

    factory = DetectorFactory()
    factory.load_profile(_profiles_dir())
    factory.seed = 0
    return factory


def _profiles_dir() -> str:
    from langdetect.detector_factory import PROFILES_DIRECTORY

    return str(PROFILES_DIRECTORY)


def _langdetect(text: str, share: float) -> Detection:
    """Ask a private, seeded langdetect factory: results repeat and global state is untouched."""
    from langdetect.lang_detect_exception import LangDetectException

    factory = _factory()
    detector = factory.create()  # type: ignore[attr-defined]
    detector.n_trial = LANGDETECT_TRIALS
    detector.append(text[:LANGDETECT_SAMPLE_CHARS])
    try:
        ranked = detector.get_probabilities()
    except LangDetectException:
        return Detection("zh" if share >= 0.2 else "en", 0.5, "default")
    for guess in ranked:
        if guess.lang.startswith("zh"):
            return Detection("zh", float(guess.prob), "langdetect")
        if guess.lang == "en":
            return Detection("en", float(guess.prob), "langdetect")
    return Detection("zh" if share >= 0.2 else "en", 0.5, "default")


def weight(text: str) -> tuple[float, float]:
    """Weighted amounts of (English, Chinese) text, for document-level votes.

    >>> weight("AB 中文")
    (2.0, 5.0)
    """
    return float(len(LATIN_RE.findall(text))), len(CJK_RE.findall(text)) * CJK_WEIGHT


def document_language(parts: list[tuple[Lang, str]]) -> DocLang:
    """Dominant language of a document from its sections' languages and texts.

    >>> document_language([("zh", "教育背景 上海交通大学"), ("en", "Publications")])
    'zh'
    >>> document_language([("en", "Education " * 10), ("zh", "教育背景" * 10)])
    'mixed'
    """
    totals = {"en": 0.0, "zh": 0.0}
    for lang, text in parts:
        en, zh = weight(text)
        totals[lang] += en + zh
    whole = totals["en"] + totals["zh"]
    if whole == 0:
        return "en"
    for lang in ("en", "zh"):
        if totals[lang] / whole >= DOC_DOMINANT_SHARE:
            return "zh" if lang == "zh" else "en"
    return "mixed"
