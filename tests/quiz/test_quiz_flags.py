"""Flags come from data/flags as SVG, one for each playable country."""

from pathlib import Path

import pytest

from geoteach.data.world import countries as country_table
from geoteach.quiz.flags import flag_img_html, flag_svg
from tests.rebuilds import ROOT, differing, rebuild, repository_copy
from tests.registries import require_npm


def test_every_playable_country_has_an_svg_flag() -> None:
    for iso3 in country_table().index:
        svg = flag_svg(iso3)
        assert svg.lstrip().startswith("<svg") and "</svg>" in svg


def test_france_is_blue_white_red() -> None:
    svg = flag_svg("fra")
    assert all(colour in svg for colour in ("#fff", "#000091", "#e1000f"))


def test_bad_codes() -> None:
    with pytest.raises(ValueError, match="3-letter"):
        flag_svg("../../etc/passwd")
    with pytest.raises(KeyError, match="no flag"):
        flag_svg("XXX")


def test_img_tag_escapes_its_alt_text() -> None:
    tag = flag_img_html("JPN", width=80, alt='"><script>')
    assert 'width="80"' in tag and "<script>" not in tag


@pytest.mark.slow
def test_flags_rebuild_is_byte_identical(tmp_path: Path) -> None:
    """build_flags.py, run in a copy (needs npm), gives exactly the committed data/flags/."""
    require_npm()
    copy = repository_copy(tmp_path)
    rebuild(copy, "build_flags.py")
    built = sorted(p.name for p in (copy / "data" / "flags").iterdir())
    assert built == sorted(p.name for p in (ROOT / "data" / "flags").iterdir())
    assert differing(copy, [f"flags/{name}" for name in built]) == []
