"""Frozen hand-off values between pipeline stages: lines, sections and entries.

Every value keeps its 1-based line numbers in the cleaned text, so any output field can be
traced back to the input.
"""

from __future__ import annotations

from dataclasses import dataclass

from bilingual_cv.schema import Lang, SectionKind


@dataclass(frozen=True, slots=True)
class Line:
    """One line of cleaned text and its 1-based number."""

    no: int
    text: str


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

    @property
    def text(self) -> str:
        """Lines joined by newlines."""
        return "\n".join(line.text for line in self.lines)

    @property
    def first_line(self) -> int:
        return self.lines[0].no if self.lines else 0
