"""DOCX -> text: paragraphs and table cells in document order, with zipfile + ElementTree.

Why no python-docx: it needs lxml (a large C extension) and, to keep paragraphs and tables in
document order, one has to walk ``document.element.body`` by hand anyway. Reading text needs
six WordprocessingML elements (paragraph, run text, tab, break, table row, table cell), so the
standard library does it with no dependency.

Rules, each from how CV templates are built in Word:

- a paragraph is a line; ``w:tab`` is a tab, ``w:br``/``w:cr`` a line break;
- a table row whose cells hold one line each becomes one line, cells joined by a tab (a
  date column beside an entry stays on the entry's line); a row with multi-line cells gives
  each cell's lines in order, left to right; empty cells (vertical merges) are skipped;
- text boxes (sidebars, dates, contacts) follow the paragraph that anchors them, and only
  once: the ``mc:Fallback`` VML copy of a text box is skipped. A floating box placed below or
  above its anchor by more than the anchor's own lines (Word anchors a box to the paragraph
  it was dropped nearest, often the one before the entry it dates) follows the paragraph it
  stands beside instead, found by estimating the paragraphs' heights (:data:`LINE_POINTS` a
  line); several boxes anchored in one paragraph are read top to bottom;
- deleted tracked changes (``w:delText``) and field codes (``w:instrText``) are not text.

Headers, footers, footnotes and comments are not read.

Hostile archives are refused with an :class:`~bilingual_cv.errors.InputError` before they cost
much (caps from :class:`~bilingual_cv.io.limits.Limits`): too many zip entries (counted in the
central directory, before :mod:`zipfile` lists them), a document part whose declared size or compression
ratio is too large, inflated in chunks so a lying header is caught too; a corrupt deflate
stream or a bad CRC is a corrupt file; the XML is parsed with expat directly so that any DTD
(entity expansion, "billion laughs") is refused wherever it appears, and nesting deeper than
``max_nesting_depth`` is refused while parsing, so walking the tree cannot recurse too deep;
so are more than ``max_xml_elements`` elements (32 MB of XML in a 5 MB .docx took 11 s and
1 GB), and elements that hold no text are dropped as they close.
"""

from __future__ import annotations

import re
import struct
import zipfile
import zlib
from bisect import bisect_right
from collections.abc import Iterator
from io import BytesIO
from math import inf
from xml.etree import ElementTree
from xml.parsers import expat

from bilingual_cv.errors import (
    CorruptFileError,
    ResourceLimitError,
    UnsupportedFormatError,
)
from bilingual_cv.io.limits import DEFAULT_LIMITS, RATIO_CHECK_MIN_BYTES, Limits

#: WordprocessingML main namespace, as ElementTree spells qualified names.
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
#: Markup-compatibility namespace: mc:AlternateContent holds a text box twice.
MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
#: DrawingML's Word namespace: a floating shape's anchor and position.
WP = "{http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing}"
#: Points in an EMU, DrawingML's unit (914,400 an inch).
EMU_POINTS = 1 / 12700
#: The height of one line of a CV's body text with its spacing, in points (10.5-12 pt type).
LINE_POINTS = 15.0
#: Half-width characters on one line of a page's text (a CJK character counts two).
LINE_WIDTH = 90
#: How a floating box's vertical position is measured when it follows its paragraph.
PARAGRAPH_FRAMES = frozenset({"paragraph", "line"})
#: Elements that only wrap block content (content controls, custom XML, tracked insertions).
WRAPPERS = frozenset({f"{W}sdt", f"{W}sdtContent", f"{W}customXml", f"{W}ins"})
#: Elements the text is read from, kept even when empty; any other element that ends up
#: with no children (formatting, bookmarks, drawings' geometry ...) holds no text for the
#: rules below and is dropped as soon as it closes, so memory follows the text, not the XML.
KEPT_TAGS = frozenset(
    {f"{W}{local}" for local in ("p", "t", "tab", "br", "cr", "noBreakHyphen", "tbl", "tr")}
    | {f"{W}{local}" for local in ("tc", "txbxContent", "body")}
    | {f"{WP}{local}" for local in ("anchor", "positionV", "posOffset")}
    | WRAPPERS
)
#: The part that holds the body.
DOCUMENT_PART = "word/document.xml"
#: Signature of a zip's end-of-central-directory record, its size, and the most bytes after
#: its start (the record is 22 bytes, then a comment of up to 65,535).
ZIP_END_SIGNATURE = b"PK\x05\x06"
ZIP_END_SIZE = 22
ZIP_END_WINDOW = ZIP_END_SIZE + 0xFFFF
#: A central-directory header: its signature and fixed size (then name, extra, comment).
CENTRAL_SIGNATURE = b"PK\x01\x02"
CENTRAL_HEADER_SIZE = 46
#: The Zip64 end locator, which :mod:`zipfile` looks for just before the end record.
ZIP64_LOCATOR = b"PK\x06\x07"
ZIP64_LOCATOR_SIZE = 20
#: Bytes inflated at a time from the document part.
INFLATE_CHUNK = 64 * 1024


