"""Author lists inside entry text.

The pieces between author separators (:func:`author_chunks`), the longest run of names
(:func:`find_author_run`) with title words glued before it and venue words after it,
``Surname, Given`` pairs, and an author list that goes on over the next line
(:func:`continues_authors`).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable, Sequence

from bilingual_cv.lang.scripts import HAN
from bilingual_cv.lexicon import lexicon_key
from bilingual_cv.memo import memo_short_texts
from bilingual_cv.publications.names import (
    CAPS_SURNAME_NAME_RE,
    INITIAL_RE,
    MAX_NAME_CHARS,
    is_caps_name,
    is_function_word_name,
    is_group_author,
    is_name,
    strip_marks,
    surname_re,
    title_words,
)
from bilingual_cv.publications.parts import MEMO_MAX_CHARS, MEMO_SIZE
from bilingual_cv.publications.venue_text import is_cut_word_before, is_venue_text

#: Separators between authors: a comma or semicolon (Latin or Chinese, maybe with "and" or
#: "&" after it), "and" or "&", or 和/与 between Han names, with the spaces around them. A match
#: starts where a run of spaces does (linear time). Written to start with the class of every
#: separator's first character, so that the engine scans for it instead of trying each
#: position; what follows depends on whether that character was a space, a comma or 和/与
#: (the plain form is in tests/test_regex_forms.py).
_AUTHOR_SEP_RE = re.compile(
    r"[\s,，、;；和与](?<!\s[\s\S])"
    rf"(?:(?<=\s)\s*(?:(?:,|，|、|;|；)\s*(?:and\s+|&\s*)?|(?:and|&)\s+|(?:和|与)\s*(?=[{HAN}]))"
    r"|(?<=[,，、;；])\s*(?:and\s+|&\s*)?"
    rf"|(?<=[和与])\s*(?=[{HAN}]))"
)


#: What may close a name before a title or venue: ``Bo Wu. Fairness in ...``, Google
#: Scholar's ``A Lee, B Wu - Proceedings of ...``; and, after other names, dblp's
#: ``Ann Lee, Bo Wu: Title`` (a colon at the start is a title's: ``Graph Learning: A Survey``).
#: (Each is written to start with the class of its first characters, so that the engine scans
#: for it; the plain forms are in tests/test_regex_forms.py.)
_NAME_END_RE = re.compile(
    r"[.。\s](?:(?<=\.)\s+(?=\S)|(?<=。)\s*(?=\S)|(?<=\s)(?<!\s\s)\s*[-–—]\s+(?=\S))"
)
_LAST_NAME_END_RE = re.compile(
    r"[.。\s:](?:(?<=\.)\s+(?=\S)|(?<=。)\s*(?=\S)|(?<=\s)(?<!\s\s)\s*[-–—]\s+(?=\S)"
    rf"|(?<=:)\s+(?=\S)|(?<=:)(?=[{HAN}]))"  # "李安、王伟:玩具图划分": no space after a colon in Chinese
)


def has_names(text: str, at_least: int) -> bool:
    """At least ``at_least`` of the pieces between author separators are names (read up to
    the last one needed)."""
    found = 0
    for chunk in _AUTHOR_SEP_RE.split(text):
        if is_name(chunk):
            found += 1
            if found >= at_least:
                return True
    return False


def find_author_run(text: str) -> tuple[int, int, list[tuple[int, int]]]:
    """The longest run of comma-separated names in ``text``: (start, end, name spans).

    The first name may have title words glued before it, the last one venue words after
    it (``... Network Fabrics Ann Lee, Bo Wu arXiv preprint``).

    >>> text = "Fast Things at Scale Ann Lee, Bo Wu, Cy Ma arXiv preprint"
    >>> start, end, spans = find_author_run(text)
    >>> [text[s:e] for s, e in spans]
    ['Ann Lee', 'Bo Wu', 'Cy Ma']
    """
    start, end, spans = _author_run(text)
    return start, end, list(spans)


@memo_short_texts(max_chars=MEMO_MAX_CHARS, maxsize=MEMO_SIZE)
def _author_run(text: str) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    separated = author_chunks(text)
    chunks = pair_inverted_names(text, separated)
    # a separated piece holds a comma at most as its first character (", Lee" after " and "),
    # so no part of it is a name written family name first: "Lee, A." is a pair of pieces,
    # and a list with no pair has no run of such names to end
    paired = len(chunks) < len(separated)
    # names in capitals count when two of them stand in the list (small capitals)
    caps = sum(is_caps_name(text[s:e]) for s, e in chunks[:MAX_CAPS_PROBE]) >= 2

    def named(piece: str) -> bool:
        return is_name(piece) or (caps and is_caps_name(piece))

    def in_list(piece: str) -> bool:
        # beside other names, "An Xu" is a name (see is_function_word_name)
        return named(piece) or is_function_word_name(piece)

    best: list[tuple[int, int]] = []
    index = 0
    while index < len(chunks):
        piece = text[chunks[index][0] : chunks[index][1]]
        if not named(piece) and not (
            is_function_word_name(piece)
            and index + 1 < len(chunks)
            and (
                named(text[chunks[index + 1][0] : chunks[index + 1][1]])
                or _name_head(text, chunks[index + 1], named) is not None
            )
        ):
            if index == 0 and not best:
                head_only = _name_head(text, chunks[0], named)
                if head_only is not None:
                    best = [head_only]
            index += 1
            continue
        run = [chunks[index]]
        stop = index + 1
        # "A, B and C": the name after "and" closes a list separated by commas (a list that
        # joins every name with "and", BibTeX's, goes on)
        closed = commas = False
        while stop < len(chunks) and (
            in_list(text[chunks[stop][0] : chunks[stop][1]])
            or _is_glued_caps_name(text, run[-1], chunks[stop])
        ):
            if paired and _ends_inverted_run(text, run, chunks[stop]):
                break
            joined = _joined_by_conjunction(text, run[-1][1], chunks[stop][0])
            closed, commas = joined and commas, commas or not joined
            run.append(chunks[stop])
            stop += 1
            if closed:
                break
        if index > 0:
            head = name_tail(text, chunks[index - 1])
            if head is not None:
                run.insert(0, head)
        if stop < len(chunks) and not closed:
            tail = _name_head(text, chunks[stop], in_list, _family_initials(text, run))
            if tail is not None and not (paired and _ends_inverted_run(text, run, tail)):
                run.append(tail)
        if (
            (index == 0 or len(run) >= 2)
            and len(run) > len(best)
            and not (best and best[0][0] == 0 and _in_venue_name(text, run[0][0], run[-1][1]))
        ):
            best = run
        index = stop
    if not best or (len(best) == 1 and best[0][0] != 0):
        return 0, 0, ()
    while len(best) > 1 and _title_goes_on(text, best[-1][1]):
        last = best.pop()  # "..., Exploring Context and Visual Pattern for Toys": title words
        if _family_initials(text, best):
            # "..., GAN Z, LU P. A Simple and Effective Toys": in a list of family names and
            # initials, the name is the piece's head, and the title opens after its initials
            head = _name_head(text, last, named, True)
            if head is not None and head[1] < last[1] and not _title_goes_on(text, head[1]):
                best.append(head)
                break
    et_al = _ET_AL_AFTER_RE.match(text, best[-1][1])  # "Li A, et al. Title": the list ends
    return best[0][0], et_al.end() if et_al else best[-1][1], tuple(best)


#: Names in capitals are looked for among this many first pieces of a text.
MAX_CAPS_PROBE = 6
#: A conjunction between two names: the last name of a list comes after it.
_CONJUNCTION_RE = re.compile(rf"\band\b|&|[和与](?=\s*[{HAN}])")
#: The first word after a name, past separators.
_NEXT_WORD_RE = re.compile(r"[\s,，;；]*([a-z]+)\b")


def _joined_by_conjunction(text: str, end: int, start: int) -> bool:
    """The separator between a name ending at ``end`` and the next starting at ``start`` is
    "and", "&", 和 or 与: the next name is the list's last.

    >>> text = "Ann Lee, Bo Wu and Cy Ma"
    >>> _joined_by_conjunction(text, 14, 19), _joined_by_conjunction(text, 7, 9)
    (True, False)
    """
    return _CONJUNCTION_RE.search(text, end, start) is not None


def _title_goes_on(text: str, end: int) -> bool:
    """After a name ending at ``end``, the text goes on with a lowercase title word ("for",
    "and", "with"; "in" only when no venue follows it): the name was title words.

    >>> text = "Ann Lee, Exploring Context and Visual Pattern for Toys"
    >>> _title_goes_on(text, 45), _title_goes_on(text, 7)
    (True, False)
    >>> text = "Fast Toys and Slow Games in Crowded Rooms: A Study"
    >>> _title_goes_on(text, 24), _title_goes_on("Ann Lee and Bo Wu in ToyConf 2021", 17)
    (True, False)
    """
    found = _NEXT_WORD_RE.match(text, end)
    if found is None or found.group(1) not in title_words():
        return False
    if found.group(1) != "in":
        return True
    # "in" opens a venue ("Bo Wu in Proc. ToyConf"), or goes on with a title's words
    phrase = _PHRASE_RE.match(text, found.end())
    words = phrase.group(1).strip() if phrase else ""
    return bool(words) and words[:1].isupper() and not is_venue_text(words)


#: The words after "in" up to the next punctuation.
_PHRASE_RE = re.compile(r"([^.,;:()\[\]，。；：]*)")


#: "et al." (等 in Chinese: not 等离子体) closing an author list after its last name, with or
#: without a comma.
_ET_AL_AFTER_RE = re.compile(
    r"[,，、]?\s*(?:(?:and\s+)?et\.?\s*al\.?|等人?(?=[\s.,，。:：;；]|$))", re.IGNORECASE
)


def _is_glued_caps_name(text: str, previous: tuple[int, int], chunk: tuple[int, int]) -> bool:
    """A name garbled in the same style as the one before it: a family name glued to its
    initial in a list of capitals ("JIAN Y, ZHAO Y, YUW, LUO K", GB/T 7714), or a family name
    cut to its initial in a list of initials ("S. Li, Y. Y, C. Wu")."""
    piece = text[chunk[0] : chunk[1]].strip().rstrip("*†")
    before = text[previous[0] : previous[1]].strip().rstrip("*†")
    if _GLUED_CAPS_RE.fullmatch(piece):
        return bool(CAPS_SURNAME_NAME_RE.match(before))
    return bool(_BARE_INITIALS_RE.fullmatch(piece) and _INITIAL_FIRST_RE.fullmatch(before))


_GLUED_CAPS_RE = re.compile(r"[A-Z]{3,6}")
#: Two initials and nothing else ("Y. Y"), and a name written initial first ("S. Li").
_BARE_INITIALS_RE = re.compile(r"[A-Z]\.\s?[A-Z]\.?")
_INITIAL_FIRST_RE = re.compile(r"(?:[A-Z]\.\s?)+[A-Z][a-z'\-]+")


def _ends_inverted_run(text: str, run: Sequence[tuple[int, int]], chunk: tuple[int, int]) -> bool:
    """After two names written family name first ("Lee, A., Wu, B."), a name written in
    order is Title-Case title words: "Lee, A., Wu, B., Kernel Support for Toys, ...".

    >>> text = "Lee, A., Wu, B., Kernel Support for Toys"
    >>> _ends_inverted_run(text, [(0, 6), (9, 14)], (17, 31))
    True
    """
    inverted = sum(_is_inverted(text[s:e]) for s, e in run[-2:])
    piece = text[chunk[0] : chunk[1]]
    return inverted >= 2 and not _is_inverted(piece) and not is_group_author(piece)


def _is_inverted(piece: str) -> bool:
    """``Lee, A.`` or ``Roe, Jane``: a family name, a comma, then the given name."""
    surname, comma, given = strip_marks(piece).partition(",")  # "Roe, J.*" too
    return bool(
        comma and surname_re().match(surname.strip()) and _GIVEN_WHOLE_RE.match(given.strip())
    )


#: A whole given name after the comma of an inverted name: initials, one or two words (and
#: middle initials).
_GIVEN_WHOLE_RE = re.compile(
    r"^(?:[A-Z]\.?(?:[\s\-]?[A-Z]\.?)*|[A-Z][a-z'\-]+(?:\s[A-Z][a-z'\-]+)?(?:\s[A-Z]\.)*)$"
)


def _in_venue_name(text: str, start: int, end: int) -> bool:
    """The names found at ``start:end`` are Title-Case words of a venue's name: the sentence
    they end says it is a venue ("IEEE Trans. Pattern Analysis and Machine Intelligence")."""
    sentence = text.rfind(". ", 0, start)
    while sentence > 0 and is_cut_word_before(text, sentence):
        sentence = text.rfind(". ", 0, sentence)  # "Trans. " goes on: one venue name
    return is_venue_text(text[sentence + 2 if sentence >= 0 else 0 : end])


def author_chunks(text: str) -> list[tuple[int, int]]:
    """Spans of the pieces between author separators."""
    chunks: list[tuple[int, int]] = []
    pos = 0
    for sep in _AUTHOR_SEP_RE.finditer(text):
        chunks.append((pos, sep.start()))
        pos = sep.end()
    chunks.append((pos, len(text)))
    return chunks


#: The given name or initials after a family name written first: ``Wang, Xiaoming``,
#: ``Roe, J. A.``, ``Roe, Jane A.``.
_GIVEN_RE = re.compile(
    r"^(?:[A-Z][a-z'\-]+(?:\s[A-Z][a-z'\-]+)?(?=\.?$|\.\s|\s\()|[A-Z]\.(?:[\s\-]?[A-Z]\.)*(?=$|\s|:\s)"
    r"|[A-Z][a-z'\-]+(?:\s[A-Z]\.)+(?=$|\s|:\s))"
)


#: Given names as initials: ``Y.``, ``Z. L.``, ``M.-C.``.
INITIAL_START_RE = re.compile(r"^[A-Z]\.(?:$|[\s\-])")


def pair_inverted_names(text: str, chunks: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Merge ``Surname, Given`` pairs into one chunk when a list opens that way, and
    ``Surname, I.`` pairs anywhere (APA lists mix them with full names).

    >>> text = "Wang, Xiaoming and Wu, B. Paper title."
    >>> [text[s:e] for s, e in pair_inverted_names(text, author_chunks(text))]
    ['Wang, Xiaoming', 'Wu, B. Paper title.']
    >>> text = "Ann Lee, Guang, Y., & Le, M. (2024). Title."
    >>> [text[s:e] for s, e in pair_inverted_names(text, author_chunks(text))]
    ['Ann Lee', 'Guang, Y.', 'Le, M. (2024). Title.']
    >>> text = "De Roos, L., & Poe, M. (1990). Title."
    >>> [text[s:e] for s, e in pair_inverted_names(text, author_chunks(text))]
    ['De Roos, L.', 'Poe, M. (1990). Title.']
    """
    # footnote marks off ("Chen, Y.*, Roe, J."): a mark does not end a pair
    pieces = [strip_marks(text[s:e].strip()) for s, e in chunks]
    if len(pieces) < 2:
        return chunks
    # "Van Dyke, Ann" opens a list written family name first; "Bin Wu, Ann Lee" (a family name
    # with a particle, or two whole names?) is two whole names
    opens_inverted = bool(
        surname_re().match(pieces[0])
        and _GIVEN_RE.match(pieces[1])
        and not (is_name(pieces[0]) and is_name(pieces[1]))
    )
    paired: list[tuple[int, int]] = []
    index = 0
    while index < len(chunks):
        if index + 1 < len(chunks) and (
            (
                surname_re().match(pieces[index])
                and _GIVEN_RE.match(pieces[index + 1])
                and (opens_inverted or INITIAL_START_RE.match(pieces[index + 1]))
            )
            or (  # "De Raedt, L.": a short particle capitalised, then initials
                _PARTICLE_SURNAME_RE.match(pieces[index])
                and INITIAL_START_RE.match(pieces[index + 1])
                and _GIVEN_RE.match(pieces[index + 1])
            )
        ):
            paired.append((chunks[index][0], chunks[index + 1][1]))
            index += 2
        else:
            paired.append(chunks[index])
            index += 1
    return paired


