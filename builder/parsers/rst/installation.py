"""sphinx-toolbox's ``installation`` directive, the commands that install the project, and its
``extensions`` directive, the lines that enable a Sphinx extension.

``.. installation:: domdf_python_tools`` with ``:pypi:``, ``:anaconda:`` (or ``:conda:``)
and ``:github:`` flags shows a tab per source, each with its shell commands: pip's from PyPI
(``:pypi-name:`` names the distribution), conda's from Anaconda after adding each of the
``:conda-channels:`` (``:conda-name:`` names the package there), and pip's from the GitHub
repository, which conf.py names and which is not read here. Every project made with
repo_helper (domdf_python_tools, consolekit) puts one on its index page; read as an unknown
directive it showed the project's name alone.

``.. extensions:: enum_tools.autoenum`` shows the ``extensions`` list of a conf.py that enables
the extension: those its content names, one a line, then ``:import-name:`` or else its
argument (first of all with ``:first:``), under a line saying so unless ``:no-preamble:``.
Every extension of sphinx-toolbox opens its module's docstring with one; read as an unknown
directive it showed nothing, or the other extensions' names alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from builder.parsers.rst.events import fence

DIRECTIVES = frozenset({"installation", "extensions"})
_CONDA_CHANNELS = "https://conda.anaconda.org/"


def directive_text(
    name: str, argument: str, options: Mapping[str, str], content: Sequence[str]
) -> str:
    """What the directive ``name`` (one of DIRECTIVES) shows; "" when it shows nothing that
    can be read here."""
    if name == "extensions":
        return extensions_text(argument, options, content)
    return installation_text(argument, options)


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


def extensions_text(name: str, options: Mapping[str, str], content: Sequence[str]) -> str:
    """The lines that enable the extension ``name`` beside those ``content`` names; "" when
    there is none to enable."""
    extensions = [line.strip() for line in content if line.strip()]
    enabled = options.get("import-name", "").strip() or name
    if enabled:
        extensions.insert(0 if "first" in options else len(extensions), enabled)
    if not extensions:
        return ""
    listed = ["extensions = [", "    ...", *(f"    {e!r}," for e in extensions), "    ]"]
    preamble = (
        []
        if "no-preamble" in options or not name
        else [f"Enable `{name}` by adding the following to the `extensions` variable in your "
              "`conf.py`:"]
    )  # fmt: skip
    return "\n\n".join([*preamble, fence(listed, "python")])
