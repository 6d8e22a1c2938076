"""builder.api.slot_members: the names a class's ``__slots__`` declares, its own or a base's."""

from __future__ import annotations

from pathlib import Path

import griffe

from builder.api.slot_members import slot_names


def test_slots_are_read_from_each_literal_form_and_through_the_bases(tmp_path: Path) -> None:
    (tmp_path / "slotted.py").write_text(
        "import sys\n\n\n"
        "class Pair:\n"
        "    __slots__ = ('left', \"right\", '__weakref__')\n\n\n"
        "class Named(Pair):\n"
        "    pass\n\n\n"
        "class Single:\n"
        "    __slots__ = 'only'\n\n\n"
        "class Described:\n"
        "    __slots__ = {'size': 'How big.', 'weight': None}\n\n\n"
        "class Guarded:\n"
        "    if not hasattr(sys, 'pypy_version_info'):\n"
        "        __slots__ = ['fun', 'args']\n\n\n"
        "class Computed:\n"
        "    __slots__ = tuple(name for name in ('a', 'b'))\n\n\n"
        "class Plain:\n"
        "    pass\n",
        encoding="utf-8",
    )
    module = griffe.load("slotted", search_paths=[tmp_path])
    assert slot_names(module["Pair"]) == {"left", "right", "__weakref__"}
    assert slot_names(module["Named"]) == {"left", "right", "__weakref__"}  # getattr finds them
    assert slot_names(module["Single"]) == {"only"}
    assert slot_names(module["Described"]) == {"size", "weight"}
    assert slot_names(module["Guarded"]) == {"fun", "args"}  # vine's promise, under an if
    assert slot_names(module["Computed"]) == frozenset()
    assert slot_names(module["Plain"]) == frozenset()
