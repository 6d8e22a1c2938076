"""sphinx-argparse's ``.. argparse::`` directive, filled from the parser a function builds."""

from __future__ import annotations

from pathlib import Path

from builder.api.argparse_parsers import filled_help
from builder.api.cli_commands import CliCommand, CliParam
from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.includes import IncludeReader, include_root
from builder.model import ParsedFile
from builder.parsers import parse_file
from builder.parsers.rst.argparse_content import content_as_written
from builder.parsers.rst.parser import parse

CODE = '''"""The tool's command line."""
import argparse

PARSER = argparse.ArgumentParser(prog="tool", description="Module-level parser.")
PARSER.add_argument("--fast", action="store_true", help="Go fast.")


def get_parser():
    common = argparse.ArgumentParser(add_help=False)
    common.add_argument("--no-color", action="store_true", help="No colours.")
    parser = argparse.ArgumentParser(prog="pystack", description="Inspect a process.")
    parser.add_argument("-v", "--verbose", action="count", default=0, help="Say more.")
    output = parser.add_argument_group("output")
    output.add_argument("--format", default="text", help="How to print it.")
    commands = parser.add_subparsers(dest="command")
    remote = commands.add_parser("remote", help="Inspect a running process.", parents=[common])
    remote.add_argument("pid", type=int, help="The process id.")
    remote.add_argument("--native", action="store_true", help="Show native frames.")
    if True:
        core = commands.add_parser("core", description="Inspect a core file.")
        core.add_argument("core", help="The core file.")
        core.add_argument("executable", nargs="?", help="The program.")

    def helper():
        ignored = argparse.ArgumentParser(prog="other")

    return parser
'''


def _parse(tmp_path: Path, text: str) -> ParsedFile:
    (tmp_path / "tool").mkdir()
    (tmp_path / "tool" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "tool" / "cli.py").write_text(CODE, encoding="utf-8")
    parsed = parse_file("cli.rst", text, GriffeSource(tmp_path, ApiSettings(), str(tmp_path)))
    assert parsed is not None
    return parsed


def test_a_parser_and_its_subcommands_are_sections(tmp_path: Path) -> None:
    # pystack and PyFHD document their command lines so (.. argparse:: :ref: ...); it was an
    # unknown directive, so the page had no options at all.
    parsed = _parse(tmp_path, "CLI\n===\n\n.. argparse::\n   :ref: tool.cli.get_parser\n")
    outline = [(s.heading, s.heading_path) for s in parsed.sections]
    assert outline == [
        ("CLI", ()),
        ("pystack", ("CLI",)),
        ("output", ("CLI", "pystack")),  # an argument group, headed as sphinx-argparse does
        ("pystack remote", ("CLI", "pystack")),
        ("pystack core", ("CLI", "pystack")),
    ]
    _, main, output, remote, core = parsed.sections
    assert main.body == (
        "Inspect a process.\n\n"
        "Usage:\n```shell\npystack [OPTIONS] COMMAND [ARGS]...\n```\n\n"
        "Options:\n"
        "- `-h, --help`: show this help message and exit\n"
        "- `-v, --verbose`: Say more. (default: 0)"
    )
    assert output.body == "- `--format <format>`: How to print it. (default: text)"
    # pystack's first parser is only its subcommands' parents=: the returned one is the root.
    assert "- `--no-color`: No colours.\n- `--native`: Show native frames." in remote.body
    assert "- `PID`: The process id." in remote.body
    assert core.body.startswith("Inspect a core file.\n\nUsage:\n```shell\n")
    assert "pystack core [OPTIONS] CORE [EXECUTABLE]" in core.body


