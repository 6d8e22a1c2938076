"""The files a build leaves out: the build's own output folder inside the docs (``path = "."``,
a project whose README is its docs), and files skipped since the cached build."""

from __future__ import annotations

from pathlib import Path

import orjson

from tests.test_cli_build import run, write_catalog


def test_a_second_build_of_the_project_folder_does_not_read_the_first_ones_site(
    tmp_path: Path,
) -> None:
    (tmp_path / "README.md").write_text("# Hello\n\nWidgets.\n\n## Install\n\npip it.\n")
    catalog = tmp_path / "docbuild.toml"
    catalog.write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n'
        '[[libraries]]\nid = "hello"\nname = "Hello"\n'
        '  [[libraries.versions]]\n  version = "1.0.0"\n  path = "."\n',
        encoding="utf-8",
    )
    out = tmp_path / "_site"
    for cache in ("--no-cache", "--cache-dir"):
        for _ in range(2):
            code, output = run(
                "build",
                "-c",
                str(catalog),
                "--out",
                str(out),
                "--no-site-search",
                cache,
                *([str(tmp_path / ".cache")] if cache == "--cache-dir" else []),
            )
            assert code == 0, output
            volume = orjson.loads((out / "index.json").read_bytes())["entries"][0]["volumes"]
            # Read before: _site/404.html, llms.txt, index.html and the version's pages,
            # six more files on the second build (found on configobj's Debian docs folder).
            assert sorted({s["source"] for s in volume["1.0.0"]["sections"]}) == ["README.md"]
        assert "skipped _site/: a site docbuild built (its output folder), not docs" in output


def test_a_file_skipped_since_the_cached_build_is_reported(tmp_path: Path) -> None:
    # The cache key covers the pages read, not the files left out: the report gave the kept
    # list, so a file skipped since the last build went unsaid.
    catalog = write_catalog(tmp_path)
    docs = tmp_path / "docs"
    (docs / "index.md").write_text("# Index\n\nText.\n", encoding="utf-8")
    args = ("build", "-c", str(catalog), "--out", str(tmp_path / "out"), "--no-site-search")
    cache = ("--cache-dir", str(tmp_path / "cache"))
    code, output = run(*args, *cache)
    assert code == 0, output
    assert ": skipped " not in output
    (docs / ("m" * 252 + ".md")).write_text("# Long\n\ntext\n", encoding="utf-8")
    code, output = run(*args, *cache)
    assert code == 0, output
    assert f"skipped {'m' * 252}.md: file name too long" in output
    (docs / ("m" * 252 + ".md")).unlink()
    code, output = run(*args, *cache)
    assert code == 0, output
    assert ": skipped " not in output


def test_globs_that_leave_every_page_out_are_named(tmp_path: Path) -> None:
    # include = ["**/*.rst"] over a folder of Markdown: the warning said only "no readable
    # documentation files in docs", of a folder that holds pages.
    catalog = write_catalog(tmp_path, '  include = ["**/*.rst"]\n')
    (tmp_path / "docs" / "index.md").write_text("# Index\n\nText.\n", encoding="utf-8")
    code, output = run("build", "-c", str(catalog), "--out", str(tmp_path / "out"), "--no-cache")
    assert code == 0, output
    assert (
        "demo 1.0.0: no readable documentation files in "
        f"{tmp_path / 'docs'}: include = ['**/*.rst'] left out its 1 page(s) (index.md); "
        "check those globs"
    ) in output
