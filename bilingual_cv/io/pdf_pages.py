"""What PDFium parses to load each page: its content streams and the forms they draw, for the
pre-scan in :mod:`~bilingual_cv.io.pdf_scan`.

A stream's decoded size does not bound PDFium's work. PDFium builds an object for every text
or path operator (600 bytes and 1.1 us for ``(a)Tj``, 280 bytes for a stroked line: a page of
a million of them takes 600 MB), a page may list the same content stream many times in its
``/Contents``, and each ``/Name Do`` parses the form XObject it names again, to a depth of
about 40. PDFium does not stop a form that draws itself: a 700-byte PDF whose form draws
itself twice keeps PDFium busy for good, and six nested forms that each draw the next ten times
(2 KB) cost 0.7 s and 420 MB, seven of them 4 GB. So each page is costed, in bytes of memory
PDFium will hold for it, before PDFium sees the file:

    cost(stream) = its decoded size + OPERATOR_COST per text or path operator
                   + INLINE_IMAGE_COST and the decoded data of each inline image
                   + for each ``/Name Do``: IMAGE_COST for an image, or
                     FORM_COST + cost(the form) for anything else
    cost(page)   = the sum of cost(stream) over its /Contents, a stream counted each time it
                   is listed

with names resolved in the page's ``/Resources`` (inherited from its ``/Parent``) and in each
form's own (or its caller's when it has none), forms drawn to a depth of
:data:`MAX_FORM_DEPTH` (PDFium's own stop is lower). Every dictionary with a ``/Contents``
reference is costed as a page. Each page is held to ``max_pdf_page_bytes`` and all of them
together to ``max_pdf_content_bytes``. The CVs measured cost under 0.6 MiB a page (about 500
operators), a 36-page manual 2 MiB in all.

Not costed: glyph procedures of Type 3 fonts that draw forms.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from bilingual_cv.errors import ResourceLimitError
from bilingual_cv.io.limits import Limits
from bilingual_cv.io.pdf_syntax import Name, Ref, Stream, Value, decode_name

_EDGE = rb"\x00\t\n\x0c\r ()<>\[\]{}/%"
#: ``/Name Do``: a content stream drawing an XObject (a string that only looks like one is
#: counted too, which can only make a page dearer).
DRAW = re.compile(rb"/([^" + _EDGE + rb"]{1,127})[\x00\t\n\x0c\r ]*Do(?![^" + _EDGE + rb"])")
#: Operators after which PDFium holds an object: text shown, a path painted, an inline image.
OBJECT_OPERATOR = re.compile(
    rb"(?<![^" + _EDGE + rb"])(?:Tj|TJ|'|\"|S|s|f|F|f\*|B|B\*|b|b\*|sh)(?![^" + _EDGE + rb"])"
)
#: An inline image's ``BI``: PDFium decodes its data (the pre-scan measures it, see
#: :func:`~bilingual_cv.io.pdf_scan.check_stream_sizes`).
INLINE_IMAGE = re.compile(rb"(?<![^" + _EDGE + rb"])BI(?![^" + _EDGE + rb"])")
#: Bytes of memory counted for each such operator, each image drawn, each form drawn, each
#: inline image (besides its decoded data).
OPERATOR_COST = 512
IMAGE_COST = 512
FORM_COST = 4096
INLINE_IMAGE_COST = 4096
#: Bytes of a content stream searched for operators at a time.
OPERATOR_PART = 1 << 20
#: Forms drawn inside forms, at most (PDFium stops at about 40).
MAX_FORM_DEPTH = 64
#: ``/Parent`` links followed to find a page's inherited ``/Resources``.
MAX_PARENTS = 64


@dataclass(frozen=True, slots=True)
class Content:
    """A content stream's own cost (its size and operators), how many times it draws each
    XObject name, and where its inline images' dictionaries start; ``draws`` is None when it
    is over the cap whatever it draws (its draws and inline images are then not read)."""

    cost: int
    draws: Counter[bytes] | None
    inline_images: tuple[int, ...] = ()


def read_content(data: bytes | memoryview, cap: int) -> Content:
    """A content stream's :class:`Content`, reading at most ``cap // IMAGE_COST`` draws.

    >>> read_content(b"q /Im1 Do Q /Fm#31 Do /Fm1 Do BT (a /X Do) Tj ET BI /W 1 ID x EI", 10**6)
    Content(cost=9280, draws=Counter({b'Fm1': 2, b'Im1': 1, b'X': 1}), inline_images=(51,))
    """
    inline_images = _count_operators(data, INLINE_IMAGE)
    cost = len(data) + OPERATOR_COST * _count_operators(data) + INLINE_IMAGE_COST * inline_images
    if cost > cap:
        return Content(cost, None)
    draws: Counter[bytes] = Counter()
    most = cap // IMAGE_COST + 1
    for index, match in enumerate(DRAW.finditer(data)):
        if index >= most:
            return Content(cost, None)
        draws[decode_name(match.group(1))] += 1
    starts = tuple(match.end() for match in INLINE_IMAGE.finditer(data)) if inline_images else ()
    return Content(cost, draws, starts)


def _count_operators(data: bytes | memoryview, pattern: re.Pattern[bytes] = OBJECT_OPERATOR) -> int:
    """How many object-making operators (or other words of ``pattern``) a content stream
    holds, counted in C a part at a time (a dense page holds millions); one more per part,
    for a word cut at its end (none for an empty stream).

    >>> _count_operators(b"BT (Jane Roe) Tj ET 0 0 m 72 0 l S q /Im1 Do Q")
    3
    """
    count = 0
    for start in range(0, len(data), OPERATOR_PART):
        count += pattern.subn(b"", data[start : start + OPERATOR_PART])[1] + 1
    return count


class PageCosts:
    """The pages of one parsed file, costed and checked against the caps.

    ``definitions`` maps object numbers to every value defined for them; ``content`` gives a
    stream's :class:`Content` (see :func:`read_content`) from its decoded bytes.
    """

    def __init__(
        self,
        definitions: dict[int, list[Value]],
        content: Callable[[Stream, int], Content],
        limits: Limits,
        name: str,
    ) -> None:
        self._definitions = definitions
        self._content = content
        self._limits = limits
        self._name = name
        self._cap = limits.max_pdf_page_bytes
        self._costs: dict[tuple[int, int, int], int] = {}

    def check(self) -> None:
        """Refuse a page over ``max_pdf_page_bytes``, or pages over ``max_pdf_content_bytes``."""
        total = 0
        for values in self._definitions.values():
            for value in values:
                if isinstance(value, dict) and b"Contents" in value:
                    total += self._page_cost(value)
                    if total > self._limits.max_pdf_content_bytes:
                        raise ResourceLimitError(
                            f"{self._name}: PDF pages hold more than"
                            f" {self._limits.max_pdf_content_bytes} bytes of content to parse"
                            " (limit max_pdf_content_bytes)",
                            limit="max_pdf_content_bytes",
                        )

    def _page_cost(self, page: dict[bytes, Value]) -> int:
        resources = self._inherited_resources(page)
        cost = 0
        for stream in self._streams(page[b"Contents"], listed=True):
            cost = min(self._cap + 1, cost + self._stream_cost(stream, resources, 0))
        if cost > self._cap:
            raise ResourceLimitError(
                f"{self._name}: a PDF page holds more than {self._cap} bytes of content to"
                " parse, its forms drawn as often as it draws them (limit max_pdf_page_bytes)",
                limit="max_pdf_page_bytes",
            )
        return cost

    def _stream_cost(self, stream: Stream, resources: dict[bytes, Value] | None, depth: int) -> int:
        """Memory PDFium holds for a content stream or form and all it draws, up to the cap."""
        key = (id(stream), id(resources), depth)
        if key in self._costs:
            return self._costs[key]
        content = self._content(stream, self._cap)
        cost = min(self._cap + 1, content.cost)
        if content.draws is None:
            cost = self._cap + 1
        for name, count in (content.draws or Counter()).items():
            if cost > self._cap:
                break
            drawn = IMAGE_COST
            forms = self._xobjects(resources, name) if depth < MAX_FORM_DEPTH else []
            for form in forms:
                own = self._dictionary(form.entries.get(b"Resources"))
                inner = own if own is not None else resources
                drawn = max(drawn, FORM_COST + self._stream_cost(form, inner, depth + 1))
            cost = min(self._cap + 1, cost + count * drawn)
        self._costs[key] = cost
        return cost

    def _xobjects(self, resources: dict[bytes, Value] | None, name: bytes) -> list[Stream]:
        """The forms (any XObject not read as an image) a name may draw."""
        if resources is None:
            return []
        xobjects = self._dictionary(resources.get(b"XObject"))
        if xobjects is None or name not in xobjects:
            return []
        return [
            stream
            for stream in self._streams(xobjects[name], listed=False)
            if not any(
                isinstance(subtype, Name) and subtype.value == b"Image"
                for subtype in self._resolve(stream.entries.get(b"Subtype"))
            )
        ]

    def _inherited_resources(self, page: dict[bytes, Value]) -> dict[bytes, Value] | None:
        node: dict[bytes, Value] | None = page
        for _ in range(MAX_PARENTS):
            if node is None:
                return None
            found = self._dictionary(node.get(b"Resources"))
            if found is not None:
                return found
            node = self._dictionary(node.get(b"Parent"))
        return None

    def _streams(self, value: Value | None, *, listed: bool) -> list[Stream]:
        """The streams a value stands for: itself, a reference's definitions, and (when
        ``listed``, as ``/Contents`` is) each element of an array, duplicates included."""
        found: list[Stream] = []
        for item in self._resolve(value):
            if isinstance(item, Stream):
                found.append(item)
            elif listed and isinstance(item, list):
                for element in item:
                    found.extend(self._streams(element, listed=False))
        return found

    def _dictionary(self, value: Value | None) -> dict[bytes, Value] | None:
        for item in self._resolve(value):
            if isinstance(item, dict):
                return item
            if isinstance(item, Stream):
                return item.entries
        return None

    def _resolve(self, value: Value | None) -> list[Value]:
        if isinstance(value, Ref):
            return self._definitions.get(value.number, [])
        return [] if value is None else [value]
