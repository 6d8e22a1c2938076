"""builder.code_read_files: the Markdown a package's code reads by name is data, no page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from builder.code_read_files import code_read_files
from builder.survey import survey_project


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text, encoding="utf-8")


# As browser-use 0.13.14 ships its agent's system prompts and its skill file.
PACKAGE = {
    "pyproject.toml": '[project]\nname = "agentkit"\nversion = "1.0.0"\n',
    "README.md": "# agentkit\n\nDrive a browser.\n",
    "agentkit/__init__.py": '"""Drive a browser."""\n',
    "agentkit/agent/prompts.py": (
        "def template(flash):\n"
        "    name = 'system_prompt_flash.md' if flash else \"system_prompt.md\"\n"
        "    return files('agentkit.agent') / f'system_prompts/{name}'\n"
    ),
    "agentkit/agent/service.py": "REPO_FILES = ['.git', 'README.md', 'guide.md']\n",
    "agentkit/agent/system_prompts/system_prompt.md": "You are an agent.\n",
    "agentkit/agent/system_prompts/system_prompt_flash.md": "You are a fast agent.\n",
    "agentkit/skills/install.py": "TARGET = HOME / 'skills' / 'SKILL.md'\n",
    "agentkit/skills/browser/SKILL.md": "# Skill\n",
    # Named only by a module of another folder, or a README: a folder's docs.
    "agentkit/skills/guide.md": "# Skills guide\n",
    "agentkit/skills/README.md": "# Skills\n\nHow skills work.\n",
}


def test_markdown_the_code_names_is_no_page(tmp_path: Path) -> None:
    _write(tmp_path, PACKAGE)
    assert code_read_files(tmp_path, ("agentkit",)) == (
        "agentkit/agent/system_prompts/system_prompt.md",
        "agentkit/agent/system_prompts/system_prompt_flash.md",
        "agentkit/skills/browser/SKILL.md",
    )
    survey = survey_project(tmp_path)
    assert "/agentkit/agent/system_prompts/system_prompt.md" in survey.exclude
    assert not any("guide" in p or "README" in p for p in survey.exclude)


def test_odd_packages_end_and_nothing_outside_is_read(tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    _write(outside, {"mod.py": "X = 'secret.md'\n", "secret.md": "# Secret\n"})
    project = tmp_path / "project"
    _write(project, {"pkg/big.py": "'" + "a" * 3_000_000 + "\n", "pkg/empty.md": ""})
    (project / "linked").symlink_to(outside)
    (project / "pkg" / "loop").symlink_to(project / "pkg")
    assert code_read_files(project, ("linked", "../outside", "pkg", "missing", "")) == ()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_a_named_pipe_among_the_modules_is_not_read(tmp_path: Path) -> None:
    # Reading a pipe named like a module waited for a writer that never came.
    _write(tmp_path, PACKAGE)
    os.mkfifo(tmp_path / "agentkit" / "agent" / "pipe.py")
    assert "agentkit/agent/system_prompts/system_prompt.md" in code_read_files(
        tmp_path, ("agentkit",)
    )
