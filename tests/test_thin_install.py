"""``pip install doctrove`` is the client alone: the wheel, installed without extras into a fresh
virtual environment, answers from its bundled site with ``docclient``, and ``docbuild`` names
the extra it needs instead of failing on an import.

Offline: pip installs from a folder holding the wheel just built and the dependencies it
declares, re-packed from this environment's installed copies (only those that its requirements
reach, followed as pip follows them), so a package the client imports without declaring it is
missing there, as it would be for a user.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.metadata
import importlib.util
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

REPO = Path(__file__).parent.parent
BUILD_WHEEL = ("-m", "build", "--wheel", "--no-isolation")
# The package by name, found only in the folder given after these options.
OFFLINE_INSTALL = ("install", "--quiet", "--no-index", "doctrove", "--find-links")
BUILD_EXTRA_DISTRIBUTIONS = {"jinja2", "lxml", "markdown-it-py", "mdit-py-plugins", "pyyaml"}


def declared_closure(requirements: list[str]) -> list[importlib.metadata.Distribution]:
    """The installed distributions that ``requirements`` reach, markers evaluated, no extras."""
    found: dict[str, importlib.metadata.Distribution] = {}
    pending = list(requirements)
    while pending:
        requirement = Requirement(pending.pop())
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": ""}):
            continue
        name = canonicalize_name(requirement.name)
        if name in found:
            continue
        found[name] = importlib.metadata.distribution(requirement.name)
        for inner in map(Requirement, found[name].requires or []):
            marker = inner.marker
            # Kept when it applies without extras or with an extra this requirement asks for.
            if marker is None or any(
                marker.evaluate({"extra": extra}) for extra in ["", *requirement.extras]
            ):
                inner.marker = None
                pending.append(str(inner))
    return list(found.values())


def repack(distribution: importlib.metadata.Distribution, wheelhouse: Path) -> None:
    """An installed distribution as a wheel again: the files of its RECORD that live in
    site-packages (scripts are made anew by pip from entry_points.txt), with a fresh RECORD."""
    info = next(p for p in distribution.files or [] if p.name == "METADATA").parent
    tag = next(
        line.split(":", 1)[1].strip()
        for line in distribution.read_text("WHEEL").splitlines()  # type: ignore[union-attr]
        if line.startswith("Tag:")
    )
    stem = info.name.removesuffix(".dist-info")
    record = []
    with zipfile.ZipFile(wheelhouse / f"{stem}-{tag}.whl", "w", zipfile.ZIP_STORED) as wheel:
        for path in distribution.files or []:
            parts = path.parts
            if parts[0] == ".." or "__pycache__" in parts or path.name == "RECORD":
                continue
            data = Path(str(distribution.locate_file(path))).read_bytes()
            wheel.writestr(path.as_posix(), data)
            digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
            record.append(f"{path.as_posix()},sha256={digest.decode()},{len(data)}")
        record.append(f"{info.as_posix()}/RECORD,,")
        wheel.writestr(f"{info.as_posix()}/RECORD", "\n".join(record) + "\n")


def isolated_environment(home: Path) -> dict[str, str]:
    kept = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("PIP_", "DOCTROVE_", "PYTHON", "VIRTUAL_ENV"))
    }
    return {
        **kept,
        "HOME": str(home),
        "XDG_CACHE_HOME": str(home / "cache"),
        "PIP_CONFIG_FILE": os.devnull,
        "PIP_NO_INDEX": "1",
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
    }


@pytest.mark.skipif(
    importlib.util.find_spec("build") is None, reason="needs the dev extra's 'build'"
)
def test_the_wheel_without_extras_is_a_working_client(tmp_path: Path) -> None:
    wheelhouse, venv = tmp_path / "wheels", tmp_path / "venv"
    environment = isolated_environment(tmp_path)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "build",
            "--wheel",
            "--no-isolation",
            "--outdir",
            str(wheelhouse),
            str(REPO),
        ],
        check=True,
        capture_output=True,
    )
    (built,) = wheelhouse.glob("doctrove-*.whl")
    with zipfile.ZipFile(built) as wheel:
        metadata = next(n for n in wheel.namelist() if n.endswith(".dist-info/METADATA"))
        lines = wheel.read(metadata).decode().splitlines()
    requires = [
        line.split(":", 1)[1].strip() for line in lines if line.startswith("Requires-Dist:")
    ]
    for distribution in declared_closure(requires):
        repack(distribution, wheelhouse)
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    scripts = venv / ("Scripts" if os.name == "nt" else "bin")
    python = scripts / ("python.exe" if os.name == "nt" else "python")
    install = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-index",
            "--find-links",
            str(wheelhouse),
            "doctrove",
        ],
        env=environment,
        capture_output=True,
        text=True,
        check=False,
    )
    assert install.returncode == 0, install.stdout + install.stderr
    listed = subprocess.run(
        [
            str(python),
            "-c",
            "import importlib.metadata as m; "
            "print('\\n'.join(d.metadata['Name'] for d in m.distributions()))",
        ],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split()
    assert {canonicalize_name(n) for n in listed} & BUILD_EXTRA_DISTRIBUTIONS == set()

    lookup = subprocess.run(
        [str(scripts / "docclient"), "lookup", "werkzeug"],
        env=environment,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert lookup.returncode == 0, lookup.stderr
    assert "werkzeug" in lookup.stdout
    extract = subprocess.run(
        [str(scripts / "docclient"), "extract", "werkzeug", "--focus", "routing"],
        env=environment,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert extract.returncode == 0, extract.stderr
    assert "anchor" in extract.stdout.lower() or "#" in extract.stdout

    docbuild = subprocess.run(
        [str(scripts / "docbuild"), "build"],
        env=environment,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert docbuild.returncode == 2
    assert docbuild.stdout == ""
    assert docbuild.stderr.count("\n") == 1
    assert docbuild.stderr.endswith("install it with: pip install 'doctrove[build]'\n")
