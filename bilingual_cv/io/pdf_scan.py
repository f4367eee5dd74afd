"""Every stream PDFium could decode while reading text, decoded before PDFium sees the file.

PDFium inflates a page's content stream whole and builds an object per text operator, and it
decodes fonts, CMaps, object streams and cross-reference streams whole too. None of its
decoders has an output cap. So :func:`check_stream_sizes` reads the file as PDFium would
(:mod:`~bilingual_cv.io.pdf_syntax`) and decodes every stream through every filter of its chain
(:mod:`~bilingual_cv.io.pdf_filters`), each filter's output counted against
``max_pdf_stream_bytes`` and all of them together against ``max_pdf_inflated_bytes``:

1. every indirect object ``N G obj`` anywhere in the file is read (the cross-reference table,
   or PDFium's rebuilding scan of a damaged file, may point at any of them), and the objects
   inside object streams, once those are decoded;
2. a stream's filters come from its dictionary: a name or an array of names, either of which
   may be a reference (resolved through every definition of that object); when a reference
   cannot be resolved, the filters are guessed from the data (zlib, hex, ASCII85 or LZW
   headers), and every ``stream`` word the parse did not account for is inflated if its data
   looks like zlib;
3. a stream is left undecoded as an image only when its own dictionary's ``/Subtype`` is the
   name ``/Image`` and every reference to it is one PDFium resolves as an image: an entry of
   an ``/XObject`` resource dictionary, or a ``/SMask``, ``/Mask`` or ``/Thumb``. An image
   named as a page's ``/Contents``, a font file or anything else is decoded like the rest.

The extent of a stream's data follows PDFium's ``ReadStream``: ``/Length`` when the word
``endstream`` follows it, else up to the next ``endstream`` or ``endobj``; when ``/Length``
cannot be resolved, to the end of the file (decoders stop at their own end). The parse itself
is bounded: ``max_pdf_object_bytes`` of object syntax, counted over the file and the object
streams.

An encrypted PDF is refused: its streams are ciphertext here, and PDFium, which decrypts them
when the user password is empty, would decode whatever they hold (a 3.7 KB file encrypted with
RC4 made it abort at 512 MB). Decrypting here would need RC4 and AES, which the standard
library does not have. Images inline in a page's content (``BI ... ID ... EI``), which PDFium
decodes to find where they end (a 530 KB file with one took 1 GB), are decoded too.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field, replace

from bilingual_cv.errors import EncryptedPDFError, ResourceLimitError
from bilingual_cv.io.limits import Limits
from bilingual_cv.io.pdf_filters import CHAIN_FILTERS, FILTERS, Buffer, decode, looks_like_zlib
from bilingual_cv.io.pdf_pages import Content, PageCosts, read_content
from bilingual_cv.io.pdf_syntax import (
    OBJECT_NUMBER,
    OBJECT_NUMBER_WINDOW,
    OBJECT_WORD,
    Name,
    Nothing,
    OverBudget,
    Parser,
    Ref,
    Stream,
    Value,
    decode_name,
    next_line,
    parse_object_number,
)

_SPACE = rb"\x00\t\n\x0c\r "
_WORD_EDGE = rb"\x00\t\n\x0c\r ()<>\[\]{}/%"
#: ``endstream`` and ``endobj`` as PDFium's ``FindWordPos`` finds them: white space (or the
#: file's ends) on both sides.
END_WORDS = re.compile(rb"(?<![^" + _SPACE + rb"])(?:endstream|endobj)(?![^" + _SPACE + rb"])")
#: A ``stream`` word, which opens a stream's data after a dictionary.
STREAM_WORD = re.compile(rb"(?<![^" + _WORD_EDGE + rb"])stream(?![^" + _WORD_EDGE + rb"])")
#: The ``trailer`` word, followed by the trailer dictionary.
TRAILER_WORD = re.compile(rb"(?<![^" + _WORD_EDGE + rb"])trailer(?![^" + _WORD_EDGE + rb"])")
#: Keys under which a reference to an image is resolved as an image (never decoded to read
#: text); an entry of an ``/XObject`` dictionary is one too.
IMAGE_KEYS = frozenset({b"SMask", b"Mask", b"Thumb"})
#: A reference's place: the key it is the value of, with where that dictionary sits.
_IN_XOBJECTS = b"\x00xobjects"  # an entry of a direct /XObject dictionary
_ELSEWHERE = b"\x00other"  # in an array, an object's whole value, or anything else
#: Filters decoded in Python, a byte at a time: each byte they read counts this many bytes
#: of ``max_pdf_inflated_bytes`` (LZW reads about 2.5 MB a second, RunLength 4 MB).
SLOW_FILTERS = frozenset({"lzw", "rl", "a85"})
SLOW_READ_COST = 128
#: Bytes of ``max_pdf_object_bytes`` each object and each stream costs besides its syntax
#: (the work of handling it, so that a million tiny objects cost what they take to read).
OBJECT_COST = 64
#: Most filters guessed one after the other for a stream whose filters cannot be resolved.
MAX_GUESSED_FILTERS = 8
#: Most definitions of one object tried when a reference is resolved.
MAX_DEFINITIONS = 8
#: Object streams read inside object streams, at most (PDFium reads none).
MAX_OBJECT_STREAM_DEPTH = 2

#: A decoding chain: each filter's kind (see :data:`~bilingual_cv.io.pdf_filters.FILTERS`)
#: and its LZW early-change setting (None when it cannot be known: both are tried).
Chain = tuple[tuple[str, bool | None], ...]


@dataclass(slots=True)
class _Objects:
    """What the parse found: definitions by object number, streams, and reference places."""

    definitions: dict[int, list[Value]] = field(default_factory=dict)
    streams: list[Stream] = field(default_factory=list)
    keywords: set[tuple[int, int]] = field(default_factory=set)  # (buffer id, offset)
    #: For each referenced object number: (key, holder object number or None) of each place.
    places: dict[int, set[tuple[bytes, int | None]]] = field(default_factory=dict)
    encrypted: bool = False
    unknown_contents: bool = False  # an object stream that could not be read


def check_stream_sizes(data: bytes, limits: Limits, *, name: str) -> None:
    """Refuse a PDF that would cost PDFium more than the caps allow, before PDFium opens it.

    Args:
        data: The PDF file's bytes.
        limits: ``max_pdf_stream_bytes`` (each filter's output), ``max_pdf_inflated_bytes``
            (all decoding together), ``max_pdf_page_bytes`` and ``max_pdf_content_bytes``
            (pages, see :mod:`~bilingual_cv.io.pdf_pages`), ``max_pdf_object_bytes`` (object
            syntax read).
        name: The file name or label that error messages start with.

    Raises:
        ResourceLimitError: Naming the cap that was exceeded.
        EncryptedPDFError: The PDF is encrypted (its streams cannot be measured).

    >>> import zlib
    >>> bomb = zlib.compress(zlib.compress(bytes(4096)))  # two Flate layers: 4 KB of zeros
    >>> pdf = b"4 0 obj << /Filter [/Fl /Fl] >> stream\\n" + bomb + b"\\nendstream endobj"
    >>> check_stream_sizes(pdf, Limits(max_pdf_stream_bytes=1000), name="cv.pdf")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.ResourceLimitError: cv.pdf: a PDF stream decodes to more than 1000 bytes (limit max_pdf_stream_bytes)
    """
    _Scan(data, limits, name).run()


class _Scan:
    """One pre-scan of one file: parse, then decode within the caps."""

    def __init__(self, data: bytes, limits: Limits, name: str) -> None:
        self.data = data
        self.limits = limits
        self.name = name
        self.objects = _Objects()
        self.budget = limits.max_pdf_inflated_bytes
        self.syntax_left = limits.max_pdf_object_bytes
        self._ends: dict[int, list[int]] = {}  # buffer id -> offsets of endstream/endobj
        self._contents: dict[int, Content] = {}  # stream id -> what it decodes to

    def run(self) -> None:
        """Parse the file and its object streams, then measure every stream PDFium decodes."""
        try:
            self._run()
        except OverBudget:
            self._refuse_syntax()

    def _run(self) -> None:
        self.read_file()
        if self.objects.encrypted:
            raise EncryptedPDFError(
                f"{self.name}: PDF is encrypted; it is not read, since what its streams hold"
                " cannot be checked before they are decrypted (save a copy without protection)"
            )
        done: set[int] = set()
        for _depth in range(MAX_OBJECT_STREAM_DEPTH):
            for stream in list(self.objects.streams):
                if id(stream) not in done and self._is_object_stream(stream):
                    done.add(id(stream))
                    self._read_object_stream(stream)
        if any(
            id(stream) not in done and self._is_object_stream(stream)
            for stream in self.objects.streams
        ):
            self.objects.unknown_contents = True  # object streams deeper than those read
        for stream in self.objects.streams:
            if id(stream) not in done and not self._is_image(stream):
                self._measure(stream)
        self._measure_unclaimed_streams()
        PageCosts(self.objects.definitions, self._content, self.limits, self.name).check()

    # ----------------------------------------------------------------- parsing

    def read_file(self) -> None:
        """Read every indirect object and trailer dictionary of the file."""
        for match in OBJECT_WORD.finditer(self.data):
            before = self.data[max(0, match.start() - OBJECT_NUMBER_WINDOW) : match.start()]
            header = OBJECT_NUMBER.search(before)
            number = parse_object_number(header.group(1)) if header else None
            self._read_object(self.data, match.end(), number)
        for match in TRAILER_WORD.finditer(self.data):
            parser = self._parser(self.data, match.end(), None)
            trailer = parser.value()
            self._spend(parser)
            if isinstance(trailer, dict) and _names_encryption(trailer):
                self.objects.encrypted = True

    def _parser(self, buffer: bytes, position: int, number: int | None) -> Parser:
        return Parser(
            buffer, position, self._found_stream, number=number, budget=max(0, self.syntax_left)
        )

    def _read_object(self, buffer: bytes, position: int, number: int | None) -> None:
        parser = self._parser(buffer, position, number or None)
        parser.spent = OBJECT_COST
        value = parser.value()
        self._spend(parser)
        if isinstance(value, Nothing):
            return
        if number:
            self.objects.definitions.setdefault(number, []).append(value)
        self._note_places(value, holder=number or None)
        entries = value.entries if isinstance(value, Stream) else value
        if (
            isinstance(entries, dict)
            and _is_name(entries.get(b"Type"), b"XRef")
            and _names_encryption(entries)
        ):
            self.objects.encrypted = True

    def _spend(self, parser: Parser) -> None:
        self.syntax_left -= parser.spent
        if self.syntax_left < 0:
            self._refuse_syntax()

    def _refuse_syntax(self) -> None:
        raise ResourceLimitError(
            f"{self.name}: more than {self.limits.max_pdf_object_bytes} bytes of PDF object"
            " syntax (limit max_pdf_object_bytes)",
            limit="max_pdf_object_bytes",
        )

    def _found_stream(self, stream: Stream) -> int:
        """Record a stream met by a parser; parsing resumes after its data."""
        self.syntax_left -= OBJECT_COST  # checked with the parse that met the stream
        key = (id(stream.buffer), stream.keyword)
        if key not in self.objects.keywords:
            self.objects.keywords.add(key)
            self.objects.streams.append(stream)
        ends = [
            stream.start + length
            for length in _direct_lengths(stream.entries)
            if self._ends_at(stream, length)
        ]
        searched = self._search_end(stream.buffer, stream.start)
        if searched is not None:
            ends.append(searched)
        if not ends:
            return len(stream.buffer)
        return self._after_end_word(stream.buffer, max(ends))

    def _note_places(self, value: Value, *, holder: int | None) -> None:
        """Record where each reference in an object sits (see :meth:`_is_image`)."""
        stack: list[tuple[Value, bytes, int | None]] = [(value, _ELSEWHERE, None)]
        while stack:
            item, key, item_holder = stack.pop()
            if isinstance(item, Ref):
                self.objects.places.setdefault(item.number, set()).add((key, item_holder))
            elif isinstance(item, list):
                stack.extend((element, _ELSEWHERE, None) for element in item)
            elif isinstance(item, dict | Stream):
                entries = item.entries if isinstance(item, Stream) else item
                own = holder if item is value else None
                xobjects = key == b"XObject"
                for entry_key, entry in entries.items():
                    place = _IN_XOBJECTS if xobjects else entry_key
                    stack.append((entry, place, own))

    def _read_object_stream(self, stream: Stream) -> None:
        """Decode an object stream and read the objects it holds."""
        content = self._measure(stream, keep=True)
        first = self._integer(stream.entries.get(b"First"))
        count = self._integer(stream.entries.get(b"N"))
        if content is None or first is None or count is None:
            self.objects.unknown_contents = True
            return
        header = self._parser(content, 0, None)
        offsets: list[tuple[int, int]] = []
        for _ in range(max(0, min(count, len(content) // 4))):
            number_word, is_number = header.word()
            offset_word, offset_is_number = header.word()
            if not (is_number and offset_is_number):
                break
            offsets.append((parse_object_number(number_word), parse_object_number(offset_word)))
        self._spend(header)
        for number, offset in offsets:
            if 0 <= first + offset < len(content):
                self._read_object(content, first + offset, number)

    # ----------------------------------------------------------------- resolving

    def _resolve(self, value: Value | None) -> list[Value] | None:
        """The direct values a value may stand for; None when a reference cannot be resolved."""
        if not isinstance(value, Ref):
            return [value]
        found = self.objects.definitions.get(value.number)
        if not found:
            return None
        return found[:MAX_DEFINITIONS]

    def _integer(self, value: Value | None) -> int | None:
        """The largest integer a value may stand for; None when it is not one."""
        resolved = self._resolve(value)
        numbers = [int(item) for item in resolved or () if _is_number(item)]  # type: ignore[arg-type]
        return max(numbers) if numbers else None

    def _is_object_stream(self, stream: Stream) -> bool:
        return any(
            _is_name(item, b"ObjStm") for item in self._resolve(stream.entries.get(b"Type")) or ()
        )

    def _is_image(self, stream: Stream) -> bool:
        """Whether PDFium reads this stream only ever as an image, which it never decodes."""
        entries = stream.entries
        if not _is_name(entries.get(b"Subtype"), b"Image") or stream.number is None:
            return False
        if b"Type" in entries and not _is_name(entries[b"Type"], b"XObject"):
            return False
        if self.objects.unknown_contents:
            return False
        return all(
            self._resolves_as_image(key, holder)
            for key, holder in self.objects.places.get(stream.number, ())
        )

    def _resolves_as_image(self, key: bytes, holder: int | None) -> bool:
        if key == _IN_XOBJECTS or key in IMAGE_KEYS:
            return True
        if key == _ELSEWHERE or holder is None:
            return False
        # an entry of an indirect dictionary: an image only if that dictionary is referenced
        # as an /XObject resource dictionary and as nothing else
        places = self.objects.places.get(holder, ())
        return bool(places) and all(place == b"XObject" for place, _ in places)

    def _chains(self, stream: Stream) -> list[Chain] | None:
        """The filter chains PDFium may decode the stream with; None when it cannot be known."""
        candidates = self._resolve(stream.entries.get(b"Filter"))
        if candidates is None:
            return None
        parameters = self._resolve(stream.entries.get(b"DecodeParms"))
        chains: list[Chain] = []
        for candidate in candidates:
            if isinstance(candidate, Name):
                names: list[Value] = [candidate]
                per_filter: list[Value | None] = [(parameters or [None])[0]]
            elif isinstance(candidate, list):
                names = [self._single(item) for item in candidate]
                array = (parameters or [None])[0]
                per_filter = list(array) if isinstance(array, list) else []
            else:
                chains.append(())  # neither a name nor an array: PDFium decodes nothing
                continue
            if any(isinstance(item, Ref) for item in names):
                return None
            chain = self._chain(names, per_filter)
            if parameters is None:  # parameters that cannot be resolved: try both LZW codings
                chain = tuple((kind, None) for kind, _ in chain)
            chains.append(chain)
        return chains

    def _single(self, value: Value) -> Value:
        resolved = self._resolve(value)
        if resolved is None or len(resolved) != 1:
            return value if isinstance(value, Ref) else None
        return resolved[0]

    def _chain(self, names: list[Value], parameters: list[Value | None]) -> Chain:
        """A chain as PDFium's ``PDF_DataDecode`` runs it: up to the first image decoder."""
        kinds = [FILTERS.get(item.value, "") if isinstance(item, Name) else None for item in names]
        if len(kinds) > 1 and any(kind not in CHAIN_FILTERS for kind in kinds[:-1]):
            return ()  # an invalid pipeline: PDFium decodes nothing
        chain: list[tuple[str, bool | None]] = []
        for index, kind in enumerate(kinds):
            if kind is None or kind == "":
                break  # an image decoder: the data goes to it as it is
            if kind != "crypt":
                early = self._early_change(parameters[index] if index < len(parameters) else None)
                chain.append((kind, early))
        return tuple(chain)

    def _early_change(self, parameters: Value | None) -> bool | None:
        resolved = self._resolve(parameters)
        if resolved is None:
            return None
        values = {
            self._integer(item.get(b"EarlyChange", 1))
            for item in resolved
            if isinstance(item, dict)
        }
        if not values:
            return True
        if None in values or len(values) > 1:
            return None
        return bool(values.pop())

    # ----------------------------------------------------------------- measuring

    def _measure(self, stream: Stream, *, keep: bool = False) -> bytes | None:
        """Decode the stream through each chain it may have, within the caps, and note its
        :class:`Content`; the longest output when ``keep`` (an object stream's objects)."""
        chains = self._chains(stream)
        if chains is not None and not any(chains) and not keep:
            return None  # no filter: PDFium reads the bytes as they are (see _content)
        end = self._data_end(stream, lengths=self._lengths(stream))
        data = memoryview(stream.buffer)[stream.start : end]  # a view: no copy of the file
        if chains is None:
            output = self._decode_guessing(data)
        else:
            output = None
            for chain in chains:
                decoded = self._decode(data, chain) if chain else bytes(data)
                if decoded is not None and (output is None or len(decoded) > len(output)):
                    output = decoded
        if keep:
            return bytes(data) if output is None else output
        return None

    def _content(self, stream: Stream, cap: int) -> Content:
        """What a page's content stream or form costs PDFium (see :mod:`pdf_pages`), from
        its bytes decoded again (they are not kept: a page's streams are a small part), its
        inline images decoded as PDFium decodes them."""
        found = self._contents.get(id(stream))
        if found is None:
            data = self._measure(stream, keep=True) or b""
            found = read_content(data, cap)
            inline = sum(self._measure_inline_image(data, start) for start in found.inline_images)
            found = self._contents[id(stream)] = replace(found, cost=found.cost + inline)
        return found

    def _measure_inline_image(self, content: bytes, start: int) -> int:
        """Decode the data of the inline image whose dictionary starts at ``start`` (after
        ``BI``) with the filters it names (``/F`` or ``/Filter``), within the caps; PDFium
        decodes it to find where it ends. Returns the decoded size."""
        parser = self._parser(content, start, None)
        entries: dict[bytes, Value] = {}
        while True:
            key, _ = parser.word()
            if not key or key == b"ID":
                break
            if key[0] == 0x2F:
                value = parser.value()
                if not isinstance(value, Nothing):
                    entries[decode_name(key[1:])] = value
        self._spend(parser)
        named = entries.get(b"F", entries.get(b"Filter"))
        names = named if isinstance(named, list) else [named]
        kinds = [FILTERS.get(item.value, "") if isinstance(item, Name) else "" for item in names]
        chain: list[tuple[str, bool | None]] = []
        for kind in kinds:
            if kind not in CHAIN_FILTERS:
                break  # an image decoder: PDFium reads the data as it is
            chain.append((kind, None))
        if not chain:
            return 0
        output = self._decode(memoryview(content)[parser.position + 1 :], tuple(chain))
        return len(output or b"")

    def _lengths(self, stream: Stream) -> list[int] | None:
        """Every ``/Length`` the stream may have; None when a reference cannot be resolved."""
        resolved = self._resolve(stream.entries.get(b"Length"))
        if resolved is None:
            return None
        return [int(item) for item in resolved if _is_number(item)]  # type: ignore[arg-type]

    def _data_end(self, stream: Stream, *, lengths: list[int] | None) -> int:
        """Where the stream's data may end, the furthest of PDFium's ways of finding it."""
        buffer = stream.buffer
        if lengths is None:
            return len(buffer)
        ends = [stream.start + length for length in lengths if self._ends_at(stream, length)]
        searched = self._search_end(buffer, stream.start)
        if searched is not None:
            ends.append(searched)
        return max(ends) if ends else len(buffer)

    def _ends_at(self, stream: Stream, length: int) -> bool:
        """Whether ``endstream`` follows ``length`` bytes of data (PDFium's check)."""
        buffer = stream.buffer
        position = stream.start + length
        if length < 0 or position >= len(buffer):
            return False
        if buffer[position : position + 2] == b"\r\n":
            position += 2
        elif buffer[position : position + 1] in (b"\r", b"\n"):
            position += 1
        parser = self._parser(buffer, position, None)
        word, _ = parser.word()
        self._spend(parser)
        return word.startswith(b"endstream")

    def _end_words(self, buffer: bytes) -> list[int]:
        """Offsets of every ``endstream`` and ``endobj`` in a buffer, found once."""
        ends = self._ends.get(id(buffer))
        if ends is None:
            ends = self._ends[id(buffer)] = [m.start() for m in END_WORDS.finditer(buffer)]
        return ends

    def _after_end_word(self, buffer: bytes, position: int) -> int:
        """Just past the first ``endstream`` or ``endobj`` at or after ``position``."""
        ends = self._end_words(buffer)
        index = bisect.bisect_left(ends, position)
        return len(buffer) if index == len(ends) else ends[index] + 6

    def _search_end(self, buffer: bytes, start: int) -> int | None:
        """PDFium's ``FindStreamEndPos``: the first ``endstream`` or ``endobj`` after
        ``start``, less the end of line before it."""
        ends = self._end_words(buffer)
        index = bisect.bisect_left(ends, start)
        if index == len(ends):
            return None
        end = ends[index]
        if buffer[end - 2 : end] == b"\r\n":
            end -= 2
        elif buffer[end - 1 : end] in (b"\r", b"\n"):
            end -= 1
        return end if end >= start else None

    def _decode(self, data: Buffer, chain: Chain) -> bytes | None:
        """Run a chain, counting every filter's output against the caps."""
        current: Buffer = data
        decoded = False
        for kind, early in chain:
            cost = SLOW_READ_COST if kind in SLOW_FILTERS else 1
            source = current[: max(0, self.budget) // cost + 1]  # reading past it is refused
            outputs = [
                decode(kind, source, self._stage_limit(), early_change=choice)
                for choice in ((True, False) if early is None else (early,))
            ]
            output = max(outputs, key=lambda item: len(item.data))
            self._count(len(output.data), read=output.read * cost)
            current = output.data
            decoded = True
        return bytes(current) if decoded else None

    def _decode_guessing(self, data: Buffer) -> bytes | None:
        """Decode filter after filter, each guessed from the data it gets (see
        :func:`_guess_chain`), for a stream whose ``/Filter`` cannot be resolved."""
        current: Buffer = data
        decoded: bytes | None = None
        for _ in range(MAX_GUESSED_FILTERS):
            chain = _guess_chain(current)[:1]
            if not chain:
                break
            decoded = self._decode(current, chain)
            current = decoded or b""
        return decoded

    def _stage_limit(self) -> int:
        return max(0, min(self.limits.max_pdf_stream_bytes, self.budget))

    def _count(self, size: int, *, read: int) -> None:
        if size > self.limits.max_pdf_stream_bytes:
            raise ResourceLimitError(
                f"{self.name}: a PDF stream decodes to more than"
                f" {self.limits.max_pdf_stream_bytes} bytes (limit max_pdf_stream_bytes)",
                limit="max_pdf_stream_bytes",
            )
        self.budget -= max(size, read)
        if self.budget < 0:
            raise ResourceLimitError(
                f"{self.name}: PDF streams decode to more than"
                f" {self.limits.max_pdf_inflated_bytes} bytes (limit max_pdf_inflated_bytes)",
                limit="max_pdf_inflated_bytes",
            )

    def _measure_unclaimed_streams(self) -> None:
        """Inflate the data after any ``stream`` word the parse did not account for, when it
        looks like zlib: the last guard should PDFium read a dictionary this parse missed."""
        view = memoryview(self.data)
        for match in STREAM_WORD.finditer(self.data):
            if (id(self.data), match.start()) in self.objects.keywords:
                continue
            start = next_line(self.data, match.end())
            if looks_like_zlib(self.data[start : start + 2]):
                self._decode(view[start:], (("flate", True),))


def _guess_chain(data: Buffer) -> Chain:
    """Filters guessed from the data, for a stream whose ``/Filter`` cannot be resolved.

    >>> import zlib
    >>> _guess_chain(zlib.compress(b"BT ET")), _guess_chain(b"78DA 4B4C>"), _guess_chain(b"BT")
    ((('flate', True),), (('hex', True), ('flate', True)), ())
    """
    head = bytes(data[:64])
    if looks_like_zlib(head[:2]):
        return (("flate", True),)
    if head[:1] == b"\x80":  # an LZW stream starts with its clear code
        return (("lzw", None),)
    digits = head.translate(None, b"\x00\t\n\x0c\r ").split(b">")[0]
    if len(digits) >= 4 and _HEX_DIGITS.fullmatch(digits):
        return (("hex", True), *_guess_chain(decode("hex", digits, 32).data))
    if _A85_HEAD.fullmatch(head) and b"~>" in bytes(data[-64:]):
        return (("a85", True), *_guess_chain(decode("a85", head, 32).data))
    return ()


_HEX_DIGITS = re.compile(rb"[0-9A-Fa-f]+")
_A85_HEAD = re.compile(rb"[!-uz\t\n\r ]+")


def _direct_lengths(entries: dict[bytes, Value]) -> list[int]:
    """A direct ``/Length`` as a list (where the parse itself resumes), else none."""
    length = entries.get(b"Length")
    return [int(length)] if isinstance(length, int | float) and not isinstance(length, bool) else []


def _names_encryption(trailer: dict[bytes, Value]) -> bool:
    """Whether a trailer (or cross-reference stream) dictionary names an encryption dictionary.

    >>> _names_encryption({b"Encrypt": Ref(9)}), _names_encryption({b"Encrypt": None})
    (True, False)
    """
    return isinstance(trailer.get(b"Encrypt"), Ref | dict)


def _is_name(value: Value | None, name: bytes) -> bool:
    return isinstance(value, Name) and value.value == name


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)
