"""sphinx-click's ``.. click::`` directive, filled from a click program's code read statically."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.model import ParsedFile
from builder.parsers import parse_file

CLI = '''"""The tool's command line."""
import click

from tool.cli.publish import publish
from tool.extra import serve


@click.group()
@click.option("--version", is_flag=True, help="Show the version.")
def main():
    """
    \\b
     ,_,
    (o.o)

    Build and manage books.
    """


@main.command()
@click.argument("path-source", type=click.Path(exists=True))
@click.option("--builder", default="html", help="Which builder to use.")
@click.option("-a", "--all", "all_", is_flag=True, help="Re-build all pages.")
@click.option("-v", "--verbose", count=True, help="Say more.")
@click.option("--tag", multiple=True, envvar="TOOL_TAGS", required=True, help=_("Tags."))
def build(path_source, builder, all_, verbose, tag):
    """Convert your book to HTML.

    \\b
    Keeps its lines.
    \\f
    Internal notes, not shown.
    """


@main.group()
def config():
    """Inspect the configuration."""


@config.command(name="show")
@click.argument("path", required=False)
def show_config(path):
    """Print it."""


main.add_command(serve, "run-server")
main.add_command(publish)
'''

# A subpackage named as the command it defines (hatch.cli.build's build).
PUBLISH = """import click


@click.command(short_help="Publish the book.")
def publish():
    pass
"""

# MkDocs' own __main__.py names its help texts: help=port_help.
EXTRA = '''import click

port_help = (
    "Where to listen."
)
host_help = f"Not a literal {port_help}."
reload_help: str = "Reload on changes."
strict_help: Final = _("Stop at the first warning.")


@click.command()
@click.option("--port", default=DEFAULT_PORT, help=port_help)
@click.option("--host", help=host_help)
@click.option("--reload", is_flag=True, help=reload_help)
@click.option("--strict", is_flag=True, help=strict_help)
def serve(port):
    """Serve the book."""
