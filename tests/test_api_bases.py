"""builder.api.bases: a class's bases by their full names, under autodoc_typehints_format."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.api.options import read_conf_settings
from builder.parsers import parse_file

PACKAGE = {
    "kit/__init__.py": "",
    "kit/_nodes.py": "class Node:\n    '''A node.'''\n\n\nclass Item:\n    '''An item.'''\n",
    "kit/items.py": (
        "import abc\n"
        "from typing import Generic, TypeVar\n\n"
        "from kit import _nodes\n"
        "from kit._nodes import Node as N\n\n"
        "T = TypeVar('T')\n\n\n"
        "class Leaf(N, abc.ABC, Generic[T], _nodes.Item):\n    '''A leaf.'''\n"
    ),
}
PAGE = "API\n===\n\n.. autoclass:: kit.items.Leaf\n   :show-inheritance:\n"


def _leaf_body(tmp_path: Path, settings: ApiSettings) -> str:
    for relpath, text in PACKAGE.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text, encoding="utf-8")
    parsed = parse_file("api.rst", PAGE, GriffeSource(tmp_path, settings, str(tmp_path)))
    assert parsed is not None
    return parsed.sections[1].body


def test_fully_qualified_hints_name_each_base_by_the_module_defining_it(tmp_path: Path) -> None:
    # Sphinx's page: the defining module's name (through an alias and a module attribute),
    # typing's names short, as autodoc's restify writes them.
    body = _leaf_body(tmp_path, ApiSettings(typehints_format="fully-qualified"))
    assert "\n\nBases: `kit._nodes.Node`, `abc.ABC`, `Generic[T]`, `kit._nodes.Item`\n\n" in body


def test_short_hints_name_the_bases_by_their_last_name(tmp_path: Path) -> None:
    # The class's own name, as autodoc's "~module.Node" shows it, not the alias it came in as.
    body = _leaf_body(tmp_path, ApiSettings())
    assert "\n\nBases: `Node`, `ABC`, `Generic[T]`, `Item`\n\n" in body


def test_conf_py_sets_the_format() -> None:
    conf = 'autodoc_typehints_format = "fully-qualified"\n'
    assert read_conf_settings(conf).typehints_format == "fully-qualified"
    assert read_conf_settings("").typehints_format == "short"
    assert read_conf_settings('autodoc_typehints_format = "long"\n').typehints_format == "short"
