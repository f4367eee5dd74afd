"""Hostile and huge inputs at the readers: each one a typed InputError, never a traceback.

Every fixture is built here from fictional text ("Jane Roe", "李华"): zip bombs, nested tables,
bogus charsets, corrupt deflate streams, entity bombs, deep HTML, a PDF whose content stream
inflates to many megabytes. Caps are lowered through ``Limits`` where that keeps a test fast.
"""

from __future__ import annotations

import io
import pickle
import random
import struct
import subprocess
import sys
import textwrap
import zipfile
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from bilingual_cv.errors import (
    CorruptFileError,
    FileTooLargeError,
    InputError,
    ResourceLimitError,
)
from bilingual_cv.io.limits import DEFAULT_LIMITS, MIB, Limits
from bilingual_cv.io.pdf import check_stream_sizes
from bilingual_cv.io.readers import read_bytes_source, read_source

from .conftest import build_docx, build_pdf, docx_paragraphs, docx_table
from .hostile import (
    ascii_hex,
    deflate_run,
    lzw_run,
    pdf_with_streams,
    plain_html,
    rc4_encrypted_pdf,
    zip_claiming_entries,
)

W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
#: A line of a fictional CV, repeated to make big inputs.
CV_LINE = "Jane Roe, Ph.D. candidate, Example University, 2019 - 2024\n"
#: A PDF content-stream line that shows that text once.
PDF_TEXT_OP = b"BT /F1 11 Tf 72 740 Td (Jane Roe, research statement) Tj ET\n"


def zip_with(members: dict[str, bytes], *, method: int = zipfile.ZIP_DEFLATED) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", method) as archive:
        for filename, content in members.items():
            archive.writestr(filename, content)
    return out.getvalue()


def document_xml(body: str, *, prolog: str = "") -> bytes:
    return (
        f'<?xml version="1.0" encoding="UTF-8"?>{prolog}'
        f'<w:document xmlns:w="{W_NS}"><w:body>{body}</w:body></w:document>'
    ).encode()


def assert_limit(exc: pytest.ExceptionInfo[ResourceLimitError], limit: str) -> None:
    assert exc.value.limit == limit
    assert exc.value.code == "resource_limit"
    assert limit in str(exc.value)


# --------------------------------------------------------------------------- the error class


def test_resource_limit_error_is_an_input_error_with_a_stable_code() -> None:
    assert issubclass(ResourceLimitError, InputError)
    assert issubclass(FileTooLargeError, ResourceLimitError)
    assert FileTooLargeError("cv.pdf: too large").code == "file_too_large"
    assert FileTooLargeError("cv.pdf: too large").limit == "max_input_bytes"
    error = ResourceLimitError("cv.docx: zip bomb", limit="max_unzipped_bytes")
    copy = pickle.loads(pickle.dumps(error))  # batch workers send errors between processes
    assert (type(copy), str(copy), copy.limit) == (
        ResourceLimitError,
        "cv.docx: zip bomb",
        error.limit,
    )


@pytest.mark.parametrize("field", ["max_text_chars", "max_pdf_pages", "max_compression_ratio"])
@pytest.mark.parametrize("value", [0, -1, True])
def test_limits_refuse_non_positive_caps(field: str, value: int) -> None:
    with pytest.raises(ValueError, match=field):
        replace(DEFAULT_LIMITS, **{field: value})


# --------------------------------------------------------------------------- input and text size


def test_input_over_max_input_bytes_is_refused_before_reading(tmp_path: Path) -> None:
    path = tmp_path / "cv.txt"
    path.write_text(CV_LINE * 100, encoding="utf-8")
    limits = Limits(max_input_bytes=1000)
    with pytest.raises(FileTooLargeError) as exc:
        read_source(path, limits=limits)
    assert str(exc.value).startswith(str(path))
    with pytest.raises(FileTooLargeError):
        read_bytes_source(path.read_bytes(), limits=limits)
    assert read_source(path).text == CV_LINE * 100


