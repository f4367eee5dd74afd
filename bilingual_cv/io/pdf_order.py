"""The reading order of a PDF page's lines, from where they stand on the page.

PDFium gives a page's lines in the order the file draws them. LaTeX draws top to bottom, but
Word, Pages and PDF editors draw text boxes when they like: a name and contact header set in
a box comes out after the body, banner headings all together at the end, a footer first. A
reader sees none of that: a line drawn later but standing higher on the page, in the same
column as text drawn before it, is read where it stands. Columns are left alone: a line with
text already beside it on its level (a margin heading and its body, a date set flush right)
is in another column and keeps its place. A line that shares no horizontal extent with the
text below it (a short name over a narrow footer) goes where the next lines of its run go.
One column move is made: a left column of at least :data:`MIN_SIDEBAR_LINES` lines drawn
last, beside the column on its right (a sidebar), is read before that column, as a reader
reads left before right.

Positions come from :class:`~bilingual_cv.io.pdf_layout.Glyph`: ``y`` (the middle of each
word's first character) and ``x`` (each word's left edge; a space's ``x`` is where the word
before it ends). A line's right end is estimated from its last word's characters (an em for a
CJK character, :data:`LATIN_ADVANCE_EMS` for others), as no second box is read per line. A line
without positions (a test's glyphs, a page read without fonts), or whose words stand at
different heights (a hyphenated line PDFium joined to the next, rotated text), has no box and
keeps its place.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from itertools import groupby, pairwise
from math import inf
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple, TypeVar

from bilingual_cv.lang.scripts import is_cjk

if TYPE_CHECKING:
    from bilingual_cv.io.pdf_layout import Glyph

#: Two lines whose middles are closer than this many times the larger font size stand on one
#: level (a superscript, a date set on the line's baseline, a second column's line).
LEVEL_EMS = 0.5
#: The average advance of a character that is not CJK, in ems (Latin text runs 0.45-0.6).
LATIN_ADVANCE_EMS = 0.5
#: Lines drawn out of turn placed per page (a CV page has under 100 lines): placing one looks
#: at every line placed before it, so a hostile page drawn bottom to top costs linear work.
MAX_LINES_PLACED = 200


def is_wide(char: str) -> bool:
    """A CJK ideograph or a full-width form: a character an em wide, and never half of a
    ligature (whose characters share one box, ``ff``).

    >>> [is_wide(c) for c in "教，f"]
    [True, True, False]
    """
    return is_cjk(char) or "\u3000" <= char <= "\u303f" or "\uff00" <= char <= "\uffef"


_Line = TypeVar("_Line", bound="Sequence[Glyph]")


class LineBox(NamedTuple):
    """Where a line stands: its middle's depth from the top (points, larger is lower), its
    main font size, and its left and right ends (points)."""

    depth: float
    size: float
    left: float
    right: float


def line_box(line: Sequence[Glyph]) -> LineBox | None:
    """Where a line stands, or None when it has no positions or is not one horizontal line.

    >>> from bilingual_cv.io.pdf_layout import Glyph
    >>> word = [Glyph(c, 10.0, x=72.0, y=700.0) for c in "Ann"]
    >>> line_box(word + [Glyph(" ", x=88.0)] + [Glyph(c, 10.0, x=91.0, y=700.0) for c in "Lee"])
    LineBox(depth=-700.0, size=10.0, left=72.0, right=106.0)
    >>> line_box([Glyph(c, 10.0, x=72.0) for c in "Ann"]) is None  # no heights
    True
    """
    heights: list[float] = []  # of each word (its glyphs share the first one's place)
    sizes: list[float] = []
    left, right = inf, -inf
    for x, word in groupby(line, _X):  # the glyphs of one word share its left edge
        first = next(word)
        if not first.size:  # a space (x is where the word before it ends) or a break (0)
            right = max(right, x)
            continue
        left = min(left, x)
        heights.append(first.y)
        sizes.append(first.size)
    if not heights or not any(heights):
        return None
    if not _measured_end(line):
        right = max(right, _end_of_last_word(line))
    size = Counter(sizes).most_common(1)[0][0]
    heights.sort()
    if heights[-1] - heights[0] > size:  # two lines joined, or text set at an angle
        return None
    return LineBox(-heights[len(heights) // 2], size, left, right)


def _measured_end(line: Sequence[Glyph]) -> bool:
    """The line ends in a space after its last word, whose ``x`` is where that word ends as
    measured (Word and LibreOffice keep the space at a wrapped line's end): no estimate is
    needed, and an estimate from average widths can run past a narrow table cell's edge.

    >>> from bilingual_cv.io.pdf_layout import Glyph
    >>> _measured_end([Glyph("a", 10.0, x=100.0), Glyph(" ", x=105.0)]), _measured_end([Glyph("a", 10.0)])
    (True, False)
    """
    return bool(line) and line[-1].char == " " and line[-1].x > 0


def _end_of_last_word(line: Sequence[Glyph]) -> float:
    """Where the line's last word ends, estimated from its characters' widths (no space after
    it says so).

    >>> from bilingual_cv.io.pdf_layout import Glyph
    >>> _end_of_last_word([Glyph(c, 10.0, x=100.0) for c in "教育"] + [Glyph(" ")])
    120.0
    """
    end = len(line)
    while end and not line[end - 1].size:
        end -= 1
    if not end:
        return -inf
    x = line[end - 1].x
    advance = 0.0
    for glyph in reversed(line[:end]):
        if glyph.x != x or not glyph.size:
            break
        advance += glyph.size * (1.0 if is_wide(glyph.char) else LATIN_ADVANCE_EMS)
    return x + advance


#: The left edge of a glyph's word, as a C-level getter.
_X = itemgetter(3)


def in_reading_order(lines: Sequence[_Line]) -> list[_Line]:
    """A page's lines in reading order (see the module's docstring).

    >>> from bilingual_cv.io.pdf_layout import Glyph
    >>> def line(text: str, y: float) -> list[Glyph]:
    ...     return [Glyph(c, 10.0, x=72.0, y=y) for c in text]
    >>> page = [line("Education", 600), line("Zed Quill", 750)]  # the name drawn last
    >>> ["".join(g.char for g in glyphs) for glyphs in in_reading_order(page)]
    ['Zed Quill', 'Education']
    """
    order = reading_order([line_box(line) for line in lines])
    return [lines[index] for index in order]


def reading_order(boxes: Sequence[LineBox | None]) -> list[int]:
    """The indices of a page's lines (given in the order they are drawn) in reading order.

    A line drawn below everything drawn before it, the usual case, is read next. A line that
    stands above text drawn before it is read before the first such text in its column
    (text below it that it overlaps horizontally), and before the lines read just before that
    text that stand below it too (a margin column's), unless a line drawn in flow already stands beside it on its level (it is then a column).
    A line that stands above text drawn before it, with nothing on its level and nothing of
    its column below it (a short name over a narrow footer), goes where the next lines of its
    run go (the lines drawn after it, each lower than the one before).

    >>> body = [LineBox(100.0 + 14 * n, 10.0, 72.0, 500.0) for n in range(3)]
    >>> header = LineBox(40.0, 20.0, 200.0, 380.0)  # drawn last, above the body
    >>> reading_order([*body, header])
    [3, 0, 1, 2]
    >>> margin = LineBox(114.0, 10.0, 20.0, 60.0)  # a margin tag beside the second line
    >>> reading_order([*body, margin])
    [0, 1, 2, 3]
    """
    order: list[int] = []
    moved: set[int] = set()
    pending: list[int] = []  # lines of the current run whose place its next lines decide
    deepest = -inf
    previous: LineBox | None = None
    budget = MAX_LINES_PLACED  # each placing looks at every line read so far: bounded work
    for index, box in enumerate(boxes):
        if box is not None and previous is not None and _below(previous, box):
            order += pending  # the run ends: its undecided lines stay where they are drawn
            pending.clear()
        at = _KEEP
        if box is not None and box.depth < deepest - LEVEL_EMS * box.size and budget:
            budget -= 1
            top = boxes[pending[0]] if pending else box
            at = _place_above(box, top or box, boxes, order, moved)
        if at == _UNSURE:
            pending.append(index)
        elif at == _KEEP:
            order += pending
            order.append(index)
            pending.clear()
        else:
            order[at:at] = [*pending, index]
            moved.update(pending, (index,))
            pending.clear()
        if box is not None:
            deepest = max(deepest, box.depth)
            previous = box
    return _left_column_first(boxes, order + pending)


#: A column drawn last, left of the text beside it, is read first when it has this many lines.
MIN_SIDEBAR_LINES = 5


def _left_column_first(boxes: Sequence[LineBox | None], order: list[int]) -> list[int]:
    """``order`` with a left column drawn last (a sidebar) read before the column to its right."""
    start = len(boxes)
    while start > 0:  # the last run drawn: each line on or below the one before
        box, before = boxes[start - 1], boxes[start - 2] if start > 1 else None
        if box is None:
            break
        start -= 1
        if before is None or _below(before, box):
            break
    run = list(range(start, len(boxes)))
    if len(run) < MIN_SIDEBAR_LINES or order[-len(run) :] != run or start == 0:
        return order
    sidebar = [box for box in (boxes[n] for n in run) if box is not None]
    left = min(box.left for box in sidebar)
    right = max(box.right for box in sidebar)
    top = min(box.depth for box in sidebar) - LEVEL_EMS * sidebar[0].size
    bottom = max(box.depth for box in sidebar) + LEVEL_EMS * sidebar[-1].size
    rest = order[: -len(run)]
    beside = [
        placed
        for placed in (boxes[n] for n in rest)
        if placed is not None and top <= placed.depth <= bottom
    ]
    if len(beside) < MIN_SIDEBAR_LINES or any(placed.left <= right for placed in beside):
        return order
    at = len(rest)
    while at > 0:
        placed = boxes[rest[at - 1]]
        if placed is None or min(placed.right, right) > max(placed.left, left):
            break
        at -= 1
    return rest[:at] + run + rest[at:]


#: What :func:`_place_above` says of a line it does not move: it keeps its place (a column),
#: or its run decides (nothing beside it, nothing of its column below it).
_KEEP, _UNSURE = -1, -2


def _place_above(
    box: LineBox,
    top: LineBox,
    boxes: Sequence[LineBox | None],
    order: list[int],
    moved: set[int],
) -> int:
    """Where in ``order`` a line that stands above text drawn before it is read (with the
    undecided lines of its run, the highest ``top``), or :data:`_KEEP` or :data:`_UNSURE`."""
    first = None
    for at, index in enumerate(order):
        placed = boxes[index]
        if placed is None:
            continue
        overlaps = _overlaps(placed, box)
        if not overlaps and index not in moved and _level(placed, box):
            return _KEEP  # text drawn in flow stands beside it: another column
        if first is None and overlaps and _below(placed, box):
            first = at
    if first is None:
        return _UNSURE
    while first > 0:  # what is read just before that text and stands below comes after it
        before = boxes[order[first - 1]]
        if before is None or not _below(before, top):
            break
        first -= 1
    return first


def _below(lower: LineBox, upper: LineBox) -> bool:
    """``lower`` stands on a level below ``upper``'s."""
    return lower.depth - upper.depth > LEVEL_EMS * max(lower.size, upper.size)


def _level(one: LineBox, other: LineBox) -> bool:
    """The two lines stand on one level."""
    return abs(one.depth - other.depth) <= LEVEL_EMS * max(one.size, other.size)


def _overlaps(one: LineBox, other: LineBox) -> bool:
    """The two lines share some horizontal extent."""
    return min(one.right, other.right) > max(one.left, other.left)


#: A mark set raised and small after a word (a co-first ``*``, a ``†``, an affiliation
#: number) is at most this share of its line's size, and its middle at least
#: :data:`RAISE_EMS` of the line's size above the word before it.
MARK_SIZE_SHARE = 0.85
RAISE_EMS = 0.1


def join_raised_marks(lines: Sequence[Sequence[Glyph]]) -> list[list[Glyph]]:
    """A page's lines (as PDFium gives them) with a line that PDFium broke after a raised
    mark joined to the rest of its printed line.

    TeX sets ``Ann Lee$^*$, Bo Wu`` as a small raised glyph; PDFium ends a line where the
    baseline goes back down, so the author list reads as two lines (``Ann Lee*`` and
    ``, Bo Wu``) and the entry splitter sees two entries. A line whose last glyph is smaller
    than the line's text (:data:`MARK_SIZE_SHARE`) and raised above the word before it
    (:data:`RAISE_EMS`), followed by a line that starts on that word's level right of the
    mark, is one printed line: joined, with a space before a word and none before
    punctuation.

    >>> from bilingual_cv.io.pdf_layout import Glyph
    >>> def word(text: str, x: float, y: float, size: float = 10.0) -> list[Glyph]:
    ...     return [Glyph(c, size, x=x, y=y) for c in text]
    >>> page = [word("Ann Lee", 72, 700) + word("*", 104, 703, 7.0), word(", Bo Wu", 108, 699)]
    >>> ["".join(g.char for g in glyphs) for glyphs in join_raised_marks(page)]
    ['Ann Lee*, Bo Wu']
    """
    out: list[list[Glyph]] = []
    for line in lines:
        if out and _continues_after_mark(out[-1], line):
            first = line[0]
            if first.char.isalnum():  # a word follows the mark: the space PDFium dropped
                out[-1].append(first._replace(char=" ", size=0.0, bold=False, y=0.0))
            out[-1].extend(line)
        else:
            out.append(list(line))
    return out


def _continues_after_mark(before: Sequence[Glyph], line: Sequence[Glyph]) -> bool:
    """``line`` goes on the printed line of ``before``, which ends in a raised mark."""
    if len(before) < 2 or not line:
        return False
    mark, first = before[-1], line[0]
    if not mark.size or not first.size or mark.char.isspace():
        return False
    word = next((g for g in reversed(before[:-1]) if g.size and g.x != mark.x), None)
    if word is None or not word.y or not first.y or not mark.y:
        return False
    size = word.size
    return (
        mark.size <= MARK_SIZE_SHARE * size
        and mark.y - word.y >= RAISE_EMS * size
        and abs(first.y - word.y) <= LEVEL_EMS * size
        and first.x >= mark.x
    )


#: A right-column fragment put back on its line is at most this many characters (a date, a
#: venue tag, a place).
MAX_FRAGMENT_CHARS = 32
#: ... and stands beside one of the this many lines read before the line read just before it.
MAX_FRAGMENT_LINES_BACK = 3
#: ... and holds a year (``Dec. 2026``, ``ECCV 2025``, ``NSDI'24``): a line's date or venue,
#: which the parsers read from the line it dates. (An organization set flush right is left
#: where PDFium gives it: the entry parsers read it as a line of its own.)
_FRAGMENT_YEAR_RE = re.compile(r"(?<!\d)(?:19|20)\d{2}(?!\d)|'\d{2}\b")


def join_right_fragments(lines: Sequence[Sequence[Glyph]]) -> list[list[Glyph]]:
    """A page's lines in reading order with each short fragment holding a year set flush right
    beside the first line of a wrapped block (a date or venue beside a title that wraps, as awesome-cv
    and Word tab stops set it) put back at that line's end, after a tab.

    PDFium gives such a fragment after the whole block, where it reads as a line of its own
    (``Dec. 2026`` under the title's last line). A fragment is put back when it stands on
    the level of a line read up to :data:`MAX_FRAGMENT_LINES_BACK` lines before, right of
    it, with only that line's block (lines below it, sharing its extent) in between, and the
    text read after it goes on below that block: one fragment, not a column of them (a
    sidebar's lines each stand beside a line of the body, and follow one another).

    >>> from bilingual_cv.io.pdf_layout import Glyph
    >>> def line(text: str, x: float, y: float) -> list[Glyph]:
    ...     return [Glyph(c, 10.0, x=x, y=y) for c in text]
    >>> page = [line("Long title", 72, 700), line("wrapped", 72, 686), line("2026", 400, 700),
    ...         line("Ann Lee", 72, 672)]
    >>> ["".join(g.char for g in glyphs) for glyphs in join_right_fragments(page)]
    ['Long title\\t2026', 'wrapped', 'Ann Lee']
    """
    boxes = [line_box(line) for line in lines]
    out = [list(line) for line in lines]
    dropped: set[int] = set()
    for index in range(2, len(lines)):
        box, before = boxes[index], boxes[index - 1]
        if box is None or before is None or not _below(before, box):
            continue  # a line read in flow: below the one before it
        after = boxes[index + 1] if index + 1 < len(boxes) else None
        if after is not None and not _below(after, before):
            continue  # a column of lines drawn after the text beside them
        text = "".join(g.char for g in lines[index]).strip()
        if len(text) > MAX_FRAGMENT_CHARS or not _FRAGMENT_YEAR_RE.search(text):
            continue
        first = _block_start(boxes, index, box)
        if first is not None and first not in dropped:
            right = boxes[first]
            assert right is not None  # (a line with no box is never a block's start)
            tab = lines[index][0]._replace(char="\t", size=0.0, bold=False, x=right.right)
            out[first] += [tab, *lines[index]]
            dropped.add(index)
    return [line for index, line in enumerate(out) if index not in dropped]


def _block_start(boxes: Sequence[LineBox | None], index: int, box: LineBox) -> int | None:
    """The line read before ``index`` that the fragment ``box`` stands beside (on its level,
    right of it), when only the lines of its block stand between them."""
    for back in range(index - 2, max(-1, index - 2 - MAX_FRAGMENT_LINES_BACK), -1):
        line = boxes[back]
        if line is None:
            return None
        if _level(line, box):
            block = [boxes[k] for k in range(back + 1, index)]
            beside = box.left > line.right
            if beside and all(
                b is not None and _below(b, line) and _overlaps(b, line) for b in block
            ):
                return back
            return None
    return None


#: A table's rows are joined when at least this many rows in a run have at least
#: :data:`MIN_TABLE_CELLS` cells each.
MIN_TABLE_ROWS = 2
MIN_TABLE_CELLS = 3


def join_table_rows(lines: Sequence[Sequence[Glyph]]) -> list[list[Glyph]]:
    """A page's lines in reading order with the rows of a table each made one line, its cells
    joined by tabs and each cell's wrapped lines by spaces, as a DOCX table row reads.

    A table's text layer (Word, a browser) gives a row cell by cell: the first cell's lines
    top to bottom, then the next cell's from the row's top again. So a cell is a run of lines
    each below the one before; a line back on the level of the row's top, right of the cells
    before, opens the next cell; a line below the whole row opens the next row. Rows of at
    least :data:`MIN_TABLE_CELLS` cells, :data:`MIN_TABLE_ROWS` or more in a run, are
    joined; anything else keeps its lines (two columns, a date beside a line, are no such
    table).

    >>> from bilingual_cv.io.pdf_layout import Glyph
    >>> def line(text: str, x: float, y: float) -> list[Glyph]:
    ...     return [Glyph(c, 10.0, x=x, y=y) for c in text]
    >>> page = [line("Toy title", 72, 700), line("wrapped", 72, 686), line("Ann Lee", 200, 700),
    ...         line("2021", 400, 700), line("Other toy", 72, 660), line("Bo Wu", 200, 660),
    ...         line("2020", 400, 660)]
    >>> ["".join(g.char for g in glyphs) for glyphs in join_table_rows(page)]
    ['Toy title wrapped\\tAnn Lee\\t2021', 'Other toy\\tBo Wu\\t2020']
    """
    boxes = [line_box(line) for line in lines]
    rows = _table_rows(boxes)
    out: list[list[Glyph]] = []
    index = 0
    for cells in _joinable(rows, lines):
        first = cells[0][0]
        out.extend(list(lines[i]) for i in range(index, first))
        joined: list[Glyph] = []
        for cell in cells:
            for at in cell:
                if joined:
                    gap = "\t" if at == cell[0] else _wrap_gap(joined[-1], lines[at])
                    if not gap:
                        joined.extend(lines[at])  # a CJK cell wrapped between two characters
                        continue
                    joined.append(lines[at][0]._replace(char=gap, size=0.0, bold=False))
                    if gap == " " and joined[-2].char == "\u00ad":
                        del joined[-1]  # a cell's word broken at a hyphen: "Ruiz-" / "Soto"
                        joined[-1] = joined[-1]._replace(char="-")
                joined.extend(lines[at])
        out.append(joined)
        index = cells[-1][-1] + 1
    out.extend(list(lines[i]) for i in range(index, len(lines)))
    return out


#: A space wider than this many ems between two words separates columns (as
#: :data:`bilingual_cv.io.pdf_layout.COLUMN_GAP_EMS`).
COLUMN_GAP_EMS = 2.0


def column_gaps(line: Sequence[Glyph]) -> int:
    """How many spaces of the line span a column gap: a space whose ``x`` (where the word
    before it ends) stands :data:`COLUMN_GAP_EMS` or more before the next word.

    >>> from bilingual_cv.io.pdf_layout import Glyph
    >>> column_gaps([Glyph("A", 10, x=72), Glyph(" ", x=80), Glyph("B", 10, x=300)])
    1
    >>> column_gaps([Glyph("A", 10, x=72), Glyph(" ", x=80), Glyph("B", 10, x=83)])
    0
    """
    return sum(
        1
        for space, after in pairwise(line)
        if space.char == " " and space.x and after.size
        if after.x - space.x >= COLUMN_GAP_EMS * after.size
    )


def _wrap_gap(last: Glyph, line: Sequence[Glyph]) -> str:
    """What joins a cell's line to the next line of the same cell: nothing between two CJK
    characters (Chinese wraps between any two characters, with no space), nothing after a
    space the line already ends in, else a space.

    >>> from bilingual_cv.io.pdf_layout import Glyph
    >>> [_wrap_gap(Glyph(a), [Glyph(b)]) for a, b in ("数据", "aB", " B", "数B")]
    ['', ' ', '', ' ']
    """
    if last.char == " " or (line and is_wide(last.char) and is_wide(line[0].char)):
        return ""
    return " "


def _table_rows(boxes: Sequence[LineBox | None]) -> list[list[list[int]]]:
    """The lines (indices) grouped into rows of cells, as :func:`join_table_rows` reads them;
    a line that fits no row is a row of one cell."""
    rows: list[list[list[int]]] = []
    top: LineBox | None = None
    bottom = -inf
    for index, box in enumerate(boxes):
        previous = boxes[index - 1] if index else None
        cells = rows[-1] if rows else None
        if box is None or previous is None or top is None or cells is None:
            rows.append([[index]])
        elif _below(box, previous) and _overlaps(box, previous):
            cells[-1].append(index)  # the cell goes on
            bottom = max(bottom, box.depth)
            continue
        elif _level(box, top) and _right_of(boxes, cells[-1], box):
            cells.append([index])  # back up on the row's top, right of the cell before
            continue
        elif len(cells) == 1 and (at := _row_start(boxes, cells[0], box)) is not None:
            # back up on the level of a line of the first cell: the row starts there (the
            # lines above it, a heading row of one line, are a row of their own)
            rows[-1] = [cells[0][:at]]
            rows.append([cells[0][at:], [index]])
            top = boxes[cells[0][at]]
            bottom = max(b.depth for i in cells[0][at:] if (b := boxes[i]) is not None)
            continue
        else:
            rows.append([[index]])
        top = box
        bottom = box.depth if box is not None else -inf
    return rows


def _right_of(boxes: Sequence[LineBox | None], cell: list[int], box: LineBox) -> bool:
    """Every line of ``cell`` ends left of ``box``."""
    return all((b := boxes[i]) is not None and b.right < box.left for i in cell)


def _row_start(boxes: Sequence[LineBox | None], cell: list[int], box: LineBox) -> int | None:
    """Where in ``cell`` (after its first line) a row starts whose next cell is ``box``: the
    line on ``box``'s level, when it and the lines after it end left of ``box``."""
    for at in range(1, len(cell)):
        line = boxes[cell[at]]
        if line is not None and _level(line, box):
            return at if _right_of(boxes, cell[at:], box) else None
    return None


def _joinable(
    rows: list[list[list[int]]], lines: Sequence[Sequence[Glyph]]
) -> list[list[list[int]]]:
    """The rows in runs of at least :data:`MIN_TABLE_ROWS` rows of at least
    :data:`MIN_TABLE_CELLS` cells each. The text layer may run cells that share a baseline
    into one line (``1 Toy title`` ... ``Ann Lee   ToyConf   2021``): each column gap in a
    cell's first line counts as one more cell."""
    out: list[list[list[int]]] = []
    run: list[list[list[int]]] = []
    for row in [*rows, []]:
        cells = len(row)
        if 0 < cells < MIN_TABLE_CELLS:
            cells += sum(column_gaps(lines[cell[0]]) for cell in row)
        if cells >= MIN_TABLE_CELLS:
            run.append(row)
            continue
        if len(run) >= MIN_TABLE_ROWS:
            out.extend(run)
        run = []
    return out