#: A family name that opens with a short particle in capitals (``De Raedt``, ``Le Roux``,
#: ``Di Stefano``), which :func:`surname_re` leaves to given names ("Di Xu") unless initials
#: follow it.
_PARTICLE_SURNAME_RE = re.compile(r"^(?:De|Di|Da|Du|Le|La|El|Al)\s[A-Z][a-z'\-]+$")


#: A run of non-space characters: one word of a name.
_WORD_RE = re.compile(r"\S+")


def name_tail(text: str, chunk: tuple[int, int]) -> tuple[int, int] | None:
    """The name at the end of a chunk that starts with title words: its last 2-3 words."""
    words = list(_WORD_RE.finditer(text[chunk[0] : chunk[1]]))
    for size in (2, 3):
        if len(words) <= size:
            continue
        start = chunk[0] + words[-size].start()
        candidate = text[start : chunk[1]]
        if size == 2 and INITIAL_RE.match(words[-2].group(0)):
            continue
        if is_name(candidate):
            return (start, chunk[1])
    return None


#: A family name, its initials and marks, then a colon: ``Roe, J.-P.*: Title``.
_INVERTED_COLON_RE = re.compile(r"[^\W\d_](?:[^\W\d_]|['\- ]){0,30}, ?(?:[A-Z]\.[ -]?)+[*∗†‡]*: ")


