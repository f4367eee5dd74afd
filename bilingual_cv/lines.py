"""Frozen hand-off values between pipeline stages: lines, sections and entries.

Every value keeps its 1-based line numbers in the cleaned text, so any output field can be
traced back to the input.
"""

from __future__ import annotations

from dataclasses import dataclass

from bilingual_cv.schema import Lang, SectionKind

#: A (start, end) character span inside a line's text.
Span = tuple[int, int]


@dataclass(frozen=True, slots=True)
class Line:
    """One line of cleaned text, its 1-based number, and the markup that was stripped from it."""

    no: int
    text: str
    #: 1-based number of the line in the original input this line came from.
    origin: int = 0
    #: Number of leading ``#`` of a markdown heading (0 when none).
    md_level: int = 0
    #: Spans of ``**bold**`` text in ``text``.
    bold: tuple[Span, ...] = ()
    #: The line started with a bullet or list dash (removed from ``text``).
    bullet: bool = False
    #: Spans of ``*italic*`` text in ``text``.
    italic: tuple[Span, ...] = ()
    #: Spaces before the line's text as printed (a hanging indent under a list item's label,
    #: in text extracted with its layout); 0 when the source has none or it is not known.
    indent: int = 0

    @property
    def is_blank(self) -> bool:
        # (isspace, not strip: asked of every line many times, and strip copies the text)
        return not self.text or self.text.isspace()

    def is_bold(self, start: int, end: int) -> bool:
        """True when ``text[start:end]`` lies inside one bold span."""
        return any(s <= start and end <= e for s, e in self.bold)

    def with_text(self, text: str, no: int = 0) -> Line:
        """The line with ``text`` (and number ``no``) in place of its own, every other fact
        kept: a mended text whose marks still line up (a hyphen restored, a line folded).

        >>> Line(3, "Toy-", 3, bold=((0, 3),)).with_text("Toy-x").bold
        ((0, 3),)
        """
        return Line(
            no, text, self.origin, self.md_level, self.bold, self.bullet, self.italic, self.indent
        )


@dataclass(frozen=True, slots=True)
class RawSection:
    """A heading and the body lines under it, before entries are parsed."""

    key: SectionKind
    heading: str | None
    start_line: int
    end_line: int
    lines: tuple[Line, ...]
    lang: Lang = "en"
    #: Heading of the enclosing section, for publication sub-headings.
    parent: str | None = None

    @property
    def text(self) -> str:
        return "\n".join(line.text for line in self.lines)


@dataclass(frozen=True, slots=True)
class RawEntry:
    """The lines of one entry (a degree, a position, a paper) inside a section."""

    lines: tuple[Line, ...]
    lang: Lang = "en"
    #: Heading of the section the entry belongs to.
    section: str | None = None
    #: The year a list printed above a group of its entries ("2024" / entries / "2023" ...).
    group_year: int | None = None
    #: The tag a list printed for the entry in a left margin column (``SOSP'23``, ``J2``),
    #: taken off its lines.
    label: str | None = None
    #: The entry comes from a list set as a table, whose rows' cells stand as lines of their
    #: own and share their row's number.
    cells: bool = False
    #: The owner's place in the author list as a column of the list's table gives it.
    stated_position: int | None = None

    @property
    def text(self) -> str:
        """Lines joined by newlines, the entry's margin label (if any) before the first.

        >>> RawEntry((Line(1, "Fast Toys."), Line(2, "Ann Lee.")), label="J2").text
        'J2 Fast Toys.\\nAnn Lee.'
        """
        joined = "\n".join(line.text for line in self.lines)
        return f"{self.label} {joined}" if self.label else joined

    @property
    def first_line(self) -> int:
        return self.lines[0].no if self.lines else 0
