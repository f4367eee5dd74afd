"""Finding section headings in cleaned lines, and splitting a document into sections.

Shapes handled, all seen in real PDF-extracted CVs:

- a heading alone on its line, any case, with or without markdown (``## **Education**``);
- a heading followed by content on the same line (``RESEARCH INTERESTS Machine learning``,
  ``**Education** University of ...``, ``Industry Experience Microsoft Research, ...``);
- a heading split over short lines (``CONFERENCE &`` / ``JOURNAL`` / ``PUBLICATIONS``);
- a heading glued to the next text (``SERVICES**Program Committee**``; broken apart during
  cleaning, then joined with the line above like any split heading);
- Chinese, folded Traditional and bilingual headings (``教育背景 Education``).

Whether a line is a heading is decided by the heading lexicons, never by looks alone: an
employer in bold (``## **Acme Surgical Robotics**``) is content. Only a short ALL-CAPS line
that the lexicons do not know, in a place where headings stand, becomes an ``other``
section with an ``unknown_heading`` warning.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from itertools import islice

from bilingual_cv.lang import LANGUAGES
from bilingual_cv.lang import tokens as tokens_of
from bilingual_cv.lang.scripts import CJK_COMPAT, CJK_RE, CJK_SPAN, HAN
from bilingual_cv.lexicon import lexicon_key, load_headings
from bilingual_cv.lines import Line, RawSection
from bilingual_cv.memo import memo_short_texts
from bilingual_cv.schema import SectionKind, Warning, WarningCode

#: Whole-line headings are at most this long (characters).
MAX_HEADING_CHARS = 60
#: Whole-line headings with Chinese in them are at most this long (``教育背景 Education``).
MAX_CJK_HEADING_CHARS = 30
#: A same-line heading prefix has at most this many words.
MAX_PREFIX_WORDS = 5
#: A heading split over lines uses at most this many lines of at most MAX_PIECE_WORDS words.
MAX_PIECES = 3
MAX_PIECE_WORDS = 3
#: Keys whose sub-headings are sections of their own (SCHEMA.md: publication sub-headings).
LIST_KEYS = frozenset({SectionKind.PUBLICATIONS, SectionKind.PATENTS})

#: Numbering before a heading: ``一、``, ``1.``, ``IV.``, ``(2)``.
_NUMBERING_RE = re.compile(
    r"^\s*(?:[一二三四五六七八九十]+\s*[、.]|\(?\d{1,2}[.、)]|[IVX]{1,4}\.)\s*"
)
#: Decorative brackets around a heading: ``【教育背景】``, ``[ Education ]``.
_BRACKETS_RE = re.compile(r"^[【\[〔〖<《]\s*(.+?)\s*[】\]〕〗>》]$")
#: A remark after a heading: ``Publications (* denotes equal contribution)``.
_REMARK_RE = re.compile(r"\s*[(（][^()（）]*[)）]\s*$")
#: Punctuation and rules that may close a heading (besides spaces).
_TRAILING_CHARS = ":：.。-–—|_=─━"
#: A heading set with spaced letters: ``E D U C A T I O N``, ``教 育 背 景``.
_SPACED_RE = re.compile(rf"[A-Za-z{HAN}](?:\s{{1,3}}[A-Za-z{HAN}]){{3,}}")
#: A letter alone between spaces: every letter-spaced text holds one (its second letter).
_SPACED_LETTER_RE = re.compile(rf"\s[A-Za-z{HAN}]\s")
#: Capitals glued to the capitalized word after them: ``SERVICESProgram Committee``.
_GLUED_CAPS_RE = re.compile(r"^([A-Z][A-Z&/\-' ]*[A-Z]{3})([A-Z][a-z].*)$")
#: Letters of an ALL-CAPS heading and the joiners allowed between its words.
_CAPS_LINE_RE = re.compile(r"^[A-Z][A-Z&/\-' ]*[A-Z&]$")
#: A capitalized word opening a line before another capital: ``Education University``.
_BARE_PREFIX_RE = re.compile(r"^([A-Z][a-z]+)\s+(?=[A-Z])")
#: Two or more spaces: the gaps between words of a letter-spaced heading.
_WORD_GAP_RE = re.compile(r"\s{2,}")
#: Any Latin letter, or any Latin letter or digit.
_LETTER_RE = re.compile(r"[A-Za-z]")
_LETTER_OR_DIGIT_RE = re.compile(r"[A-Za-z0-9]")
#: A run of ASCII letters and digits: a word of the lexicon key of ASCII text.
_ASCII_WORD_RE = re.compile(r"[A-Za-z0-9]+")
#: A run of non-space characters (a word, with its punctuation).
_WORD_RE = re.compile(r"\S+")


@dataclass(frozen=True, slots=True, eq=False)
class HeadingTable:
    """Lookup tables built once from the heading lexicons."""

    exact: dict[str, SectionKind]
    tokens: dict[frozenset[str], SectionKind]
    sublist: frozenset[str]
    sublist_tokens: frozenset[frozenset[str]]
    modifiers: frozenset[str]


@dataclass(frozen=True, slots=True)
class HeadingMatch:
    """A heading found at a line: its key, the text as written, and what follows it."""

    key: SectionKind
    heading: str
    lines_used: int
    rest: str = ""
    known: bool = True


@dataclass(frozen=True, slots=True, eq=False)
class HeadingWords:
    """Keyword tables of both languages' heading lexicons (see ``keywords`` there)."""

    #: English word (as :func:`tokenize_en` gives it) -> key, and the generic heads.
    en: dict[str, SectionKind]
    en_generic: dict[str, SectionKind]
    en_neutral: frozenset[str]
    #: Chinese words, longest first, with their key; generic heads and neutral words.
    zh: tuple[tuple[str, SectionKind], ...]
    zh_generic: tuple[tuple[str, SectionKind], ...]
    zh_neutral: tuple[str, ...]