def extract_docx_text(
    data: bytes, *, name: str = "<bytes>", limits: Limits = DEFAULT_LIMITS
) -> str:
    """Text of a .docx body: one line per paragraph, tables row by row.

    Args:
        data: The .docx file's bytes.
        name: The file name or label that error messages start with.
        limits: Caps on zip entries, the document part's size and ratio, and XML nesting.

    Returns:
        The text, lines joined by ``\\n``.

    Raises:
        CorruptFileError: Not a zip, a damaged deflate stream, malformed XML or a DTD.
        UnsupportedFormatError: A zip without ``word/document.xml`` (.odt, .xlsx ...).
        ResourceLimitError: Too many entries, too large, too compressed or too deeply nested.

    >>> extract_docx_text(b"PK\\x03\\x04 cut short", name="cv.docx")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.CorruptFileError: cv.docx: not a readable .docx (corrupt zip: File is not a zip file)
    """
    check_zip_entry_count(data, limits, name=name)
    body = _read_body(data, name=name, limits=limits)
    try:
        return "\n".join(_block_lines(body))
    except RecursionError:  # only if a caller raised max_nesting_depth past Python's stack
        raise ResourceLimitError(
            f"{name}: document nested too deeply to walk (limit max_nesting_depth)",
            limit="max_nesting_depth",
        ) from None


def check_zip_entry_count(data: bytes, limits: Limits, *, name: str) -> None:
    """Refuse an archive whose central directory holds more than ``limits.max_zip_entries``.

    :mod:`zipfile` builds an object per entry before anything can be checked, so a 60 MB zip of
    a million empty entries would cost gigabytes. The end record's count can lie (it may claim
    3 entries and the directory hold 600,001, which :mod:`zipfile` reads all of), so the
    headers are counted in the directory itself, the one :mod:`zipfile` will read, stopping at
    the cap. A missing or damaged end record or directory is left to :mod:`zipfile` to report.

    >>> header = b"PK\\x01\\x02" + bytes(24) + (1).to_bytes(2, "little") + bytes(16) + b"x"
    >>> directory = header * 1001
    >>> end = b"PK\\x05\\x06" + bytes(4) + (3).to_bytes(2, "little") * 2
    >>> end += len(directory).to_bytes(4, "little") + bytes(6)
    >>> check_zip_entry_count(directory + end, Limits(max_zip_entries=1000), name="cv.docx")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.ResourceLimitError: cv.docx: zip archive has more than 1000 entries (limit max_zip_entries = 1000)
    """
    found = _zip_end_record(data)
    if found is None:
        return
    location, directory_size = found
    if data[max(0, location - ZIP64_LOCATOR_SIZE) : location].startswith(ZIP64_LOCATOR):
        raise ResourceLimitError(  # zipfile would read its counts from the Zip64 record
            f"{name}: Zip64 archive, larger than any CV (limit max_zip_entries)",
            limit="max_zip_entries",
        )
    start = location - directory_size  # where zipfile reads the directory from
    if start < 0 or directory_size // CENTRAL_HEADER_SIZE <= limits.max_zip_entries:
        return  # zipfile refuses the offset, or the directory cannot hold more than the cap
    end = start + directory_size
    position = start
    entries = 0
    while position < end and data[position : position + 4] == CENTRAL_SIGNATURE:
        entries += 1
        if entries > limits.max_zip_entries:
            raise ResourceLimitError(
                f"{name}: zip archive has more than {limits.max_zip_entries} entries"
                f" (limit max_zip_entries = {limits.max_zip_entries})",
                limit="max_zip_entries",
            )
        name_size, extra_size, comment_size = struct.unpack_from("<3H", data, position + 28)
        position += CENTRAL_HEADER_SIZE + name_size + extra_size + comment_size


