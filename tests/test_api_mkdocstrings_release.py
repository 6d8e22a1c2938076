"""Which mkdocstrings a project builds with, as its lock file or pins say
(builder.api.mkdocstrings_release): whether it reads selection: and rendering:."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.api.locate import find_code, open_source
from builder.api.mkdocstrings_release import reads_older_keys


def _project(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return root


@pytest.mark.parametrize(
    ("files", "older"),
    [
        ({}, False),  # nothing pinned: the newest release is installed
        ({"requirements/requirements-dev.txt": "mkdocstrings[python]==0.27.0\n"}, False),
        ({"docs/requirements.txt": "mkdocs\nmkdocstrings[python]==0.22.0  # docs\n"}, True),
        ({"requirements-docs.txt": "mkdocstrings>=0.18\n"}, False),
        ({"requirements-docs.txt": "mkdocstrings>=0.18,<0.23\n"}, True),
        ({"requirements-docs.txt": "mkdocstrings==0.22.*\n"}, True),
        ({"requirements-docs.txt": "mkdocstrings~=0.22.0\n"}, True),
        # pip-compile --generate-hashes: the hashes follow on the next lines, or on the same.
        ({"requirements/requirements-docs.txt": "mkdocstrings[python]==0.21.2 \\\n"
                                                "    --hash=sha256:304e56a2 \\\n"
                                                "    --hash=sha256:949ef8da\n"}, True),
        ({"requirements-docs.txt": 'mkdocstrings==0.22.0 ; python_version >= "3.8" \\\n'
                                   "    --hash=sha256:82a33b94\n"}, True),
        ({"requirements-docs.txt": "mkdocstrings==0.22.0 --hash=sha256:82a33b94\n"}, True),
        ({"requirements-docs.txt": "mkdocstrings==0.24.0 \\\n    --hash=sha256:82a33b94\n",
          "pyproject.toml": '[project.optional-dependencies]\ndocs = ["mkdocstrings<0.23"]\n'},
         False),
        # setup.py's string literals (planet 2.11.0's doc_requires), not its comments;
        # setup.cfg's extras a requirement a line.
        ({"setup.py": "from setuptools import setup\n"
                      "doc_requires = ['mkdocs==1.3', 'mkdocstrings==0.18.1']  # don't bump\n"
                      "setup(name='x', extras_require={'docs': doc_requires})\n"}, True),
        ({"setup.py": "# docs = ['mkdocstrings==0.18.1']\nsetup(name='x')\n"}, False),
        ({"setup.cfg": "[options.extras_require]\ndocs =\n    mkdocs\n    mkdocstrings<0.23\n"},
         True),
        ({"setup.py": "setup(extras_require={'docs': ['mkdocstrings==0.18.1']})\n",
          "pyproject.toml": '[dependency-groups]\ndocs = ["mkdocstrings>=0.24"]\n'}, False),
        # The handler's own distribution is not mkdocstrings.
        ({"requirements-docs.txt": "mkdocstrings-python==0.8.3\n"}, False),
        ({"pyproject.toml": '[tool.poetry.group.dev.dependencies]\nmkdocstrings = "^0.20.0"\n'},
         True),
        ({"pyproject.toml": "[tool.poetry.dev-dependencies]\n"
                            'mkdocstrings = {version = "==1.0.4", extras = ["python"]}\n'},
         False),
        ({"pyproject.toml": "[project.optional-dependencies]\n"
                            'docs = ["mkdocstrings[python]<0.23"]\n'}, True),
        # The lock file says what is installed, whatever the pins allow.
        ({"poetry.lock": '[[package]]\nname = "mkdocstrings"\nversion = "0.21.2"\n',
          "pyproject.toml": '[tool.poetry.dependencies]\nmkdocstrings = ">=0.18"\n'}, True),
        ({"uv.lock": '[[package]]\nname = "mkdocstrings"\nversion = "0.29.1"\n',
          "requirements.txt": "mkdocstrings==0.20.0\n"}, False),
    ],
)  # fmt: skip
def test_the_release_is_read_from_the_lock_file_else_the_pins(
    tmp_path: Path, files: dict[str, str], older: bool
) -> None:
    assert reads_older_keys([_project(tmp_path, files)]) is older


def test_a_version_s_code_tree_says_so_and_its_fingerprint_follows(tmp_path: Path) -> None:
    # The API settings are read with the code: a pin moving past 0.23 rebuilds the API pages.
    files = {"mkdocs.yml": "site_name: X\n", "docs/index.md": "# X\n", "pkg/__init__.py": ""}
    project = _project(tmp_path, files)
    config = project / "mkdocs.yml"
    unpinned = find_code(project / "docs", None, None, config, project)
    (project / "requirements-docs.txt").write_text("mkdocstrings==0.22.0\n", encoding="utf-8")
    older = find_code(project / "docs", None, None, config, project)
    assert unpinned is not None and older is not None
    assert not unpinned.mkdocstrings_older_keys and older.mkdocstrings_older_keys
    assert unpinned.fingerprint != older.fingerprint
    assert open_source(older, project / "docs").settings.mkdocstrings_older_keys
    assert not open_source(unpinned, project / "docs").settings.mkdocstrings_older_keys
