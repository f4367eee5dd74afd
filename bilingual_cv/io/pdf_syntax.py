"""PDF object syntax read the way PDFium reads it, for the pre-scan in :mod:`~bilingual_cv.io.pdf_scan`.

The pre-scan must see a stream's dictionary exactly as PDFium will, or a file can tell the two
different stories (a string that only mentions ``/Subtype /Image``, a name spelled
``/Fl#61teDecode``). So this parser follows PDFium's ``cpdf_syntax_parser.cpp`` rule by rule:

- words are split at white space (NUL, tab, LF, FF, CR, space) and the delimiters
  ``( ) < > [ ] { } / %``; ``%`` starts a comment to the end of the line; a word keeps at most
  255 bytes;
- a name's ``#xx`` escapes are decoded (``#`` and any two bytes; a byte that is not a hex digit
  counts as 0);
- ``(`` reads a string to its balancing ``)``, a backslash escaping the next byte; ``<`` reads a
  hex string to ``>``;
- ``N G R`` is a reference; a word of digits, signs and dots is a number;
- in a dictionary, a word in key position that is not a name is skipped on its own (so
  ``<< /A 1 (/Subtype /Image) >>`` has a key ``/Subtype``: the ``(`` is skipped, not read as a
  string), a key whose value cannot be read is dropped, a later key replaces an earlier one,
  and ``endobj`` ends the dictionary;
- a dictionary followed by the word ``stream``, at any depth, is a stream: its data starts on
  the next line;
- nesting deeper than 64 reads as nothing.

Strings are kept as empty bytes: no rule of the pre-scan reads their content.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

_SEPARATOR = rb"(?:[\x00\t\n\x0c\r ]++|%[^\r\n]*+)*+"  # white space and comments
_WORD_END = rb"(?![^\x00\t\n\x0c\r ()<>\[\]{}/%])"
#: One word after the white space and comments before it: a name, a delimiter (``<<`` and
#: ``>>`` are one word), or a regular word. Possessive quantifiers throughout: a long run of
#: white space or of ``%`` is never tried two ways.
_TOKEN = re.compile(
    _SEPARATOR + rb"(?:(?P<name>/[^\x00\t\n\x0c\r ()<>\[\]{}/%]*+)"
    rb"|(?P<delimiter><<|>>|[()<>\[\]{}])"
    rb"|(?P<word>[^\x00\t\n\x0c\r ()<>\[\]{}/%]++))?"
)
#: A word PDFium reads as a number (then ``atoi``-like: leading digits).
_NUMERIC = re.compile(rb"[0-9+\-.]+")
_LEADING_INT = re.compile(rb"[+-]?(\d+)")
#: After a number: ``G R``, which makes it a reference.
_REFERENCE_TAIL = re.compile(
    _SEPARATOR + rb"[0-9+\-.]++" + _WORD_END + _SEPARATOR + b"R" + _WORD_END
)
#: The rest of an array that holds only numbers (its values are never needed): read at once.
_NUMBERS_TO_END = re.compile(
    rb"(?:[\x00\t\n\x0c\r ]++|%[^\r\n]*+|[0-9+\-.]++" + _WORD_END + rb")*+\]"
)
#: What ends or nests a literal string.
_STRING_SPECIAL = re.compile(rb"[()\\]")
#: Longest word PDFium keeps (its word buffer); the rest of a longer word is dropped.
MAX_WORD = 255
#: PDFium's ``kParserMaxRecursionDepth``.
MAX_DEPTH = 64
#: The ``obj`` word of an indirect object, anywhere (PDFium's cross-reference table, or its
#: rebuilding scan of a damaged file, may point at any of them).
OBJECT_WORD = re.compile(rb"(?<![^\x00\t\n\x0c\r ()<>\[\]{}/%])obj" + _WORD_END)
#: The ``N G`` before ``obj``, looked for in the few bytes before it. A header whose words a
#: comment separates reads as an object without a number (never resolved, never an image).
OBJECT_NUMBER = re.compile(
    rb"(?<![^\x00\t\n\x0c\r ()<>\[\]{}/%])([0-9+\-.]{1,24})[\x00\t\n\x0c\r ]{1,16}"
    rb"[0-9+\-.]{1,24}[\x00\t\n\x0c\r ]{1,16}\Z"
)
#: How far before ``obj`` its number is looked for.
OBJECT_NUMBER_WINDOW = 96


@dataclass(frozen=True, slots=True)
class Name:
    """A PDF name, escapes decoded, without its slash."""

    value: bytes


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference ``N G R`` (PDFium ignores the generation)."""

    number: int