def _zip_end_record(data: bytes) -> tuple[int, int] | None:
    """Where :mod:`zipfile` finds the end record (its ``_EndRecData``), and the central
    directory size the record gives; None when it finds none.

    >>> _zip_end_record(b"PK\\x05\\x06" + bytes(8) + (46).to_bytes(4, "little") + bytes(6))
    (0, 46)
    """
    if len(data) < ZIP_END_SIZE:
        return None
    tail = len(data) - ZIP_END_SIZE
    if data[tail : tail + 4] == ZIP_END_SIGNATURE and data[-2:] == b"\x00\x00":
        location = tail  # a record without a comment, at the very end
    else:
        location = data.rfind(ZIP_END_SIGNATURE, max(0, len(data) - ZIP_END_WINDOW))
        if location < 0 or len(data) < location + ZIP_END_SIZE:
            return None
    (directory_size,) = struct.unpack_from("<I", data, location + 12)
    return location, directory_size


def check_zip_member_size(info: zipfile.ZipInfo, limits: Limits, *, name: str) -> None:
    """Refuse a member whose header declares too large a size or compression ratio.

    >>> info = zipfile.ZipInfo("word/document.xml")
    >>> info.file_size, info.compress_size = 40 * 1024 * 1024, 40 * 1024
    >>> check_zip_member_size(info, DEFAULT_LIMITS, name="cv.docx")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.ResourceLimitError: cv.docx: document part inflates to 41943040 bytes (limit max_unzipped_bytes = 33554432)
    """
    if info.file_size > limits.max_unzipped_bytes:
        raise ResourceLimitError(
            f"{name}: document part inflates to {info.file_size} bytes"
            f" (limit max_unzipped_bytes = {limits.max_unzipped_bytes})",
            limit="max_unzipped_bytes",
        )
    if info.file_size > RATIO_CHECK_MIN_BYTES:
        ratio = info.file_size / max(info.compress_size, 1)
        if ratio > limits.max_compression_ratio:
            raise ResourceLimitError(
                f"{name}: document part compressed {ratio:.0f} to 1, a zip bomb"
                f" (limit max_compression_ratio = {limits.max_compression_ratio:g})",
                limit="max_compression_ratio",
            )


