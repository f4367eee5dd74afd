"""Fixture builders for tests/io: PDFs and DOCX files written byte by byte, no ../shared needed.

The PDFs are hand-assembled (objects, content streams, a computed xref table) so that each
failure mode is exact: a page with an image and no text (a scan), an /Encrypt dictionary whose
user password is not empty, a file cut in half. The text is synthetic, never a seed's.
"""

from __future__ import annotations

import io
import zipfile
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from xml.sax.saxutils import escape

import pytest

SHARED_DIR = Path(__file__).resolve().parents[3] / "shared"
SEEDS_DIR = SHARED_DIR / "seeds"
SEEDS_PDF_DIR = SHARED_DIR / "seeds-pdf"

#: A 2x2 grey image drawn on the page: what a scanner leaves, with no text layer.
SCAN_CONTENT = b"q 200 0 0 200 72 500 cm BI /W 2 /H 2 /CS /G /BPC 8 ID \x00\xff\xff\x00 EI Q"

PdfBuilder = Callable[..., bytes]
DocxBuilder = Callable[..., bytes]


def _pdf_string(text: str) -> bytes:
    """A PDF literal string in WinAnsi: Latin text only."""
    escaped = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    return b"(" + escaped.encode("cp1252") + b")"


def _latin_content(lines: Sequence[str]) -> bytes:
    ops = [b"BT /F1 11 Tf 14 TL 72 740 Td"]
    for line in lines:
        ops.append(_pdf_string(line) + b" Tj T*")
    ops.append(b"ET")
    return b"\n".join(ops)


def _cjk_content(lines: Sequence[str]) -> bytes:
    """Identity-H codes equal to the BMP code points; the ToUnicode CMap maps them back."""
    ops = [b"BT /F2 11 Tf 14 TL 72 740 Td"]
    for line in lines:
        ops.append(b"<" + line.encode("utf-16-be").hex().encode() + b"> Tj T*")
    ops.append(b"ET")
    return b"\n".join(ops)


def _to_unicode_cmap(chars: set[str]) -> bytes:
    entries = [f"<{ord(c):04X}> <{ord(c):04X}>" for c in sorted(chars)]
    body = "\n".join(
        f"{len(entries[i : i + 100])} beginbfchar\n"
        + "\n".join(entries[i : i + 100])
        + "\nendbfchar"
        for i in range(0, len(entries), 100)
    )
    return (
        "/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n"
        "/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n"
        "/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n"
        "1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n"
        f"{body}\nendcmap\nCMapName currentdict /CMap defineresource pop\nend\nend"
    ).encode("ascii")


def _stream(data: bytes, *, flate: bool = False) -> bytes:
    if flate:
        data = zlib.compress(data, 9)
        return (
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(data) + data + b"\nendstream"
        )
    return b"<< /Length %d >>\nstream\n" % len(data) + data + b"\nendstream"


