"""The stream filters PDFium decodes, rewritten to stop at a cap, for the pre-scan.

PDFium decodes a stream through every filter of its chain: FlateDecode, LZWDecode,
ASCII85Decode, ASCIIHexDecode and RunLengthDecode (``Fl``, ``LZW``, ``A85``, ``AHx``, ``RL``),
skipping ``Crypt``; any other name is an image decoder, which text extraction never runs. Each
decoder here follows PDFium's (``fpdf_parser_decode.cpp``, ``flatemodule.cpp``) in what it
accepts and where it stops: damage ends the output without failing, white space and stray bytes
are skipped where PDFium skips them. It never produces more than ``limit + 1`` bytes, so a bomb
costs at most its cap to find out. Its output is never smaller than PDFium's for the same bytes
(a prediction step, which only shrinks the data, is not applied), which is what a cap needs.
"""

from __future__ import annotations

import binascii
import re
import zlib
from dataclasses import dataclass

#: Filter names (full and abbreviated) and the decoder each one means.
FILTERS: dict[bytes, str] = {
    b"FlateDecode": "flate",
    b"Fl": "flate",
    b"LZWDecode": "lzw",
    b"LZW": "lzw",
    b"ASCII85Decode": "a85",
    b"A85": "a85",
    b"ASCIIHexDecode": "hex",
    b"AHx": "hex",
    b"RunLengthDecode": "rl",
    b"RL": "rl",
    b"Crypt": "crypt",
}
#: Filters PDFium accepts before the last one of an array (its ``ValidateDecoderPipeline``).
CHAIN_FILTERS = frozenset({"flate", "lzw", "a85", "hex", "rl"})

#: Compressed bytes given to zlib at a time: the first chunk, and the most once doubled (a
#: false start, bytes that only look like a zlib header, then costs little).
FIRST_INFLATE_CHUNK = 512
INFLATE_CHUNK = 64 * 1024
#: Most bytes inflated per call: a damaged stream loses at most this much of its count.
INFLATE_STEP = 64 * 1024

#: ASCII85 text PDFium reads, up to the first byte it stops at.
_A85_TEXT = re.compile(rb"[!-uz\t\n\r ]*")
_A85_DIGITS = bytes.maketrans(bytes(range(33, 118)), bytes(range(85)))
_HEX_END = re.compile(rb">")
_NOT_HEX = bytes(byte for byte in range(256) if chr(byte) not in "0123456789abcdefABCDEF")
#: LZW: codes, table size, and PDFium's last table entry.
LZW_CLEAR, LZW_END, LZW_FIRST = 256, 257, 258
LZW_TABLE_END = 4094
_SINGLE_BYTES = [bytes((byte,)) for byte in range(256)]


#: Bytes a decoder reads: the file's own (a view, not a copy) or an earlier filter's output.
Buffer = bytes | memoryview


@dataclass(frozen=True, slots=True)
class Decoded:
    """A decoder's output (at most ``limit + 1`` bytes: more means over the cap) and how many
    input bytes it read."""

    data: bytes
    read: int


def decode(kind: str, data: Buffer, limit: int, *, early_change: bool = True) -> Decoded:
    """Decode ``data`` with one filter (a value of :data:`FILTERS`), stopping past ``limit``.

    >>> decode("hex", b"4a 61 6E>ignored", 100)
    Decoded(data=b'Jan', read=8)
    >>> len(decode("flate", zlib.compress(bytes(10_000)), 999).data)
    1000
    """
    if kind == "flate":
        return _inflate(data, limit)
    if kind == "lzw":
        return _lzw(data, limit, early_change=early_change)
    if kind == "a85":
        return _ascii85(data, limit)
    if kind == "hex":
        return _ascii_hex(data, limit)
    if kind == "rl":
        return _run_length(data, limit)
    return Decoded(bytes(data[: limit + 1]), len(data))  # "crypt": the data as it is


def looks_like_zlib(head: bytes) -> bool:
    """Whether two bytes are a zlib header (deflate, header checksum divisible by 31).

    >>> looks_like_zlib(zlib.compress(b"Jane Roe")[:2]), looks_like_zlib(b"BT")
    (True, False)
    """
    return len(head) == 2 and head[0] & 0x0F == 8 and int.from_bytes(head, "big") % 31 == 0


def _inflate(data: Buffer, limit: int) -> Decoded:
    """FlateDecode: zlib data inflated until its end, damage or ``limit + 1`` bytes.

    >>> numbers = zlib.compress(b"".join(str(n).encode() for n in range(3000)))
    >>> len(_inflate(numbers, 10**6).data), len(_inflate(numbers[:1000], 10**6).data)  # cut
    (10890, 1731)
    """
    if not looks_like_zlib(bytes(data[:2])):
        return Decoded(b"", 0)
    inflater = zlib.decompressobj()
    pieces: list[bytes] = []
    size = 0
    position = 0
    chunk = FIRST_INFLATE_CHUNK
    pending: Buffer = b""
    while size <= limit and not inflater.eof:
        if not pending:
            if position >= len(data):
                break
            pending = data[position : position + chunk]
            position += len(pending)
            chunk = min(chunk * 2, INFLATE_CHUNK)
        try:
            piece = inflater.decompress(pending, min(INFLATE_STEP, limit + 1 - size))
        except zlib.error:
            break  # PDFium keeps what inflated before the damage
        if not piece and len(inflater.unconsumed_tail) == len(pending):
            break
        pieces.append(piece)
        size += len(piece)
        pending = inflater.unconsumed_tail
    return Decoded(b"".join(pieces), position - len(pending))


