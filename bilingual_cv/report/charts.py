"""The report's charts, inline SVG: a CV's publications per year stacked by CCF rank
(:func:`render_chart`, on its card) and the table's small per-row chart on the batch's common
years and scale (:func:`render_spark`)."""

from __future__ import annotations

from collections.abc import Mapping

from bilingual_cv.report.figures import RANKS

__all__ = [
    "SPARK_YEARS",
    "chart_slots",
    "render_chart",
    "render_spark",
]

#: Bar colours of the chart (the badges use the same ones through report.css).
RANK_COLOURS = {"A": "#b42318", "B": "#dc6803", "C": "#ca9a04", "none": "#98a2b3"}
#: Height and bar pitch, in pixels, of the per-CV chart.
CHART_HEIGHT = 150
CHART_STEP = 30
#: The per-CV chart shows this many latest years one by one; earlier ones share one bar, so a
#: stray early year (a misread date, a 1990s paper) cannot squeeze the rest.
CHART_YEARS = 16
#: The table's small charts show this many latest years of the batch, on one common scale.
SPARK_YEARS = 12
#: Width and height of the small per-row chart in the committee table.
SPARK_WIDTH = 140
SPARK_HEIGHT = 28


def render_chart(per_year: Mapping[int, Mapping[str, int]]) -> str:
    """A stacked bar chart of publications per year, coloured by CCF rank, as inline SVG.

    >>> svg = render_chart({2022: {"A": 1, "none": 1}, 2024: {"B": 2}})
    >>> svg.count("<rect class=\\"bar"), "2023" in svg
    (3, True)
    >>> render_chart({})
    ''
    """
    if not per_year:
        return ""
    slots = chart_slots(per_year)
    top = max(sum(counts.values()) for _, counts in slots)
    scale = max(top, 1)
    left, bottom, head = 28, 22, 10
    plot = CHART_HEIGHT - bottom - head
    width = left + CHART_STEP * len(slots) + 8
    parts = [
        (
            f'<svg class="chart" role="img" width="{width}" height="{CHART_HEIGHT}" '
            f'viewBox="0 0 {width} {CHART_HEIGHT}" xmlns="http://www.w3.org/2000/svg">'
        ),
        "<title>Publications per year by CCF rank</title>",
    ]
    for tick in _ticks(top):
        y = head + plot - plot * tick / scale
        parts.append(
            f'<line class="grid" x1="{left}" x2="{width - 4}" y1="{y:.1f}" y2="{y:.1f}"/>'
            f'<text class="tick" x="{left - 6}" y="{y + 4:.1f}" text-anchor="end">{tick}</text>'
        )
    for slot, (year, counts) in enumerate(slots):
        x = left + CHART_STEP * slot + 5
        y = float(head + plot)
        for rank in (*RANKS, "none"):
            count = counts.get(rank, 0)
            if not count:
                continue
            height = plot * count / scale
            y -= height
            label = f"CCF-{rank}" if rank in RANKS else "not ranked"
            parts.append(
                f'<rect class="bar rank-{rank}" x="{x}" y="{y:.1f}" width="{CHART_STEP - 10}" '
                f'height="{height:.1f}" fill="{RANK_COLOURS[rank]}">'
                f"<title>{year}: {count} {label}</title></rect>"
            )
        parts.append(
            f'<text class="year" x="{x + (CHART_STEP - 10) / 2}" y="{CHART_HEIGHT - 6}" '
            f'text-anchor="middle">{year}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def chart_slots(per_year: Mapping[int, Mapping[str, int]]) -> list[tuple[str, dict[str, int]]]:
    """The bars of a CV's chart: every year of its last :data:`CHART_YEARS`, gaps included,
    after one bar for all earlier years.

    >>> [label for label, _ in chart_slots({2021: {"A": 1}, 2023: {"B": 1}})]
    ['2021', '2022', '2023']
    >>> slots = chart_slots({1957: {"C": 1}, 2010: {"A": 1}, 2024: {"A": 2}})
    >>> slots[0], slots[1][0], slots[-1][0]
    (('≤2008', {'A': 0, 'B': 0, 'C': 1, 'none': 0}), '2009', '2024')
    """
    last = max(per_year)
    first = max(min(per_year), last - CHART_YEARS + 1)
    slots = []
    earlier = dict.fromkeys((*RANKS, "none"), 0)
    for year, counts in per_year.items():
        if year < first:
            for rank in earlier:
                earlier[rank] += counts.get(rank, 0)
    if any(earlier.values()):
        slots.append((f"≤{first - 1}", earlier))
    for year in range(first, last + 1):
        counts = per_year.get(year, {})
        slots.append((str(year), {rank: counts.get(rank, 0) for rank in (*RANKS, "none")}))
    return slots


def _ticks(top: int) -> list[int]:
    """Grid values for a chart whose tallest bar is ``top``: 0, the top, and a middle.

    >>> _ticks(1), _ticks(4), _ticks(7)
    ([0, 1], [0, 2, 4], [0, 4, 7])
    """
    if top <= 1:
        return [0, 1]
    middle = (top + 1) // 2
    return sorted({0, middle, top})


def render_spark(per_year: Mapping[int, Mapping[str, int]], years: range, top: int) -> str:
    """A small stacked chart for the committee table, on the batch's common years and scale.

    >>> render_spark({2023: {"A": 2}}, range(2022, 2025), 2).count("<rect")
    1
    """
    if not per_year or not years:
        return ""
    step = SPARK_WIDTH / len(years)
    scale = max(top, 1)
    parts = [
        (
            f'<svg class="spark" width="{SPARK_WIDTH}" height="{SPARK_HEIGHT}" '
            f'viewBox="0 0 {SPARK_WIDTH} {SPARK_HEIGHT}" aria-hidden="true" '
            'xmlns="http://www.w3.org/2000/svg">'
        ),
        (
            f'<line class="base" x1="0" x2="{SPARK_WIDTH}" y1="{SPARK_HEIGHT - 0.5}" '
            f'y2="{SPARK_HEIGHT - 0.5}"/>'
        ),
    ]
    for slot, year in enumerate(years):
        y = float(SPARK_HEIGHT)
        for rank in (*RANKS, "none"):
            count = per_year.get(year, {}).get(rank, 0)
            if count:
                height = (SPARK_HEIGHT - 2) * count / scale
                y -= height
                parts.append(
                    f'<rect x="{slot * step + 0.5:.1f}" y="{y:.1f}" '
                    f'width="{max(step - 1, 1):.1f}" height="{height:.1f}" '
                    f'fill="{RANK_COLOURS[rank]}"/>'
                )
    parts.append("</svg>")
    return "".join(parts)