@cache
def heading_words() -> HeadingWords:
    """The keyword tables, built once from ``lexicons/{en,zh}/headings.yaml``."""
    from bilingual_cv.lang.en import tokenize_en

    def english(table: dict[str, list[str]]) -> dict[str, SectionKind]:
        return {
            token: SectionKind(key)
            for key, words in table.items()
            for word in words
            for token in tokenize_en(word)
        }

    def chinese(table: dict[str, list[str]]) -> tuple[tuple[str, SectionKind], ...]:
        pairs = [(lexicon_key(w), SectionKind(key)) for key, words in table.items() for w in words]
        return tuple(sorted(pairs, key=lambda pair: -len(pair[0])))

    en, zh = load_headings("en"), load_headings("zh")
    en_neutral = {tok for word in en.neutral_words + en.modifiers for tok in tokenize_en(word)}
    zh_neutral = [lexicon_key(word) for word in zh.neutral_words + zh.modifiers]
    return HeadingWords(
        english(en.keywords),
        english(en.generic_keywords),
        frozenset(en_neutral),
        chinese(zh.keywords),
        chinese(zh.generic_keywords),
        tuple(sorted(zh_neutral, key=len, reverse=True)),
    )


#: Words by their text, with the key each names (None for neutral words), and the words'
#: lengths, longest first.
_WordTable = tuple[dict[str, SectionKind | None], tuple[int, ...]]


def _word_table(pairs: Sequence[tuple[str, SectionKind | None]]) -> _WordTable:
    """A word table of ``pairs`` in their order (longest first): the first pair of a word
    wins, as when they are tried in turn."""
    table: dict[str, SectionKind | None] = {}
    for word, key in pairs:
        table.setdefault(word, key)
    return table, tuple(sorted({len(word) for word in table}, reverse=True))


@cache
def _zh_word_tables() -> tuple[_WordTable, _WordTable, _WordTable]:
    """The Chinese keywords, generic keywords and neutral words of :func:`heading_words`."""
    words = heading_words()
    return (
        _word_table(words.zh),
        _word_table(words.zh_generic),
        _word_table([(word, None) for word in words.zh_neutral]),
    )


def _longest_word(text: str, table: _WordTable) -> tuple[str, SectionKind | None]:
    """The longest word of ``table`` that ``text`` starts with, and its key; ``("", None)``
    when there is none. One lookup per word length, not one test per word.

    >>> _longest_word("荣誉经历", _zh_word_tables()[0])
    ('荣誉', <SectionKind.AWARDS: 'awards'>)
    """
    words, lengths = table
    for length in lengths:
        if length <= len(text) and text[:length] in words:
            return text[:length], words[text[:length]]
    return "", None


def match_heading_words(text: str) -> SectionKind | None:
    """Key of a heading by the words it holds, when every word is a keyword, a modifier or
    a neutral word; None otherwise. The first non-generic keyword decides.

    >>> match_heading_words("Awards Received by my Students")
    <SectionKind.AWARDS: 'awards'>
    >>> match_heading_words("Previous Industrial Experience")
    <SectionKind.EXPERIENCE: 'experience'>
    >>> match_heading_words("研究&实习经历"), match_heading_words("荣誉经历")
    (<SectionKind.EXPERIENCE: 'experience'>, <SectionKind.AWARDS: 'awards'>)
    >>> match_heading_words("PhD Student") is None, match_heading_words("联盟组织和标准制定") is None
    (True, True)
    """
    text = _strip_heading(text)
    remark = _find_remark(text)
    if remark and remark.start() > 0:
        text = text[: remark.start()]
    if not text or len(text) > MAX_HEADING_CHARS:
        return None
    words = heading_words()
    hits: list[SectionKind] = []
    generic: list[SectionKind] = []
    if CJK_RE.search(text):
        if _LETTER_OR_DIGIT_RE.search(text):
            return None
        keywords, generic_keywords, neutral = _zh_word_tables()
        rest = lexicon_key(text).replace(" ", "")
        while rest:
            word, key = _longest_word(rest, keywords)
            if key is not None:
                hits.append(key)
            else:
                word, key = _longest_word(rest, generic_keywords)
                if key is not None:
                    generic.append(key)
                else:
                    word = _longest_word(rest, neutral)[0]
                    if not word:
                        return None  # a character no heading word covers
            rest = rest[len(word) :]
    else:
        from bilingual_cv.lang.en import tokenize_en

        for token in tokenize_en(text):
            if token in words.en:
                hits.append(words.en[token])
            elif token in words.en_generic:
                generic.append(words.en_generic[token])
            elif token not in words.en_neutral:
                return None
    if hits:
        return hits[0]
    return generic[0] if generic else None


@lru_cache(maxsize=8192)
def _token_set(text: str, modifiers: frozenset[str]) -> frozenset[str]:
    tokens = tokens_of(text, "zh" if CJK_RE.search(text) else "en")
    return frozenset(tok for tok in tokens if tok not in modifiers)