@pytest.mark.parametrize("fmt", ["txt", "html", "docx", "pdf"])
def test_text_over_max_text_chars_is_refused_in_every_format(fmt: str) -> None:
    lines = [CV_LINE.strip()] * 40  # 40 x 58 characters
    data = {
        "txt": "\n".join(lines).encode(),
        "html": ("<p>" + "</p><p>".join(lines) + "</p>").encode(),
        "docx": build_docx(docx_paragraphs(*lines)),
        "pdf": build_pdf([lines[:20], lines[20:]]),
    }[fmt]
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(data, format=fmt, limits=Limits(max_text_chars=1000))
    assert_limit(exc, "max_text_chars")
    assert read_bytes_source(data, format=fmt, limits=Limits(max_text_chars=5000)).text.strip()


def test_pdf_text_cap_stops_at_the_page_that_crosses_it() -> None:
    pages = [[f"Page {n}: " + CV_LINE.strip()] * 10 for n in range(1, 31)]  # ~700 chars a page
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(build_pdf(pages), limits=Limits(max_text_chars=1500))
    assert "by page 3 of 30" in str(exc.value)


def test_pdf_over_max_pdf_pages_is_refused() -> None:
    pdf = build_pdf([[f"Jane Roe, page {n}"] for n in range(6)])
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(pdf, limits=Limits(max_pdf_pages=5))
    assert_limit(exc, "max_pdf_pages")
    assert read_bytes_source(pdf, limits=Limits(max_pdf_pages=6)).pages == 6


# --------------------------------------------------------------------------- PDF streams


