"""Bytes -> str for text sources, recording which encoding was used.

The order of the rules is the order of certainty:

1. A byte-order mark decides: UTF-8 (``utf-8-sig``), UTF-32 and UTF-16 (``utf-32``/``utf-16``).
2. BOM-less UTF-16 is recognised by its NUL pattern: ASCII characters (newlines, digits, Latin
   text, which every CV has) leave a NUL in every other byte, on the odd positions for
   little-endian (``utf-16-le``) and on the even ones for big-endian (``utf-16-be``).
3. Any other NUL byte means a binary file, which is refused.
4. Strict UTF-8 (``utf-8``), which plain ASCII also is.
5. The legacy Chinese code pages. GBK/GB18030 and Big5 overlap: almost every Big5 byte pair is
   also a valid GBK pair, and much GBK text is valid Big5, so strict decoding alone cannot
   choose. Each candidate that decodes strictly gets a *plausibility score*: the share of its
   non-ASCII characters that are either CJK punctuation or a *frequent* ideograph of that
   candidate's own standard. Both standards define their frequent characters by position:
   GB2312 level 1 (lead byte 0xB0-0xD7, the 3,755 most used Simplified characters) and Big5
   level 1 (0xA440-0xC67E, 5,401 frequent Traditional characters). The right decoding scores
   near 1; the wrong one produces rare ideographs, kana, box-drawing signs and private-use
   characters and scores far lower (measured in ``tests/io/test_readers.py`` on Simplified and
   Traditional CV lines down to two characters). A tie goes to ``gb18030``, the superset of
   GB2312/GBK, which mainland CVs use. ``big5`` is tried before Microsoft's ``cp950`` superset,
   and the codec that succeeded is the one recorded.
6. Western legacy text (``cp1252``) when no Chinese decoding is plausible and the high bytes
   stand alone between ASCII bytes, as accented letters do, instead of in pairs.

Decoded text with more than :data:`MAX_CONTROL_SHARE` control characters is refused as binary.
"""

from __future__ import annotations

import codecs
import functools
import re

from bilingual_cv.errors import DecodeError
from bilingual_cv.lang.scripts import CJK_SPAN

#: Byte-order marks, longest first: the UTF-32-LE mark starts with the UTF-16-LE one.
BOMS: tuple[tuple[bytes, str], ...] = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)

#: How many leading bytes the UTF-16 NUL-pattern test looks at.
UTF16_SNIFF_BYTES = 4096
#: Minimum share of NULs on one byte parity for BOM-less UTF-16 (ASCII-only UTF-16 has 1.0).
UTF16_MIN_NUL_SHARE = 0.2
#: Maximum share of NULs on the other parity (U+4E00, U+5100 ... put a NUL there too).
UTF16_MAX_OTHER_NUL_SHARE = 0.05

#: Legacy Chinese candidates in order of preference when their scores tie.
CJK_CANDIDATES: tuple[str, ...] = ("gb18030", "big5", "cp950")
#: Below this plausibility score a Chinese decoding is not trusted over cp1252.
MIN_CJK_SCORE = 0.5
#: For cp1252, at least this share of the high bytes must stand alone between ASCII bytes.
MIN_LONE_HIGH_BYTE_SHARE = 0.5

#: Characters (or bytes) the plausibility score and the cp1252 test look at: the decoding
#: itself is C code over the whole input, but these two are Python loops, and a CV's
#: first 64 K characters say as much about its encoding as 50 MB do.
DETECTION_SAMPLE = 64 * 1024

#: GB2312 level 1 (frequent Simplified hanzi) lead bytes; trail bytes are 0xA1-0xFE.
GB2312_LEVEL1_LEADS = range(0xB0, 0xD8)
#: Big5 level 1 (frequent Traditional hanzi) code range.
BIG5_LEVEL1 = range(0xA440, 0xC67F)


#: More control characters than this share of the text means a binary file.
MAX_CONTROL_SHARE = 0.01
#: Whitespace controls that text files legitimately contain.
TEXT_CONTROLS = frozenset("\t\n\r\f\v\x1a")  # \x1a: DOS end-of-file marker