@cache
def heading_table() -> HeadingTable:
    """Both languages' heading lexicons as lookup tables (built once, on first use).

    Word sets of Chinese variants need jieba; they are built apart, on the first Chinese line
    (:func:`_zh_tokens`), so an English CV never loads jieba's dictionary.
    """
    exact: dict[str, SectionKind] = {}
    token_sets: dict[frozenset[str], SectionKind] = {}
    sublist: set[str] = set()
    modifiers = _modifiers()
    for lang in LANGUAGES:
        lex = load_headings(lang)
        for key, variants in lex.variants.items():
            kind = SectionKind(key)
            for variant in variants:
                exact.setdefault(lexicon_key(variant), kind)
                if not CJK_RE.search(variant):
                    tokens = _token_set(variant, modifiers)
                    if tokens:
                        token_sets.setdefault(tokens, kind)
        sublist.update(lexicon_key(title) for title in lex.sublist_titles)
    sublist_tokens = frozenset(
        _token_set(title, modifiers) for title in sublist if not CJK_RE.search(title)
    )
    return HeadingTable(exact, token_sets, frozenset(sublist), sublist_tokens, modifiers)


@cache
def _modifiers() -> frozenset[str]:
    return frozenset(
        lexicon_key(word) for lang in LANGUAGES for word in load_headings(lang).modifiers
    )


@cache
def _zh_tokens() -> tuple[dict[frozenset[str], SectionKind], frozenset[frozenset[str]]]:
    """Word sets of the Chinese heading variants and sub-list titles (loads jieba)."""
    modifiers = _modifiers()
    token_sets: dict[frozenset[str], SectionKind] = {}
    sublist: set[frozenset[str]] = set()
    for lang in LANGUAGES:
        lex = load_headings(lang)
        for key, variants in lex.variants.items():
            for variant in variants:
                if CJK_RE.search(variant):
                    tokens = _token_set(variant, modifiers)
                    if tokens:
                        token_sets.setdefault(tokens, SectionKind(key))
        sublist.update(
            _token_set(title, modifiers) for title in lex.sublist_titles if CJK_RE.search(title)
        )
    return token_sets, frozenset(sublist)


@cache
def _zh_token_chars() -> tuple[frozenset[str], frozenset[str]]:
    """Every character that a word of a Chinese heading variant, and of a Chinese sub-list
    title, can hold (modifiers included), read from the lexicons without jieba.

    A Chinese text's word set can equal a variant's only when each of its letters and digits
    is one of these: jieba's words are pieces of the text, and the words dropped are
    modifiers or hold no letter or digit. Most lines of a Chinese CV fail this test, and are
    never cut into words (:func:`_may_match_zh`).
    """
    modifiers = "".join(_modifiers())
    variants: set[str] = set(modifiers)
    sublist: set[str] = set(modifiers)
    for lang in LANGUAGES:
        lex = load_headings(lang)
        for group in lex.variants.values():
            variants.update(ch for v in group if CJK_RE.search(v) for ch in v)
        sublist.update(ch for t in lex.sublist_titles if CJK_RE.search(t) for ch in t)
    return frozenset(variants), frozenset(sublist)


def _may_match_zh(key: str, chars: frozenset[str]) -> bool:
    """Every letter and digit of ``key`` is in ``chars`` (see :func:`_zh_token_chars`)."""
    return not any(map(str.isalnum, set(key).difference(chars)))


def _kind_of_tokens(key: str, table: HeadingTable) -> SectionKind | None:
    """Key of a heading by its word set (modifiers dropped), for a lexicon key."""
    if CJK_RE.search(key):
        if not _may_match_zh(key, _zh_token_chars()[0]):
            return None
        return _zh_tokens()[0].get(_token_set(key, table.modifiers))
    if key.isascii() and not _heading_word_forms().issuperset(key.split()):
        return None  # a word whose token no heading holds: no heading's word set
    return table.tokens.get(_token_set(key, table.modifiers))


@cache
def _heading_vocabulary() -> frozenset[str]:
    """Every English token (as :func:`tokenize_en` gives it) that a heading can hold: those
    of the heading variants, sub-list titles, modifiers, keywords and neutral words."""
    from bilingual_cv.lang.en import tokenize_en

    table, words = heading_table(), heading_words()
    vocabulary: set[str] = set(table.modifiers)
    for token_set in (*table.tokens, *table.sublist_tokens):
        vocabulary.update(token_set)
    for key in (*table.exact, *table.sublist):
        if not CJK_RE.search(key):
            vocabulary.update(tokenize_en(key))
    vocabulary.update(words.en, words.en_generic, words.en_neutral)
    return frozenset(vocabulary)


@lru_cache(maxsize=8192)
def _is_heading_word(word: str) -> bool:
    """Every token of ``word`` (a run of non-space characters) is in
    :func:`_heading_vocabulary` (stop words, which tokenizing drops, are free)."""
    from bilingual_cv.lang.en import tokenize_en

    if word.isascii():  # its key's words are its runs of letters and digits, in lower case
        return _heading_word_forms().issuperset(_ASCII_WORD_RE.findall(word.lower()))
    vocabulary = _heading_vocabulary()
    return all(token in vocabulary for token in tokenize_en(word))


@cache
def _heading_word_forms() -> frozenset[str]:
    """Every word of a lexicon key that :func:`tokenize_en` drops (a stop word) or stems to
    a token of :func:`_heading_vocabulary`: the token itself, its plural in ``s``, and for a
    token in ``y`` its plural in ``ies`` (the only words that stem to it)."""
    from bilingual_cv.lang.en import _stop_words, stem_en

    forms = set(_stop_words())
    for token in _heading_vocabulary():
        plurals = {token, token + "s", token[:-1] + "ies" if token.endswith("y") else token}
        forms.update(word for word in plurals if stem_en(word) == token)
    return frozenset(forms)


