"""The scripts CVs are written in, as character ranges: the one place that says which
characters are Chinese and which are Latin letters.

Patterns elsewhere build their classes from these ranges (``f"[{HAN}]"``), and code that
tests one character calls :func:`is_cjk`; no module writes a range out itself.
"""

from __future__ import annotations

import re
from functools import cache

#: The CJK Unified Ideographs block (U+4E00-U+9FFF): the characters of Chinese names and of
#: nearly every Chinese word.
HAN = r"\u4e00-\u9fff"
#: Every CJK ideograph: extension A (U+3400-U+4DBF), the unified block and the compatibility
#: ideographs (U+F900-U+FAFF).
CJK = r"\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"
#: Extension A to the end of the unified block as one range (U+3400-U+9FFF: the Yijing
#: hexagram symbols U+4DC0-U+4DFF between them are no letters of any CV), cheaper to test.
CJK_SPAN = r"\u3400-\u9fff"
#: The compatibility ideographs alone (U+F900-U+FAFF).
CJK_COMPAT = r"\uf900-\ufaff"
#: ASCII and Latin-1/Extended letters.
LATIN = r"A-Za-z\u00c0-\u024f"

#: One CJK ideograph.
CJK_RE = re.compile(f"[{CJK}]")
#: One Latin letter.
LATIN_RE = re.compile(f"[{LATIN}]")


def is_cjk(char: str) -> bool:
    """One character is a CJK ideograph of :data:`CJK_SPAN` or :data:`CJK_COMPAT`.

    >>> [is_cjk(c) for c in "李a學"]
    [True, False, True]
    """
    return "\u3400" <= char <= "\u9fff" or "\uf900" <= char <= "\ufaff"


def is_han(char: str) -> bool:
    """One character is in :data:`HAN`: a test of two comparisons where a pattern would need
    a class of :data:`HAN`, which costs about 11 million instructions to compile (Python's
    compiler maps each of its 20,992 characters in turn).

    >>> [is_han(c) for c in "李a學㐀"]
    [True, False, True, False]
    """
    return "\u4e00" <= char <= "\u9fff"


def han_runs(text: str) -> list[tuple[int, int]]:
    """The runs of :data:`HAN` characters of ``text``, each as (start, end), longest:
    what ``[HAN]+`` finds, without compiling the class.

    >>> han_runs("清华 A类, 北大")
    [(0, 2), (4, 5), (7, 9)]
    """
    runs: list[tuple[int, int]] = []
    start = None
    for index, char in enumerate(text):
        if is_han(char):
            if start is None:
                start = index
        elif start is not None:
            runs.append((start, index))
            start = None
    if start is not None:
        runs.append((start, len(text)))
    return runs


@cache
def _not_cjk_re() -> re.Pattern[str]:
    """Runs of anything but CJK: deleting them leaves the characters to count, in one pass
    over a document (about twice as fast as listing every match with ``findall``). Compiled
    on first use (1 ms: a CJK class), for the rare text :func:`count_cjk` cannot count by
    bytes."""
    return re.compile(f"[^{CJK}]+")


#: The UTF-8 bytes that do not start a character of :data:`LATIN_RE`: all but A-Z, a-z and
#: the lead bytes 0xC3-0xC8 (U+00C0-U+023F). U+0240-U+024F share the lead byte 0xC9 with
#: characters past the range and are counted by :data:`_LATIN_C9_RE`.
_NOT_LATIN_BYTES = bytes(
    byte
    for byte in range(256)
    if not (chr(byte).isascii() and chr(byte).isalpha() or 0xC3 <= byte <= 0xC8)
)
_LATIN_C9_RE = re.compile(rb"\xc9[\x80-\x8f]")
#: The high bytes of UTF-16 code units that do not start a character of :data:`CJK_RE`: all
#: but 0x34-0x9F (U+3400-U+9FFF) and 0xF9-0xFA (U+F900-U+FAFF). U+4DC0-U+4DFF share the high
#: byte 0x4D with extension A and are no CJK: a text with that byte is counted by the pattern.
_NOT_CJK_HIGH_BYTES = bytes(
    byte for byte in range(256) if not (0x34 <= byte <= 0x9F or 0xF9 <= byte <= 0xFA)
)


def count_latin(text: str) -> int:
    """Number of Latin letters (:data:`LATIN_RE`) in a document.

    Counted on the UTF-8 bytes, where each such letter starts with a byte of its own: a byte
    table deletes the others in C, about seven times faster than a regular expression over
    every character of the document.

    >>> count_latin("Zoë Ångström, 李华, ɏ ɐ")
    12
    """
    data = text.encode("utf-8", "surrogatepass")
    return len(data.translate(None, _NOT_LATIN_BYTES)) + len(_LATIN_C9_RE.findall(data))


def count_cjk(text: str) -> int:
    """Number of CJK characters (:data:`CJK_RE`) in a document: none in ASCII text (a check
    in C), else the UTF-16 code units whose high byte is a CJK one, counted by a byte table
    in C (about three times as fast as deleting the runs of other characters, which is left
    for a text with a character U+4D00-U+4DFF).

    >>> count_cjk("教育背景 Education 學歷"), count_cjk("Education"), count_cjk("䴀\u4dc0")
    (6, 0, 1)
    """
    if text.isascii():
        return 0
    high = text.encode("utf-16-be", "surrogatepass")[::2]
    if b"\x4d" in high:
        return len(_not_cjk_re().sub("", text))
    return len(high.translate(None, _NOT_CJK_HIGH_BYTES))
