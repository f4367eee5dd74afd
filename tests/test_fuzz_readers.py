"""Property: whatever bytes reach a reader, only a SourceText or an InputError comes out.

Hypothesis generates bytes for each reader: raw bytes, and bytes shaped like the format (a PDF
header and stream keywords, a zip holding mutated WordprocessingML, HTML tag soup, text in a
legacy encoding with damage). The default run keeps example counts small; the ``slow`` test
runs many more. ``scripts/fuzz.py`` does the same through the full parse on mutated real CVs.
"""

from __future__ import annotations

import io
import zipfile
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bilingual_cv.errors import InputError
from bilingual_cv.io.readers import FORMATS, SourceText, read_bytes_source

#: Examples per reader in the default run, and in the slow run.
QUICK = 60
THOROUGH = 1500
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"

PDF_PIECES = [
    b"%PDF-1.4\n",
    b"1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n",
    b"2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n",
    b"3 0 obj << /Type /Page /Parent 2 0 R /Contents 4 0 R >> endobj\n",
    b"4 0 obj << /Length 44 /Filter /FlateDecode >>\nstream\n",
    zlib.compress(b"BT /F1 11 Tf 72 740 Td (Jane Roe) Tj ET"),
    b"\nendstream endobj\n",
    b"xref\n0 5\n0000000000 65535 f \n",
    b"trailer << /Size 5 /Root 1 0 R >>\nstartxref\n9\n%%EOF\n",
    b"<< /Encrypt 9 0 R >>",
    b"stream\nx\x9c",
]
XML_PIECES = [
    "<w:p>",
    "</w:p>",
    "<w:r><w:t>Jane Roe</w:t></w:r>",
    "<w:tbl><w:tr><w:tc>",
    "</w:tc></w:tr></w:tbl>",
    "<w:br/>",
    "<w:tab/>",
    "<w:t>李华</w:t>",
    "<!DOCTYPE d [<!ENTITY e 'x'>]>",
    "&e;",
    "<w:sdt><w:sdtContent>",
    "<w:txbxContent>",
    "<![CDATA[x]]>",
    "<",
    "&",
]
HTML_PIECES = [
    "<!DOCTYPE html>",
    '<meta charset="gbk">',
    '<meta charset="base64">',
    "<p>",
    "<div>",
    "</div>",
    "<table><tr><td>2019",
    "<td>Jane Roe",
    "<br>",
    "<pre>\n",
    "<script>",
    "</script>",
    "<!--",
    "-->",
    "&nbsp;",
    "&#x0;",
    "&#99999999;",
    "李华",
    "<li>",
    "<b><i></b></i>",
    "<![CDATA[",
    "<",
]


def check_reader(data: bytes, fmt: str | None) -> None:
    """The property: a SourceText with text, or an InputError; nothing else."""
    try:
        source = read_bytes_source(data, name="fuzz", format=fmt)
    except InputError as exc:
        assert str(exc).startswith("fuzz")
        assert exc.code != "error"
        return
    assert isinstance(source, SourceText)
    assert source.text.strip()
    assert "\r" not in source.text
    assert source.format in FORMATS


def zip_document(xml: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("word/document.xml", xml)
    return out.getvalue()


raw_bytes = st.binary(max_size=4096)
text_like = st.one_of(
    st.text(max_size=400).flatmap(
        lambda text: st.sampled_from(["utf-8", "gb18030", "big5", "utf-16", "cp1252"]).map(
            lambda codec: text.encode(codec, "ignore")
        )
    ),
    st.tuples(st.binary(max_size=2000), st.binary(max_size=50)).map(lambda pair: pair[0] + pair[1]),
)
pdf_like = st.lists(
    st.one_of(st.sampled_from(PDF_PIECES), st.binary(max_size=40)), max_size=14
).map(lambda pieces: b"%PDF-1.4\n" + b"".join(pieces))
docx_like = st.lists(st.sampled_from(XML_PIECES), max_size=40).map(
    lambda pieces: zip_document(
        (
            f'<w:document xmlns:w="{W_NS}"><w:body>' + "".join(pieces) + "</w:body></w:document>"
        ).encode()
    )
)
docx_damaged = st.tuples(docx_like, st.integers(0, 400), st.binary(min_size=1, max_size=8)).map(
    lambda t: t[0][: t[1]] + t[2] + t[0][t[1] + len(t[2]) :]
)
html_like = st.lists(
    st.one_of(st.sampled_from(HTML_PIECES), st.text(max_size=12)), max_size=60
).map(lambda pieces: "".join(pieces).encode("utf-8", "surrogatepass"))

CASES = {
    "raw-any": (raw_bytes, None),
    "text": (text_like, "txt"),
    "pdf": (st.one_of(pdf_like, raw_bytes.map(lambda b: b"%PDF-" + b)), "pdf"),
    "docx": (st.one_of(docx_like, docx_damaged), "docx"),
    "html": (st.one_of(html_like, raw_bytes), "html"),
}


@pytest.mark.parametrize("case", CASES)
def test_readers_raise_only_input_errors(case: str) -> None:
    strategy, fmt = CASES[case]

    @settings(max_examples=QUICK, **SETTINGS)  # type: ignore[arg-type]
    @given(strategy)
    def run(data: bytes) -> None:
        check_reader(data, fmt)

    run()


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES)
def test_readers_raise_only_input_errors_thoroughly(case: str) -> None:
    strategy, fmt = CASES[case]

    @settings(max_examples=THOROUGH, **SETTINGS)  # type: ignore[arg-type]
    @given(strategy)
    def run(data: bytes) -> None:
        check_reader(data, fmt)

    run()
