"""``docbuild init`` end to end: on each kind of project in examples/ the catalog it writes
builds as it stands; it refuses to replace a catalog without --force."""

from __future__ import annotations

import shlex
import tomllib
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from builder.cli import main
from builder.config import load_catalog
from builder.pipeline import build_site
from builder.starter import write_starter_catalog
from tests.source_support import git, tagged_repo, tar_member, write_tar
from tests.test_projects_gen_files import RECIPE
from tests.test_survey import copy_example


def init(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["init", *args])
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("example", "project", "api"),
    [
        ("dirty-equals/0.9.0", "mkdocs", True),
        ("pluggy/1.6.0", "sphinx", True),
        ("cattrs/25.1.1", "sphinx", True),
        ("itsdangerous/2.2.0", "none", True),
        ("vconsole/3.15.1", "none", False),
        ("attrs/25.3.0", "none", False),
        ("python/3.11.2", "none", False),
    ],
)
def test_the_catalog_init_writes_builds_as_it_stands(
    tmp_path: Path, example: str, project: str, api: bool
) -> None:
    root = copy_example(example, tmp_path)
    written = write_starter_catalog(root)
    config = load_catalog(written.path)
    report = build_site(config, tmp_path / "site")
    (version,) = report.versions
    assert version.sections > 10 and version.files_read > 1
    assert version.project.startswith(project)
    assert ("API from code in" in version.api) is api, version.api
    assert not [w for w in report.warnings if "does not exist" in w.message]
    text = written.path.read_text(encoding="utf-8")
    assert text.startswith("# docbuild.toml: written by docbuild init.")
    assert tomllib.loads(text)["libraries"][0]["id"] == example.split("/")[0]


def test_a_tagged_repository_gets_one_version_per_tag(tmp_path: Path) -> None:
    repo = tagged_repo(tmp_path / "repo", ["v1.0.0", "v1.1.0", "v2.0.0rc1"])
    git(repo, "remote", "add", "origin", "https://github.com/org/demo.git")
    written = write_starter_catalog(repo)
    catalog = tomllib.loads(written.path.read_text(encoding="utf-8"))
    assert catalog["site"]["base_url"] == "https://org.github.io/demo/"
    assert catalog["libraries"][0]["versions_from_git"]["limit"] == 3
    report = build_site(load_catalog(written.path), tmp_path / "site")
    assert sorted(v.version for v in report.versions) == ["1.0.0", "1.1.0", "2.0.0rc1"]
    assert all(v.sections >= 2 for v in report.versions)


def test_init_prints_what_it_found_and_the_next_three_commands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = copy_example("pluggy/1.6.0", tmp_path)
    (tmp_path / "elsewhere").mkdir()
    monkeypatch.chdir(tmp_path / "elsewhere")
    code, output = init(str(root))
    assert code == 0, output
    lines = output.splitlines()
    assert lines[0].startswith(f"Wrote {root / 'docbuild.toml'} in ")
    assert "  docs/conf.py: Sphinx" in lines and "  package code in src/" in lines
    steps = lines[lines.index("Next:") + 1 :][:3]
    assert steps == [
        f"  1. docbuild build -c {root / 'docbuild.toml'}",
        f"  2. docbuild serve -c {root / 'docbuild.toml'}",
        "  3. docclient list --local-index _site",
    ]
    # It pointed to docs/publishing.md, which a pip-installed docbuild does not have. With
    # no GitHub origin, the address comes first: published as it stands, the site's links and
    # catalog would point to http://127.0.0.1:8730/.
    publish = f"docbuild publish -c {root / 'docbuild.toml'}"
    assert lines[-1] == (
        f"Then publish it: set base_url in {root / 'docbuild.toml'} to the address it will be "
        "served at (GitHub Pages: https://OWNER.github.io/REPO/), then "
        f"{publish} --dry-run, then {publish} (the site becomes the "
        "repository's gh-pages branch, for GitHub Pages to serve)."
    )
    # Run where init was, the commands make the site there, not beside the catalog (where
    # the third looked: root/_site).
    built = CliRunner().invoke(main, ["build", "-q", "-c", str(root / "docbuild.toml")])
    assert built.exit_code == 0, built.output
    assert Path("_site/index.json").is_file() and not (root / "_site").exists()


