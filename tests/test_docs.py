"""The walkthroughs under docs/ cannot drift: every command and flag they show exists, the
config file example is accepted key for key, and the README links them."""

from __future__ import annotations

import re
from pathlib import Path

import click
import orjson
import pytest

from builder.cli import main as docbuild
from client.cli import main as docclient
from client.config import SETTINGS, resolve_settings

REPO = Path(__file__).parent.parent
WALKTHROUGHS = ("docs/publishing.md", "docs/config.md")


def _options(command: click.Command) -> set[str]:
    return {
        opt for param in command.params if isinstance(param, click.Option) for opt in param.opts
    }


@pytest.mark.parametrize(
    ("document", "name", "program"),
    [
        ("docs/publishing.md", "docbuild", docbuild),
        ("docs/publishing.md", "docclient", docclient),
        ("docs/config.md", "docclient", docclient),
    ],
)
def test_every_command_and_flag_shown_exists(
    document: str, name: str, program: click.Group
) -> None:
    text = (REPO / document).read_text(encoding="utf-8")
    shown = re.findall(rf"{name} (\w+)((?: [^\n`#]*)?)", text)
    assert shown
    for command, rest in shown:
        assert command in program.commands, f"{document} shows '{name} {command}'"
        for flag in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", rest):
            assert flag in _options(program.commands[command]), f"{document}: {command} {flag}"


def test_the_config_file_example_sets_every_key(tmp_path: Path) -> None:
    text = (REPO / "docs" / "config.md").read_text(encoding="utf-8")
    (block,) = re.findall(r"```json\n(.*?)```", text, re.S)
    config = tmp_path / "doctrove.json"
    config.write_text(block, encoding="utf-8")
    settings = resolve_settings({"config_file": str(config)}, {"HOME": str(tmp_path)})
    assert set(orjson.loads(block)) == {s.key for s in SETTINGS if s.key}
    assert settings.index_urls == (
        "https://docs.internal.example/",
        "https://your-org.github.io/docs/",
    )
    assert settings.local_index == tmp_path / "vendor" / "doctrove-site"
    assert settings.rewrite == "auto" and settings.debug is False


def test_the_readme_links_the_walkthroughs() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    for document in WALKTHROUGHS:
        assert f"]({document})" in readme