'''


def _parse(tmp_path: Path, text: str, relpath: str = "cli.rst") -> ParsedFile:
    (tmp_path / "tool" / "cli" / "publish").mkdir(parents=True)
    (tmp_path / "tool" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "tool" / "cli" / "__init__.py").write_text(CLI, encoding="utf-8")
    (tmp_path / "tool" / "cli" / "publish" / "__init__.py").write_text(PUBLISH, encoding="utf-8")
    (tmp_path / "tool" / "extra.py").write_text(EXTRA, encoding="utf-8")
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parsed = parse_file(relpath, text, api)
    assert parsed is not None
    return parsed


def test_a_group_nested_full_is_a_section_per_command(tmp_path: Path) -> None:
    # jupyter-book 1.0.4's CLI reference ({eval-rst} .. click:: ... :nested: full) was empty.
    parsed = _parse(
        tmp_path, "CLI\n===\n\n.. click:: tool.cli:main\n   :prog: jb\n   :nested: full\n"
    )
    outline = [(s.heading, s.heading_path) for s in parsed.sections]
    assert outline == [
        ("CLI", ()),
        ("jb", ("CLI",)),
        ("jb build", ("CLI", "jb")),
        ("jb config", ("CLI", "jb")),
        ("jb config show", ("CLI", "jb", "jb config")),
        ("jb publish", ("CLI", "jb")),
        ("jb run-server", ("CLI", "jb")),
    ]
    _, main, build, _, show, publish, serve = parsed.sections
    assert main.body == (
        ",_,\n(o.o)\n\nBuild and manage books.\n\n"
        "Usage:\n```shell\njb [OPTIONS] COMMAND [ARGS]...\n```\n\n"
        "Options:\n- `--version`: Show the version.\n- `--help`: Show this message and exit."
    )
    assert build.body == (
        "Convert your book to HTML.\n\nKeeps its lines.\n\n"
        "Usage:\n```shell\njb build [OPTIONS] PATH_SOURCE\n```\n\n"
        "Options:\n"
        "- `--builder <builder>`: Which builder to use. (default: html)\n"
        "- `-a, --all`: Re-build all pages.\n"
        "- `-v, --verbose`: Say more.\n"
        "- `--tag <tag>`: Tags. (required; can be given more than once;"
        " environment variable: TOOL_TAGS)\n"
        "- `--help`: Show this message and exit.\n\n"
        "Arguments:\n- `PATH_SOURCE`: Required argument"
    )
    assert "[PATH]" in show.body and "Optional argument" in show.body
    assert publish.body.startswith("Publish the book.\n\nUsage:")  # short_help, no docstring
    assert "- `--port <port>`: Where to listen. (default: DEFAULT_PORT)" in serve.body
    assert "- `--host <host>`\n" in serve.body  # a name for no literal string shows no help


def test_an_annotated_module_string_is_a_help_text(tmp_path: Path) -> None:
    # "reload_help: str = ..." at a module's top level was read as no help at all, where
    # "reload_help = ..." was read.
    parsed = _parse(tmp_path, "Serve\n=====\n\n.. click:: tool.extra:serve\n   :prog: serve\n")
    body = parsed.sections[-1].body
    assert "- `--reload`: Reload on changes.\n" in body
    assert "- `--strict`: Stop at the first warning.\n" in body


def test_nested_short_lists_the_subcommands_and_a_missing_command_warns(tmp_path: Path) -> None:
    text = "# CLI\n\n```{eval-rst}\n.. click:: tool.cli:main\n\n.. click:: tool.cli:nothing\n```\n"
    parsed = _parse(tmp_path, text, "cli.md")
    assert [s.heading for s in parsed.sections] == ["CLI", "main"]
    assert parsed.sections[1].body.endswith(
        "Commands:\n- `build`: Convert your book to HTML.\n"
        "- `config`: Inspect the configuration.\n- `publish`: Publish the book.\n"
        "- `run-server`: Serve the book."
    )
    assert [w.message for w in parsed.warnings] == [
        f"click tool.cli:nothing: no click command in the code in {tmp_path}"
    ]


def test_an_mkdocs_click_block_shows_every_subcommand(tmp_path: Path) -> None:
    # hatch-style MkDocs pages: "::: mkdocs-click" with ":module:" and ":command:" lines.
    text = (
        "# CLI\n\n::: mkdocs-click\n    :module: tool.cli\n    :command: main\n"
        "    :prog_name: jb\n    :remove_ascii_art: true\n"
    )
    parsed = _parse(tmp_path, text, "cli.md")
    assert [(s.heading, s.heading_path) for s in parsed.sections] == [
        ("CLI", ()),
        ("jb", ("CLI",)),
        ("jb build", ("CLI", "jb")),
        ("jb config", ("CLI", "jb")),
        ("jb config show", ("CLI", "jb", "jb config")),
        ("jb publish", ("CLI", "jb")),
        ("jb run-server", ("CLI", "jb")),
    ]
    # The logo (a \\b paragraph) is left out with remove_ascii_art.
    assert parsed.sections[1].body.startswith("Build and manage books.\n\nUsage:")


def test_a_lazy_groups_subcommands_are_the_commands_it_names(tmp_path: Path) -> None:
    # kedro's CLI (click's LazyGroup, "lazy_subcommands"): its commands reference showed
    # "kedro" with --help alone, none of the commands the group loads when asked for them.
    (tmp_path / "lazy").mkdir()
    (tmp_path / "lazy" / "__init__.py").write_text(
        "import click\n\n\n@click.group(cls=LazyGroup, name='kedro', lazy_subcommands={\n"
        "    'new': 'lazy.starters.new', 'run': 'lazy.project:run_pipeline',\n"
        "    'gone': 'lazy.nothing'})\n"
        'def commands():\n    """Kedro."""\n',
        encoding="utf-8",
    )
    (tmp_path / "lazy" / "starters.py").write_text(
        'import click\n\n\n@click.command()\ndef new():\n    """Make a project."""\n', "utf-8"
    )
    (tmp_path / "lazy" / "project.py").write_text(
        'import click\n\n\n@click.command(name="run")\n@click.option("--env")\n'
        'def run_pipeline(env):\n    """Run a pipeline."""\n',
        "utf-8",
    )
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parsed = parse_file(
        "cli.md", "# CLI\n\n::: mkdocs-click\n    :module: lazy\n    :command: commands\n", api
    )
    assert parsed is not None
    assert [(s.heading, s.body.split("\n")[0]) for s in parsed.sections[1:]] == [
        ("kedro", "Kedro."),
        ("kedro new", "Make a project."),
        ("kedro run", "Run a pipeline."),
    ]


def _groups_adding_each_other(tmp_path: Path, count: int) -> GriffeSource:
    names = [f"g{i}" for i in range(count)]
    source = "import click\n\n"
    source += "".join(f'@click.group()\ndef {n}():\n    """{n} help"""\n\n\n' for n in names)
    source += "".join(f"{a}.add_command({b})\n" for a in names for b in names)
    (tmp_path / "cyc").mkdir()
    (tmp_path / "cyc" / "__init__.py").write_text(source, encoding="utf-8")
    return GriffeSource(tmp_path, ApiSettings(), str(tmp_path))


def test_groups_that_add_each_other_are_read_once_per_path(tmp_path: Path) -> None:
    # g0 and g1 each adding both: every path 8 deep was read, 510 sections; five such groups
    # gave 488,282 sections (64 MB) in 226 s.
    api = _groups_adding_each_other(tmp_path, 2)
    parsed = parse_file("cli.rst", "CLI\n===\n\n.. click:: cyc:g0\n   :nested: full\n", api)
    assert [s.heading for s in parsed.sections] == ["CLI", "g0", "g0 g1"]


def test_a_tree_of_commands_is_read_up_to_a_bound(tmp_path: Path) -> None:
    """Seven groups each adding all seven have 1,957 paths without repeats (7^8 with them):
    the tree stops at MAX_COMMANDS. The subprocess's timeout guards against the hang it was;
    it is not a timing."""
    script = (
        "import sys; from pathlib import Path; "
        "from builder.api.cli_commands import MAX_COMMANDS; "
        "from builder.parsers import parse_file; "
        "from tests.test_parsers_rst_click import _groups_adding_each_other as groups; "
        "api = groups(Path(sys.argv[1]), 7); "
        "parsed = parse_file('cli.rst', '.. click:: cyc:g0\\n   :nested: full\\n', api); "
        "print(len(parsed.sections), MAX_COMMANDS)"
    )
    done = subprocess.run(
        [sys.executable, "-c", script, str(tmp_path)],
        capture_output=True, text=True, timeout=300, check=True, cwd=Path(__file__).parent.parent,
    )  # fmt: skip
    sections, bound = map(int, done.stdout.split())
    assert 100 < sections <= bound


MARKUP = '''import click