def test_init_in_a_repository_on_github_names_publish_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = tagged_repo(tmp_path / "repo", ["v1.0.0"])
    git(repo, "remote", "add", "origin", "https://github.com/org/demo.git")
    monkeypatch.chdir(repo)
    code, output = init()
    assert code == 0, output
    assert 'base_url = "https://org.github.io/demo/"' in Path("docbuild.toml").read_text()
    assert output.splitlines()[-1] == (
        "Then publish it: docbuild publish --dry-run, then docbuild publish (the site becomes "
        "the repository's gh-pages branch, for GitHub Pages to serve)."
    )


def test_an_archive_whose_metadata_names_no_version_is_versioned_by_its_name(
    tmp_path: Path,
) -> None:
    # GitHub's source zip of a release whose version only its git tag holds (setuptools-scm):
    # the catalog said version 0.0.0 though the archive's name says 4.5.6.
    archive = write_tar(
        tmp_path / "delta-4.5.6.tar.gz",
        [
            tar_member("delta-4.5.6/pyproject.toml", b"[project]\nname = 'delta'\n"),
            tar_member("delta-4.5.6/docs/index.md", b"# Delta\n\nText.\n"),
        ],
    )
    written = write_starter_catalog(archive)
    (version,) = tomllib.loads(written.path.read_text("utf-8"))["libraries"][0]["versions"]
    assert version["version"] == "4.5.6"
    assert (
        "version 4.5.6, from the archive's name (its metadata names none)" in written.survey.found
    )


def test_an_unpacked_archive_whose_metadata_names_no_version_is_versioned_by_its_folder(
    tmp_path: Path,
) -> None:
    # pdm 2.28.2, GitHub's archive of its tag unpacked (pdm-2.28.2/): pdm-backend takes the
    # version from git ([tool.pdm.version] source = "scm"), and no file holds it; the catalog
    # said 0.0.0. A folder named otherwise says nothing of a version.
    found = {}
    for name, expected in (("pdm-2.28.2", "2.28.2"), ("pdm", "0.0.0")):
        root = tmp_path / name
        (root / "docs").mkdir(parents=True)
        (root / "docs" / "index.md").write_text("# PDM\n\nText.\n", encoding="utf-8")
        (root / "pyproject.toml").write_text(
            '[project]\nname = "pdm"\ndynamic = ["version"]\n\n'
            '[tool.pdm.version]\nsource = "scm"\n',
            encoding="utf-8",
        )
        written = write_starter_catalog(root)
        catalog = tomllib.loads(written.path.read_text("utf-8"))
        (library,) = catalog["libraries"]
        assert (library["id"], library["versions"][0]["version"]) == ("pdm", expected)
        found[name] = written.survey.found
    line = "version 2.28.2, from the folder's name (its metadata names none)"
    assert line in found["pdm-2.28.2"]
    assert not any("from the folder's name" in text for text in found["pdm"])


def test_an_archive_without_metadata_names_the_library_without_its_version(
    tmp_path: Path,
) -> None:
    # No pyproject.toml or package.json: the project was named by its top folder, version and
    # all (id "notes-2.1.0", title "notes-2.1.0 docs"), though the version was read off the name.
    archive = write_tar(
        tmp_path / "notes-2.1.0.tar.gz",
        [tar_member("notes-2.1.0/docs/index.md", b"# Notes\n\nText.\n")],
    )
    written = write_starter_catalog(archive)
    catalog = tomllib.loads(written.path.read_text("utf-8"))
    (library,) = catalog["libraries"]
    assert (library["id"], library["name"]) == ("notes", "notes")
    assert library["versions"][0]["version"] == "2.1.0"
    assert catalog["site"]["title"] == "notes docs"


def test_init_of_a_folder_without_docs_or_code_refuses_and_writes_nothing(tmp_path: Path) -> None:
    # Run in the wrong folder, init wrote a catalog that built a site of 0 sections.
    (tmp_path / "notes.csv").write_text("a,b\n", encoding="utf-8")
    code, output = init(str(tmp_path))
    assert code == 1 and f"{tmp_path.resolve()} holds no docs: no docs folder" in output
    assert output.rstrip().endswith(
        "run docbuild init in the project's folder, or give it that folder: docbuild init PATH"
    )
    assert not (tmp_path / "docbuild.toml").exists()


