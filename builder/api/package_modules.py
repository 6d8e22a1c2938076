"""A loaded package's modules, all the way down, each once: the walk of the passes that
finish a package after griffe loads it (compiled docstrings, submodule exports, docstrings
assigned from another module's)."""

from __future__ import annotations

from typing import Any


def package_modules(package: Any) -> list[Any]:
    """``package`` and its modules below it, parents first, in griffe's order; a module met
    again (through a package's own attribute) once."""
    found: list[Any] = []
    pending = [package]
    seen: set[str] = set()
    while pending:
        module = pending.pop()
        if module.path in seen:
            continue
        seen.add(module.path)
        found.append(module)
        pending.extend(reversed([sub for sub in module.modules.values() if not sub.is_alias]))
    return found