def _read_body(data: bytes, *, name: str, limits: Limits) -> ElementTree.Element:
    """Inflate the document part chunk by chunk into the XML parser; return ``w:body``."""
    parser = _BodyParser(
        name=name, max_depth=limits.max_nesting_depth, max_elements=limits.max_xml_elements
    )
    try:
        with zipfile.ZipFile(BytesIO(data)) as archive:
            try:
                info = archive.getinfo(DOCUMENT_PART)
            except KeyError:
                raise UnsupportedFormatError(
                    f"{name}: not a Word .docx file (no {DOCUMENT_PART} in the archive)"
                ) from None
            check_zip_member_size(info, limits, name=name)
            inflated = 0
            with archive.open(info) as member:
                while chunk := member.read(INFLATE_CHUNK):
                    inflated += len(chunk)
                    if inflated > limits.max_unzipped_bytes:  # zipfile stops at the
                        raise ResourceLimitError(  # declared size, but be sure
                            f"{name}: document part inflates past {limits.max_unzipped_bytes}"
                            " bytes (limit max_unzipped_bytes)",
                            limit="max_unzipped_bytes",
                        )
                    parser.feed(chunk)
        root = parser.close()
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        NotImplementedError,  # a compression method zipfile lacks (implode, deflate64 ...)
        zlib.error,
        EOFError,
        OSError,
        ValueError,
        RuntimeError,  # an encrypted member: "password required for extraction"
    ) as exc:
        raise CorruptFileError(f"{name}: not a readable .docx (corrupt zip: {exc})") from exc
    body = root.find(f"{W}body")
    if body is None:
        raise CorruptFileError(f"{name}: not a Word .docx file (document has no body)")
    return body


class _BodyParser:
    """Expat into an ElementTree, refusing any DTD and nesting beyond ``max_depth``.

    ElementTree's own parser cannot refuse a DTD (only expat's amplification guard stands
    between it and an entity bomb) nor stop at a depth, so this drives expat itself.
    One attribute is kept, the frame a floating box's vertical position is measured from
    (``relativeFrom`` of ``wp:positionV``): no other rule reads one.
    """

    def __init__(self, *, name: str, max_depth: int, max_elements: int) -> None:
        self._name = name
        self._max_depth = max_depth
        self._max_elements = max_elements
        self._elements = 0
        self._open: list[ElementTree.Element] = []
        self._builder = ElementTree.TreeBuilder()
        self._expat = expat.ParserCreate(namespace_separator="}")
        self._expat.buffer_text = True
        self._expat.StartElementHandler = self._start
        self._expat.EndElementHandler = self._end
        self._expat.CharacterDataHandler = self._builder.data
        self._expat.StartDoctypeDeclHandler = self._doctype
        self._expat.EntityDeclHandler = self._doctype

    def feed(self, chunk: bytes) -> None:
        """Parse the next bytes of the document part."""
        self._parse(chunk, final=False)

    def close(self) -> ElementTree.Element:
        """Finish parsing and return the root element."""
        self._parse(b"", final=True)
        return self._builder.close()

    def _parse(self, data: bytes, *, final: bool) -> None:
        try:
            self._expat.Parse(data, final)
        except expat.ExpatError as exc:
            raise CorruptFileError(
                f"{self._name}: not a readable .docx (malformed XML: {exc})"
            ) from exc
        except LookupError as exc:
            if type(exc) is not LookupError:  # a KeyError or IndexError here is a bug
                raise
            # the XML declaration names an encoding Python does not know (encoding="UUF-8")
            raise CorruptFileError(f"{self._name}: not a readable .docx (XML {exc})") from exc

    def _start(self, tag: str, attrs: object) -> None:
        if len(self._open) >= self._max_depth:
            raise ResourceLimitError(
                f"{self._name}: XML nested more than {self._max_depth} deep"
                " (limit max_nesting_depth)",
                limit="max_nesting_depth",
            )
        self._elements += 1
        if self._elements > self._max_elements:
            raise ResourceLimitError(
                f"{self._name}: document part has more than {self._max_elements} XML elements"
                " (limit max_xml_elements)",
                limit="max_xml_elements",
            )
        qualified = _qualified(tag)
        kept = {}
        if qualified == _POSITION_V and isinstance(attrs, dict) and "relativeFrom" in attrs:
            kept = {"relativeFrom": str(attrs["relativeFrom"])}
        self._open.append(self._builder.start(qualified, kept))

    def _end(self, tag: str) -> None:
        element = self._builder.end(_qualified(tag))
        self._open.pop()
        if element.tag not in KEPT_TAGS and not len(element) and self._open:
            parent = self._open[-1]  # an element that holds no text: drop it (see KEPT_TAGS)
            if len(parent) and parent[-1] is element:
                del parent[-1]

    def _doctype(self, *args: object) -> None:
        raise CorruptFileError(f"{self._name}: not a Word .docx file (document part has a DTD)")