#: A name written family name first and initials without stops (GB/T 7714): ``Zhu Y``,
#: ``Ruiz-Soto AB*``, and with the family name in capitals as GB/T 7714-2015 prints it
#: (``ZHU Y``, biblatex-gb7714-2015 and gbt7714's styles).
_FAMILY_INITIALS_RE = re.compile(
    r"(?:[A-Z][a-z]+|[A-Z]{2,})(?:[-'](?:[A-Z][a-z]+|[A-Z]{2,}))? [A-Z]{1,3}(?:-[A-Z]){0,2}"
)


def _family_initials(text: str, run: Sequence[tuple[int, int]]) -> bool:
    """Every name of the run is a family name and initials (``Sun A, Chen H``), or every
    one of two or more is a family name, a comma and initials (``Roe, A., Wu, B.``, ACM's and
    APA's lists): the list gives no one a whole given name, so initials end the next name.

    >>> text = "Roe, A., Wu, B., and Poe, C. Toyline: Fast Toys"
    >>> _family_initials(text, [(0, 7), (9, 15)]), _family_initials(text, [(0, 7)])
    (True, False)
    """
    names = [strip_marks(text[s:e].strip()) for s, e in run]
    if all(_FAMILY_INITIALS_RE.fullmatch(name) for name in names):
        return True
    return len(names) >= 2 and all(_INVERTED_INITIALS_RE.fullmatch(name) for name in names)


