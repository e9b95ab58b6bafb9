"""Every benchmark, one after the other (`python3 tasks.py bench`; never in CI).

pytest-benchmark's in tests/bench/, the engines' long fuzz (10,000 actions a game; the suite runs
3,000), the class game's load benchmark (a Voilà server, headless
Chromium, rooms of 7 pages; the arguments given go to it), then a class arriving at once
(tests/bench/class_arrival.py) in the runs below.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ROOT / "notebooks" / "play"

#: The class-arrival benchmark's runs: one student at a time in every app, then a class of 8
#: in two of them (issue 24's "Measure"), then a class of 8 finding its kernels ready; each page
#: reads its set-up screen a few seconds, so the kernel's CPU is split into its phases.
ARRIVALS = (
    (
        "--app",
        *sorted(p.stem for p in APPS.glob("*.ipynb") if p.stem not in {"class_game", "join"}),
        "--pages",
        "1",
        "--rounds",
        "2",
        "--think",
        "4",
    ),
    ("--app", "globalissimo", "globe_works", "--pages", "8", "--rounds", "3", "--think", "3"),
    # The same class with kernels ready before it arrives (--ready globalissimo:8).
    ("--app", "globalissimo", "--pages", "8", "--rounds", "2", "--think", "3", "--pool", "8"),
)


def run(*args: str) -> int:
    print("+", " ".join(args), flush=True)
    return subprocess.run([sys.executable, *args], cwd=ROOT).returncode


def main(argv: list[str]) -> int:
    first = run("-m", "pytest", "--benchmark-enable", "-m", "slow", "tests/bench")
    fuzz = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-p",
            "no:xdist",
            "-k",
            "long_run",
            "tests/kit/test_kit_fuzz.py",
        ],
        cwd=ROOT,
        env={**os.environ, "GEOTEACH_FUZZ_ACTIONS": "10000"},
    ).returncode
    load = run("-m", "tests.bench.class_game_load", *argv)
    arrivals = [run("-m", "tests.bench.class_arrival", *a) for a in ARRIVALS]
    return first or fuzz or load or max(arrivals)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
