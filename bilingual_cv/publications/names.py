"""One author's name.

Footnote marks and contribution notes cleaned off (:func:`clean_author`), whether a piece of
text reads as a person's name (:func:`is_name`), family names written first, and the
spellings under which a name appears in author lists (:func:`name_keys`,
:func:`author_key`: pinyin of a Han name, Wade-Giles and Taiwanese spellings).
"""

from __future__ import annotations

import itertools
import re
from functools import cache, lru_cache

from bilingual_cv.lang.scripts import HAN
from bilingual_cv.lang.zh import romanize_name
from bilingual_cv.lexicon import lexicon_key, load_publication_words, load_romanization
from bilingual_cv.memo import memo_short_texts
from bilingual_cv.publications.parts import MEMO_SIZE

#: No personal name is longer than this (characters).
MAX_NAME_CHARS = 40


#: Footnote marks on an author: symbols, superscript-like digits ("Ann Lee1", "Bo Wu1,2" is
#: split at the comma, so a bare "2" is a mark too); never four digits: a year after the last
#: name ("Roe, J. 2021. Title") is no footnote.
_AUTHOR_SYMBOLS_RE = r"[*∗⁎†‡§¶#✉^]+|(?<!\d)\d{1,3}$"
#: "et al." closing an author list, or 等 glued to a Han name (``李安等``) (led by the class
#: of its first characters, so that it is scanned for).
_ET_AL_RE = re.compile(
    r"[\s等](?:(?<=\s)\s*et\s*,?\s*al\.?\s*$|(?<=[\u4e00-\u9fff]{2}等)人?$)", re.IGNORECASE
)
#: An initial: ``E.``, ``T-H.``, ``J``, ``C.-W.`` (a hyphenated given name).
INITIAL_RE = re.compile(r"^[A-Z](?:(?:\.-?|-)[A-Z])*\.?$")
#: A Han-character personal name (2-4 characters, maybe with a mark).
HAN_NAME_RE = re.compile(rf"^[{HAN}]{{2,4}}$")


#: GB/T 7714 and Scopus-style names: an upper-case surname and initials (``ZHAO Y``,
#: ``WANG S Y``, ``GREAVES S``).
CAPS_SURNAME_NAME_RE = re.compile(r"^[A-Z][A-Z'\-]+(?:\s+[A-Z]\.?){1,3}$")


@cache
def _particles() -> frozenset[str]:
    return frozenset(load_publication_words().name_particles)


@cache
def _author_marks_re() -> re.Pattern[str]:
    """Footnote marks and bracketed notes (``author_notes`` in the lexicon) on an author."""
    notes = sorted(
        (re.escape(n).replace("\\ ", r"[\s\-]*") for n in load_publication_words().author_notes),
        key=len,
        reverse=True,
    )
    bracketed = rf"\s*[(（\[]\s*(?:{'|'.join(notes)})[^)）\]]*[)）\]]" if notes else r"(?!)"
    # what a mark starts with, tested before the alternatives at each position
    first = r"(?=[*∗⁎†‡§¶#✉^\d\s(（\[])"
    return re.compile(rf"{first}(?:{_AUTHOR_SYMBOLS_RE}|{bracketed})", re.IGNORECASE)


@memo_short_texts(max_chars=200, maxsize=MEMO_SIZE)  # a list's authors are cleaned often
def clean_author(chunk: str) -> str:
    """An author as written, without footnote marks and contribution notes.

    >>> [clean_author(x) for x in ["Ann Lee*†", "Bo Wu (equal contribution)", "李安（通讯作者）", "Cy Ma1"]]
    ['Ann Lee', 'Bo Wu', '李安', 'Cy Ma']
    >>> clean_author("吴波等"), clean_author("李安 et al.")
    ('吴波', '李安')
    """
    chunk = _ET_AL_RE.sub("", chunk)  # "Ann Lee et al.": the one author named
    if _MARK_START_RE.search(chunk):  # most authors carry no mark: two scans saved
        marks = _author_marks_re()
        chunk = marks.sub("", marks.sub("", chunk))  # "Ann Lee1 (equal contribution)"
    return chunk.strip(" .,;:…")


