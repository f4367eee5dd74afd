"""Messages between the parent and its worker processes: tasks out, results back.

Each is one JSON document (``send_bytes``), never a serialized object: the parent decodes what a worker
sends as plain data and checks its fields. A task's file bytes (a Dask worker's) follow its
message as one raw frame.
"""

from __future__ import annotations

import json
from multiprocessing.connection import Connection
from pathlib import Path

from bilingual_cv.batch.results import (
    SENT_FIELDS,
    ParseResult,
)

__all__ = [
    "parse_result_message",
    "receive_message",
    "receive_task",
    "result_message",
    "send_message",
    "send_task",
]


def send_message(conn: Connection, message: object) -> None:
    """Send one message as a JSON document (None: "ready" from a worker, "stop" to one)."""
    conn.send_bytes(json.dumps(message).encode("utf-8"))


def receive_message(conn: Connection) -> object:
    """The next message; ValueError when it is not JSON."""
    return json.loads(conn.recv_bytes())


def send_task(conn: Connection, index: int, name: str, data: bytes | None) -> None:
    """Hand a worker the file at ``name`` (its bytes when given) as task ``index``."""
    send_message(conn, {"index": index, "name": name, "bytes": data is not None})
    if data is not None:
        conn.send_bytes(data)


def receive_task(conn: Connection) -> tuple[int, str, bytes | None] | None:
    """The next task sent by :func:`send_task`; None: stop. ValueError on a bad message."""
    message = receive_message(conn)
    if message is None:
        return None
    fields = message if isinstance(message, dict) else {}
    index, name = fields.get("index"), fields.get("name")
    if type(index) is not int or not isinstance(name, str):
        raise ValueError("a task is a JSON object naming its index and file")
    return index, name, conn.recv_bytes() if fields.get("bytes") is True else None


def result_message(index: int, result: ParseResult) -> dict[str, object]:
    """What a worker sends back for task ``index``: the result's fields as plain data."""
    fields: dict[str, object] = {name: getattr(result, name) for name in SENT_FIELDS}
    fields["path"] = str(result.path)
    return {"index": index, "result": fields}


#: The type of each field of a result message (the path is a str).
_FIELD_TYPES: dict[str, tuple[type, ...]] = {
    "path": (str,),
    "json": (str, type(None)),
    "error": (str, type(None)),
    "error_code": (str, type(None)),
    "traceback": (str, type(None)),
    "sha256": (str, type(None)),
    "warnings": (int,),
    "seconds": (float, int),
}


def parse_result_message(message: object) -> tuple[int, ParseResult]:
    """Task index and result of a message from :func:`result_message`; ValueError when the
    message is anything else.

    >>> sent = result_message(3, ParseResult(Path("cv.txt"), json="{}", seconds=0.5))
    >>> index, result = parse_result_message(json.loads(json.dumps(sent)))
    >>> index, str(result.path), result.json, result.seconds
    (3, 'cv.txt', '{}', 0.5)
    >>> parse_result_message({"index": 3, "result": {"path": "cv.txt"}})
    Traceback (most recent call last):
    ...
    ValueError: a result message holds a result's fields
    """
    if not isinstance(message, dict) or type(message.get("index")) is not int:
        raise ValueError("a result message names its task")
    fields = message.get("result")
    if not isinstance(fields, dict) or set(fields) != set(_FIELD_TYPES):
        raise ValueError("a result message holds a result's fields")
    for name, types in _FIELD_TYPES.items():
        if type(fields[name]) not in types:
            raise ValueError(f"a result's {name} is a {type(fields[name]).__name__}")
    values = {name: value for name, value in fields.items() if name not in ("path", "seconds")}
    result = ParseResult(Path(fields["path"]), seconds=float(fields["seconds"]), **values)
    return message["index"], result
