"""Leave out the docstring placeholders a decorator of the package fills in at import time.

plotnine's geoms and stats open their docstrings with a line ``{usage}``, which its
``@document`` decorator replaces with a signature it computes from the class's defaults
(``docstring.replace("{usage}", usage)``); Sphinx and quartodoc read the result. Read from the
code alone, the filled text cannot be had, and the placeholder was shown as written (65 of
plotnine 0.15's API entries). A line that is such a placeholder alone is left out when the
module of one of the object's decorators writes it, braces and all, in a string.
"""

from __future__ import annotations

import re
from typing import Any

# The line and a blank line after it, so no run of blank lines is left in its place.
_PLACEHOLDER_LINE = re.compile(r"^[ \t]*\{([A-Za-z_]\w{0,60})\}[ \t]*(?:\n[ \t]*(?=\n))?\n?", re.M)


def without_decorator_placeholders(docstring: Any, text: str) -> str:
    """``text`` (the docstring's) without the lines that are a placeholder alone which a
    decorator of its object fills in; ``text`` itself when there are none."""
    if "{" not in text:
        return text
    owner = docstring.parent
    decorators = getattr(owner, "decorators", None) or ()
    if not decorators or not _PLACEHOLDER_LINE.search(text):
        return text
    sources = [_module_source(owner, decorator.value) for decorator in decorators]
    written = "\n".join(source for source in sources if source)
    if not written:
        return text

    def kept(match: re.Match[str]) -> str:
        name = "{" + match.group(1) + "}"
        filled = f'"{name}"' in written or f"'{name}'" in written
        return "" if filled else match.group(0)

    return _PLACEHOLDER_LINE.sub(kept, text)


def _module_source(owner: Any, expression: Any) -> str:
    """The source of the module that defines the decorator ``expression`` names (called or
    not), when the package defines it; "" otherwise."""
    from builder.api.object_docs import loaded_object  # it imports this module's importer

    function = getattr(expression, "function", expression)  # @document(...) or @document
    found = loaded_object(owner, getattr(function, "canonical_path", None))
    module = getattr(found, "module", None) if found is not None else None
    try:
        source = module.source if module is not None else ""
    except Exception:  # griffe raises for a module without a file or lines
        return ""
    return source if isinstance(source, str) else ""
