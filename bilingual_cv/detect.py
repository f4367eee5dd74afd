"""Language routing: script first, seeded langdetect only where the script does not decide.

Measured on CV text: langdetect labels ``教育背景`` as ``ko`` and ``EDUCATION`` as ``es`` and
costs about 2 ms a call, so short strings and clear cases are decided by the share of CJK
characters, which is exact and free.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Literal

from bilingual_cv.normalize import CJK_RE, LATIN_RE, count_cjk, count_latin
from bilingual_cv.regex_cache import compile_pattern
from bilingual_cv.schema import DocLang, Lang
from bilingual_cv.segment import LANGUAGES

#: The language of text whose script says nothing (the registry's first).
DEFAULT_LANG: Lang = next(iter(LANGUAGES))

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


#: Counters of a script's characters that give ``len(script.findall(text))`` without
#: listing every match (a section of Latin text: ten times faster).
_SCRIPT_COUNTERS: dict[re.Pattern[str], Callable[[str], int]] = {
    LATIN_RE: count_latin,
    CJK_RE: count_cjk,
}


def count_script(script: re.Pattern[str], text: str) -> int:
    """Number of characters of ``script`` (a one-character pattern) in ``text``.

    >>> count_script(LATIN_RE, "教育背景 Education"), count_script(CJK_RE, "教育背景 Education")
    (9, 4)
    """
    counter = _SCRIPT_COUNTERS.get(script)
    return counter(text) if counter is not None else len(script.findall(text))


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
    counts = {code: count_script(lang.script, text) for code, lang in LANGUAGES.items()}
    weights = {code: counts[code] * LANGUAGES[code].char_weight for code in counts}
    total = sum(weights.values())
    shares = {code: (weight / total if total else 0.0) for code, weight in weights.items()}
    return shares, sum(counts.values())


def detect_language(text: str, default: Lang = DEFAULT_LANG) -> Detection:
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
    shares, letters = script_shares(text)
    if letters == 0:
        return Detection(default, 0.0, "default")
    others = {code: share for code, share in shares.items() if code != DEFAULT_LANG}
    code, share = max(others.items(), key=lambda item: item[1])
    if share >= OWN_SCRIPT_SHARE:
        return Detection(code, min(1.0, 0.5 + share / 2), "script")
    if share <= DEFAULT_SCRIPT_SHARE or letters < MIN_LANGDETECT_LETTERS:
        chosen = code if share >= OWN_SCRIPT_SHARE / 2 else DEFAULT_LANG
        return Detection(chosen, 1.0 - share, "script")
    return _langdetect(text, code, share)


@cache
def _factory() -> object:
    from langdetect.detector_factory import DetectorFactory  # heavy: profiles load lazily
    from langdetect.utils.lang_profile import LangProfile

    factory = DetectorFactory()
    # only the registered languages' profiles: the answer is one of them, and loading all
    # 55 costs 440 ms and 65 MB against 27 ms and 4 MB (bench/run.py)
    labels = [label for lang in LANGUAGES.values() for label in lang.langdetect]
    for index, label in enumerate(labels):
        profile = json.loads((Path(_profiles_dir()) / label).read_text(encoding="utf-8"))
        factory.add_profile(LangProfile(**profile), index, len(labels))
    factory.seed = 0
    return factory


@cache
def _detector_class() -> type:
    """langdetect's ``Detector`` with its per-character loops done on whole strings (same
    text, same n-grams, so the same seeded random trials over them).

    ``Detector`` reads a text one character at a time three times: ``append`` squeezes runs
    of spaces, ``cleaning_text`` counts Latin letters, and ``_extract_ngrams`` feeds an
    ``NGram`` buffer, normalizing each character through a Unicode-block search. Here the
    squeezing and counting are regular expressions, the normalization is one
    ``str.translate`` (each character's normalization looked up once), and the n-grams are
    read word by word: ``NGram`` starts afresh after every space, so the n-grams ending at a
    character are the one to three characters before it in its word (with the space before
    the word), and a character is skipped when it and the one before it are both capitals.
    tests/test_detect.py compares each step with langdetect's own.
    """
    from langdetect.detector import Detector
    from langdetect.utils.ngram import NGram

    normalized = _Normalized(NGram.normalize)

    class FastDetector(Detector):  # type: ignore[misc]
        text: str  # langdetect's, untyped: set in ``__init__``, grown by ``append``

        def append(self, text: str) -> None:
            text = self.MAIL_RE.sub(" ", self.URL_RE.sub(" ", text))
            text = NGram.normalize_vi(text)
            self.text += _SPACES_RE.sub(" ", text[: self.max_text_length])

        def cleaning_text(self) -> None:
            text = self.text
            latin = len(_LANGDETECT_LATIN_RE.findall(text))
            others = len(_NON_LATIN_RE.findall(text))
            if latin * 2 < others:
                self.text = _LANGDETECT_LATIN_RE.sub("", text)

        def _extract_ngrams(self) -> list[str]:
            known = self.word_lang_prob_map
            found: list[str] = []
            words = self.text.translate(normalized).split(" ")
            last = len(words) - 1
            for index, word in enumerate(words):
                if not word:
                    continue
                spaced = " " + word
                upper_before = False
                for i, ch in enumerate(word):
                    upper = ch.isupper()
                    if upper and upper_before:
                        continue  # inside a run of capitals (an acronym): no n-grams
                    upper_before = upper
                    if ch in known:
                        found.append(ch)
                    pair = spaced[i : i + 2]
                    if pair in known:
                        found.append(pair)
                    if i:
                        triple = spaced[i - 1 : i + 2]
                        if triple in known:
                            found.append(triple)
                if index < last:  # the space after the word ends its last n-grams
                    pair = word[-1] + " "
                    if pair in known:
                        found.append(pair)
                    triple = spaced[-2:] + " "
                    if triple in known:
                        found.append(triple)
            return found

    return FastDetector


#: A run of spaces (langdetect keeps one).
_SPACES_RE = compile_pattern(" {2,}")
#: What langdetect counts as a Latin letter (``"A" <= ch <= "z"``: the code points between).
_LANGDETECT_LATIN_RE = compile_pattern("[A-z]")
#: What langdetect counts as non-Latin: every character from U+0300 on. (It means to leave
#: out the Latin Extended Additional block, but compares the block's number with its name.)
_NON_LATIN_RE = compile_pattern("[\u0300-\U0010ffff]")


class _Normalized(dict[int, str]):
    """A ``str.translate`` table: a code point -> its ``NGram.normalize`` character, looked up
    once per character (at most :data:`_NORMALIZED_MEMO_SIZE` kept: hostile text)."""

    def __init__(self, normalize: Callable[[str], str]) -> None:
        super().__init__()
        self._normalize = normalize

    def __missing__(self, code: int) -> str:
        norm = self._normalize(chr(code))
        if len(self) < _NORMALIZED_MEMO_SIZE:
            self[code] = norm
        return norm


#: At most this many characters' n-gram normalizations are kept (CV text uses a few thousand).
_NORMALIZED_MEMO_SIZE = 20000


def _profiles_dir() -> str:
    from langdetect.detector_factory import PROFILES_DIRECTORY

    return str(PROFILES_DIRECTORY)


def _langdetect(text: str, candidate: Lang, share: float) -> Detection:
    """Ask a private, seeded langdetect factory: results repeat and global state is untouched.

    Only the registered languages count; ``candidate`` is the one the script points to."""
    from langdetect.lang_detect_exception import LangDetectException

    fallback = Detection(candidate if share >= 0.2 else DEFAULT_LANG, 0.5, "default")
    detector = _detector_class()(_factory())
    detector.n_trial = LANGDETECT_TRIALS
    detector.append(text[:LANGDETECT_SAMPLE_CHARS])
    try:
        ranked = detector.get_probabilities()
    except LangDetectException:
        return fallback
    labels = {label: code for code, lang in LANGUAGES.items() for label in lang.langdetect}
    for guess in ranked:
        if guess.lang in labels:
            return Detection(labels[guess.lang], float(guess.prob), "langdetect")
    return fallback


def document_language(parts: list[tuple[Lang, str]]) -> DocLang:
    """Dominant language of a document from its sections' languages and texts.

    >>> document_language([("zh", "教育背景 上海交通大学"), ("en", "Publications")])
    'zh'
    >>> document_language([("en", "Education " * 10), ("zh", "教育背景" * 10)])
    'mixed'
    """
    totals = dict.fromkeys(LANGUAGES, 0.0)
    for lang, text in parts:
        totals[lang] += sum(
            count_script(language.script, text) * language.char_weight
            for language in LANGUAGES.values()
        )
    whole = sum(totals.values())
    if whole == 0:
        return DEFAULT_LANG
    for lang, total in totals.items():
        if total / whole >= DOC_DOMINANT_SHARE:
            return lang
    return "mixed"
