"""A card per CV: its figures and chart, then its publications (CCF badges, the owner's author
position), education, experience, and the warnings: losses first, each with its line's text;
notices about stray and moved lines (severity ``info``) are hidden until the page's "show
stray-line notices" box is ticked."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bilingual_cv.report.charts import render_chart
from bilingual_cv.report.escape import html_text
from bilingual_cv.report.figures import (
    DEGREE_LABELS,
    MISMATCH_CODE,
    RANKS,
    Row,
    as_dict,
    as_dicts,
    degree_label,
    is_rank_mismatch,
    publication_rank,
    warning_severity,
)

#: Warnings are listed by severity, losses first.
SEVERITY_ORDER = {"loss": 0, "warn": 1, "info": 2}
#: How each severity is labelled on a card.
SEVERITY_LABELS = {"loss": "lost", "warn": "check", "info": "notice"}

__all__ = ["render_card"]


def render_card(row: Row) -> str:
    """The card of one entry: its figures and chart, publications, education, experience and
    warnings; a failed input's card says why it failed."""
    entry = row.entry
    head = f'<h2><span class="idx">{row.index}</span> {html_text(row.name)}'
    if row.second:
        head += f' <span class="second">{html_text(row.second)}</span>'
    head += '</h2><a class="top" href="#committee">↑ table</a>'
    if row.not_a_cv:
        head += (
            '<p class="error not-cv-mark">Not a CV: no owner, no CV section and no entry were'
            " found in this document.</p>"
        )
    if row.twins:
        links = ", ".join(f'<a href="#cv-{twin}">#{twin}</a>' for twin in row.twins)
        head += (
            f'<p class="twin">The same candidate as {links} (the same file, or the same name'
            " and e-mail).</p>"
        )
    source = entry.input or entry.file
    if entry.cv is None:
        return (
            f'<section class="card failed" id="cv-{row.index}">{head}'
            f'<p class="meta">{html_text(source)}</p>'
            f'<p class="error">This input failed: {html_text(entry.error)}</p></section>\n'
        )
    cv = entry.cv
    person = as_dict(cv.get("person"))
    meta = [source, str(cv.get("language") or "")]
    contacts = [
        *(str(x) for x in person.get("emails") or [] if x),
        *(str(x) for x in person.get("urls") or [] if x),
    ]
    apart = "".join(
        f"<li><b>{n}</b> {what}{'s' if n != 1 else ''}</li>"
        for n, what in ((row.preprints, "preprint"), (row.patents, "patent"))
        if n
    )
    position = row.position
    if position is not None:
        held = " · ".join(
            str(position.get(k)) for k in ("title", "organization") if position.get(k)
        )
        meta.append(f"now: {held}")
    figures = (
        f'<ul class="figures"><li><b>{row.papers}</b> papers</li>{apart}'
        + "".join(
            f'<li class="rank-{rank}"><b>{row.ccf[rank]}</b> CCF-{rank}</li>' for rank in RANKS
        )
        + f"<li><b>{row.first_a}</b> first-authored CCF-A</li>"
        + f"<li><b>{row.co_first_a}</b> first or co-first CCF-A</li>"
        + f"<li><b>{row.corresponding_a}</b> corresponding CCF-A</li>"
        + (
            f'<li class="alert"><b>{row.mismatches}</b> claim ≠ catalog</li>'
            if row.mismatches
            else ""
        )
        + f"<li><b>{row.warnings}</b> warnings</li></ul>"
    )
    chart = render_chart(row.per_year)
    interests = [str(x) for x in cv.get("research_interests") or [] if x]
    parts = [
        f'<section class="card" id="cv-{row.index}">{head}',
        f'<p class="meta">{" · ".join(html_text(m) for m in meta if m)}</p>',
    ]
    if contacts:
        parts.append(f'<p class="contacts">{" · ".join(html_text(c) for c in contacts)}</p>')
    parts.append(f'<div class="overview">{figures}{chart}</div>')
    if interests:
        parts.append(
            f'<p class="interests"><b>Research interests:</b> {html_text("; ".join(interests))}</p>'
        )
    parts.append(_render_publications(cv))
    parts.append(_render_education(cv))
    parts.append(_render_experience(cv))
    parts.append(_render_warnings(cv))
    parts.append("</section>\n")
    return "".join(parts)


