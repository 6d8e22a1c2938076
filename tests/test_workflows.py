"""The GitHub workflows (and the one docs/publishing.md shows) pin every action by commit, keep
.nojekyll in the Pages artifact, test every supported Python, and run only docbuild commands
and flags that exist."""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path
from typing import Any

import click
import yaml
from click.testing import CliRunner

from builder.cli import main as docbuild

REPO = Path(__file__).parent.parent
WORKFLOWS = sorted((REPO / ".github" / "workflows").glob("*.yml"))
PINNED = re.compile(r"^[\w.-]+/[\w.-]+@[0-9a-f]{40} # v\d+(\.\d+)*$")


def load(name: str) -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((REPO / ".github" / "workflows" / name).read_text())
    return loaded


def uses_lines() -> list[tuple[str, str]]:
    found = []
    for path in [*WORKFLOWS, REPO / "docs" / "publishing.md"]:
        for line in path.read_text(encoding="utf-8").splitlines():
            if match := re.search(r"uses: (.*)$", line):
                found.append((path.name, match.group(1).strip()))
    return found


def steps(workflow: dict[str, Any]) -> list[dict[str, Any]]:
    return [step for job in workflow["jobs"].values() for step in job.get("steps", [])]


def test_every_action_is_pinned_to_one_commit() -> None:
    lines = uses_lines()
    assert {name for name, _ in lines} >= {"ci.yml", "pages.yml", "pages-matrix.yml"}
    assert [(name, line) for name, line in lines if not PINNED.match(line)] == []
    commits: dict[str, set[str]] = {}
    for _, line in lines:
        action, _, pin = line.partition("@")
        commits.setdefault(action, set()).add(pin)
    assert {action: pins for action, pins in commits.items() if len(pins) > 1} == {}


def test_the_pages_artifact_keeps_nojekyll() -> None:
    for path in WORKFLOWS:
        for step in steps(yaml.safe_load(path.read_text())):
            if "upload-pages-artifact" in step.get("uses", ""):
                assert step["with"]["include-hidden-files"] is True, path.name


def test_ci_runs_ci_run_on_every_supported_python() -> None:
    workflow = load("ci.yml")
    linux = workflow["jobs"]["linux"]
    floor = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["requires-python"]
    assert floor == ">=3.11"
    assert linux["strategy"]["matrix"]["python"] == ["3.11", "3.12", "3.13"]
    assert [s["run"] for s in linux["steps"] if "run" in s] == ["bash .ci/run"]
    client = workflow["jobs"]["client"]
    assert client["strategy"]["matrix"]["os"] == ["macos-latest", "windows-latest"]
    (command,) = [s["run"] for s in client["steps"] if "pytest" in s.get("run", "")]
    patterns = [word for word in command.split() if word.startswith("tests/")]
    assert patterns
    for pattern in patterns:
        assert list(REPO.glob(pattern)), pattern


def _options(command: click.Command) -> set[str]:
    return {o for p in command.params if isinstance(p, click.Option) for o in p.opts}


def test_the_workflows_run_docbuild_commands_that_exist() -> None:
    shown = [
        match
        for path in WORKFLOWS
        for step in steps(yaml.safe_load(path.read_text()))
        for match in re.findall(r"docbuild (\w+)([^\n;&|)]*)", step.get("run", ""))
    ]
    assert {command for command, _ in shown} >= {"parts", "build", "merge", "check"}
    for command, rest in shown:
        assert command in docbuild.commands, command
        for flag in re.findall(r"(?<![\w-])(--?[a-z][\w-]*)", rest):
            assert flag in _options(docbuild.commands[command]), f"docbuild {command} {flag}"


def test_the_pages_workflows_restore_the_build_cache_where_the_build_keeps_it() -> None:
    """Each run starts from the cache of the run before: a new key per commit, restored from
    the newest key with its prefix, at the folder docbuild keeps it in (beside the catalog)."""
    documented = re.search(
        r"```yaml\n(name: Docs.*?)```",
        (REPO / "docs" / "publishing.md").read_text(encoding="utf-8"),
        re.S,
    )
    assert documented is not None
    for name, workflow, catalog in (
        ("pages.yml", load("pages.yml"), "examples/docbuild.toml"),
        ("pages-matrix.yml", load("pages-matrix.yml"), "examples/docbuild.toml"),
        ("publishing.md", yaml.safe_load(documented.group(1)), "docbuild.toml"),
    ):
        cached = [s for s in steps(workflow) if "actions/cache@" in s.get("uses", "")]
        assert cached, name
        for step in cached:
            folder = Path(catalog).parent / ".docbuild-cache"
            assert Path(step["with"]["path"]) == folder, name
            key, prefix = step["with"]["key"], step["with"]["restore-keys"]
            assert key.startswith(prefix) and key.endswith("${{ github.sha }}"), name


def test_the_pages_workflow_builds_the_example(tmp_path: Path) -> None:
    # With --strict it failed on every run: five of the example's versions are autodoc pages
    # with no code to read, whose entries only name each object.
    (build,) = [
        line.strip()
        for step in steps(load("pages.yml"))
        for line in step.get("run", "").splitlines()
        if line.strip().startswith("docbuild build")
    ]
    args = shlex.split(build)[2:]
    args[args.index("--out") + 1] = str(tmp_path / "_site")
    args[args.index("-c") + 1] = str(REPO / args[args.index("-c") + 1])
    result = CliRunner().invoke(docbuild, ["build", *args, "--no-cache", "-q"])
    assert result.exit_code == 0, result.output
