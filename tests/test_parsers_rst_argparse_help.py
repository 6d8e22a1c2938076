"""An argparse parser's help texts read as the reST its Sphinx directive parses them as."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.model import ParsedFile
from builder.parsers import parse_file

CODE = '''import argparse


def main_parser():
    """The parser."""
    parser = argparse.ArgumentParser(prog="pbuild", description="Build ``it``, *now*.")
    parser.add_argument("--metadata", action="store_true",
                        help="Cannot be used with ``--sdist`` or :option:`--wheel`.")
    parser.add_argument("--mode", help="either 'fast' or \\"slow\\", as {mode} says")
    parser.add_argument("--outdir", help=f"output (defaults to {{srcdir}}{os.sep}dist)")
    parser.add_argument("--odd", help="don't stop, isn't it ``open")
    return parser
'''


def _parse(tmp_path: Path, directive: str, text: str = "") -> ParsedFile:
    (tmp_path / "pbuild.py").write_text(text or CODE, encoding="utf-8")
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    rst = f".. {directive}::\n   :module: pbuild\n   :func: main_parser\n"
    parsed = parse_file("cli.rst", rst, api)
    assert parsed is not None
    return parsed


def test_sphinx_argparse_cli_reads_option_help_as_rest(tmp_path: Path) -> None:
    # pypa/build 1.6.1's '.. sphinx_argparse_cli::' help "Cannot be used together with
    # ``--metadata``" kept its doubled backticks: sphinx-argparse-cli parses an option's help
    # as reST, after quoting 'x', "x" and {x} as literals; its description stays plain text.
    body = _parse(tmp_path, "sphinx_argparse_cli").sections[0].body
    assert body.startswith("Build ``it``, *now*.")
    assert "- `--metadata`: Cannot be used with `--sdist` or `--wheel`." in body
    assert "- `--mode <mode>`: either `'fast'` or `\"slow\"`, as `{mode}` says" in body
    # Inside a word the literals would not close, so the text stays as written.
    assert "- `--outdir <outdir>`: output (defaults to {srcdir}{os.sep}dist)" in body
    assert "- `--odd <odd>`: don't stop, isn't it ``open" in body


def test_sphinx_argparse_reads_description_and_help_as_rest(tmp_path: Path) -> None:
    # sphinx-argparse parses the description and each help as reST, quoting nothing.
    body = _parse(tmp_path, "argparse").sections[0].body
    assert body.startswith("Build `it`, now.")
    assert "- `--metadata`: Cannot be used with `--sdist` or `--wheel`." in body
    assert "- `--mode <mode>`: either 'fast' or \"slow\", as {mode} says" in body


def test_hostile_help_texts_are_read_whole(tmp_path: Path) -> None:
    # A help of a hundred thousand unclosed quotes and backticks neither hangs nor is cut.
    huge = "'a \"b {c " * 20_000 + "``x"
    code = (
        "import argparse\n\n\ndef main_parser():\n"
        '    parser = argparse.ArgumentParser(prog="pbuild")\n'
        f'    parser.add_argument("--huge", help={huge!r})\n'
        '    parser.add_argument("--empty", help="")\n'
        "    return parser\n"
    )
    for directive in ("sphinx_argparse_cli", "argparse"):
        body = _parse(tmp_path, directive, code).sections[0].body
        assert body.count("{c") == 20_000 and "- `--empty <empty>`" in body


def test_sphinx_argparse_cli_adds_no_default_to_a_help_that_names_one(tmp_path: Path) -> None:
    # build 1.6.1: "--installer: Python package installer to use (defaults to pip)" read
    # "... (defaults to pip) (default: pip)"; sphinx-argparse-cli shows no default of its own
    # when the help's first line says "default " or "defaults "; '.. argparse::' is unchanged.
    code = (
        "import argparse\n\n\ndef main_parser():\n"
        '    parser = argparse.ArgumentParser(prog="pbuild")\n'
        '    parser.add_argument("--installer", default="pip", help="to use (defaults to pip)")\n'
        '    parser.add_argument("--level", default="1", help="the level")\n'
        '    parser.add_argument("--when", default="now", help="first\\nthe default is now")\n'
        "    return parser\n"
    )
    cli = _parse(tmp_path, "sphinx_argparse_cli", code).sections[0].body
    assert "- `--installer <installer>`: to use (defaults to pip)\n" in cli
    assert "- `--level <level>`: the level (default: 1)" in cli
    assert "- `--when <when>`: first the default is now (default: now)" in cli
    plain = _parse(tmp_path, "argparse", code).sections[0].body
    assert "- `--installer <installer>`: to use (defaults to pip) (default: pip)" in plain


def test_a_help_of_long_runs_of_quotes_is_read_in_linear_time(tmp_path: Path) -> None:
    # sphinx-argparse-cli's quoting tried a literal at each quote of a run, each try running to
    # the run's end: 20,000 quotes took 7 s, these two runs of 100,000 over five minutes. The
    # text is as its substitutions leave it: a run split by a literal goes on where it ended.
    runs = "'" * 100_000 + '"' * 100_000 + "x"
    code = (
        "import argparse\n\n\ndef main_parser():\n"
        '    parser = argparse.ArgumentParser(prog="pbuild")\n'
        f'    parser.add_argument("--runs", help={runs!r})\n'
        '    parser.add_argument("--split", help=\'"x y"""(a"}\')\n'
        "    return parser\n"
    )
    body = _parse(tmp_path, "sphinx_argparse_cli", code).sections[0].body
    assert body.count("'") == 100_000
    assert body.endswith('- `--split <split>`: ``"x y"``` ``"(a" ```}')
