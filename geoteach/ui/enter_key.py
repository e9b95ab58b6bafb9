"""Enter in a typed-answer box presses the box's button (issue 25: every student can play by
keyboard).

ipywidgets 8 has no "submit" event a screen can rely on: its deprecated ``on_submit`` message
is sent on the key press, before the box's last letters reach the kernel, and a box with
``continuous_update=False`` sends its value on Enter *and* when the box is left, so observing the
value would judge a half-typed answer as soon as a student clicks or tabs elsewhere. So a box
never answers by itself: the button does, and the kit's Voilà page script
(``jupyter/share/jupyter/voila/templates/geoteach/index.html.j2``) presses the button when Enter
is pressed in the box (after sending the box's value, and not while an input method is still
composing a word). In a JupyterLab notebook, where the page script does not run, the button
answers (Tab, then Enter).
"""

from __future__ import annotations

import ipywidgets as widgets

#: The class of a box whose Enter presses a button, and of that button. The page script looks
#: for the button in the nearest element that holds both (the row the screen puts them in).
ENTER_BOX = "gt-enter-box"
ENTER_BUTTON = "gt-enter-button"


def enter_presses(box: widgets.Text, button: widgets.Button) -> None:
    """Mark ``box`` so that Enter in it presses ``button`` (put both in one row).

    The box sends its value when it is left or Enter is pressed (``continuous_update=False``),
    so the kernel has the whole answer before the button's click arrives.
    """
    box.continuous_update = False
    box.add_class(ENTER_BOX)
    button.add_class(ENTER_BUTTON)
