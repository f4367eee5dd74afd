"""HTML -> text with the standard library's ``html.parser``.

Block elements (paragraphs, headings, list items, table rows, ``<br>``) end lines; table cells
in a row are joined by a tab; ``<script>``, ``<style>``, ``<head>`` and other non-content
elements are dropped; entities are decoded; whitespace collapses as a browser would, except
inside ``<pre>``. The encoding comes from a byte-order mark, else a ``<meta charset>`` /
``http-equiv`` declaration in the first bytes, else the same detection as plain text; a
declared charset that is unknown or not a text encoding (``base64``, ``rot13``) is ignored.

Nesting deeper than ``Limits.max_nesting_depth`` is refused with
:class:`~bilingual_cv.errors.ResourceLimitError`. The depth is the number of open elements as
a browser would see it: void elements and elements whose end tag may be left out (``<p>``,
``<li>``, ``<td>`` ...) are not counted, and an end tag closes every element opened after
its start tag, so sloppy but real HTML stays shallow.
"""

from __future__ import annotations

import codecs
import re
from html.parser import HTMLParser

from bilingual_cv.errors import ResourceLimitError
from bilingual_cv.io.encoding import decode_bytes, find_bom_encoding
from bilingual_cv.io.limits import DEFAULT_LIMITS, Limits

#: How far into the file a charset declaration is looked for (the HTML spec says 1024 bytes;
#: generators that put a long <title> or comments first need more).
META_SNIFF_BYTES = 4096
#: <meta charset="x"> and <meta http-equiv="Content-Type" content="text/html; charset=x">.
META_CHARSET = re.compile(rb"""<meta[^>]+charset\s*=\s*["']?\s*([A-Za-z0-9_.:-]+)""", re.IGNORECASE)
#: Declared charsets read with their supersets, as browsers do (WHATWG Encoding Standard).
CHARSET_SUPERSETS = {
    "gb2312": "gb18030",
    "gbk": "gb18030",
    "big5": "big5",  # strict big5 first; decode_bytes' detection covers cp950 when it fails
    "latin-1": "cp1252",
    "iso8859-1": "cp1252",
    "ascii": "cp1252",
}

#: Elements whose start and end both end a line.
BLOCK_TAGS = frozenset(
    [
        "address",
        "article",
        "aside",
        "blockquote",
        "body",
        "caption",
        "center",
        "dd",
        "details",
        "dialog",
        "div",
        "dl",
        "dt",
        "fieldset",
        "figcaption",
        "figure",
        "footer",
        "form",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "header",
        "hgroup",
        "hr",
        "html",
        "legend",
        "li",
        "main",
        "nav",
        "ol",
        "p",
        "pre",
        "section",
        "summary",
        "table",
        "tbody",
        "tfoot",
        "thead",
        "tr",
        "ul",
    ]
)
#: Elements whose content is not shown to a reader.
DROPPED_TAGS = frozenset(
    [
        "head",
        "script",
        "style",
        "noscript",
        "template",
        "svg",
        "math",
        "object",
        "iframe",
        "select",
        "button",
    ]
)
#: Void elements: no end tag, so they never open a dropped or pre region.
VOID_TAGS = frozenset(
    [
        "area",
        "base",
        "br",
        "col",
        "embed",
        "hr",
        "img",
        "input",
        "link",
        "meta",
        "source",
        "track",
        "wbr",
    ]
)
#: Elements whose end tag HTML lets authors leave out; not counted in the nesting depth.
OPTIONAL_END_TAGS = frozenset(
    [
        "p",
        "li",
        "dt",
        "dd",
        "tr",
        "td",
        "th",
        "thead",
        "tbody",
        "tfoot",
        "colgroup",
        "option",
        "optgroup",
        "rb",
        "rt",
        "rp",
        "rtc",
        "html",
        "head",
        "body",
    ]
)
#: How many open elements an end tag looks back through for its start tag: a stray end tag
#: costs at most this much, so parsing stays linear however the tags are (mis)matched.
END_TAG_LOOKBACK = 64
#: Table cells: separated by a tab within their row.
CELL_TAGS = frozenset({"td", "th"})
#: Runs of whitespace that a browser shows as one space.
SPACES = re.compile(r"[ \t\n\r\f]+")


