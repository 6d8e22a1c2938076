"""Helpers shared by the tests of git and archive sources: real repositories, real archives."""

from __future__ import annotations

import io
import os
import subprocess
import tarfile
import zipfile
from collections.abc import Iterable
from pathlib import Path

_ENV = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")} | {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.invalid",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.invalid",
}


def git(cwd: Path, *args: str) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, env=_ENV, check=True, capture_output=True, text=True
    ).stdout.strip()


def tagged_repo(path: Path, tags: Iterable[str]) -> Path:
    """A repository with one commit per tag: docs/guide.md naming the tag, src/demo/ code."""
    path.mkdir(parents=True)
    git(path, "init", "-q")
    (path / "docs").mkdir()
    (path / "src" / "demo").mkdir(parents=True)
    for tag in tags:
        (path / "docs" / "guide.md").write_text(
            f"# Guide {tag}\n\nWhat {tag} does.\n\n## Usage\n\nCall it.\n", encoding="utf-8"
        )
        (path / "src" / "demo" / "__init__.py").write_text(f"VERSION = {tag!r}\n")
        git(path, "add", "-A")
        git(path, "commit", "-q", "-m", f"release {tag}")
        git(path, "tag", tag)
    return path


def tar_member(
    name: str,
    data: bytes = b"",
    *,
    kind: bytes = tarfile.REGTYPE,
    link: str = "",
) -> tuple[tarfile.TarInfo, bytes]:
    info = tarfile.TarInfo(name)
    info.type = kind
    info.linkname = link
    info.size = len(data) if kind == tarfile.REGTYPE else 0
    info.mode = 0o755 if kind == tarfile.DIRTYPE else 0o644
    return info, data


def write_tar(path: Path, members: Iterable[tuple[tarfile.TarInfo, bytes]]) -> Path:
    mode = "w:gz" if path.name.endswith((".gz", ".tgz")) else "w"
    with tarfile.open(path, mode) as archive:
        for info, data in members:
            archive.addfile(info, io.BytesIO(data) if info.isreg() else None)
    return path


def write_zip(path: Path, members: Iterable[tuple[str, bytes]], symlinks: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in members:
            archive.writestr(name, data)
        for name, target in symlinks.items():
            info = zipfile.ZipInfo(name)
            info.create_system = 3
            info.external_attr = (0o120777 << 16) & 0xFFFF0000
            archive.writestr(info, target)
    return path


GUIDE = b"# Guide\n\nHow to use it.\n"
