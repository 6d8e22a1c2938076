"""builder.parsers.rst.page_templates: the loops of a page conf.py renders as a Jinja template."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers.rst.page_templates import expand_loops, page_templates
from builder.parsers.rst.parser import parse

# As PyTorch Geometric 2.8.0 writes its torch_geometric/nn/conv/__init__.py and
# docs/source/modules/nn.rst, made small.
_CONV = (
    '"""Convolutions."""\n'
    "from .gcn_conv import GCNConv\n"
    "from .gat_conv import GATConv\n"
    "__all__ = ['MessagePassing', 'GCNConv', 'GATConv']\n"
    "classes = __all__\n"
)
_PAGE = """torch_geometric.nn
==================

.. currentmodule:: torch_geometric.nn.conv

.. autosummary::
   :nosignatures:
   :toctree: ../generated

   {% for name in torch_geometric.nn.conv.classes[1:] %}
     {{ name }}
   {% endfor %}

Pooling
-------

Pooling layers.
"""
_CONTEXT = (("torch_geometric", "torch_geometric"),)


def _package(root: Path) -> GriffeSource:
    conv = root / "torch_geometric" / "nn" / "conv"
    conv.mkdir(parents=True)
    (root / "torch_geometric" / "__init__.py").write_text('"""PyG."""\n')
    (root / "torch_geometric" / "nn" / "__init__.py").write_text('"""Layers."""\n')
    (conv / "__init__.py").write_text(_CONV)
    for module, name, words in (
        ("gcn_conv", "GCNConv", "graph"),
        ("gat_conv", "GATConv", "attention"),
    ):
        (conv / f"{module}.py").write_text(
            f'class {name}:\n    """The {words} convolutional operator."""\n'
        )
    return GriffeSource(root, ApiSettings(), str(root))


def test_a_loop_over_a_list_of_the_code_writes_the_autosummary_entries(tmp_path: Path) -> None:
    api = _package(tmp_path)
    with page_templates(_CONTEXT):
        parsed = parse(_PAGE, "modules/nn.rst", api)
    by_heading = {s.heading: s for s in parsed.sections}
    assert "The graph convolutional operator." in by_heading["torch_geometric.nn.conv.GCNConv"].body
    assert "attention" in by_heading["torch_geometric.nn.conv.GATConv"].body
    assert not any("{%" in s.body or "{{" in s.body for s in parsed.sections)
    # Sections keep the lines of the page as written: Pooling's title is on line 14 there.
    assert (by_heading["Pooling"].line_start, by_heading["Pooling"].line_end) == (14, 17)
    # Without the context (a conf.py that renders no page), the page is read as written.
    assert "torch_geometric.nn.conv.GCNConv" not in {
        s.heading for s in parse(_PAGE, "p.rst", api).sections
    }


def test_a_loop_is_expanded_as_jinja_would_with_its_whitespace_control(tmp_path: Path) -> None:
    api = _package(tmp_path)
    page = "A\n{%- for n in tg.nn.conv.__all__ -%}\n  [{{- n }}]\n{%- endfor %}\nB\n"
    with page_templates((("tg", "torch_geometric"),)):
        expanded = expand_loops(page, api)
    assert expanded == ("A[MessagePassing][GCNConv][GATConv]\nB\n", [1, 5, 6])


def test_loops_not_read_stay_as_written(tmp_path: Path) -> None:
    api = _package(tmp_path)
    unread = (
        "{% for n in torch_geometric.nn.conv.missing %}{{ n }}{% endfor %}\n"  # no such list
        "{% for n in other.classes %}{{ n }}{% endfor %}\n"  # not in the context
        "{% for n in torch_geometric.nn.conv.classes %}{{ n.upper() }}{% endfor %}\n"
        "{% for n in torch_geometric.nn.conv.classes %}{% if n %}{{ n }}{% endif %}{% endfor %}\n"
        "{% for n in get_module_functions('io') %}{{ n }}{% endfor %}\n"  # Shapely's call
    )
    with page_templates(_CONTEXT):
        assert expand_loops(unread, api) is None
        assert expand_loops(_PAGE, None) is None  # no code to read