def extract_html_text(
    data: bytes, *, name: str = "<bytes>", limits: Limits = DEFAULT_LIMITS
) -> tuple[str, str]:
    """Decode an HTML file and return its visible text and the encoding used.

    Args:
        data: The HTML file's bytes.
        name: The file name or label that error messages start with.
        limits: Caps; ``max_nesting_depth`` applies here.

    Returns:
        The text (one line per block, no blank-line runs) and the codec name.

    Raises:
        InputError: The bytes cannot be decoded.
        ResourceLimitError: Elements nested deeper than ``limits.max_nesting_depth``.

    >>> page = '<meta charset="gbk"><h2>教育背景</h2>'
    >>> page += '<p>清华大学&nbsp;博士 &amp; 硕士<br>2019&ndash;2024</p>'
    >>> extract_html_text(page.encode("gbk"))
    ('教育背景\\n清华大学\\xa0博士 & 硕士\\n2019–2024', 'gb18030')
    """
    markup, encoding = decode_html(data, name=name)
    return html_to_text(markup, name=name, max_depth=limits.max_nesting_depth), encoding


def decode_html(data: bytes, *, name: str = "<bytes>") -> tuple[str, str]:
    """Decode by BOM, then declared charset, then plain-text detection.

    >>> decode_html(b'<meta http-equiv="Content-Type" content="text/html; charset=big5">\\xb1\\xd0')
    ('<meta http-equiv="Content-Type" content="text/html; charset=big5">教', 'big5')
    """
    declared = find_declared_charset(data)
    if find_bom_encoding(data) is None and declared is not None:
        try:
            return data.decode(declared), declared
        except (UnicodeError, ValueError):
            pass  # the declaration lies (often gb2312 for GBK text): detect instead
    return decode_bytes(data, name=name)


def find_declared_charset(data: bytes) -> str | None:
    """The codec a ``<meta>`` declaration names, widened to its superset, or None.

    >>> find_declared_charset(b'<html><head><meta charset="GB2312"></head>')
    'gb18030'
    >>> find_declared_charset(b"<p>no declaration</p>") is None
    True
    >>> find_declared_charset(b'<meta charset="base64">') is None  # a codec, not an encoding
    True
    """
    match = META_CHARSET.search(data[:META_SNIFF_BYTES])
    if match is None:
        return None
    try:
        codec = codecs.lookup(match.group(1).decode("ascii")).name
    except (LookupError, UnicodeDecodeError):
        return None
    if not _reads_its_own_declaration(codec, match.group(0)):
        return None
    if codec.startswith("utf-16"):
        return None  # a UTF-16 page has a BOM; a meta saying so in ASCII bytes is wrong
    return CHARSET_SUPERSETS.get(codec, codec)


def _reads_its_own_declaration(codec: str, declaration: bytes) -> bool:
    """Whether ``codec`` decodes the ASCII bytes of the ``<meta>`` that names it unchanged.

    A declaration found by scanning ASCII bytes can only be right for an ASCII-compatible text
    encoding: not a bytes-to-bytes codec (``base64``, ``zlib``), not EBCDIC (``cp037``).

    >>> meta = b'<meta charset="gbk"'
    >>> [_reads_its_own_declaration(c, meta) for c in ("gb18030", "base64", "cp037")]
    [True, False, False]
    """
    try:
        return declaration.decode(codec) == declaration.decode("ascii")
    except (LookupError, UnicodeError, ValueError):  # LookupError: "not a text encoding"
        return False


