"""The command line: options, help text, and errors mapped to exit codes without tracebacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.serve import start_server
from builder.serve.__main__ import build_parser, main


def test_help_lists_every_option() -> None:
    text = build_parser().format_help()
    for option in ("root", "--host", "--port", "--cache-control", "--quiet"):
        assert option in text
    assert "default: 127.0.0.1" in text
    assert "default: 8730" in text
    assert "default: 'max-age=600'" in text


def test_defaults() -> None:
    args = build_parser().parse_args([])
    assert (args.root, args.host, args.port) == (Path("_site"), "127.0.0.1", 8730)
    assert (args.cache_control, args.quiet) == ("max-age=600", False)


@pytest.mark.parametrize(
    "argv",
    [["--port", "-1"], ["--port", "65536"], ["--port", "http"], ["--cache-control", "a\nb"]],
)
def test_invalid_options_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(argv)
    assert caught.value.code == 2
    assert "Traceback" not in capsys.readouterr().err


def test_port_taken_is_exit_1_with_a_message(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with start_server(tmp_path) as running:
        code = main([str(tmp_path), "--port", str(running.port)])
    captured = capsys.readouterr()
    assert code == 1
    assert captured.err == (
        f"error: cannot serve on 127.0.0.1:{running.port}: the port is already in use "
        "(choose another with --port, or --port 0 for any free port)\n"
    )
    assert captured.out == ""


def test_missing_root_is_exit_1(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(tmp_path / "nope"), "--port", "0"]) == 1
    assert capsys.readouterr().err == f"error: {tmp_path / 'nope'} is not a directory\n"


def test_quiet_is_also_q_as_docbuild_serve_spells_it() -> None:
    assert build_parser().parse_args(["_site", "-q"]).quiet is True
