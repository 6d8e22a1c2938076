"""Each package's exception tree, as drawn in its errors module's docstring, is the real one.

Every exception class a package defines is either in the drawn tree, under the parent drawn,
with the code and exit status drawn, or named in the docstring's "Outside the tree" paragraph.
A new subclass without a drawn line, or a drawn line without a class, fails here.
"""

from __future__ import annotations

import importlib
import itertools
import pkgutil
import re
from dataclasses import dataclass

import pytest

from builder.errors import BuildError
from builder.serve.errors import ServeError
from client.errors import ClientError

_TREE_CHARACTERS = " │├└─"
_CODE = re.compile(r'\bcode "([^"]+)"')
_EXIT = re.compile(r"\bexit (\d+)\b")


@dataclass(frozen=True)
class Drawn:
    parent: str | None
    code: str | None
    exit_code: int | None


def _column(line: str) -> int:
    return len(line) - len(line.lstrip(_TREE_CHARACTERS))


def drawn_tree(docstring: str) -> dict[str, Drawn]:
    """The tree block: the line above the first "── " line, then every "── " line after it."""
    lines = docstring.splitlines()
    first = next(i for i, line in enumerate(lines) if "── " in line)
    block = [lines[first - 1], *itertools.takewhile(lambda line: "── " in line, lines[first:])]
    root_column = _column(block[0])
    ancestors: list[str] = []
    drawn: dict[str, Drawn] = {}
    for line in block:
        depth, misaligned = divmod(_column(line) - root_column, 4)
        assert not misaligned and depth <= len(ancestors), f"misdrawn tree line: {line!r}"
        name, _, rest = line[_column(line) :].partition(" ")
        del ancestors[depth:]
        code, exit_code = _CODE.search(rest), _EXIT.search(rest)
        drawn[name] = Drawn(
            ancestors[-1] if ancestors else None,
            code.group(1) if code else None,
            int(exit_code.group(1)) if exit_code else None,
        )
        ancestors.append(name)
    return drawn


def defined_exceptions(package: str, leave_out: tuple[str, ...]) -> list[type[BaseException]]:
    """Every exception class defined in the package's modules (all of them imported)."""
    root = importlib.import_module(package)
    names = [package] + [
        info.name
        for info in pkgutil.walk_packages(root.__path__, prefix=f"{package}.")
        if not info.name.endswith("__main__") and not info.name.startswith(leave_out)
    ]
    found: list[type[BaseException]] = []
    for name in names:
        module = importlib.import_module(name)
        found += [
            value
            for value in vars(module).values()
            if isinstance(value, type)
            and issubclass(value, BaseException)
            and value.__module__ == name
        ]
    return found


TREES = [
    pytest.param("builder.errors", BuildError, "builder", ("builder.serve",), id="builder"),
    pytest.param("builder.serve.errors", ServeError, "builder.serve", (), id="builder.serve"),
    pytest.param("client.errors", ClientError, "client", (), id="client"),
]


@pytest.mark.parametrize(("errors_module", "base", "package", "leave_out"), TREES)
def test_the_drawn_tree_is_the_class_hierarchy(
    errors_module: str, base: type[Exception], package: str, leave_out: tuple[str, ...]
) -> None:
    docstring = importlib.import_module(errors_module).__doc__ or ""
    drawn = drawn_tree(docstring)
    classes = defined_exceptions(package, leave_out)
    in_tree = {cls.__name__: cls for cls in classes if issubclass(cls, base)}
    real = {
        name: None if cls is base else cls.__bases__[0].__name__ for name, cls in in_tree.items()
    }
    assert {name: d.parent for name, d in drawn.items()} == real
    for name, cls in in_tree.items():
        code, exit_code = getattr(cls, "code", None), getattr(cls, "exit_code", None)
        assert drawn[name].code == code, f"{name}'s drawn code"
        if drawn[name].exit_code is not None:
            assert drawn[name].exit_code == exit_code, f"{name}'s drawn exit status"
    _, _, outside = docstring.partition("Outside the tree")
    others = sorted(cls.__name__ for cls in classes if not issubclass(cls, base))
    assert [name for name in others if not re.search(rf"\b{name}\b", outside)] == []


def test_the_drawing_is_read_by_its_indentation() -> None:
    docstring = "Tree.\n\n    Base\n    ├── Kept\n    └── Other\n        └── Deeper\n"
    assert drawn_tree(docstring) == {
        "Base": Drawn(None, None, None),
        "Kept": Drawn("Base", None, None),
        "Other": Drawn("Base", None, None),
        "Deeper": Drawn("Other", None, None),
    }