#: Control characters (category Cc: U+0000-U+001F, U+007F-U+009F) outside TEXT_CONTROLS;
#: counted with a regex, about 20 times faster than unicodedata.category() per character.
BINARY_CONTROLS = re.compile(r"[\x00-\x08\x0e-\x19\x1b-\x1f\x7f-\x9f]")

#: Every line separator str.splitlines() knows, so split("\n") and splitlines() agree later.
LINE_BREAKS = re.compile(r"\r\n|[\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]")


def decode_bytes(data: bytes, *, name: str = "<bytes>") -> tuple[str, str]:
    """Decode a text file, detecting its encoding.

    Args:
        data: The raw bytes.
        name: The file name or label that error messages start with.

    Returns:
        The decoded text (line endings untouched) and the name of the codec used.

    Raises:
        DecodeError: The bytes are binary or fit none of the supported encodings.

    >>> decode_bytes("教育背景 Education".encode("gb18030"))
    ('教育背景 Education', 'gb18030')
    >>> decode_bytes("教育背景 Education".encode("big5"))
    ('教育背景 Education', 'big5')
    >>> decode_bytes("\\ufeffPublications\\r\\n".encode("utf-16-le"))
    ('Publications\\r\\n', 'utf-16')
    >>> decode_bytes(b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR\\x00\\x00\\x01", name="cv.txt")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.DecodeError: cv.txt: looks like a binary file, not text (NUL bytes)
    """
    encoding = find_bom_encoding(data) or find_utf16_encoding(data)
    if encoding is not None:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError as exc:
            raise DecodeError(
                f"{name}: invalid {encoding} text ({exc.reason} at byte {exc.start})"
            ) from exc
    elif b"\x00" in data:
        raise DecodeError(f"{name}: looks like a binary file, not text (NUL bytes)")
    else:
        text, encoding = _decode_without_bom(data, name=name)
    _check_not_binary(text, name=name)
    return text, encoding


def find_bom_encoding(data: bytes) -> str | None:
    """Name the codec a byte-order mark calls for, or None without one.

    >>> find_bom_encoding(b"\\xef\\xbb\\xbfName: Li Wei")
    'utf-8-sig'
    >>> find_bom_encoding(b"\\xfe\\xff\\x00N") , find_bom_encoding(b"Name")
    ('utf-16', None)
    """
    for bom, encoding in BOMS:
        if data.startswith(bom):
            return encoding
    return None


def find_utf16_encoding(data: bytes) -> str | None:
    """Recognise BOM-less UTF-16 by where its NUL bytes fall, or return None.

    >>> find_utf16_encoding("Education\\n2019 - 2023".encode("utf-16-le"))
    'utf-16-le'
    >>> find_utf16_encoding("教育背景\\n2019".encode("utf-16-be"))
    'utf-16-be'
    >>> find_utf16_encoding(b"Education") is None
    True
    """
    head = data[:UTF16_SNIFF_BYTES]
    if len(head) < 2 or b"\x00" not in head:
        return None
    even, odd = head[0::2], head[1::2]
    even_share = even.count(0) / len(even)
    odd_share = odd.count(0) / len(odd)
    if odd_share >= UTF16_MIN_NUL_SHARE and even_share <= UTF16_MAX_OTHER_NUL_SHARE:
        return "utf-16-le"
    if even_share >= UTF16_MIN_NUL_SHARE and odd_share <= UTF16_MAX_OTHER_NUL_SHARE:
        return "utf-16-be"
    return None


def score_cjk_decoding(text: str, encoding: str) -> float:
    """Share of the non-ASCII characters that are plausible for ``encoding``.

    Plausible means CJK punctuation or a level-1 (frequent) ideograph of the standard behind
    ``encoding``. Text without non-ASCII characters scores 1.

    >>> score_cjk_decoding("教育背景：上海交通大学", "gb18030")
    1.0
    >>> round(score_cjk_decoding("諒郤掖劓", "big5"), 2)  # "教育背景" in GBK bytes read as Big5
    0.75
    """
    wide = [char for char in text if not char.isascii() and not char.isspace()]
    if not wide:
        return 1.0
    plausible = sum(1 for char in wide if _is_plausible_char(char, encoding))
    return plausible / len(wide)