def test_module_func_path_and_a_module_level_parser(tmp_path: Path) -> None:
    text = (
        ".. argparse::\n   :module: tool.cli\n   :func: get_parser\n   :path: core\n"
        "   :nodescription:\n\n"
        ".. argparse::\n   :module: tool.cli\n   :func: PARSER\n   :nosubcommands:\n\n"
        ".. argparse::\n   :ref: tool.cli.missing\n\n"
        ".. argparse::\n   :ref: tool.cli.get_parser\n   :path: nothing\n"
    )
    parsed = _parse(tmp_path, text)
    assert [s.heading for s in parsed.sections] == ["pystack core", "tool"]
    assert parsed.sections[0].body.startswith("Usage:")
    assert "- `--fast`: Go fast." in parsed.sections[1].body
    assert [w.message for w in parsed.warnings] == [
        f"argparse tool.cli.missing: no argparse parser in the code in {tmp_path}",
        "argparse tool.cli.get_parser: no subcommand 'nothing' in the code",
    ]


def test_an_argument_parents_repeat_is_shown_once(tmp_path: Path) -> None:
    # Each parents=[p, p] doubled the list: 20 such lines gave 1,048,576 options (15.7 MB of
    # text, 6.6 s) and 30 would not fit in memory; here 3 (8 copies). argparse refuses the
    # conflict, so the option is once.
    lines = ["import argparse", "", "", "def make():"]
    lines += ["    p0 = argparse.ArgumentParser(add_help=False)", "    p0.add_argument('--x')"]
    lines += [
        f"    p{i} = argparse.ArgumentParser(parents=[p{i - 1}, p{i - 1}], add_help=False)"
        for i in range(1, 4)
    ]
    lines.append("    return p3")
    (tmp_path / "twice.py").write_text("\n".join(lines) + "\n", encoding="utf-8")
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parsed = parse_file("cli.rst", ".. argparse::\n   :ref: twice.make\n", api)
    assert parsed is not None
    assert "\n".join(s.body for s in parsed.sections).count("`--x <x>`") == 1


def test_sphinx_argparse_cli_and_autoprogram_name_a_parser_as_argparse_does(tmp_path: Path) -> None:
    # pypa/build 1.2.1 documents 'python -m build' with '.. sphinx_argparse_cli::' (:module:,
    # :func:, :prog:), others with sphinxcontrib-autoprogram's '.. autoprogram:: module:parser';
    # both were unknown directives, and the command line's options were nowhere.
    text = (
        "CLI\n===\n\n"
        ".. sphinx_argparse_cli::\n   :module: tool.cli\n   :func: get_parser\n"
        "   :prog: python -m pystack\n\n"
        ".. autoprogram:: tool.cli:get_parser()\n   :start_command: core\n\n"
        ".. autoprogram:: tool.cli:PARSER\n"
    )
    parsed = _parse(tmp_path, text)
    assert [s.heading for s in parsed.sections] == [
        "CLI",
        "python -m pystack",
        "output",
        "python -m pystack remote",
        "python -m pystack core",
        "pystack core",
        "tool",
    ]
    assert "- `-v, --verbose`: Say more. (default: 0)" in parsed.sections[1].body
    assert "- `--fast`: Go fast." in parsed.sections[6].body
    assert parsed.warnings == ()


def test_a_parser_assigned_with_an_annotation_is_read(tmp_path: Path) -> None:
    # "parser: argparse.ArgumentParser = argparse.ArgumentParser(...)", as typed code writes
    # it, was no assignment to the reader: "no argparse parser in the code".
    code = (
        "import argparse\n\n\ndef get_parser() -> argparse.ArgumentParser:\n"
        '    parser: argparse.ArgumentParser = argparse.ArgumentParser(prog="tool")\n'
        '    parser.add_argument("--fast", action="store_true", help="Go fast.")\n'
        '    commands: argparse._SubParsersAction = parser.add_subparsers(dest="command")\n'
        '    run: argparse.ArgumentParser = commands.add_parser("run", help="Run it.")\n'
        '    run.add_argument("--twice", action="store_true", help="Twice.")\n'
        "    return parser\n"
    )
    (tmp_path / "typed").mkdir()
    (tmp_path / "typed" / "__init__.py").write_text(code, encoding="utf-8")
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parsed = parse_file("cli.rst", "CLI\n===\n\n.. argparse::\n   :ref: typed.get_parser\n", api)
    assert parsed is not None and parsed.warnings == ()
    _, tool, run = parsed.sections
    assert (tool.heading, run.heading) == ("tool", "tool run")
    assert "- `--fast`: Go fast." in tool.body and "- `--twice`: Twice." in run.body


