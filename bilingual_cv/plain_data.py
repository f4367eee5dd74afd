"""Trees of dataclasses as plain JSON data and back, checked against their type hints.

The cache of the built CCF index (:mod:`bilingual_cv.venues.index`) is kept this way: plain lists,
dicts, strings and numbers, which decoding can only turn back into the declared types. A
dataclass is the list of its fields in order, a tuple or frozenset a list (a frozenset's
sorted, so the same tree gives the same bytes), an enum its value, a dict an object (its keys
strings, or string enums). :func:`from_plain` checks every value against the type its field
declares and raises ``ValueError`` at the first that does not fit: a file that decodes is
made of the declared types only.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Toy:
...     name: str
...     tags: frozenset[str]
...     parts: tuple[tuple[str, int], ...]
...     note: str | None = None
>>> toy = Toy("kite", frozenset({"red", "blue"}), (("tail", 3),))
>>> to_plain(toy)
['kite', ['blue', 'red'], [['tail', 3]], None]
>>> from_plain(to_plain(toy), Toy) == toy
True
>>> from_plain(["kite", ["blue"], [["tail", "3"]], None], Toy)
Traceback (most recent call last):
...
ValueError: expected int, found str
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")
_Decoder = Callable[[Any], Any]


def to_plain(value: object) -> object:
    """``value`` (dataclasses, tuples, frozensets, dicts, enums, str, int, None) as plain
    JSON data."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [to_plain(getattr(value, f.name)) for f in dataclasses.fields(value)]
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, dict):
        return {_plain_key(key): to_plain(item) for key, item in value.items()}
    if isinstance(value, frozenset):
        return sorted(to_plain(item) for item in value)  # type: ignore[type-var]
    if isinstance(value, (tuple, list)):
        return [to_plain(item) for item in value]
    if value is None or type(value) in (str, int):
        return value
    raise TypeError(f"no plain form for a {type(value).__name__}")


def _plain_key(key: object) -> str:
    if isinstance(key, enum.Enum):
        key = key.value
    if type(key) is not str:
        raise TypeError(f"a dict key must be a str, not a {type(key).__name__}")
    return key


def from_plain(data: object, kind: type[T]) -> T:
    """The value of type ``kind`` that :func:`to_plain` gave ``data`` for.

    Raises:
        ValueError: ``data`` does not fit ``kind`` (a wrong type, length or enum value).
        TypeError: ``kind`` declares a type this module does not handle (a bug).
    """
    any_kind: Any = kind  # a type is hashable, whatever the annotation of functools.cache says
    value: T = _decoder(any_kind)(data)
    return value


def _fail(expected: str, found: object) -> typing.NoReturn:
    raise ValueError(f"expected {expected}, found {type(found).__name__}")


@cache
def _decoder(kind: Any) -> _Decoder:
    """A function that checks and decodes plain data of type ``kind`` (built once per type:
    reading the type hints for every value would cost several times the decoding)."""
    if kind in (str, int):
        return _scalar(kind)
    if kind is type(None):
        return lambda data: None if data is None else _fail("None", data)
    origin, args = typing.get_origin(kind), typing.get_args(kind)
    if origin is typing.Literal:
        return _literal(frozenset(args))
    if origin in (typing.Union, types.UnionType):
        return _optional(kind, args)
    if origin is dict:
        return _dict(_decoder(args[0]), _decoder(args[1]), args[0] is str and args[1] is str)
    if origin is frozenset:
        return _sequence(frozenset, args[0])
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _sequence(tuple, args[0])
        return _fixed_tuple(tuple(_decoder(arg) for arg in args))
    if isinstance(kind, type) and issubclass(kind, enum.Enum):
        return _enum(kind)
    if isinstance(kind, type) and dataclasses.is_dataclass(kind):
        return _dataclass(kind)
    raise TypeError(f"no plain form for {kind!r}")


def _scalar(kind: type) -> _Decoder:
    def decode(data: Any) -> Any:
        return data if type(data) is kind else _fail(kind.__name__, data)

    return decode


def _literal(allowed: frozenset[object]) -> _Decoder:
    def decode(data: Any) -> Any:
        if type(data) is str and data in allowed:
            return data
        raise ValueError(f"expected one of {sorted(map(str, allowed))}, found {data!r}")

    return decode


def _optional(kind: Any, args: tuple[Any, ...]) -> _Decoder:
    others = [arg for arg in args if arg is not type(None)]
    if len(others) != 1 or len(args) != 2:
        raise TypeError(f"no plain form for {kind!r} (only X | None)")
    inner = _decoder(others[0])
    return lambda data: None if data is None else inner(data)


def _dict(key: _Decoder, value: _Decoder, strings: bool) -> _Decoder:
    def decode(data: Any) -> Any:
        if type(data) is not dict:
            _fail("object", data)
        if strings:  # dict[str, str]: checked in place
            if not all(type(item) is str for item in data.values()):
                raise ValueError("expected str values")
            return data
        return {key(k): value(v) for k, v in data.items()}

    return decode


def _sequence(container: Callable[[Any], Any], item_kind: Any) -> _Decoder:
    item = _decoder(item_kind)

    def decode(data: Any) -> Any:
        if type(data) is not list:
            _fail("list", data)
        if item_kind is str:  # the common case, checked without a call per item
            if not all(type(x) is str for x in data):
                raise ValueError("expected a list of str")
            return container(data)
        return container(map(item, data))

    return decode


def _fixed_tuple(items: tuple[_Decoder, ...]) -> _Decoder:
    def decode(data: Any) -> Any:
        if type(data) is not list or len(data) != len(items):
            _fail(f"list of {len(items)}", data)
        return tuple(item(x) for item, x in zip(items, data, strict=True))

    return decode


def _enum(kind: type[enum.Enum]) -> _Decoder:
    def decode(data: Any) -> Any:
        if type(data) not in (str, int):
            _fail(kind.__name__, data)
        return kind(data)  # ValueError for a value the enum lacks

    return decode


def _dataclass(kind: type) -> _Decoder:
    hints = typing.get_type_hints(kind)
    fields = tuple(_decoder(hints[f.name]) for f in dataclasses.fields(kind))

    def decode(data: Any) -> Any:
        if type(data) is not list or len(data) != len(fields):
            _fail(f"list of {len(fields)} fields of {kind.__name__}", data)
        return kind(*[field(x) for field, x in zip(fields, data, strict=True)])

    return decode
