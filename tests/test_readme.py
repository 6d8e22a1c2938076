"""The README cannot drift: its catalog example loads, and every docbuild flag it shows exists."""

import re
import shutil
from pathlib import Path

import click
import orjson

from builder import config as catalog_keys
from builder import extract
from builder.cli import main
from builder.config import load_catalog
from builder.serve.connections import DEFAULT_CLIENT_SHARE, DEFAULT_MAX_CONNECTIONS
from builder.serve.deadline import REQUEST_DEADLINE_SECONDS
from tests.source_support import GUIDE, tagged_repo, tar_member, write_tar

REPO = Path(__file__).parent.parent
README = (REPO / "README.md").read_text(encoding="utf-8")
COMPAT = REPO / "examples" / "compat" / "doctrove-demo-index.json"


def test_catalog_example_is_valid(tmp_path: Path) -> None:
    (block,) = re.findall(r"```toml\n(.*?)```", README, re.S)
    (tmp_path / "vendor" / "flask-3.1.0" / "docs").mkdir(parents=True)
    (tmp_path / "vendor" / "flask-3.1.0" / "src").mkdir()
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
    tagged_repo(tmp_path / "vendor" / "flask", ["3.0.3"])
    tagged_repo(tmp_path / "vendor" / "werkzeug", ["v3.0.0", "v3.1.0", "v3.1.1", "v3.1.2"])
    write_tar(
        tmp_path / "vendor" / "flask-2.2.5.tar.gz",
        [tar_member("flask-2.2.5/docs/index.rst", GUIDE)],
    )
    catalog = tmp_path / "docbuild.toml"
    catalog.write_text(block, encoding="utf-8")
    config = load_catalog(catalog)
    assert [library.id for library in config.libraries] == ["flask", "werkzeug"]
    flask, werkzeug = config.libraries
    assert [v.version for v in flask.versions] == ["3.1.0", "3.0.3", "2.3.3", "2.2.5"]
    assert [v.version for v in werkzeug.versions] == ["3.1.2", "3.1.1", "3.1.0"]
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

    def cell(value: str | None) -> str:
        return f"`{value}`" if value else "—"

    for setting in SETTINGS:
        cells = (cell(setting.flag), cell(setting.env), cell(setting.key), setting.default)
        row = f"| {setting.description} | {' | '.join(cells)} |"
        assert row in README, f"README's settings table lacks or misstates {setting.name}"


def test_serving_limits_match_the_code() -> None:
    text = " ".join(README.split())
    assert f"at most {DEFAULT_MAX_CONNECTIONS} connections" in text
    assert DEFAULT_CLIENT_SHARE == 2
    assert "half of them from one address" in text
    assert f"within {REQUEST_DEADLINE_SECONDS:g} s of its first byte" in text


def test_every_catalog_key_is_shown_in_the_readme() -> None:
    (block,) = re.findall(r"```toml\n(.*?)```", README, re.S)
    shown = set(re.findall(r"(?:^|[{,])\s*(\w+) =", block, re.M))
    shown |= {name.split(".")[-1] for name in re.findall(r"^\s*\[\[?([\w.]+)\]", block, re.M)}
    for table in ("_SITE_KEYS", "_LIBRARY_KEYS", "_VERSION_KEYS", "_IMPORT_KEYS"):
        missing = set(getattr(catalog_keys, table)) - shown
        assert not missing, f"README's catalog example lacks {sorted(missing)} ({table})"


def test_archive_limits_in_the_readme_are_the_code_s() -> None:
    assert f"more than {extract.MAX_ARCHIVE_MEMBERS:,} members" in README
    assert f"more than {extract.MAX_ARCHIVE_BYTES // 1024**3} GiB uncompressed" in README