def test_init_of_an_archive_without_docs_or_code_refuses_and_writes_nothing(
    tmp_path: Path,
) -> None:
    # As a folder did: the catalog written beside the archive built a site of 0 sections.
    archive = tmp_path / "data-1.0.tar.gz"
    write_tar(archive, [tar_member("data-1.0/notes.csv", b"a,b\n")])
    code, output = init(str(archive))
    assert code == 1 and f"{archive.resolve()} holds no docs: no docs folder" in output
    assert output.rstrip().endswith(
        "give docbuild init the project's folder, or the release archive holding its docs: "
        "docbuild init PATH"
    )
    assert not (tmp_path / "docbuild.toml").exists()


def test_init_of_a_folder_holding_only_archives_names_them(tmp_path: Path) -> None:
    # A download folder: the catalog read nothing (0 sections) and then, being there, stood in
    # the way of docbuild init on the archive without --force.
    write_tar(tmp_path / "pkg-1.0.tar.gz", [tar_member("pkg-1.0/docs/index.md", b"# P\n")])
    code, output = init(str(tmp_path))
    assert code == 1 and output.rstrip().endswith(
        f"holds no docs but release archives (pkg-1.0.tar.gz); give docbuild init one: "
        f"docbuild init {tmp_path / 'pkg-1.0.tar.gz'}"
    )
    assert not (tmp_path / "docbuild.toml").exists()


def test_init_of_a_damaged_archive_names_it_and_keeps_the_catalog(tmp_path: Path) -> None:
    # A failed download saved under the archive's name: the error named neither the file nor
    # what to do ('not a readable tar archive (ReadError: ...)').
    archive = tmp_path / "pkg-1.0.tar.gz"
    archive.write_bytes(b"<html>Not Found</html>")
    (tmp_path / "docbuild.toml").write_text("# mine\n", encoding="utf-8")
    code, output = init(str(archive), "--force")
    assert code == 1
    assert output.startswith(f"docbuild: error: {archive}: not a readable tar archive")
    assert output.rstrip().endswith("download it again, or give docbuild init the unpacked folder")
    assert (tmp_path / "docbuild.toml").read_text(encoding="utf-8") == "# mine\n"
    write_tar(archive, [tar_member("../outside.md", b"x")])
    code, output = init(str(archive), "--force")
    assert code == 1 and output.rstrip().endswith(
        "leaves the archive's root ('..'); docbuild reads no such archive: give init the "
        "project's folder"
    )


def test_the_next_commands_quote_a_catalog_path_with_spaces(tmp_path: Path) -> None:
    # Printed bare, 'docbuild build -c my docs/docbuild.toml' ran as -c my, a stray argument.
    (tmp_path / "my releases").mkdir()
    archive = write_tar(
        tmp_path / "my releases" / "backoff 2.2.1.tar.gz",
        [tar_member("backoff-2.2.1/README.rst", b"backoff\n=======\n\nRetry.\n")],
    )
    build, serve, _ = write_starter_catalog(archive).next_commands
    assert shlex.split(build) == ["docbuild", "build", "-c", str(archive.parent / "docbuild.toml")]
    assert shlex.split(serve)[-1] == str(archive.parent / "docbuild.toml")


def test_init_refuses_to_replace_a_catalog_without_force(tmp_path: Path) -> None:
    (tmp_path / "index.md").write_text("# Home\n", encoding="utf-8")
    catalog = tmp_path / "docbuild.toml"
    catalog.write_text("# mine\n", encoding="utf-8")
    code, output = init(str(tmp_path))
    assert code == 1
    assert "already exists; docbuild init leaves it alone (pass --force" in output
    assert catalog.read_text(encoding="utf-8") == "# mine\n"
    code, output = init(str(tmp_path), "--force")
    assert code == 0, output
    assert catalog.read_text(encoding="utf-8").startswith("# docbuild.toml: written by")


def test_init_of_a_missing_folder_is_an_error(tmp_path: Path) -> None:
    code, output = init(str(tmp_path / "nope"))
    assert code == 1 and "is not a folder or a release archive" in output
    (tmp_path / "notes.txt").write_text("x", encoding="utf-8")
    code, output = init(str(tmp_path / "notes.txt"))
    assert code == 1 and "or an archive (.tar, .tar.gz, .tgz" in output
    assert output.rstrip().endswith(".txz, .zip)")  # not .whl, which init refuses


