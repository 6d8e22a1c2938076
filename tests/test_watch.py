"""The watch loop: what it watches, what it ignores, rebuilds on change, the last good site
kept on a failed rebuild, the atomic swap, and ``docbuild serve --watch`` end to end."""

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import httpx
import pytest

from builder import watch_command
from builder.config import load_catalog
from builder.errors import BuildError
from builder.pipeline import build_site
from builder.staging import exchange_directories
from builder.watch import (
    Rebuilt,
    lasting_paths,
    outputs_filter,
    watch_and_rebuild,
    watched_paths,
)

CATALOG = """
[site]
title = "T"
base_url = "https://docs.example/"

[[libraries]]
id = "gadget"
name = "Gadget"
  [[libraries.versions]]
  version = "1.0"
  path = "docs"
"""
# Long enough for a rebuild of a one-page site on a busy machine; a test never waits it out
# unless the behaviour is broken.
PATIENCE_SECONDS = 60
REWRITE_EVERY_SECONDS = 5


def make_project(root: Path) -> Path:
    (root / "docs").mkdir()
    (root / "docs" / "index.md").write_text("# Gadget\n\nFirst words.\n", encoding="utf-8")
    (root / "docbuild.toml").write_text(CATALOG, encoding="utf-8")
    return root / "docbuild.toml"


def test_watched_paths_are_the_catalog_and_its_folders(tmp_path: Path) -> None:
    config = make_project(tmp_path)
    # The folder holding the docs is their project when nothing nearer marks one.
    assert watched_paths(config) == (
        tmp_path.resolve(), config.resolve(), (tmp_path / "docs").resolve()
    )  # fmt: skip


def test_a_broken_catalog_is_still_watched(tmp_path: Path) -> None:
    config = tmp_path / "docbuild.toml"
    config.write_text("not [ toml", encoding="utf-8")
    assert watched_paths(config) == (config.resolve(),)


def test_the_filter_passes_sources_and_never_outputs(tmp_path: Path) -> None:
    passes = outputs_filter(tmp_path / "_site", tmp_path / "cache")
    assert passes(None, str(tmp_path / "docs" / "index.md"))
    assert passes(None, str(tmp_path / "docbuild.toml"))
    for ignored in (
        "_site/index.json",
        "cache/entries/ab/x.json",
        "._site.staging-12/index.json",
        ".docbuild-cache/entries/x.json",
        "docs/.index.md.swp",
    ):
        assert not passes(None, str(tmp_path / ignored)), ignored


def test_exchange_swaps_two_folders_in_one_step(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "mark").write_text("a", encoding="utf-8")
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / "mark").write_text("b", encoding="utf-8")
    if not exchange_directories(tmp_path / "a", tmp_path / "b"):
        pytest.skip("this system has no atomic exchange of paths")
    assert (tmp_path / "a" / "mark").read_text(encoding="utf-8") == "b"
    assert (tmp_path / "b" / "mark").read_text(encoding="utf-8") == "a"


def test_rebuilds_on_change_and_keeps_the_last_good_site_on_error(tmp_path: Path) -> None:
    config = make_project(tmp_path)
    out = tmp_path / "_site"
    build_site(load_catalog(config), out, cache_dir=tmp_path / "cache")
    done: list[Rebuilt] = []
    arrived = threading.Event()

    def rebuild() -> None:
        build_site(load_catalog(config), out, cache_dir=tmp_path / "cache")

    def on_rebuilt(rebuilt: Rebuilt) -> None:
        done.append(rebuilt)
        arrived.set()

    def rebuilt_after(path: Path, text: str) -> Rebuilt:
        """Write ``text`` to ``path`` and wait for the rebuild it causes. The watcher starts on
        the loop's thread (watchfiles imported, the folders scanned): on a loaded machine that
        took longer than the test's first pause, and a change made before it was missed, so
        the change is written again until a rebuild names it."""
        deadline = time.monotonic() + PATIENCE_SECONDS
        while time.monotonic() < deadline:
            path.write_text(text, encoding="utf-8")
            if arrived.wait(REWRITE_EVERY_SECONDS):
                arrived.clear()
                if str(path.resolve()) in done[-1].changed:
                    return done[-1]
        raise AssertionError(f"no rebuild followed the change of {path}")

    stop = threading.Event()
    loop = threading.Thread(
        target=watch_and_rebuild,
        args=(config, out, tmp_path / "cache", rebuild, on_rebuilt, stop),
    )
    loop.start()
    try:
        time.sleep(1)  # the watcher is set up before the first change, most often
        rebuilt = rebuilt_after(tmp_path / "docs" / "index.md", "# Gadget\n\nNew words.\n")
        assert rebuilt.error is None
        assert rebuilt.changed == (str((tmp_path / "docs" / "index.md").resolve()),)
        assert "New words." in (out / "index.json").read_text(encoding="utf-8")

        rebuilt = rebuilt_after(config, CATALOG + "\nbroken = [\n")
        assert isinstance(rebuilt.error, BuildError)
        assert "New words." in (out / "index.json").read_text(encoding="utf-8")
    finally:
        stop.set()
        loop.join(PATIENCE_SECONDS)
    assert not loop.is_alive(), "the loop did not stop when asked"