def normalize_line_endings(text: str) -> str:
    """Turn every line separator into ``\\n`` (``\\r\\n``, ``\\r``, form feed, U+2028 ...).

    >>> normalize_line_endings("教育背景\\r\\n2019.9 - 2025.3\\rPh.D.\\fPage 2")
    '教育背景\\n2019.9 - 2025.3\\nPh.D.\\nPage 2'
    """
    return LINE_BREAKS.sub("\n", text)


def is_western_legacy(data: bytes) -> bool:
    """Tell single-byte Western text (accents between ASCII) from double-byte CJK text.

    >>> is_western_legacy("Résumé of José Müller".encode("cp1252"))
    True
    >>> is_western_legacy("教育背景".encode("gb18030"))
    False
    """
    high = [index for index, byte in enumerate(data) if byte >= 0x80]
    if not high:
        return True
    lone = sum(
        1
        for index in high
        if (index == 0 or data[index - 1] < 0x80)
        and (index + 1 == len(data) or data[index + 1] < 0x80)
    )
    return lone / len(high) >= MIN_LONE_HIGH_BYTE_SHARE


def _decode_without_bom(data: bytes, *, name: str) -> tuple[str, str]:
    """UTF-8, else the most plausible legacy Chinese decoding, else cp1252."""
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError as exc:
        utf8_error = f"{exc.reason} at byte {exc.start}"
    scored: list[tuple[float, int, str, str]] = []
    for rank, encoding in enumerate(CJK_CANDIDATES):
        if encoding == "cp950" and any(candidate[2] == "big5" for candidate in scored):
            continue  # cp950 only matters where strict big5 failed
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        sample = text[:DETECTION_SAMPLE]
        scored.append((score_cjk_decoding(sample, encoding), -rank, encoding, text))
    best = max(scored, default=None)
    if best is not None and best[0] >= MIN_CJK_SCORE:
        return best[3], best[2]
    if is_western_legacy(data[:DETECTION_SAMPLE]):
        try:
            return data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            pass
    if best is not None:
        return best[3], best[2]
    raise DecodeError(
        f"{name}: cannot decode the text: not UTF-8 ({utf8_error}), nor UTF-16, GB18030, Big5"
        " or cp1252"
    )


@functools.cache
def _cjk_classes() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Punctuation used in Chinese text in either script (CJK symbols 、。「」《》, fullwidth
    forms ，：（）, general punctuation “”‘’—…·), and the CJK Unified Ideographs block and
    extension A. Compiled on first use (2 ms: CJK classes): only a text that is not UTF-8
    needs them."""
    return (
        re.compile(r"[\u3000-\u303f\uff01-\uff5e\u2010-\u2027]"),
        re.compile(f"[{CJK_SPAN}]"),
    )


def _is_plausible_char(char: str, encoding: str) -> bool:
    punctuation, ideograph = _cjk_classes()
    if punctuation.match(char):
        return True
    if not ideograph.match(char):
        return False
    if encoding == "gb18030":
        return _is_gb2312_level1(char)
    return _is_big5_level1(char)


@functools.lru_cache(maxsize=8192)
def _is_gb2312_level1(char: str) -> bool:
    try:
        encoded = char.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return len(encoded) == 2 and encoded[0] in GB2312_LEVEL1_LEADS


@functools.lru_cache(maxsize=8192)
def _is_big5_level1(char: str) -> bool:
    try:
        encoded = char.encode("big5")
    except UnicodeEncodeError:
        return False
    return len(encoded) == 2 and int.from_bytes(encoded, "big") in BIG5_LEVEL1


def _check_not_binary(text: str, *, name: str) -> None:
    """Refuse decoded text that is mostly control characters."""
    if "\x00" in text:
        raise DecodeError(f"{name}: looks like a binary file, not text (NUL characters)")
    controls = len(BINARY_CONTROLS.findall(text))
    if text and controls / len(text) > MAX_CONTROL_SHARE:
        raise DecodeError(
            f"{name}: looks like a binary file, not text ({controls} control characters)"
        )