def _heading_words_run(text: str, words: Sequence[str]) -> int | None:
    """How many of ``words`` (the first words of ``text``, in order) may belong to an
    English heading: a heading's every token is a heading word (:func:`_is_heading_word`),
    so a text whose words run out before one that is not can be a heading only up to it.
    None when the words of ``text`` do not tell: not ASCII (NFKC and case folding are
    not read word by word), or numbered or letter-spaced (stripping changes its words).

    >>> _heading_words_run("Honors and Awards (selected)", ["Honors", "and", "Awards"])
    3
    >>> _heading_words_run("Toy Paper Awards", ["Toy", "Paper"])
    0
    """
    if not text.isascii() or _NUMBERING_RE.match(text) or _is_letter_spaced(text):
        return None
    for count, word in enumerate(words):
        if not _is_heading_word(word):
            return count
    return len(words)


def _is_letter_spaced(text: str) -> bool:
    """``text`` holds letters set apart by spaces (:data:`_SPACED_RE`).

    Searched for a lone letter between spaces first: :data:`_SPACED_RE` is tried at every
    letter of the text, and most texts hold no lone letter.

    >>> _is_letter_spaced("E D U C A T I O N"), _is_letter_spaced("Member of a Committee")
    (True, False)
    """
    return _SPACED_LETTER_RE.search(text) is not None and _SPACED_RE.search(text) is not None


def _strip_heading(text: str, *, collapse: bool = True) -> str:
    """A heading without numbering, brackets, rules after it, or letter spacing.

    >>> _strip_heading("E D U C A T I O N"), _strip_heading("W O R K   E X P E R I E N C E")
    ('EDUCATION', 'WORK EXPERIENCE')
    >>> _strip_heading("教 育 背 景"), _strip_heading("Education ______"), _strip_heading("二、科研经历：")
    ('教育背景', 'Education', '科研经历')
    """
    return _stripped_heading(text, collapse)


@memo_short_texts(max_chars=200, maxsize=8192)  # each line is tried by several heading rules
def _stripped_heading(text: str, collapse: bool) -> str:
    text = _NUMBERING_RE.sub("", text)
    text = _unbracket(text.strip())
    text = _strip_trailing(text).strip()
    if collapse and _SPACED_RE.fullmatch(text):
        text = " ".join(word.replace(" ", "") for word in _WORD_GAP_RE.split(text))
    return text


def _unbracket(text: str) -> str:
    """The text inside decorative brackets (:data:`_BRACKETS_RE`), else ``text``.

    Matched at the start rather than substituted: ``Pattern.sub`` with a ``\\1`` template
    parses the template in Python on every call, which cost more than the rest of
    :func:`_stripped_heading` together.

    >>> _unbracket("【教育背景】"), _unbracket("[C1] A Paper")
    ('教育背景', '[C1] A Paper')
    """
    found = _BRACKETS_RE.match(text)
    return text if found is None else found.group(1) + text[found.end() :]


def _strip_trailing(text: str) -> str:
    """``text`` without the spaces, punctuation and rules that close it.

    A loop from the end: a search for a closing run (``[...]+$``) tries every position of
    the line.

    >>> _strip_trailing("Education ____ "), _strip_trailing("二、科研经历：")
    ('Education', '二、科研经历')
    """
    end = len(text)
    while end and (text[end - 1] in _TRAILING_CHARS or text[end - 1].isspace()):
        end -= 1
    return text[:end]


def _find_remark(text: str) -> re.Match[str] | None:
    """The remark closing ``text`` (:data:`_REMARK_RE`), searched for only when ``text``
    ends with a closing bracket: most lines do not, and the search tries every position.

    >>> _find_remark("Publications (* denotes equal contribution)").start()
    12
    """
    if not text.rstrip().endswith((")", "）")):
        return None
    return _REMARK_RE.search(text)


def is_sublist_title(text: str, table: HeadingTable) -> bool:
    """True for titles that open a sub-list inside a section (never a section).

    >>> is_sublist_title("Technical Program Committee", heading_table())
    True
    """
    key = lexicon_key(_strip_heading(text))
    if key in table.sublist:
        return True
    if CJK_RE.search(key):
        if not _may_match_zh(key, _zh_token_chars()[1]):
            return False  # a character no sub-list title holds: not cut into words
        return _token_set(key, table.modifiers) in _zh_tokens()[1]
    if key.isascii() and not _heading_word_forms().issuperset(key.split()):
        return False  # a word whose token no heading holds: no sub-list title's word set
    return _token_set(key, table.modifiers) in table.sublist_tokens


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
    text = _strip_heading(text)
    if not text or len(text) > MAX_HEADING_CHARS:
        return None
    key = lexicon_key(text)
    if not key:
        return None
    if key in table.exact:
        return table.exact[key]
    found = _kind_of_tokens(key, table)
    if found is not None:
        return found
    if CJK_RE.search(text) and _LETTER_RE.search(text):
        return _match_bilingual(text, table)
    return None


@cache
def _cjk_run_re() -> re.Pattern[str]:
    """Runs of CJK text (with the punctuation inside Chinese headings). Compiled on first use
    (3 ms: CJK classes): only a heading with Chinese in it needs it."""
    return re.compile(rf"[{CJK_SPAN}{CJK_COMPAT}][{CJK_SPAN}{CJK_COMPAT}/、&()（）\s]*")


def _match_bilingual(text: str, table: HeadingTable) -> SectionKind | None:
    """The key of a heading whose Chinese half is a heading and whose English half, if it
    has words, is the same heading (the English half is read only then).

    >>> _match_bilingual("教育背景 Education", heading_table())
    <SectionKind.EDUCATION: 'education'>
    """
    zh_key = match_heading(" ".join(run.strip() for run in _cjk_run_re().findall(text)), table)
    if zh_key is None:
        return None
    en = _cjk_run_re().sub(" ", text)
    if match_heading(en, table) == zh_key or not lexicon_key(en):
        return zh_key
    return None