def test_serve_watch_serves_each_rebuild_and_stops_on_ctrl_c(tmp_path: Path) -> None:
    config = make_project(tmp_path)
    with subprocess.Popen(
        [
            *(sys.executable, "-m", "builder.cli", "serve", "--watch", "-c", str(config)),
            *("--out", str(tmp_path / "_site"), "--port", "0", "--quiet"),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        try:
            assert process.stdout is not None
            line = process.stdout.readline()
            assert line.startswith("Serving "), line + (
                process.stderr.read() if process.stderr else ""
            )
            url = line.rsplit(" at ", 1)[1].strip()
            first = httpx.get(url + "catalog.json")
            time.sleep(1)  # the watcher is set up before the first change
            (tmp_path / "docs" / "index.md").write_text(
                "# Gadget\n\nNew words.\n", encoding="utf-8"
            )
            deadline = time.monotonic() + PATIENCE_SECONDS
            revalidate = {"If-None-Match": first.headers["etag"]}
            while time.monotonic() < deadline:
                again = httpx.get(url + "catalog.json", headers=revalidate)
                if again.status_code == 200:
                    break
                time.sleep(0.1)
            # A client revalidating its copy sees the new catalog, with the new shard.
            assert again.status_code == 200
            assert again.json()["buildId"] != first.json()["buildId"]
        finally:
            os.kill(process.pid, signal.SIGINT)
            assert process.wait(timeout=PATIENCE_SECONDS) == 0


def test_the_project_around_the_docs_is_watched_for_included_files(tmp_path: Path) -> None:
    """``.. include:: ../CHANGES.rst`` reads a file outside the docs folder: the folder
    includes are read from (the project's root) is watched too."""
    project = tmp_path / "gadget"
    project.mkdir()
    (project / "pyproject.toml").write_text("[project]\nname = 'gadget'\n", encoding="utf-8")
    config = make_project(project)
    assert watched_paths(config) == (
        project.resolve(), config.resolve(), (project / "docs").resolve()
    )  # fmt: skip


def test_a_file_made_and_removed_within_a_batch_sets_off_nothing(tmp_path: Path) -> None:
    from watchfiles import Change

    page = tmp_path / "index.md"
    page.write_text("# Gadget\n", encoding="utf-8")
    scratch = str(tmp_path / "sedu7I91L")  # sed -i writes here, then renames it over the page
    gone = str(tmp_path / "old.md")  # a page the author deleted: a change to rebuild for
    batch = {
        (Change.added, scratch),
        (Change.modified, scratch),
        (Change.deleted, scratch),
        (Change.modified, str(page)),
        (Change.deleted, gone),
    }
    assert lasting_paths(batch) == tuple(sorted([str(page), gone]))
    # Only the temporary file: no rebuild at all (the report named it and rebuilt for nothing).
    assert lasting_paths({(Change.added, scratch), (Change.deleted, scratch)}) == ()


def test_a_failed_first_build_keeps_a_last_good_site_without_index_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # A site built with --index-limit-mb 0 (or whose index.json passed the limit) has no
    # index.json: a first build that failed exited, where it keeps the last good site and
    # watches, as it does beside one that has.
    config = make_project(tmp_path)
    out = tmp_path / "_site"
    build_site(load_catalog(config), out, index_limit=0)
    assert not (out / "index.json").exists()
    config.write_text(CATALOG + "\nbroken = [\n", encoding="utf-8")
    watched: list[object] = []
    monkeypatch.setattr(watch_command, "watch_and_rebuild", lambda *args: watched.append(args))
    watch_command.build_and_watch(config, out, None, True, {"index_limit_mb": 0})
    assert len(watched) == 1
    assert f"docbuild: keeping the last good site in {out}" in capsys.readouterr().err


def test_serve_watch_builds_with_the_site_search_asked_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # docbuild serve --watch built with no options: --no-site-search still ran Pagefind, and
    # --site-search without it built a site with no search box instead of failing.
    from click.testing import CliRunner

    from builder.cli import main

    config = make_project(tmp_path)
    monkeypatch.setattr("builder.cli.find_pagefind", lambda: None)
    monkeypatch.setattr(watch_command, "watch_and_rebuild", lambda *args: None)
    result = CliRunner().invoke(
        main,
        [
            *("serve", "--watch", "--site-search", "-c", str(config)),
            *("--out", str(tmp_path / "_site"), "--port", "0", "--quiet"),
        ],
    )
    assert result.exit_code == 1, result.output
    assert "--site-search needs Pagefind" in result.output
    assert not (tmp_path / "_site").exists()