def _sdist(folder: Path, archive: Path) -> Path:
    """``folder`` as a release archive holding it as its one top folder, as an sdist does."""
    members = [tar_member(f"{folder.name}/", kind=b"5")]
    for path in sorted(folder.rglob("*")):
        name = f"{folder.name}/{path.relative_to(folder).as_posix()}"
        if path.is_dir():
            members.append(tar_member(name + "/", kind=b"5"))
        else:
            members.append(tar_member(name, path.read_bytes()))
    return write_tar(archive, members)


def test_init_of_a_release_archive_builds_it_from_the_archive(tmp_path: Path) -> None:
    # docbuild init took folders only: a release's sdist had to be unpacked by hand, and the
    # catalog then read the unpacked copy rather than the archive.
    root = copy_example("pluggy/1.6.0", tmp_path / "unpacked")
    releases = tmp_path / "releases"
    releases.mkdir()
    archive = _sdist(root, releases / "pluggy-1.6.0.tar.gz")
    code, output = init(str(archive))
    assert code == 0, output
    assert output.splitlines()[1] == (
        f"  pluggy-1.6.0.tar.gz: a release archive (its top folder {root.name}/)"
    )
    assert sorted(p.name for p in releases.iterdir()) == ["docbuild.toml", archive.name]
    catalog = releases / "docbuild.toml"
    (version,) = tomllib.loads(catalog.read_text("utf-8"))["libraries"][0]["versions"]
    assert version["archive"] == {"file": "pluggy-1.6.0.tar.gz", "path": "docs"}
    assert "path" not in version and "source_dir" not in version
    from_archive = build_site(load_catalog(catalog), tmp_path / "site")
    from_folder = build_site(load_catalog(write_starter_catalog(root).path), tmp_path / "site2")
    (built,) = from_archive.versions
    assert built.sections == from_folder.versions[0].sections > 10
    assert built.api.startswith("API from code in the archive's")


def test_init_of_a_readme_only_archive_reads_its_readme_and_docstrings(tmp_path: Path) -> None:
    archive = write_tar(
        tmp_path / "backoff-2.2.1.tar.gz",
        [
            tar_member("backoff-2.2.1/README.rst", b"backoff\n=======\n\nRetry.\n"),
            tar_member("backoff-2.2.1/backoff/__init__.py", b'def on():\n    """Retry."""\n'),
        ],
    )
    written = write_starter_catalog(archive)
    (version,) = tomllib.loads(written.path.read_text("utf-8"))["libraries"][0]["versions"]
    assert version["archive"] == {"file": "backoff-2.2.1.tar.gz", "path": "."}
    assert version["api"] == ["backoff"]
    report = build_site(load_catalog(written.path), tmp_path / "site")
    assert report.versions[0].api == "API from code in the archive's top folder: 2 objects"


def test_a_tagged_readme_only_repository_gets_its_api_on_every_tag(tmp_path: Path) -> None:
    repo = tmp_path / "backoff"
    (repo / "backoff").mkdir(parents=True)
    git(repo, "init", "-q")
    (repo / "README.md").write_text("# backoff\n\nRetry.\n", encoding="utf-8")
    for tag in ("v1.0.0", "v1.1.0"):
        (repo / "backoff" / "__init__.py").write_text(
            f'def on():\n    """Retry, as {tag} does."""\n', encoding="utf-8"
        )
        git(repo, "add", "-A")
        git(repo, "commit", "-q", "-m", tag)
        git(repo, "tag", tag)
    written = write_starter_catalog(repo)
    library = tomllib.loads(written.path.read_text("utf-8"))["libraries"][0]
    assert library["versions_from_git"]["api"] == ["backoff"]
    report = build_site(load_catalog(written.path), tmp_path / "site")
    assert sorted(v.version for v in report.versions) == ["1.0.0", "1.1.0"]
    assert all(v.api.endswith(": 2 objects") for v in report.versions)


