"""builder.projects.sphinx_modules: the project's own modules a conf.py imports or loads."""

from __future__ import annotations

from pathlib import Path

from builder.includes import include_root
from builder.projects.sphinx_modules import conf_modules, extension_modules

# Django's docs/conf.py: its extensions are in docs/_ext, which it puts on sys.path.
DJANGO_CONF = (
    "import sys\nfrom os.path import abspath, dirname, join\n"
    'sys.path.append(abspath(join(dirname(__file__), "_ext")))\n'
    'extensions = ["djangodocs", "sphinx.ext.intersphinx", "tools.roles", "outside"]\n'
)


def test_extensions_that_are_files_of_the_project_are_read(tmp_path: Path) -> None:
    docs = tmp_path / "project" / "docs"
    (docs / "_ext").mkdir(parents=True)
    (docs / "_ext" / "djangodocs.py").write_text("def setup(app): pass\n", "utf-8")
    (docs / "tools" / "roles").mkdir(parents=True)  # a dotted name: a package's module
    (docs / "tools" / "roles" / "__init__.py").write_text("ROLES = 1\n", "utf-8")
    (tmp_path / "outside.py").write_text("SECRET = 1\n", "utf-8")  # above the project
    (docs / "conf.py").write_text(DJANGO_CONF, "utf-8")
    where = include_root(docs, tmp_path / "project", None)
    assert extension_modules(
        docs / "conf.py",
        DJANGO_CONF,
        ["djangodocs", "sphinx.ext.intersphinx", "tools.roles"],
        where,
    ) == {"djangodocs": "def setup(app): pass\n", "tools.roles": "ROLES = 1\n"}
    assert extension_modules(docs / "conf.py", DJANGO_CONF, ["outside"], where) == {}


def test_settings_modules_the_conf_py_imports_are_read(tmp_path: Path) -> None:
    # Invoke's sites/docs/conf.py puts sites/ on sys.path and imports shared_conf.
    docs = tmp_path / "sites" / "docs"
    docs.mkdir(parents=True)
    (tmp_path / "sites" / "shared_conf.py").write_text('default_role = "obj"\n', "utf-8")
    conf = 'import os, sys\nsys.path.append(os.path.abspath(".."))\nfrom shared_conf import *\n'
    where = include_root(docs, tmp_path, None)
    assert conf_modules(docs / "conf.py", conf, where) == {"shared_conf": 'default_role = "obj"\n'}
