"""A griffe loader that reads a package's folders without ``__init__.py`` as its subpackages.

Python imports ``flask.sansio.app`` although ``flask/sansio/`` has no ``__init__.py``: a folder
inside a regular package is a namespace package of its own. griffe skips such folders, taking
them for scripts, so every name they define was missing: Flask 3.1 defines its ``App``,
``Scaffold`` and ``Blueprint`` bases there, and ``Flask``'s members inherited from them
(``route``, ``errorhandler``, ``register_blueprint``...) and ``BlueprintSetupState`` were lost.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import griffe


class FolderModulesLoader(griffe.GriffeLoader):
    """A ``GriffeLoader`` that makes each folder of Python files inside a package a module."""

    def _get_or_create_parent_module(
        self, module: Any, subparts: tuple[str, ...], subpath: Path
    ) -> Any:
        try:
            return super()._get_or_create_parent_module(module, subparts, subpath)
        except griffe.UnimportableModuleError:
            pass
        # The folders above the file, the package's own first; griffe's walk, which creates
        # the modules below a namespace folder once the first one exists.
        folders = list(subpath.parents)
        if subpath.stem == "__init__":
            folders.pop(0)
        parent = module
        for offset, part in enumerate(subparts[:-1], 2):
            if part not in parent.members:
                folder = folders[len(subparts) - offset]
                parent.set_member(part, self._create_module(part, [folder]))
                break
            parent = parent.members[part]
        return super()._get_or_create_parent_module(module, subparts, subpath)
