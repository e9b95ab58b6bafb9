"""What the room tests run in other processes (spawned: each imports this module afresh)."""

from __future__ import annotations

import threading
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


def _propose(store: RoomStore, room_id: str, seat: int, key: str, target: int) -> int | None:
    """Propose the next number once: the number stored, or None (refused, or the room is full)."""
    number = store.count(room_id)
    if number >= target:
        return None
    try:
        store.append(room_id, number, {"seat": seat, "number": number}, seat=seat, seat_key=key)
    except AlreadyPlayed:
        return None
    return number


def two_stores_propose(
    url: str, room_id: str, seat: int, key: str, target: int, start: Any, results: Any
) -> None:
    """Two stores in this process proposing from two threads until the room has ``target``
    moves; the second is made anew for every move (the app's cell run again and again).

    Puts (seat, the numbers this process was told were stored) on ``results``.
    """
    kept = RoomStore(url)
    told: list[int] = []
    lock = threading.Lock()

    def with_kept() -> None:
        while kept.count(room_id) < target:
            if (number := _propose(kept, room_id, seat, key, target)) is not None:
                with lock:
                    told.append(number)

    def with_new_ones() -> None:
        while True:
            with RoomStore(url) as again:
                if again.count(room_id) >= target:
                    return
                if (number := _propose(again, room_id, seat, key, target)) is not None:
                    with lock:
                        told.append(number)

    try:
        start.wait()
        threads = [threading.Thread(target=work) for work in (with_kept, with_new_ones)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        kept.close()
    results.put((seat, told))


def store_per_move_propose(
    url: str, room_id: str, seat: int, key: str, target: int, start: Any, results: Any
) -> None:
    """A kernel that comes and goes: a store opened for each move and closed after it (a page
    reloaded each time), until the room has ``target`` moves. Puts (seat, numbers told)."""
    told: list[int] = []
    start.wait()
    while True:
        with RoomStore(url) as store:
            if store.count(room_id) >= target:
                break
            if (number := _propose(store, room_id, seat, key, target)) is not None:
                told.append(number)
    results.put((seat, told))
