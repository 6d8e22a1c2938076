"""Import only the MCP SDK's server half: its package ``__init__`` files load everything else.

``import mcp.server.lowlevel`` first runs ``mcp/__init__.py``, which imports the SDK's client
(``mcp.client``, its HTTP client, the client sessions), and ``mcp/server/__init__.py``, which
imports ``MCPServer`` and its resource, prompt and tool managers. A server that uses the
low-level ``Server`` needs none of it. ``defer_sdk_package_inits`` registers those two packages
with their ``__init__`` not yet run: submodules import as usual, and the first time anything asks
a package for a name that is not a submodule (``from mcp import Client`` in the same process),
the real ``__init__`` runs then, so nothing that needs it breaks, it only pays later.

``block_http_stack`` is for stdio: the SDK's low-level server module imports sse_starlette,
which imports uvicorn only to cooperate with its shutdown, inside ``try/except ImportError``.
Marking uvicorn absent saves loading it (and multiprocessing, logging.config, click's pager...)
in a process that never serves HTTP.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
import types
from typing import Any

DEFERRED_PACKAGES = ("mcp", "mcp.server")
HTTP_ONLY_PACKAGES = ("uvicorn",)


def defer_sdk_package_inits() -> None:
    """Register the SDK's packages without running their ``__init__`` (see the module doc).
    Does nothing for a package already imported."""
    for name in DEFERRED_PACKAGES:
        if name in sys.modules:
            continue
        spec = importlib.util.find_spec(name)
        if spec is None or spec.loader is None or spec.submodule_search_locations is None:
            return  # not the SDK this was written for: import it the ordinary way
        package = importlib.util.module_from_spec(spec)
        package.__getattr__ = _completing(package, spec)  # type: ignore[method-assign]
        sys.modules[name] = package


def _completing(package: types.ModuleType, spec: importlib.machinery.ModuleSpec) -> Any:
    def get(attribute: str) -> Any:
        submodule = f"{package.__name__}.{attribute}"
        if importlib.util.find_spec(submodule) is not None:
            return importlib.import_module(submodule)  # `from mcp import types` needs no init
        del package.__getattr__  # run the real __init__ once, in the package's own namespace
        assert spec.loader is not None  # checked when the package was registered
        spec.loader.exec_module(package)
        return getattr(package, attribute)

    return get


def block_http_stack() -> None:
    """Make the HTTP-only packages unimportable in this process (stdio never serves HTTP)."""
    for name in HTTP_ONLY_PACKAGES:
        sys.modules.setdefault(name, None)  # type: ignore[arg-type]  # None: "not importable"
