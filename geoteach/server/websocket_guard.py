"""A page's kernel websocket: the current protocol only, and every frame checked before it is read.

Why (issue 35): a page's script can open its kernel's websocket itself. Opened without the
``v1.kernel.websocket.jupyter.org`` subprotocol, the server speaks the old protocol to it, and
Voilà 0.5.13 reads every old-protocol binary frame it sends out as a v1 frame
(``voila.tornado.kernel_websocket_handler.read_header_from_binary_message``). The old frame's
first bytes then say there are about 10^17 offsets, and the server loops over them: one binary
comm message from one student's page (a widget update carrying a buffer, which the kernel echoes
back) stopped every page of the server, its memory grew by about 50 MB a second, and SIGTERM
did not stop it (its handler waits for the same loop). jupyter_server reads incoming v1 frames
the same way (``deserialize_msg_from_ws_v1``): a v1 frame whose count says 10^17 freezes a
Jupyter server too.

So the kit's settings name ``GuardedWebsocketConnection`` as the server's
``kernel_websocket_connection_class`` (Voilà's ``c.Voila...`` and a Jupyter server's
``c.ServerApp...``; Voilà's own kernel websocket handler uses the class it is given):

* a websocket that does not offer the v1 subprotocol is refused before it opens (HTTP 400):
  JupyterLab, Notebook 7 and Voilà's pages all offer it, and a connection that speaks v1 is
  only ever sent v1 frames, which Voilà reads correctly;
* every frame that comes in is checked by ``check_v1_frame`` (binary, a sane number of parts,
  offsets in order and inside the frame, a known channel) before jupyter_server reads it; a
  frame that fails closes that one websocket (code 1007) and reaches neither the kernel nor the
  server's parser. Every other page goes on playing.
"""

from __future__ import annotations

import itertools
from typing import Any

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from tornado import web

#: The kernel websocket protocol of JupyterLab, Notebook 7 and Voilà's pages.
V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"
#: The channels a page may send on (jupyter_server opens these for every connection).
CHANNELS = frozenset({"shell", "control", "stdin", "iopub"})
#: A Jupyter message has four parts (header, parent header, metadata, content), then buffers.
MESSAGE_PARTS = 4
#: Buffers one message may carry: a widget update has a few; a frame claiming thousands is junk.
MAX_BUFFERS = 256
#: WebSocket close code 1007: the data in the frame is not what the protocol says.
INVALID_FRAME = 1007


class FrameRefused(ValueError):
    """A kernel websocket frame that is not a well-formed v1 frame; the message says why."""


def check_v1_frame(frame: Any) -> tuple[str, list[bytes]]:
    """``(channel, parts)`` of a well-formed v1 frame; ``FrameRefused`` for anything else.

    A v1 frame is ``n`` (8 bytes, little-endian), then ``n`` offsets (8 bytes each), then the
    channel's name and the message's parts, where offset ``i`` is where part ``i`` starts and
    the last offset is the frame's end (``serialize_msg_to_ws_v1``). Checked here, before any
    loop over ``n`` or any slice: ``n`` is at most ``len(frame) / 8`` and the number of parts a
    message can have, the first offset is the end of the offset table, the offsets never go
    back, and the last one is the frame's length. The work is linear in the frame's length
    (which tornado caps), whatever the bytes say.
    """
    if not isinstance(frame, bytes | bytearray | memoryview):
        raise FrameRefused("a v1 kernel websocket carries binary frames only")
    data = bytes(frame)
    if len(data) < 8:
        raise FrameRefused(f"a frame of {len(data)} bytes has no offset count")
    count = int.from_bytes(data[:8], "little")
    smallest, largest = 2 + MESSAGE_PARTS, 2 + MESSAGE_PARTS + MAX_BUFFERS
    if not smallest <= count <= largest:
        raise FrameRefused(f"a frame with {count} offsets (a message has {smallest} to {largest})")
    table_end = 8 * (count + 1)
    if table_end > len(data):
        raise FrameRefused(f"{count} offsets do not fit in a frame of {len(data)} bytes")
    offsets = [int.from_bytes(data[8 * (i + 1) : 8 * (i + 2)], "little") for i in range(count)]
    if offsets[0] != table_end:
        raise FrameRefused(f"the first part starts at {offsets[0]}, not after the offsets")
    if any(later < earlier for earlier, later in itertools.pairwise(offsets)):
        raise FrameRefused("the offsets go back")
    if offsets[-1] != len(data):
        raise FrameRefused(f"the last offset is {offsets[-1]}, not the frame's end {len(data)}")
    channel_bytes = data[offsets[0] : offsets[1]]
    channel = channel_bytes.decode("ascii", errors="replace")
    if channel not in CHANNELS:
        raise FrameRefused(f"no such channel: {channel[:20]!r}")
    parts = [data[offsets[i] : offsets[i + 1]] for i in range(1, count - 1)]
    return channel, parts


def _offers_v1(header: str | None) -> bool:
    """Whether a ``Sec-WebSocket-Protocol`` header offers v1 (tornado splits it the same way)."""
    return V1_PROTOCOL in (part.strip() for part in (header or "").split(","))


class GuardedWebsocketConnection(ZMQChannelsWebsocketConnection):
    """jupyter_server's kernel websocket connection, v1 only and with every frame checked."""

    async def prepare(self) -> None:
        """Refuse a websocket that does not offer v1, before it opens and before the kernel is
        asked anything (the old protocol is the one Voilà misreads)."""
        offered = self.websocket_handler.request.headers.get("Sec-WebSocket-Protocol")
        if not _offers_v1(offered):
            self.log.warning(
                "Refused a kernel websocket without the %s subprotocol (kernel %s).",
                V1_PROTOCOL,
                self.kernel_id,
            )
            # Finish, not HTTPError: Voilà's server has no error page to draw, and a student's
            # script would fill its log with that failure's traceback on every try.
            self.websocket_handler.set_status(400)
            raise web.Finish(f"This kernel websocket speaks {V1_PROTOCOL} only.")
        await super().prepare()

    def handle_incoming_message(self, incoming_msg: Any) -> None:
        """Pass on a frame only once it is checked; close the websocket on a bad one."""
        if self.subprotocol != V1_PROTOCOL:  # prepare() refused these; a handler that skips it
            self._refuse(f"the subprotocol is {self.subprotocol!r}, not {V1_PROTOCOL}")
            return
        try:
            check_v1_frame(incoming_msg)
        except FrameRefused as refused:
            self._refuse(str(refused))
            return
        super().handle_incoming_message(incoming_msg)

    def _refuse(self, why: str) -> None:
        self.log.warning("Closed a kernel websocket (kernel %s): %s.", self.kernel_id, why)
        self.websocket_handler.close(INVALID_FRAME, "malformed kernel message")
