"""sphinx-toolbox's ``installation`` directive: the commands that install the project.

``.. installation:: domdf_python_tools`` with ``:pypi:``, ``:anaconda:`` (or ``:conda:``)
and ``:github:`` flags shows a tab per source, each with its shell commands: pip's from PyPI
(``:pypi-name:`` names the distribution), conda's from Anaconda after adding each of the
``:conda-channels:`` (``:conda-name:`` names the package there), and pip's from the GitHub
repository, which conf.py names and which is not read here. Every project made with
repo_helper (domdf_python_tools, consolekit) puts one on its index page; read as an unknown
directive it showed the project's name alone.
"""

from __future__ import annotations

from collections.abc import Mapping

from builder.parsers.rst.events import fence

DIRECTIVE = "installation"
_CONDA_CHANNELS = "https://conda.anaconda.org/"


def installation_text(name: str, options: Mapping[str, str]) -> str:
    """The commands the directive for the project ``name`` shows, under each source's label;
    "" when it names no source it can show."""
    parts: list[str] = []
    if "pypi" in options:
        package = options.get("pypi-name", "").strip() or name
        parts += ["from PyPI", fence((f"$ python3 -m pip install {package} --user",), "console")]
    if "anaconda" in options or "conda" in options:
        package = options.get("conda-name", "").strip() or name
        channels = options.get("conda-channels", "").replace(",", " ").split()
        added = [f"$ conda config --add channels {_CONDA_CHANNELS}{c}" for c in channels]
        parts += ["from Anaconda", fence((*added, f"$ conda install {package}"), "console")]
    return "\n\n".join(parts)