def build_pdf(
    pages: Sequence[Sequence[str] | bytes],
    *,
    cjk: bool = False,
    encrypted: bool = False,
    flate: bool = False,
    cjk_chars: str = "",
) -> bytes:
    """A PDF whose pages show ``pages`` (lines of text, or a raw content stream such as a scan).

    ``cjk`` writes the text with a Type0/Identity-H font and a ToUnicode map, as CJK PDFs do.
    ``encrypted`` adds a standard security handler whose user password is not empty, so the
    file cannot be opened without one. ``flate`` compresses the content streams (FlateDecode),
    as most PDF writers do. ``cjk_chars`` are more characters the CJK font's map holds, for
    raw content streams that show them (font ``/F2``, codes equal to the code points).
    """
    objects: list[bytes] = []

    def add(body: bytes) -> int:
        objects.append(body)
        return len(objects)

    catalog = add(b"")  # filled in once the page tree exists
    pages_obj = add(b"")
    latin_font = add(
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>"
    )
    resources = b"/F1 %d 0 R" % latin_font
    if cjk:
        chars = {c for page in pages if not isinstance(page, bytes) for line in page for c in line}
        chars |= set(cjk_chars)
        cmap = add(_stream(_to_unicode_cmap(chars)))
        descriptor = add(
            b"<< /Type /FontDescriptor /FontName /SimSun /Flags 4 /FontBBox [0 -200 1000 900]"
            b" /ItalicAngle 0 /Ascent 880 /Descent -120 /CapHeight 700 /StemV 80 >>"
        )
        cid_font = add(
            b"<< /Type /Font /Subtype /CIDFontType2 /BaseFont /SimSun /CIDSystemInfo"
            b" << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>"
            b" /FontDescriptor %d 0 R /DW 1000 >>" % descriptor
        )
        type0 = add(
            b"<< /Type /Font /Subtype /Type0 /BaseFont /SimSun /Encoding /Identity-H"
            b" /DescendantFonts [%d 0 R] /ToUnicode %d 0 R >>" % (cid_font, cmap)
        )
        resources += b" /F2 %d 0 R" % type0
    kids = []
    for page in pages:
        if isinstance(page, bytes):
            content = page
        else:
            content = _cjk_content(page) if cjk else _latin_content(page)
        stream = add(_stream(content, flate=flate))
        kids.append(
            add(
                b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 612 792]"
                b" /Resources << /Font << %s >> >> /Contents %d 0 R >>"
                % (pages_obj, resources, stream)
            )
        )
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % pages_obj
    objects[pages_obj - 1] = b"<< /Type /Pages /Kids [%s] /Count %d >>" % (
        b" ".join(b"%d 0 R" % kid for kid in kids),
        len(kids),
    )
    trailer_extra = b""
    if encrypted:
        encrypt = add(
            b"<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44"
            b" /O <" + b"4f" * 32 + b"> /U <" + b"55" * 32 + b"> >>"
        )
        trailer_extra = b" /Encrypt %d 0 R /ID [<%s> <%s>]" % (encrypt, b"ab" * 16, b"ab" * 16)

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
        b"trailer\n<< /Size %d /Root %d 0 R%s >>\nstartxref\n%d\n%%%%EOF\n"
        % (len(objects) + 1, catalog, trailer_extra, xref)
    )
    return out.getvalue()


def _docx_paragraph(text: str) -> str:
    return f'<w:p><w:r><w:t xml:space="preserve">{escape(text)}</w:t></w:r></w:p>'


def build_docx(body_xml: str) -> bytes:
    """A minimal .docx whose ``w:body`` holds ``body_xml`` (WordprocessingML)."""
    document = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"'
        ' xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006"'
        ' xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape"'
        ' xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"'
        ' xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main"'
        ' xmlns:v="urn:schemas-microsoft-com:vml">'
        f"<w:body>{body_xml}<w:sectPr/></w:body></w:document>"
    )
    content_types = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/word/document.xml" ContentType="application/'
        'vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>'
    )
    rels = (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/officeDocument" Target="word/document.xml"/></Relationships>'
    )
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("[Content_Types].xml", content_types)
        archive.writestr("_rels/.rels", rels)
        archive.writestr("word/document.xml", document)
    return out.getvalue()


def docx_paragraphs(*lines: str) -> str:
    """WordprocessingML for one paragraph per line."""
    return "".join(_docx_paragraph(line) for line in lines)


def docx_table(rows: Sequence[Sequence[str | Sequence[str]]]) -> str:
    """WordprocessingML for a table; a cell is a line or a list of paragraph lines."""
    cells_xml = []
    for row in rows:
        cells = []
        for cell in row:
            lines = [cell] if isinstance(cell, str) else list(cell)
            cells.append("<w:tc>" + docx_paragraphs(*lines) + "</w:tc>")
        cells_xml.append("<w:tr>" + "".join(cells) + "</w:tr>")
    return "<w:tbl>" + "".join(cells_xml) + "</w:tbl>"


@pytest.fixture
def pdf_builder() -> PdfBuilder:
    return build_pdf


@pytest.fixture
def docx_builder() -> DocxBuilder:
    return build_docx


@pytest.fixture
def seeds_pdf_dir() -> Path:
    if not SEEDS_PDF_DIR.is_dir() or not SEEDS_DIR.is_dir():
        pytest.skip(f"seed PDFs not found at {SEEDS_PDF_DIR} (../shared is absent)")
    return SEEDS_PDF_DIR
