"""Take the MCP wire off fds 0 and 1, so nothing else in the process can touch it.

A library or child process that reads stdin could swallow protocol frames, and one that prints
to stdout would corrupt them. ``claimed_stdin`` moves stdin to a private descriptor and points
fd 0 at /dev/null; ``claimed_stdout`` moves stdout to a private descriptor and points fd 1 at
stderr (as the SDK's stdio transport does for stdout). No SDK import: both stdio servers use it.
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Iterator
from typing import BinaryIO

from client.errors import ConfigError


@contextlib.contextmanager
def claimed_stdin() -> Iterator[BinaryIO]:
    """The protocol's end of stdin on a private descriptor, with fd 0 on /dev/null meanwhile."""
    if sys.stdin is None:  # fd 0 was closed at start-up (and may be reused by now)
        raise ConfigError(
            "stdin is closed, so no MCP message can arrive: start docclient serve with its "
            "stdin connected to the agent host, or use --transport http"
        )
    wire = os.dup(0)  # not inherited by children (PEP 446)
    null = os.open(os.devnull, os.O_RDONLY)
    try:
        os.dup2(null, 0)
    finally:
        os.close(null)
    try:
        # closefd=False: a worker thread may still be blocked reading it when serving ends.
        yield os.fdopen(wire, "rb", closefd=False)
    finally:
        os.dup2(wire, 0)


@contextlib.contextmanager
def claimed_stdout() -> Iterator[BinaryIO]:
    """The protocol's end of stdout on a private descriptor, with fd 1 on stderr meanwhile."""
    if sys.stdout is not None:
        sys.stdout.flush()
    wire = os.dup(1)
    os.dup2(2, 1)
    try:
        with os.fdopen(wire, "wb", closefd=False) as stream:
            yield stream
    finally:
        os.dup2(wire, 1)
        os.close(wire)