def html_to_text(
    markup: str, *, name: str = "<bytes>", max_depth: int = DEFAULT_LIMITS.max_nesting_depth
) -> str:
    """Visible text of an HTML document, one line per block element.

    >>> html_to_text("<style>p{}</style><ul><li>ICSE 2023</li><li>FSE&#160;2022</li></ul>")
    'ICSE 2023\\nFSE\\xa02022'
    >>> html_to_text("<table><tr><td>2019 - 2024</td><td>Ph.D., <b>MIT</b></td></tr></table>")
    '2019 - 2024\\tPh.D., MIT'
    >>> html_to_text("<div>" * 9 + "Jane Roe", name="cv.html", max_depth=8)
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.ResourceLimitError: cv.html: HTML elements nested more than 8 deep (limit max_nesting_depth)
    """
    parser = _TextParser(name=name, max_depth=max_depth)
    parser.feed(markup)
    parser.close()
    return parser.text()


class _TextParser(HTMLParser):
    """Collects text and line breaks; the result is read once with :meth:`text`."""

    def __init__(self, *, name: str, max_depth: int) -> None:
        super().__init__(convert_charrefs=True)
        self._name = name
        self._max_depth = max_depth
        self._open: list[str] = []  # open elements counted in the nesting depth
        self._lines: list[str] = []
        self._current: list[str] = []
        self._dropped_depth = 0
        self._pre_depth = 0
        self._cells_in_row = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._open_element(tag)
        if tag == "body":
            self._dropped_depth = 0  # browsers close an unclosed <head> here
        if tag in DROPPED_TAGS and tag not in VOID_TAGS:
            self._dropped_depth += 1
        elif tag == "br":
            self._end_line(keep_empty=True)
        elif tag in CELL_TAGS:
            if self._cells_in_row:
                self._current.append("\t")
            self._cells_in_row += 1
        elif tag in BLOCK_TAGS:
            self._end_line()
            if tag == "tr":
                self._cells_in_row = 0
            if tag == "pre":
                self._pre_depth += 1

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "br":
            self._end_line(keep_empty=True)
        elif tag in BLOCK_TAGS:
            self._end_line()

    def handle_endtag(self, tag: str) -> None:
        self._close_element(tag)
        if tag in DROPPED_TAGS and tag not in VOID_TAGS:
            self._dropped_depth = max(0, self._dropped_depth - 1)
        elif tag in BLOCK_TAGS:
            self._end_line()
            if tag == "pre":
                self._pre_depth = max(0, self._pre_depth - 1)

    def handle_data(self, data: str) -> None:
        if self._dropped_depth:
            return
        if self._pre_depth:
            first, *rest = data.split("\n")
            self._current.append(first)
            for line in rest:
                self._end_line(keep_empty=True)
                self._current.append(line)
        else:
            self._current.append(SPACES.sub(" ", data))

    def _open_element(self, tag: str) -> None:
        """Track nesting depth; refuse it past the cap."""
        if tag in VOID_TAGS or tag in OPTIONAL_END_TAGS:
            return
        self._open.append(tag)
        if len(self._open) > self._max_depth:
            raise ResourceLimitError(
                f"{self._name}: HTML elements nested more than {self._max_depth} deep"
                " (limit max_nesting_depth)",
                limit="max_nesting_depth",
            )

    def _close_element(self, tag: str) -> None:
        """Close ``tag`` and whatever was left open inside it; ignore a stray end tag."""
        for back in range(1, min(len(self._open), END_TAG_LOOKBACK) + 1):
            if self._open[-back] == tag:
                del self._open[-back:]
                return

    def _end_line(self, *, keep_empty: bool = False) -> None:
        line = "".join(self._current)
        self._current = []
        line = line.rstrip() if self._pre_depth else line.strip(" ")
        if line.strip() or keep_empty:
            self._lines.append(line)

    def text(self) -> str:
        """The collected lines, without leading, trailing or repeated blank lines."""
        self._end_line()
        lines: list[str] = []
        for line in self._lines:
            if line.strip() or (lines and lines[-1].strip()):
                lines.append(line if line.strip() else "")
        while lines and not lines[-1]:
            lines.pop()
        return "\n".join(lines)
