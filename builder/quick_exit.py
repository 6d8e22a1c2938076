"""End the ``docbuild`` process without the interpreter's teardown once its command is done.

When a build ends, the process still holds everything the run made (modules, the tokenizer's
memo, lxml and SQLite objects). Python's shutdown frees them one by one and runs a last full
collection: about 0.1 s, a twentieth of a one-page rebuild, for memory the system takes back
at once. So the command line's entry points run the command, then do what the shutdown would
have done that anyone could see (the exit handlers, which also remove temporary folders left
to a finalizer, and flushing the standard streams) and end the process with ``os._exit``.

Only a process started as ``docbuild`` (or ``python -m builder.cli``) ends so; tests call the
click group, never this. An error other than SystemExit leaves the ordinary way, traceback
included, and so does a process with a thread still running, which the shutdown would wait for.
"""

from __future__ import annotations

import atexit
import os
import sys
import threading
from collections.abc import Callable
from typing import NoReturn


def run_then_exit(command: Callable[[], object]) -> NoReturn:
    """Run ``command`` (a click group's ``main``, which ends in SystemExit), then end the
    process with its exit status."""
    try:
        command()
        status = 0
    except SystemExit as ended:
        status = _exit_status(ended.code)
    if threading.active_count() > 1:
        sys.exit(status)  # the interpreter waits for other threads: leave it to do so
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (docbuild ... | head) or stream
            status = status or 1
    os._exit(status)


def _exit_status(code: object) -> int:
    """The status ``sys.exit(code)`` ends a process with; a message is written as it writes it."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code & 0xFF
    sys.stderr.write(f"{code}\n")
    return 1
