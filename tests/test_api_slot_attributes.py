"""builder.api.slot_attributes: the names a class's own ``__slots__`` declares that griffe
has no member for, as attributes, with a dict ``__slots__``'s docstrings."""

from __future__ import annotations

from pathlib import Path

from builder.parsers import parse_file
from tests.api_support import package_source


def test_slot_names_only_a_tuple_sets_and_dict_slot_docs_are_members(tmp_path: Path) -> None:
    # py-amqp 5.1.1's sasl.PLAIN: __slots__ = ("username", "password"), set only by
    # "self.username, self.password = username, password", which griffe reads as no member;
    # autodoc lists both under :undoc-members:. A dict __slots__ maps a name to its docstring.
    (tmp_path / "sasl").mkdir()
    (tmp_path / "sasl" / "__init__.py").write_text(
        "class PLAIN:\n"
        '    """PLAIN authentication."""\n\n'
        "    def __init__(self, username, password):\n"
        "        self.username, self.password = username, password\n\n"
        '    __slots__ = ("username", "password", "__weakref__")\n\n\n'
        "class Token:\n"
        '    """A token."""\n\n'
        "    __slots__ = {'value': 'The secret it holds.', 'expires': None}\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    text = "SASL\n====\n\n.. automodule:: sasl\n   :members:\n   :undoc-members:\n"
    parsed = parse_file("sasl.rst", text, source)
    assert parsed is not None
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        (
            "sasl.PLAIN",
            "`PLAIN(username, password)`\n\nPLAIN authentication.\n\n"
            "Members without a description:\n- `password`\n- `username`",
        ),
        ("sasl.Token", "`Token()`\n\nA token.\n\nMembers without a description:\n- `expires`"),
        ("sasl.Token.value", "`value`\n\nThe secret it holds."),
    ]
