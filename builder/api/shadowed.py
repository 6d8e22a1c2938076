"""Keep the members of a package that a submodule of the same name hides from griffe.

``from .prompt import prompt`` in ``prompt_toolkit/shortcuts/__init__.py`` (or ``def retry`` in
tenacity's, beside ``tenacity/retry.py``): Python binds the package's attribute to the function,
since the import or the ``def`` runs after the submodule is loaded, but griffe sets the
submodule over the member, so ``prompt_toolkit.shortcuts.prompt`` read as the module, with its
docstring, not the function's. Sphinx's autodoc reads the attribute (except automodule, which
imports the module): this extension records the members each package's ``__init__`` defines,
before its submodules are loaded, for those lookups.

A wildcard import from a submodule binds the names it exports too: pyqtgraph's ``from
.Flowchart import *`` in ``pyqtgraph/flowchart/__init__.py`` makes
``pyqtgraph.flowchart.Flowchart`` the class ``Flowchart.py`` defines, and
``pyqtgraph.flowchart.Node`` the class it imports from ``Node.py``. And a name re-exported
from such a package (``pyqtgraph.ImageView``, from ``pyqtgraph/imageview``'s ``from
.ImageView import ImageView``) is what that package binds, which ``member_over`` follows.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import griffe

# How many packages a name is followed through (``a.X`` is ``a.b.X``, which is ``a.b.X.X``).
MOST_REBINDINGS = 8


class ShadowedMembers(griffe.Extension):
    """Each package member that is not a module, by its dotted path, as ``__init__`` left it;
    and the submodules a package imports everything from."""

    def __init__(self) -> None:
        super().__init__()
        self.members: dict[str, Any] = {}
        # Each package's submodules it imports everything from, in the order it does.
        self.wildcard_sources: dict[str, list[str]] = {}
        # The last part of each path above: only a name among these can be shadowed.
        self.names: set[str] = set()

    def on_module_members(self, *, mod: griffe.Module, **kwargs: Any) -> None:
        if not mod.is_init_module:
            return
        folder = mod.filepath.parent if isinstance(mod.filepath, Path) else None
        for name, member in mod.members.items():
            wildcard = getattr(member, "wildcard", None) if member.is_alias else None
            if isinstance(wildcard, str) and wildcard:
                parent, _, submodule = wildcard.rpartition(".")
                if parent == mod.path:  # "from .sub import *", not another package's names
                    self.wildcard_sources.setdefault(mod.path, []).append(submodule)
                    # Any submodule's name can be bound by what the import brings.
                    self.names.update(_submodule_names(folder) if folder else (submodule,))
            elif member.is_alias or not member.is_module:
                self.members[f"{mod.path}.{name}"] = member
                if folder is not None and _is_submodule(folder, name):
                    self.names.add(name)

    def member_over(self, found: Any) -> Any:
        """What a package's attribute holds where griffe found the submodule ``found`` (or an
        alias of it): the member its ``__init__`` defines under that name, or that a wildcard
        import from the submodule brings, followed through the packages that re-export it;
        else ``found`` itself. May raise griffe's alias errors, as following an alias does."""
        for _ in range(MOST_REBINDINGS):
            target = found.final_target if found.is_alias else found
            if not target.is_module:
                return found
            over = self.members.get(target.path)
            if over is None:
                over = self._bound_by_wildcard(target)
            if over is None:
                return found
            found = over
        return found

    def _bound_by_wildcard(self, submodule: Any) -> Any:
        """The member a wildcard import of its package binds over ``submodule``'s name: the
        class ``Flowchart.py`` defines (``from .Flowchart import *``), or one that module
        imports (``from .Node import Node`` in it binds ``flowchart.Node``); the last such
        import's, as Python runs them in order; None for none."""
        package = submodule.parent
        if package is None:
            return None
        bound = None
        for source in self.wildcard_sources.get(package.path, ()):
            module = package.members.get(source)
            if module is not None and not module.is_alias and module.is_module:
                bound = _exported(module, submodule.name) or bound
        return bound


def _exported(module: Any, name: str) -> Any:
    """The member ``name`` of ``module`` that ``from module import *`` binds: one its
    ``__all__`` lists, or without one a public name; None when it binds none (a submodule of
    that name is no attribute the import sets over the package's)."""
    member = module.members.get(name)
    if member is None or (not member.is_alias and member.is_module):
        return None
    exports = module.exports
    listed = name in exports if exports is not None else not name.startswith("_")
    return member if listed else None


def _is_submodule(folder: Path, name: str) -> bool:
    """Whether the package in ``folder`` has a submodule ``name`` (a module or a folder)."""
    try:
        return (folder / f"{name}.py").is_file() or (folder / name).is_dir()
    except (OSError, ValueError):
        return False


def _submodule_names(folder: Path) -> set[str]:
    """The names of the modules and folders in ``folder``."""
    try:
        return {path.stem for path in folder.iterdir() if path.suffix == ".py" or path.is_dir()}
    except OSError:
        return set()
