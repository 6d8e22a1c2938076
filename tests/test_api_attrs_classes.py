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


def test_an_attrs_class_whose_metaclass_defines_call_gets_no_written_init(
    tmp_path: Path,
) -> None:
    # trio 0.35.0's Task, TrioToken and memory channels (metaclass=NoPublicConstructor, whose
    # __call__ raises) showed their fields as if they could be made by calling the class.
    code = (
        "from attrs import define\n"
        "class NoPublicConstructor(type):\n"
        "    def __call__(cls, *args: object, **kwargs: object) -> None:\n"
        "        raise TypeError\n"
        "@define\n"
        "class Token(metaclass=NoPublicConstructor):\n"
        "    queue: list\n"
    )
    assert _signature(tmp_path, code, "box.Token") == "Token()"
