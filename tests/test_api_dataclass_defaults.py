"""builder.api.signatures: a dataclass's defaults as autodoc reads them from the class at run
time, and as mkdocstrings shows griffe's reading of its source."""

from __future__ import annotations

from pathlib import Path

from builder.api.model import ApiSettings
from builder.api.options import read_conf_settings
from tests.api_support import package_source


def test_a_dataclass_field_s_factory_reads_as_autodoc_shows_it(tmp_path: Path) -> None:
    # Litestar's CORSConfig read 'allow_origins: list[str] = (lambda: ['*'])()' and
    # 'expose_headers: list[str] = list()' on its Sphinx page, where autodoc shows inspect's
    # '<factory>'; mkdocstrings shows griffe's call, as before.
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(
        "from dataclasses import dataclass, field\n"
        "@dataclass\n"
        "class Config:\n"
        "    name: str\n"
        "    origins: list[str] = field(default_factory=lambda: ['*'])\n"
        "    headers: list[str] = field(default_factory=list)\n"
        "    age: int = field(default=int())\n"
        "def f(x: list = list()) -> None: ...\n",
        encoding="utf-8",
    )
    signatures = {}
    for settings in (read_conf_settings("extensions = []\n"), ApiSettings()):
        source = package_source(tmp_path, settings)
        found = [source.find(path) for path in ("box.Config", "box.f")]
        signatures[settings.runtime_defaults] = [f.signature for f in found if f is not None]
    assert signatures[True] == [
        "Config(name: str, origins: list[str] = <factory>, headers: list[str] = <factory>, "
        "age: int = int())",
        "f(x: list = list()) -> None",
    ]
    assert signatures[False] == [
        "Config(name: str, origins: list[str] = (lambda: ['*'])(), headers: list[str] = list(), "
        "age: int = int())",
        "f(x: list = list()) -> None",
    ]


def test_a_dataclass_field_s_value_is_what_autodoc_finds_on_the_class(tmp_path: Path) -> None:
    # Litestar's config attributes read 'exclude: str | None = field(default=None)' (274 of
    # them) and 'allowed_hosts: list[str] = field(default_factory=lambda: ['*'])' on its Sphinx
    # pages; the class holds None for the one, nothing for the other, as autodoc shows them.
    (tmp_path / "box").mkdir()
    (tmp_path / "box" / "__init__.py").write_text(
        "from dataclasses import dataclass, field\n"
        "@dataclass\n"
        "class Config:\n"
        "    exclude: str | None = field(default=None)\n"
        "    hosts: list[str] = field(default_factory=lambda: ['*'])\n"
        "    name: str = field(repr=False)\n"
        "    age: int = 3\n"
        "class Plain:\n"
        "    made: object = field(default=None)\n",
        encoding="utf-8",
    )
    paths = ("Config.exclude", "Config.hosts", "Config.name", "Config.age", "Plain.made")
    signatures = {}
    for settings in (read_conf_settings("extensions = []\n"), ApiSettings()):
        source = package_source(tmp_path, settings)
        found = [source.find(f"box.{path}") for path in paths]
        signatures[settings.runtime_defaults] = [f.signature for f in found if f is not None]
    assert signatures[True] == [
        "exclude: str | None = None",
        "hosts: list[str]",
        "name: str",
        "age: int = 3",
        "made: object = field(default=None)",  # not a dataclass: field() is only a call
    ]
    assert signatures[False] == [
        "exclude: str | None = field(default=None)",
        "hosts: list[str] = field(default_factory=lambda: ['*'])",
        "name: str = field(repr=False)",
        "age: int = 3",
        "made: object = field(default=None)",
    ]
