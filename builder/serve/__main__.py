"""The command line of the local static host: `python -m builder.serve [ROOT] [options]`."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from builder.serve.errors import ServeError
from builder.serve.media import DEFAULT_CACHE_CONTROL
from builder.serve.server import DEFAULT_HOST, DEFAULT_PORT, serve

_HEADER_VALUE = re.compile(r"[\x20-\x7e]+")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser, shared with the tests that check the help text."""
    parser = argparse.ArgumentParser(
        prog="python -m builder.serve",
        description="Serve a built site read-only over HTTP, with the headers GitHub Pages sends.",
    )
    parser.add_argument(
        "root", nargs="?", default="_site", type=Path, help="directory to serve (default: _site)"
    )
    parser.add_argument(
        "--host", default=DEFAULT_HOST, help=f"address to bind (default: {DEFAULT_HOST})"
    )
    parser.add_argument(
        "--port",
        type=_port,
        default=DEFAULT_PORT,
        help=f"port to bind; 0 picks a free one (default: {DEFAULT_PORT})",
    )
    parser.add_argument(
        "--cache-control",
        type=_header_value,
        default=DEFAULT_CACHE_CONTROL,
        help=f"Cache-Control of files other than content-addressed shards "
        f"(default: {DEFAULT_CACHE_CONTROL!r})",
    )
    # -q as docbuild serve spells it: "python -m builder.serve _site -q" was refused.
    parser.add_argument("-q", "--quiet", action="store_true", help="no access log on stderr")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the server until a signal stops it; return the process exit code."""
    args = build_parser().parse_args(argv)
    try:
        serve(args.root, args.host, args.port, quiet=args.quiet, cache_control=args.cache_control)
    except ServeError as error:
        print(f"error: {error}", file=sys.stderr)
        return error.exit_code
    return 0


def _port(text: str) -> int:
    if not (text.isascii() and text.isdigit() and 0 <= int(text) <= 65535):
        raise argparse.ArgumentTypeError(f"not a port number (0-65535): {text!r}")
    return int(text)


def _header_value(text: str) -> str:
    if not _HEADER_VALUE.fullmatch(text):
        raise argparse.ArgumentTypeError("must be printable ASCII on one line")
    return text


if __name__ == "__main__":
    sys.exit(main())
