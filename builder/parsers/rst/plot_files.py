"""The script a matplotlib ``plot`` directive names, shown as its code when Sphinx shows it.

``.. plot:: pyplots/plot_mallat_2d.py`` runs the script and shows its figure; with
``:include-source:`` given true, or conf.py's ``plot_include_source = True`` when the
directive says neither way, the page shows the script's code above the figure. The file is
named from the docs' folder (whichever page names it), or from ``plot_basedir`` there when
conf.py sets it, as matplotlib's directive opens it; the directive's content is then the
figure's caption. PyWavelets 1.1.1's overview of 2D decompositions showed none of its
scripts: a figure has no text, and the code is what says what is drawn. The project's
settings are set around a version's parse, as its substitutions are.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

EXTENSION = "matplotlib.sphinxext.plot_directive"
# How a directive's boolean option says no (docutils' and matplotlib's spellings).
FALSE_FLAGS = frozenset({"false", "no", "0", "off"})


@dataclass(frozen=True)
class PlotSettings:
    """conf.py's plot_include_source and plot_basedir (the folder of the docs the scripts are
    named from; "": the docs' folder itself)."""

    include_source: bool = False
    basedir: str = ""


_SETTINGS: ContextVar[PlotSettings | None] = ContextVar("plot_settings", default=None)


@contextmanager
def plot_settings(settings: PlotSettings | None) -> Iterator[None]:
    """Within, ``plot`` directives follow ``settings`` (None: conf.py's are not known)."""
    token = _SETTINGS.set(settings)
    try:
        yield
    finally:
        _SETTINGS.reset(token)


def shown_script(argument: str, options: dict[str, str]) -> str | None:
    """The path, for the include reader, of the script a ``plot`` directive names when the
    page shows its code (absolute: from the docs' folder); None when it names none or the
    code is not shown."""
    script = argument.split()[0] if argument.split() else ""
    if not script:
        return None
    settings = _SETTINGS.get() or PlotSettings()
    if "include-source" in options:
        # A flag without a value is true, as matplotlib's option reads it.
        shown = options["include-source"].strip().lower() not in FALSE_FLAGS
    else:
        shown = settings.include_source
    if not shown:
        return None
    folder = settings.basedir.strip("/")
    return f"/{folder}/{script.lstrip('/')}" if folder else f"/{script.lstrip('/')}"