def _is_caps(text: str) -> bool:
    """Has letters, all of them capitals (CJK has no case: never caps).

    >>> _is_caps("HONORS & AWARDS"), _is_caps("Honors"), _is_caps("教育")
    (True, False, False)
    """
    return text == text.upper() and text != text.lower()


#: Keys whose one-word heading may open a line of content with no styling left (a PDF text
#: layer drops bold: ``Education University of Washington``), once per document.
BARE_PREFIX_KEYS = frozenset(
    {SectionKind.EDUCATION, SectionKind.PUBLICATIONS, SectionKind.EXPERIENCE, SectionKind.SKILLS}
)


def _is_styled_prefix(line: Line, prefix_end: int) -> bool:
    """The first ``prefix_end`` characters stand out: bold, ALL CAPS or a markdown heading."""
    prefix = line.text[:prefix_end]
    rest = line.text[prefix_end:].strip()
    if any(s == 0 and prefix_end <= e <= prefix_end + 1 for s, e in line.bold):
        return True  # the bold run is the prefix itself, not the start of a longer bold text
    if _is_caps(prefix) and not _is_caps(rest) and len([c for c in prefix if c.isalpha()]) >= 4:
        return True
    words = prefix.split()
    title_case = all(word[:1].isupper() for word in words if word.isalpha())
    return len(words) >= 2 and title_case and rest[:1].isupper()


def find_heading(
    lines: Sequence[Line],
    index: int,
    table: HeadingTable,
    seen: frozenset[SectionKind] = frozenset(),
) -> HeadingMatch | None:
    """The heading that starts at ``lines[index]``, if any.

    >>> from bilingual_cv.clean import clean_text
    >>> lines = clean_text("CONFERENCE &\\nJOURNAL\\nPUBLICATIONS\\n[C1] A Paper").lines
    >>> find_heading(lines, 0, heading_table())
    HeadingMatch(key=<SectionKind.PUBLICATIONS: 'publications'>, heading='CONFERENCE & JOURNAL PUBLICATIONS', lines_used=3, rest='', known=True)
    >>> lines = clean_text("RESEARCH INTERESTS Machine learning systems").lines
    >>> find_heading(lines, 0, heading_table()).rest
    'Machine learning systems'
    """
    line = lines[index]
    text = line.text.strip()
    if not text or (text.startswith("[") and not _BRACKETS_RE.match(text)):
        return None
    if (
        line.bullet
    ):  # "■ 教育背景": a bulleted heading, only when wholly a heading in capitals or Chinese
        key = (
            match_heading(text, table)
            if (CJK_RE.match(text) or _is_caps(text)) and len(text) <= 20
            else None
        )
        return (
            HeadingMatch(key, _strip_heading(text, collapse=False), 1) if key is not None else None
        )
    joined = _match_split_heading(lines, index, table)
    if joined is not None:
        return joined
    if _is_heading_length(text) and _balanced(text) and _may_be_whole_heading(text):
        if is_sublist_title(text, table) and not line.md_level:
            return None  # a sub-list title, unless set as a heading ("## Current Students")
        key = match_heading(text, table)
        if key is not None:
            return HeadingMatch(key, _strip_heading(text, collapse=False), 1)
        remark = _find_remark(text)
        if remark and remark.start() > 0 and line.text.rstrip().endswith((")", "）")):
            key = match_heading(text[: remark.start()], table)
            if key is not None:  # "Publications (* denotes equal contribution)"
                return HeadingMatch(key, _strip_heading(text, collapse=False), 1)
        if _stands_apart(line):
            key = match_heading_words(text)
            if key is not None:  # "Published Research", "近期获奖荣誉": known words only
                return HeadingMatch(key, _strip_heading(text, collapse=False), 1)
    after_gap = index == 0 or lines[index - 1].is_blank
    return _match_prefix(line, table, after_gap) or _match_bare_prefix(line, table, seen)


def _is_heading_length(text: str) -> bool:
    """``text`` is short enough to be a whole-line heading: :data:`MAX_CJK_HEADING_CHARS`
    with Chinese in it, else :data:`MAX_HEADING_CHARS` and 8 for a rule after it. A line
    longer than both is not searched for Chinese (most lines: the search scans them whole).

    >>> _is_heading_length("教育背景 Education"), _is_heading_length("研究" + "经历" * 15)
    (True, False)
    """
    if len(text) > max(MAX_CJK_HEADING_CHARS, MAX_HEADING_CHARS + 8):
        return False
    return len(text) <= (MAX_CJK_HEADING_CHARS if CJK_RE.search(text) else MAX_HEADING_CHARS + 8)


def _may_be_whole_heading(text: str) -> bool:
    """False only when ``text`` is no heading and no sub-list title, by any rule of
    :func:`find_heading` that reads a whole line: one of its words is in no heading (a
    remark in brackets is cut off by those rules, so a text holding one is not judged).

    >>> _may_be_whole_heading("Honors & Awards"), _may_be_whole_heading("Ph.D. in Toy Science")
    (True, False)
    """
    if "(" in text or "（" in text:
        return True
    words = text.split()
    return _heading_words_run(text, words) in (None, len(words))


#: A plain line (no heading style) is read by its words when it has at most this many.
MAX_PLAIN_HEADING_WORDS = 4
MAX_PLAIN_HEADING_CJK = 8


