"""End-to-end: ``docbuild build`` and ``docbuild check`` through the real command line."""

import os
import subprocess
import sys
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from builder.cli import main
from tests.shared_builds import built_once

REPO = Path(__file__).parent.parent
EXAMPLES = REPO / "examples" / "docbuild.toml"
COMPAT = REPO / "examples" / "compat" / "doctrove-demo-index.json"


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


def built_with_and_without_cache(catalog: Path, work: Path) -> list[tuple[Path, str]]:
    """The catalog built with --no-cache and with a cache, each into a folder of ``work``:
    each output folder and the build's output (each build asserted to succeed)."""
    built = []
    for cache in ("--no-cache", "--cache-dir"):
        out = work / f"out{cache}"
        args = [cache, str(work / "cache")] if cache == "--cache-dir" else [cache]
        code, output = run(
            "build", "-c", str(catalog), "--out", str(out), "--no-site-search", *args
        )
        assert code == 0, output
        built.append((out, output))
    return built


def write_catalog(root: Path, body: str = "") -> Path:
    (root / "docs").mkdir(exist_ok=True)
    catalog = root / "docbuild.toml"
    catalog.write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n'
        '[[libraries]]\nid = "demo"\nname = "Demo"\n'
        '  [[libraries.versions]]\n  version = "1.0.0"\n  path = "docs"\n' + body,
        encoding="utf-8",
    )
    return catalog


def test_a_source_whose_page_name_is_too_long_is_skipped_not_a_crash(tmp_path: Path) -> None:
    # 252 + ".md" is a name a file system takes; 252 + ".html" is not (OSError: File name too
    # long, a traceback, with the cache and without).
    catalog = write_catalog(tmp_path)
    (tmp_path / "docs" / ("m" * 252 + ".md")).write_text("# Long\n\ntext\n", encoding="utf-8")
    (tmp_path / "docs" / ("r" * 250 + ".rst")).write_text("Fits\n====\n\ntext\n", encoding="utf-8")
    for out, output in built_with_and_without_cache(catalog, tmp_path):
        assert "file name too long" in output
        assert (out / "libs" / "demo" / "1.0.0" / ("r" * 250 + ".html")).is_file()


def test_a_folder_named_index_html_does_not_crash_the_project_detection(tmp_path: Path) -> None:
    # Telling a docsify folder reads its index.html: a folder of that name raised
    # IsADirectoryError.
    catalog = write_catalog(tmp_path)
    (tmp_path / "docs" / "page.md").write_text("# Page\n\ntext\n", encoding="utf-8")
    (tmp_path / "docs" / "index.html").mkdir()
    code, output = run(
        "build",
        "-c",
        str(catalog),
        "--out",
        str(tmp_path / "out"),
        "--no-cache",
        "--no-site-search",
    )
    assert code == 0, output
    assert (tmp_path / "out" / "libs" / "demo" / "1.0.0" / "page.html").is_file()


@pytest.mark.parametrize("folder", ["page.html", "llms.txt", "index.html"])
def test_a_folder_named_as_a_file_of_the_site_is_skipped_not_a_crash(
    tmp_path: Path, folder: str
) -> None:
    # The site cannot hold the page page.html (of page.md), or the version's index.html and
    # llms.txt, and a folder of that name (IsADirectoryError, a traceback).
    catalog = write_catalog(tmp_path)
    (tmp_path / "docs" / "page.md").write_text("# Page\n\ntext\n", encoding="utf-8")
    (tmp_path / "docs" / folder).mkdir()
    (tmp_path / "docs" / folder / "inner.md").write_text("# Inner\n\ntext\n", encoding="utf-8")
    out = tmp_path / "out"
    code, output = run("build", "-c", str(catalog), "--out", str(out), "--no-site-search")
    assert code == 0, output
    assert f"skipped {folder}/inner.md: in folder {folder}" in output
    assert (out / "libs" / "demo" / "1.0.0" / "page.html").is_file()


