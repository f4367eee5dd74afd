"""The heading lexicons of every registered language, as lookup tables.

Each language's ``headings.yaml`` gives whole wordings (``variants``), words that name a
section kind anywhere in a heading (``keywords``), modifiers and neutral words. They become:

- :class:`HeadingTable`: every language's wordings by their lexicon key, and the word sets of
  the wordings (modifiers dropped) for the same words in another order;
- :class:`KeywordTable` per language: its keywords, generic keywords and neutral words.

Words are cut by each language's segmenter (:mod:`bilingual_cv.lang`). An unspaced
language's word sets need its segmenter (jieba for Chinese, a second to load), so they are
built apart, on the first heading in that language, and a line whose characters no heading
of the language holds is never cut at all (:func:`may_hold_heading`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache, lru_cache

from bilingual_cv.lang import Language, default_language, depends_on_languages, languages, route
from bilingual_cv.lang.heading_text import find_remark, strip_heading
from bilingual_cv.lexicon import HeadingLexicon, lexicon_key, load_headings
from bilingual_cv.schema import SectionKind

#: Whole-line headings are at most this long (characters).
MAX_HEADING_CHARS = 60
#: Any Latin letter.
_LETTER_RE = re.compile(r"[A-Za-z]")
#: Any Latin letter or digit: a heading in an unspaced language holds none.
_LETTER_OR_DIGIT_RE = re.compile(r"[A-Za-z0-9]")
#: A run of ASCII letters and digits: a word of the lexicon key of ASCII text.
ASCII_WORD_RE = re.compile(r"[A-Za-z0-9]+")


@dataclass(frozen=True, slots=True, eq=False)
class HeadingTable:
    """Lookup tables of every registered language's heading wordings."""

    exact: dict[str, SectionKind]
    #: Word sets (modifiers dropped) of the wordings of spaced languages.
    tokens: dict[frozenset[str], SectionKind]
    sublist: frozenset[str]
    sublist_tokens: frozenset[frozenset[str]]
    modifiers: frozenset[str]


#: Words by their text, with the key each names (None for neutral words), and the words'
#: lengths, longest first (an unspaced language's words are found inside a heading).
WordTable = tuple[dict[str, SectionKind | None], tuple[int, ...]]


@dataclass(frozen=True, slots=True, eq=False)
class KeywordTable:
    """One language's heading keywords (see ``keywords`` in its ``headings.yaml``): its
    words as its segmenter gives them (a spaced language) or as lexicon keys (an unspaced
    one), each with the key it names."""

    language: Language
    keywords: WordTable
    generic: WordTable
    neutral: WordTable
    #: Keywords that say what was done to a list's items (``published``, ``发表``): a keyword
    #: right after one names what was done so and decides instead (``已发表专利``).
    verbs: frozenset[str] = frozenset()


def _lexicons() -> Iterable[tuple[Language, HeadingLexicon]]:
    return ((lang, load_headings(lang.lexicon)) for lang in languages())


def word_table(pairs: Iterable[tuple[str, SectionKind | None]]) -> WordTable:
    """A word table of ``pairs`` in their order: the first pair of a word wins."""
    table: dict[str, SectionKind | None] = {}
    for word, key in pairs:
        table.setdefault(word, key)
    return table, tuple(sorted({len(word) for word in table}, reverse=True))


@depends_on_languages
def keyword_table(code: str) -> KeywordTable:
    """The keyword tables of the language ``code``, built once."""
    lang = next(lang for lang in languages() if lang.code == code)
    lex = load_headings(lang.lexicon)

    def words(table: dict[str, list[str]]) -> WordTable:
        if lang.spaced:  # a token named by two keys: the last one listed
            tokens = {
                token: SectionKind(key)
                for key, group in table.items()
                for word in group
                for token in lang.tokenize(word)
            }
            return word_table(tokens.items())
        else:
            pairs = [
                (lexicon_key(w), SectionKind(key)) for key, group in table.items() for w in group
            ]
            pairs.sort(key=lambda pair: -len(pair[0]))
        return word_table(pairs)

    neutral: list[tuple[str, SectionKind | None]]
    if lang.spaced:
        neutral = [
            (tok, None) for w in lex.neutral_words + lex.modifiers for tok in lang.tokenize(w)
        ]
    else:
        keys = sorted(
            (lexicon_key(w) for w in lex.neutral_words + lex.modifiers), key=len, reverse=True
        )
        neutral = [(key, None) for key in keys]
    verbs = frozenset(
        tok
        for w in lex.verb_keywords
        for tok in (lang.tokenize(w) if lang.spaced else [lexicon_key(w)])
    )
    return KeywordTable(
        lang, words(lex.keywords), words(lex.generic_keywords), word_table(neutral), verbs
    )