def _stands_apart(line: Line) -> bool:
    """A line set like a heading: a markdown heading, wholly bold, in capitals, or short
    (a plain-text CV's heading), and not ending like a sentence or a list item.

    >>> _stands_apart(Line(1, "Academic Preparation")), _stands_apart(Line(1, "I teach courses."))
    (True, False)
    """
    text = line.text.strip()
    if line.bullet or not text or text[-1] in ".,;。，；、":
        return False
    if line.md_level or (line.bold and line.is_bold(0, len(text))) or _is_caps(text):
        return True
    if CJK_RE.search(text):
        return len(text) <= MAX_PLAIN_HEADING_CJK
    return len(text.split()) <= MAX_PLAIN_HEADING_WORDS


def _balanced(text: str) -> bool:
    """A wrapped fragment such as ``Review)`` is not a heading.

    >>> _balanced("Review)"), _balanced("Publications (selected)")
    (False, True)
    """
    return text.count("(") + text.count("（") == text.count(")") + text.count("）")


@cache
def _heading_words(table: HeadingTable) -> frozenset[str]:
    """Every word of every English heading variant and modifier: a line whose first word is
    none of them cannot start with a heading."""
    words: set[str] = set(table.modifiers)
    for key in table.exact:
        if not CJK_RE.search(key):
            words.update(key.split())
    return frozenset(words)


def _match_bare_prefix(
    line: Line, table: HeadingTable, seen: frozenset[SectionKind]
) -> HeadingMatch | None:
    """``Education University of Washington``: a one-word heading whose styling was lost."""
    head = _BARE_PREFIX_RE.match(line.text)
    if head is None:
        return None
    key = table.exact.get(lexicon_key(head.group(1)))
    if key is None or key not in BARE_PREFIX_KEYS or key in seen:
        return None
    return HeadingMatch(key, head.group(1), 1, line.text[head.end() :].strip())


def _match_split_heading(
    lines: Sequence[Line], index: int, table: HeadingTable
) -> HeadingMatch | None:
    """A heading set over two or three consecutive short lines of one style: in capitals
    (``CONFERENCE &`` / ``JOURNAL`` / ``PUBLICATIONS``), or wholly bold or a markdown heading
    (a margin heading that a PDF broke: ``**Contact**`` / ``**Information**``). The last
    capitals piece may be glued to the text after it (``SERVICESProgram Committee``). Two
    pieces that are each a heading are two headings, unless together they are a known
    wording (``TEACHING`` / ``EXPERIENCE``)."""
    pieces: list[str] = []
    rest = ""
    style = None
    for offset in range(MAX_PIECES):
        if index + offset >= len(lines):
            break
        line = lines[index + offset]
        piece = line.text.strip()
        glued = _GLUED_CAPS_RE.match(piece)
        if glued and not _CAPS_LINE_RE.match(piece):
            pieces.append(glued.group(1))
            rest = glued.group(2)
            break
        # at most MAX_PIECE_WORDS words (a long line is not split into all of its words)
        if not piece or len(piece.split(None, MAX_PIECE_WORDS)) > MAX_PIECE_WORDS:
            break
        if offset == 0:
            style = _piece_style(line)  # of the first piece, read once it may be one
        if not _CAPS_LINE_RE.match(piece) and (style is None or _piece_style(line) != style):
            break
        pieces.append(piece)
    smallest = 1 if rest else 2
    for count in range(len(pieces), smallest - 1, -1):
        heading = " ".join(pieces[:count])
        if (
            count >= 2
            and lexicon_key(heading) not in table.exact
            and _is_heading_alone(pieces[0], table)
            and (
                _is_heading_alone(pieces[1], table)
                or lexicon_key(_strip_heading(pieces[1])) in _list_subheadings()
            )
        ):
            continue  # "Publications" / "Conference Papers" or "Conferences": a heading and its sub-heading
        key = match_heading(heading, table)
        if key is not None:
            return HeadingMatch(key, heading, count, rest if count == len(pieces) else "")
    return None


def _piece_style(line: Line) -> tuple[int, bool] | None:
    """The style of a wholly styled line (markdown level, bold), None for a plain line."""
    text = line.text.strip()
    bold = bool(line.bold) and line.is_bold(0, len(text))
    return (line.md_level, bold) if (line.md_level or bold) and not line.bullet else None


def _is_heading_alone(piece: str, table: HeadingTable) -> bool:
    return match_heading(piece, table) is not None


def _match_prefix(line: Line, table: HeadingTable, after_gap: bool = True) -> HeadingMatch | None:
    """A heading followed by content on the same line."""
    text = line.text
    if CJK_RE.match(text):
        return _match_zh_prefix(line, table, after_gap)
    if _first_key_word(text) not in _heading_words(table):
        return None  # no heading holds this word: most body lines stop here
    # the words a prefix can hold, and one after them (not every word of a long line)
    words = list(islice(_WORD_RE.finditer(text), MAX_PREFIX_WORDS + 1))
    longest = min(MAX_PREFIX_WORDS, len(words) - 1)
    if longest > 0:  # a prefix with a word that no heading holds is tried no more
        head = text[: words[longest - 1].end()]
        run = _heading_words_run(head, [word.group() for word in words[:longest]])
        longest = longest if run is None else run
    for count in range(longest, 0, -1):
        end = words[count - 1].end()
        prefix = text[:end].rstrip(":")
        if not _is_styled_prefix(line, end):
            continue
        key = match_heading(prefix, table)
        if key is not None:
            return HeadingMatch(
                key, _strip_heading(prefix, collapse=False), 1, text[end:].strip(" :\t")
            )
    return None


