"""Builders of hostile inputs for the readers' caps: decompression bombs behind filter chains,
zips whose end record lies, huge HTML pages. All text is fictional ("Jane Roe").

The bombs are built without ever holding their inflated bytes: :func:`deflate_run` repeats one
compressed block (each block ends with a full flush, so every copy is the same bytes) and
computes the checksum block by block, so a zlib stream of 1 GiB of spaces is 1 MB, built in
0.3 s, and a second Flate layer makes that 2.5 KB.
"""

from __future__ import annotations

import base64
import io
import struct
import zlib

MIB = 1024 * 1024
#: What a bomb inflates to: spaces, which PDFium's content parser skips, so the cost measured
#: is the decoding itself.
FILL = b" "


def deflate_run(size: int, fill: bytes = FILL) -> bytes:
    """A zlib stream of ``size`` bytes of ``fill`` (``size`` a multiple of 1 MiB).

    >>> zlib.decompress(deflate_run(2 * MIB)) == b" " * (2 * MIB)
    True
    """
    assert size % MIB == 0 and size > 0
    block = fill * MIB
    packer = zlib.compressobj(9)
    first = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    again = packer.compress(block) + packer.flush(zlib.Z_FULL_FLUSH)
    assert first[2:] == again  # a full flush forgets the history: each copy is identical
    checksum = 1
    for _ in range(size // MIB):
        checksum = zlib.adler32(block, checksum)
    final = b"\x03\x00" + checksum.to_bytes(4, "big")  # empty final block, then Adler-32
    return first + again * (size // MIB - 1) + final


def lzw_run(size: int, fill: bytes = FILL, *, early_change: bool = True) -> bytes:
    """``size`` bytes of ``fill`` as an LZWDecode stream (12-bit codes at most), the way an
    encoder writes a run: each code one byte longer than the last until the table is full,
    then the longest code again and again, then the end-of-data code.

    >>> len(lzw_run(10 * MIB))  # bytes for 10 MiB
    11241
    """
    codes = [256, fill[0]]  # clear, then the first byte
    written = 1
    entries = 0  # table entries added so far (codes 258 ...)
    longest = 1
    while written < size:
        if 258 + entries + 1 + early_change <= 4095:
            code, length = 258 + entries, entries + 2
            entries += 1
        else:
            code, length = 258 + entries - 1, longest
        if written + length > size:
            break
        codes.append(code)
        written += length
        longest = max(longest, length)
    codes.extend([fill[0]] * (size - written))
    codes.append(257)
    return _pack_lzw(codes, early_change=early_change)


def _pack_lzw(codes: list[int], *, early_change: bool) -> bytes:
    """Codes packed most significant bit first, widening from 9 to 12 bits as PDF readers
    expect (one code early when ``early_change``)."""
    bits = 0
    count = 0
    out = bytearray()
    width = 9
    entries = 0
    previous_was_code = False
    for code in codes:
        bits = (bits << width) | code
        count += width
        while count >= 8:
            count -= 8
            out.append((bits >> count) & 0xFF)
        bits &= (1 << count) - 1
        if code == 256:
            width, entries, previous_was_code = 9, 0, False
            continue
        if previous_was_code:
            entries += 1
        previous_was_code = True
        total = 258 + entries + early_change
        width = 12 if total >= 2048 else 11 if total >= 1024 else 10 if total >= 512 else 9
    if count:
        out.append((bits << (8 - count)) & 0xFF)
    return bytes(out)


def run_length(data: bytes) -> bytes:
    """``data`` as a RunLengthDecode stream of literal runs (no compression), then EOD."""
    out = bytearray()
    for start in range(0, len(data), 128):
        chunk = data[start : start + 128]
        out.append(len(chunk) - 1)
        out += chunk
    out.append(128)
    return bytes(out)


def ascii85(data: bytes) -> bytes:
    """``data`` as an ASCII85Decode stream, ended by ``~>``."""
    return base64.a85encode(data, wrapcol=76) + b"~>"


def ascii_hex(data: bytes) -> bytes:
    """``data`` as an ASCIIHexDecode stream, ended by ``>``."""
    hexed = data.hex().encode()
    return b"\n".join(hexed[i : i + 80] for i in range(0, len(hexed), 80)) + b">"


def pdf_with_streams(
    streams: list[tuple[bytes, bytes]],
    *,
    contents: list[int] | None = None,
    objects_after: tuple[bytes, ...] = (),
) -> bytes:
    """A one-page PDF whose extra objects are the streams ``(dictionary entries, data)``,
    numbered from 5, then the objects ``objects_after``; the page's /Contents is the list
    ``contents`` of object numbers (all the streams by default). Object 4 is a small readable
    content stream, so that a PDF whose hostile streams are refused is otherwise a valid CV."""
    text = b"BT /F1 11 Tf 72 740 Td (Jane Roe, Example University) Tj ET"
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"",  # the page, once the contents are known
        b"<< /Length %d >>\nstream\n" % len(text) + text + b"\nendstream",
    ]
    numbers = []
    for entries, data in streams:
        numbers.append(len(objects) + 1)
        objects.append(
            b"<< /Length %d %s >>\nstream\n" % (len(data), entries) + data + b"\nendstream"
        )
    objects.extend(objects_after)
    shown = [4, *(numbers if contents is None else contents)]
    objects[2] = (
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1"
        b" << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> /Contents [%s] >>"
        % b" ".join(b"%d 0 R" % number for number in shown)
    )
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    out.write(
        b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    )
    return out.getvalue()


def zip_claiming_entries(real: dict[str, bytes], extra_entries: int, claimed: int) -> bytes:
    """A zip holding ``real`` members plus ``extra_entries`` central-directory headers (all
    naming one empty stored member), whose end record claims ``claimed`` entries."""
    out = io.BytesIO()
    central = []
    for name, content in [("x", b""), *real.items()]:
        encoded = name.encode()
        packed = zlib.compress(content)[2:-4] if content else b""
        method = 8 if content else 0
        crc = zlib.crc32(content)
        offset = out.tell()
        out.write(
            struct.pack(
                "<4s5H3I2H",
                b"PK\x03\x04",
                20,
                0,
                method,
                0,
                0,
                crc,
                len(packed),
                len(content),
                len(encoded),
                0,
            )
            + encoded
            + packed
        )
        central.append(
            struct.pack(
                "<4s6H3I5H2I",
                b"PK\x01\x02",
                20,
                20,
                0,
                method,
                0,
                0,
                crc,
                len(packed),
                len(content),
                len(encoded),
                0,
                0,
                0,
                0,
                0,
                offset,
            )
            + encoded
        )
    directory = central[0] * (extra_entries + 1) + b"".join(central[1:])
    start = out.tell()
    out.write(directory)
    out.write(
        struct.pack("<4s4H2IH", b"PK\x05\x06", 0, 0, claimed, claimed, len(directory), start, 0)
    )
    return out.getvalue()


def plain_html(size: int) -> bytes:
    """An HTML page of ``size`` bytes that is one paragraph of plain text."""
    line = b"Jane Roe, Example University, research statement and teaching record. "
    body = line * (size // len(line) + 1)
    return b"<html><body><p>" + body[: size - 30] + b"</p></body></html>"


#: The password padding of PDF's standard security handler.
_PAD = bytes.fromhex("28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A")
_DOCUMENT_ID = b"\xab" * 16


def _rc4(key: bytes, data: bytes) -> bytes:
    state = list(range(256))
    j = 0
    for i in range(256):
        j = (j + state[i] + key[i % len(key)]) & 255
        state[i], state[j] = state[j], state[i]
    out = bytearray()
    i = j = 0
    for byte in data:
        i = (i + 1) & 255
        j = (j + state[i]) & 255
        state[i], state[j] = state[j], state[i]
        out.append(byte ^ state[(state[i] + state[j]) & 255])
    return bytes(out)


def rc4_encrypted_pdf(streams: list[tuple[bytes, bytes]]) -> bytes:
    """A one-page PDF whose content streams ``(dictionary entries, data)`` are encrypted with
    40-bit RC4 (standard security handler, revision 2) under an empty user password, as a
    "no editing" setting writes it: any reader opens it without asking for a password."""
    import hashlib

    permissions = -44
    owner = _rc4(hashlib.md5(b"owner" + _PAD[:27]).digest()[:5], _PAD)
    key = hashlib.md5(
        _PAD + owner + permissions.to_bytes(4, "little", signed=True) + _DOCUMENT_ID
    ).digest()[:5]
    numbers = list(range(4, 4 + len(streams)))
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1"
        b" << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >> /Contents [%s] >>"
        % b" ".join(b"%d 0 R" % number for number in numbers),
    ]
    for number, (entries, data) in zip(numbers, streams, strict=True):
        object_key = hashlib.md5(key + number.to_bytes(3, "little") + b"\x00\x00").digest()[:10]
        hidden = _rc4(object_key, data)
        objects.append(
            b"<< /Length %d %s >>\nstream\n" % (len(hidden), entries) + hidden + b"\nendstream"
        )
    objects.append(
        b"<< /Filter /Standard /V 1 /R 2 /O <%s> /U <%s> /P %d >>"
        % (owner.hex().encode(), _rc4(key, _PAD).hex().encode(), permissions)
    )
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(b"%d 0 obj\n" % number + body + b"\nendobj\n")
    xref = out.tell()
    out.write(b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1))
    for offset in offsets:
        out.write(b"%010d 00000 n \n" % offset)
    identifier = _DOCUMENT_ID.hex().encode()
    out.write(
        b"trailer\n<< /Size %d /Root 1 0 R /Encrypt %d 0 R /ID [<%s> <%s>] >>\nstartxref\n%d\n"
        b"%%%%EOF\n" % (len(objects) + 1, len(objects), identifier, identifier, xref)
    )
    return out.getvalue()