def _badges(pub: Mapping[str, Any]) -> str:
    ccf = as_dict(pub.get("ccf"))
    rank = publication_rank(pub)
    badges = []
    if rank in RANKS:
        tip = f"{ccf.get('full_name') or ''} ({ccf.get('type') or ''}, CCF {ccf.get('edition') or ''})"
        badges.append(f'<span class="badge rank-{rank}" title="{html_text(tip)}">CCF-{rank}</span>')
    cn = as_dict(pub.get("ccf_cn")).get("rank")
    if cn in RANKS:
        badges.append(
            '<span class="badge cn" title="CCF Chinese-journal catalogue">'
            f"CN-{html_text(cn)}</span>"
        )
    if is_rank_mismatch(pub):
        claimed = html_text(pub.get("claimed_ccf"))
        if rank in RANKS:
            found = f"CCF-{rank}"
        elif cn in RANKS:
            found = f"CN-{html_text(cn)} on its Chinese-journal list"
        else:
            found = "not listed"
        badges.append(
            f'<span class="badge claim" title="The CV claims CCF-{claimed}; the catalog says '
            f'{found}">claims {claimed}</span>'
        )
    elif pub.get("claimed_ccf"):
        badges.append('<span class="badge claimed-ok" title="The CV claims this rank too">✓</span>')
    if pub.get("claimed_tier"):
        badges.append(
            '<span class="badge tier" title="A journal tier the CV claims (no CCF rank)">'
            f"{html_text(pub.get('claimed_tier'))}</span>"
        )
    if not badges:
        badges.append('<span class="badge rank-none">—</span>')
    return "".join(badges)


def _authors(pub: Mapping[str, Any]) -> str:
    authors = [str(a) for a in pub.get("authors") or [] if a]
    position = pub.get("owner_position")
    shown = []
    for number, author in enumerate(authors, start=1):
        text = html_text(author)
        shown.append(f'<b class="owner">{text}</b>' if number == position else text)
    return ", ".join(shown)


def _render_publications(cv: Mapping[str, Any]) -> str:
    pubs = as_dicts(cv.get("publications"))
    if not pubs:
        return '<h3>Publications</h3><p class="none">None found.</p>'
    rows = []
    for pub in pubs:
        position = pub.get("owner_position")
        if isinstance(position, int) and not isinstance(position, bool):
            pos_class = "pos first" if position == 1 else "pos"
            pos = (
                f'<span class="{pos_class}">{"1st" if position == 1 else _ordinal(position)}</span>'
            )
            total = len(pub.get("authors") or [])
            if total:
                pos += f'<span class="of"> of {total}</span>'
        else:
            pos = (
                '<span class="pos unknown" title="no author list, or the owner not found">?</span>'
            )
        venue = as_dict(pub.get("venue"))
        venue_text = venue.get("abbr") or venue.get("name") or venue.get("raw")
        if venue.get("track") and venue_text:
            venue_text = f"{venue_text} {venue['track']}"  # "ACL Demo": a side event, unranked
        venue_tip = venue.get("raw") or venue.get("name") or ""
        if venue.get("abbr_source") == "initials" and venue.get("abbr"):
            venue_tip = f"{venue_tip} ({venue['abbr']}: the initials of the name, not a catalog's)"
        title = pub.get("title") or pub.get("raw")
        authors = _authors(pub)
        notes = [str(n) for n in pub.get("notes") or [] if n]
        rank = publication_rank(pub)
        row_class = f"rank-{rank}" + (" first" if position == 1 else "")
        rows.append(
            f'<tr class="{row_class}"><td class="num">{html_text(pub.get("year"))}</td>'
            f'<td class="badges">{_badges(pub)}</td>'
            f'<td><div class="title">{html_text(title)}</div>'
            + (f'<div class="authors">{authors}</div>' if authors else "")
            + (f'<div class="notes">{html_text("; ".join(notes))}</div>' if notes else "")
            + f'</td><td title="{html_text(venue_tip)}">{html_text(venue_text)}</td>'
            f'<td>{html_text(pub.get("kind"))}</td><td class="position">{pos}</td></tr>'
        )
    return (
        f"<h3>Publications <small>{len(pubs)}</small></h3>"
        '<table class="pubs"><thead><tr><th>Year</th><th>Rank</th><th>Title and authors</th>'
        "<th>Venue</th><th>Kind</th><th>Owner</th></tr></thead><tbody>"
        + "".join(rows)
        + "</tbody></table>"
    )


def _ordinal(number: int) -> str:
    """English ordinal of an author position.

    >>> [_ordinal(n) for n in (2, 3, 4, 11, 22)]
    ['2nd', '3rd', '4th', '11th', '22nd']
    """
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def _span(item: Mapping[str, Any]) -> str:
    """A date range as shown in a card.

    >>> _span({"start": "2019-09", "end": "present"}), _span({"end": "2024"}), _span({})
    ('2019-09 – present', '– 2024', '')
    >>> _span({"start": "2020", "end": "2020"})
    '2020'
    """
    start, end = item.get("start"), item.get("end")
    if not start and not end:
        return ""
    if start == end:
        return str(start)
    return " – ".join(str(x) for x in (start, end) if x) if start else f"– {end}"