#: The element that holds a floating box's vertical position.
_POSITION_V = f"{WP}positionV"


def _qualified(tag: str) -> str:
    """Expat's ``uri}local`` as ElementTree's ``{uri}local``.

    >>> _qualified("urn:cv}p"), _qualified("p")
    ('{urn:cv}p', 'p')
    """
    return "{" + tag if "}" in tag else tag


def _block_lines(container: ElementTree.Element) -> list[str]:
    """Lines of the block-level children (paragraphs, tables, content controls) in order,
    each floating text box after the paragraph it stands beside."""
    blocks: list[list[str]] = [[]]  # the lines read before the first block, then each block's
    tops: list[float] = [-inf]  # where each block starts, in points from the first one's top
    moving: list[tuple[int, float, list[str]]] = []  # (anchor block, offset, lines) of boxes
    broken: set[int] = set()  # the paragraphs that line breaks cut into several lines
    for child in container:
        if child.tag == f"{W}p":
            lines, boxes = _paragraph(child)
            if sum(1 for line in lines if line.strip()) >= 2:
                broken.add(len(blocks))
            blocks.append(lines)
            for box, offset in boxes:
                if offset is None:
                    blocks[-1].extend(box)
                else:
                    moving.append((len(blocks) - 1, offset, box))
        elif child.tag == f"{W}tbl":
            blocks.append(list(_table_lines(child)))
        elif child.tag in WRAPPERS:
            blocks.append(_block_lines(child))
        else:
            continue
        tops.append(tops[-1] + _height(blocks[-2]) if len(blocks) > 2 else 0.0)
    for anchor, offset, box in moving:
        blocks[_beside(tops, anchor, offset)].extend(box)
    return _flatten(blocks, broken)


def _flatten(blocks: list[list[str]], broken: set[int]) -> list[str]:
    """The blocks' lines in order, each paragraph that line breaks cut into several lines
    set apart by blank lines: someone kept those lines in one paragraph (Shift+Enter), so
    they are one item (``Authors`` / ``Title`` / ``Venue, 2023``), and the next paragraph
    starts another.

    >>> _flatten([[], ["Education"], ["Ann Lee", "Toy Paper", "ToyConf 2023"], ["Bo Wu"]], {2})
    ['Education', '', 'Ann Lee', 'Toy Paper', 'ToyConf 2023', '', 'Bo Wu']
    """
    out: list[str] = []
    for index, block in enumerate(blocks):
        apart = index in broken
        if apart and out and out[-1].strip():
            out.append("")
        out.extend(block)
        if apart and block and block[-1].strip():
            out.append("")
    return out


