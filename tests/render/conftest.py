"""Maps are drawn once per test module: drawing is what the other tests would wait for."""

import pytest


@pytest.fixture(scope="module")
def world():
    from geoteach.render import world_map_view

    view = world_map_view("110m")
    view.figure.canvas.draw()
    return view


@pytest.fixture(scope="module")
def usa():
    from geoteach.render import us_map_view

    view = us_map_view()
    view.figure.canvas.draw()
    return view
