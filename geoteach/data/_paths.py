"""Where the committed datasets live: inside the wheel, or in the source checkout."""

from __future__ import annotations

from functools import cache
from pathlib import Path


@cache
def data_dir() -> Path:
    """The folder holding the files of data/.

    A wheel carries them as ``geoteach/_data`` (see pyproject.toml); a source checkout
    (editable install, or running from the repository) reads the top-level ``data/``.
    """
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "_data", package.parent / "data"):
        if (candidate / "SOURCES.md").is_file():
            return candidate
    raise FileNotFoundError(
        "geoteach cannot find its data folder (looked for geoteach/_data and data/ next to "
        "the package). Reinstall geoteach with `pip install .` from the repository."
    )


def data_path(*parts: str) -> Path:
    """Path of a file under data/, with a clear error when it is missing."""
    path = data_dir().joinpath(*parts)
    if not path.exists():
        raise FileNotFoundError(
            f"geoteach data file {'/'.join(parts)!r} is missing from {data_dir()}"
        )
    return path
