"""builder.api.unpacked_names: names bound by unpacking a tuple, as attributes."""

from __future__ import annotations

from pathlib import Path

from builder.parsers import parse_file
from tests.api_support import package_source


def test_names_bound_by_unpacking_are_attributes_with_their_values(tmp_path: Path) -> None:
    # websockets' frames.Opcode ("CONT, TEXT, BINARY = 0x00, 0x01, 0x02") and protocol.Side
    # ("SERVER, CLIENT = range(2)"): autoattribute found none of them, :members: missed them.
    (tmp_path / "wire").mkdir()
    (tmp_path / "wire" / "__init__.py").write_text(
        "import enum\n\n\n"
        "class Opcode(enum.IntEnum):\n"
        '    """Opcode values."""\n\n'
        "    CONT, TEXT = 0x00, 0x01\n"
        "    CLOSE = 0x08\n\n\n"
        "SERVER, CLIENT = range(2)\n"
        "first, *rest = [1, 2]\n",
        encoding="utf-8",
    )
    source = package_source(tmp_path)
    text = (
        "Wire\n====\n\n.. autoattribute:: wire.Opcode.TEXT\n\n"
        ".. autoclass:: wire.Opcode\n   :members:\n   :undoc-members:\n\n"
        ".. autodata:: wire.CLIENT\n"
    )
    parsed = parse_file("wire.rst", text, source)
    assert parsed is not None
    assert not parsed.warnings
    assert [(s.heading, s.body) for s in parsed.sections[1:]] == [
        ("wire.Opcode.TEXT", "`wire.Opcode.TEXT = 1`"),
        (
            "wire.Opcode",
            "`wire.Opcode()`\n\nOpcode values.\n\nMembers without a description:\n"
            "- `CLOSE = 8`\n- `CONT = 0`\n- `TEXT = 1`",
        ),
        ("wire.CLIENT", "`wire.CLIENT`"),
    ]
    assert source.find("wire.first") is None and source.find("wire.rest") is None
