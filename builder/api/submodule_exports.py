"""A submodule's ``__all__`` made of another module's (``__all__ = builders.__all__``), read.

griffe expands such an ``__all__`` (a name, not a list) into the names it holds as it loads a
package, module by module from the top, but it stops at a package without an ``__all__`` of
its own and never reaches the modules below it. pyFFTW 0.13.0's ``pyfftw/builders/__init__.py``
reads ``from .builders import *`` then ``__all__ = builders.__all__`` under ``pyfftw``, which
has none: the module's exports stayed that unexpanded name, so ``automodule:: pyfftw.builders``
with ``:members:`` listed nothing of the 14 functions autodoc shows.
"""

from __future__ import annotations

from typing import Any

import griffe

from builder.api.package_modules import package_modules


def expand_submodule_exports(loader: griffe.GriffeLoader, package: Any) -> None:
    """Expand the ``__all__`` of each module of ``package`` that names another's."""
    for module in package_modules(package):
        exports = module.exports
        if exports is not None and any(isinstance(e, griffe.ExprName) for e in exports):
            loader.expand_exports(module)
