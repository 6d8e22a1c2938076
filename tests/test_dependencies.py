"""Every package the code imports is declared in pyproject.toml, where it belongs: the client's
(client/, schemas/) in the dependencies, docbuild's in the build extra or an optional extra, and
the build extra is what builder.command checks before it runs docbuild."""

from __future__ import annotations

import ast
import importlib.metadata
import re
import sys
import tomllib
from pathlib import Path

import pytest

from builder import command

REPO = Path(__file__).parent.parent
PROJECT = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))["project"]
LOCAL = {"builder", "client", "schemas", "semantic"}
# Extras a module may use only where it says how to install them (lazily imported).
OPTIONAL_EXTRAS = ("office", "watch", "site-search", "semantic")


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def requirement_names(requirements: list[str]) -> set[str]:
    return {canonical(re.split(r"[\s\[<>=!~;]", r, maxsplit=1)[0]) for r in requirements}


def declared(*extras: str) -> set[str]:
    names = requirement_names(PROJECT["dependencies"])
    for extra in extras:
        names |= requirement_names(PROJECT["optional-dependencies"][extra])
    return names - {"doctrove"}


def imported_modules(source: str) -> set[str]:
    """Top-level third-party modules a file imports, skipping ``if TYPE_CHECKING:`` blocks."""
    tree = ast.parse(source)
    skipped = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for inner in ast.walk(node)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            found.add(node.module.split(".")[0])
    return {name for name in found if name not in sys.stdlib_module_names and name not in LOCAL}


def distributions(packages: tuple[str, ...]) -> set[str]:
    """The installed distributions whose modules the packages' files import."""
    providers = importlib.metadata.packages_distributions()
    found = set()
    for package in packages:
        for path in (REPO / package).rglob("*.py"):
            for module in imported_modules(path.read_text(encoding="utf-8")):
                assert module in providers, f"{path}: {module} comes from no installed package"
                found |= {canonical(name) for name in providers[module]}
    return found


def test_imported_modules_skip_the_standard_library_and_type_checking() -> None:
    source = (
        "import os, httpx.transports\nfrom typing import TYPE_CHECKING\nfrom client import x\n"
        "if TYPE_CHECKING:\n    from _typeshed import StrPath\ndef f():\n    import jinja2\n"
    )
    assert imported_modules(source) == {"httpx", "jinja2"}


def test_the_client_imports_only_the_dependencies() -> None:
    used = distributions(("client", "schemas"))
    # The semantic lane is optional: client.semantic_lane imports it lazily and says so.
    assert used - declared("semantic") == set()
    assert declared() - used == set(), "a dependency the client does not import"


def test_docbuild_imports_only_the_build_extra_and_optional_extras() -> None:
    used = distributions(("builder", "semantic"))
    assert used - declared("build", *OPTIONAL_EXTRAS) == set()
    assert declared("build") - declared() <= used


def test_docbuild_checks_for_exactly_the_build_extra() -> None:
    providers = importlib.metadata.packages_distributions()
    checked = {canonical(d) for module in command.BUILD_EXTRA_MODULES for d in providers[module]}
    assert checked == declared("build") - declared()


def test_docbuild_without_the_build_extra_names_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    real = command.importlib.util.find_spec
    monkeypatch.setattr(
        command.importlib.util,
        "find_spec",
        lambda name, *args: None if name in {"jinja2", "lxml"} else real(name, *args),
    )
    with pytest.raises(SystemExit) as exited:
        command.main()
    assert exited.value.code == command.MISSING_EXTRA_EXIT
    assert capsys.readouterr().err == (
        "docbuild: error: docbuild needs the 'build' extra, which is not installed "
        "(missing: jinja2, lxml); install it with: pip install 'doctrove[build]'\n"
    )
