"""A web page's navigation link lists (a site menu, a table of contents) are not CV text:
they repeat every heading of the page. Built on a small fictional page written here."""

from __future__ import annotations

from bilingual_cv import parse
from bilingual_cv.io.readers import read_bytes_source

PAGE = (
    "<!DOCTYPE html><html><head><title>Zed Quill</title></head><body>"
    '<header><nav class="navbar"><a class="brand" href="/">Zed Quill</a>'
    '<ul><li><a href="/">Home</a></li><li><a href="/cv">Education</a></li>'
    '<li><a href="/pubs">Publications</a></li></ul></nav></header>'
    '<nav class="toc"><p>Table of contents</p><ol><li><a href="#edu">Education</a>'
    '<ol><li><a href="#phd">Ph.D.</a></li></ol></li>'
    '<li><a href="#pubs">Publications</a></li></ol></nav>'
    "<main><h1>Zed Quill</h1><p>zed.quill@example.org</p>"
    "<h2 id='edu'>Education</h2><p>Ph.D. in Toy Science, Nowhere University, 2019 - 2024</p>"
    "<h2 id='pubs'>Publications</h2>"
    "<ul><li>Zed Quill, Ann Lee. A Fictional Study of Caches. In OSDI 2023.</li>"
    "<li>Zed Quill. Pretend Paging for Toy Machines. In SOSP 2021.</li></ul></main>"
    "</body></html>"
)


def test_navigation_link_lists_are_dropped_and_the_content_kept() -> None:
    lines = read_bytes_source(PAGE.encode(), name="cv.html").text.splitlines()
    assert lines == [
        "Zed Quill",
        "Table of contents",
        "# Zed Quill",
        "zed.quill@example.org",
        "## Education",
        "Ph.D. in Toy Science, Nowhere University, 2019 - 2024",
        "## Publications",
        "Zed Quill, Ann Lee. A Fictional Study of Caches. In OSDI 2023.",
        "Zed Quill. Pretend Paging for Toy Machines. In SOSP 2021.",
    ]
    cv = parse(PAGE.encode())
    assert [section.heading for section in cv.sections if section.heading] == [
        "Education",
        "Publications",
    ]
    assert len(cv.publications) == 2


def test_heading_elements_keep_their_level_and_unknown_ones_at_that_level_are_sections() -> None:
    page = (
        "<html><body><h1>Zed Quill</h1><p>zed.quill@example.org</p>"
        "<h2>Education</h2><p>Ph.D. in Toy Science, Nowhere University, 2019 - 2024</p>"
        "<h2>Garden Diary</h2><p>Kept a pretend greenhouse of paper tulips.</p>"
        "<h2>Publications</h2>"
        "<ul><li>Zed Quill, Ann Lee. A Fictional Study of Caches. In OSDI 2023.</li>"
        "<li>Zed Quill. Pretend Paging for Toy Machines. In SOSP 2021.</li></ul>"
        "<h2>Skills</h2><p>Python</p></body></html>"
    )
    lines = read_bytes_source(page.encode(), name="cv.html").text.splitlines()
    assert lines[:3] == ["# Zed Quill", "zed.quill@example.org", "## Education"]
    cv = parse(page.encode())
    assert [(section.key.value, section.heading) for section in cv.sections][1:] == [
        ("education", "Education"),
        ("other", "Garden Diary"),
        ("publications", "Publications"),
        ("skills", "Skills"),
    ]
