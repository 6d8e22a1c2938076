"""Which docs a project's Read the Docs config builds, for ``docbuild init`` (builder.survey_docs).

Read the Docs builds the Sphinx project whose ``conf.py`` its config's ``sphinx.configuration``
names, or the MkDocs site of ``mkdocs.configuration``: the docs the project publishes. A
project may keep other docs beside them, which a survey by the usual places would take first:
beartype 0.22.9 has a one-page MkDocs site at its top (a logo, a first try at an API
reference) and its manual as a Sphinx project in doc/src, the one its ``.readthedocs.yaml``
names.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from builder.projects.config_file import read_yaml_config

# The names Read the Docs reads its config from, in its order (the last two from version 1).
CONFIG_NAMES = (".readthedocs.yaml", ".readthedocs.yml", "readthedocs.yml", "readthedocs.yaml")
# The tools whose config a Read the Docs config names, each under its own key.
_TOOLS = ("sphinx", "mkdocs")


@dataclass(frozen=True)
class ReadTheDocsSite:
    """The docs a Read the Docs config names; paths relative to the project, POSIX."""

    config: str  # the Read the Docs config, as ".readthedocs.yaml"
    tool: str  # "sphinx" or "mkdocs"
    folder: str  # the folder of the tool's config, "." for the project's
    name: str  # the tool's config file, as "conf.py" or "mkdocs.yml"


def readthedocs_site(root: Path) -> ReadTheDocsSite | None:
    """The Sphinx ``conf.py`` or MkDocs config that the project's Read the Docs config names,
    when that file is in the project; None without such a config or a file it names."""
    for config_name in CONFIG_NAMES:
        config_path = root / config_name
        if not config_path.is_file():
            continue
        # Read the Docs reads only the first of its names there is.
        config = read_yaml_config(config_path, [], "")
        for tool in _TOOLS:
            settings = config.get(tool)
            path = settings.get("configuration") if isinstance(settings, dict) else None
            if isinstance(path, str) and (site := _named_file(root, path)) is not None:
                folder, name = site
                return ReadTheDocsSite(config_name, tool, folder, name)
        return None
    return None


def _named_file(root: Path, path: str) -> tuple[str, str] | None:
    """(folder, file name) of the file ``path`` names inside ``root``; None when it leads out
    of the project or is not a file there."""
    clean = posixpath.normpath(path.strip().replace("\\", "/"))
    parts = PurePosixPath(clean).parts
    if not parts or clean.startswith("/") or ".." in parts:
        return None
    try:
        if not (root / clean).is_file():
            return None
    except OSError:  # a name longer than the system takes is no file
        return None
    folder, name = posixpath.split(clean)
    return folder or ".", name
