"""``docbuild build --watch`` and ``docbuild serve --watch``: the first build, the server,
then a rebuild on every change, each reported on one line, until Ctrl-C."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from builder.catalog import CATALOG_FILE
from builder.cli import run_build
from builder.errors import BuildError
from builder.serve import ServeError, start_server
from builder.served_elsewhere import served_elsewhere_note
from builder.site_indexes import INDEX_FILE
from builder.watch import Rebuilt, require_watcher, watch_and_rebuild
from schemas.lookup_table import LOOKUP_FILE


def build_and_watch(
    config_path: Path,
    out: Path,
    cache_dir: Path | None,
    quiet: bool,
    options: dict[str, Any],
    *,
    host: str | None = None,
    port: int = 0,
) -> None:
    """Build, serve when given a host, then rebuild on every change until Ctrl-C."""
    try:
        require_watcher()
    except BuildError as error:
        click.echo(f"docbuild: error: {error}", err=True)
        sys.exit(error.exit_code)

    def rebuild() -> None:
        # run_build reports a failed build and exits; here that must not end the loop, and
        # the previous site stays in place (a build replaces it only when it succeeded).
        try:
            run_build(config_path, out, cache_dir=cache_dir, quiet=True, **options)
        except SystemExit as failed:
            raise BuildError("the rebuild failed (see above)") from failed

    def report(rebuilt: Rebuilt) -> None:
        changed = ", ".join(rebuilt.changed[:3]) + (" ..." if len(rebuilt.changed) > 3 else "")
        outcome = "failed; the last good site stays" if rebuilt.error else "done"
        click.echo(f"Rebuild after {changed}: {outcome} in {rebuilt.seconds:.2f} s", err=True)

    base_url = None
    try:
        base_url = run_build(config_path, out, cache_dir=cache_dir, quiet=quiet, **options).base_url
    except SystemExit:
        # index.json may be left out (--index-limit-mb) and catalog.json (a large site): a
        # site is there when any of them, or lookup.json, which every build writes, is.
        if not any((out / name).is_file() for name in (LOOKUP_FILE, CATALOG_FILE, INDEX_FILE)):
            raise
        click.echo(f"docbuild: keeping the last good site in {out}", err=True)
    server = None
    if host is not None:
        try:
            log = None if quiet else sys.stderr
            server = start_server(out, host=host, port=port, access_log=log)
        except ServeError as error:
            click.echo(f"docbuild: error: {error}", err=True)
            sys.exit(error.exit_code)
        click.echo(f"Serving {out} at {server.url}")
        note = None if base_url is None else served_elsewhere_note(base_url, server.url)
        if note is not None:
            click.echo(note, err=True)
    click.echo(f"Watching {config_path} and its sources; Ctrl-C stops", err=True)
    try:
        watch_and_rebuild(config_path, out, cache_dir, rebuild, report)
    finally:
        if server is not None:
            server.stop()
