"""builder.api.attrs_classes: the __init__ attrs writes, read from the class body."""

from __future__ import annotations

from pathlib import Path

from tests.api_support import package_source


def _signature(tmp_path: Path, code: str, path: str) -> str:
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(code, encoding="utf-8")
    found = package_source(tmp_path).find(path)
    assert found is not None
    return found.signature


def test_an_attr_ib_type_annotates_its_parameter(tmp_path: Path) -> None:
    # attrs 26.1: 'Classic(x: int, y: List[int] = None)'; it read 'Classic(x, y=None)'.
    code = (
        "import attr\n"
        "@attr.s\n"
        "class Classic:\n"
        "    x = attr.ib(type=int)\n"
        "    y = attr.ib(type='List[int]', default=None)\n"
    )
    assert _signature(tmp_path, code, "box.Classic") == "Classic(x: int, y: List[int] = None)"