#: A family name, a comma and initials with stops: ``Roe, A.``, ``Ruiz-Soto, J.-P.``,
#: ``O'Dell, A. B.``.
_INVERTED_INITIALS_RE = re.compile(
    r"[^\W\d_][^\W\d_'\- ]*(?:['\- ][^\W\d_]+)*, ?[A-Z]\.(?:[\s\-]?[A-Z]\.)*"
)


def _name_head(
    text: str,
    chunk: tuple[int, int],
    named: Callable[[str], bool] = is_name,
    initials_end: bool = False,
) -> tuple[int, int] | None:
    """The name at the start of a chunk that goes on with venue words or a title (``named``
    tells a name: names in capitals count in a list of them). ``initials_end``: the list
    writes family names and initials, so initials end the name ("Zhu Y. ToyDB: ..." is Zhu
    Y, and a title)."""
    is_name = named
    piece = text[chunk[0] : chunk[1]]
    initial_end: tuple[int, int] | None = None
    # a colon ends a name after other names, or after a family name and its initials
    # ("Roe, J.: Title", Springer's LNCS); a colon in a text's first words is a title's
    colon_ends = chunk[0] > 0 or _INVERTED_COLON_RE.match(piece) is not None
    for stop in (_LAST_NAME_END_RE if colon_ends else _NAME_END_RE).finditer(piece):
        if stop.start() > MAX_NAME_CHARS:
            break
        candidate = piece[: stop.start()]
        if (
            initial_end is not None
            and _only_initials(text[initial_end[1] : chunk[0] + stop.start()])
            # after a dotted initial, an initial has its dot too: "LU P. A Simple" is LU P
            # and a title's article
            and (
                text[initial_end[1] : initial_end[1] + 1] != "."
                or candidate.endswith(".")
                or piece[stop.start()] == "."
            )
        ):
            # "Roe, J. A. Title": the initials that follow the first are the name's too
            if is_name(candidate):
                initial_end = (chunk[0], chunk[0] + stop.start())
            continue
        if initial_end is not None and initials_end:
            return initial_end  # "Zhu Y. ToyDB: ...", "Roe, A. Toyline: ...": a title follows
        if not is_name(candidate):
            continue
        if not INITIAL_RE.match(candidate.split()[-1]) or piece[stop.start()] == ":":
            return (chunk[0], chunk[0] + stop.start())
        if (
            initial_end is None
        ):  # "Wang W. Title": the initial ends the name unless a longer name follows
            initial_end = (chunk[0], chunk[0] + stop.start())
    if initial_end is not None:
        return initial_end
    words = list(itertools.islice(_WORD_RE.finditer(piece), 4))  # a name and the word after
    for size in (3, 2):
        if len(words) <= size:
            continue
        end = words[size - 1].end()
        nxt = words[size].group(0)
        if (
            (  # the word after first: it costs less than reading a name
                nxt[:1].islower()
                or nxt.isupper()
                or nxt.startswith(("(", "*", '"'))
                or lexicon_key(nxt) in title_words()
            )
            and is_name(piece[:end])
        ):
            if (
                size == 3
                and is_name(piece[: words[1].end()])
                and not INITIAL_RE.match(words[1].group(0))
                and words[2].group(0)[:1].isupper()
                and lexicon_key(words[2].group(0)) in title_words()
            ):
                continue
            return (chunk[0], chunk[0] + end)
    return None


