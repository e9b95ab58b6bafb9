"""Print the fact-check reports: facts checked, disagreements found, and how each was decided.

Run from the repository root: ``python scripts/check_facts.py``. Exits with status 1 when a
finding is not decided yet (see the "Checked facts" section of data/SOURCES.md).
"""

from __future__ import annotations

import sys

from geoteach.data.factcheck import decided, plausibility, us_cross_check, world_cross_check


def main() -> int:
    """Print each report and return 1 if any finding is undecided."""
    undecided = 0
    for report in (world_cross_check(), us_cross_check(), plausibility()):
        open_ = [f for f in report.findings if not decided(f)]
        undecided += len(open_)
        print(
            f"{report.name}: {report.checked} facts checked, {len(report.findings)} found,"
            f" {len(report.findings) - len(open_)} decided"
        )
        for finding in report.findings:
            print(f"  {'decided ' if decided(finding) else 'OPEN    '} {finding}")
    return 1 if undecided else 0


if __name__ == "__main__":
    sys.exit(main())