def add_hit(hits: list[SectionKind], key: SectionKind, after_verb: bool) -> None:
    """Add the key a heading's keyword names to ``hits``; one right after a verb keyword
    (``发表`` of ``已发表专利``) names what the verb was done to, and takes the verb's place.

    >>> hits = [SectionKind.PUBLICATIONS]
    >>> add_hit(hits, SectionKind.PATENTS, True); hits
    [<SectionKind.PATENTS: 'patents'>]
    """
    if after_verb and hits:
        hits[-1] = key
    else:
        hits.append(key)


def longest_word(text: str, table: WordTable) -> tuple[str, SectionKind | None]:
    """The longest word of ``table`` that ``text`` starts with, and its key; ``("", None)``
    when there is none. One lookup per word length, not one test per word.

    >>> longest_word("荣誉经历", keyword_table("zh").keywords)
    ('荣誉', <SectionKind.AWARDS: 'awards'>)
    """
    words, lengths = table
    for length in lengths:
        if length <= len(text) and text[:length] in words:
            return text[:length], words[text[:length]]
    return "", None


def match_heading_words(text: str) -> SectionKind | None:
    """Key of a heading by the words it holds, when every word is a keyword, a modifier or
    a neutral word of the language it is written in; None otherwise. The first non-generic
    keyword decides.

    >>> match_heading_words("Awards Received by my Students")
    <SectionKind.AWARDS: 'awards'>
    >>> match_heading_words("Previous Industrial Experience")
    <SectionKind.EXPERIENCE: 'experience'>
    >>> match_heading_words("研究&实习经历"), match_heading_words("荣誉经历")
    (<SectionKind.EXPERIENCE: 'experience'>, <SectionKind.AWARDS: 'awards'>)
    >>> match_heading_words("PhD Student") is None, match_heading_words("联盟组织和标准制定") is None
    (True, True)
    """
    words = _heading_words_text(text)
    if words is None:
        return None
    text = words
    lang = route(text)
    table = keyword_table(lang.code)
    hits: list[SectionKind] = []
    generic: list[SectionKind] = []
    if not lang.spaced:
        if _LETTER_OR_DIGIT_RE.search(text):
            return None
        rest = lexicon_key(text).replace(" ", "")
        after_verb = False
        while rest:
            word, key = longest_word(rest, table.keywords)
            if key is not None:
                add_hit(hits, key, after_verb)
            else:
                word, key = longest_word(rest, table.generic)
                if key is not None:
                    generic.append(key)
                else:
                    word = longest_word(rest, table.neutral)[0]
                    if not word:
                        return None  # a character no heading word covers
            after_verb = word in table.verbs
            rest = rest[len(word) :]
    else:
        after_verb = False
        for token in lang.tokenize(text):
            if token in table.keywords[0]:
                add_hit(hits, table.keywords[0][token], after_verb)  # type: ignore[arg-type]
            elif token in table.generic[0]:
                generic.append(table.generic[0][token])  # type: ignore[arg-type]
            elif token not in table.neutral[0]:
                return None
            after_verb = token in table.verbs
    if hits:
        return hits[0]
    return generic[0] if generic else None


@lru_cache(maxsize=8192)
def token_set(text: str, modifiers: frozenset[str]) -> frozenset[str]:
    """The words of ``text`` by the segmenter of its language, modifiers dropped.

    >>> sorted(token_set("Selected Honors and Awards", frozenset({"selected"})))
    ['award', 'honor']
    """
    return frozenset(tok for tok in route(text).tokenize(text) if tok not in modifiers)


