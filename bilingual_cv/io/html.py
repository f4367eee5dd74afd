"""HTML -> text with libxml2's HTML parser (through lxml), driving a small event target.

Block elements (paragraphs, headings, list items, table rows, ``<br>``) end lines; a heading
element keeps its level as markdown heading marks (``<h2>`` -> ``## ``); table cells
in a row are joined by a tab; ``<script>``, ``<style>``, ``<head>`` and other non-content
elements are dropped, and so are the link lists of a ``<nav>`` (a site's menu, a table of
contents that repeats every heading of the page; the site's name beside them stays); entities are decoded; whitespace collapses as a browser would, except
inside ``<pre>``. The encoding comes from a byte-order mark, else a ``<meta charset>`` /
``http-equiv`` declaration in the first bytes, else the same detection as plain text; a
declared charset that is unknown or not a text encoding (``base64``, ``rot13``) is ignored.

Why libxml2 and not the standard library's ``html.parser`` (used before) or an HTML5 parser:
``bench/readers.py`` found ``html.parser`` (Python 3.11) quadratic on unclosed tags, comments
and CDATA sections (48 KB of ``<meta `` took 10 s, 100 KB more than a minute), and lexbor
(selectolax) quadratic on misnested formatting elements; libxml2 stayed linear on every
pattern tried, gives the same text on CV pages, and is 2-4 times faster than ``html.parser``
(``docs/readers.md`` has the table). The element rules stay ours: they are what make a date
column stay on its entry's line.

Nesting deeper than ``Limits.max_nesting_depth`` is refused with
:class:`~bilingual_cv.errors.ResourceLimitError`. libxml2 closes implied elements (an unclosed
``<p>``, ``<li>``, ``<td>``) the way browsers do, so sloppy but real HTML stays shallow;
libxml2's own depth cut (256, which silently drops the rest) is lifted so ours applies.
Text past ``Limits.max_text_chars`` is refused while parsing: a page over
:data:`FEED_CHARS` is given to libxml2 a part at a time, and the characters that no rule
removes (all but white space) are counted as they come, so a 40 MB page of plain text stops
after its first million characters instead of being parsed whole (it peaked at 700-880 MB).
"""

from __future__ import annotations

import codecs
import re