def _ascii_hex(data: Buffer, limit: int) -> Decoded:
    """ASCIIHexDecode: pairs of hex digits up to ``>``; any other byte is skipped.

    >>> _ascii_hex(b"4A6x1\\n6E7", 100).data
    b'Janp'
    """
    end = _HEX_END.search(data)
    text = bytes(data if end is None else data[: end.start()])
    digits = text.translate(None, _NOT_HEX)[: 2 * (limit + 1)]
    if len(digits) % 2:
        digits += b"0"
    return Decoded(binascii.unhexlify(digits), len(text))


def _ascii85(data: Buffer, limit: int) -> Decoded:
    """ASCII85Decode as PDFium reads it: white space skipped, ``z`` four zero bytes (and the
    end of any group begun before it), a final partial group padded, stop at any other byte.

    >>> _ascii85(b"9PGV?F^ZgD7<i6XE,9).<GlM\\noATDj+FEnua0JYH~>", 100).data
    b'Li Hua, Example University 2024'
    >>> _ascii85(b"z 9jqo^ z!!~>", 100).data
    b'\\x00\\x00\\x00\\x00Man \\x00\\x00\\x00\\x00\\x00'
    """
    text = _A85_TEXT.match(data)
    read = text.end() if text else 0
    segments = bytes(data[:read]).translate(None, b"\t\n\r ").split(b"z")
    out = bytearray()
    for index, segment in enumerate(segments):
        if index:
            out += bytes(4)
        digits = segment.translate(_A85_DIGITS)
        full = len(digits) - len(digits) % 5
        groups = min(full // 5, (limit + 1 - len(out)) // 4 + 1)
        for start in range(0, groups * 5, 5):
            a, b, c, d, e = digits[start : start + 5]
            value = (((a * 85 + b) * 85 + c) * 85 + d) * 85 + e
            out += (value & 0xFFFFFFFF).to_bytes(4, "big")
        if len(out) > limit:
            return Decoded(bytes(out[: limit + 1]), read)
        rest = digits[full:]
        if rest and index == len(segments) - 1:  # a partial group before "z" is dropped
            value = 0
            for digit in rest + b"\x54" * (5 - len(rest)):
                value = value * 85 + digit
            out += (value & 0xFFFFFFFF).to_bytes(4, "big")[: len(rest) - 1]
    return Decoded(bytes(out[: limit + 1]), read)


def _run_length(data: Buffer, limit: int) -> Decoded:
    """RunLengthDecode: a length byte, then that many + 1 bytes (under 128) or one byte
    repeated 257 - length times (over 128); 128 ends the data.

    >>> _run_length(b"\\x02Jan\\xfe!\\x80ignored", 100).data
    b'Jan!!!'
    """
    out = bytearray()
    index = 0
    size = len(data)
    while index < size and len(out) <= limit:
        length = data[index]
        if length == 128:
            break
        if length < 128:
            literal = data[index + 1 : index + length + 2]
            out += literal
            out += bytes(length + 1 - len(literal))  # PDFium pads a cut run with zeros
            index += length + 2
        else:
            fill = data[index + 1] if index + 1 < size else 0
            out += _SINGLE_BYTES[fill] * (257 - length)
            index += 2
    return Decoded(bytes(out[: limit + 1]), min(index, size))


def _lzw(data: Buffer, limit: int, *, early_change: bool) -> Decoded:
    """LZWDecode as PDFium's ``CLZWDecoder``: 9- to 12-bit codes, most significant bit first,
    the table growing one code early when ``early_change`` (the default), full at 4094; a code
    past the next free one is read once, then decoding stops.

    >>> _lzw(bytes.fromhex("80 0b 60 50 22 0c 0c 85 01"), 100, early_change=True).data
    b'-----A---B'
    """
    early = 1 if early_change else 0
    size = len(data)
    out = bytearray()
    table: list[bytes] = []
    width = 9
    index = 0  # next input byte
    bits = 0  # input bits read but not yet used, and how many
    count = 0
    previous = b""
    previous_code = -1  # none since the start or the last clear code
    while len(out) <= limit:
        while count < width and index < size:
            bits = (bits << 8) | data[index]
            index += 1
            count += 8
        if count < width:
            break
        count -= width
        code = bits >> count
        bits &= (1 << count) - 1
        if code == LZW_CLEAR:
            table.clear()
            width, previous, previous_code = 9, b"", -1
            continue
        if code == LZW_END:
            break
        if code < 256:
            string = _SINGLE_BYTES[code]
        elif previous_code < 0:
            break
        elif code - LZW_FIRST < len(table):
            string = table[code - LZW_FIRST]
        else:
            string = previous + previous[:1]
        out += string
        if previous_code >= LZW_FIRST and previous_code - LZW_FIRST >= len(table):
            break  # the code before was past the table: PDFium stops here
        if previous_code >= 0 and len(table) + early < LZW_TABLE_END:
            table.append(previous + string[:1])
            if len(table) + early in (254, 766, 1790):
                width += 1
        previous, previous_code = string, code
    return Decoded(bytes(out[: limit + 1]), index)
