"""builder.package_dirs: the folders setuptools' configuration puts the packages in."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.package_dirs import declared_package_dirs, renamed_packages


@pytest.mark.parametrize(
    ("name", "text", "folders"),
    [
        ("setup.py", "setup(package_dir={'': 'lib'}, packages=['pyld'])\n", ("lib",)),
        ("setup.py", "setup(packages=find_packages(where='python'))\n", ("python",)),
        ("setup.py", "setup(packages=find_packages('code', exclude=['t']))\n", ("code",)),
        ("setup.cfg", "[options]\npackage_dir =\n    =lib\n", ("lib",)),
        ("setup.cfg", "[options.packages.find]\nwhere = source\n", ("source",)),
        ("pyproject.toml", '[tool.setuptools.package-dir]\n"" = "lib"\n', ("lib",)),
        ("pyproject.toml", '[tool.setuptools.packages.find]\nwhere = ["py"]\n', ("py",)),
        # Compiled projects' backends (celerite2 0.3.3 keeps python/celerite2 for
        # scikit-build-core's default; its autodoc pages found no code).
        ("pyproject.toml", '[tool.maturin]\npython-source = "pysrc"\n', ("pysrc",)),
        ("pyproject.toml", '[tool.scikit-build]\nwheel.packages = ["lib/pkg"]\n', ("lib",)),
        ("pyproject.toml", '[tool.scikit-build.wheel.packages]\npkg = "py/pkg"\n', ("py",)),
        (
            "pyproject.toml",
            '[build-system]\nbuild-backend = "scikit_build_core.build"\n',
            ("python",),
        ),
        # The project folder itself, a folder outside it, or a subpackage's folder: none.
        ("setup.py", "setup(package_dir={'': '.', 'sub': 'x'})\n", ()),
        ("setup.py", "setup(packages=find_packages('../elsewhere'))\n", ()),
        ("setup.py", "setup(package_dir=DIRS)\n", ()),
        ("pyproject.toml", "[tool.setuptools\n", ()),
        # A "tool" that is not a table (review: AttributeError), an absolute folder.
        ("pyproject.toml", 'tool = "setuptools"\n', ()),
        ("pyproject.toml", "tool = [1]\n", ()),
        ("setup.cfg", "[options]\npackage_dir =\n    =/etc\n", ()),
    ],
)
def test_declared_package_dirs(tmp_path: Path, name: str, text: str, folders: tuple[str]) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    assert declared_package_dirs(tmp_path) == folders


@pytest.mark.parametrize(
    ("name", "text", "renamed"),
    [
        # psycopg2 2.9.13 keeps its package in lib/.
        ("setup.py", "setup(package_dir={'psycopg2': 'lib'}, packages=['psycopg2'])\n", ...),
        ("setup.cfg", "[options]\npackage_dir =\n    psycopg2 = lib\n", ...),
        ("pyproject.toml", '[tool.setuptools.package-dir]\npsycopg2 = "lib"\n', ...),
        # The root package, a subpackage, a folder of the same name, one outside the project
        # or not a literal: none.
        ("setup.py", "setup(package_dir={'': 'lib', 'a.b': 'x', 'c': 'c'})\n", ()),
        ("setup.py", "setup(package_dir={'pkg': '../elsewhere', 'abs': '/etc'})\n", ()),
        ("setup.py", "setup(package_dir={'pkg': DIR, 1: 'x'})\n", ()),
        ("setup.py", "setup(package_dir=\n", ()),
        ("setup.cfg", "[options\n", ()),
        ("pyproject.toml", 'tool = "setuptools"\n', ()),
    ],
)
def test_renamed_packages(tmp_path: Path, name: str, text: str, renamed: object) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    expected = (("psycopg2", "lib"),) if renamed is ... else renamed
    assert renamed_packages(tmp_path) == expected
