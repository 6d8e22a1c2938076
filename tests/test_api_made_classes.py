"""builder.api.made_classes: a class a metaclass call makes is documented as a class."""

from __future__ import annotations

from pathlib import Path

from tests.api_support import package_source

# colander 2.0's SchemaNode, made by calling its metaclass with its base and docstring.
_SCHEMA = (
    "class _SchemaNode:\n"
    '    """Fundamental building block of schemas."""\n\n'
    "    def __init__(self, *arg, **kw):\n        pass\n\n"
    "    def __getitem__(self, name):\n"
    '        """Get a subnode by name."""\n\n\n'
    "class _SchemaMeta(type):\n"
    "    def __init__(cls, name, bases, clsattrs):\n        pass\n\n\n"
    "SchemaNode = _SchemaMeta(\n"
    "    'SchemaNode', (_SchemaNode,), {'__doc__': _SchemaNode.__doc__}\n)\n"
    "Plain = type('Plain', (_SchemaNode,), {})\n"
    "Renamed = type('Other', (_SchemaNode,), {})\n"
    "Called = dict('Called', (_SchemaNode,), {})\n"
)


def test_a_class_a_metaclass_call_makes_has_its_bases_docs_and_members(tmp_path: Path) -> None:
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "__init__.py").write_text(_SCHEMA, encoding="utf-8")
    source = package_source(tmp_path)
    node = source.find("schemas.SchemaNode")
    assert node is not None
    assert (node.kind, node.signature) == ("class", "SchemaNode(*arg, **kw)")
    assert node.doc[0].text == "Fundamental building block of schemas."
    assert [member.name for member in node.members] == ["__init__", "__getitem__"]
    item = source.find("schemas.SchemaNode.__getitem__")
    assert item is not None and item.doc[0].text == "Get a subnode by name."
    plain = source.find("schemas.Plain")
    assert plain is not None and plain.kind == "class"


def test_other_calls_stay_attributes(tmp_path: Path) -> None:
    # A class bound under another name than its own is an alias of it, as autodoc says; a
    # call of anything but type or a metaclass makes no class.
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "__init__.py").write_text(_SCHEMA, encoding="utf-8")
    source = package_source(tmp_path)
    for name in ("Renamed", "Called"):
        found = source.find(f"schemas.{name}")
        assert found is not None and found.kind == "attribute"


def test_a_subclass_of_a_class_a_metaclass_call_makes_inherits_through_it(
    tmp_path: Path,
) -> None:
    # colander 2.0's Schema(SchemaNode) and TupleSchema(SchemaNode) showed 'Schema()': griffe
    # leaves the made class out of their bases' order.
    subclasses = (
        "\n\nclass Schema(SchemaNode):\n    pass\n\n\n"
        "class Leaf(Schema):\n    def leaf(self):\n        pass\n\n\n"
        # A cycle through a made class: Python refuses it, the build must not loop.
        "class Loop(Back):\n    pass\n\n\n"
        "Back = type('Back', (Loop,), {})\n"
    )
    (tmp_path / "schemas").mkdir()
    (tmp_path / "schemas" / "__init__.py").write_text(_SCHEMA + subclasses, encoding="utf-8")
    source = package_source(tmp_path)
    schema = source.find("schemas.Schema")
    assert schema is not None and schema.signature == "Schema(*arg, **kw)"
    leaf = source.find("schemas.Leaf")
    assert leaf is not None and leaf.signature == "Leaf(*arg, **kw)"
    item = source.find("schemas.Leaf.__getitem__")
    assert item is not None and item.doc[0].text == "Get a subnode by name."
    loop = source.find("schemas.Loop")
    assert loop is not None and loop.signature == "Loop()"
