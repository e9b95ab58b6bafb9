"""Shared test set-up: a headless matplotlib backend, so tests never open windows."""

import os

os.environ.setdefault("MPLBACKEND", "Agg")
