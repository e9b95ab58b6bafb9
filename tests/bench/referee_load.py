"""The class service under a class's load (issue 35's benchmark; on demand, never in CI).

Starts the Voilà server of ``tasks.py voila`` (``geoteach.service.voila``, the class service in
it) and, in this one process, the pages' side of ``rooms`` rooms of a projector, 6 team devices
and 24 spectators each (a class of 30), as their kernels do: a ``RemoteRoom`` each, every page
long-polling the service (``wait``). The teams play Globalissimo from their devices (a legal
move the service lists for the seat); after every move the time until each of the room's 31
pages has it is taken (move → shown). Also: join → playable (the seat taken, the page's first
position in), the server's CPU per move (its process's CPU time over the moves), and what a
device holds in memory now (a ``RemoteRoom``) beside a whole replica (what each device held
before the referee).

    python -m tests.bench.referee_load --rooms 1
    python -m tests.bench.referee_load --rooms 3
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import subprocess
import tempfile
import time
import tracemalloc
from pathlib import Path
from typing import Any

import psutil

from geoteach.classroom.remote import HttpConnection, RemoteRoom, answer
from geoteach.classroom.rooms import replica_of, setup_of
from geoteach.games.registry import GAMES
from geoteach.games.table import Seat, Table
from geoteach.store.rooms import RoomError
from tests.e2e.conftest import free_port, voila_command, wait_for_port

ROOT = Path(__file__).resolve().parents[2]
TEAMS = 6
SPECTATORS = 24


def start_server(work: Path) -> tuple[subprocess.Popen, str, str]:
    port = free_port()
    env = {**os.environ, "GEOTEACH_SERVICE_DIR": str(work / "service")}
    env.pop("GEOTEACH_ROOMS", None)
    cmd = voila_command(port, "", ROOT / "notebooks" / "play")
    log = (work / "voila.log").open("w")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
    wait_for_port(port, proc)
    secret = (work / "service" / "teacher_secret").read_text().strip()
    return proc, f"http://127.0.0.1:{port}/geoteach/api", secret


def open_room(url: str, secret: str) -> str:
    conn = HttpConnection(url)
    seats = [Seat(f"Team {i + 1}") for i in range(TEAMS)]
    game = GAMES["globalissimo"].engine_class(Table(seats), seed=random.randrange(10**6), rounds=20)
    info = answer(
        conn.call(
            {"kind": "open", "teacher": secret, "game": "globalissimo", "setup": setup_of(game)}
        )
    )
    code = info["code"]
    answer(conn.call({"kind": "teacher", "teacher": secret, "code": code, "verb": "start"}))
    return str(code)


class Page:
    """One page's side: its room, and when each move reached it."""

    def __init__(self, room: RemoteRoom) -> None:
        self.room = room
        self.seen: dict[int, float] = {}
        self.stop = False

    async def follow(self) -> None:
        while not self.stop:
            try:
                await self.room.wait(10.0)
            except RoomError:
                await asyncio.sleep(0.5)
                continue
            now = time.perf_counter()
            for _action in self.room.pending():
                self.seen.setdefault(len(self.room.game.log) - 1, now)


async def run(rooms: int, moves: int) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="referee-load-"))
    proc, url, secret = start_server(work)
    server = psutil.Process(proc.pid)
    try:
        codes = [open_room(url, secret) for _ in range(rooms)]
        joins: list[float] = []
        all_pages: dict[str, list[Page]] = {}
        devices: dict[str, dict[int, RemoteRoom]] = {}
        for code in codes:
            conn = HttpConnection(url)
            pages, mine = [], {}
            for seat in range(TEAMS):
                began = time.perf_counter()
                key = answer(conn.call({"kind": "take_seat", "code": code, "seat": seat}))["key"]
                room = RemoteRoom(HttpConnection(url), code, key=key)
                joins.append(time.perf_counter() - began)
                mine[seat] = room
                pages.append(Page(room))
            for _ in range(SPECTATORS):
                began = time.perf_counter()
                pages.append(Page(RemoteRoom(HttpConnection(url), code, key="")))
                joins.append(time.perf_counter() - began)
            pages.append(Page(RemoteRoom(HttpConnection(url), code, teacher=secret)))
            all_pages[code] = pages
            devices[code] = mine
        tasks = [asyncio.ensure_future(p.follow()) for ps in all_pages.values() for p in ps]
        await asyncio.sleep(1.0)
        cpu_before = sum(server.cpu_times()[:2])
        latencies: list[float] = []
        made = 0
        rng = random.Random(1)
        for _ in range(moves):
            for code in codes:
                pages, mine = all_pages[code], devices[code]
                anyone = mine[0]
                anyone.refresh()
                acting = [s for s in anyone.game.to_act() if s in mine]
                if not acting:
                    continue
                device = mine[acting[0]]
                device.refresh()
                list(device.pending())
                legal = device.game.legal_actions()
                if not legal:
                    continue
                number = len(device.game.log)
                began = time.perf_counter()
                try:
                    device.propose(rng.choice(legal))
                except RoomError:
                    continue
                made += 1
                deadline = began + 10
                while time.perf_counter() < deadline and not all(
                    number in p.seen for p in pages if p.room is not device
                ):
                    await asyncio.sleep(0.005)
                latencies += [p.seen[number] - began for p in pages if number in p.seen]
        cpu = sum(server.cpu_times()[:2]) - cpu_before
        for page in (p for ps in all_pages.values() for p in ps):
            page.stop = True
        for task in tasks:
            task.cancel()
        return {
            "rooms": rooms,
            "pages": sum(len(ps) for ps in all_pages.values()),
            "moves": made,
            "move_shown_ms": _percentiles(latencies),
            "join_ms": _percentiles(joins),
            "service_cpu_ms_per_move": round(1000 * cpu / max(1, made), 2),
            "server_rss_mb": round(server.memory_info().rss / 2**20),
            "device_bytes": device_bytes(work, url, codes[0], devices[codes[0]][0].key or ""),
        }
    finally:
        proc.terminate()
        proc.wait(timeout=30)


def device_bytes(work: Path, url: str, code: str, key: str) -> dict[str, int]:
    """What a device's kernel holds of the game now (a RemoteRoom) and what it held before (a
    whole replica, replayed from the room's set-up), by tracemalloc."""
    from geoteach.store.rooms import RoomStore

    tracemalloc.start()
    room = RemoteRoom(HttpConnection(url), code, key=key)
    room.catch_up()
    now = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    moves = list(room.game.log)
    del room
    store = RoomStore(str(work / "service" / "rooms.sqlite"))  # only the benchmark reads it
    stored = store.room(code)
    store.close()
    tracemalloc.start()
    game = replica_of(stored)
    for move in moves:
        game.apply(move)
    whole = tracemalloc.get_traced_memory()[0]
    tracemalloc.stop()
    return {"remote_room": now, "whole_replica": whole}


def _percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    at = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return {
        "p50": round(1000 * statistics.median(ordered), 1),
        "p95": round(1000 * at(0.95), 1),
        "max": round(1000 * ordered[-1], 1),
        "n": len(ordered),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rooms", type=int, default=1)
    parser.add_argument("--moves", type=int, default=40, help="moves per room")
    options = parser.parse_args(argv)
    result = asyncio.run(run(options.rooms, options.moves))
    print(json.dumps(result, indent=2))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
