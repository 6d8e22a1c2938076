"""builder.api.decorator_placeholders: placeholders a decorator fills in at import time."""

from __future__ import annotations

from pathlib import Path

from tests.api_support import package_source

_DOCTOOLS = (
    "def document(cls):\n"
    '    cls.__doc__ = cls.__doc__.replace("{usage}", make_usage(cls))\n'
    "    return cls\n"
)
_GEOMS = (
    "import dataclasses\n"
    "from geoms.doctools import document\n\n\n"
    "@document\n"
    "class geom_point:\n"
    '    """\n    Plot points\n\n    {usage}\n\n    Keeps {usage} in a line of text, and\n\n'
    '    {other}\n    """\n\n\n'
    "class stat_density_2d:\n"
    '    """\n    Undecorated\n\n    {usage}\n    """\n\n\n'
    "@dataclasses.dataclass\n"
    "class Point:\n"
    '    """\n    A dataclass\n\n    {usage}\n    """\n'
)


def test_a_placeholder_line_a_package_decorator_fills_is_left_out(tmp_path: Path) -> None:
    # plotnine 0.15.9: 65 geoms and stats opened with '{usage}', which @document replaces
    # with a signature computed at import; stat_density_2d, undecorated, shows it as its site
    # does, and so does a class whose decorators are not the package's.
    (tmp_path / "geoms").mkdir()
    (tmp_path / "geoms" / "__init__.py").write_text(_GEOMS, encoding="utf-8")
    (tmp_path / "geoms" / "doctools.py").write_text(_DOCTOOLS, encoding="utf-8")
    source = package_source(tmp_path)
    texts = {}
    for name in ("geom_point", "stat_density_2d", "Point"):
        found = source.find(f"geoms.{name}")
        assert found is not None
        texts[name] = "\n\n".join(part.text for part in found.doc)
    assert texts["geom_point"] == "Plot points\n\nKeeps {usage} in a line of text, and\n\n{other}"
    assert texts["stat_density_2d"] == "Undecorated\n\n{usage}"
    assert texts["Point"] == "A dataclass\n\n{usage}"
