"""builder.projects.sphinx_page_templates: the Jinja context a conf.py renders its pages with."""

from __future__ import annotations

import pytest

from builder.projects.sphinx_page_templates import page_template_context

# PyTorch Geometric 2.8.0's docs/source/conf.py (the lines read).
_PYG = """
import torch_geometric
from docutils import nodes as docutils_nodes

def rst_jinja_render(app, _, source):
    if hasattr(app.builder, 'templates'):
        rst_context = {'torch_geometric': torch_geometric, 'n': 3}
        source[0] = app.builder.templates.render_string(source[0], rst_context)

def setup(app):
    app.connect('source-read', rst_jinja_render)
"""
# Shapely 2.1.2's: html_context names a function of conf.py's own, which would have to run.
_SHAPELY = """
import shapely
import shapely.geometry as geometry
from brainsets import taxonomy

def rstjinja(app, docname, source):
    if app.builder.format != 'html':
        return
    source[0] = app.builder.templates.render_string(source[0], app.config.html_context)

def get_module_functions(module, exclude=None):
    return getattr(shapely, module).__all__

html_context = {
    'get_module_functions': get_module_functions,
    'geom': geometry,
    'tax': taxonomy.classes,
}

def setup(app):
    app.connect("source-read", rstjinja)
"""


@pytest.mark.parametrize(
    ("source", "context"),
    [
        (_PYG, (("torch_geometric", "torch_geometric"),)),
        (_SHAPELY, (("geom", "shapely.geometry"), ("tax", "brainsets.taxonomy.classes"))),
        # The context a name of the file's top level binds.
        (
            "import pkg\nctx = {'pkg': pkg}\n"
            "def render(app, docname, source):\n"
            "    source[0] = app.builder.templates.render_string(source[0], ctx)\n"
            "def setup(app):\n    app.connect('source-read', render)\n",
            (("pkg", "pkg"),),
        ),
    ],
)
def test_the_context_of_the_source_read_handler_is_read(
    source: str, context: tuple[tuple[str, str], ...]
) -> None:
    assert page_template_context(source) == context


def test_a_conf_py_that_renders_no_page_has_no_context() -> None:
    # A handler never connected, connected to another event, or one that renders other text.
    unconnected = _PYG.replace("app.connect('source-read', rst_jinja_render)", "pass")
    other_event = _PYG.replace("'source-read'", "'doctree-read'")
    other_text = _PYG.replace("render_string(source[0]", "render_string(template")
    for source in (unconnected, other_event, other_text, "import pkg\n", "def broken(:\n"):
        assert page_template_context(source) is None
    # Rendered with a context that is not read: the pages are, but nothing in them expands.
    computed = _PYG.replace("{'torch_geometric': torch_geometric, 'n': 3}", "make_context()")
    assert page_template_context(computed) == ()