def test_a_reno_note_named_in_bytes_that_are_not_utf8_builds_with_the_cache(
    tmp_path: Path,
) -> None:
    # The page records the files it read, the note's name with a lone surrogate, which orjson
    # cannot write: the cache's entry for the page raised TypeError; --no-cache built.
    catalog = write_catalog(tmp_path)
    (tmp_path / "pyproject.toml").write_text("", encoding="utf-8")
    (tmp_path / "docs" / "changelog.rst").write_text(
        "Changelog\n=========\n\n.. release-notes::\n", encoding="utf-8"
    )
    notes = tmp_path / "releasenotes" / "notes"
    notes.mkdir(parents=True)
    (notes / os.fsdecode(b"fix-\xff.yaml")).write_text("fixes:\n  - Fixed it.\n", encoding="utf-8")
    pages = [
        (out / "libs" / "demo" / "1.0.0" / "changelog.html").read_bytes()
        for out, _ in built_with_and_without_cache(catalog, tmp_path)
    ]
    assert b"Fixed it." in pages[0]
    assert pages[0] == pages[1]


def test_compat_index_passes_check() -> None:
    code, output = run("check", str(COMPAT))
    assert code == 0, output
    assert "valid doctrove-index@1 (3 entries, 6 versions, 39 sections)" in output


