"""List sections (awards, talks, teaching, service, ...) as entries with text, year and raw."""

from __future__ import annotations

import re

from bilingual_cv.lines import RawEntry
from bilingual_cv.schema import Award, Item

#: A plausible year of a CV event.
YEAR_RE = re.compile(r"(?<![\d.])(19[5-9]\d|20\d{2})(?![\d])")


def find_year(text: str) -> int | None:
    """The last plausible year in a line (the date column is usually last).

    >>> find_year("Best Presentation Award, Workshop on Composable Systems (IPDPS), 2022")
    2022
    >>> find_year("Dean's Honour List, HKU, 2016–19")
    2016
    >>> find_year("Undergraduate Ambassador") is None
    True
    """
    years = YEAR_RE.findall(text)
    return int(years[-1]) if years else None


def _one_line(entry: RawEntry) -> str:
    return " ".join(line.text.strip() for line in entry.lines).strip()


def parse_item(entry: RawEntry) -> Item:
    """An entry of a list section.

    >>> from bilingual_cv.lines import Line
    >>> parse_item(RawEntry((Line(3, "Spring 2024: Introduction to Computer Systems (CompSci 210)"),))).year
    2024
    """
    text = _one_line(entry)
    return Item(text=text, year=find_year(text), raw=entry.text)


def parse_award(entry: RawEntry) -> Award:
    """An award line: title, year and issuer (the part between title and year).

    >>> from bilingual_cv.lines import Line
    >>> a = parse_award(RawEntry((Line(1, "ML and Systems Rising Stars, MLCommons, 2023"),)))
    >>> a.title, a.issuer, a.year
    ('ML and Systems Rising Stars', 'MLCommons', 2023)
    >>> parse_award(RawEntry((Line(1, "NSF CAREER Award\\t2023"),))).title
    'NSF CAREER Award'
    """
    text = _one_line(entry)
    year = find_year(text)
    body = text
    if year is not None:
        body = re.sub(r"[\s,，;]*\(?" + str(year) + r"(?:\s*[–\-/]\s*\d{2,4})?\)?\s*$", "", text).strip()
    parts = [part.strip() for part in re.split(r",\s+|，", body) if part.strip()]
    title = parts[0] if parts else text
    issuer = parts[-1] if len(parts) >= 2 and len(parts[-1].split()) <= 8 else None
    if issuer is not None and len(parts) > 2:
        title = ", ".join(parts[:-1])
    return Award(title=title or text, year=year, issuer=issuer, raw=entry.text)
