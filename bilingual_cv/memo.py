"""Memos for questions asked about the same text several times while a CV is parsed.

Entry parsers ask about one line more than once (as a header, as an institution, for its
dates), and a venue text is read when it is parsed and again when it is ranked, so the
answers for texts of ordinary length are kept in a bounded memo. A longer text is answered
afresh every time: pathological input can neither pin memory nor crowd the memo.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import lru_cache, update_wrapper
from typing import TYPE_CHECKING, Any, ParamSpec, Protocol, TypeVar, cast

if TYPE_CHECKING:
    from functools import _CacheInfo

P = ParamSpec("P")
R = TypeVar("R")

#: ``cache_clear`` of every memo made by :func:`memo_short_texts`.
_MEMO_CLEARS: list[Callable[[], None]] = []


def clear_memos() -> None:
    """Empty every memo: answers may change when the registered languages do."""
    for clear in _MEMO_CLEARS:
        clear()


class ShortTextMemo(Protocol[P, R]):
    """A function memoized for short texts: called like the function, with the memo's
    ``cache_clear`` and ``cache_info``; ``__wrapped__`` is the plain function."""

    __wrapped__: Callable[P, R]

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> R: ...

    def cache_clear(self) -> None: ...

    def cache_info(self) -> _CacheInfo: ...


def memo_short_texts(
    max_chars: int, maxsize: int, *, length: Callable[[Any], int] = len
) -> Callable[[Callable[P, R]], ShortTextMemo[P, R]]:
    """Memoize a function of a text (its first argument) for texts of at most ``max_chars``
    characters, at most ``maxsize`` of them. Only for immutable answers: every caller of
    one text gets the same object. ``length`` measures the first argument (a line's text).

    >>> @memo_short_texts(max_chars=5, maxsize=8)
    ... def shout(text: str) -> str:
    ...     return text.upper()
    >>> shout("abc"), shout("abc"), shout("abcdefgh"), shout.cache_info().currsize
    ('ABC', 'ABC', 'ABCDEFGH', 1)
    """

    def decorate(function: Callable[P, R]) -> ShortTextMemo[P, R]:
        plain: Callable[..., R] = function
        memo = lru_cache(maxsize=maxsize)(plain)
        params = inspect.signature(function).parameters.values()
        one_text = length is len and [p.kind for p in params] == [
            inspect.Parameter.POSITIONAL_OR_KEYWORD
        ]

        if one_text:  # the common case, without packing arguments (a third of the call)

            def call(text: str) -> R:
                if len(text) > max_chars:
                    return plain(text)
                return memo(text)

            wrapper: Callable[..., R] = call
        else:

            def call_args(text: Any, *args: Any, **kwargs: Any) -> R:
                if length(text) > max_chars:
                    return plain(text, *args, **kwargs)
                return memo(text, *args, **kwargs)

            wrapper = call_args
        update_wrapper(wrapper, function)  # name, docstring (doctests) and __wrapped__
        wrapper.cache_clear = memo.cache_clear  # type: ignore[attr-defined]
        _MEMO_CLEARS.append(memo.cache_clear)
        wrapper.cache_info = memo.cache_info  # type: ignore[attr-defined]
        return cast(ShortTextMemo[P, R], wrapper)

    return decorate
