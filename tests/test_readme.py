"""The README cannot drift: its catalog example loads, and every docbuild flag it shows exists."""

import re
import shutil
from pathlib import Path

import click
import orjson

from builder.cli import main
from builder.config import load_catalog

REPO = Path(__file__).parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")
COMPAT = REPO / "examples" / "compat" / "doctrove-demo-index.json"


def test_catalog_example_is_valid(tmp_path: Path) -> None:
    (block,) = re.findall(r"```toml\n(.*?)```", README, re.S)
    (tmp_path / "vendor" / "flask-3.1.0" / "docs").mkdir(parents=True)
    shutil.copy(COMPAT, tmp_path / "vendor" / "doctrove-demo-index.json")
    old = {
        "format": "doctrove-index@1",
        "entries": [
            {
                "id": "flask",
                "name": "Flask",
                "versions": ["2.3.3"],
                "volumes": {"2.3.3": {"sections": []}},
            }
        ],
    }
    (tmp_path / "old-flask-index.json").write_bytes(orjson.dumps(old))
    catalog = tmp_path / "docbuild.toml"
    catalog.write_text(block, encoding="utf-8")
    config = load_catalog(catalog)
    assert [library.id for library in config.libraries] == ["flask"]
    assert [v.version for v in config.libraries[0].versions] == ["3.1.0", "2.3.3"]
    assert config.imports[0].only == ("express", "zod")


def test_every_docbuild_flag_in_the_readme_exists() -> None:
    commands = {name: command for name, command in main.commands.items()}
    shown = re.findall(r"docbuild (\w+)((?: [^\n`#]*)?)", README)
    assert shown
    for name, rest in shown:
        assert name in commands, f"README shows 'docbuild {name}', which does not exist"
        options = {
            opt
            for param in commands[name].params
            if isinstance(param, click.Option)
            for opt in param.opts
        }
        for flag in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", rest):
            assert flag in options, f"README shows 'docbuild {name} ... {flag}'"


def test_every_docclient_flag_in_the_readme_exists() -> None:
    from client.cli import main as docclient

    shown = re.findall(r"docclient (\w+)((?: [^\n`#]*)?)", README)
    assert shown
    for name, rest in shown:
        assert name in docclient.commands, f"README shows 'docclient {name}'"
        options = {
            opt
            for param in docclient.commands[name].params
            if isinstance(param, click.Option)
            for opt in param.opts
        }
        for flag in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", rest):
            assert flag in options, f"README shows 'docclient {name} ... {flag}'"


def test_settings_table_matches_the_code() -> None:
    from client.config import SETTINGS

    for setting in SETTINGS:
        row = f"| {setting.description} | `{setting.flag}` |"
        assert row in README, f"README's settings table lacks or misstates {setting.name}"


def test_every_catalog_key_is_in_the_readme_example() -> None:
    from builder import config

    (block,) = re.findall(r"```toml\n(.*?)```", README, re.S)
    shown = set(re.findall(r"^\s*(\w+)\s*=", block, re.M))
    shown |= set(
        re.findall(r"^\s*\[\[?(?:\w+\.)*(\w+)\]", block, re.M)
    )  # [site], [[libraries.versions]]
    for table in (
        config._SITE_KEYS,
        config._LIBRARY_KEYS,
        config._VERSION_KEYS,
        config._IMPORT_KEYS,
    ):
        missing = set(table) - shown
        assert not missing, f"README's catalog example lacks {sorted(missing)}"
