"""The live maps by keyboard in JupyterLab: the kit's canvas script, sent as a trusted output.

ipympl's canvas traps the keyboard (it cancels Tab and Escape; WCAG 2.1.2) and has no option
against it. The Voilà apps' page carries the kit's fix, ``canvas_keys.js`` in the kit's Voilà
template (``jupyter/share/jupyter/voila/templates/geoteach/``). A teacher's notebook in
JupyterLab has no such page, so when a screen with live maps is made in a JupyterLab kernel the
same file is shown as an HTML output: JupyterLab runs the ``<script>`` of an output that the
running kernel produced (a trusted output), once a page, and nothing shows.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from geoteach.ui.page_request import voila_kernel

SCRIPT = "canvas_keys.js"
#: The kit's Voilà template, where the file is installed with geoteach (pyproject.toml).
TEMPLATE = ("voila", "templates", "geoteach")
#: The same folder in a checkout of the kit (tests, a development install).
CHECKOUT = Path(__file__).resolve().parents[2] / "jupyter" / "share" / "jupyter" / Path(*TEMPLATE)


@cache
def script() -> str:
    """The text of ``canvas_keys.js``, from where Jupyter finds the kit's Voilà template."""
    from jupyter_core.paths import jupyter_path

    for folder in [*map(Path, jupyter_path(*TEMPLATE)), CHECKOUT]:
        if (folder / SCRIPT).is_file():
            return (folder / SCRIPT).read_text(encoding="utf-8")
    raise FileNotFoundError(
        f"The kit's {SCRIPT} is missing (reinstall geoteach: it comes with the Voilà template)."
    )


def in_lab_kernel() -> bool:
    """True in a Jupyter kernel whose page is not a Voilà app (JupyterLab, Notebook)."""
    if voila_kernel():
        return False
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and hasattr(shell, "kernel")


def send_to_lab() -> bool:
    """Show the canvas script as an output of the running cell, in a JupyterLab kernel only.

    Returns True when it was sent. Outside a kernel (tests, scripts) and in Voilà (whose page
    has it) nothing is shown.
    """
    if not in_lab_kernel():
        return False
    from IPython.display import HTML, display

    display(HTML(f"<script>{script()}</script>"), metadata={"geoteach": "canvas_keys"})
    return True


def live_maps() -> bool:
    """True when matplotlib draws on ipympl's live canvases (``%matplotlib widget``, or the
    apps' ``use_widget_maps``); matplotlib is not imported to find out."""
    import sys

    matplotlib = sys.modules.get("matplotlib")
    if matplotlib is None:
        return False
    backend = str(matplotlib.get_backend(auto_select=False) or "")
    return "ipympl" in backend or backend in ("widget", "ipympl")


def send_if_live() -> bool:
    """``send_to_lab`` when a screen made now may draw live maps."""
    return live_maps() and send_to_lab()
