"""The kernel websocket guard's frame check (geoteach/server/websocket_guard.py).

The servers themselves are tested with the freezing messages in
tests/e2e/test_kernel_websocket_guard.py; here the check alone, on the frames jupyter_server and
Voilà's pages write, on the frames that froze a server, and on random bytes.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_binary_message,
    serialize_msg_to_ws_v1,
)

from geoteach.server.websocket_guard import (
    MAX_BUFFERS,
    MESSAGE_PARTS,
    FrameRefused,
    _offers_v1,
    check_v1_frame,
)

CHANNELS = ("shell", "control", "stdin", "iopub")
parts = st.lists(st.binary(max_size=40), min_size=MESSAGE_PARTS, max_size=MESSAGE_PARTS + 5)


def frame(channel: str, message: list[bytes]) -> bytes:
    return serialize_msg_to_ws_v1(message, channel)


@given(channel=st.sampled_from(CHANNELS), message=parts)
def test_a_frame_jupyter_writes_passes_and_reads_as_jupyter_reads_it(
    channel: str, message: list[bytes]
) -> None:
    written = frame(channel, message)
    assert check_v1_frame(written) == deserialize_msg_from_ws_v1(written) == (channel, message)


def test_a_page_s_widget_message_passes() -> None:
    header = json.dumps({"msg_id": "1", "msg_type": "comm_msg"}).encode()
    content = json.dumps({"comm_id": "c", "data": {"method": "custom"}}).encode()
    written = frame("shell", [header, b"{}", b"{}", content, b"\x00\x01"])
    assert check_v1_frame(bytearray(written))[1][3] == content


def test_the_old_protocol_s_frame_read_as_v1_is_refused() -> None:
    """The frame that froze Voilà: its first 8 bytes, read as v1, count ~10^17 offsets."""
    old = serialize_binary_message(
        {"header": {}, "parent_header": {}, "metadata": {}, "content": {}, "buffers": [b"x"]}
    )
    assert int.from_bytes(old[:8], "little") > 10**16
    with pytest.raises(FrameRefused, match="offsets"):
        check_v1_frame(old)


def _with_offsets(written: bytes, change) -> bytes:
    count = int.from_bytes(written[:8], "little")
    offsets = [int.from_bytes(written[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    offsets = change(offsets)
    table = b"".join(o.to_bytes(8, "little") for o in offsets)
    return written[:8] + table + written[8 * (count + 1) :]


GOOD = frame("shell", [b'{"msg_type": "x"}', b"{}", b"{}", b"{}", b"buffer"])


@pytest.mark.parametrize(
    ("bad", "why"),
    [
        ("text", "binary frames only"),
        (b"", "no offset count"),
        (b"\x05\x00\x00", "no offset count"),
        ((10**17).to_bytes(8, "little") + bytes(64), "offsets"),
        ((2**64 - 1).to_bytes(8, "little"), "offsets"),
        ((5).to_bytes(8, "little") + bytes(40), "offsets"),  # too few parts for a message
        ((2 + MESSAGE_PARTS + MAX_BUFFERS + 1).to_bytes(8, "little") + bytes(10_000), "offsets"),
        ((6).to_bytes(8, "little") + bytes(16), "do not fit"),
        (_with_offsets(GOOD, lambda o: [o[0] + 1, *o[1:]]), "first part"),
        (_with_offsets(GOOD, lambda o: [*o[:3], o[2] - 1, *o[4:]]), "go back"),
        (_with_offsets(GOOD, lambda o: [*o[:-1], 10**17]), "last offset"),
        (GOOD + b"hidden", "last offset"),
        (frame("nowhere", [b"{}"] * 4), "no such channel"),
        (frame("sh\xffell", [b"{}"] * 4), "no such channel"),
    ],
)
def test_a_malformed_frame_is_refused_with_why(bad: object, why: str) -> None:
    with pytest.raises(FrameRefused, match=why):
        check_v1_frame(bad)


@given(
    count=st.one_of(st.integers(0, 20), st.integers(0, 2**64 - 1)),
    offsets=st.lists(st.integers(0, 2**64 - 1), max_size=12),
    tail=st.binary(max_size=200),
)
def test_any_frame_is_read_or_refused_and_nothing_else(
    count: int, offsets: list[int], tail: bytes
) -> None:
    """Random counts and offsets (a huge count first): the check ends, with parts that are
    exactly what jupyter_server would read, or with FrameRefused; never another error."""
    data = count.to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets) + tail
    try:
        channel, message = check_v1_frame(data)
    except FrameRefused:
        return
    assert (channel, message) == deserialize_msg_from_ws_v1(data)


@given(data=st.binary(max_size=400))
def test_random_bytes_are_read_or_refused(data: bytes) -> None:
    try:
        read = check_v1_frame(data)
    except FrameRefused:
        return
    assert read == deserialize_msg_from_ws_v1(data)


@given(frame_parts=parts, position=st.integers(0, 2**16), byte=st.integers(0, 255))
def test_a_frame_with_one_byte_changed_is_read_or_refused(
    frame_parts: list[bytes], position: int, byte: int
) -> None:
    written = bytearray(frame("shell", frame_parts))
    written[position % len(written)] = byte
    try:
        channel, message = check_v1_frame(bytes(written))
    except FrameRefused:
        return
    assert (channel, message) == deserialize_msg_from_ws_v1(bytes(written))


@pytest.mark.parametrize(
    ("header", "offered"),
    [
        ("v1.kernel.websocket.jupyter.org", True),
        ("other, v1.kernel.websocket.jupyter.org", True),
        ("", False),
        (None, False),
        ("v1.kernel.websocket.jupyter.org.evil", False),
    ],
)
def test_only_a_socket_offering_v1_is_let_in(header: str | None, offered: bool) -> None:
    assert _offers_v1(header) is offered
