"""``docbuild publish`` with real git: a local bare repository stands in for the remote."""

import subprocess
from pathlib import Path

import orjson
import pytest
from click.testing import CliRunner

from builder.cli import main
from builder.publish import PublishError, publish_site


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout


def make_project(tmp_path: Path) -> tuple[Path, Path]:
    remote = tmp_path / "remote.git"
    git(tmp_path, "init", "-q", "--bare", str(remote))
    work = tmp_path / "work"
    (work / "docs").mkdir(parents=True)
    git(work, "init", "-q")
    git(work, "remote", "add", "origin", str(remote))
    (work / "docs" / "guide.md").write_text("# Guide\n\nHello.\n", encoding="utf-8")
    (work / "docbuild.toml").write_text(
        '[site]\ntitle = "T"\nbase_url = "https://docs.example/"\n\n[[libraries]]\n'
        'id = "demo"\nname = "Demo"\n  [[libraries.versions]]\n  version = "1.0.0"\n'
        '  path = "docs"\n',
        encoding="utf-8",
    )
    return work, remote


def publish(work: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(
        main,
        ["publish", "-c", str(work / "docbuild.toml"), "--out", str(work / "_site"), "-q", *args],
    )
    return result.exit_code, result.output


def tracked_files(root: Path) -> set[str]:
    return {
        p.relative_to(root).as_posix()
        for p in root.rglob("*")
        if p.is_file() and ".git" not in p.relative_to(root).parts
    }


def test_publish_then_a_fresh_clone_holds_exactly_the_site(tmp_path: Path) -> None:
    work, remote = make_project(tmp_path)
    code, output = publish(work)
    assert code == 0, output
    assert "Pushed" in output and "as its first commit" in output
    assert (
        "Once https://docs.example/ serves gh-pages, agents read it with: "
        "docclient serve --index-url https://docs.example/" in output
    )
    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", "--branch", "gh-pages", str(remote), str(clone))
    assert tracked_files(clone) == tracked_files(work / "_site")
    for name in tracked_files(clone):
        assert (clone / name).read_bytes() == (work / "_site" / name).read_bytes()
    assert "Publish doctrove site, build" in git(clone, "log", "-1", "--format=%s")
    # The user's own branch, index and working tree are untouched.
    assert git(work, "status", "--porcelain", "--untracked-files=no") == ""


def test_second_publish_builds_on_the_remote_tip(tmp_path: Path) -> None:
    work, remote = make_project(tmp_path)
    assert publish(work)[0] == 0
    code, output = publish(work)
    assert code == 0 and "Nothing to publish" in output
    (work / "docs" / "guide.md").write_text("# Guide\n\nHello again.\n", encoding="utf-8")
    code, output = publish(work)
    assert code == 0 and "on top of" in output
    log = git(remote, "log", "--format=%s", "gh-pages").splitlines()
    assert len(log) == 2


def test_dry_run_pushes_nothing(tmp_path: Path) -> None:
    work, remote = make_project(tmp_path)
    code, output = publish(work, "--dry-run")
    assert code == 0 and "Would push (dry run)" in output
    assert git(remote, "branch", "--list") == ""


def test_missing_remote_and_failed_build_push_nothing(tmp_path: Path) -> None:
    work, remote = make_project(tmp_path)
    code, output = publish(work, "--remote", "upstream")
    assert code == 1 and "no remote 'upstream'" in output
    (work / "docbuild.toml").write_text("[site\n", encoding="utf-8")
    code, output = publish(work)
    assert code == 2 and "not valid TOML" in output
    assert git(remote, "branch", "--list") == ""


def test_refused_push_is_reported(tmp_path: Path) -> None:
    work, remote = make_project(tmp_path)
    hook = remote / "hooks" / "pre-receive"
    hook.write_text("#!/bin/sh\necho 'branch gh-pages is protected' >&2\nexit 1\n")
    hook.chmod(0o755)
    code, output = publish(work)
    assert code == 1
    assert "git push to origin gh-pages failed" in output and "may be protected" in output
    assert "gh-pages" not in git(work, "branch", "--list")


def test_repository_remote_and_branch_are_checked_before_building(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    work, _remote = make_project(tmp_path)
    code, output = publish(work, "--remote", "upstream", "--dry-run")
    assert code == 1 and "no remote 'upstream' (remotes: origin)" in output
    code, output = publish(work, "--branch", "bad..name", "--dry-run")
    assert code == 1 and "'bad..name' is not a valid branch name" in output
    current = git(work, "symbolic-ref", "--short", "HEAD").strip()
    code, output = publish(work, "--branch", current, "--dry-run")
    assert code == 1 and f"'{current}' is the branch checked out in" in output
    assert not (work / "_site").exists()  # nothing was built for any of them
    outside = tmp_path / "outside"
    (outside / "docs").mkdir(parents=True)
    (outside / "docbuild.toml").write_bytes((work / "docbuild.toml").read_bytes())
    monkeypatch.chdir(outside)
    code, output = publish(outside, "--dry-run")
    assert code == 1
    assert (
        f"the catalog's folder {outside}, where docbuild publish runs, is not inside a git "
        "repository" in output
    )
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    code, output = publish(outside, "--dry-run")
    assert code == 1
    assert f"neither the catalog's folder {outside} nor {elsewhere}, where docbuild" in output
    assert not (outside / "_site").exists()


def test_a_catalog_in_no_repository_is_published_from_the_one_publish_runs_in(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # docbuild init on a downloaded archive writes the catalog beside it, and names
    # "docbuild publish -c ~/Downloads/docbuild.toml" to run where init ran: it said the
    # catalog's folder "is not inside a git repository; run docbuild publish from the
    # repository", which is where it ran.
    work, remote = make_project(tmp_path)
    downloads = tmp_path / "downloads"
    (downloads / "docs").mkdir(parents=True)
    (downloads / "docs" / "guide.md").write_text("# Guide\n\nHello.\n", encoding="utf-8")
    (downloads / "docbuild.toml").write_bytes((work / "docbuild.toml").read_bytes())
    monkeypatch.chdir(work)
    code, output = publish(downloads)
    assert code == 0, output
    assert "as its first commit" in output
    assert git(remote, "ls-tree", "-r", "--name-only", "gh-pages").count("index.json") >= 1


@pytest.mark.parametrize("large", [False, True], ids=["index-left-out", "no-catalog-json"])
def test_a_site_without_index_json_is_published(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, large: bool
) -> None:
    # Past --index-limit-mb (0 here: a site for docclient alone) index.json is left out, and a
    # large site has no catalog.json: publish built the site, then refused it ("holds no built
    # site (no index.json)"), or failed on catalog.json with a traceback. publish had no
    # --index-limit-mb: a site for docclient alone could not be published by it.
    if large:
        monkeypatch.setattr("builder.stages.site_files.SMALL_CATALOG_BYTES", 0)
    work, remote = make_project(tmp_path)
    code, output = publish(work, "--index-limit-mb", "0")
    assert code == 0, output
    assert "as its first commit" in output
    assert not (work / "_site" / "index.json").exists()
    assert (work / "_site" / "catalog.json").exists() is not large
    published = git(remote, "ls-tree", "-r", "--name-only", "gh-pages").split()
    assert "lookup.json" in published and "index.json" not in published
    build_id = orjson.loads((work / "_site" / "lookup.json").read_bytes())["buildId"]
    if not large:
        build_id = orjson.loads((work / "_site" / "catalog.json").read_bytes())["buildId"]
    subject = git(remote, "log", "-1", "--format=%s", "gh-pages").strip()
    assert subject == f"Publish doctrove site, build {build_id[:12]}"


def test_a_folder_without_a_built_site_is_not_published(tmp_path: Path) -> None:
    work, _remote = make_project(tmp_path)
    with pytest.raises(PublishError, match="holds no built site"):
        publish_site(work / "docs", repo=work, remote="origin", branch="gh-pages", dry_run=True)


def test_a_published_site_is_stamped_with_the_last_commit_time(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Agents show how fresh a site's docs are from its updatedAt: a published site has one
    without being asked, the repository's last commit time, so publishing it again is a no-op."""
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    work, _remote = make_project(tmp_path)
    git(work, "add", "docs", "docbuild.toml")
    monkeypatch.setenv("GIT_COMMITTER_DATE", "2026-03-04T05:06:07Z")
    git(work, "-c", "user.name=T", "-c", "user.email=t@example.invalid", "commit", "-qm", "docs")

    def updated_at() -> object:
        return orjson.loads((work / "_site" / "catalog.json").read_bytes()).get("updatedAt")

    assert publish(work)[0] == 0
    assert updated_at() == "2026-03-04T05:06:07.000Z"
    code, output = publish(work)
    assert code == 0 and "Nothing to publish" in output
    assert publish(work, "--dry-run", "--timestamp", "2026-01-01T00:00:00Z")[0] == 0
    assert updated_at() == "2026-01-01T00:00:00.000Z"
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "0")
    assert publish(work, "--dry-run")[0] == 0
    assert updated_at() == "1970-01-01T00:00:00.000Z"


def test_a_repository_without_a_git_identity_is_refused_before_building(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A CI runner's checkout has no user.name or user.email: publish built the whole site,
    # then failed on git commit-tree's "Author identity unknown ... git config --global".
    work, remote = make_project(tmp_path)
    for name in ("AUTHOR", "COMMITTER"):
        for part in ("NAME", "EMAIL"):
            monkeypatch.delenv(f"GIT_{name}_{part}", raising=False)
    # useConfigOnly: git guesses no email from the host name, whatever machine runs this.
    config = tmp_path / "gitconfig"
    config.write_text("[user]\n\tuseConfigOnly = true\n", encoding="utf-8")
    monkeypatch.setenv("GIT_CONFIG_GLOBAL", str(config))
    monkeypatch.setenv("GIT_CONFIG_NOSYSTEM", "1")
    monkeypatch.delenv("EMAIL", raising=False)
    code, output = publish(work, "--dry-run")
    assert code == 1
    assert "git has no name and email to sign the publish commit with" in output
    assert "git config user.name NAME" in output
    assert not (work / "_site").exists()
    git(work, "config", "user.name", "CI")
    git(work, "config", "user.email", "ci@example.invalid")
    code, output = publish(work)
    assert code == 0, output
    assert git(remote, "log", "-1", "--format=%an", "gh-pages").strip() == "CI"