@cache
def _author_note_re() -> re.Pattern[str]:
    notes = sorted(load_publication_words().author_notes, key=len, reverse=True)
    words = "|".join(re.escape(n).replace("\\ ", r"[\s\-]*") for n in notes)
    return re.compile(rf"(?:{words})", re.IGNORECASE)


def is_author_note(text: str) -> bool:
    """The text speaks of the authors: a contribution note ("corresponding author", "*: equal
    contribution", "共同第一作者"; ``author_notes`` in the lexicon).

    >>> is_author_note("*: equal contribution"), is_author_note("corresponding author, alphabetical order"), is_author_note("Invited Paper")
    (True, True, False)
    """
    return _author_note_re().search(text) is not None


def strip_marks(chunk: str) -> str:
    """A piece of an author list without its footnote marks (its full stops kept).

    >>> strip_marks("Y.*"), strip_marks("Ann Lee†")
    ('Y.', 'Ann Lee')
    """
    if not _MARK_START_RE.search(chunk):
        return chunk
    return _author_marks_re().sub("", chunk).strip()


#: A character that every match of :func:`_author_marks_re` holds (its first one, or the
#: bracket after spaces): a chunk without one has no mark to remove.
_MARK_START_RE = re.compile(r"[*∗⁎†‡§¶#✉^\d(（\[]")


def is_name(chunk: str) -> bool:
    """True when a chunk of text reads as one person's name.

    >>> [is_name(x) for x in ["Zoltan T. Kovacs", "T-H. Ann Chan", "Íñigo Pérez", "王晓明", "ZHAO Y", "C.-W. Tseng"]]
    [True, True, True, True, True, True]
    >>> [is_name(x) for x in ["Gil d'Oak", "Lia dell’Ulivo", "Ann de Lee", "Toys d'art"]]
    [True, True, True, False]
    >>> [is_name(x) for x in ["Fairness in Serving", "NSDI", "2024", "Best Paper Award", "Ann"]]
    [False, False, False, False, False]
    """
    if len(chunk) > MAX_NAME_CHARS + 20:
        return False
    return _is_name(chunk)


#: A given name written short, first in a name: "Md. Ann Lee", "Mohd. Bo Wu".
_SHORT_GIVEN_RE = re.compile(r"[A-Z][a-z]{1,3}\.")


#: An initial glued to the name after it, its space lost (``L.Sunil Chandran``, ``J.Roe``).
_GLUED_INITIAL_RE = re.compile(r"(?<![\w.])([A-Z]\.)(?=[A-Z][a-z])")


@lru_cache(maxsize=MEMO_SIZE)
def _is_name(chunk: str) -> bool:
    chunk = _uninvert(clean_author(chunk))
    if "." in chunk:
        # a function, not the template r"\1 ": a template is parsed in Python on every call
        chunk = _GLUED_INITIAL_RE.sub(lambda found: f"{found[1]} ", chunk)
    if not chunk or len(chunk) > MAX_NAME_CHARS:
        return False
    if HAN_NAME_RE.match(chunk) or CAPS_SURNAME_NAME_RE.match(chunk):
        return True
    words = chunk.split()
    if not 2 <= len(words) <= 5:
        return False
    particles = _particles()
    capitals = 0
    for position, word in enumerate(words):
        if INITIAL_RE.match(word) or (position == 0 and _SHORT_GIVEN_RE.fullmatch(word)):
            continue
        if position and word in particles:
            continue
        if position and _ELIDED_PARTICLE_RE.match(word) and _is_name_word(word):
            capitals += 1  # "Gil d'Oak", "Lia dell'Ulivo": a particle elided onto the surname
            continue
        if not word[0].isupper() or not _is_name_word(word):
            return False
        if len(word) > 3 and word.isupper():
            return False
        capitals += 1
    if lexicon_key(words[0]) in title_words() and not INITIAL_RE.match(words[0]):
        return False  # "On InstaHide", but "A. Lee" is a name
    return capitals >= 1 and not any(lexicon_key(word) in _cue_words() for word in words)