def _first_key_word(text: str) -> str:
    """The first word of the lexicon key of ``text`` without its numbering (read in its first
    32 characters). On ASCII text that is the first run of letters and digits, in lower
    case: the key of a body line is not built only to be cut at its first space.

    >>> _first_key_word("2. Selected Publications"), _first_key_word("ＲＥＳＥＡＲＣＨ Ｅｘｐｅｒｉｅｎｃｅ")
    ('selected', 'research')
    """
    head = text[:32]
    numbering = _NUMBERING_RE.match(head)  # anchored: what ``sub`` removes, without its list
    if numbering is not None:
        head = head[numbering.end() :]
    if head.isascii():
        word = _ASCII_WORD_RE.search(head)
        return "" if word is None else word.group().lower()
    return lexicon_key(head).split(" ", 1)[0]


@cache
def _zh_prefix_re() -> re.Pattern[str]:
    """A Chinese heading before content on its line: ``教育背景： 清华大学``. Compiled on
    first use (a CJK class): only a line with Chinese in it needs it."""
    return re.compile(rf"^([{CJK_SPAN}/、]{{2,12}})\s*[:：\s]\s*(\S.*)$")


def _match_zh_prefix(line: Line, table: HeadingTable, after_gap: bool) -> HeadingMatch | None:
    """A Chinese heading before content on its line (``教育背景： 清华大学``). A plain
    ``label: value`` line right under other content (no blank line, no styling) is a field
    of an entry."""
    text = line.text
    head = _zh_prefix_re().match(text)
    plain = head is not None and not (
        after_gap or line.md_level or _is_styled_prefix(line, head.end(1))
    )
    if plain and head is not None and head.group(0)[len(head.group(1)) :].lstrip()[:1] in ":：":
        return None  # "研究方向: 操作系统安全" inside an entry: a field, not a heading
    key = match_heading(head.group(1), table) if head else None
    if head and key is not None:
        return HeadingMatch(key, head.group(1), 1, head.group(2).strip())
    return None


def _is_unknown_heading(lines: Sequence[Line], index: int) -> bool:
    """A short ALL-CAPS line standing alone after a blank line: a heading we do not know."""
    text = lines[index].text.strip()
    if not _CAPS_LINE_RE.match(text) or lines[index].bullet:
        return False
    words = text.split()
    letters = sum(ch.isalpha() for ch in text)
    previous_blank = index == 0 or lines[index - 1].is_blank
    return previous_blank and 2 <= len(words) <= 4 and letters >= 6


def _style(lines: Sequence[Line], index: int, match: HeadingMatch) -> tuple[int, bool]:
    return lines[index].md_level, _is_caps(match.heading)


def _is_nested(
    lines: Sequence[Line], current: tuple[int, HeadingMatch], index: int, match: HeadingMatch
) -> bool:
    """A heading of the current section's kind set in a weaker style opens a sub-list
    (``PROFESSIONAL SERVICES`` / ``Community Services``); in the same style it is a sibling
    (``ACADEMIC APPOINTMENTS`` / ``INDUSTRY EXPERIENCE``); with content after it on its line it
    is a field of the section (``学历：硕士``). Publication sub-headings are always sections."""
    if current[1].key != match.key or match.key in LIST_KEYS:
        return False
    if match.rest:
        return True  # a form field inside its own section: "教育背景" / "学历：硕士研究生"
    return _style(lines, *current) != _style(lines, index, match)


@cache
def _list_subheadings() -> frozenset[str]:
    return frozenset(
        lexicon_key(word) for lang in LANGUAGES for word in load_headings(lang).list_subheadings
    )


#: A line of capitals with at least this many words inside a publication list is a topic.
MIN_TOPIC_WORDS = 3


def _match_list_subheading(line: Line) -> HeadingMatch | None:
    """``Journals`` or ``期刊`` alone on its line inside a publication list, or a topic in
    capitals (``SECURE STORAGE SYSTEMS``): a sub-heading.

    >>> _match_list_subheading(Line(5, "Journals")).heading
    'Journals'
    """
    text = line.text.strip()
    if line.bullet:
        return None
    if _CAPS_LINE_RE.match(text) and len(text.split()) >= MIN_TOPIC_WORDS:
        # a topic over part of the list: "MACHINE LEARNING AND SYSTEMS" (no venue or author
        # line is three words of capitals with no digit or comma)
        return HeadingMatch(SectionKind.PUBLICATIONS, text, 1)
    if (
        len(text) > MAX_CJK_HEADING_CHARS
        or lexicon_key(_strip_heading(text)) not in _list_subheadings()
    ):
        return None
    return HeadingMatch(SectionKind.PUBLICATIONS, _strip_heading(text, collapse=False), 1)


def _is_plain_prefix(line: Line, match: HeadingMatch) -> bool:
    """A heading found before content on its line by Title Case alone (no bold, capitals or
    markdown): the weakest sign, trusted only where a section can start."""
    if not match.rest or match.lines_used != 1 or line.md_level:
        return False
    end = len(line.text) - len(match.rest)
    return not line.is_bold(0, max(1, len(match.heading))) and not _is_caps(line.text[:end])


def _follows_heading(lines: Sequence[Line], previous: tuple[int, HeadingMatch], index: int) -> bool:
    """The line comes right after the previous heading, with no body in between."""
    start, match = previous
    body = lines[start + match.lines_used : index]
    return not match.rest and all(line.is_blank for line in body)


