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
- text boxes (sidebars) follow the paragraph that anchors them, and only once: the
  ``mc:Fallback`` VML copy of a text box is skipped;
- deleted tracked changes (``w:delText``) and field codes (``w:instrText``) are not text.

Headers, footers, footnotes and comments are not read.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from io import BytesIO
from xml.etree import ElementTree

from bilingual_cv.errors import CorruptFileError, FileTooLargeError, UnsupportedFormatError

#: WordprocessingML main namespace, as ElementTree spells qualified names.
W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
#: Markup-compatibility namespace: mc:AlternateContent holds a text box twice.
MC = "{http://schemas.openxmlformats.org/markup-compatibility/2006}"
#: Elements that only wrap block content (content controls, custom XML, tracked insertions).
WRAPPERS = frozenset({f"{W}sdt", f"{W}sdtContent", f"{W}customXml", f"{W}ins"})
#: The part that holds the body.
DOCUMENT_PART = "word/document.xml"
#: A larger document part is refused (zip bomb guard); real CVs are well under 1 MB.
MAX_DOCUMENT_BYTES = 50 * 1024 * 1024


def extract_docx_text(data: bytes, *, name: str = "<bytes>") -> str:
    """Text of a .docx body: one line per paragraph, tables row by row.

    Args:
        data: The .docx file's bytes.
        name: The file name or label that error messages start with.

    Returns:
        The text, lines joined by ``\\n``.

    Raises:
        CorruptFileError: Not a zip, or malformed XML.
        UnsupportedFormatError: A zip without ``word/document.xml`` (.odt, .xlsx ...).
        FileTooLargeError: The document part is larger than any CV.

    >>> extract_docx_text(b"PK\\x03\\x04 cut short", name="cv.docx")
    Traceback (most recent call last):
    ...
    bilingual_cv.errors.CorruptFileError: cv.docx: not a readable .docx (corrupt zip: File is not a zip file)
    """
    body = _read_body(data, name=name)
    return "\n".join(_block_lines(body))


def _read_body(data: bytes, *, name: str) -> ElementTree.Element:
    try:
        with zipfile.ZipFile(BytesIO(data)) as archive:
            try:
                info = archive.getinfo(DOCUMENT_PART)
            except KeyError:
                raise UnsupportedFormatError(
                    f"{name}: not a Word .docx file (no {DOCUMENT_PART} in the archive)"
                ) from None
            if info.file_size > MAX_DOCUMENT_BYTES:
                raise FileTooLargeError(f"{name}: document part too large ({info.file_size} bytes)")
            xml = archive.read(info)
    except (zipfile.BadZipFile, zipfile.LargeZipFile, EOFError, OSError) as exc:
        raise CorruptFileError(f"{name}: not a readable .docx (corrupt zip: {exc})") from exc
    if b"<!DOCTYPE" in xml[:4096]:  # WordprocessingML never has a DTD; refuse entity tricks
        raise CorruptFileError(f"{name}: not a Word .docx file (document part has a DTD)")
    try:
        root = ElementTree.fromstring(xml)
    except ElementTree.ParseError as exc:
        raise CorruptFileError(f"{name}: not a readable .docx (malformed XML: {exc})") from exc
    body = root.find(f"{W}body")
    if body is None:
        raise CorruptFileError(f"{name}: not a Word .docx file (document has no body)")
    return body


def _block_lines(container: ElementTree.Element) -> Iterator[str]:
    """Lines of the block-level children (paragraphs, tables, content controls) in order."""
    for child in container:
        if child.tag == f"{W}p":
            yield from _paragraph_lines(child)
        elif child.tag == f"{W}tbl":
            yield from _table_lines(child)
        elif child.tag in WRAPPERS:
            yield from _block_lines(child)


def _paragraph_lines(paragraph: ElementTree.Element) -> Iterator[str]:
    """The paragraph's text (``w:br`` splits it), then the lines of any text box in it."""
    parts: list[str] = []
    boxes: list[ElementTree.Element] = []
    _collect_runs(paragraph, parts, boxes)
    yield from "".join(parts).split("\n")
    for box in boxes:
        yield from _block_lines(box)


def _collect_runs(
    element: ElementTree.Element, parts: list[str], boxes: list[ElementTree.Element]
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
            boxes.append(child)
        elif tag in (f"{W}del", f"{W}delText", f"{W}instrText", f"{MC}Fallback"):
            continue
        else:
            _collect_runs(child, parts, boxes)


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
