"""The join address the projector shows, worked out from the projector page's own address."""

from __future__ import annotations

from urllib.parse import parse_qs, urlparse

from geoteach.ui.class_game.join import link_join_settings
from geoteach.ui.class_game.links import join_address, join_link, qr_svg


def test_a_school_server_address() -> None:
    env = {
        "SERVER_NAME": "geo.school.example",
        "SERVER_PORT": "8866",
        "SCRIPT_NAME": "/voila/render/play/class_game.ipynb",
    }
    assert join_address(env) == "http://geo.school.example:8866/voila/render/play/join.ipynb"


def test_on_jupyterhub_the_link_opens_the_students_own_server() -> None:
    env = {
        "SERVER_NAME": "hub.example.org",
        "SERVER_PORT": "443",
        "SCRIPT_NAME": "/user/ms-lee/voila/render/notebooks/play/class_game.ipynb",
        "JUPYTERHUB_SERVICE_PREFIX": "/user/ms-lee/",
    }
    assert join_address(env) == (
        "https://hub.example.org/hub/user-redirect/voila/render/notebooks/play/join.ipynb"
    )


def test_a_hub_with_a_public_address_gives_it() -> None:
    env = {
        "SERVER_NAME": "hub.example.org",
        "SCRIPT_NAME": "/user/ms-lee/voila/render/play/class_game.ipynb",
        "JUPYTERHUB_SERVICE_PREFIX": "/user/ms-lee/",
        "JUPYTERHUB_PUBLIC_URL": "https://geo.district.example/",
    }
    assert join_address(env) == (
        "https://geo.district.example/hub/user-redirect/voila/render/play/join.ipynb"
    )


def test_a_server_behind_a_proxy_names_its_address() -> None:
    env = {"GEOTEACH_JOIN_URL": "https://geo.example/join", "SERVER_NAME": "10.0.0.5"}
    assert join_address(env) == "https://geo.example/join"


def test_a_teams_own_link_carries_its_seat_and_key_and_reads_back() -> None:
    link = join_link("K7MPQ3", seat=2, key="abc_-123", base="http://x/join.ipynb")
    query = urlparse(link).query
    assert parse_qs(query) == {"room": ["K7MPQ3"], "seat": ["2"], "key": ["abc_-123"]}
    assert link_join_settings(query) == {"code": "K7MPQ3", "seat": 2, "key": "abc_-123"}
    # Nonsense in the address is ignored, never passed on.
    assert link_join_settings("room=" + "X" * 99 + "&seat=-1&key=" + "k" * 200) == {}


def test_the_qr_code_is_a_picture_of_the_link() -> None:
    svg = qr_svg("http://x/join.ipynb?room=K7MPQ3")
    assert svg.startswith("<svg") and "<script" not in svg
