"""The languages the parser reads, each a plug-in: one module here and one lexicon folder.

A language is a :class:`Language`: its code, its script, how its words are cut (its
segmenter) and where its words live (``lexicons/<code>/``: ``headings.yaml``, ``dates.yaml``,
``layout.yaml``). Every module of this package named by a language code (``en.py``,
``zh.py``) holds one as ``LANGUAGE``; they are found here, so adding a language touches no
other module. Stages never name a language: they ask the registry (:func:`languages`,
:func:`route`) and the language it gives.

A caller may add a language of its own with :func:`register_language` (a folder of
lexicons anywhere); tables built from the registered languages are rebuilt after it
(:func:`depends_on_languages`).
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
import re
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import ParamSpec, TypeVar

from bilingual_cv.lexicon import lexicon_root
from bilingual_cv.memo import clear_memos

__all__ = [
    "ITEM_START_RE",
    "Language",
    "default_language",
    "depends_on_languages",
    "language",
    "languages",
    "register_language",
    "registered",
    "route",
    "tokens",
    "unregister_language",
]


@dataclass(frozen=True, slots=True)
class Language:
    """What routing and matching need to know of one language; the same fields for every
    language.

    Attributes:
        code: A lowercase code of two or three letters (``en``, ``zh``): the value of the
            ``lang`` fields of the output, and the name of its lexicon folder.
        script: The character ranges of its script, as the inside of a regex class
            (``bilingual_cv.lang.scripts``).
        char_weight: How much text one character of the script carries against one Latin
            letter (a Chinese word is under two characters, an English word about five).
        langdetect: The labels langdetect gives this language.
        tokenize: Its segmenter: the words of a text, for heading and name matching.
        spaced: Its words are separated by spaces. An unspaced language's heading keywords
            are found inside a heading as substrings, longest first, without the segmenter.
        default: The language of text whose script says nothing (one language has it).
        surface_forms: Words of the text a token of ``tokenize`` may come from (``award``:
            ``award``, ``awards``): lets the heading finder reject a plain line word by word
            without segmenting it. None: every line is segmented.
        lexicons: Its lexicon folder; None: ``lexicons/<code>/`` of this package.
    """

    code: str
    script: str
    char_weight: float
    langdetect: tuple[str, ...]
    tokenize: Callable[[str], list[str]]
    spaced: bool = True
    default: bool = False
    surface_forms: Callable[[str], frozenset[str]] | None = None
    lexicons: Path | None = None

    @property
    def script_re(self) -> re.Pattern[str]:
        """One character of the language's script."""
        return _class_re(self.script)

    @property
    def lexicon_folder(self) -> Path:
        """The folder of the language's lexicon files."""
        return self.lexicons if self.lexicons is not None else lexicon_root() / self.code

    @property
    def lexicon(self) -> str | Path:
        """What the loaders of :mod:`bilingual_cv.lexicon` take for its files: its code for
        a language of this package, else its folder."""
        return self.lexicons if self.lexicons is not None else self.code

    def __hash__(self) -> int:
        return hash(self.code)


@functools.cache
def _class_re(ranges: str) -> re.Pattern[str]:
    return re.compile(f"[{ranges}]")


#: A language code: two or three lowercase letters.
_CODE_RE = re.compile(r"[a-z]{2,3}")

_registry: dict[str, Language] = {}
_found = False
_clears: list[Callable[[], None]] = []


def _discover() -> None:
    """Register the ``LANGUAGE`` of every module of this package named by a language code."""
    global _found
    if _found:
        return
    _found = True
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name):
        if _CODE_RE.fullmatch(info.name):
            module = importlib.import_module(f"{__name__}.{info.name}")
            found = getattr(module, "LANGUAGE", None)
            if isinstance(found, Language):
                _registry.setdefault(found.code, found)


def languages() -> tuple[Language, ...]:
    """Every registered language, the default one first, then by code.

    >>> [lang.code for lang in languages()]
    ['en', 'zh']
    """
    _discover()
    return _sorted_languages()