@dataclass(eq=False, slots=True)
class Stream:
    """A stream: its dictionary and where its data starts in the buffer it was read from.

    ``keyword`` is the offset of its ``stream`` word; ``number`` is the object number when the
    stream is an indirect object's value (not nested in another object).
    """

    entries: dict[bytes, Value]
    buffer: bytes
    keyword: int
    start: int
    number: int | None = None
    end: int = field(default=-1)


#: A parsed PDF value; strings read as ``bytes`` (empty: their content is never needed).
Value = (
    Name | Ref | bytes | int | float | bool | None | list["Value"] | dict[bytes, "Value"] | Stream
)


class Nothing:
    """What PDFium's parser returns as a null pointer: no object at all (not PDF ``null``)."""


NOTHING = Nothing()

#: Called with each stream the parser meets; returns where parsing resumes (past the data).
StreamHandler = Callable[[Stream], int]


def decode_name(raw: bytes) -> bytes:
    """A name's bytes with its ``#xx`` escapes decoded, as PDFium's ``PDF_NameDecode``.

    >>> decode_name(b"Fl#61teDecode"), decode_name(b"A#zz"), decode_name(b"B#4")
    (b'FlateDecode', b'A\\x00', b'B#4')
    """
    if b"#" not in raw:
        return raw
    out = bytearray()
    index = 0
    while index < len(raw):
        byte = raw[index]
        if byte == 0x23 and index + 2 < len(raw):
            out.append(_hex_value(raw[index + 1]) * 16 + _hex_value(raw[index + 2]))
            index += 3
        else:
            out.append(byte)
            index += 1
    return bytes(out)


def _hex_value(byte: int) -> int:
    """A hex digit's value; 0 for any other byte (PDFium's ``FXSYS_HexCharToInt``)."""
    char = chr(byte)
    return int(char, 16) if char in "0123456789abcdefABCDEF" else 0


def parse_number(word: bytes) -> int | float:
    """A numeric word's value (a malformed one, like ``1.2.3`` or ``--4``, reads as 0).

    >>> parse_number(b"42"), parse_number(b"-1.5"), parse_number(b"1.2.3")
    (42, -1.5, 0)
    """
    try:
        return int(word)
    except ValueError:
        try:
            return float(word)
        except ValueError:
            return 0


def parse_object_number(word: bytes) -> int:
    """An object number as PDFium's ``FXSYS_atoui`` reads it: the leading digits.

    >>> parse_object_number(b"12"), parse_object_number(b"+7"), parse_object_number(b"1.5")
    (12, 7, 1)
    """
    match = _LEADING_INT.match(word)
    return int(match.group(1)) if match and not word.startswith(b"-") else 0


def next_line(buffer: bytes, position: int) -> int:
    """Where the line after ``position`` starts (PDFium's ``ToNextLine``: LF, CR or CRLF).

    >>> next_line(b"stream %c\\r\\nDATA", 6), next_line(b"stream\\rDATA", 6)
    (11, 7)
    """
    while position < len(buffer):
        byte = buffer[position]
        position += 1
        if byte == 0x0A:
            break
        if byte == 0x0D:
            if position < len(buffer) and buffer[position] == 0x0A:
                position += 1
            break
    return position


class OverBudget(Exception):
    """A parser read more bytes than its budget allowed."""