def test_options_a_helper_function_adds_are_the_subcommands(tmp_path: Path) -> None:
    # tmuxp 1.76.0: create_parser passes each subparser to a create_*_subparser function of
    # another module (imported) or its own, which adds the options; every subcommand showed
    # only -h, and `:path: import teamocil`, a subcommand a helper adds, was not found.
    (tmp_path / "tmx").mkdir()
    (tmp_path / "tmx" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "tmx" / "load.py").write_text(
        "def create_load_subparser(parser):\n"
        '    parser.add_argument("-L", dest="socket_name", help="Socket name.")\n'
        '    parser.add_argument("-2", dest="colors", action="store_const", const=256,\n'
        '                        help="256 colours.")\n'
        '    parser.add_argument(dest="workspace_files", nargs="+", help="Files to load.")\n'
        "    add_logging(parser=parser)\n"
        "    return parser\n\n\n"
        "def add_logging(parser):\n"
        '    parser.add_argument("--log-file", help="Where to log.")\n',
        encoding="utf-8",
    )
    (tmp_path / "tmx" / "cli.py").write_text(
        "import argparse\nfrom .load import create_load_subparser\n\n\n"
        "def create_import_subparser(parser):\n"
        "    sub = parser.add_subparsers()\n"
        '    teamocil = sub.add_parser("teamocil", help="From teamocil.")\n'
        '    teamocil.add_argument("--yes", action="store_true", help="Always yes.")\n\n\n'
        "def create_parser():\n"
        '    parser = argparse.ArgumentParser(prog="tmx")\n'
        "    subparsers = parser.add_subparsers()\n"
        '    load = subparsers.add_parser("load", help="Load a session.")\n'
        "    create_load_subparser(load)\n"
        '    imports = subparsers.add_parser("import", help="Import a config.")\n'
        "    create_import_subparser(imports)\n"
        "    return parser\n",
        encoding="utf-8",
    )
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    text = (
        "CLI\n===\n\n.. argparse::\n   :module: tmx.cli\n   :func: create_parser\n\n"
        ".. argparse::\n   :module: tmx.cli\n   :func: create_parser\n"
        "   :path: import teamocil\n"
    )
    parsed = parse_file("cli.rst", text, api)
    assert parsed is not None and parsed.warnings == ()
    sections = {s.heading: s.body for s in parsed.sections}
    assert sections["tmx load"] == (
        "Load a session.\n\nUsage:\n```shell\ntmx load [OPTIONS] WORKSPACE_FILES\n```\n\n"
        "Options:\n- `-h, --help`: show this help message and exit\n"
        "- `-L <socket_name>`: Socket name.\n- `-2`: 256 colours.\n"
        "- `--log-file <log_file>`: Where to log.\n\n"
        "Arguments:\n- `WORKSPACE_FILES`: Files to load."
    )
    assert "- `--yes`: Always yes." in sections["tmx import teamocil"]