def is_function_word_name(chunk: str) -> bool:
    """A two-word name whose given name is spelled like a title's function word: ``An Xu``
    (the pinyin given name 安), which :func:`is_name` refuses since ``An Empirical Study``
    opens titles. Only a list of names around it makes it a name.

    >>> is_function_word_name("An Xu"), is_function_word_name("An Overview of Toys")
    (True, False)
    >>> is_function_word_name("In Proceedings"), is_function_word_name("Ann Lee")
    (False, False)
    >>> is_function_word_name("Xu, An")  # written family name first
    True
    """
    surname, comma, given = chunk.partition(",")
    if comma and given.strip() and " " not in given.strip() and " " not in surname.strip():
        chunk = f"{given.strip()} {surname.strip()}"  # "Xu, An" is "An Xu"
    lead = chunk.lstrip(" *_").split(" ", 1)[0]
    if lead.isascii() and not (len(lead) <= 3 and lead.istitle() and lead.lower() in title_words()):
        return False  # the cheap test first: most pieces open with no short function word
    words = clean_author(chunk).split()
    if len(words) != 2 or is_name(chunk):
        return False
    first, second = words
    return (
        len(first) <= 3
        and first.isalpha()
        and first.istitle()
        and lexicon_key(first) in title_words()
        and lexicon_key(first) not in _cue_words()
        and second[:1].isupper()
        and _is_name_word(second)
        and not (len(second) > 3 and second.isupper())
        and lexicon_key(second) not in title_words()
    )


#: A name in capitals, as small capitals come out of a PDF: ``JANE ROE``, ``MARY-ANN LEE``.
_CAPS_NAME_RE = re.compile(r"^[A-Z][A-Z'\-]+(?:\s+[A-Z][A-Z'\-]*\.?){1,3}$")


def is_caps_name(chunk: str) -> bool:
    """A name set in capitals (small capitals): two to four words of capitals that read as a
    name once written in title case. Only a list of such names is read as authors (one
    could be a title in capitals).

    >>> is_caps_name("JANE ROE"), is_caps_name("MARY-ANN LEE"), is_caps_name("TOY SYSTEM DESIGN OF QUEUES")
    (True, True, False)
    """
    chunk = strip_marks(chunk).strip(" .")
    if not _CAPS_NAME_RE.match(chunk):
        return False
    return is_name(" ".join(word.capitalize() for word in chunk.split()))


@cache
def _group_words() -> frozenset[str]:
    return frozenset(lexicon_key(w) for w in load_publication_words().group_author_words)


def is_group_author(chunk: str) -> bool:
    """A group that signs as one author: a few capitalized words ending in a group word.

    >>> is_group_author("ToyNet Consortium"), is_group_author("The Toy Collaboration"), is_group_author("Ann Lee")
    (True, True, False)
    """
    words = clean_author(chunk).split()
    return (
        1 < len(words) <= 5
        and lexicon_key(words[-1]) in _group_words()
        and all(word[:1].isupper() for word in words)
    )


#: A surname with a particle elided onto it: ``d'Oak``, ``dell'Ulivo``, ``l’Orme``.
_ELIDED_PARTICLE_RE = re.compile(r"[a-z]{1,4}['’][A-Z]")


def _is_name_word(word: str) -> bool:
    """Letters only, apostrophes and hyphens aside: ``O'Brien``, ``Garcia-Molina``.

    >>> [_is_name_word(w) for w in ["O'Brien", "Garcia-Molina", "Pérez", "Lee1", "A.B"]]
    [True, True, True, False, False]
    """
    return word.isalpha() or all(ch.isalpha() or ch in "'’-" for ch in word)