def split_sections(lines: Sequence[Line]) -> tuple[list[RawSection], list[Warning]]:
    """Cut a document into sections at its headings.

    Lines before the first heading form the unlabeled ``profile`` block. A heading with the
    same key as the section it sits in opens a sub-list, not a section, except for
    publication lists, whose sub-headings are sections of their own.

    >>> from bilingual_cv.clean import clean_text
    >>> text = "Ann Lee\\nann@uni.edu\\n\\nEDUCATION\\nPh.D., 2020\\n\\n## Service\\n## Organizer\\nChair"
    >>> sections, warnings = split_sections(clean_text(text).lines)
    >>> [(s.key.value, s.heading, s.start_line, s.end_line) for s in sections]
    [('profile', None, 1, 2), ('education', 'EDUCATION', 4, 5), ('service', 'Service', 7, 9)]
    """
    table = heading_table()
    found: list[tuple[int, HeadingMatch]] = []
    warnings: list[Warning] = []
    index = 0
    seen: frozenset[SectionKind] = frozenset(
        SectionKind
    )  # no bare one-word heading before any heading
    while index < len(lines):
        if lines[index].is_blank:  # no rule reads a heading in a blank line
            index += 1
            continue
        match = find_heading(lines, index, table, seen)
        if (
            match is not None
            and found
            and _is_plain_prefix(lines[index], match)
            and _follows_heading(lines, found[-1], index)
        ):
            match = (
                None  # "Experience" / "Undergraduate Research Assistant ...": a job, not a heading
            )
        if match is None and found and found[-1][1].key in LIST_KEYS:
            match = _match_list_subheading(lines[index])
        if match is not None and _splits_numbered_list(lines, index, match):
            match = None  # "…Winter Simulation" / "Conference" / "8. …": a wrapped entry line
        if match is None and found and _is_unknown_heading(lines, index):
            text = lines[index].text.strip()
            match = HeadingMatch(SectionKind.OTHER, text, 1, known=False)
            warnings.append(
                Warning(
                    code=WarningCode.UNKNOWN_HEADING,
                    message=f"heading not in the lexicons: {text!r}",
                    line=lines[index].no,
                )
            )
        if match is not None:
            nested = bool(found) and _is_nested(lines, found[-1], index, match)
            if not nested:
                found.append((index, match))
                # the keys found so far (kept as it grows: a rebuild per heading is quadratic)
                seen = frozenset({match.key}) if len(found) == 1 else seen | {match.key}
                index += match.lines_used
                continue
        index += 1
    return _build_sections(lines, found), warnings


def _splits_numbered_list(lines: Sequence[Line], index: int, match: HeadingMatch) -> bool:
    """The one-line heading stands between list entries numbered n and n + 1: it is the end
    of entry n wrapped onto a line of its own, not a heading.

    >>> from bilingual_cv.clean import clean_text
    >>> lines = clean_text("7. Ann Lee, Toys, Winter Toy\\nConference\\n8. Bo Wu, Toys").lines
    >>> _splits_numbered_list(lines, 1, HeadingMatch(SectionKind.PUBLICATIONS, "Conference", 1))
    True
    """
    if match.lines_used != 1 or lines[index].md_level:
        return False
    after = next((lines[i] for i in range(index + 1, len(lines)) if not lines[i].is_blank), None)
    numbered = _ENTRY_NUMBER_RE.match(after.text) if after is not None else None
    if numbered is None:
        return False
    for line in reversed(lines[max(0, index - MAX_ENTRY_LINES) : index]):
        above = _ENTRY_NUMBER_RE.match(line.text)
        if above is not None:
            return int(numbered.group(1)) == int(above.group(1)) + 1
    return False


#: The number opening a list entry: "8. ", "[8] ", "(8) ", "8、".
_ENTRY_NUMBER_RE = re.compile(r"^\s*[\[(（]?(\d{1,3})(?:[\])）.、]\s*|\.?\s+)(?=\S)")
#: How far above a wrapped line the number of its entry may be.
MAX_ENTRY_LINES = 8


def _build_sections(
    lines: Sequence[Line], found: list[tuple[int, HeadingMatch]]
) -> list[RawSection]:
    sections: list[RawSection] = []
    first = found[0][0] if found else len(lines)
    top_last = _last_content(lines, 0, first)
    if top_last is not None:
        top_first = next(i for i in range(first) if not lines[i].is_blank)
        sections.append(
            RawSection(
                SectionKind.PROFILE,
                None,
                lines[top_first].no,
                lines[top_last].no,
                tuple(lines[:first]),
            )
        )
    for position, (index, match) in enumerate(found):
        end = found[position + 1][0] if position + 1 < len(found) else len(lines)
        body_start = index + match.lines_used
        body = list(lines[body_start:end])
        if match.rest:
            anchor = lines[index + match.lines_used - 1]
            body.insert(0, Line(anchor.no, match.rest, anchor.origin, 0, (), False))
        last = _last_content(lines, body_start, end)
        if last is None:  # no body: the section ends with its heading
            last = index + match.lines_used - 1
        previous = sections[-1] if sections else None
        parent: str | None = None
        if match.key in LIST_KEYS and previous is not None and previous.key in LIST_KEYS:
            container = not any(not line.is_blank for line in previous.lines)
            parent = previous.heading if container else previous.parent
        sections.append(
            RawSection(
                key=match.key,
                heading=match.heading,
                start_line=lines[index].no,
                end_line=lines[last].no,
                lines=tuple(body),
                parent=parent,
            )
        )
    return sections


def _last_content(lines: Sequence[Line], start: int, end: int) -> int | None:
    """Index of the last non-blank line of ``lines[start:end]``, None when all are blank;
    looked for from the end (a section's body is not read line by line).

    >>> _last_content([Line(1, "PhD"), Line(2, "2019"), Line(3, "")], 0, 3)
    1
    """
    return next((i for i in range(end - 1, start - 1, -1) if not lines[i].is_blank), None)
