"""The class-arrival benchmark's own parts: what it reads from /proc and how it sums a round."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from tests.bench import class_arrival as arrival


def test_cpu_seconds_are_counted_after_a_process_name_with_spaces_and_parentheses() -> None:
    ticks = arrival.TICKS
    fields = ["S", "1", "2", "3", "0", "-1", "4194304", "10", "0", "0", "0"]
    stat = f"4242 (ipy (kernel) x) {' '.join(fields)} {3 * ticks} {ticks} 0 0 20 0 9"
    assert arrival.cpu_seconds(stat) == 4.0


def test_this_processs_own_figures_match_what_python_says() -> None:
    stat = Path(f"/proc/{os.getpid()}/stat").read_text()
    own = os.times()
    assert abs(arrival.cpu_seconds(stat) - (own.user + own.system)) < 0.1
    statm = Path(f"/proc/{os.getpid()}/statm").read_text()
    with open(f"/proc/{os.getpid()}/status") as status:
        vm_rss_kb = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    assert abs(arrival.rss_mb(statm) - vm_rss_kb / 1024) < 5


def test_a_kernel_is_found_by_its_pages_tag_among_the_servers_children() -> None:
    env = dict(os.environ, QUERY_STRING="seed=4&bench=r2-s7&large=1")
    child = subprocess.Popen(
        [sys.executable, "-c", "import ipykernel, time; time.sleep(30)"], env=env
    )
    try:
        for _ in range(200):
            found = arrival.kernels(os.getpid())
            # Just after exec a process holds a few kilobytes: wait until Python is loaded.
            if child.pid in found and found[child.pid]["rss_mb"] > 1:
                break
            time.sleep(0.05)
        assert found[child.pid]["tag"] == "r2-s7"
        assert found[child.pid]["rss_mb"] > 1
    finally:
        child.kill()
        child.wait()
    assert arrival.page_tag(b"A=1\0QUERY_STRING=seed=4\0") is None


def test_a_round_counts_blank_and_failed_pages_apart() -> None:
    students = [
        {
            "page_to_start_s": 2.0,
            "start_to_playable_s": 0.5,
            "blank": False,
            "failed": False,
            "kernel_cpu_s": 1.5,
            "kernel_peak_rss_mb": 190.0,
        },
        {
            "page_to_start_s": 6.0,
            "start_to_playable_s": 1.5,
            "blank": False,
            "failed": False,
            "kernel_cpu_s": 2.5,
            "kernel_peak_rss_mb": 210.0,
        },
        {
            "page_to_start_s": None,
            "start_to_playable_s": None,
            "blank": True,
            "failed": False,
            "kernel_cpu_s": None,
            "kernel_peak_rss_mb": None,
        },
        {
            "page_to_start_s": None,
            "start_to_playable_s": None,
            "blank": False,
            "failed": True,
            "kernel_cpu_s": 0.4,
            "kernel_peak_rss_mb": 90.0,
        },
    ]
    s = arrival.summary(students)
    assert (s["blank"], s["failed"], s["playable"]) == (1, 1, 2)
    assert s["page_to_start_s"] == {"min": 2.0, "median": 4.0, "max": 6.0}
    assert s["kernel_rss_total_mb"] == 490.0
    assert "2.0–6.0" in arrival.table(
        [
            {
                "app": "globalissimo",
                "pages": 4,
                "round": 1,
                "summary": s,
                "voila_server_cpu_s": 3.0,
                "load_average_before": (1.0, 1.0, 1.0),
                "load_average_after": (2.0, 1.5, 1.0),
            }
        ]
    )


def test_a_kernels_cpu_is_split_at_the_pages_events() -> None:
    split = arrival.phases({"start": 0.9, "click": 1.5, "turn": 1.8})
    assert split == {
        "kernel_cpu_to_setup_s": 0.9,
        "kernel_cpu_reading_setup_s": 0.6,
        "kernel_cpu_start_to_playable_s": split["kernel_cpu_start_to_playable_s"],
    }
    assert abs(split["kernel_cpu_start_to_playable_s"] - 0.3) < 1e-9
    # A page that never became playable (or a kernel not found at its click) gives no phase.
    assert arrival.phases({"start": 0.9, "click": None})["kernel_cpu_reading_setup_s"] is None
    assert arrival.phases({"start": 0.9})["kernel_cpu_start_to_playable_s"] is None
    assert arrival._medians(arrival.summary([])) == "—/—/—"


def test_a_pooled_round_asks_for_ready_kernels_as_a_teacher_does() -> None:
    """The benchmark's pool is the kit's own: tasks.py voila --ready APP:N, with the delay."""
    env = arrival.pool_env("globalissimo", 8, 60.0)
    assert env == {"GEOTEACH_KERNEL_POOL_DELAY": "60.0", "READY": "globalissimo:8"}
