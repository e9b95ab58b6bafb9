"""Rebuild the files kept in data/built/ (issue 24): the Pursuits' built-in question banks, the
world map every game draws, projected, the country, statistics and U.S. state tables as plain
rows (``geoteach.data.rows``) and the verdicts' "Did you know?" sentences
(``geoteach.quiz.facts``), the banks and the sentences once per language (English and every
language with a catalog: ``geography_pursuit.es.json``...; ``geoteach.data.built.in_language``).

    python scripts/build_banks.py

Each bank is generated from the datasets exactly as a game would generate it
(``geoteach.games.global_pursuit.trivia_cards.make_built_in_json``,
``geoteach.games.geography_pursuit.questions.make_default_bank_json``) and written with the
digest of its inputs (``geoteach.data.built``). Run it after changing a dataset or a question
generator; until then games generate the banks themselves, and ``tests/data/test_built_banks.py``
fails with this command in its message. Deterministic: a rerun writes the same bytes.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from geoteach.data import built, rows
from geoteach.games.geography_pursuit.questions import make_default_bank_json
from geoteach.games.global_pursuit.trivia_cards import make_built_in_json
from geoteach.i18n import LANGUAGES, speaking
from geoteach.quiz import facts
from geoteach.render import world

#: Each kept bank and the function that makes it.
BANKS = {"global_pursuit": make_built_in_json, "geography_pursuit": make_default_bank_json}


def main() -> int:
    for code in LANGUAGES:  # English and every language with a catalog (issue 37)
        with speaking(code):
            for name, make in BANKS.items():
                kept = built.in_language(name, code)
                path = built.write_bank(kept, make(), built.language_code(built.CODE, code))
                print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB)")
            text = facts.facts_json()
        path = built.write_bank(facts.kept_name(code), text, facts.fact_code(code))
        print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB)")
    for (scale, projection), name in world.KEPT.items():
        text = world.world_json(world._project_world(scale, projection))
        path = built.write_bank(name, text, built.MAP_CODE)
        print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB)")
    path = built.write_bank(rows.NAME, rows.tables_json(), built.TABLE_CODE)
    print(f"wrote {path} ({path.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