@cache
def title_words() -> frozenset[str]:
    """Words no name holds: venue and note cues anywhere, title function words first."""
    words = load_publication_words()
    cues = words.venue_cues + words.notes + words.title_words
    return frozenset(lexicon_key(w) for w in cues if " " not in lexicon_key(w))


@cache
def _cue_words() -> frozenset[str]:
    words = load_publication_words()
    return frozenset(
        lexicon_key(w) for w in words.venue_cues + words.notes if " " not in lexicon_key(w)
    )


def name_tokens(name: str) -> list[str]:
    """The words of an author's name, marks cleaned off, as a lexicon key writes them.

    >>> name_tokens("Ann O'Lee*"), name_tokens("Ann Lee, Jr.")
    (['ann', 'o', 'lee'], ['ann', 'lee'])
    """
    tokens = lexicon_key(clean_author(name)).split()
    if len(tokens) >= 3 and tokens[-1] in _GENERATIONS:
        return tokens[:-1]  # "Ann Lee Jr.": the surname is Lee
    return tokens


#: Generational suffixes after a surname (lexicon keys): "Ann Lee Jr.", "Ann Lee III".
_GENERATIONS = frozenset({"jr", "sr", "ii", "iii", "iv"})


def name_keys(name: str) -> frozenset[str]:
    """Spellings under which a name may appear in an author list.

    >>> sorted(name_keys("Xiaoming Wang"))
    ['wang x', 'wang xiaoming', 'x wang', 'xiaoming wang']
    >>> "ann lee" in name_keys('Ann “Annie” Lee'), "ann lee" in name_keys('Ann Lee "Leo"')
    (True, True)
    >>> {"ann zhang", "xiaoming zhang", "xiaoming ann zhang"} <= name_keys("Xiaoming (Ann) Zhang")
    True
    >>> sorted(k for k in name_keys("Ji-Hoon Roe") if k.count(" ") == 2)
    ['j h roe', 'ji hoon roe', 'roe j h', 'roe ji hoon']
    """
    nickname = _NICKNAME_RE.search(name)
    if nickname is not None:  # 'Ann Lee "Leo"': papers spell the name with or without it
        plain = (name[: nickname.start()] + " " + name[nickname.end() :]).strip()
        if plain:
            nick = nickname.group(1) or nickname.group(2)
            whole = f"{name[: nickname.start()]} {nick} {name[nickname.end() :]}"
            # ... or by the nickname and the surname ("Xiaoming (Ann) Zhang" is "Ann Zhang")
            called = f"{nick} {plain.split()[-1]}" if " " in plain else plain
            return name_keys(plain) | _name_keys(whole) | _name_keys(called)
    return _name_keys(name)


#: A nickname in quotes or brackets inside a name: 'Ann “Annie” Lee', 'Xiaoming (Ann) Zhang'.
_NICKNAME_RE = re.compile(r"\s*(?:[\"“”]([^\"“”]{1,30})[\"“”]|\(([A-Z][A-Za-z'\-]{1,29})\))")


def _name_keys(name: str) -> frozenset[str]:
    if HAN_NAME_RE.match(name.strip()):
        return frozenset({name.strip()}) | _romanized_keys(name.strip())
    tokens = name_tokens(name)
    if len(tokens) < 2:
        return frozenset({" ".join(tokens)}) if tokens else frozenset()
    given, family = tokens[:-1], tokens[-1]
    first = given[0]
    keys = {
        " ".join(tokens),
        f"{first} {family}",
        f"{family} {first}",
        f"{first[0]} {family}",
        f"{family} {first[0]}",
        f"{family} {' '.join(given)}",
    }
    if len(given) >= 2:  # "Ji-Hoon Roe" is "J.-H. Roe", "Roe, J.-H.", "Roe J-H"
        initials = " ".join(word[0] for word in given)
        keys |= {f"{initials} {family}", f"{family} {initials}"}
    return frozenset(keys)