@functools.cache  # emptied with the tables when the registry changes (_clear_tables)
def _sorted_languages() -> tuple[Language, ...]:
    """The registered languages in the order of :func:`languages`, sorted once per registry
    (routing asks for them for every short text)."""
    return tuple(sorted(_registry.values(), key=lambda lang: (not lang.default, lang.code)))


@functools.cache  # emptied with the tables when the registry changes (_clear_tables)
def _routes() -> tuple[tuple[tuple[re.Pattern[str], bool, Language], ...], Language]:
    """What :func:`route` tries, once per registry: each language but the default with its
    script pattern and whether any ASCII character is of its script (when none is, an ASCII
    text is not searched), then the default language."""
    found = languages()
    others = tuple(
        (lang.script_re, any(lang.script_re.match(chr(code)) for code in range(128)), lang)
        for lang in found[1:]
    )
    return others, found[0]


def language(code: str) -> Language:
    """The registered language of ``code``; KeyError for an unknown one."""
    _discover()
    return _registry[code]


def default_language() -> Language:
    """The language of text whose script says nothing."""
    return languages()[0]


def route(text: str) -> Language:
    """The language a short text (a heading, a name, a word) is matched in: the first
    language other than the default whose script it holds, else the default.

    >>> route("教育背景 Education").code, route("Education").code
    ('zh', 'en')
    """
    _discover()
    others, default = _routes()
    ascii_text = text.isascii()
    for script_re, has_ascii, lang in others:
        if (has_ascii or not ascii_text) and script_re.search(text):
            return lang
    return default


def register_language(lang: Language) -> None:
    """Add a language (or replace the one of its code); tables built from the registered
    languages are rebuilt on their next use.

    Raises:
        ValueError: The code is no language code, or a second default language.
    """
    _discover()
    if not _CODE_RE.fullmatch(lang.code):
        raise ValueError(f"a language code is two or three lowercase letters, not {lang.code!r}")
    if lang.default and any(o.default and o.code != lang.code for o in _registry.values()):
        raise ValueError(f"{lang.code}: there is a default language already")
    _registry[lang.code] = lang
    _clear_tables()


def unregister_language(code: str) -> None:
    """Remove a registered language (no error when it is not registered)."""
    _discover()
    if _registry.pop(code, None) is not None:
        _clear_tables()


@contextmanager
def registered(lang: Language) -> Iterator[Language]:
    """``lang`` registered for the length of a ``with`` block (the one it replaced, if any,
    registered again after it)."""
    _discover()
    before = _registry.get(lang.code)
    register_language(lang)
    try:
        yield lang
    finally:
        if before is None:
            unregister_language(lang.code)
        else:
            register_language(before)


P = ParamSpec("P")
R = TypeVar("R")


def depends_on_languages(func: Callable[P, R]) -> Callable[P, R]:
    """``functools.cache`` for a table built from the registered languages: emptied when
    the registry changes (with every memo of :mod:`bilingual_cv.memo`, whose answers may
    come from such tables)."""
    cached = functools.cache(func)
    _clears.append(cached.cache_clear)
    return cached  # type: ignore[return-value]


def _clear_tables() -> None:
    _sorted_languages.cache_clear()
    _routes.cache_clear()
    for clear in _clears:
        clear()
    clear_memos()


def tokens(text: str, code: str) -> list[str]:
    """Words of ``text`` by the segmenter of the language ``code``.

    >>> tokens("Selected Awards", "en")
    ['selected', 'award']
    """
    return language(code).tokenize(text)


#: A numbered or tagged item start: ``1.``, ``[C13]``, ``(3)``, ``P4.``.
ITEM_START_RE = re.compile(
    r"^\s*(?:\[[A-Za-z]{0,3}\d{1,3}\]|\(\d{1,3}\)|\d{1,3}[.)、](?!\d)|[A-Z]\d{1,3}[.)])\s*"
)