def test_a_helper_that_calls_itself_is_read_once_per_parser(tmp_path: Path) -> None:
    # Each call of a helper was read again, down to MAX_HELPER_DEPTH: a helper that calls
    # itself k times on its parser was read k**4 times (k=30: 8 s and 27,931 copies of its
    # option; k=100 a quarter of an hour). A helper is read once for the parsers it is given.
    (tmp_path / "cyc").mkdir()
    (tmp_path / "cyc" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "cyc" / "cli.py").write_text(
        "import argparse\n\n\n"
        "def add(parser):\n"
        '    parser.add_argument("--x", help="X.")\n'
        "    add(parser)\n    add(parser)\n    add(parser)\n    add(parser=parser)\n\n\n"
        "def add_sub(parser):\n"
        '    parser.add_argument("--y", help="Y.")\n\n\n'
        "def get_parser():\n"
        '    parser = argparse.ArgumentParser(prog="cyc")\n'
        "    add(parser)\n"
        "    commands = parser.add_subparsers()\n"
        '    one = commands.add_parser("one", help="One.")\n'
        '    two = commands.add_parser("two", help="Two.")\n'
        "    add_sub(one)\n    add_sub(two)\n"
        "    return parser\n",
        encoding="utf-8",
    )
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    text = "CLI\n===\n\n.. argparse::\n   :module: cyc.cli\n   :func: get_parser\n"
    parsed = parse_file("cli.rst", text, api)
    assert parsed is not None and parsed.warnings == ()
    sections = {s.heading: s.body for s in parsed.sections}
    assert sections["cyc"].count("`--x <x>`") == 1
    assert "`--y <y>`: Y." in sections["cyc one"] and "`--y <y>`: Y." in sections["cyc two"]


def test_a_main_that_calls_the_function_building_the_parser_has_its_parser(
    tmp_path: Path,
) -> None:
    # python-can 4.6.1's scripts: main() calls _parse_logger_args(sys.argv[1:]), which builds
    # the parser; ".. command-output:: python -m can.logger -h" read main() and found none.
    # Functions calling each other in a ring, fanning out, are each read once.
    (tmp_path / "ring").mkdir()
    (tmp_path / "ring" / "__init__.py").write_text("", encoding="utf-8")
    ring = "".join(
        f"def f{i}():\n" + "".join(f"    f{j}()\n" for j in range(30)) + "\n\n" for i in range(30)
    )
    (tmp_path / "ring" / "cli.py").write_text(
        "import argparse\nimport sys\n\n\n" + ring + "def _parse_args(args):\n"
        '    parser = argparse.ArgumentParser(description="Log traffic.")\n'
        '    parser.add_argument("--file", help="Where to.")\n'
        "    return parser.parse_args(args)\n\n\n"
        "def main():\n    print(len(sys.argv))\n    f0()\n"
        "    results = _parse_args(sys.argv[1:])\n",
        encoding="utf-8",
    )
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    text = "CLI\n===\n\n.. argparse::\n   :module: ring.cli\n   :func: main\n   :prog: ring\n"
    parsed = parse_file("cli.rst", text, api)
    assert parsed is not None and parsed.warnings == ()
    body = {s.heading: s.body for s in parsed.sections}["ring"]
    assert body.startswith("Log traffic.\n\nUsage:\n```shell\nring [OPTIONS]\n```")
    assert "- `--file <file>`: Where to." in body
    text = "CLI\n===\n\n.. argparse::\n   :module: ring.cli\n   :func: f0\n"
    parsed = parse_file("cli.rst", text, api)
    assert parsed is not None and "no argparse parser" in parsed.warnings[0].message


def test_a_partial_of_argument_parser_makes_the_parser(tmp_path: Path) -> None:
    # pypa/build 1.6.1 makes its parser with make_parser = partial(argparse.ArgumentParser,
    # add_help=False, description=...), a partial of that partial under an `if`, then
    # make_parser(): "no argparse parser in the code", and the CLI page had no options.
    (tmp_path / "pbuild.py").write_text(
        "import argparse\nimport functools\nfrom functools import partial\n\n\n"
        "def main_parser():\n"
        "    make_parser = partial(argparse.ArgumentParser, add_help=False,\n"
        '                          description="Build it.", prog="first")\n'
        "    if True:\n"
        '        make_parser = functools.partial(make_parser, prog="pbuild")\n'
        "    parser = make_parser()\n"
        '    group = parser.add_argument_group("build options")\n'
        '    group.add_argument("--sdist", action="store_true", help="Build an sdist.")\n'
        "    return parser\n",
        encoding="utf-8",
    )
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    text = ".. sphinx_argparse_cli::\n   :module: pbuild\n   :func: main_parser\n"
    parsed = parse_file("cli.rst", text, api)
    assert parsed is not None and parsed.warnings == ()
    section, group = parsed.sections
    assert section.heading == "pbuild"
    assert section.body == "Build it.\n\nUsage:\n```shell\npbuild [OPTIONS]\n```"
    assert (group.heading, group.body) == ("build options", "- `--sdist`: Build an sdist.")