def test_pdf_whose_content_stream_inflates_past_the_cap_is_refused() -> None:
    content = PDF_TEXT_OP * (4 * MIB // len(PDF_TEXT_OP))  # 4 MiB that deflate to ~10 KB
    pdf = build_pdf([content], flate=True)
    assert len(pdf) < 64 * 1024
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(pdf, limits=Limits(max_pdf_stream_bytes=MIB))
    assert_limit(exc, "max_pdf_stream_bytes")
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(pdf, limits=Limits(max_pdf_inflated_bytes=2 * MIB))
    assert_limit(exc, "max_pdf_inflated_bytes")


def test_flate_pdf_under_the_cap_is_read() -> None:
    source = read_bytes_source(build_pdf([["Jane Roe", "Education"]], flate=True))
    assert source.text.split() == ["Jane", "Roe", "Education"]


def test_image_streams_are_not_counted_against_the_stream_cap() -> None:
    pixels = zlib.compress(bytes(4 * MIB))
    limits = Limits(max_pdf_stream_bytes=MIB)
    image = b"5 0 obj\n<< /Type /XObject /Subtype /Image /Width 2048 /Height 2048"
    image += b" /BitsPerComponent 8 /ColorSpace /DeviceGray /Filter /FlateDecode >>\nstream\n"
    check_stream_sizes(image + pixels + b"\nendstream", limits, name="scan.pdf")
    form = image.replace(b"/Subtype /Image", b"/Subtype /Form")
    with pytest.raises(ResourceLimitError):
        check_stream_sizes(form + pixels + b"\nendstream", limits, name="scan.pdf")


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs Linux /proc (VmHWM)")
def test_inflating_pdf_peak_memory_stays_small(tmp_path: Path) -> None:
    """The issue's case: a 160 MB content stream in a ~500 KB PDF (it took 2.4 GB to read)."""
    content = PDF_TEXT_OP * (160 * MIB // len(PDF_TEXT_OP))
    path = tmp_path / "bomb.pdf"
    path.write_bytes(build_pdf([content], flate=True))
    del content
    script = textwrap.dedent(
        """
        import re, sys
        from pathlib import Path
        from bilingual_cv.errors import ResourceLimitError
        from bilingual_cv.io.readers import read_source
        try:
            read_source(Path(sys.argv[1]))
        except ResourceLimitError as exc:
            # VmHWM, not ru_maxrss: Linux carries ru_maxrss over from the forking pytest
            status = Path("/proc/self/status").read_text()
            print(exc.limit, re.search(r"VmHWM:\\s+(\\d+) kB", status).group(1))
        """
    )
    out = subprocess.run(
        [sys.executable, "-c", script, str(path)], capture_output=True, text=True, check=True
    ).stdout.split()
    assert out[0] == "max_pdf_stream_bytes"
    assert int(out[1]) < 300 * 1024  # KiB: the import and one inflate window, not the stream


# --------------------------------------------------------------------------- DOCX


def test_docx_tables_nested_thousands_deep_are_refused_not_a_recursion_error() -> None:
    inner = docx_paragraphs("Jane Roe")
    for _ in range(2000):
        inner = docx_table([[[]]]).replace("<w:tc></w:tc>", f"<w:tc>{inner}</w:tc>")
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(build_docx(inner))
    assert_limit(exc, "max_nesting_depth")


def test_docx_tables_nested_a_few_deep_are_read() -> None:
    inner = docx_paragraphs("李华")
    for _ in range(5):
        inner = docx_table([[[]]]).replace("<w:tc></w:tc>", f"<w:tc>{inner}</w:tc>")
    assert read_bytes_source(build_docx(inner)).text == "李华"


def test_docx_nesting_cap_is_overridable() -> None:
    body = (
        "<w:sdt><w:sdtContent>" * 20 + docx_paragraphs("Jane Roe") + "</w:sdtContent></w:sdt>" * 20
    )
    with pytest.raises(ResourceLimitError):
        read_bytes_source(build_docx(body), limits=Limits(max_nesting_depth=30))
    assert (
        read_bytes_source(build_docx(body), limits=Limits(max_nesting_depth=60)).text == "Jane Roe"
    )


def test_docx_whose_document_part_inflates_past_the_cap_is_refused() -> None:
    text = "Jane Roe " * (5 * MIB // 9)
    docx = zip_with({"word/document.xml": document_xml(docx_paragraphs(text))})
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(docx, limits=Limits(max_unzipped_bytes=4 * MIB))
    assert_limit(exc, "max_unzipped_bytes")


def test_docx_zip_bomb_by_compression_ratio_is_refused() -> None:
    docx = zip_with({"word/document.xml": document_xml(docx_paragraphs(" " * (3 * MIB)))})
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(docx)
    assert_limit(exc, "max_compression_ratio")


def test_docx_with_a_header_that_understates_the_size_is_corrupt() -> None:
    """zipfile inflates no further than the declared size, then the CRC check fails."""
    docx = bytearray(zip_with({"word/document.xml": document_xml(docx_paragraphs(CV_LINE * 50))}))
    central = docx.rfind(b"PK\x01\x02")
    struct.pack_into("<I", docx, central + 24, 100)  # uncompressed size in the central directory
    with pytest.raises(CorruptFileError):
        read_bytes_source(bytes(docx))


def test_docx_with_too_many_zip_entries_is_refused_before_listing_them() -> None:
    members = {f"word/media/{n}.xml": b"" for n in range(300)}
    members["word/document.xml"] = document_xml(docx_paragraphs("Jane Roe"))
    docx = zip_with(members)
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(docx, limits=Limits(max_zip_entries=200))
    assert_limit(exc, "max_zip_entries")
    assert read_bytes_source(docx).text == "Jane Roe"


def _corrupt_member(docx: bytes, member: str) -> bytes:
    """Scramble bytes inside a member's compressed data (its headers stay intact)."""
    info = zipfile.ZipFile(io.BytesIO(docx)).getinfo(member)
    start = info.header_offset + 30 + len(info.filename.encode()) + len(info.extra)
    damaged = bytearray(docx)
    for offset in range(start + 4, start + min(info.compress_size, 40)):
        damaged[offset] ^= 0x5A
    return bytes(damaged)


def test_docx_with_a_corrupt_deflate_stream_is_a_corrupt_file_not_a_zlib_error() -> None:
    docx = build_docx(docx_paragraphs(*[CV_LINE] * 40))
    with pytest.raises(CorruptFileError, match="corrupt zip"):
        read_bytes_source(_corrupt_member(docx, "word/document.xml"))


def test_docx_stored_without_compression_with_a_bad_crc_is_corrupt() -> None:
    xml = document_xml(docx_paragraphs("Jane Roe"))
    docx = zip_with({"word/document.xml": xml}, method=zipfile.ZIP_STORED)
    damaged = docx.replace(b"Jane Roe", b"Jane Rox")
    with pytest.raises(CorruptFileError):
        read_bytes_source(damaged)


@pytest.mark.parametrize("keep", [0.1, 0.3, 0.5, 0.7, 0.9, 0.99])
def test_truncated_docx_is_a_typed_error(keep: float) -> None:
    docx = build_docx(docx_paragraphs(*[CV_LINE] * 40))
    with pytest.raises(InputError):
        read_bytes_source(docx[: int(len(docx) * keep)])


BILLION_LAUGHS = (
    '<!DOCTYPE lolz [<!ENTITY lol "lol">'
    + "".join(
        f'<!ENTITY lol{n} "{("&lol;" if n == 1 else f"&lol{n - 1};") * 10}">' for n in range(1, 10)
    )
    + "]>"
)


@pytest.mark.parametrize("padding", [0, 5000], ids=["at-start", "after-4-KB-comment"])
def test_docx_entity_bomb_is_refused_wherever_the_dtd_is(padding: int) -> None:
    prolog = f"<!-- {'x' * padding} -->" + BILLION_LAUGHS
    xml = document_xml("<w:p><w:r><w:t>&lol9;</w:t></w:r></w:p>", prolog=prolog)
    with pytest.raises(CorruptFileError, match="DTD"):
        read_bytes_source(zip_with({"word/document.xml": xml}))


def test_docx_external_entity_is_refused_and_never_read(tmp_path: Path) -> None:
    secret = tmp_path / "secret.txt"
    secret.write_text("Jane Roe's password", encoding="utf-8")
    prolog = f'<!DOCTYPE d [<!ENTITY x SYSTEM "{secret.as_uri()}">]>'
    xml = document_xml("<w:p><w:r><w:t>&x;</w:t></w:r></w:p>", prolog=prolog)
    with pytest.raises(CorruptFileError) as exc:
        read_bytes_source(zip_with({"word/document.xml": xml}))
    assert "password" not in str(exc.value)


def test_docx_in_utf16_is_still_read() -> None:
    xml = document_xml(docx_paragraphs("李华")).decode().replace('"UTF-8"', '"UTF-16"')
    docx = zip_with({"word/document.xml": xml.encode("utf-16")})
    assert read_bytes_source(docx).text == "李华"


# --------------------------------------------------------------------------- HTML


@pytest.mark.parametrize("tag", ["div", "b", "span", "ul", "table"])
def test_html_nested_past_the_cap_is_refused(tag: str) -> None:
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(f"<{tag}>".encode() * 100_000 + b"Jane Roe", format="html")
    assert_limit(exc, "max_nesting_depth")


def test_sloppy_but_real_html_is_not_counted_as_deep() -> None:
    """Unclosed <p>, <li> and <td>, and inline tags left open inside closed blocks."""
    rows = "".join(f"<tr><td>{2000 + n}<td>Jane Roe, talk {n}" for n in range(400))
    items = "".join(f"<li>Paper {n}<p>Abstract {n}" for n in range(400))
    spans = "".join(f"<div><font><b>Award {n}</div>" for n in range(400))
    page = f"<html><body><table>{rows}</table><ul>{items}</ul>{spans}</body></html>"
    text = read_bytes_source(page.encode(), format="html").text
    assert "2399\tJane Roe, talk 399" in text and "Abstract 399" in text and "Award 399" in text


@pytest.mark.parametrize(
    "charset", ["base64", "rot13", "hex", "zlib", "bz2", "uu", "undefined", "cp037", "x-unknown"]
)
def test_html_declaring_a_charset_that_is_not_a_text_encoding_is_still_read(charset: str) -> None:
    page = f'<meta charset="{charset}"><h2>教育背景</h2><p>李华 &amp; Jane Roe</p>'
    source = read_bytes_source(page.encode("utf-8"), format="html")
    assert source.text == "## 教育背景\n李华 & Jane Roe"
    assert source.encoding == "utf-8"


def test_docx_whose_xml_names_an_unknown_encoding_is_corrupt() -> None:
    # found by scripts/fuzz.py (seed 61): expat asked Python for the codec and got a
    # LookupError, which escaped as a traceback
    xml = document_xml(docx_paragraphs("Jane Roe")).replace(
        b'encoding="UTF-8"', b'encoding="UUF-8"'
    )
    assert b"UUF-8" in xml
    with pytest.raises(CorruptFileError, match="unknown encoding: UUF-8"):
        read_bytes_source(zip_with({"word/document.xml": xml}))


# --------------------------------------------------------------------------- issue 25


def test_docx_whose_end_record_understates_its_entries_is_refused() -> None:
    """The end record claims 3 entries; the central directory, which zipfile reads, holds
    1,002 (issue 25's file held 600,001 and parsed in 5-8 s at 334 MB)."""
    document = {"word/document.xml": document_xml(docx_paragraphs("Jane Roe"))}
    docx = zip_claiming_entries(document, extra_entries=1000, claimed=3)
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(docx, limits=Limits(max_zip_entries=200))
    assert_limit(exc, "max_zip_entries")
    assert read_bytes_source(docx, limits=Limits(max_zip_entries=2000)).text == "Jane Roe"


def test_docx_end_record_is_found_where_zipfile_finds_it() -> None:
    """A signature hidden in the end record's own offset field, in its last 22 bytes, must
    not hide the record zipfile reads (the count is honest here: 1,002 entries)."""
    document = {"word/document.xml": document_xml(docx_paragraphs("Jane Roe"))}
    docx = bytearray(zip_claiming_entries(document, extra_entries=1000, claimed=1002))
    docx[-6:-2] = b"PK\x05\x06"  # the directory offset: zipfile lists without it
    assert len(zipfile.ZipFile(io.BytesIO(bytes(docx))).infolist()) == 1002
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(bytes(docx), limits=Limits(max_zip_entries=200))
    assert_limit(exc, "max_zip_entries")


def test_docx_with_a_zip64_locator_is_refused() -> None:
    document = {"word/document.xml": document_xml(docx_paragraphs("Jane Roe"))}
    docx = zip_claiming_entries(document, extra_entries=0, claimed=2)
    end = docx.rfind(b"PK\x05\x06")
    locator = b"PK\x06\x07" + bytes(16)
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(docx[:end] + locator + docx[end:])
    assert_limit(exc, "max_zip_entries")


def test_docx_with_too_many_xml_elements_is_refused_while_parsing() -> None:
    body = "<w:p><w:r>" + "<w:rPr/>" * 3000 + "<w:t>Jane Roe</w:t></w:r></w:p>"
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(build_docx(body), limits=Limits(max_xml_elements=2000))
    assert_limit(exc, "max_xml_elements")
    assert read_bytes_source(build_docx(body)).text == "Jane Roe"


def test_html_text_is_counted_while_parsing_without_counting_white_space() -> None:
    """Refused as soon as the text is certainly over the cap; white space, which the rules
    may drop, does not count, so what is refused is what the final check refuses."""
    page = b"<p>" + b"Jane Roe, research statement. " * 40_000 + b"</p>"
    with pytest.raises(ResourceLimitError) as exc:
        read_bytes_source(page * 3, format="html", limits=Limits(max_text_chars=1_000_000))
    assert_limit(exc, "max_text_chars")
    spaced = b"<p>" + b"Jane Roe" + b" " * 3_000_000 + b"</p>"
    assert read_bytes_source(spaced, format="html", limits=Limits(max_text_chars=100)).text == (
        "Jane Roe"
    )


def test_html_read_in_parts_gives_the_same_text_as_in_one_piece(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from bilingual_cv.io import html

    rows = "".join(f"<tr><td>{2000 + n}<td>Jane Roe, talk {n}&amp;co</tr>" for n in range(300))
    page = f"<html><body><pre>a  b\n c</pre><table>{rows}</table><script>x=1</script>李华</body>"
    whole = html.html_to_text(page)
    monkeypatch.setattr(html, "FEED_CHARS", 97)
    assert html.html_to_text(page) == whole


# --------------------------------------------------------------------------- memory and time


#: Each hostile input of issue 25 at full size, and the cap that must refuse it.
HOSTILE_CASES = {
    "double-flate.pdf": "max_pdf_stream_bytes",
    "hex-flate.pdf": "max_pdf_stream_bytes",
    "fake-image.pdf": "max_pdf_stream_bytes",
    "image-as-contents.pdf": "max_pdf_stream_bytes",
    "lzw.pdf": "max_pdf_stream_bytes",
    "self-drawing-form.pdf": "max_pdf_page_bytes",
    "rc4-encrypted-bomb.pdf": "encrypted_pdf",
    "lying-end-record.docx": "max_zip_entries",
    "xml-elements.docx": "max_xml_elements",
    "plain-text-40mb.html": "max_text_chars",
}


def _random_empty_elements(count: int) -> str:
    """Empty elements with random names: 16 MB of XML that compresses only 6 to 1, under the
    ratio cap (it cost 11 s and 1 GB to read before the element cap)."""
    rng = random.Random(25)
    return "".join(f"<w:x{rng.randrange(100_000)}/>" for _ in range(count))


def _write_hostile(folder: Path, name: str) -> Path:
    gib = deflate_run(1024 * MIB)
    image = b"/Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8"
    builders = {
        "double-flate.pdf": lambda: pdf_with_streams([(b"/Filter [/Fl /Fl]", zlib.compress(gib))]),
        "hex-flate.pdf": lambda: pdf_with_streams(
            [(b"/Filter [/ASCIIHexDecode /FlateDecode]", ascii_hex(gib))]
        ),
        "fake-image.pdf": lambda: pdf_with_streams(
            [(b"/Filter /FlateDecode /Note (/Subtype /Image)", gib)]
        ),
        "image-as-contents.pdf": lambda: pdf_with_streams([(image + b" /Filter /Fl", gib)]),
        "lzw.pdf": lambda: pdf_with_streams([(b"/Filter /LZWDecode", lzw_run(1024 * MIB))]),
        "self-drawing-form.pdf": lambda: pdf_with_streams(
            [(b"/Type /XObject /Subtype /Form /BBox [0 0 9 9]", b"/X1 Do /X1 Do")]
        ).replace(b"/Font << /F1", b"/XObject << /X1 5 0 R >> /Font << /F1"),
        "rc4-encrypted-bomb.pdf": lambda: rc4_encrypted_pdf(
            [(b"/Filter [/Fl /Fl]", zlib.compress(gib))]
        ),
        "lying-end-record.docx": lambda: zip_claiming_entries(
            {"word/document.xml": document_xml(docx_paragraphs("Jane Roe"))}, 600_000, 3
        ),
        "xml-elements.docx": lambda: zip_with(
            {"word/document.xml": document_xml(_random_empty_elements(2_000_000))}
        ),
        "plain-text-40mb.html": lambda: plain_html(40 * MIB),
    }
    path = folder / name
    path.write_bytes(builders[name]())
    return path


@pytest.mark.slow
@pytest.mark.parametrize("name", HOSTILE_CASES)
def test_hostile_inputs_are_refused_within_512_mb_and_a_few_seconds(
    tmp_path: Path, name: str
) -> None:
    """Issue 25: ``parse()`` as a library, in a process limited to 512 MB of address space and
    30 s of CPU (bounds far above what it needs: the refusals measured 0.3-0.9 s and
    40-140 MB; before, these took 2-11 s and 280 MB to 2.1 GB, aborted, or never ended)."""
    path = _write_hostile(tmp_path, name)
    script = textwrap.dedent(
        """
        import resource, sys
        from pathlib import Path
        resource.setrlimit(resource.RLIMIT_AS, (512 * 1024 * 1024, resource.RLIM_INFINITY))
        resource.setrlimit(resource.RLIMIT_CPU, (30, 31))
        import bilingual_cv
        from bilingual_cv.errors import InputError
        try:
            bilingual_cv.parse(Path(sys.argv[1]))
            print("read")
        except InputError as exc:
            print(getattr(exc, "limit", "") or exc.code)
        """
    )
    done = subprocess.run(
        [sys.executable, "-I", "-c", script, str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == [HOSTILE_CASES[name]]