@depends_on_languages
def heading_table() -> HeadingTable:
    """Every language's heading lexicon as lookup tables (built once, on first use).

    Word sets of an unspaced language's wordings need its segmenter; they are built apart,
    on the first heading in that language (:func:`unspaced_token_sets`), so an English CV
    never loads jieba's dictionary.
    """
    exact: dict[str, SectionKind] = {}
    token_sets: dict[frozenset[str], SectionKind] = {}
    sublist: set[str] = set()
    modifiers = modifier_keys()
    for _, lex in _lexicons():
        for key, variants in lex.variants.items():
            kind = SectionKind(key)
            for variant in variants:
                exact.setdefault(lexicon_key(variant), kind)
                if route(variant).spaced:
                    tokens = token_set(variant, modifiers)
                    if tokens:
                        token_sets.setdefault(tokens, kind)
        sublist.update(lexicon_key(title) for title in lex.sublist_titles)
    sublist_tokens = frozenset(
        token_set(title, modifiers) for title in sublist if route(title).spaced
    )
    return HeadingTable(exact, token_sets, frozenset(sublist), sublist_tokens, modifiers)


@depends_on_languages
def modifier_keys() -> frozenset[str]:
    """The modifiers of every language (``selected``, ``主要``)."""
    return frozenset(lexicon_key(word) for _, lex in _lexicons() for word in lex.modifiers)


@depends_on_languages
def list_subheadings() -> frozenset[str]:
    """Sub-list titles of publication lists, in every language (``journals``, ``期刊``)."""
    return frozenset(lexicon_key(word) for _, lex in _lexicons() for word in lex.list_subheadings)


@depends_on_languages
def research_words() -> frozenset[str]:
    """The words for research in every language (``research``, ``研究``): a heading of one
    alone takes its key from what its block holds."""
    return frozenset(lexicon_key(word) for _, lex in _lexicons() for word in lex.research_words)


@depends_on_languages
def unspaced_token_sets(
    code: str,
) -> tuple[dict[frozenset[str], SectionKind], frozenset[frozenset[str]]]:
    """Word sets of the wordings and sub-list titles written in the unspaced language
    ``code`` (loads its segmenter)."""
    modifiers = modifier_keys()
    token_sets: dict[frozenset[str], SectionKind] = {}
    sublist: set[frozenset[str]] = set()
    for _, lex in _lexicons():
        for key, variants in lex.variants.items():
            for variant in variants:
                if route(variant).code == code:
                    tokens = token_set(variant, modifiers)
                    if tokens:
                        token_sets.setdefault(tokens, SectionKind(key))
        sublist.update(
            token_set(title, modifiers) for title in lex.sublist_titles if route(title).code == code
        )
    return token_sets, frozenset(sublist)


@depends_on_languages
def unspaced_chars(code: str) -> tuple[frozenset[str], frozenset[str]]:
    """Every character that a word of a wording, and of a sub-list title, written in the
    unspaced language ``code`` can hold (modifiers included), read without its segmenter.

    A text's word set can equal a wording's only when each of its letters and digits is one
    of these: the segmenter's words are pieces of the text, and the words dropped are
    modifiers or hold no letter or digit. Most lines of a Chinese CV fail this test, and are
    never cut into words (:func:`may_hold_heading`).
    """
    modifiers = "".join(modifier_keys())
    variants: set[str] = set(modifiers)
    sublist: set[str] = set(modifiers)
    for _, lex in _lexicons():
        for group in lex.variants.values():
            variants.update(ch for v in group if route(v).code == code for ch in v)
        sublist.update(ch for t in lex.sublist_titles if route(t).code == code for ch in t)
    return frozenset(variants), frozenset(sublist)


def may_hold_heading(key: str, chars: frozenset[str]) -> bool:
    """Every letter and digit of ``key`` is in ``chars`` (see :func:`unspaced_chars`)."""
    return not any(map(str.isalnum, set(key).difference(chars)))


def kind_of_tokens(key: str, table: HeadingTable) -> SectionKind | None:
    """Key of a heading by its word set (modifiers dropped), for a lexicon key.

    >>> kind_of_tokens("conference and journal publications", heading_table())
    <SectionKind.PUBLICATIONS: 'publications'>
    """
    lang = route(key)
    if not lang.spaced:
        if not may_hold_heading(key, unspaced_chars(lang.code)[0]):
            return None
        return unspaced_token_sets(lang.code)[0].get(token_set(key, table.modifiers))
    if key.isascii() and rejects_words(key.split()):
        return None  # a word whose token no heading holds: no heading's word set
    return table.tokens.get(token_set(key, table.modifiers))


