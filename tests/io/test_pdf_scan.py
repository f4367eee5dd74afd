"""The PDF pre-scan: every stream PDFium decodes is measured through every filter of its chain,
and a stream is skipped as an image only when PDFium reads it as one.

Each hostile PDF here is built from fictional text by ``hostile.py``; its bomb inflates to a
few MiB and the caps are lowered to 1 MiB, so the tests stay fast while the same files at
full size (gigabytes) are measured under a 512 MB address space in ``test_limits.py``. Where
the pre-scan must read a dictionary the way PDFium does, PDFium itself (pypdfium2) is the
oracle.
"""

from __future__ import annotations

import base64
import zlib

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest

from bilingual_cv.errors import EncryptedPDFError, ResourceLimitError
from bilingual_cv.io.limits import MIB, Limits
from bilingual_cv.io.pdf_filters import decode
from bilingual_cv.io.pdf_scan import check_stream_sizes
from bilingual_cv.io.pdf_syntax import Name, Parser, Stream
from bilingual_cv.io.readers import read_bytes_source

from .hostile import (
    _pack_lzw,
    ascii85,
    ascii_hex,
    deflate_run,
    lzw_run,
    pdf_with_streams,
    rc4_encrypted_pdf,
    run_length,
)

#: Caps low enough that a 4 MiB bomb is over them.
LOW = Limits(max_pdf_stream_bytes=MIB, max_pdf_inflated_bytes=8 * MIB)
#: What each bomb inflates to.
BOMB = 4 * MIB
FLATE = deflate_run(BOMB)


def refused(pdf: bytes, limits: Limits = LOW) -> str:
    """The cap a PDF is refused by, through the public reader; "" when it is read."""
    try:
        read_bytes_source(pdf, limits=limits)
    except ResourceLimitError as exc:
        assert exc.limit in str(exc)
        return exc.limit
    return ""


# --------------------------------------------------------------------------- filter chains

CHAINS = {
    "double Flate": (b"/Filter [/FlateDecode /FlateDecode]", zlib.compress(FLATE)),
    "ASCIIHex then Flate": (b"/Filter [/ASCIIHexDecode /FlateDecode]", ascii_hex(FLATE)),
    "ASCII85 then Flate": (b"/Filter [/A85 /Fl]", ascii85(FLATE)),
    "RunLength then Flate": (b"/Filter [/RunLengthDecode /FlateDecode]", run_length(FLATE)),
    "LZW": (b"/Filter /LZWDecode", lzw_run(BOMB)),
    "Flate then LZW": (b"/Filter [/FlateDecode /LZWDecode]", zlib.compress(lzw_run(BOMB))),
    "LZW without early change": (
        b"/Filter /LZWDecode /DecodeParms << /EarlyChange 0 >>",
        lzw_run(BOMB, early_change=False),
    ),
    "escaped filter name": (b"/Filter /Fl#61teDecode", FLATE),
    "triple Flate in hex": (
        b"/Filter [/AHx /Fl /Fl /Fl]",
        ascii_hex(zlib.compress(zlib.compress(FLATE))),
    ),
}


@pytest.mark.parametrize("chain", CHAINS)
def test_every_filter_of_a_chain_is_decoded_and_capped(chain: str) -> None:
    entries, data = CHAINS[chain]
    pdf = pdf_with_streams([(entries, data)])
    assert len(pdf) < BOMB // 10
    assert refused(pdf) == "max_pdf_stream_bytes"
    assert refused(pdf, Limits(max_pdf_stream_bytes=8 * MIB)) == ""  # the cap is what refused