class Parser:
    """PDFium's ``GetObjectBody`` over one buffer: :meth:`value` reads the next object.

    Every stream met is given to ``on_stream``, which returns where parsing resumes (after the
    stream's data and ``endstream``). ``spent`` counts the bytes read; past ``budget``,
    reading raises :class:`OverBudget`.
    """

    def __init__(
        self,
        buffer: bytes,
        position: int,
        on_stream: StreamHandler,
        *,
        number: int | None = None,
        budget: int = 1 << 62,
    ) -> None:
        self.buffer = buffer
        self.position = position
        self.spent = 0
        self.budget = budget
        self._on_stream = on_stream
        self._number = number  # given to a stream that is this object's own value
        self._depth = 0

    def word(self) -> tuple[bytes, bool]:
        """The next word and whether it is a number; ``b""`` at the end of the buffer."""
        match = _TOKEN.match(self.buffer, self.position)
        assert match is not None  # every part of the pattern may match nothing
        self.spent += match.end() - self.position
        self.position = match.end()
        if self.spent > self.budget:
            raise OverBudget
        kind = match.lastgroup
        if kind is None:
            return b"", False
        word = match.group(kind)
        is_number = kind == "word" and _NUMERIC.fullmatch(word) is not None
        return word[:MAX_WORD], is_number

    def value(self) -> Value | Nothing:
        """The next object, or :data:`NOTHING` where PDFium's parser reads none."""
        if self._depth >= MAX_DEPTH:
            return NOTHING
        self._depth += 1
        try:
            return self._value()
        finally:
            self._depth -= 1

    def _value(self) -> Value | Nothing:
        saved = self.position
        word, is_number = self.word()
        if not word:
            return NOTHING
        if is_number:
            return self._number_or_ref(word)
        if word in (b"true", b"false"):
            return word == b"true"
        if word == b"null":
            return None
        if word == b"(":
            self._skip_string()
            return b""
        if word == b"<":
            end = self.buffer.find(b">", self.position)
            end = len(self.buffer) if end < 0 else end + 1
            self.spent += end - self.position
            self.position = end
            return b""
        if word == b"[":
            numbers = _NUMBERS_TO_END.match(self.buffer, self.position)
            if numbers:  # widths, boxes, matrices: read at once, kept as nothing
                self.spent += numbers.end() - self.position
                self.position = numbers.end()
                return []
            items: list[Value] = []
            while not isinstance(item := self.value(), Nothing):
                items.append(item)
            return items
        if word[0] == 0x2F:
            return Name(decode_name(word[1:]))
        if word == b"<<":
            return self._dictionary()
        if word == b">>":
            self.position = saved  # the enclosing dictionary ends here
        return NOTHING

    def _number_or_ref(self, word: bytes) -> Value | Nothing:
        tail = _REFERENCE_TAIL.match(self.buffer, self.position)
        if tail is None:
            return parse_number(word)
        self.spent += tail.end() - self.position
        self.position = tail.end()
        number = parse_object_number(word)
        return Ref(number) if number else NOTHING

    def _skip_string(self) -> None:
        """Past the literal string's balancing ``)``; a backslash escapes the next byte."""
        depth = 0
        position = self.position
        buffer = self.buffer
        while match := _STRING_SPECIAL.search(buffer, position):
            position = match.end()
            byte = buffer[match.start()]
            if byte == 0x5C:
                position += 1
            elif byte == 0x28:
                depth += 1
            elif depth:
                depth -= 1
            else:
                break
        else:
            position = len(buffer)
        self.spent += position - self.position
        self.position = min(position, len(buffer))

    def _dictionary(self) -> Value | Nothing:
        entries: dict[bytes, Value] = {}
        while True:
            key, _ = self.word()
            if not key:
                return NOTHING
            if key == b">>":
                break
            if key == b"endobj":
                self.position -= len(key)
                break
            if key[0] != 0x2F:
                continue  # PDFium skips any other word in key position, one word at a time
            value = self.value()
            if not isinstance(value, Nothing):
                entries[decode_name(key[1:])] = value
        after = self.position
        keyword, _ = self.word()
        if keyword != b"stream":
            self.position = after
            return entries
        stream = Stream(
            entries,
            self.buffer,
            keyword=self.position - len(keyword),
            start=next_line(self.buffer, self.position),
            number=self._number if self._depth == 1 else None,
        )
        self.position = self._on_stream(stream)
        return stream
