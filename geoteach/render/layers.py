"""Map layers that never change between two moves, drawn once and then pasted as a picture.

Country borders, the ~200 map numbers with their white halos and the leader lines are the same
after every move; only fill colours change. Stroking them again each time was most of a
redraw, so a :class:`FixedLayer` draws its artists once into a transparent picture the size of
the canvas and, on later draws, pastes that picture (one ``draw_image``, about a millisecond).

The picture is made again only when what it shows could have moved: another canvas size or
dpi (a resize, a HiDPI screen), other axes limits (zoom, pan, ``focus``), or a changed artist.
It works on every Agg canvas (plain Agg, ipympl, inline PNGs); vector output (PDF, SVG) and
an active pan/zoom tool get the artists drawn as usual.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any, TypeVar

import numpy as np
from matplotlib.artist import Artist
from matplotlib.axes import Axes
from matplotlib.backends.backend_agg import RendererAgg

# Pictures kept per layer: the whole map and a zoomed view (the learn panel's) both stay cheap.
_KEPT = 3


#: Any artist: ``add`` gives back the one it was given, its own type kept.
A = TypeVar("A", bound=Artist)


class FixedLayer(Artist):
    """Artists drawn together at one z-order and kept as a cached picture between draws.

    Add artists with :meth:`add`; they belong to ``ax`` (its data coordinates and clip) but are
    drawn only through this layer, which is the one artist the axes hold for them.

    ``bottom=True`` is for the lowest layer (the sea): its picture includes the figure's
    background and is copied over the axes' rectangle instead of blended (a plain memory copy,
    as in matplotlib's blitting), so nothing drawn before it inside that rectangle stays.
    """

    def __init__(self, ax: Axes, zorder: float, *, bottom: bool = False) -> None:
        super().__init__()
        self.set_zorder(zorder)
        self._host = ax
        self.bottom = bottom
        self.artists: list[Artist] = []
        self._pictures: OrderedDict[tuple[Any, ...], Any] = OrderedDict()
        self.pictures_made = 0  # how often the picture was drawn afresh (for tests)
        ax.add_artist(self)
        # add_artist clips to the axes patch; the pasted picture is already clipped.
        self.set_clip_path(None)
        self.set_clip_box(None)

    def add(self, artist: A) -> A:
        """Put ``artist`` (in ``ax``'s data coordinates unless it has its own transform) here."""
        ax = self._host
        artist.set_figure(ax.figure)
        artist.axes = ax
        if not artist.is_transform_set():
            artist.set_transform(ax.transData)
        artist.set_clip_path(ax.patch)
        self.artists.append(artist)
        self.invalidate()
        return artist

    def invalidate(self) -> None:
        """Forget the pictures (after changing one of the artists by hand)."""
        self._pictures.clear()
        self.stale = True

    def draw(self, renderer: Any) -> None:
        if not self.get_visible() or not self.artists:
            return
        if not isinstance(renderer, RendererAgg) or self._host.get_navigate_mode():
            # Vector output stays vector; while panning every frame is new, so do not cache.
            self._draw_artists(renderer)
            return
        if any(a.stale for a in self.artists):
            self._pictures.clear()
        key = self._key(renderer)
        picture = self._pictures.get(key)
        if picture is None:
            picture = self._make_picture(renderer)
            self._pictures[key] = picture
            while len(self._pictures) > _KEPT:
                self._pictures.popitem(last=False)
        else:
            self._pictures.move_to_end(key)
        if self.bottom:
            renderer.restore_region(picture)
        else:
            x, y, image = picture
            if image.size:
                gc = renderer.new_gc()
                renderer.draw_image(gc, x, y, image)
                gc.restore()
        self.stale = False

    def _draw_artists(self, renderer: Any) -> None:
        for artist in sorted(self.artists, key=lambda a: a.get_zorder()):
            artist.draw(renderer)

    def _key(self, renderer: RendererAgg) -> tuple[Any, ...]:
        ax = self._host
        key: tuple[Any, ...] = (
            int(renderer.width),
            int(renderer.height),
            float(renderer.dpi),
            tuple(np.round(ax.bbox.bounds, 6)),
            tuple(ax.viewLim.bounds),
        )
        if self.bottom:  # the figure's background is part of the picture
            key += (tuple(ax.figure.patch.get_facecolor()), ax.figure.patch.get_visible())
        return key

    def _make_picture(self, renderer: RendererAgg) -> Any:
        """Draw the artists on a transparent canvas of the same size; keep the axes' part.

        The artists are clipped to the axes, so nothing outside them is lost.
        """
        width, height = int(renderer.width), int(renderer.height)
        scratch = RendererAgg(width, height, renderer.dpi)
        if self.bottom:
            self._host.figure.patch.draw(scratch)
        self._draw_artists(scratch)
        self.pictures_made += 1
        if self.bottom:
            return scratch.copy_from_bbox(self._host.bbox)
        x0, y0, x1, y1 = self._host.bbox.extents
        left, right = max(int(np.floor(x0)), 0), min(int(np.ceil(x1)), width)
        bottom, top = max(int(np.floor(y0)), 0), min(int(np.ceil(y1)), height)
        if right <= left or top <= bottom:
            return 0, 0, np.zeros((0, 0, 4), dtype=np.uint8)
        pixels = np.asarray(scratch.buffer_rgba())
        # The buffer's first row is the top of the canvas; draw_image wants the bottom row first.
        image = np.ascontiguousarray(pixels[height - top : height - bottom, left:right][::-1])
        return left, bottom, image