def test_help_and_version_actions_suppress_and_f_string_help(tmp_path: Path) -> None:
    # pypa/build 1.6.1 adds its own -h (action="help", default=argparse.SUPPRESS) and -V
    # (action="version", no help), and writes --outdir's help as an f-string: they showed
    # as "-h, --help <help>: ... (default: argparse.SUPPRESS)", "--version, -V <version>"
    # with no text, and --outdir with no help at all.
    (tmp_path / "acts.py").write_text(
        "import argparse\nimport os\n\n\n"
        "def get_parser():\n"
        '    parser = argparse.ArgumentParser(prog="acts", add_help=False)\n'
        '    parser.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,\n'
        '                        help="show this help message and exit")\n'
        '    parser.add_argument("--version", "-V", action="version", version="1")\n'
        '    parser.add_argument("--outdir", help=f"output (defaults to {{srcdir}}{os.sep}dist)")\n'
        "    return parser\n",
        encoding="utf-8",
    )
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parsed = parse_file("cli.rst", ".. argparse::\n   :ref: acts.get_parser\n", api)
    assert parsed is not None and parsed.warnings == ()
    assert parsed.sections[0].body.endswith(
        "Options:\n"
        "- `-h, --help`: show this help message and exit\n"
        "- `--version, -V`: show program's version number and exit\n"
        "- `--outdir <outdir>`: output (defaults to {srcdir}{os.sep}dist)"
    )


def test_the_directive_s_content_amends_the_parser_s_text(tmp_path: Path) -> None:
    # sphinx-argparse puts a directive's text under the description, and its definitions
    # ('name : @before', '@after' (the default), '@replace', '@skip') on the option,
    # argument or subcommand of that name, a subcommand's holding its own options'. pygcam
    # writes each subcommand's description so ('addexp : @replace'); all of it was dropped.
    text = (
        ".. argparse::\n   :ref: tool.cli.get_parser\n\n"
        "   Read the *manual* first.\n\n"
        "   -v, --verbose : @before\n      Louder.\n\n"
        "   --format\n      One of ``text`` or ``json``.\n\n"
        "   remote : @replace\n      Attach to a live process.\n\n"
        "      --native : @replace\n         C frames too.\n\n"
        "   core : @skip\n      ignored\n"
    )
    parsed = _parse(tmp_path, text)
    assert parsed.warnings == ()
    main, output, remote, core = parsed.sections
    assert main.body.startswith("Inspect a process.\n\nRead the manual first.\n\nUsage:")
    assert "- `-v, --verbose`: Louder. Say more. (default: 0)" in main.body
    assert "- `--format <format>`: How to print it. One of `text` or `json`." in output.body
    assert remote.body.startswith("Attach to a live process.\n\nUsage:")
    assert "- `--native`: C frames too." in remote.body
    assert core.body.startswith("Usage:")


def test_the_content_reads_as_written_when_the_parser_cannot_be_read(tmp_path: Path) -> None:
    # pygcam 1.11.1's parsers are built by plugin classes at run time; the descriptions its
    # pages write under '.. argparse::' ('addexp : @replace' ...) were lost with the parser.
    text = (
        "Commands\n========\n\n"
        ".. argparse::\n   :ref: tool.cli.missing\n   :prog: gt\n\n"
        "   addexp : @replace\n      Adds the named experiment.\n\n"
        "   delsim\n      Deletes a simulation.\n"
    )
    parsed = _parse(tmp_path, text)
    assert [w.message for w in parsed.warnings] == [
        f"argparse tool.cli.missing: no argparse parser in the code in {tmp_path}"
    ]
    assert parsed.sections[0].body == (
        "addexp\n  Adds the named experiment.\n\ndelsim\n  Deletes a simulation."
    )