def test_a_chain_whose_middle_filter_is_over_the_cap_is_refused_even_if_the_end_is_small() -> None:
    """Each filter's output is counted: 4 MiB of hex digits that decode to 2 MiB of zlib data
    that does not inflate (junk) costs PDFium the 4 MiB and the 2 MiB."""
    junk = bytes(range(256)) * (2 * MIB // 256)
    pdf = pdf_with_streams([(b"/Filter [/ASCIIHexDecode /FlateDecode]", ascii_hex(junk))])
    assert refused(pdf) == "max_pdf_stream_bytes"


def test_the_filters_decode_what_pdfium_decodes() -> None:
    """Each chain, with the same text, read by PDFium and by the pre-scan's decoders."""
    text = b"BT /F1 11 Tf 72 700 Td (Jane Roe, Example University, 2019 - 2024) Tj ET"
    lzw = _pack_lzw([256, *text, 257], early_change=True)
    chains = [
        (b"/Filter [/AHx /Fl]", ascii_hex(zlib.compress(text)), ["hex", "flate"]),
        (
            b"/Filter [/A85 /RL /Fl]",
            ascii85(run_length(zlib.compress(text))),
            ["a85", "rl", "flate"],
        ),
        (b"/Filter /LZW", lzw, ["lzw"]),
        (b"/Filter [/Fl /LZWDecode]", zlib.compress(lzw), ["flate", "lzw"]),
    ]
    for entries, data, kinds in chains:
        pdf = pdf_with_streams([(entries, data)], contents=[5])
        assert "Example University" in read_bytes_source(pdf).text, entries
        decoded = data
        for kind in kinds:
            decoded = decode(kind, decoded, MIB).data
        assert decoded == text, entries


# --------------------------------------------------------------------------- images


def test_a_string_that_mentions_an_image_does_not_make_a_content_stream_an_image() -> None:
    pdf = pdf_with_streams([(b"/Filter /FlateDecode /Note (/Subtype /Image)", FLATE)])
    assert refused(pdf) == "max_pdf_stream_bytes"


def test_an_image_named_as_page_content_is_decoded_like_content() -> None:
    image = b"/Type /XObject /Subtype /Image /Width 1 /Height 1 /BitsPerComponent 8"
    pdf = pdf_with_streams([(image + b" /ColorSpace /DeviceGray /Filter /FlateDecode", FLATE)])
    assert refused(pdf) == "max_pdf_stream_bytes"


def test_a_real_image_drawn_on_the_page_is_not_decoded() -> None:
    """A 2048 x 2048 grey image (4 MiB of pixels) drawn with Do: the CV is read."""
    image = (
        b"/Type /XObject /Subtype /Image /Width 2048 /Height 2048 /BitsPerComponent 8"
        b" /ColorSpace /DeviceGray /Filter /FlateDecode"
    )
    show = b"q 100 0 0 100 72 500 cm /Im1 Do Q"
    pdf = pdf_with_streams([(image, FLATE), (b"", show)], contents=[6])
    pdf = pdf.replace(b"/Font << /F1", b"/XObject << /Im1 5 0 R >> /Font << /F1")
    assert refused(pdf) == ""
    assert "Jane Roe" in read_bytes_source(pdf, limits=LOW).text


SUBTYPES = {
    "real image": (b"/Subtype /Image", True),
    "form": (b"/Subtype /Form", False),
    "string value": (b"/Note (/Subtype /Image) /Subtype /Form", False),
    "string in key position": (b"/Subtype /Form /W 1 (/Subtype /Image)", True),
    "escaped name": (b"/Subtype /Im#61ge", True),
    "last key wins": (b"/Subtype /Image /Subtype /Form", False),
    "comment then key": (b"/Subtype /Form %\n/Subtype /Image", True),
    "key inside a comment": (b"/Subtype /Form % /Subtype /Image\n", False),
}


@pytest.mark.parametrize("case", SUBTYPES)
def test_the_pre_scan_reads_subtype_as_pdfium_does(case: str) -> None:
    """PDFium is the oracle: what it draws as an image, the pre-scan reads as an image."""
    entries, image = SUBTYPES[case]
    dictionary = (
        b"/Type /XObject /Width 1 /Height 1 /BitsPerComponent 8 /ColorSpace /DeviceGray"
        b" /BBox [0 0 1 1] " + entries
    )
    show = b"q 100 0 0 100 0 0 cm /X1 Do Q"
    pdf = pdf_with_streams([(dictionary, b"\x80"), (b"", show)], contents=[6])
    pdf = pdf.replace(b"/Font << /F1", b"/XObject << /X1 5 0 R >> /Font << /F1")
    document = pypdfium2.PdfDocument(pdf)
    kinds = [pdfium_c.FPDFPageObj_GetType(obj.raw) for obj in document[0].get_objects()]
    assert (pdfium_c.FPDF_PAGEOBJ_IMAGE in kinds) is image
    start = pdf.index(b"5 0 obj") + len(b"5 0 obj")
    found: list[Stream] = []
    Parser(pdf, start, lambda stream: found.append(stream) or len(pdf)).value()
    assert (found[0].entries.get(b"Subtype") == Name(b"Image")) is image


# --------------------------------------------------------------------------- references


def test_a_filter_given_by_reference_is_resolved() -> None:
    pdf = pdf_with_streams(
        [(b"/Filter 6 0 R", zlib.compress(FLATE))], objects_after=(b"[/Fl /Fl]",)
    )
    assert refused(pdf) == "max_pdf_stream_bytes"


def test_a_filter_stored_in_an_object_stream_is_resolved() -> None:
    """``/Filter 7 0 R`` where object 7 lives inside a compressed object stream (object 6)."""
    held = b"[/FlateDecode /FlateDecode]"
    header = b"7 0 "
    objects = header + held
    object_stream = (
        b"/Type /ObjStm /N 1 /First %d /Filter /FlateDecode" % len(header),
        zlib.compress(objects),
    )
    pdf = pdf_with_streams([(b"/Filter 7 0 R", zlib.compress(FLATE)), object_stream], contents=[5])
    assert refused(pdf) == "max_pdf_stream_bytes"


def test_a_filter_that_cannot_be_resolved_is_guessed_from_the_data() -> None:
    for data in (zlib.compress(FLATE), ascii_hex(FLATE), lzw_run(BOMB)):
        pdf = pdf_with_streams([(b"/Filter 99 0 R", data)])
        assert refused(pdf) == "max_pdf_stream_bytes"


def test_a_stream_the_parse_misses_is_still_inflated_when_it_looks_like_zlib() -> None:
    # no "obj" before it: nothing PDFium would read, but nothing this parse can vouch for
    loose = b"%PDF-1.4\n<< /Filter /FlateDecode >>\nstream\n" + FLATE + b"\nendstream\n"
    with pytest.raises(ResourceLimitError):
        check_stream_sizes(loose, LOW, name="cv.pdf")


# --------------------------------------------------------------------------- the scan's own cost


def test_object_syntax_past_its_cap_is_refused_while_parsing() -> None:
    pdf = b"%PDF-1.4\n1 0 obj << " + b"/Kids [1 0 R 2 0 R] " * 200_000 + b">> endobj\n"
    with pytest.raises(ResourceLimitError) as exc:
        check_stream_sizes(pdf, Limits(max_pdf_object_bytes=MIB), name="cv.pdf")
    assert exc.value.limit == "max_pdf_object_bytes"
    check_stream_sizes(pdf, Limits(max_pdf_object_bytes=8 * MIB), name="cv.pdf")


def test_filters_decoded_in_python_count_what_they_read_many_times() -> None:
    """1 MiB of LZW codes that decode to little (one byte each): counted as 128 MiB read."""
    codes = [256]
    for index in range(700_000):
        codes.append(index % 251)
        if index % 3000 == 2999:
            codes.append(256)  # clear before the table fills
    pdf = pdf_with_streams([(b"/Filter /LZWDecode", _pack_lzw(codes, early_change=True))])
    with pytest.raises(ResourceLimitError) as exc:
        check_stream_sizes(pdf, Limits(max_pdf_inflated_bytes=64 * MIB), name="cv.pdf")
    assert exc.value.limit == "max_pdf_inflated_bytes"


def test_a_chain_is_not_decoded_past_the_cap() -> None:
    """Measuring a 1 GiB bomb costs the cap, not the bomb (the slow test measures memory)."""
    data = zlib.compress(deflate_run(1024 * MIB))
    assert len(data) < 4096
    pdf = pdf_with_streams([(b"/Filter [/Fl /Fl]", data)])
    with pytest.raises(ResourceLimitError) as exc:
        check_stream_sizes(pdf, Limits(), name="cv.pdf")  # the outer layer is only 1 MiB
    assert exc.value.limit == "max_pdf_stream_bytes"


def test_ascii85_reads_as_pdfium_reads_it() -> None:
    text = b"Jane Roe, Example University"
    assert decode("a85", base64.a85encode(text) + b"~>", 100).data == text
    assert decode("a85", b"z" + base64.a85encode(b"Li") + b"~>", 100).data == bytes(4) + b"Li"


# --------------------------------------------------------------------------- pages and forms


def _with_xobjects(pdf: bytes, names: dict[str, int]) -> bytes:
    """The page of ``pdf_with_streams`` given an /XObject resource dictionary."""
    entries = b" ".join(b"/%s %d 0 R" % (name.encode(), number) for name, number in names.items())
    return pdf.replace(b"/Font << /F1", b"/XObject << %s >> /Font << /F1" % entries, 1)


def _form(draws: bytes, resources: dict[str, int] | None = None) -> tuple[bytes, bytes]:
    entries = b"/Type /XObject /Subtype /Form /BBox [0 0 612 792]"
    if resources:
        names = b" ".join(b"/%s %d 0 R" % (k.encode(), v) for k, v in resources.items())
        entries += b" /Resources << /XObject << %s >> >>" % names
    return entries, draws


def test_a_form_that_draws_itself_twice_is_refused_before_pdfium_loops_on_it() -> None:
    """PDFium does not stop such a form: this 800-byte file kept it busy past any limit."""
    pdf = _with_xobjects(pdf_with_streams([_form(b"/X1 Do /X1 Do")]), {"X1": 5})
    assert len(pdf) < 1000
    with pytest.raises(ResourceLimitError) as exc:
        check_stream_sizes(pdf, Limits(), name="cv.pdf")
    assert exc.value.limit == "max_pdf_page_bytes"


def test_nested_forms_that_each_draw_the_next_ten_times_are_refused() -> None:
    """Six levels: 2.3 KB that PDFium took 0.7 s and 420 MB to load (seven: 4 GB)."""
    text = b"BT /F1 11 Tf 72 740 Td (Jane Roe) Tj ET"
    forms = [
        _form(b"/N Do " * 10, {"N": 6 + level}) if level < 5 else _form(text) for level in range(6)
    ]
    pdf = _with_xobjects(pdf_with_streams(forms, contents=[]), {"N": 5})
    pdf = pdf.replace(b"/Contents [4 0 R]", b"/Contents [4 0 R 11 0 R]")
    pdf = pdf.replace(
        b"xref", b"11 0 obj\n<< /Length 6 >>\nstream\n/N Do \nendstream\nendobj\nxref"
    )
    with pytest.raises(ResourceLimitError) as exc:
        check_stream_sizes(pdf, Limits(), name="cv.pdf")
    assert exc.value.limit == "max_pdf_page_bytes"


def test_a_long_chain_of_forms_each_drawn_once_is_read() -> None:
    """100 forms, each drawing the next once: linear, and PDFium stops at about 40 deep."""
    text = b"BT /F1 11 Tf 72 740 Td (Jane Roe) Tj ET "
    forms = [_form(text + b"/N Do", {"N": 6 + level}) for level in range(99)] + [_form(text)]
    pdf = _with_xobjects(pdf_with_streams(forms, contents=[]), {"N": 5})
    pdf = pdf.replace(b"(Jane Roe, Example University) Tj ET", b"(Jane Roe) Tj ET /N Do")
    check_stream_sizes(pdf, Limits(), name="cv.pdf")
    assert read_bytes_source(pdf).text.count("Jane Roe") > 10


def test_a_page_that_lists_one_content_stream_many_times_counts_it_each_time() -> None:
    pdf = pdf_with_streams([(b"/Filter /FlateDecode", deflate_run(MIB))], contents=[5] * 80)
    with pytest.raises(ResourceLimitError) as exc:
        check_stream_sizes(pdf, Limits(), name="cv.pdf")
    assert exc.value.limit == "max_pdf_page_bytes"
    check_stream_sizes(
        pdf, Limits(max_pdf_page_bytes=128 * MIB, max_pdf_content_bytes=128 * MIB), name="cv.pdf"
    )


def test_many_pages_that_share_one_content_stream_count_it_for_each_page() -> None:
    pdf = pdf_with_streams([(b"/Filter /FlateDecode", deflate_run(2 * MIB))], contents=[5])
    pages = b"".join(
        b"%d 0 obj\n<< /Type /Page /Parent 2 0 R /Contents 5 0 R >>\nendobj\n" % (100 + n)
        for n in range(60)
    )
    kids = b" ".join(b"%d 0 R" % (100 + n) for n in range(60))
    pdf = pdf.replace(b"/Kids [3 0 R] /Count 1", b"/Kids [3 0 R %s] /Count 61" % kids)
    pdf = pdf.replace(b"xref", pages + b"xref", 1)
    with pytest.raises(ResourceLimitError) as exc:
        check_stream_sizes(pdf, Limits(), name="cv.pdf")
    assert exc.value.limit == "max_pdf_content_bytes"


def test_a_page_dense_with_operators_is_costed_by_what_pdfium_builds() -> None:
    """200,000 one-letter text operators: 1.2 MB of content, 120 MB in PDFium."""
    content = b"BT /F1 1 Tf " + b"(a)Tj " * 200_000 + b"ET"
    pdf = pdf_with_streams([(b"/Filter /FlateDecode", zlib.compress(content))])
    with pytest.raises(ResourceLimitError) as exc:
        check_stream_sizes(pdf, Limits(), name="cv.pdf")
    assert exc.value.limit == "max_pdf_page_bytes"


def test_a_page_that_draws_a_form_and_an_image_is_read() -> None:
    image = (
        b"/Type /XObject /Subtype /Image /Width 2 /Height 2 /BitsPerComponent 8"
        b" /ColorSpace /DeviceGray"
    )
    form = _form(b"BT /F1 11 Tf 72 600 Td (Li Hua, Example University) Tj ET")
    form = (
        form[0] + b" /Resources << /Font << /F1 << /Type /Font /Subtype /Type1"
        b" /BaseFont /Helvetica >> >> >>",
        form[1],
    )
    show = b"q 20 0 0 20 72 500 cm /Im1 Do Q /Fm1 Do"
    pdf = _with_xobjects(
        pdf_with_streams([(image, b"\x00\xff\xff\x00"), form, (b"", show)], contents=[7]),
        {"Im1": 5, "Fm1": 6},
    )
    assert read_bytes_source(pdf, limits=LOW).text.split("\n")[-1] == "Li Hua, Example University"


# --------------------------------------------------------------------------- encryption


def test_an_encrypted_pdf_that_opens_without_a_password_is_refused_before_pdfium() -> None:
    """Its streams are ciphertext to the pre-scan: PDFium, which decrypts them, read a
    double-Flate bomb in one and aborted. Such a PDF is refused, bomb or not (this one, a
    plain CV, PDFium reads: the refusal is the policy, not a failure to read)."""
    text = b"BT /F1 11 Tf 72 740 Td (Jane Roe, Example University) Tj ET"
    plain_cv = rc4_encrypted_pdf([(b"", text)])
    assert "Jane Roe" in pypdfium2.PdfDocument(plain_cv)[0].get_textpage().get_text_range()
    bomb = rc4_encrypted_pdf([(b"", text), (b"/Filter [/Fl /Fl]", zlib.compress(FLATE))])
    for pdf in (plain_cv, bomb):
        with pytest.raises(EncryptedPDFError, match=r"^cv\.pdf: PDF is encrypted"):
            read_bytes_source(pdf, name="cv.pdf")


def test_an_inline_image_is_decoded_as_pdfium_decodes_it() -> None:
    """PDFium inflates an inline image to find where it ends: 512 MiB of pixels inside a
    530 KB file took 1 GB. Its data is measured like a stream's."""
    show = b"q 100 0 0 100 72 500 cm BI /W 2048 /H 2048 /BPC 8 /CS /G /F /Fl ID "
    pdf = pdf_with_streams([(b"", show + FLATE + b" EI Q")])
    assert refused(pdf) == "max_pdf_stream_bytes"
    small = show.replace(b"2048", b"2") + zlib.compress(b"\x00\xff\xff\x00") + b" EI Q"
    assert "Jane Roe" in read_bytes_source(pdf_with_streams([(b"", small)]), limits=LOW).text
