"""Language routing: script first, seeded langdetect only where the script does not decide.

Measured on CV text: langdetect labels ``教育背景`` as ``ko`` and ``EDUCATION`` as ``es`` and
costs about 2 ms a call, so short strings and clear cases are decided by the share of CJK
characters, which is exact and free.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Literal

from bilingual_cv.lang import (
    Language,
    default_language,
    depends_on_languages,
    language,
    languages,
)
from bilingual_cv.lang.scripts import CJK, LATIN, count_cjk, count_latin
from bilingual_cv.lines import RawSection
from bilingual_cv.schema import DocLang, Lang

#: A text whose weighted share of a language's own script is at least this is in that
#: language, without asking langdetect (shares weigh each script's characters by
#: ``Language.char_weight`` in the registry).
OWN_SCRIPT_SHARE = 0.35
#: At or below this share of every other script, a text is in the default language.
DEFAULT_SCRIPT_SHARE = 0.1
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
#: A document whose text is in one language is ``mixed`` when this many of its headings are
#: in another (one stray heading over a list in the venues' language is not enough).
MIXED_HEADINGS = 2


#: Counters of a script's characters that give ``len(script.findall(text))`` without
#: listing every match (a section of Latin text: ten times faster).
_SCRIPT_COUNTERS: dict[str, Callable[[str], int]] = {
    LATIN: count_latin,
    CJK: count_cjk,
}


def count_script(language: Language, text: str) -> int:
    """Number of characters of ``language``'s script in ``text``.

    >>> from bilingual_cv.lang import language
    >>> count_script(language("en"), "教育背景 Education"), count_script(language("zh"), "教育背景 Education")
    (9, 4)
    """
    counter = _SCRIPT_COUNTERS.get(language.script)
    return counter(text) if counter is not None else len(language.script_re.findall(text))


@dataclass(frozen=True, slots=True)
class Detection:
    """A routing decision: the language, how sure, and how it was decided."""

    lang: Lang
    confidence: float
    method: Literal["script", "langdetect", "default"]


def script_shares(text: str) -> tuple[dict[Lang, float], int]:
    """Each registered language's weighted share of the letters, and the letter count.

    >>> shares, letters = script_shares("教育背景 Education")
    >>> {code: round(share, 2) for code, share in shares.items()}, letters
    ({'en': 0.47, 'zh': 0.53}, 13)
    """
    found = languages()
    counts = {lang.code: count_script(lang, text) for lang in found}
    weights = {lang.code: counts[lang.code] * lang.char_weight for lang in found}
    total = sum(weights.values())
    shares = {code: (weight / total if total else 0.0) for code, weight in weights.items()}
    return shares, sum(counts.values())


def detect_language(text: str, default: Lang | None = None) -> Detection:
    """Language of a section body or line: by script where it decides, else langdetect.

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
    base = default_language().code
    shares, letters = script_shares(text)
    if letters == 0:
        return Detection(default or base, 0.0, "default")
    others = {code: share for code, share in shares.items() if code != base}
    code, share = max(others.items(), key=lambda item: item[1])
    if share >= OWN_SCRIPT_SHARE:
        return Detection(code, min(1.0, 0.5 + share / 2), "script")
    if share <= DEFAULT_SCRIPT_SHARE or letters < MIN_LANGDETECT_LETTERS:
        chosen = code if share >= OWN_SCRIPT_SHARE / 2 else base
        return Detection(chosen, 1.0 - share, "script")
    return _langdetect(text, code, share)


@depends_on_languages
def _factory() -> Any:
    """A seeded langdetect factory of the registered languages' profiles only, through its
    public calls (``load_json_profile``, ``create``, ``seed``).

    Only those profiles: the answer is one of them, and loading all 55 costs 440 ms and 65 MB
    against 27 ms and 4 MB (bench/run.py). langdetect's own ``Detector`` reads the text: a
    subclass that did the same work on whole strings was measured and dropped. On the real
    CVs (38 texts: dev, seeds, dev-text, dev2) langdetect runs 10 times in all, 3.9 ms with
    the subclass against 6.2 ms without (of 420 ms of parsing), with the same outputs.
    """
    from langdetect.detector_factory import PROFILES_DIRECTORY, DetectorFactory

    factory = DetectorFactory()
    labels = [label for lang in languages() for label in lang.langdetect]
    factory.load_json_profile(
        [(Path(PROFILES_DIRECTORY) / label).read_text(encoding="utf-8") for label in labels]
    )
    factory.seed = 0
    return factory


def _langdetect(text: str, candidate: Lang, share: float) -> Detection:
    """Ask a private, seeded langdetect factory: results repeat and global state is untouched.

    Only the registered languages count; ``candidate`` is the one the script points to."""
    from langdetect.lang_detect_exception import LangDetectException

    fallback = Detection(candidate if share >= 0.2 else default_language().code, 0.5, "default")
    detector = _factory().create()
    detector.n_trial = LANGDETECT_TRIALS
    detector.append(text[:LANGDETECT_SAMPLE_CHARS])
    try:
        ranked = detector.get_probabilities()
    except LangDetectException:
        return fallback
    labels = {label: lang.code for lang in languages() for label in lang.langdetect}
    for guess in ranked:
        if guess.lang in labels:
            return Detection(labels[guess.lang], float(guess.prob), "langdetect")
    return fallback


def document_language(parts: list[tuple[Lang, str]], headings: Sequence[str] = ()) -> DocLang:
    """Dominant language of a document from its sections' languages and texts, and its
    headings: a CV whose text is in one language but whose headings are, at least
    :data:`MIXED_HEADINGS` times, only in another (English headings over Chinese bodies, a
    Chinese CV with English sections) is written in both.

    >>> document_language([("zh", "教育背景 上海交通大学"), ("en", "Publications")])
    'zh'
    >>> document_language([("en", "Education " * 10), ("zh", "教育背景" * 10)])
    'mixed'
    >>> document_language([("zh", "上海交通大学 博士" * 10)], ["Education", "Awards", "论文"])
    'mixed'
    """
    found = languages()
    totals = dict.fromkeys((lang.code for lang in found), 0.0)
    for lang, text in parts:
        totals[lang] += sum(
            count_script(language, text) * language.char_weight for language in found
        )
    whole = sum(totals.values())
    if whole == 0:
        return found[0].code
    for lang, total in totals.items():
        if total / whole >= DOC_DOMINANT_SHARE:
            own = language(lang)  # a bilingual heading ("教育背景 Education") is no other
            other = sum(1 for h in headings if h.strip() and not count_script(own, h))
            return "mixed" if other >= MIXED_HEADINGS else lang
    return "mixed"


def detect_section_languages(sections: Sequence[RawSection]) -> list[RawSection]:
    """Each section with the language of its body (of its heading when the body is empty).

    >>> from bilingual_cv.schema import SectionKind
    >>> from bilingual_cv.lines import Line
    >>> section = RawSection(SectionKind.EDUCATION, "教育背景", 1, 2, (Line(2, "清华大学 博士"),))
    >>> detect_section_languages([section])[0].lang
    'zh'
    """
    return [
        replace(
            section,
            lang=detect_language(
                section.text if section.text.strip() else (section.heading or "")
            ).lang,
        )
        for section in sections
    ]
