"""Keep the members of a package that a submodule of the same name hides from griffe.

``from .prompt import prompt`` in ``prompt_toolkit/shortcuts/__init__.py`` (or ``def retry`` in
tenacity's, beside ``tenacity/retry.py``): Python binds the package's attribute to the function,
since the import or the ``def`` runs after the submodule is loaded, but griffe sets the
submodule over the member, so ``prompt_toolkit.shortcuts.prompt`` read as the module, with its
docstring, not the function's. Sphinx's autodoc reads the attribute (except automodule, which
imports the module): this extension records the members each package's ``__init__`` defines,
before its submodules are loaded, for those lookups.
"""

from __future__ import annotations

from typing import Any

import griffe


class ShadowedMembers(griffe.Extension):
    """Each package member that is not a module, by its dotted path, as ``__init__`` left it."""

    def __init__(self) -> None:
        super().__init__()
        self.members: dict[str, Any] = {}

    def on_module_members(self, *, mod: griffe.Module, **kwargs: Any) -> None:
        if not mod.is_init_module:
            return
        for name, member in mod.members.items():
            if member.is_alias or not member.is_module:
                self.members[f"{mod.path}.{name}"] = member

    def member_over(self, found: Any) -> Any:
        """What a package's attribute holds where griffe found the submodule ``found``: the
        member its ``__init__`` defines under that name, else ``found`` itself."""
        if found.is_alias or not found.is_module:
            return found
        return self.members.get(found.path, found)
