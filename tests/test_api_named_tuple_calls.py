"""builder.api.named_tuple_calls: a module's ``collections.namedtuple`` calls as classes."""

from __future__ import annotations

from pathlib import Path

from builder.parsers import parse_file
from tests.api_support import package_source


def test_a_named_tuple_a_module_makes_is_a_class_of_its_fields(tmp_path: Path) -> None:
    # py-amqp 5.1.1's amqp.protocol: 'basic_return_t = namedtuple("basic_return_t", (...))'
    # and 'queue_declare_ok_t = ...', which autodoc documents as classes, each field "Alias
    # for field number N"; ':members:' showed neither (attributes without a docstring).
    (tmp_path / "proto").mkdir()
    (tmp_path / "proto" / "__init__.py").write_text(
        '"""Protocol data."""\n'
        "import collections\n"
        "from collections import namedtuple\n\n"
        "basic_return_t = namedtuple(\n"
        "    'basic_return_t',\n"
        "    ('reply_code', 'reply_text'),\n"
        ")\n"
        'Token = collections.namedtuple("Token", "name, text")\n'
        'Renamed = namedtuple("_Renamed", "a b")\n'
        'Computed = namedtuple("Computed", FIELDS)\n',
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    text = "Proto\n=====\n\n.. automodule:: proto\n   :members:\n   :show-inheritance:\n"
    parsed = parse_file("proto.rst", text, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections] == [
        ("Proto", "Protocol data."),
        ("proto.Token", "`Token(name, text)`\n\nBases: `tuple`\n\nToken(name, text)"),
        ("proto.Token.name", "`name`\n\nAlias for field number 0"),
        ("proto.Token.text", "`text`\n\nAlias for field number 1"),
        (
            "proto.basic_return_t",
            "`basic_return_t(reply_code, reply_text)`\n\nBases: `tuple`\n\n"
            "basic_return_t(reply_code, reply_text)",
        ),
        ("proto.basic_return_t.reply_code", "`reply_code`\n\nAlias for field number 0"),
        ("proto.basic_return_t.reply_text", "`reply_text`\n\nAlias for field number 1"),
    ]


def test_a_named_tuple_s_defaults_are_in_its_signature(tmp_path: Path) -> None:
    # 'namedtuple("Options", "mode level depth", defaults=(None, 1))': autodoc's signature,
    # read from __new__, is "Options(mode, level=None, depth=1)"; the defaults were left out.
    # Defaults it cannot read leave the fields without them, as before.
    (tmp_path / "opts").mkdir()
    (tmp_path / "opts" / "__init__.py").write_text(
        '"""Options."""\n'
        "from collections import namedtuple\n\n"
        'Options = namedtuple("Options", "mode level depth", defaults=(None, 1))\n'
        'Unread = namedtuple("Unread", "a b", defaults=DEFAULTS)\n',
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    text = "Opts\n====\n\n.. autoclass:: opts.Options\n\n.. autoclass:: opts.Unread\n"
    parsed = parse_file("opts.rst", text, source)
    assert parsed is not None
    assert [s.body.split("\n")[0] for s in parsed.sections[1:]] == [
        "`opts.Options(mode, level=None, depth=1)`",
        "`opts.Unread(a, b)`",
    ]


def test_a_documented_named_tuple_is_a_class_with_that_docstring(tmp_path: Path) -> None:
    # ndcube 2.0.3's ndcube.utils.sequence: 'SequenceItem = namedtuple("SequenceItem",
    # "sequence_index cube_item")' then a docstring; automodapi lists it under Classes, as
    # autodoc shows it, with that docstring. It read as an attribute and was left out.
    (tmp_path / "cubes").mkdir()
    (tmp_path / "cubes" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "cubes" / "sequence.py").write_text(
        '"""Utilities for sequences."""\n'
        "from collections import namedtuple\n\n"
        "__all__ = ['SequenceItem']\n\n"
        'SequenceItem = namedtuple("SequenceItem", "sequence_index cube_item")\n'
        '"""\nA named tuple of length 2: an index in the sequence and a cube\'s item.\n"""\n',
        encoding="utf-8",
    )
    text = "Cubes\n=====\n\n.. automodapi:: cubes.sequence\n"
    parsed = parse_file("cubes.rst", text, package_source(tmp_path))
    assert parsed is not None
    doc = "A named tuple of length 2: an index in the sequence and a cube's item."
    assert [(s.heading, s.body) for s in parsed.sections[1:3]] == [
        ("cubes.sequence Module", f"Utilities for sequences.\n\nClasses:\n- `SequenceItem`: {doc}"),
        (
            "cubes.sequence.SequenceItem",
            "`cubes.sequence.SequenceItem(sequence_index, cube_item)`\n\nBases: `tuple`\n\n"
            f"{doc}\n\nAttributes:\n- `sequence_index`: Alias for field number 0\n"
            "- `cube_item`: Alias for field number 1",
        ),
    ]
