"""What the room tests run in other processes (spawned: each imports this module afresh)."""

from __future__ import annotations

import time
from typing import Any

from geoteach.store.rooms import AlreadyPlayed, RoomStore


def propose_until(
    url: str, room_id: str, seat: int, key: str, target: int, start: Any, results: Any
) -> None:
    """Read the count, propose that number, again and again, until the room has ``target`` moves.

    Puts (seat, the moves this process was told were stored, how many were refused) on
    ``results``.
    """
    store = RoomStore(url)
    accepted: list[tuple[int, str]] = []
    refused = 0
    try:
        start.wait()
        while True:
            number = store.count(room_id)
            if number >= target:
                break
            token = f"seat{seat}-try{len(accepted) + refused}"
            try:
                store.append(room_id, number, {"token": token}, seat=seat, seat_key=key)
            except AlreadyPlayed:
                refused += 1
                continue
            accepted.append((number, token))
    finally:
        store.close()
    results.put((seat, accepted, refused))


def move_after(url: str, room_id: str, host_key: str, delay: float, results: Any) -> None:
    """Wait ``delay`` seconds, then store move 0 as the host; puts the time it started the write."""
    store = RoomStore(url)
    try:
        time.sleep(delay)
        moved = time.monotonic()
        store.append(room_id, 0, {"from": "another process"}, host_key=host_key)
    finally:
        store.close()
    results.put(moved)
