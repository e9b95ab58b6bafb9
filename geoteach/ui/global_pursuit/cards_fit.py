"""The rulebook's "get a feeling for how the MAP CARDS fit together", one card at a time."""

from __future__ import annotations

from functools import cache
from typing import Any

import ipywidgets as widgets

from geoteach.games.global_pursuit.layout import SET_NAMES, SETS, lay_out_set
from geoteach.i18n import _
from geoteach.render.globe_cards import TablePicture
from geoteach.ui.global_pursuit.wording import cards_fit_caption
from geoteach.ui.messages import MessageLine
from geoteach.ui.safe import safe
from geoteach.ui.theme import themed


@cache
def _laid_out(set_name: str) -> tuple[dict[str, Any], ...]:
    return tuple(dict(card) for card in lay_out_set(set_name).cards)


class HowTheCardsFit(widgets.VBox):
    """ "To get a feeling for how the MAP CARDS fit together, lay out one set of 12 cards":
    a slider adds the cards one by one (the six Equator cards first), a menu picks the set.

    Plain widgets and observers, not ``interact``: Voilà shows the page without waiting for
    the kernel to answer a cell that ran ``interact`` (which hung about half of the loads).
    """

    def __init__(self, set_name: str = "planet_earth", cards: int = 6, maps: bool = True):
        if set_name not in SETS:
            raise ValueError(f"Choose one of the sets {', '.join(SETS)}, not {set_name!r}.")
        self.maps = maps
        self.messages = MessageLine()
        self.set_picker = widgets.Dropdown(
            options=[(_(SET_NAMES[s]), s) for s in SETS], value=set_name, description=_("Set:")
        )
        self.slider = widgets.IntSlider(
            value=cards, min=1, max=12, description=_("Cards:"), continuous_update=False
        )
        self.picture = widgets.Image(format="png", layout=widgets.Layout(max_width="820px"))
        self.caption = widgets.HTML()
        self._pictures: dict[str, TablePicture] = {}
        show = safe(lambda _change: self.show(), show=self.messages)
        self.slider.observe(show, "value")
        self.set_picker.observe(show, "value")
        super().__init__(
            [
                widgets.HBox([self.set_picker, self.slider]),
                self.picture,
                self.caption,
                self.messages,
            ]
        )
        self.add_class("gt-cards-fit")
        themed(self)
        self.show()

    def show(self) -> None:
        """Draw the chosen set with the chosen number of cards."""
        set_name, n = self.set_picker.value, self.slider.value
        picture = self._pictures.setdefault(set_name, TablePicture(size=(8.2, 5.2), maps=self.maps))
        laid = list(_laid_out(set_name))[:n]
        picture.draw(laid, last=n - 1)
        self.picture.value = picture.png()
        self.caption.value = cards_fit_caption(set_name, n, laid[-1]["card"])
