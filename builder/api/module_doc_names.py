"""A module docstring given by another object's: ``__doc__ = builders.__doc__``.

pyFFTW 0.13.0's ``pyfftw/builders/__init__.py`` re-exports its ``builders`` submodule
(``from .builders import *``) and gives the package that module's docstring, which Python
runs and autodoc shows at the top of ``automodule:: pyfftw.builders``: an overview of
about 1,300 words. griffe reads the assignment as an attribute, so the package had no
docstring. A module whose ``__doc__`` is assigned an object's ``__doc__`` (a name the module
binds, then attributes) takes that object's docstring, over one written at its top, which the
assignment replaces as the module runs.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

from builder.api.package_modules import package_modules

_DOC_OF = re.compile(r"([A-Za-z_][\w.]*)\.__doc__")


def fill_module_doc_names(package: Any) -> None:
    """Give each module of ``package`` the docstring its ``__doc__ = name.__doc__`` names,
    after that object's own such assignment (a package's from a submodule's, which takes a
    third module's): as the imports run, the module named is set first."""
    done: set[str] = set()
    for module in package_modules(package):
        chain: list[tuple[Any, Any, Any]] = []  # (module, its assignment, the object named)
        current = module
        while current is not None and current.path not in done:
            done.add(current.path)  # a cycle of assignments stops where it began
            assigned, target = _doc_assignment(current)
            if assigned is None:
                break
            chain.append((current, assigned, target))
            current = target if target is not None and target.is_module else None
        for one, assigned, target in reversed(chain):
            docstring = None if target is None else target.docstring
            if docstring is not None:
                one.docstring = griffe.Docstring(
                    docstring.value, lineno=assigned.lineno, parent=one
                )


def _doc_assignment(module: Any) -> tuple[Any, Any]:
    """The ``__doc__`` attribute ``module`` assigns another object's docstring to, and that
    object (None when the code cannot follow the name); (None, None) when there is none."""
    assigned = module.members.get("__doc__")
    if assigned is None or assigned.is_alias or assigned.value is None:
        return None, None
    named = _DOC_OF.fullmatch(str(assigned.value))
    if named is None:
        return None, None
    return assigned, _named(module, named[1])


def _named(module: Any, dotted: str) -> Any:
    """The object ``dotted`` names in ``module``'s scope, through aliases; None if not there."""
    found: Any = module
    for name in dotted.split("."):
        member = found.members.get(name) if hasattr(found, "members") else None
        if member is None:
            return None
        try:
            found = member.final_target if member.is_alias else member
        except (griffe.AliasResolutionError, griffe.CyclicAliasError):
            return None
    return found