def test_a_script_named_by_filename_is_read(tmp_path: Path) -> None:
    # sphinx-argparse 0.6.1's own sample pages name their parser ':filename: ../test/sample.py'
    # (a script, not a package module; the path from the docs folder, where sphinx-build
    # runs): "no argparse parser in the code" and no command line. A page in a subfolder
    # names it from the docs folder too.
    (tmp_path / "docs" / "cli").mkdir(parents=True)
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    (tmp_path / "test").mkdir()
    (tmp_path / "test" / "sample.py").write_text(
        "import argparse\n\n\ndef add_common(p):\n"
        '    p.add_argument("--dry", action="store_true", help="Just print.")\n\n\n'
        'parser = argparse.ArgumentParser(prog="sample", description="A sample.")\n'
        "add_common(parser)\n",
        encoding="utf-8",
    )
    reader = IncludeReader(include_root(tmp_path / "docs", None, None))
    text = (
        ".. argparse::\n   :filename: ../test/sample.py\n   :func: parser\n\n"
        ".. argparse::\n   :filename: ../test/missing.py\n   :func: parser\n\n"
        ".. argparse::\n   :filename: ../test/sample.py\n   :func: other\n"
    )
    parsed = parse(text, "cli/usage.rst", None, reader)
    assert [s.heading for s in parsed.sections] == ["sample"]
    assert parsed.sections[0].body == (
        "A sample.\n\nUsage:\n```shell\nsample [OPTIONS]\n```\n\n"
        "Options:\n- `-h, --help`: show this help message and exit\n- `--dry`: Just print."
    )
    assert [w.message for w in parsed.warnings][1:] == [
        "argparse ../test/sample.py:other: no argparse parser in that script"
    ]


def test_help_is_formatted_as_argparse_does_and_suppressed_arguments_are_hidden(
    tmp_path: Path,
) -> None:
    # sphinx-argparse 0.6.1's sample: help="Ensure variables are filled in %(prog)s (default
    # %(default)s)" showed the placeholders; argparse fills them (prog: the command line,
    # the subcommand's own included), and hides an argument whose help is argparse.SUPPRESS.
    (tmp_path / "fmt.py").write_text(
        "import argparse\n\n\ndef get_parser():\n"
        '    parser = argparse.ArgumentParser(prog="fmt")\n'
        "    commands = parser.add_subparsers()\n"
        '    run = commands.add_parser("run", help="Run it.")\n'
        '    run.add_argument("--mode", default="fast", choices=["fast", "slow"],\n'
        '                     help="Mode of %(prog)s: %(choices)s (default %(default)s, 100%%)")\n'
        '    run.add_argument("--size", type=int, help="A %(type)s, %(default)d.")\n'
        '    run.add_argument("--debug", help=argparse.SUPPRESS)\n'
        "    return parser\n",
        encoding="utf-8",
    )
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    text = ".. argparse::\n   :ref: fmt.get_parser\n   :prog: tool\n"
    parsed = parse_file("cli.rst", text, api)
    assert parsed is not None and parsed.warnings == ()
    run = {s.heading: s.body for s in parsed.sections}["tool run"]
    assert run.endswith(
        "- `--mode <mode>`: Mode of tool run: fast, slow (default fast, 100%)"
        " (default: fast; one of: fast | slow)\n"
        "- `--size <size>`: A %(type)s, %(default)d."
    )


def test_terms_are_read_in_one_pass_over_long_runs_of_blanks() -> None:
    # The term's regex tried each split of a run of blanks: 8,000 took half a second, a
    # line of 200,000 an hour.
    blanks = " " * 200_000
    content = [f"--out{blanks}x : @replace", "   Text.", f"a{blanks}b", "-v : @skip  ", "a: @after"]
    assert content_as_written(content) == [
        f"--out{blanks}x",
        "   Text.",
        f"a{blanks}b",
        "-v",
        "a: @after",
    ]


