"""The ``docclient`` command line: resolve settings once, call the service, print the answer.

Readable text by default, ``--json`` for scripts. Every setting of client.config.SETTINGS is an
option of every command, so the table there is the one place settings are described.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import Any, NoReturn, TypeVar

import click
import msgspec
import orjson

from client import __version__
from client.config import SETTINGS, Settings, resolve_settings
from client.console import use_utf8
from client.errors import ClientError
from client.limits import (
    DEFAULT_LOOKUP_LIMIT,
    DEFAULT_MAX_SECTIONS,
    DEFAULT_MAX_TOKENS,
    MAX_LOOKUP_LIMIT,
    MAX_NEIGHBOURS,
    MAX_SECTIONS,
    MAX_TOKENS,
    MIN_SECTIONS,
    MIN_TOKENS,
)
from client.listing import render_list
from client.mcp_serve import DEFAULT_HTTP_WORKERS, MAX_HTTP_WORKERS
from client.render import (
    render_extract,
    render_lookup,
    render_read,
    render_releases,
    render_status,
)
from client.service import DocService

F = TypeVar("F", bound=Callable[..., Any])
# What a command asks the service for: a tool answer's model, or the list's or status's dict.
Answered = TypeVar("Answered")
# Settings that are on/off flags on the command line (no value after them).
_FLAGS = frozenset({"debug", "allow_bundled"})


def _settings_options(command: F) -> F:
    """Add one option per setting (except the ones spelled differently below)."""
    for setting in reversed(SETTINGS):
        if setting.flag is None:
            continue
        name = setting.name
        help_text = (
            f"{setting.description} (env {setting.env}; default {setting.default})"
            if setting.env
            else f"{setting.description} (default {setting.default})"
        )
        if name in _FLAGS:
            command = click.option(setting.flag, name, is_flag=True, default=None, help=help_text)(
                command
            )
        elif name == "index_urls":
            command = click.option(
                setting.flag, name, multiple=True, metavar="URL", help=help_text
            )(command)
        else:
            command = click.option(setting.flag, name, metavar="VALUE", help=help_text)(command)
    command = click.option(
        "--no-cache",
        "no_cache",
        is_flag=True,
        help="Turn the result cache off (same as --cache-ttl 0).",
    )(command)
    return command


def _json_option(command: F) -> F:
    """``--json``: for the commands that print an answer (not ``serve``, which prints none)."""
    return click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")(
        command
    )


def _service(options: dict[str, Any]) -> DocService:
    from client.assemble import make_service

    return make_service(_settings(options))


def _settings(options: dict[str, Any]) -> Settings:
    cli: dict[str, object] = {}
    for setting in SETTINGS:
        value = options.pop(setting.name, None)
        if setting.name == "index_urls":
            value = ",".join(value) if value else None
        elif setting.name in _FLAGS:
            value = "true" if value else None
        cli[setting.name] = value
    if options.pop("no_cache", False):
        cli["cache_ttl"] = "0"
    return resolve_settings(cli, os.environ)


def _with_lane(service: DocService) -> DocService:
    # One question from the command line: waiting for the model is cheaper than asking twice.
    service.start_lane(wait=True)
    return service


def _fail(error: ClientError) -> NoReturn:
    click.echo(f"docclient: {error.code}: {error.shell_message}", err=True)
    sys.exit(error.exit_code)


def _answer(
    options: dict[str, Any],
    ask: Callable[[DocService], Answered],
    render: Callable[[Answered], str],
) -> None:
    as_json = options.pop("as_json", False)
    try:
        service = _service(options)
        try:
            answer = ask(service)
        finally:
            # A process ends after one command, but a host (or CliRunner) may run many in one.
            service.data.close()
    except ClientError as error:
        _fail(error)
    if as_json:
        # A tool answer is a model (schemas.answers); list and status are plain dicts.
        encoded = msgspec.to_builtins(answer)
        click.echo(orjson.dumps(encoded, option=orjson.OPT_INDENT_2).decode())
    else:
        click.echo(render(answer))


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="docclient")
def main() -> None:
    """Versioned library docs for coding agents: look up, list versions, extract sections."""
    for stream in (sys.stdout, sys.stderr):
        use_utf8(stream)


@main.command()
@click.argument("query")
@click.option(
    "--limit",
    type=click.IntRange(1, MAX_LOOKUP_LIMIT),
    default=DEFAULT_LOOKUP_LIMIT,
    show_default=True,
    help="How many libraries.",
)
@_json_option
@_settings_options
def lookup(query: str, limit: int, **options: Any) -> None:
    """Which library is QUERY? (catalog_lookup)"""
    _answer(options, lambda service: service.lookup(query, limit), render_lookup)


@main.command()
@click.argument("library_id", metavar="ID")
@_json_option
@_settings_options
def releases(library_id: str, **options: Any) -> None:
    """Which versions of ID exist, and which is latest? (catalog_releases)"""
    _answer(options, lambda service: service.releases(library_id), render_releases)


@main.command()
@click.argument("library_id", metavar="ID")
@click.option("--version", "version", help="Exact (3.1.0), prefix (3, 3.x) or latest.")
@click.option(
    "--focus",
    help="One concept to look for; without it, the first sections and the table of contents.",
)
@click.option(
    "--max-sections",
    type=click.IntRange(MIN_SECTIONS, MAX_SECTIONS),
    default=DEFAULT_MAX_SECTIONS,
    show_default=True,
    help="How many sections at most.",
)
@click.option(
    "--max-tokens",
    type=click.IntRange(MIN_TOKENS, MAX_TOKENS),
    default=DEFAULT_MAX_TOKENS,
    show_default=True,
    help="Size budget of the answer's whole text (about four characters a token).",
)
@_json_option
@_settings_options
def extract(
    library_id: str,
    version: str | None,
    focus: str | None,
    max_sections: int,
    max_tokens: int,
    **options: Any,
) -> None:
    """What do the docs of ID (at --version) say about --focus? (doc_extract)"""
    _answer(
        options,
        lambda service: _with_lane(service).extract(
            library_id, version, focus, max_sections, max_tokens
        ),
        render_extract,
    )


@main.command()
@click.argument("library_id", metavar="ID")
@click.argument("anchor")
@click.option("--version", "version", help="Exact, prefix or latest.")
@click.option(
    "--page",
    help="The section's page (its source file), when several pages share the anchor.",
)
@click.option(
    "--expected-hash",
    help="Refuse if the section changed: its whole sha256 (--json shows it) is no longer this.",
)
@click.option(
    "--neighbours",
    type=click.IntRange(0, MAX_NEIGHBOURS),
    default=0,
    show_default=True,
    help="Also this many sections before and after, from the same page.",
)
@_json_option
@_settings_options
def read(
    library_id: str,
    anchor: str,
    version: str | None,
    page: str | None,
    expected_hash: str | None,
    neighbours: int,
    **options: Any,
) -> None:
    """Read one section of ID whole, by its ANCHOR (or PAGE#ANCHOR). (doc_read)"""
    _answer(
        options,
        lambda service: service.read(library_id, version, anchor, expected_hash, neighbours, page),
        render_read,
    )


@main.command("list")
@_json_option
@_settings_options
def list_command(**options: Any) -> None:
    """Every library the sources know, with its versions and source."""
    _answer(options, lambda service: service.libraries(), render_list)


@main.command()
@_json_option
@_settings_options
def status(**options: Any) -> None:
    """Sources, freshness and cache figures."""
    _answer(options, lambda service: service.status(), render_status)


def _notice(message: str) -> None:
    click.echo(f"docclient: {message}", err=True)


def _progress_lines(done: int, total: int, what: str) -> None:
    """Progress without a terminal: a line at each tenth of the way, for logs."""
    if done == total or done % max(total // 10, 1) == 0:
        click.echo(f"docclient: sync {done}/{total} shards ({what})", err=True)


@main.command()
@_json_option
@_settings_options
def sync(**options: Any) -> None:
    """Fetch the catalog and every shard now, for offline use. Exits with 1 when a configured
    site or a shard failed (each is listed on stderr)."""
    as_json = options.pop("as_json", False)
    try:
        service = _service(options)
        sync_data = service.data.sync
        if sys.stderr.isatty() and not as_json:
            with click.progressbar(length=1, label="Syncing", file=sys.stderr) as bar:

                def progress(done: int, total: int, what: str) -> None:
                    bar.length = max(total, 1)
                    bar.update(done - bar.pos)

                result = sync_data(progress, _notice)
        else:
            result = sync_data(None if as_json else _progress_lines, _notice)
        service.data.close()
    except ClientError as error:
        _fail(error)
    failures = result["failures"]
    if as_json:
        click.echo(orjson.dumps(result, option=orjson.OPT_INDENT_2).decode())
    else:
        counts = {key: value for key, value in result.items() if key != "failures"}
        click.echo(", ".join(f"{key} {value}" for key, value in counts.items()))
        click.echo(f"failures {len(failures)}")
    for failure in failures:
        what = failure.get("source") or f"{failure['id']} {failure['version']}"
        click.echo(f"docclient: sync failed: {what}: {failure['error']}", err=True)
    if failures:
        sys.exit(1)


@main.command()
@click.option(
    "--transport",
    type=click.Choice(["stdio", "http"]),
    default="stdio",
    show_default=True,
    help="stdio for an agent's MCP config; http for a shared "
    "local endpoint (needs DOCTROVE_TOKEN).",
)
@click.option("--host", default="127.0.0.1", show_default=True, help="HTTP only.")
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8731,
    show_default=True,
    help="HTTP only; 0 picks a free port.",
)
@click.option(
    "--workers",
    type=click.IntRange(1, MAX_HTTP_WORKERS),
    default=DEFAULT_HTTP_WORKERS,
    show_default=True,
    help="HTTP only: how many tool calls run at once; more wait for a free worker.",
)
@_settings_options
def serve(transport: str, host: str, port: int, workers: int, **options: Any) -> None:
    """Run the MCP server (read-only tools: catalog_lookup, catalog_releases, doc_extract,
    doc_read)."""
    try:
        from client.assemble import make_service
        from client.mcp_serve import check_token, run_server
        from client.rewrite import RewritePolicy

        token = os.environ.get("DOCTROVE_TOKEN") or None
        if transport == "http":
            check_token(token)  # before the catalog is loaded or the SDK imported
        settings = _settings(options)
        service = make_service(settings)
        run_server(
            service,
            transport=transport,
            host=host,
            port=port,
            token=token,
            rewrite=RewritePolicy(settings.rewrite, settings.rewrite_timeout_ms),
            workers=workers,
        )
    except ClientError as error:
        _fail(error)


if __name__ == "__main__":
    main()