def test_a_quarto_project_is_read_through_its_quarto_yml(tmp_path: Path) -> None:
    # quartodoc's docs/_quarto.yml was passed over and the folder read as plain Markdown
    # (project = "none"): the API pages its quartodoc section lists were never made, 54 of its
    # 158 sections. quarto-web, whose _quarto.yml is the project's, was read from docs/ only.
    root = tmp_path / "demo"
    (root / "docs").mkdir(parents=True)
    (root / "pyproject.toml").write_text(
        '[project]\nname = "demo"\nversion = "1.0"\n', encoding="utf-8"
    )
    (root / "docs" / "_quarto.yml").write_text(
        "website:\n  sidebar:\n    contents: [guide.qmd, index.qmd]\n"
        "quartodoc:\n  package: demo\n  sections:\n    - title: API\n      contents: [greet]\n",
        encoding="utf-8",
    )
    (root / "docs" / "index.qmd").write_text("# Home\n\nWelcome.\n", encoding="utf-8")
    (root / "docs" / "guide.qmd").write_text("# Guide\n\nStart here.\n", encoding="utf-8")
    (root / "docs" / "_part.qmd").write_text("# Part\n\nShared.\n", encoding="utf-8")
    (root / "demo").mkdir()
    (root / "demo" / "__init__.py").write_text(
        'def greet(name: str) -> str:\n    """Say hello to ``name``."""\n', encoding="utf-8"
    )
    code, output = init(str(root))
    assert code == 0, output
    assert "  docs/_quarto.yml: Quarto, pages in the order of its sidebar" in output.splitlines()
    written = root / "docbuild.toml"
    version = tomllib.loads(written.read_text(encoding="utf-8"))["libraries"][0]["versions"][0]
    assert (version["path"], version["project"]) == ("docs", "auto")
    assert version["include"] == ["**/*.qmd", "**/*.md"]
    report = build_site(load_catalog(written), tmp_path / "site")
    assert report.versions[0].project == "quarto from _quarto.yml, 4 pages in its order"
    index = orjson.loads((tmp_path / "site" / "libs" / "demo" / "index.json").read_bytes())
    sections = index["entries"][0]["volumes"]["1.0"]["sections"]
    assert [s["heading"] for s in sections] == ["Guide", "Home", "API", "demo.greet"]


@pytest.mark.parametrize(
    ("files", "api"),
    [
        # backoff 2.2.1's sdist: README.rst and the package, no docs folder.
        ({"README.rst": "backoff\n=======\n\nRetry.\n", "backoff/__init__.py": '"""Retry."""\n'},
         ["backoff"]),
        # tabulate 0.8.10's: README.md and one module beside setup.py.
        ({"README.md": "# tabulate\n\nTables.\n", "tabulate.py": '"""Tables."""\n',
          "setup.py": ""}, ["tabulate"]),
        # A package beside the module that is not its API (benchmarks/) hid the module.
        ({"README.md": "# tabulate\n\nTables.\n", "tabulate.py": '"""Tables."""\n',
          "benchmarks/__init__.py": "", "setup.py": ""}, ["tabulate"]),
        # Pages that document the code themselves need no API pages of their own.
        ({"README.rst": "x\n=\n\n.. automodule:: backoff\n", "backoff/__init__.py": ""}, None),
        # MyST's autodoc fences document it too (they were not seen: its API twice).
        ({"README.md": "# x\n\n```{automodule} backoff\n:members:\n```\n",
          "backoff/__init__.py": ""}, None),
        ({"README.md": "# x\n\n:::{autofunction} backoff.on\n:::\n",
          "backoff/__init__.py": ""}, None),
    ],
)  # fmt: skip
def test_init_gives_a_readme_only_project_pages_of_its_api(
    tmp_path: Path, files: dict[str, str], api: list[str] | None
) -> None:
    # Its README named no code, so the catalog init wrote read none of the docstrings.
    root = tmp_path / next(iter(api or ["backoff"]))
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    written = write_starter_catalog(root)
    (version,) = tomllib.loads(written.path.read_text("utf-8"))["libraries"][0]["versions"]
    assert version.get("api") == api
    if api:
        report = build_site(load_catalog(written.path), tmp_path / "site")
        assert report.versions[0].api == f"API from code in {root}: 1 objects"