@click.command()
@click.option("--env", help="The :envvar:`APP_ENV` to use, see [envs](#envs).")
def run():
    """Run a command, as [`env run`](#env-run) does.

    ```toml tab="pyproject.toml"
    [tool.app]
    ```

    !!! note
        Inclusions are an intersection.

    .. note::
       Exclusions are a union, see :func:`app.select`.
    """
'''


def test_help_texts_are_read_as_the_pages_markup(tmp_path: Path) -> None:
    # hatch 1.18.2's CLI reference (mkdocs-click): a command's help kept "!!! note" and the
    # fence's 'tab="pyproject.toml"', which mkdocs-click's page renders as a note and code.
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text(MARKUP, encoding="utf-8")
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    markdown = parse_file("cli.md", "# CLI\n\n::: mkdocs-click\n    :module: app\n"
                          "    :command: run\n", api)  # fmt: skip
    rest = parse_file("cli.rst", "CLI\n===\n\n.. click:: app:run\n", api)
    assert markdown is not None and rest is not None
    run_md, run_rst = markdown.sections[1].body, rest.sections[1].body
    assert run_md.startswith(
        "Run a command, as `env run` does.\n\n```toml\n[tool.app]\n```\n\n"
        "Note: Inclusions are an intersection.\n\n"
    )
    assert "- `--env <env>`: The `APP_ENV` to use, see envs.\n" in run_md
    # sphinx-click reads the same help as reST: the directive and the role are read.
    assert "\n\nNote: Exclusions are a union, see `app.select`.\n\nUsage:" in run_rst
    assert "- `--env <env>`: The `APP_ENV` to use, see [envs](#envs).\n" in run_rst


def test_options_kept_in_variables_of_another_module_are_read(tmp_path: Path) -> None:
    # pip-tools 7.7.0: pip-compile's 47 options are `@options.color` and the like, each a
    # `color = click.option(...)` of piptools.scripts.options; the command showed --help alone.
    (tmp_path / "kit" / "scripts").mkdir(parents=True)
    (tmp_path / "kit" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "kit" / "scripts" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "kit" / "scripts" / "options.py").write_text(
        'import click\n\ncolor_help = "Force colours."\n'
        'color = click.option("--color/--no-color", default=None, help=color_help)\n'
        'verbose = click.option("-v", "--verbose", count=True, help="Show more output")\n'
        'version = click.version_option(package_name="kit")\n'
        "def help_option(*, epilog=None):\n    return click.help_option()\n",
        encoding="utf-8",
    )
    (tmp_path / "kit" / "scripts" / "compile.py").write_text(
        "import click\n\nfrom . import options\nfrom .options import verbose\n\n"
        'quiet = click.option("-q", "--quiet", is_flag=True, help="Say less.")\n\n\n'
        '@click.command(name="kit-compile")\n@options.help_option(epilog="After.")\n'
        "@options.version\n@options.color\n@verbose\n@quiet\n@click.pass_context\n"
        "def cli(ctx, color, verbose, quiet):\n"
        '    """Compile requirements."""\n',
        encoding="utf-8",
    )
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    text = "CLI\n===\n\n.. click:: kit.scripts.compile:cli\n"
    parsed = parse_file("cli.rst", text, api)
    assert parsed is not None and parsed.warnings == ()
    assert parsed.sections[-1].body == (
        "Compile requirements.\n\nUsage:\n```shell\nkit-compile [OPTIONS]\n```\n\nOptions:\n"
        "- `--version`: Show the version and exit.\n"
        "- `--color, --no-color`: Force colours.\n"
        "- `-v, --verbose`: Show more output\n"
        "- `-q, --quiet`: Say less.\n"
        "- `--help`: Show this message and exit."
    )


def test_an_option_s_metavar_and_choices_are_shown(tmp_path: Path) -> None:
    # sphinx-click 6.2.0's own example: metavar="[FOO]" shows as "--another <FOO>" and a
    # click.Choice's values as its options; both were lost ("--another <another>", and no
    # word of Option1 or Option2). argparse's metavar= and choices= the same (pypa/build's
    # "--outdir PATH").
    (tmp_path / "pick.py").write_text(
        "import argparse\nimport click\n\n\n"
        "@click.command()\n"
        '@click.option("--another", metavar="[FOO]", help="Another option")\n'
        '@click.option("--choice", type=click.Choice(["Option1", "Option2"]), help="Pick.")\n'
        '@click.option("--level", type=click.Choice([1, 2]), metavar="<n>", help="Level.")\n'
        "def cli(another, choice, level):\n"
        '    """A sample command."""\n\n\n'
        "def get_parser():\n"
        '    parser = argparse.ArgumentParser(prog="pick")\n'
        '    parser.add_argument("--outdir", metavar="PATH", help="Where.")\n'
        '    parser.add_argument("--setting", metavar="KEY=[VALUE]", help="A setting.")\n'
        '    parser.add_argument("--installer", choices=("pip", "uv"), help="Installer.")\n'
        "    return parser\n",
        encoding="utf-8",
    )
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    text = ".. click:: pick:cli\n   :prog: pick\n\n.. argparse::\n   :ref: pick.get_parser\n"
    parsed = parse_file("cli.rst", text, api)
    assert parsed is not None and parsed.warnings == ()
    click_page, argparse_page = parsed.sections
    assert click_page.body.endswith(
        "Options:\n"
        "- `--another <FOO>`: Another option\n"
        "- `--choice <choice>`: Pick. (one of: Option1 | Option2)\n"
        "- `--level <n>`: Level. (one of: 1 | 2)\n"
        "- `--help`: Show this message and exit."
    )
    assert argparse_page.body.endswith(
        "- `--outdir <PATH>`: Where.\n"
        "- `--setting <KEY=[VALUE]>`: A setting.\n"
        "- `--installer <installer>`: Installer. (one of: pip | uv)"
    )


def test_a_group_and_a_command_collection_made_as_objects(tmp_path: Path) -> None:
    # sphinx-click 6.2.0's own example: 'main = click.Group(name=..., help=...)' with
    # '@main.command()' functions, and 'cli = click.CommandCollection(sources=[main,
    # helpers])': only decorated functions were read, so "no click command in the code".
    (tmp_path / "coll.py").write_text(
        "import click\n\n"
        'main = click.Group(name="Principal", help="Principal commands.")\n\n\n'
        '@main.command(help="CMD 1")\ndef cmd1():\n    pass\n\n\n'
        "@click.group()\ndef helpers():\n    pass\n\n\n"
        "@helpers.command()\n"
        '@click.option("--user", help="Who.")\n'
        'def cmd2(user):\n    """Helper command."""\n\n\n'
        "cli = click.CommandCollection(\n"
        '    name="cli", sources=[main, helpers, missing], help="General info."\n)\n'
        'loop = click.CommandCollection(name="loop", sources=[loop])\n',
        encoding="utf-8",
    )
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    text = (
        ".. click:: coll:cli\n   :prog: cli\n   :nested: full\n\n"
        ".. click:: coll:main\n   :prog: main\n\n"
        ".. click:: coll:loop\n"
    )
    parsed = parse_file("cli.rst", text, api)
    assert parsed is not None and parsed.warnings == ()
    sections = {s.heading: s.body for s in parsed.sections}
    assert list(sections) == ["cli", "cli cmd1", "cli cmd2", "main", "loop"]
    assert sections["cli"].startswith("General info.\n\nUsage:\n```shell\ncli [OPTIONS] COMMAND")
    assert "- `--user <user>`: Who." in sections["cli cmd2"]
    assert sections["main"].endswith("Commands:\n- `cmd1`: CMD 1")


def test_options_a_decorator_function_puts_on_a_command_are_read(tmp_path: Path) -> None:
    # rsconnect-python 1.29.0: 106 uses of functions such as server_args, which return an
    # inner function under "@click.option(...)" lines; "details" showed --help alone.
    (tmp_path / "kit").mkdir()
    (tmp_path / "kit" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "kit" / "main.py").write_text(
        "import functools\n\nimport click\n\n\n"
        "def server_args(func):\n"
        '    @click.option("--name", "-n", help="The nickname.")\n'
        '    @click.option("--insecure", "-i", is_flag=True, help="Skip TLS checks.")\n'
        "    @functools.wraps(func)\n"
        "    def wrapper(*args, **kwargs):\n"
        "        return func(*args, **kwargs)\n\n"
        "    return wrapper\n\n\n"
        "def unrelated(func):\n"
        "    return func\n\n\n"
        '@click.command(help="Show details.")\n'
        "@server_args\n@unrelated\n"
        '@click.option("--verbose", "-v", count=True, help="Say more.")\n'
        "def details(name, insecure, verbose):\n    pass\n",
        encoding="utf-8",
    )
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parsed = parse_file("cli.rst", "CLI\n===\n\n.. click:: kit.main:details\n", api)
    assert parsed is not None and parsed.warnings == ()
    assert parsed.sections[-1].body.endswith(
        "Options:\n"
        "- `--name, -n <name>`: The nickname.\n"
        "- `--insecure, -i`: Skip TLS checks.\n"
        "- `--verbose, -v`: Say more.\n"
        "- `--help`: Show this message and exit."
    )


def test_collections_of_collections_read_each_source_once(tmp_path: Path) -> None:
    # Each collection naming the next three times read 3**depth groups (30 deep never ended)
    # and listed their commands that many times; click lists a name once, the first source's.
    source = "import click\n\n\n@click.group()\ndef g():\n    pass\n\n\n"
    source += '@g.command(help="First.")\ndef one():\n    pass\n\n\n'
    source += "@click.group()\ndef h():\n    pass\n\n\n"
    source += '@h.command(name="one", help="Second.")\ndef other():\n    pass\n\n\n'
    for i in range(30):
        source += f"c{i} = click.CommandCollection(sources=[c{i + 1}, c{i + 1}, c{i + 1}])\n"
    source += "c30 = click.CommandCollection(sources=[g, h, c0])\n"
    (tmp_path / "coll.py").write_text(source, encoding="utf-8")
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parsed = parse_file("cli.rst", ".. click:: coll:c0\n   :prog: c0\n   :nested: full\n", api)
    assert parsed is not None
    sections = {s.heading: s.body for s in parsed.sections}
    assert list(sections) == ["c0", "c0 one"]
    assert sections["c0 one"].startswith("First.")
