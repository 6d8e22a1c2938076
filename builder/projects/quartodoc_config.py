"""Find a Quarto website's quartodoc settings: its ``_quarto.yml``'s, or those of the file the
docs folder's build recipe passes to ``quartodoc build --config``.

quartodoc reads ``_quarto.yml`` unless told another file. A project may keep its API
reference's settings apart (plotnine 0.15.8's ``doc/Makefile`` runs ``quartodoc build
--config _quartodoc.yml``): read from ``_quarto.yml`` alone, its whole API reference (ggplot,
every geom, stat and scale) was no page. Only a recipe in the docs folder is read, and only a
file of that folder it names; both are read as text, never run.
"""

from __future__ import annotations

import posixpath
import re
from pathlib import Path
from typing import Any

from builder.projects.config_file import read_config_bytes, read_yaml_config

# The build recipes quartodoc is run from, in the docs folder (their paths count from it).
RECIPE_NAMES = ("Makefile", "makefile", "GNUmakefile", "justfile", "Justfile")
_YAML_SUFFIXES = (".yml", ".yaml")
# ``quartodoc build [options] --config FILE`` (or ``--config=FILE``), on one line.
_CONFIG_OPTION = re.compile(
    r"""\bquartodoc[ \t]+build\b[^\n]{0,200}?--config(?:[ \t]+|=)(['"]?)([\w./-]{1,200})\1"""
)


def quartodoc_settings(config: dict[str, Any], config_path: Path, notes: list[str]) -> Any:
    """The ``quartodoc`` value of ``config`` (the ``_quarto.yml`` at ``config_path``), else of
    the YAML file a recipe beside it passes to ``quartodoc build --config``; None if neither."""
    if "quartodoc" in config:
        return config["quartodoc"]
    folder = config_path.parent
    for name in RECIPE_NAMES:
        recipe = folder / name
        if not recipe.is_file():
            continue
        raw = read_config_bytes(recipe, notes, "its quartodoc config is not read")
        text = raw.decode("utf-8", "replace") if raw is not None else ""
        for match in _CONFIG_OPTION.finditer(text):
            relpath = posixpath.normpath(match.group(2))
            if relpath.startswith(("..", "/")) or not relpath.endswith(_YAML_SUFFIXES):
                continue
            other = folder / relpath
            if other == config_path or not _inside(other, folder) or not other.is_file():
                continue
            settings = read_yaml_config(other, notes, "no API pages").get("quartodoc")
            if settings is not None:
                notes.append(f"quartodoc: settings from {relpath}, as {name} builds it")
                return settings
    return None


def _inside(path: Path, folder: Path) -> bool:
    """Whether ``path``, its links followed, stays in ``folder``."""
    try:
        return path.resolve().is_relative_to(folder.resolve())
    except (OSError, RuntimeError):  # a loop of links
        return False
