"""A .docx's floating text boxes are read beside the paragraph they stand next to, not the
one Word anchored them to; boxes stacked in one paragraph are read top to bottom. Built on
small fictional Word documents written here."""

from __future__ import annotations

from bilingual_cv import parse
from bilingual_cv.io.readers import read_bytes_source

from .conftest import DocxBuilder, docx_paragraphs

#: EMUs (DrawingML's unit) in a point.
EMU = 12700


def floating_box(lines: list[str], below_points: float, frame: str = "paragraph") -> str:
    """A run holding a floating text box (as Word 2010+ writes it, with its VML copy) placed
    ``below_points`` below the top of the paragraph it is anchored in (or of the page)."""
    content = "<w:txbxContent>" + docx_paragraphs(*lines) + "</w:txbxContent>"
    return (
        '<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing><wp:anchor>'
        '<wp:positionH relativeFrom="column"><wp:posOffset>4572000</wp:posOffset></wp:positionH>'
        f'<wp:positionV relativeFrom="{frame}">'
        f"<wp:posOffset>{round(below_points * EMU)}</wp:posOffset></wp:positionV>"
        '<wp:extent cx="1371600" cy="228600"/><a:graphic><a:graphicData><wps:wsp><wps:txbx>'
        f"{content}</wps:txbx></wps:wsp></a:graphicData></a:graphic></wp:anchor></w:drawing>"
        "</mc:Choice><mc:Fallback><w:pict><v:shape><v:textbox>"
        f"{content}</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>"
    )


def paragraph_with(text: str, *runs: str) -> str:
    return f'<w:p><w:r><w:t xml:space="preserve">{text}</w:t></w:r>{"".join(runs)}</w:p>'


#: A fictional CV whose dates are floating boxes: Word anchored the second job's dates and
#: the degree's dates to the paragraph above the one they stand beside, and the owner's
#: contact box, set above the name, to the name.
BODY = (
    paragraph_with("Zed Quill", floating_box(["zed.quill@example.org"], -16))
    + docx_paragraphs("Experience")
    + paragraph_with(
        "Research Scientist, Toy Lab",
        floating_box(["2019 - 2024"], 17),  # beside the next paragraph
        floating_box(["2024 - present"], 1),  # beside its own
    )
    + docx_paragraphs("Engineer, Example Widgets Inc.")
    + paragraph_with("Education", floating_box(["2014 - 2019"], 16))
    + docx_paragraphs("Ph.D. in Toy Science, Nowhere University")
)


def test_floating_boxes_follow_the_paragraph_they_stand_beside(
    docx_builder: DocxBuilder,
) -> None:
    text = read_bytes_source(docx_builder(BODY), name="cv.docx").text
    assert text.splitlines() == [
        "zed.quill@example.org",
        "Zed Quill",
        "Experience",
        "Research Scientist, Toy Lab",
        "2024 - present",
        "Engineer, Example Widgets Inc.",
        "2019 - 2024",
        "Education",
        "Ph.D. in Toy Science, Nowhere University",
        "2014 - 2019",
    ]
    cv = parse(docx_builder(BODY))
    assert [(job.start, job.end) for job in cv.experience] == [
        ("2024", "present"),
        ("2019", "2024"),
    ]
    assert [(degree.start, degree.end) for degree in cv.education] == [("2014", "2019")]
    # a box measured from the page has no paragraph to follow; a box a line below the top
    # of a paragraph that wraps over three lines still stands beside that paragraph
    long = "Built a fictional cache for toy workloads and measured it " * 4
    body = (
        paragraph_with("Zed Quill", floating_box(["Sidebar: toys, caches"], 300, frame="page"))
        + paragraph_with(long.strip(), floating_box(["2024"], 17))
        + docx_paragraphs("Education")
    )
    lines = read_bytes_source(docx_builder(body), name="cv.docx").text.splitlines()
    assert lines == ["Zed Quill", "Sidebar: toys, caches", long.strip(), "2024", "Education"]


def test_a_damaged_box_position_reads_as_none(docx_builder: DocxBuilder) -> None:
    """A position that is not an integer of EMUs (a superscript digit, a word, a number too
    long) leaves the box where it is anchored instead of failing."""
    for damaged in ("2\u00b2", "twelve", "9" * 40, ""):
        box = floating_box(["2019 - 2024"], 17).replace(str(17 * EMU), damaged)
        body = paragraph_with("Research Scientist, Toy Lab", box) + docx_paragraphs("Engineer")
        lines = read_bytes_source(docx_builder(body), name="cv.docx").text.splitlines()
        assert lines == ["Research Scientist, Toy Lab", "2019 - 2024", "Engineer"]
    box = floating_box(["2019 - 2024"], 17)
    body = paragraph_with("Research Scientist, Toy Lab", box) + docx_paragraphs("Engineer")
    lines = read_bytes_source(docx_builder(body), name="cv.docx").text.splitlines()
    assert lines == ["Research Scientist, Toy Lab", "Engineer", "2019 - 2024"]


def broken_paragraph(*lines: str) -> str:
    """One paragraph whose lines are cut by line breaks (Shift+Enter in Word)."""
    runs = "<w:r><w:br/></w:r>".join(
        f'<w:r><w:t xml:space="preserve">{line}</w:t></w:r>' for line in lines
    )
    return f"<w:p>{runs}</w:p>"


def test_a_paragraph_cut_by_line_breaks_is_one_entry(docx_builder: DocxBuilder) -> None:
    """Papers written as one paragraph each, authors / title / venue cut by line breaks and
    no blank paragraph between them: each paragraph is one entry, its venue and year its
    own (not the next entry's opening lines)."""
    papers = [
        (
            "J. Ruiz-Soto",
            "Rethinking Index Structures with Symbolic Execution",
            "International Joint Conference on Neural Networks (IJCNN), 2026.",
        ),
        (
            "J. Ruiz-Soto, C. Hollis, Q. Yang",
            "Can learned indexes make memory disaggregation incremental?",
            "IEEE International Conference on Trust and Security (TrustCom), 2024.",
        ),
        (
            "F. Zhang, U. Kestrel, J. Ruiz-Soto, D. Thorne",
            "BelmorSched: Sparse code generation for edge clouds",
            "Artificial Intelligence (AI), 2022.",
        ),
    ]
    body = docx_paragraphs("Jo Ruiz-Soto", "jo@example.org", "Publications") + "".join(
        broken_paragraph(authors, f'"{title}"', venue) for authors, title, venue in papers
    )
    lines = read_bytes_source(docx_builder(body), name="cv.docx").text.splitlines()
    assert lines[3:8] == ["", *papers[0][:1], f'"{papers[0][1]}"', papers[0][2], ""]
    pubs = parse(docx_builder(body)).publications
    assert [(p.title, len(p.authors), p.owner_position, p.year) for p in pubs] == [
        (papers[0][1], 1, 1, 2026),
        (papers[1][1], 3, 1, 2024),
        (papers[2][1], 4, 3, 2022),
    ]
