"""The kit's parts of the Jupyter and Voilà servers themselves, as their settings name them.

A server loads these by name from the kit's settings (``jupyter/etc/jupyter/``), in every
deployment: the stand-alone Voilà of ``tasks.py voila``, and the Jupyter server of Binder, a
JupyterHub or ``tasks.py lab``. They run in the server's process, beside every page's kernel,
so a mistake here stops every page at once: they stay small and import little.

Modules, one job each:

* ``websocket_guard``: a page's kernel websocket speaks the current protocol and its binary
  frames are checked before the server reads them (one malformed frame froze the whole server).

Layer: the top one, above ``ui``: the server runs the pages, nothing in a page imports it. May
import every layer below and the top-level helpers.
"""
