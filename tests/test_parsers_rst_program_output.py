"""sphinxcontrib-programoutput's directives asking the project's own command for its help."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.includes import IncludeReader, include_root
from builder.model import ParsedFile
from builder.parsers import parse_file

CODE = '''import click


@click.group()
def cli():
    """Manage the kit."""


@cli.command()
@click.option("--force", is_flag=True, help="Even if it conflicts.")
def sync(force):
    """Synchronize the environment."""
'''


PYPROJECT = '[project]\nname = "kit"\n\n[project.scripts]\nkit = "kit.cli:cli"\n'


def _parse(
    tmp_path: Path, text: str, relpath: str = "cli.rst", pyproject: str = PYPROJECT
) -> ParsedFile:
    (tmp_path / "docs").mkdir()
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "kit" / "cli.py").write_text(CODE, encoding="utf-8")
    (tmp_path / "pyproject.toml").write_text(pyproject, encoding="utf-8")
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    reader = IncludeReader(include_root(tmp_path / "docs", None, None))
    parsed = parse_file(relpath, text, api, includes=reader)
    assert parsed is not None
    return parsed


def _reparse(tmp_path: Path, text: str) -> ParsedFile:
    """``text`` parsed in the project ``_parse`` wrote, as it stands now."""
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    reader = IncludeReader(include_root(tmp_path / "docs", None, None))
    parsed = parse_file("cli.rst", text, api, includes=reader)
    assert parsed is not None
    return parsed


def test_a_projects_command_asked_for_its_help_shows_it(tmp_path: Path) -> None:
    # pip-tools 7.7.0: its pip-compile and pip-sync reference pages are "{program-output}
    # pip-compile --help", output Sphinx gets by running it; each page was the command line.
    text = "Sync\n====\n\n.. program-output:: kit sync --help\n"
    parsed = _parse(tmp_path, text)
    assert [(s.heading, s.body) for s in parsed.sections] == [
        (
            "Sync",
            "Synchronize the environment.\n\nUsage:\n```shell\nkit sync [OPTIONS]\n```\n\n"
            "Options:\n- `--force`: Even if it conflicts.\n"
            "- `--help`: Show this message and exit.",
        )
    ]
    assert parsed.warnings == ()


def test_a_myst_command_output_of_a_group_lists_its_commands(tmp_path: Path) -> None:
    parsed = _parse(tmp_path, "# Kit\n\n```{command-output} kit -h\n```\n", "kit.md")
    assert "Commands:\n- `sync`: Synchronize the environment." in parsed.sections[0].body


def test_python_dash_m_of_a_module_a_script_runs_shows_its_help(tmp_path: Path) -> None:
    # python-can 4.6.1's scripts page asks "python -m can.player -h" of the module its
    # can_player script runs; the command line was all the section held.
    text = "Sync\n====\n\n.. command-output:: python3 -m kit.cli sync -h\n   :shell:\n"
    parsed = _parse(tmp_path, text)
    assert parsed.sections[0].body.startswith(
        "Synchronize the environment.\n\nUsage:\n```shell\npython3 -m kit.cli sync [OPTIONS]"
    )
    # A module no script runs is read at its main(), as "python -m" runs it.
    main = "import argparse\n\ndef main():\n    p = argparse.ArgumentParser(description='Go.')\n"
    main += "    p.add_argument('--fast', help='Quickly.')\n    p.parse_args()\n"
    (tmp_path / "kit" / "run.py").write_text(main, encoding="utf-8")
    parsed = _reparse(tmp_path, "Go\n==\n\n.. program-output:: python -m kit.run -h\n")
    assert "Go.\n\nUsage:\n```shell\npython -m kit.run [OPTIONS]" in parsed.sections[0].body
    assert "`--fast <fast>`: Quickly." in parsed.sections[0].body


def test_another_command_stays_as_written(tmp_path: Path) -> None:
    parsed = _parse(tmp_path, "Version\n=======\n\n.. program-output:: python -V\n")
    assert "Usage:" not in parsed.sections[0].body


def test_a_pyproject_nested_too_deep_for_tomllib_leaves_setup_cfgs_scripts(
    tmp_path: Path,
) -> None:
    # tomllib reads nested arrays by recursing: 100,000 of them raised RecursionError out of
    # the directive, and the page was skipped as a parser error.
    (tmp_path / "setup.cfg").write_text(
        "[options.entry_points]\nconsole_scripts =\n    kit = kit.cli:cli\n", encoding="utf-8"
    )
    text = "Sync\n====\n\n.. program-output:: kit sync --help\n"
    parsed = _parse(tmp_path, text, pyproject="a = " + "[" * 100_000 + "\n")
    assert "- `--force`: Even if it conflicts." in parsed.sections[0].body