def is_sublist_key(key: str, table: HeadingTable) -> bool:
    """A lexicon key that is a title opening a sub-list inside a section."""
    if key in table.sublist:
        return True
    lang = route(key)
    if not lang.spaced:
        if not may_hold_heading(key, unspaced_chars(lang.code)[1]):
            return False  # a character no sub-list title holds: not cut into words
        return token_set(key, table.modifiers) in unspaced_token_sets(lang.code)[1]
    if key.isascii() and rejects_words(key.split()):
        return False  # a word whose token no heading holds: no sub-list title's word set
    return token_set(key, table.modifiers) in table.sublist_tokens


@depends_on_languages
def heading_vocabulary() -> frozenset[str]:
    """Every token (as a spaced language's segmenter gives it) that a heading can hold:
    those of the wordings, sub-list titles, modifiers, keywords and neutral words."""
    table = heading_table()
    vocabulary: set[str] = set(table.modifiers)
    for tokens in (*table.tokens, *table.sublist_tokens):
        vocabulary.update(tokens)
    for key in (*table.exact, *table.sublist):
        lang = route(key)
        if lang.spaced:
            vocabulary.update(lang.tokenize(key))
    for lang in languages():
        if lang.spaced:
            words = keyword_table(lang.code)
            vocabulary.update(words.keywords[0], words.generic[0], words.neutral[0])
    return frozenset(vocabulary)


def is_heading_word(word: str) -> bool:
    """Every token of ``word`` (a run of non-space characters) is in
    :func:`heading_vocabulary` (stop words, which tokenizing drops, are free).

    >>> is_heading_word("Awards"), is_heading_word("Toy")
    (True, False)
    """
    if word.isascii() and heading_word_forms() is not None:
        # its key's words are its runs of letters and digits, in lower case
        return not rejects_words(ASCII_WORD_RE.findall(word.lower()))
    return _is_heading_word(word)


@lru_cache(maxsize=8192)
def _is_heading_word(word: str) -> bool:
    vocabulary = heading_vocabulary()
    return all(token in vocabulary for token in default_language().tokenize(word))


def rejects_words(words: Iterable[str]) -> bool:
    """Some word of an ASCII lexicon key is no form of a heading token: the key is no
    heading, by any rule that reads its words (False when that cannot be told).

    >>> rejects_words(["honors", "and", "awards"]), rejects_words(["toy", "awards"])
    (False, True)
    """
    forms = heading_word_forms()
    return forms is not None and not forms.issuperset(words)


@depends_on_languages
def heading_word_forms() -> frozenset[str] | None:
    """Every word of a lexicon key that the default language's segmenter drops (a stop
    word) or cuts to a token of :func:`heading_vocabulary`: its ``surface_forms``.
    None when the default language gives no surface forms (no word is rejected then)."""
    lang = default_language()
    if lang.surface_forms is None:
        return None
    forms = {lexicon_key(word) for word in load_headings(lang.lexicon).stop_words}
    for token in heading_vocabulary():
        forms.update(lang.surface_forms(token))
    return frozenset(forms)


def is_sublist_title(text: str, table: HeadingTable) -> bool:
    """True for titles that open a sub-list inside a section (never a section).

    >>> is_sublist_title("Technical Program Committee", heading_table())
    True
    """
    return is_sublist_key(lexicon_key(strip_heading(text)), table)


def match_heading(text: str, table: HeadingTable) -> SectionKind | None:
    """Key of a string that is wholly a heading, or None.

    Exact lexicon wording first, then the same words in any order without modifiers
    (``Refereed Conference Publications``, ``代表性论文``), then bilingual headings whose
    Chinese and English halves agree (``教育背景 Education``).

    >>> table = heading_table()
    >>> match_heading("HONORS & AWARDS", table)
    <SectionKind.AWARDS: 'awards'>
    >>> match_heading("主要科研经历", table)
    <SectionKind.RESEARCH_EXPERIENCE: 'research_experience'>
    >>> match_heading("Education / 教育经历", table)
    <SectionKind.EDUCATION: 'education'>
    >>> match_heading("Acme Surgical Robotics", table) is None
    True
    """
    text = strip_heading(text)
    if not text or len(text) > MAX_HEADING_CHARS:
        return None
    key = lexicon_key(text)
    if not key:
        return None
    if key in table.exact:
        return table.exact[key]
    found = kind_of_tokens(key, table)
    if found is not None:
        return found
    lang = route(text)
    if not lang.default and _LETTER_RE.search(text):
        return _match_bilingual(text, lang, table)
    return None


