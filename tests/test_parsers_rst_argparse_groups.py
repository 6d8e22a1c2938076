"""argparse's argument groups in the pages sphinx-argparse writes: each titled group heads its
arguments, as Sphinx shows them."""

from __future__ import annotations

from pathlib import Path

from builder.api.code import GriffeSource
from builder.api.model import ApiSettings
from builder.parsers import parse_file

GROUPS_CODE = """
import argparse


def get_parser():
    parser = argparse.ArgumentParser(prog="streamer", add_help=False)
    positional = parser.add_argument_group("Positional arguments")
    positional.add_argument("url", help="What to open.")
    general = parser.add_argument_group("General options")
    general.add_argument("-h", "--help", action="help", help="Show help.")
    parser.add_argument("--loose", action="store_true", help="In no group.")
    transport = parser.add_argument_group(
        title="HLS options", description="Read by the HLS stream."
    )
    either = transport.add_mutually_exclusive_group()
    either.add_argument("--hls-live-edge", help="Segments from the edge.")
    parser.add_argument_group("Empty group")
    named = parser.add_argument_group(f"{parser.prog} plugin")  # no literal title
    named.add_argument("--plugin-opt", help="A plugin's option.")
    general = argparse.ArgumentParser(prog="other")  # the name holds no group from here on
    general.add_argument("--other")
    return parser
"""


def test_argument_groups_head_their_arguments(tmp_path: Path) -> None:
    # streamlink 8.6.3's command line: 102 options in 15 groups (General options, Player
    # options, HLS options...) ran into one list of 'Options:', cut by size into six parts.
    (tmp_path / "tool").mkdir()
    (tmp_path / "tool" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "tool" / "cli.py").write_text(GROUPS_CODE, encoding="utf-8")
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    page = "CLI\n===\n\n.. argparse::\n   :ref: tool.cli.get_parser\n"
    parsed = parse_file("cli.rst", page, api)
    assert parsed is not None
    assert [(s.heading, s.heading_path, s.body) for s in parsed.sections[1:]] == [
        (
            "streamer",
            ("CLI",),
            "Usage:\n```shell\nstreamer [OPTIONS] URL\n```\n\nOptions:\n"
            "- `--loose`: In no group.\n- `--plugin-opt <plugin_opt>`: A plugin's option.",
        ),
        ("Positional arguments", ("CLI", "streamer"), "- `URL`: What to open."),
        ("General options", ("CLI", "streamer"), "- `-h, --help`: Show help."),
        (
            "HLS options",
            ("CLI", "streamer"),
            "Read by the HLS stream.\n\n"
            "- `--hls-live-edge <hls_live_edge>`: Segments from the edge.",
        ),
    ]
    # Where no section may begin (inside a list), each group is a block titled by it.
    listed = parse_file(
        "cli.rst", "- item\n\n  .. argparse::\n     :ref: tool.cli.get_parser\n", api
    )
    assert listed is not None
    assert (
        "  HLS options:\n  Read by the HLS stream.\n  - `--hls-live-edge" in listed.sections[0].body
    )


def test_many_argument_groups_are_read_in_linear_time(tmp_path: Path) -> None:
    lines = [
        f"    g{n} = parser.add_argument_group('G{n}')\n    g{n}.add_argument('--o{n}')\n"
        for n in range(3000)
    ]
    code = "import argparse\n\n\ndef get_parser():\n    parser = argparse.ArgumentParser()\n"
    (tmp_path / "many.py").write_text(code + "".join(lines) + "    return parser\n")
    api = GriffeSource(tmp_path, ApiSettings(), str(tmp_path))
    parsed = parse_file("cli.rst", "CLI\n===\n\n.. argparse::\n   :ref: many.get_parser\n", api)
    assert parsed is not None and len(parsed.sections) == 3002
