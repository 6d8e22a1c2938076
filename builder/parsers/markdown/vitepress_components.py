"""A VitePress site's Markdown components registered for every page: ``<RunExamples />`` with
no import shows ``.vitepress/theme/components/RunExamples.md``.

unplugin-vue-components registers the components of the theme's folders globally and writes
what it registered to ``.vitepress/components.d.ts`` (``RunExamples: typeof
import('./theme/components/RunExamples.md')['default']``), a file projects commit. A page
uses such a component without importing it, so read as a partial it was nothing:
vite-plugin-pwa 1.3.0's docs placed eleven Markdown components 37 times, 133 lines of text
none of its pages held. The ``.md`` ones listed there are spliced in as MDX partials are.
"""

from __future__ import annotations

import posixpath
import re

from builder.includes import IncludeReader, IncludeRefused
from builder.parsers.markdown.mdx_partials import splice_partials
from builder.parsers.markdown.spliced import Spliced

# From the docs folder, as the site's pages name files with a leading "/".
DECLARATIONS = "/.vitepress/components.d.ts"
_FOLDER = ".vitepress"
_ENTRY = re.compile(
    r"""^[ \t]*(?P<name>[A-Z][\w$]{0,100})[ \t]*:[ \t]*typeof[ \t]+import\([ \t]*"""
    r"""(?P<q>['"])(?P<path>\.{1,2}/[^'"\n]{1,300}\.md)(?P=q)[ \t]*\)""",
    re.MULTILINE,
)
# A component's tag alone on a line: the only place a partial is spliced in.
_USE = re.compile(r"^[ \t]*<[A-Z][\w$]*(?:[ \t][^<>\n]*)?/>[ \t]*$", re.MULTILINE)


def has_component_uses(text: str) -> bool:
    """The quick test: a page with no component's tag alone on a line uses none."""
    return "/>" in text and _USE.search(text) is not None


def splice_registered_components(page: Spliced, relpath: str, reader: IncludeReader) -> Spliced:
    """``page`` with each registered Markdown component's tag replaced by the file's lines."""
    try:
        declarations = reader.read(relpath, DECLARATIONS).text
    except IncludeRefused:
        return page
    registered = {}
    for entry in _ENTRY.finditer(declarations):
        path = posixpath.normpath(posixpath.join(_FOLDER, entry.group("path")))
        if not path.startswith(".."):
            registered[entry.group("name")] = f"/{path}"
    return splice_partials(page, relpath, reader, registered) if registered else page
