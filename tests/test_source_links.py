"""Links from a docs folder to pages elsewhere in its project: what is read, and what never is."""

import os
import tarfile
from pathlib import Path

from builder import sources
from builder.config import load_catalog
from builder.globs import compile_globs
from builder.model import SkippedFile
from builder.pipeline import build_site
from builder.reference_scan import scan_version
from builder.sources import list_version_files, read_source
from tests.source_support import git, tar_member, write_tar

NO_GLOBS = compile_globs([])


def _project(tmp_path: Path) -> tuple[Path, Path]:
    project = tmp_path / "project"
    docs = project / "docs"
    docs.mkdir(parents=True)
    (project / "pyproject.toml").write_text("[project]\nname = 'p'\n", encoding="utf-8")
    (project / "CHANGELOG.md").write_text("# Changelog\n\n## 1.0\n\nFirst.\n", "utf-8")
    return project, docs


def _reasons(docs: Path, project: Path | None) -> dict[str, str]:
    listing = list_version_files(docs, NO_GLOBS, NO_GLOBS, project)
    reasons = {c.relpath: "read" for c in listing.candidates}
    reasons.update({s.relpath: s.reason for s in listing.skipped})
    return reasons


def test_a_chain_of_links_is_judged_by_where_it_ends(tmp_path: Path) -> None:
    project, docs = _project(tmp_path)
    (tmp_path / "secret.md").write_text("# secret\n", encoding="utf-8")
    os.symlink(tmp_path / "secret.md", project / "hop.md")  # in the project, leading out
    os.symlink(project / "hop.md", docs / "chain.md")
    os.symlink(project / "CHANGELOG.md", project / "changes.md")
    os.symlink(project / "changes.md", docs / "changes.md")
    assert _reasons(docs, project) == {
        "chain.md": "symlink leaving the root",
        "changes.md": "read",
    }


def test_links_into_hidden_folders_at_any_depth_are_refused(tmp_path: Path) -> None:
    project, docs = _project(tmp_path)
    for folder in (".git", "src/.venv/lib", "docs/.private"):
        (project / folder).mkdir(parents=True)
        (project / folder / "config.md").write_text("token = abc\n", encoding="utf-8")
    os.symlink(project / ".git", project / "meta")  # a folder link hiding the dot
    os.symlink(project / "meta" / "config.md", docs / "via-folder-link.md")
    os.symlink(project / "src/.venv/lib/config.md", docs / "deep.md")
    os.symlink(project / "docs/.private/config.md", docs / "inside.md")
    assert _reasons(docs, project) == {
        ".private/config.md": "hidden",
        "deep.md": "symlink to a hidden file",
        "inside.md": "symlink to a hidden file",
        "via-folder-link.md": "symlink to a hidden file",
    }


def test_a_docs_folder_at_the_root_of_a_clone_cannot_link_its_git_config(tmp_path: Path) -> None:
    """The docs folder is the project (a README-only library): a link to .git/config under a
    page's name stays inside the docs folder, and must be refused all the same."""
    project = tmp_path / "project"
    (project / ".git").mkdir(parents=True)
    (project / ".git" / "config").write_text("url = https://user:token@host/\n", "utf-8")
    (project / "README.md").write_text("# Readme\n", encoding="utf-8")
    os.symlink(project / ".git" / "config", project / "config.md")
    os.symlink(".git/config", project / "relative.txt")
    assert _reasons(project, project) == {
        "README.md": "read",
        "config.md": "symlink to a hidden file",
        "relative.txt": "symlink to a hidden file",
    }
    assert _reasons(project, None)["config.md"] == "symlink to a hidden file"


def test_links_to_folders_special_files_and_loops_are_skipped_not_fatal(tmp_path: Path) -> None:
    project, docs = _project(tmp_path)
    os.mkfifo(project / "pipe.md")
    (docs / "inside.md").mkdir()  # a folder link inside the docs: listed already
    os.symlink(docs / "inside.md", docs / "folder.md")
    os.symlink(project / "pipe.md", docs / "pipe.md")
    os.symlink("/dev/null", docs / "null.md")
    os.symlink(project / "loop-a.md", project / "loop-b.md")
    os.symlink(project / "loop-b.md", project / "loop-a.md")
    os.symlink(project / "loop-a.md", docs / "loop.md")
    assert _reasons(docs, project) == {
        "folder.md": "symlinked directory (not followed)",
        "loop.md": "broken symlink or symlink loop",
        "null.md": "symlink leaving the root",
        "pipe.md": "not a regular file (a FIFO)",
    }


def test_a_link_retargeted_after_the_listing_is_not_read_through(tmp_path: Path) -> None:
    project, docs = _project(tmp_path)
    (tmp_path / "secret.md").write_text("# secret\n", encoding="utf-8")
    os.symlink(project / "CHANGELOG.md", docs / "changelog.md")
    listing = list_version_files(docs, NO_GLOBS, NO_GLOBS, project)
    (docs / "changelog.md").unlink()
    os.symlink(tmp_path / "secret.md", docs / "changelog.md")
    read = read_source(listing.candidates[0])
    assert read == SkippedFile("changelog.md", "symlink pointed elsewhere during the build")
    assert scan_version(listing.candidates) == scan_version(())  # its titles are not read


CATALOG = """\
[site]
title = "T"
base_url = "https://docs.example/"

[[libraries]]
id = "alpha"
name = "Alpha"
  [[libraries.versions]]
  version = "1.0.0"
  SOURCE
"""