def _only_initials(text: str) -> bool:
    """``text`` (what follows a first initial) is initials only: ``. A``, ``. B. C``.

    >>> _only_initials(". A"), _only_initials(". Quiet")
    (True, False)
    """
    words = text.lstrip(". ").split()
    return bool(words) and all(INITIAL_RE.match(word) for word in words)


def has_embedded_authors(text: str) -> bool:
    """An author list inside the text, after title words (a PDF lost the line break).

    >>> has_embedded_authors("Fast Toys at Scale Ann Lee, Bo Wu, Cy Ma"), has_embedded_authors("Ann Lee, Bo Wu")
    (True, False)
    """
    start, _, spans = find_author_run(text)
    return start > 0 and len(spans) >= 2


def is_lone_name(text: str) -> bool:
    """The whole line is one person's name (a single author's line)."""
    start, end, spans = find_author_run(text.strip())
    return start == 0 and len(spans) == 1 and end >= len(text.strip().rstrip(".*")) - 1


#: A list that ends in a given name and its middle initial, the surname on the next line
#: ("..., Zoe T." / "Kowalczyk, ...").
_OPEN_INITIAL_RE = re.compile(r"(?:^|[,，]\s*)[A-Z][a-z]+\s[A-Z]\.$")
#: How far back from a line's end that name is looked for.
MAX_NAME_TAIL = 40