def _height(lines: list[str]) -> float:
    """The estimated height of a block's lines on the page, in points (long lines wrap).

    >>> _height(["Education"]), _height(["x" * 100]), _height([])
    (15.0, 30.0, 15.0)
    """
    wraps = sum(1 + _width(line) // (LINE_WIDTH + 1) for line in lines)
    return LINE_POINTS * max(1, wraps)


def _width(line: str) -> int:
    """A line's width in half-width characters (an East Asian character, from U+3000 on,
    is two).

    >>> _width("Ph.D."), _width("博士")
    (5, 4)
    """
    return len(line) + sum(1 for char in line if char >= "\u3000")


def _beside(tops: list[float], anchor: int, offset: float) -> int:
    """The block a floating box stands beside: ``offset`` points below the top of block
    ``anchor`` (above it when negative); ``tops`` says where each block starts (block 0 holds
    what is read before the first, at minus infinity). A box stands beside a block when its
    top is at most half a line above the block's top.

    >>> tops = [-inf, 0.0, 15.0, 30.0]
    >>> _beside(tops, 1, 2.0), _beside(tops, 1, 18.0), _beside(tops, 2, -14.0)
    (1, 2, 1)
    >>> _beside(tops, 1, 90.0), _beside(tops, 1, -20.0)
    (3, 0)
    """
    return bisect_right(tops, tops[anchor] + offset + LINE_POINTS / 2) - 1


def _paragraph(
    paragraph: ElementTree.Element,
) -> tuple[list[str], list[tuple[list[str], float | None]]]:
    """The paragraph's lines (``w:br`` splits it), and the lines of each text box in it with
    its offset below the paragraph in points (None when it is not measured from the
    paragraph: inline, or placed on the page), top to bottom."""
    parts: list[str] = []
    boxes: list[tuple[ElementTree.Element, float | None]] = []
    _collect_runs(paragraph, parts, boxes, None)
    if len(boxes) > 1 and all(offset is not None for _, offset in boxes):
        boxes.sort(key=_offset)  # boxes stacked beside one paragraph: top to bottom
    return "".join(parts).split("\n"), [(_block_lines(box), offset) for box, offset in boxes]


def _offset(box: tuple[ElementTree.Element, float | None]) -> float:
    """A text box's offset below its paragraph (0 for none), to sort stacked boxes by."""
    return box[1] or 0.0


def _collect_runs(
    element: ElementTree.Element,
    parts: list[str],
    boxes: list[tuple[ElementTree.Element, float | None]],
    offset: float | None,
) -> None:
    for child in element:
        tag = child.tag
        if tag == f"{W}t":
            parts.append(child.text or "")
        elif tag == f"{W}tab":
            parts.append("\t")
        elif tag in (f"{W}br", f"{W}cr"):
            parts.append("\n")
        elif tag == f"{W}noBreakHyphen":
            parts.append("-")
        elif tag == f"{W}txbxContent":
            boxes.append((child, offset))
        elif tag in (f"{W}del", f"{W}delText", f"{W}instrText", f"{MC}Fallback"):
            continue
        elif tag == f"{WP}anchor":
            _collect_runs(child, parts, boxes, _vertical_offset(child))
        else:
            _collect_runs(child, parts, boxes, offset)


def _vertical_offset(anchor: ElementTree.Element) -> float | None:
    """How far below its paragraph's top a floating shape stands, in points; None when its
    position is measured from the page or a margin, or is an alignment."""
    position = anchor.find(_POSITION_V)
    if position is None or position.get("relativeFrom") not in PARAGRAPH_FRAMES:
        return None
    offset = position.find(f"{WP}posOffset")
    text = (offset.text or "").strip() if offset is not None else ""
    if not _EMU_RE.fullmatch(text):  # a damaged number reads as no position
        return None
    return int(text) * EMU_POINTS


#: A DrawingML coordinate as Word writes it: an integer of EMUs (ASCII digits only).
_EMU_RE = re.compile(r"-?[0-9]{1,12}")


def _table_lines(table: ElementTree.Element) -> Iterator[str]:
    """Rows in order; nested tables come through their cell's block content."""
    for row in _unwrapped(table, f"{W}tr"):
        cells = [
            [line for line in _block_lines(cell) if line.strip()]
            for cell in _unwrapped(row, f"{W}tc")
        ]
        cells = [cell for cell in cells if cell]
        if all(len(cell) == 1 for cell in cells):
            if cells:
                yield "\t".join(cell[0] for cell in cells)
        else:
            for cell in cells:
                yield from cell


def _unwrapped(parent: ElementTree.Element, tag: str) -> Iterator[ElementTree.Element]:
    """Children with ``tag``, looking through content-control and custom-XML wrappers."""
    for child in parent:
        if child.tag == tag:
            yield child
        elif child.tag in WRAPPERS:
            yield from _unwrapped(child, tag)