MKDOCSTRINGS_YML = (
    "site_name: demo\nnav:\n  - index.md\n  - API Reference: api/\nplugins:\n  - mkdocstrings\n"
)
GEN_FILES = "  - gen-files:\n      scripts:\n        - scripts/gen_ref_pages.py\n"


@pytest.mark.parametrize(
    ("files", "api"),
    [
        # The MCP Python SDK 2.3.0: a script run before MkDocs writes docs/api/, so no page
        # of the release holds a "::: mcp" block; its API was never read.
        ({"mkdocs.yml": MKDOCSTRINGS_YML}, ["demo"]),
        # A page's own block names the code: no API pages of its own.
        ({"mkdocs.yml": MKDOCSTRINGS_YML, "docs/api.md": "# API\n\n::: demo\n"}, None),
        # pyee's "### ::: pyee", the object's heading level before it.
        ({"mkdocs.yml": MKDOCSTRINGS_YML, "docs/api.md": "# API\n\n### ::: demo\n"}, None),
        # supervision 0.27.0's ":::supervision.Detections", no space: its 280 API entries
        # were written twice, the second time on api/supervision.md.
        ({"mkdocs.yml": MKDOCSTRINGS_YML, "docs/api.md": "# API\n\n:::demo.greet\n"}, None),
        # A Docusaurus container names no code.
        ({"mkdocs.yml": MKDOCSTRINGS_YML, "docs/api.md": "# API\n\n:::note\nSee.\n:::\n"},
         ["demo"]),
        # Neither do the pages mkdocstrings' gen-files recipe or api-autonav write.
        ({"mkdocs.yml": MKDOCSTRINGS_YML + GEN_FILES, "scripts/gen_ref_pages.py": RECIPE},
         None),
        # A gen-files script the build cannot read leaves its pages missing: API pages then.
        ({"mkdocs.yml": MKDOCSTRINGS_YML + GEN_FILES,
          "scripts/gen_ref_pages.py": "import mkdocs_gen_files\n\nrun()\n"}, ["demo"]),
        ({"mkdocs.yml": MKDOCSTRINGS_YML + "  - api-autonav:\n      modules: [src/demo]\n"},
         None),
        # Without mkdocstrings the docs are prose: the code is not theirs to show.
        ({"mkdocs.yml": "site_name: demo\n"}, None),
    ],
)  # fmt: skip
def test_init_reads_the_api_an_mkdocstrings_project_writes_with_a_script(
    tmp_path: Path, files: dict[str, str], api: list[str] | None
) -> None:
    root = tmp_path / "demo"
    files = {
        "docs/index.md": "# Demo\n\nWelcome.\n",
        "src/demo/__init__.py": 'def greet() -> str:\n    """Say hello."""\n',
        **files,
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    written = write_starter_catalog(root)
    (version,) = tomllib.loads(written.path.read_text("utf-8"))["libraries"][0]["versions"]
    assert version.get("api") == api
    if api:
        report = build_site(load_catalog(written.path), tmp_path / "site")
        assert report.versions[0].api == f"API from code in {root / 'src'}: 2 objects"


def test_an_archive_without_a_top_folder_is_named_by_the_archive(tmp_path: Path) -> None:
    # Its files at the root, no metadata: the project was named by the scratch folder.
    archive = write_tar(
        tmp_path / "handbook-2.0.tar.gz",
        [
            tar_member("guide.md", b"# Guide\n\nRead me.\n"),
            tar_member("faq.md", b"# FAQ\n\nAsk.\n"),
        ],
    )
    written = write_starter_catalog(archive)
    library = tomllib.loads(written.path.read_text("utf-8"))["libraries"][0]
    # Named as the archive less the version its name gives the version (2.0).
    assert (library["id"], library["name"]) == ("handbook", "handbook")
    assert library["versions"][0]["version"] == "2.0"
    report = build_site(load_catalog(written.path), tmp_path / "site")
    assert report.versions[0].sections == 2


def test_init_of_a_wheel_asks_for_the_source_archive(tmp_path: Path) -> None:
    wheel = tmp_path / "demo-1.0-py3-none-any.whl"
    wheel.write_bytes(b"PK\x05\x06" + bytes(18))  # an empty zip
    code, output = init(str(wheel))
    assert code == 1 and "is a wheel: it holds the code but no docs pages" in output
    assert not (tmp_path / "docbuild.toml").exists()