def _sections(site: Path) -> str:
    return (site / "libs" / "alpha" / "index.json").read_text("utf-8")


def test_a_rebuild_sees_a_change_to_a_linked_page_and_a_new_link_target(tmp_path: Path) -> None:
    project, docs = _project(tmp_path)
    (docs / "index.md").write_text("# Alpha\n\nHome.\n", encoding="utf-8")
    os.symlink("../CHANGELOG.md", docs / "changelog.md")
    catalog = tmp_path / "docbuild.toml"
    catalog.write_text(CATALOG.replace("SOURCE", 'path = "project/docs"'), "utf-8")
    cache = tmp_path / "cache"
    build_site(load_catalog(catalog), tmp_path / "warm", cache_dir=cache)
    assert "First." in _sections(tmp_path / "warm")
    (project / "CHANGELOG.md").write_text("# Changelog\n\n## 2.0\n\nSecond.\n", "utf-8")
    build_site(load_catalog(catalog), tmp_path / "warm", cache_dir=cache)
    assert "Second." in _sections(tmp_path / "warm")
    (project / "HISTORY.md").write_text("# History\n\n## 3.0\n\nThird.\n", "utf-8")
    (docs / "changelog.md").unlink()
    os.symlink("../HISTORY.md", docs / "changelog.md")
    build_site(load_catalog(catalog), tmp_path / "warm", cache_dir=cache)
    build_site(load_catalog(catalog), tmp_path / "cold")
    assert "Third." in _sections(tmp_path / "warm")
    assert _sections(tmp_path / "warm") == _sections(tmp_path / "cold")


def test_a_version_from_git_reads_its_link_to_the_changelog(tmp_path: Path) -> None:
    project, docs = _project(tmp_path / "checkout")
    (docs / "index.md").write_text("# Alpha\n\nHome.\n", encoding="utf-8")
    os.symlink("../CHANGELOG.md", docs / "changelog.md")
    git(project, "init", "-q")
    git(project, "add", "-A")
    git(project, "commit", "-q", "-m", "one")
    git(project, "tag", "v1.0.0")
    catalog = tmp_path / "docbuild.toml"
    source = 'git = { repo = "checkout/project", ref = "v1.0.0", path = "docs" }'
    catalog.write_text(CATALOG.replace("SOURCE", source), "utf-8")
    build_site(load_catalog(catalog), tmp_path / "site")
    sections = _sections(tmp_path / "site")
    assert "First." in sections


def test_a_version_from_an_sdist_reads_its_link_to_the_changelog(tmp_path: Path) -> None:
    write_tar(
        tmp_path / "alpha-1.0.0.tar.gz",
        [
            tar_member("alpha-1.0.0/pyproject.toml", b"[project]\n"),
            tar_member("alpha-1.0.0/CHANGELOG.md", b"# Changelog\n\n## 1.0\n\nFirst.\n"),
            tar_member("alpha-1.0.0/docs/index.md", b"# Alpha\n\nHome.\n"),
            tar_member(
                "alpha-1.0.0/docs/changelog.md", kind=tarfile.SYMTYPE, link="../CHANGELOG.md"
            ),
        ],
    )
    catalog = tmp_path / "docbuild.toml"
    source = 'archive = { file = "alpha-1.0.0.tar.gz", path = "docs" }'
    catalog.write_text(CATALOG.replace("SOURCE", source), "utf-8")
    build_site(load_catalog(catalog), tmp_path / "site")
    assert "First." in _sections(tmp_path / "site")


def test_a_link_to_another_page_of_the_docs_is_not_read_twice(tmp_path: Path) -> None:
    # Debian's ruby-mocha-doc 1.16.1 links YARD's index.html to file.README.html: its 28
    # sections were read twice
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "file.README.html").write_text("<h1>Mocha</h1><p>Mocking.</p>", "utf-8")
    (docs / "index.html").symlink_to("file.README.html")
    (docs / "sub").mkdir()
    (docs / "sub" / "readme.html").symlink_to("../file.README.html")
    assert _reasons(docs, None) == {
        "file.README.html": "read",
        "index.html": "a link to file.README.html, read there",
        "sub/readme.html": "a link to file.README.html, read there",
    }


def test_links_to_one_page_elsewhere_in_the_project_read_it_once(tmp_path: Path) -> None:
    # Each of two links to the project's changelog read it again, and a third through a link
    project, docs = _project(tmp_path)
    (docs / "changes.md").symlink_to("../CHANGELOG.md")
    (docs / "history.md").symlink_to("../CHANGELOG.md")
    (docs / "old.md").symlink_to("history.md")
    assert _reasons(docs, project) == {
        "changes.md": "read",
        "history.md": "a link to changes.md, read there",
        "old.md": "a link to changes.md, read there",
    }


def test_a_link_made_a_loop_after_the_listing_is_kept_not_fatal(tmp_path: Path) -> None:
    # Path.resolve raises RuntimeError on a loop: a link pointed at itself between the
    # listing and the check for links to listed pages ended the build
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "page.md").write_text("# Page\n", "utf-8")
    (docs / "alias.md").symlink_to("alias.md")
    listed = [
        sources.Candidate("alias.md", docs / "alias.md", identity=(1, 2)),
        sources.Candidate("page.md", docs / "page.md"),
    ]
    kept = sources._without_links_to_listed_pages(listed, [])
    assert [c.relpath for c in kept] == ["alias.md", "page.md"]