@lru_cache(maxsize=MEMO_SIZE)
def _romanized_keys(han: str) -> frozenset[str]:
    """Pinyin spellings of a Han name as it is written in English author lists.

    Initials are left out: 王晓明 and 王小雨 are both "X. Wang".

    >>> {"xiaoming wang", "wang xiaoming"} <= _romanized_keys("王晓明")
    True
    """
    keys: set[str] = set()
    for given, family in romanize_name(han):
        keys |= {f"{given} {family}", f"{family} {given}"}
    return frozenset(keys)


#: At most this many pinyin spellings are tried for one Wade-Giles name.
MAX_SPELLINGS = 32


def _pinyin_spellings(tokens: list[str]) -> set[str]:
    """Pinyin spellings ("given family") of a name written in Wade-Giles or Taiwanese style.

    >>> sorted(_pinyin_spellings(["chih", "ming", "hsu"]))
    ['chiming xu', 'zhiming xu']
    >>> _pinyin_spellings(["ann", "lee"])
    set()
    """
    table = load_romanization().syllables
    if not any(token in table for token in tokens):
        return set()
    readings = [table.get(token, [token]) for token in tokens]
    spellings: set[str] = set()
    for combo in itertools.islice(itertools.product(*readings), MAX_SPELLINGS):
        spellings.add(f"{''.join(combo[:-1])} {combo[-1]}")
    return spellings


@lru_cache(maxsize=MEMO_SIZE)
def author_key(author: str, *, romanize: bool = True) -> frozenset[str]:
    """Spellings of an author as a list writes the name, to meet the owner's :func:`name_keys`;
    with ``romanize``, the pinyin of a Han name or of a Wade-Giles spelling too.

    >>> sorted(author_key("Lee, Ann")), sorted(author_key("李安", romanize=False))
    (['ann lee', 'lee ann'], ['李安'])
    >>> "ann van dyke" in author_key("Van Dyke, Ann")
    True
    """
    tokens = name_tokens(author)
    if HAN_NAME_RE.match(author.strip()):
        han = frozenset({author.strip()})
        return han | _romanized_keys(author.strip()) if romanize else han
    if len(tokens) < 2:
        return frozenset(tokens)
    keys = {" ".join(tokens), f"{tokens[0]} {tokens[-1]}", f"{''.join(tokens[:-1])} {tokens[-1]}"}
    if romanize:
        keys |= _pinyin_spellings(tokens)
    if "," in author:  # "Wang, Xiaoming"; "Ruiz-Soto, Nils" is "nils ruiz soto"
        keys.add(f"{tokens[-1]} {tokens[0]}")
        keys.add(" ".join(name_tokens(_uninvert(author))))
    return frozenset(keys)


@cache
def surname_re() -> re.Pattern[str]:
    """A family name written first: ``Lee``, ``MacLeod``, ``O'Brien``, ``Garcia-Molina``,
    ``van der Berg``, ``Van Dyke`` (particles from the lexicon; capitalized only when three
    letters or more: "Di", "Le", "Da" open Chinese and Vietnamese names, "Di Xu, Ann Lee" is
    two people).

    >>> [bool(surname_re().match(x)) for x in ["MacLeod", "Van Dyke", "van der Berg", "Di Xu", "NSDI"]]
    [True, True, True, False, False]
    """
    words = sorted(_particles(), key=len, reverse=True)
    forms = [*words, *(w.capitalize() for w in words if len(w) >= 3)]
    particles = "|".join(re.escape(w) for w in forms)
    return re.compile(rf"^(?:(?:{particles})\s+)*[A-Z][a-z'\-]+(?:[A-Z][a-z'\-]+)*$")


def _uninvert(chunk: str) -> str:
    """``Wang, Xiaoming`` -> ``Xiaoming Wang``; other chunks unchanged."""
    surname, comma, given = chunk.partition(",")
    if comma and surname_re().match(surname.strip()) and given.strip():
        return f"{given.strip()} {surname.strip()}"
    return chunk
