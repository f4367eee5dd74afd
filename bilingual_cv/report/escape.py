"""How any value of a CV record becomes text in the report's HTML: escaped, once."""

from __future__ import annotations

from html import escape

__all__ = ["html_text"]


def html_text(value: object) -> str:
    """Escaped text of a JSON value (empty for null).

    >>> html_text('<script>alert("x")</script>')
    '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'
    """
    return "" if value is None else escape(str(value), quote=True)