def _render_education(cv: Mapping[str, Any]) -> str:
    items = as_dicts(cv.get("education"))
    if not items:
        return '<h3>Education</h3><p class="none">None found.</p>'
    rows = []
    for item in items:
        degree = DEGREE_LABELS.get(str(item.get("degree")), str(item.get("degree") or "—"))
        if item.get("degree") == "postdoc":
            degree = "Postdoc"
        elif item.get("expected"):
            degree = degree_label(item)  # "PhD (expected 2028)"
        extra = []
        if item.get("thesis"):
            extra.append(f"Thesis: {item['thesis']}")
        advisors = [str(a) for a in item.get("advisors") or [] if a]
        if advisors:
            extra.append(f"Advisor: {', '.join(advisors)}")
        rows.append(
            f'<tr><td class="dates">{html_text(_span(item))}</td><td>{html_text(degree)}</td>'
            f"<td>{html_text(item.get('institution'))}"
            + (f'<div class="sub">{html_text(" · ".join(extra))}</div>' if extra else "")
            + f"</td><td>{html_text(item.get('field'))}</td></tr>"
        )
    return '<h3>Education</h3><table class="plain"><tbody>' + "".join(rows) + "</tbody></table>"


def _render_experience(cv: Mapping[str, Any]) -> str:
    items = [*as_dicts(cv.get("experience")), *as_dicts(cv.get("research_experience"))]
    if not items:
        return '<h3>Experience</h3><p class="none">None found.</p>'
    rows = []
    for item in items:
        bullets = [str(b) for b in item.get("bullets") or [] if b]
        rows.append(
            f'<tr><td class="dates">{html_text(_span(item))}</td>'
            f"<td><b>{html_text(item.get('title'))}</b> {html_text(item.get('organization'))}"
            + (f'<div class="sub">{html_text(" · ".join(bullets))}</div>' if bullets else "")
            + f'</td><td class="kind">{html_text(item.get("kind"))}</td></tr>'
        )
    return '<h3>Experience</h3><table class="plain"><tbody>' + "".join(rows) + "</tbody></table>"


def _render_warnings(cv: Mapping[str, Any]) -> str:
    """The warnings, losses first, each with its line and the line's text; info notices
    (stray and moved lines) hidden until asked for."""
    warnings = as_dicts(cv.get("warnings"))
    if not warnings:
        return '<h3>Warnings</h3><p class="none">None: every line was read.</p>'
    ranked = sorted(
        warnings,
        key=lambda w: (SEVERITY_ORDER.get(warning_severity(w), 1), _line_number(w)),
    )
    items = []
    counts = {"loss": 0, "warn": 0, "info": 0}
    for warning in ranked:
        severity = warning_severity(warning)
        counts[severity] = counts.get(severity, 0) + 1
        line = warning.get("line")
        where = f"line {line}" if isinstance(line, int) else "—"
        code = str(warning.get("code") or "")
        css = f"sev-{severity}" + (" alert" if code == MISMATCH_CODE else "")
        hidden = " hidden" if severity == "info" else ""
        message = str(warning.get("message") or "")
        text = warning.get("text")
        quoted = ""
        if isinstance(text, str) and text and text not in message:
            quoted = f'<q class="line-text">{html_text(text)}</q>'
        items.append(
            f'<li class="{css}"{hidden}><span class="sev">{SEVERITY_LABELS[severity]}</span>'
            f'<span class="line">{html_text(where)}</span>'
            f"<code>{html_text(code)}</code> {html_text(message)}{quoted}</li>"
        )
    summary = f"<small>{len(warnings)}</small>"
    if counts["loss"]:
        summary += f' <small class="alert">{counts["loss"]} lost</small>'
    notice = ""
    if counts["info"]:
        plural = "s" if counts["info"] != 1 else ""
        notice = (
            f'<p class="info-note">{counts["info"]} notice{plural} about stray or moved lines'
            " hidden (tick “show stray-line notices” above the table).</p>"
        )
    return f'<h3>Warnings {summary}</h3>{notice}<ul class="warnings">' + "".join(items) + "</ul>"


def _line_number(warning: Mapping[str, Any]) -> int:
    line = warning.get("line")
    return line if isinstance(line, int) and not isinstance(line, bool) else 0