@cache
def _script_run_re(lang: Language) -> re.Pattern[str]:
    """Runs of text in ``lang``'s script (with the punctuation inside its headings).
    Compiled on first use (3 ms for Chinese: CJK classes): only a heading with such text
    in it needs it."""
    return re.compile(rf"[{lang.script}][{lang.script}/、&()（）\s]*")


def _match_bilingual(text: str, lang: Language, table: HeadingTable) -> SectionKind | None:
    """The key of a heading whose half in ``lang`` is a heading and whose Latin half, if it
    has words, is the same heading (the Latin half is read only then).

    >>> from bilingual_cv.lang import language
    >>> _match_bilingual("教育背景 Education", language("zh"), heading_table())
    <SectionKind.EDUCATION: 'education'>
    """
    runs = _script_run_re(lang)
    own_key = match_heading(" ".join(run.strip() for run in runs.findall(text)), table)
    if own_key is None:
        return None
    latin = runs.sub(" ", text)
    if match_heading(latin, table) == own_key or not lexicon_key(latin):
        return own_key
    return None


#: A heading read loosely holds at most this many words (spaced languages) or characters
#: (unspaced) that no heading word covers.
MAX_UNKNOWN_WORDS = 2
MAX_UNKNOWN_CHARS = 4


def match_heading_loosely(text: str) -> SectionKind | None:
    """Key of a line already known to be set as a heading, by the heading words it holds,
    allowing a few words no lexicon lists (``Computer Science Publications``, ``技能清单``,
    ``论文发表及专利``): the first keyword decides, a generic one (``Experience``, ``经历``)
    only when no other is there. None when no keyword is there, or more than a few words
    are unknown.

    >>> match_heading_loosely("Toy Science Publications"), match_heading_loosely("技能清单")
    (<SectionKind.PUBLICATIONS: 'publications'>, <SectionKind.SKILLS: 'skills'>)
    >>> match_heading_loosely("Ann Lee"), match_heading_loosely("Best Toy Shop Lee Wu Award")
    (None, None)
    """
    words = _heading_words_text(text)
    if words is None:
        return None
    text = words
    lang = route(text)
    table = keyword_table(lang.code)
    hits: list[SectionKind] = []
    generic: list[SectionKind] = []
    known = unknown = 0
    if not lang.spaced:
        rest = lexicon_key(text).replace(" ", "")
        after_verb = False
        while rest:
            word, key = longest_word(rest, table.keywords)
            if key is None:
                word, key = longest_word(rest, table.generic)
                if key is not None:
                    generic.append(key)
            else:
                add_hit(hits, key, after_verb)
            if not word:
                word = longest_word(rest, table.neutral)[0]
            if word:
                known += len(word)
            else:
                word = rest[:1]
                unknown += 1 if word.isalnum() else 0
            after_verb = word in table.verbs
            rest = rest[len(word) :]
        limit = MAX_UNKNOWN_CHARS
    else:
        after_verb = False
        for token in lang.tokenize(text):
            verb, after_verb = after_verb, token in table.verbs
            if token in table.keywords[0]:
                add_hit(hits, table.keywords[0][token], verb)  # type: ignore[arg-type]
            elif token in table.generic[0]:
                generic.append(table.generic[0][token])  # type: ignore[arg-type]
            elif token not in table.neutral[0]:
                unknown += 1
                continue
            known += 1
        limit = MAX_UNKNOWN_WORDS
    if unknown > limit or not known:
        return None
    if hits:
        return hits[0]
    return generic[0] if generic else None


def _heading_words_text(text: str) -> str | None:
    """A heading's text without its decoration and a trailing remark ("Papers (selected)");
    None when nothing is left or it is too long to be a heading."""
    text = strip_heading(text)
    remark = find_remark(text)
    if remark and remark.start() > 0:
        text = text[: remark.start()]
    return None if not text or len(text) > MAX_HEADING_CHARS else text