def continues_authors(previous: str, text: str) -> bool:
    """A line that goes on with the author list above it (a name broken over two lines).

    >>> continues_authors("Ann Lee, Bo Wu, Matthai", "Philipose, Cy Ma, Di Xu")
    True
    >>> continues_authors("Ann Lee, Bo Wu", "ACM Symposium on Operating Systems Principles (SOSP '19)")
    False
    >>> continues_authors("Ann Lee, Bo Wu, Zoe T.", "Kowalczyk, Cy Ma, Di K. Xu")
    True
    """
    previous = previous.rstrip()
    open_initial = _OPEN_INITIAL_RE.search(previous[-MAX_NAME_TAIL:]) is not None
    if previous.endswith((";", ")")) or (previous.endswith(".") and not open_initial):
        return False
    last = author_chunks(previous)[-1]
    if (
        not previous.endswith((",", "，", "、"))
        and not open_initial
        and is_name(previous[last[0] : last[1]])
    ):
        return False  # the list above ended with a whole name
    joined = f"{previous} {text}"
    start, end, spans = find_author_run(joined)
    return start == 0 and end > len(previous) + 1 and len(spans) >= 2


def starts_with_authors(text: str) -> bool:
    """The text opens with an author list: two names, or one name closed by a full stop or
    followed by its year ("Roe, J., 1991.", "Roe, J. (1991)").

    >>> starts_with_authors("Roe, J. (1991). Toys."), starts_with_authors("Fast Toys at Scale. NSDI 2024.")
    (True, False)
    """
    start, end, spans = find_author_run(text)
    if start != 0 or not spans:
        return False
    return (
        len(spans) >= 2
        or text[end : end + 2] in (". ", "。", ": ")
        or (text[end - 1 : end] == "." and text[end : end + 1] == " ")  # "Li A, et al. Title"
        or text[end : end + 1] == "。"
        or _YEAR_AFTER_NAME_RE.match(text, end) is not None
    )


#: A year right after an author list: ", 1991.", " (1991)".
_YEAR_AFTER_NAME_RE = re.compile(r"[,.]?\s*\(?(?:19|20)\d{2}[a-z]?\)?[.,]?\s")
