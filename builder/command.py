"""The ``docbuild`` entry point: say which extra to install when the build's packages are
missing (``pip install doctrove`` is the client alone), else run the command line."""

from __future__ import annotations

import importlib.util
import sys

BUILD_EXTRA = "build"
# The modules of the build extra's distributions (pyproject.toml), which builder.cli imports;
# tests/test_dependencies.py keeps the two lists equal.
BUILD_EXTRA_MODULES = (
    "griffe",
    "jinja2",
    "lxml",
    "markdown_it",
    "markupsafe",
    "mdit_py_plugins",
    "packaging",
    "yaml",
)
MISSING_EXTRA_EXIT = 2


def missing_build_modules() -> list[str]:
    """The build extra's modules that cannot be imported here (found without importing)."""
    return [name for name in BUILD_EXTRA_MODULES if importlib.util.find_spec(name) is None]


def main() -> None:
    missing = missing_build_modules()
    if missing:
        sys.stderr.write(
            f"docbuild: error: docbuild needs the {BUILD_EXTRA!r} extra, which is not installed "
            f"(missing: {', '.join(missing)}); install it with: "
            f"pip install 'doctrove[{BUILD_EXTRA}]'\n"
        )
        sys.exit(MISSING_EXTRA_EXIT)
    from builder.cli import main as run_command_line
    from builder.quick_exit import run_then_exit

    run_then_exit(run_command_line)
