"""Tests of bilingual_cv.batch.messages: tasks and results cross a real socket pair as JSON
documents (a task's bytes as one raw frame after it), and anything else is refused."""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from multiprocessing.connection import Connection
from pathlib import Path

import pytest

from bilingual_cv.batch import ParseResult
from bilingual_cv.batch.messages import (
    parse_result_message,
    receive_message,
    receive_task,
    result_message,
    send_message,
    send_task,
)


@pytest.fixture
def pair() -> Iterator[tuple[Connection, Connection]]:
    """Two ends of a socket pair, as a parent and its worker hold them."""
    ours, theirs = socket.socketpair()
    parent, worker = Connection(ours.detach()), Connection(theirs.detach())
    yield parent, worker
    parent.close()
    worker.close()


def test_a_task_crosses_with_its_bytes_and_a_stop_as_none(
    pair: tuple[Connection, Connection],
) -> None:
    parent, worker = pair
    data = "Jane Roe\n教育背景\n".encode() + bytes(range(256))
    send_task(parent, 7, "cvs/jane roe.txt", data)
    send_task(parent, 8, "cvs/lee.md", None)
    send_message(parent, None)
    assert receive_task(worker) == (7, "cvs/jane roe.txt", data)
    assert receive_task(worker) == (8, "cvs/lee.md", None)
    assert receive_task(worker) is None


def test_a_result_crosses_as_plain_data(pair: tuple[Connection, Connection]) -> None:
    parent, worker = pair
    sent = ParseResult(
        Path("cvs/broken.pdf"),
        error="cvs/broken.pdf: not a readable PDF",
        error_code="corrupt_file",
        seconds=0.25,
    )
    send_message(worker, result_message(3, sent))
    index, received = parse_result_message(receive_message(parent))
    assert index == 3 and received == sent
    assert isinstance(received.path, Path)


@pytest.mark.parametrize(
    "bad",
    [
        {"index": "3", "result": {}},  # the index is not a number
        {"index": 3, "result": {"path": "cv.txt"}},  # fields missing
        {"index": 3, "result": {**dict.fromkeys(("json", "error", "error_code")), "path": 1}},
        ["index", 3],
    ],
)
def test_a_result_message_of_another_shape_is_refused(bad: object) -> None:
    with pytest.raises(ValueError):
        parse_result_message(bad)


def test_a_field_of_the_wrong_type_is_refused() -> None:
    message = json.loads(json.dumps(result_message(1, ParseResult(Path("cv.txt"), json="{}"))))
    message["result"]["warnings"] = "many"
    with pytest.raises(ValueError, match="warnings is a str"):
        parse_result_message(message)


def test_a_task_that_is_not_a_task_is_refused(pair: tuple[Connection, Connection]) -> None:
    parent, worker = pair
    send_message(parent, {"index": 1})  # no file named
    with pytest.raises(ValueError, match="naming its index and file"):
        receive_task(worker)
    parent.send_bytes(b"\x80not json")
    with pytest.raises(ValueError):
        receive_message(worker)