import lxml.etree

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
#: Heading elements and their level, kept as markdown heading marks (``<h2>`` -> ``## ``) so
#: that the section stage sees a page's heading levels as it sees a markdown file's.
HEADING_LEVELS = {f"h{level}": level for level in range(1, 7)}
#: Table cells: separated by a tab within their row.
CELL_TAGS = frozenset({"td", "th"})
#: Runs of whitespace that a browser shows as one space.
SPACES = re.compile(r"[ \t\n\r\f]+")
#: Characters of markup given to libxml2 at a time, for a page larger than this (CV pages are
#: under 100 KB and are parsed in one piece, as before).
FEED_CHARS = 1 << 20
#: White space, which the text rules may drop; every other character reaches the text.
_DROPPABLE = str.maketrans("", "", " \t\n\r\f")


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
    ('## 教育背景\\n清华大学\\xa0博士 & 硕士\\n2019–2024', 'gb18030')
    """
    markup, encoding = decode_html(data, name=name)
    text = html_to_text(
        markup,
        name=name,
        max_depth=limits.max_nesting_depth,
        max_chars=limits.max_text_chars,
    )
    return text, encoding


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
    markup: str,
    *,
    name: str = "<bytes>",
    max_depth: int = DEFAULT_LIMITS.max_nesting_depth,
    max_chars: int = DEFAULT_LIMITS.max_text_chars,
) -> str:
    """Visible text of an HTML document, one line per block element.

    Refuses, while parsing, text that will be longer than ``max_chars``: more than that many
    characters that are not white space.

    >>> html_to_text("<style>p{}</style><ul><li>ICSE 2023</li><li>FSE&#160;2022</li></ul>")
    'ICSE 2023\\nFSE\\xa02022'
    >>> html_to_text("<table><tr><td>2019 - 2024</td><td>Ph.D., <b>MIT</b></td></tr></table>")
    '2019 - 2024\\tPh.D., MIT'
    >>> html_to_text("<div>" * 9 + "Jane Roe", name="cv.html", max_depth=8)
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.ResourceLimitError: cv.html: HTML elements nested more than 8 deep (limit max_nesting_depth)
    >>> html_to_text("<p>Jane Roe</p>" * 3, name="cv.html", max_chars=20)
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.ResourceLimitError: cv.html: more than 20 characters of text (limit max_text_chars)
    """
    target = _TextTarget(name=name, max_depth=max_depth, max_chars=max_chars)
    parser = lxml.etree.HTMLParser(
        target=target,
        encoding="utf-8",  # the markup is already decoded: ignore any <meta charset>
        recover=True,
        no_network=True,
        huge_tree=True,  # depth is capped by the target, not by libxml2's silent cut at 256
        remove_comments=True,
        remove_pis=True,
        default_doctype=False,
    )
    # libxml2 stops at a NUL byte; a lone surrogate cannot be encoded
    for start in range(0, len(markup), FEED_CHARS):
        part = markup[start : start + FEED_CHARS]
        parser.feed(part.replace("\x00", "\ufffd").encode("utf-8", "replace"))
    if not markup:
        parser.feed(b"")
    try:
        text: str = parser.close()
    except lxml.etree.LxmlError:  # no markup at all ("Document is empty")
        return target.close()
    return text


class _TextTarget:
    """lxml parser target: collects text and line breaks from start, end and data events.

    libxml2 closes implied elements itself, so every start has its end and the open-element
    count is the nesting depth.
    """

    def __init__(self, *, name: str, max_depth: int, max_chars: int) -> None:
        self._name = name
        self._max_depth = max_depth
        self._max_chars = max_chars
        self._kept = 0  # characters of text that are not white space, so far
        self._depth = 0
        self._lines: list[str] = []
        self._current: list[str] = []
        self._dropped_depth = 0
        self._pre_depth = 0
        self._cells_in_row = 0
        self._nav_depth = 0  # open <nav> elements
        self._open_lists: list[bool] = []  # for each open <ul>/<ol>: whether it is dropped
        self._heading_level = 0  # level of the open <h1>-<h6>, 0 outside one

    def start(self, tag: str, attrib: object) -> None:
        """An element opens (``<br>`` opens and closes)."""
        self._depth += 1
        if self._depth > self._max_depth:
            raise ResourceLimitError(
                f"{self._name}: HTML elements nested more than {self._max_depth} deep"
                " (limit max_nesting_depth)",
                limit="max_nesting_depth",
            )
        if tag == "body":
            self._dropped_depth = 0  # browsers close an unclosed <head> here
        if tag == "nav":
            self._nav_depth += 1
        elif tag in ("ul", "ol"):
            self._open_lists.append(bool(self._nav_depth))
            if self._nav_depth:
                self._dropped_depth += 1
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
            self._heading_level = HEADING_LEVELS.get(tag, self._heading_level)

    def end(self, tag: str) -> None:
        """An element closes, explicitly or implied."""
        self._depth -= 1
        if tag == "nav":
            self._nav_depth = max(0, self._nav_depth - 1)
        elif tag in ("ul", "ol") and self._open_lists and self._open_lists.pop():
            self._dropped_depth = max(0, self._dropped_depth - 1)
        if tag in DROPPED_TAGS and tag not in VOID_TAGS:
            self._dropped_depth = max(0, self._dropped_depth - 1)
        elif tag in BLOCK_TAGS:
            self._end_line()
            if tag == "pre":
                self._pre_depth = max(0, self._pre_depth - 1)
            if tag in HEADING_LEVELS:
                self._heading_level = 0

    def data(self, data: str) -> None:
        """Text, entities already decoded."""
        if self._dropped_depth:
            return
        self._kept += len(data.translate(_DROPPABLE))
        if self._kept > self._max_chars:
            raise ResourceLimitError(
                f"{self._name}: more than {self._max_chars} characters of text"
                " (limit max_text_chars)",
                limit="max_text_chars",
            )
        if self._pre_depth:
            first, *rest = data.split("\n")
            self._current.append(first)
            for line in rest:
                self._end_line(keep_empty=True)
                self._current.append(line)
        else:
            self._current.append(SPACES.sub(" ", data))

    def comment(self, text: str) -> None:
        """Comments are not text."""

    def close(self) -> str:
        """The collected lines, without leading, trailing or repeated blank lines."""
        self._end_line()
        lines: list[str] = []
        for line in self._lines:
            if line.strip() or (lines and lines[-1].strip()):
                lines.append(line if line.strip() else "")
        while lines and not lines[-1]:
            lines.pop()
        return "\n".join(lines)

    def _end_line(self, *, keep_empty: bool = False) -> None:
        line = "".join(self._current)
        self._current = []
        line = line.rstrip() if self._pre_depth else line.strip(" ")
        if self._heading_level and line.strip():
            line = "#" * self._heading_level + " " + line
        if line.strip() or keep_empty:
            self._lines.append(line)