def test_check_names_problems_by_pointer(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_bytes(
        orjson.dumps(
            {
                "format": "doctrove-index@1",
                "entries": [
                    {
                        "id": "a",
                        "name": "A",
                        "versions": ["1", "2"],
                        "volumes": {"1": {"sections": [1]}},
                    }
                ],
            }
        )
    )
    code, output = run("check", str(bad))
    assert code == 1
    assert "/entries/0/versions/1: version '2' has no volume" in output
    assert "/entries/0/volumes/1/sections/0: 1 is not of type 'object'" in output
    (tmp_path / "junk.json").write_text("{not json")
    code, output = run("check", str(tmp_path / "junk.json"))
    assert code == 1 and "not valid JSON" in output


def test_bad_catalog_exits_2_and_writes_nothing(tmp_path: Path) -> None:
    catalog = write_catalog(
        tmp_path, 'bogus = 1\n  [[libraries.versions]]\n  version = "x.y"\n  path = "nope"\n'
    )
    out = tmp_path / "_site"
    code, output = run("build", "-c", str(catalog), "--out", str(out))
    assert code == 2
    assert "unknown key 'bogus'" in output and "'x.y' is neither" in output
    assert "directory 'nope' does not exist" in output
    assert not out.exists()


def test_hostile_inputs_are_reported_not_fatal(tmp_path: Path) -> None:
    catalog = write_catalog(tmp_path)
    docs = tmp_path / "docs"
    (docs / "good.md").write_text("# Good\n\nFine text.\n", encoding="utf-8")
    (docs / "binary.md").write_bytes(b"\x00\x01\x02")
    (docs / "latin1.md").write_bytes(b"# caf\xe9\n")
    (docs / "oneline.txt").write_text("word " * 2_000_000, encoding="utf-8")
    (docs / "deep.md").write_text(
        "".join(f"<h{min(i, 6)}>Level {i}</h{min(i, 6)}>\n\ntext {i}\n\n" for i in range(1, 51))
        + "#" * 6
        + " "
        + "H" * 10_000
        + "\n\nbody\n",
        encoding="utf-8",
    )
    os.symlink(docs, docs / "loop")
    os.symlink(tmp_path / "docbuild.toml", docs / "escape.md")
    out = tmp_path / "_site"
    code, output = run("build", "-c", str(catalog), "--out", str(out))
    assert code == 0, output
    assert "skipped binary.md: binary" in output
    assert "skipped latin1.md: not UTF-8" in output
    assert "skipped escape.md: symlink out of the docs to a file that is not a page" in output
    assert "heading of 10000 characters cut to 200" in output
    document = orjson.loads((out / "index.json").read_bytes())
    sources = {s["source"] for s in document["entries"][0]["volumes"]["1.0.0"]["sections"]}
    assert sources == {"deep.md", "good.md", "oneline.txt"}
    code, output = run("build", "-c", str(catalog), "--out", str(out), "--strict")
    assert code == 1 and "--strict" in output


def test_failed_build_keeps_the_previous_site(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    catalog = write_catalog(tmp_path)
    (tmp_path / "docs" / "a.md").write_text("# A\n\nalpha\n", encoding="utf-8")
    out = tmp_path / "_site"
    assert run("build", "-c", str(catalog), "--out", str(out))[0] == 0
    before = (out / "index.json").read_bytes()
    (tmp_path / "docs" / "a.md").write_text("# A\n\nchanged\n", encoding="utf-8")

    def explode(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the disk went away half way")

    monkeypatch.setattr("builder.site_indexes.write_index", explode)
    with pytest.raises(RuntimeError, match="half way"):
        CliRunner().invoke(
            main, ["build", "-c", str(catalog), "--out", str(out)], catch_exceptions=False
        )
    assert (out / "index.json").read_bytes() == before
    leftovers = [p.name for p in tmp_path.iterdir() if "staging" in p.name or "work" in p.name]
    assert leftovers == []


def test_refuses_to_replace_a_foreign_directory(tmp_path: Path) -> None:
    catalog = write_catalog(tmp_path)
    (tmp_path / "docs" / "a.md").write_text("# A\n\nalpha\n", encoding="utf-8")
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "thesis.tex").write_text("years of work")
    code, output = run("build", "-c", str(catalog), "--out", str(precious))
    assert code == 1 and "refusing to replace it" in output
    assert (precious / "thesis.tex").read_text() == "years of work"


def test_timestamp_from_source_date_epoch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    catalog = write_catalog(tmp_path)
    (tmp_path / "docs" / "a.md").write_text("# A\n\nalpha\n", encoding="utf-8")
    out = tmp_path / "_site"
    run("build", "-c", str(catalog), "--out", str(out))
    assert "updatedAt" not in orjson.loads((out / "index.json").read_bytes())
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    run("build", "-c", str(catalog), "--out", str(out))
    document = orjson.loads((out / "index.json").read_bytes())
    assert document["updatedAt"] == "2023-11-14T22:13:20.000Z"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    code, output = run("build", "-c", str(catalog), "--out", str(out))
    assert code == 1 and "SOURCE_DATE_EPOCH must be whole seconds" in output
    # Milliseconds given as seconds (a year past 9999) ended the build with a traceback.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000000")
    code, output = run("build", "-c", str(catalog), "--out", str(out))
    assert code == 1 and "SOURCE_DATE_EPOCH 1700000000000 is not a time a build" in output
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    # Any ISO 8601 form with a zone is written as 'now' writes a time, in UTC to the millisecond.
    for given in ("2026-01-01T00:00:00Z", "2026-01-01T01:00:00+01:00", "20260101T000000Z"):
        run("build", "-c", str(catalog), "--out", str(out), "--timestamp", given)
        updated_at = orjson.loads((out / "index.json").read_bytes())["updatedAt"]
        assert updated_at == "2026-01-01T00:00:00.000Z", given
    # Written as given, so a word (or a time without its zone) became the index's build time,
    # which clients showed as "built yesterday".
    for wrong in ("yesterday", "2026-01-01T00:00:00"):
        code, output = run("build", "-c", str(catalog), "--out", str(out), "--timestamp", wrong)
        assert code == 1 and "--timestamp must be 'now' or an ISO 8601 time" in output
        assert f"not {wrong!r}" in output
    kept = orjson.loads((out / "index.json").read_bytes())["updatedAt"]
    assert kept == "2026-01-01T00:00:00.000Z"


@pytest.fixture(scope="session")
def example_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The examples built by the command line as a user builds them (with Pagefind), once per
    run. Read-only for tests."""

    def build(out: Path) -> None:
        code, output = run("build", "-c", str(EXAMPLES), "--out", str(out), "--no-cache")
        assert code == 0, output

    return built_once(tmp_path_factory, "examples-cli", build)


def test_examples_build_is_byte_identical_twice(example_site: Path, tmp_path: Path) -> None:
    again = tmp_path / "again"
    assert run("build", "-c", str(EXAMPLES), "--out", str(again), "--no-cache")[0] == 0
    first = sorted(p.relative_to(example_site) for p in example_site.rglob("*") if p.is_file())
    second = sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    assert first == second
    for relative in first:
        assert (example_site / relative).read_bytes() == (again / relative).read_bytes(), relative


def test_examples_index_is_valid_by_jsonschema_and_plain_rules(example_site: Path) -> None:
    import jsonschema

    from schemas import INDEX_SCHEMA, load_schema

    document = orjson.loads((example_site / "index.json").read_bytes())
    jsonschema.validate(document, load_schema(INDEX_SCHEMA))
    # The seed's rules, restated in plain code independently of schemas.index_rules.
    assert document["format"] == "doctrove-index@1"
    ids = [e["id"] for e in document["entries"]]
    assert len(ids) == len(set(ids))
    for entry in document["entries"]:
        assert entry["id"].strip() and entry["name"].strip()
        assert all(isinstance(a, str) for a in entry.get("aliases", []))
        for version in entry["versions"]:
            sections = entry["volumes"][version]["sections"]
            assert isinstance(sections, list) and sections
            assert all(isinstance(s, dict) for s in sections)
    assert {"attrs", "werkzeug", "python", "pypinyin", "vconsole", "express"} <= set(ids)


def test_examples_cover_every_format(example_site: Path) -> None:
    document = orjson.loads((example_site / "index.json").read_bytes())
    by_id = {e["id"]: e for e in document["entries"]}
    python = by_id["python"]["volumes"]["3.11.2"]["sections"]
    dumps = [s for s in python if s["anchor"] == "json.dumps"]
    assert len(dumps) == 1 and dumps[0]["heading"] == "json.dumps"
    assert dumps[0]["path"] == "https://docs.python.org/3.11/library/json.html#json.dumps"
    assert dumps[0]["source"] == "library/json.html"
    werkzeug = by_id["werkzeug"]["volumes"]["3.1.3"]["sections"]
    assert any(s["source"].endswith(".rst") for s in werkzeug)
    chinese = [
        s
        for e in document["entries"]
        for v in e["volumes"].values()
        for s in v["sections"]
        if any("\u4e00" <= ch <= "\u9fff" for ch in s["heading"])
    ]
    assert chinese


def test_docbuild_is_a_console_script(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "builder.cli", "--help"], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0 and "build" in result.stdout and "check" in result.stdout


def test_killed_build_leaves_a_consistent_site(examples_site: Path, tmp_path: Path) -> None:
    """SIGKILL at several moments of a real build: afterwards the output is the old site or
    the new one, every shard catalog.json names is whole, and the next build cleans up."""
    import hashlib
    import shutil
    import signal
    import time

    out = tmp_path / "_site"
    shutil.copytree(examples_site, out)  # the old site: an earlier build of the examples
    for delay in (0.2, 0.5, 0.8):
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "builder.cli",
                "build",
                "-c",
                str(EXAMPLES),
                "--out",
                str(out),
                "--no-cache",
                "--timestamp",
                f"2026-01-0{int(delay * 10) % 9 + 1}T00:00:00Z",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
        if not out.exists():  # killed between the two renames: the next build restores it
            assert list(tmp_path.glob("._site.old-*"))
            assert run("build", "-c", str(EXAMPLES), "--out", str(out), "--no-cache")[0] == 0
        catalog = orjson.loads((out / "catalog.json").read_bytes())
        for entry in catalog["entries"]:
            for shard in entry["shards"].values():
                data = (out / shard["path"]).read_bytes()
                assert hashlib.sha256(data).hexdigest() == shard["sha256"]
    assert run("build", "-c", str(EXAMPLES), "--out", str(out), "--no-cache")[0] == 0
    assert sorted(p.name for p in tmp_path.iterdir()) == ["_site"]


def test_a_catalog_of_git_tags_builds_and_rebuilds_from_the_cache(tmp_path: Path) -> None:
    from tests.source_support import git, tagged_repo

    repo = tagged_repo(tmp_path / "repo", ["v1.0.0", "v1.1.0", "v2.0.0", "not-a-version"])
    status = git(repo, "status", "--porcelain")
    catalog = tmp_path / "docbuild.toml"
    catalog.write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n'
        '[[libraries]]\nid = "demo"\nname = "Demo"\n'
        'versions_from_git = { repo = "repo", tags = "*" }\n',
        encoding="utf-8",
    )
    out = tmp_path / "_site"
    code, output = run("build", "-c", str(catalog), "--out", str(out))
    assert code == 0, output
    tree = git(repo, "rev-parse", "v1.1.0:docs")[:12]
    assert (
        f"demo 1.1.0      1 files       2 sections     0.1 kB  from git repo@v1.1.0 (tree {tree})"
        in output
    )
    assert "versions_from_git: tag 'not-a-version' is not a version; skipped" in output
    index = orjson.loads((out / "index.json").read_bytes())
    (entry,) = index["entries"]
    assert entry["versions"] == ["2.0.0", "1.1.0", "1.0.0"]
    assert entry["volumes"]["1.1.0"]["sections"][0]["heading"] == "Guide v1.1.0"
    first = (out / "index.json").read_bytes()
    code, output = run("build", "-c", str(catalog), "--out", str(out))
    assert code == 0, output
    assert "rebuilt" in output and ", 0 rebuilt" in output
    assert (out / "index.json").read_bytes() == first
    assert git(repo, "status", "--porcelain") == status
    assert not list(tmp_path.glob("._site.*"))  # no extraction folder left behind


def test_a_hostile_archive_fails_the_build_naming_the_version(tmp_path: Path) -> None:
    from tests.source_support import GUIDE, tar_member, write_tar

    write_tar(
        tmp_path / "pkg-1.0.0.tar.gz",
        [tar_member("pkg/docs/guide.md", GUIDE), tar_member("pkg/docs/x", kind=b"2", link="/etc")],
    )
    catalog = write_catalog(
        tmp_path, '  [[libraries.versions]]\n  version = "2.0.0"\n  archive = "pkg-1.0.0.tar.gz"\n'
    )
    out = tmp_path / "_site"
    code, output = run("build", "-c", str(catalog), "--out", str(out))
    assert code == 1
    assert "demo 2.0.0: symlink pkg/docs/x points outside the archive ('/etc')" in output
    assert not out.exists() and not list(tmp_path.glob("._site.*"))


def test_planted_template_bytecode_is_never_run(tmp_path: Path) -> None:
    """Compiled templates are not kept: bytes planted where jinja2 would look for them (a
    poisoned CI cache, a damaged disk) are neither run nor trusted, and are cleared away."""
    import pickle

    import jinja2

    from builder.pages import make_environment

    catalog = write_catalog(tmp_path)
    (tmp_path / "docs" / "a.md").write_text("# A\n\nalpha\n", encoding="utf-8")
    planted = tmp_path / "cache" / "templates"
    planted.mkdir(parents=True)
    env = make_environment()
    env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(planted))
    for name in env.loader.list_templates() if env.loader else []:
        if name.endswith(".html"):
            env.get_template(name)
    marker = tmp_path / "ran"
    evil = compile(f"open({str(marker)!r}, 'w').close()", "<planted>", "exec")
    for path in planted.iterdir():  # keep jinja2's header (it matches the sources), swap the code
        with path.open("rb") as handle:
            handle.read(len(jinja2.bccache.bc_magic))
            checksum = pickle.load(handle)
        bucket = jinja2.bccache.Bucket(env, path.name, checksum)
        bucket.code = evil
        with path.open("wb") as handle:
            bucket.write_bytecode(handle)
    code, output = run(
        "build",
        "-c",
        str(catalog),
        "--out",
        str(tmp_path / "_site"),
        "--cache-dir",
        str(planted.parent),
    )
    assert not marker.exists()
    assert code == 0, output
    assert not planted.exists()


def test_unservable_file_names_are_skipped_and_never_echoed_raw(tmp_path: Path) -> None:
    catalog = write_catalog(tmp_path)
    docs = tmp_path / "docs"
    (docs / "good.md").write_text("# Good\n\nFine.\n", encoding="utf-8")
    (docs / "new\nline.md").write_text("# Newline\n\ntext\n", encoding="utf-8")
    (docs / "clear\x1b[2Jscreen.md").write_text("# Escape\n\ntext\n", encoding="utf-8")
    out = tmp_path / "_site"
    code, output = run("build", "-c", str(catalog), "--out", str(out), "--no-cache")
    assert code == 0, output
    assert "\x1b" not in output and "new\nline" not in output
    assert "skipped new\\nline.md: file name has characters a web host cannot serve" in output
    assert "skipped clear\\x1b[2Jscreen.md: file name has characters" in output
    names = [p.name for p in out.rglob("*")]
    assert not [name for name in names if not name.isprintable()]
    assert "good.html" in names


def test_a_fifo_in_the_docs_does_not_hang_the_build(tmp_path: Path) -> None:
    """Run as a child process so that code which waits in open() fails here instead of
    hanging the suite; the limit only guards against that wait, it measures nothing."""
    catalog = write_catalog(tmp_path)
    (tmp_path / "docs" / "good.md").write_text("# Good\n\nFine.\n", encoding="utf-8")
    os.mkfifo(tmp_path / "docs" / "f.md")
    command = ["build", "-c", str(catalog), "--no-cache", "--out", str(tmp_path / "_site")]
    result = subprocess.run(
        [sys.executable, "-m", "builder.cli", *command],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert "skipped f.md: not a regular file (a FIFO)" in result.stderr


def test_hostile_catalog_values_exit_2_with_every_problem(tmp_path: Path) -> None:
    """Values that once gave a traceback (exit 1) or a site publishing /etc or a javascript:
    link: each is a catalog problem, listed with where it is, and nothing is written."""
    project = tmp_path / "project"
    project.mkdir()
    catalog = write_catalog(
        project,
        '  [[libraries.versions]]\n  version = "2.0.0"\n  path = "/etc"\n'
        '  [[libraries.versions]]\n  version = "3.0.0"\n  path = "../../../../../../../../etc"\n'
        '  url_template = "javascript:alert(1)//{page}"\n',
    )
    catalog.write_text(
        catalog.read_text(encoding="utf-8")
        .replace('base_url = "https://docs.example/"', 'base_url = "javascript:alert(1)"')
        .replace(
            'name = "Demo"\n',
            'name = "Demo"\npopularity = 99999999999999999999\nhomepage = "javascript:alert(1)"\n',
        ),
        encoding="utf-8",
    )
    out = tmp_path / "_site"
    code, output = run("build", "-c", str(catalog), "--out", str(out), "--no-cache")
    assert code == 2, output
    assert "Traceback" not in output
    lib = "docbuild.toml libraries[0] (id 'demo')"
    for where in [
        "docbuild.toml [site].base_url: 'javascript:alert(1)' is not an http",
        f"{lib}.popularity: must be a number from 0 to",
        f"{lib}.homepage: 'javascript:alert(1)' is not an http",
        f"{lib}.versions[1].path: '/etc' is outside the catalog's folder",
        f"{lib}.versions[2].path: '../../../../../../../../etc' is outside",
        f"{lib}.versions[2].url_template: 'javascript:alert(1)//{{page}}' is not an http",
    ]:
        assert where in output, f"{where!r} not in:\n{output}"
    assert "6 problems in the catalog" in output
    assert not out.exists()


def test_deeply_nested_catalog_value_exits_2(tmp_path: Path) -> None:
    catalog = write_catalog(tmp_path, "summary = " + "[" * 5000 + "]" * 5000 + "\n")
    code, output = run("build", "-c", str(catalog), "--out", str(tmp_path / "_site"))
    assert code == 2, output
    assert "nested too deeply" in output


def test_check_without_a_path_checks_the_site_build_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # docbuild build writes _site by default; docbuild check without a path refused to run.
    catalog = write_catalog(tmp_path)
    (tmp_path / "docs" / "guide.md").write_text("# Guide\n\nHello.\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, output = run("check")  # nothing built yet: the error says what is missing
    assert code == 1 and "_site does not exist" in output, output
    code, output = run("build", "-c", str(catalog), "--no-site-search", "-q")
    assert code == 0, output
    code, output = run("check")
    assert code == 0 and output.startswith("_site"), output