def test_a_help_text_filled_past_max_filled_help_stays_as_written() -> None:
    # "%(default)100000000s" made a help text of 100 MB; argparse would, the docs need not.
    def help_of(text: str, default: str = "x") -> str:
        param = CliParam("option", ("--x",), text, default=default)
        return filled_help(CliCommand("p", "", (param,)), "p").params[0].help

    assert (
        help_of("Width %(default)5s, %(prog)s, %(default).1s, 100%%.") == "Width     x, p, x, 100%."
    )
    for text in ("%(default)100000000s", "%(default).100000000s", "%(default)" + "9" * 5000 + "s"):
        assert help_of(text) == text
    long_default = "y" * 10_000
    assert help_of("%(default)s" * 20, long_default) == "%(default)s" * 20
    assert help_of("%(default)s" * 2, long_default) == "y" * 20_000


def test_nodefault_and_nodefaultconst_leave_defaults_out(tmp_path: Path) -> None:
    # mriqc 24.0.2 documents its command line with ':nodefault:' and ':nodefaultconst:':
    # each switch read "(default: False)", and a default computed from its config
    # "(default: config.workflow.min_len_dwi)", code as written.
    (tmp_path / "app").mkdir()
    (tmp_path / "app" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "app" / "cli.py").write_text(
        "import argparse\n\ndef build():\n    parser = argparse.ArgumentParser(prog='app')\n"
        "    parser.add_argument('--strict', action='store_true', default=False, help='Fail.')\n"
        "    parser.add_argument('--length', default=config.length, help='At least this.')\n"
        "    parser.add_argument('--mode', default='fast', help='Mode (%(default)s).')\n"
        "    commands = parser.add_subparsers()\n"
        "    run = commands.add_parser('run')\n"
        "    run.add_argument('--dry', action='store_const', const=1, default=0, help='Dry.')\n"
        "    return parser\n",
        encoding="utf-8",
    )

    def bodies(options: str) -> str:
        text = f".. argparse::\n   :ref: app.cli.build\n{options}"
        parsed = parse_file("cli.rst", text, GriffeSource(tmp_path, ApiSettings(), ""))
        assert parsed is not None
        return "\n".join(section.body for section in parsed.sections)

    shown = bodies("")
    assert "Fail. (default: False)" in shown and "Dry. (default: 0)" in shown
    consts = bodies("   :nodefaultconst:\n")
    assert "- `--strict`: Fail.\n" in consts and "- `--dry`: Dry." in consts
    assert "At least this. (default: config.length)" in consts
    none = bodies("   :nodefault:\n   :nodefaultconst:\n")
    assert "(default:" not in none
    assert "- `--mode <mode>`: Mode (fast)." in none  # the help's own %(default)s stays


def test_a_directive_naming_no_parser_reads_the_project_s_one_command(tmp_path: Path) -> None:
    # Streamlink 8.6.3's cli.rst: '.. argparse::' alone (its own directive defaults to its
    # command's parser); the page lost its whole command line. Its setup.py declares the script.
    (tmp_path / "docs").mkdir()
    (tmp_path / "setup.py").write_text(
        'entry_points = {"console_scripts": ["pystack=tool.cli:get_parser"]}\n'
        "setup(entry_points=entry_points)\n",
        encoding="utf-8",
    )
    (tmp_path / "tool").mkdir()
    (tmp_path / "tool" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "tool" / "cli.py").write_text(CODE, encoding="utf-8")
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    reader = IncludeReader(include_root(tmp_path / "docs", None, None))
    text = "CLI\n===\n\n.. argparse::\n"
    parsed = parse_file("cli.rst", text, api, includes=reader)
    assert parsed is not None and "Inspect a process." in parsed.sections[1].body
    # Two scripts: which one the directive means is unknown, and it reads nothing.
    (tmp_path / "setup.py").write_text(
        "setup(entry_points={'console_scripts': ['a=tool.cli:get_parser', 'b=tool.cli:x']})\n",
        encoding="utf-8",
    )
    parsed = parse_file("cli.rst", text, api, includes=reader)
    assert parsed is not None and [s.heading for s in parsed.sections] == ["CLI"]
