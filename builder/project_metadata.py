"""A project's name, version, summary, homepage and registry names, as ``docbuild init``
writes them into its catalog: read from pyproject.toml, a source archive's PKG-INFO,
setup.cfg's ``[metadata]`` or the name a setup.py writes, or package.json (a private
workspace root's published member's), without running anything."""

from __future__ import annotations

import ast
import email.parser
import json
import re
import tomllib
from collections import Counter
from pathlib import Path
from typing import Any

from builder.archived_version import archived_version
from builder.projects.config_file import MAX_CONFIG_BYTES
from builder.setup_cfg import setup_cfg_metadata
from builder.setup_py_exec import executed_version
from builder.toml_errors import UNREADABLE_TOML
from builder.version_file import string_in_module, version_from_file, version_in_package
from builder.workspace_docs import workspace_members
from schemas.versions import is_version, sort_newest_first

# setup(name="peft", ...): a distribution's name as written, the call's first "name=" after
# its opening; one that is no string (name=NAME) names none, not a later call's (an
# Extension(name="pkg._speedups") inside it).
_DISTRIBUTION_NAME = r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,100}[A-Za-z0-9])?"
_SETUP_NAME = re.compile(rf"""\bname\s*=\s*(?:["']({_DISTRIBUTION_NAME})["'])?""")
# The most of a setup.py read for its name and version.
MAX_SETUP_PY_BYTES = 256 * 1024
# The project URLs that name its home, best first (their labels compared without case).
_HOMES = ("Documentation", "Homepage", "Source")


def project_metadata(root: Path, found: list[str]) -> dict[str, Any]:
    """Name, version, summary, homepage and registry names from pyproject.toml (its
    ``[project]``, else Poetry's ``[tool.poetry]``), PKG-INFO, setup.py or package.json,
    whichever is there first; the files read are added to ``found``."""
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        try:
            document = tomllib.loads(pyproject.read_text(encoding="utf-8"))
        except (*UNREADABLE_TOML, OSError):
            document = {}
        project = document.get("project", {})
        if isinstance(project, dict) and isinstance(project.get("name"), str):
            found.append(f"pyproject.toml: package {project['name']}")
            urls = project.get("urls")
            urls = urls if isinstance(urls, dict) else {}
            version = project.get("version")
            if not isinstance(version, str):
                # Dynamic: a source archive's PKG-INFO has it, a checkout the backend's file,
                # a git archive of a tag what it filled in for git (setuptools-scm, versioneer);
                # for setuptools, its setup.py's setup() call too (setup_py_version).
                version = _package_info(root).get("version", "")
                version = version or version_from_file(root, document)
                version = version or archived_version(root, document)
            return {
                "name": project["name"],
                "id": project["name"],
                "version": version,
                "summary": project.get("description") or "",
                "packages": [f"pypi:{project['name'].lower()}"],
                "homepage": _web_url(urls, _HOMES),
            }
        poetry = _poetry_metadata(root, document, found)
        if poetry:
            return poetry
    package_info = _package_info(root)
    if package_info:
        found.append(f"PKG-INFO: package {package_info['name']} {package_info['version']}")
        return package_info
    # Before package.json: a Python project may ship a JavaScript extension whose package.json
    # is beside its setup.py or setup.cfg (ipyparallel 7.1.0's JupyterLab extension, 7.0.0, named
    # ipyparallel-labextension); the library is the Python package.
    declared = setup_cfg_metadata(root)
    name = declared.get("name") or _setup_py_name(root)
    if name:
        where = "setup.cfg" if declared.get("name") else "setup.py"
        found.append(f"{where}: package {name} {declared.get('version', '')}".rstrip())
        return {"name": name, "id": name, "version": declared.get("version", ""),
                "summary": declared.get("summary", ""),
                "packages": [f"pypi:{name.lower()}"], "homepage": None}  # fmt: skip
    package_json = root / "package.json"
    if package_json.is_file():
        try:
            package = json.loads(package_json.read_text(encoding="utf-8"))
        except (ValueError, OSError):
            package = {}
        if isinstance(package, dict) and package.get("private") is True:
            # A private workspace root is never published: with one published member, the
            # project is that package (Vue Router's @vue/router-root is vue-router's repository);
            # with several, the one of the root's own name (valibot's library/, beside
            # @valibot/i18n and the codemods, where the root is valibot 0.0.0); a root of no
            # name is named by its folder, the repository's (wagmi's packages/react, wagmi).
            named = package.get("name")
            root_name = named if isinstance(named, str) else root.resolve().name
            member = _published_member(root, root_name)
            if member is not None:
                folder, member_package = member
                which = (
                    "the published package of the root's name"
                    if member_package["name"] in _root_names(root_name)
                    else "the one published package of the workspace"
                )
                found.append(f"{folder}/package.json: package {member_package['name']}, {which}")
                package = member_package
                return _package_json_metadata(package)
        if isinstance(package, dict) and isinstance(package.get("name"), str):
            found.append(f"package.json: package {package['name']}")
            metadata = _package_json_metadata(package)
            named = _workspace_root_library(package["name"]) if metadata["private"] else ""
            if named:
                found.append(f"package.json: a private workspace root, so the library is {named}")
                metadata |= {"name": named, "id": named}
                release = _library_release(root, named)
                if release is not None:
                    where, released, version = release
                    found.append(
                        f"{where}/package.json: {released} {version}, the newest of the "
                        "library's published packages, is the version"
                    )
                    metadata["version"] = version
            return metadata
    return {}


def _package_json_metadata(package: dict[str, Any]) -> dict[str, Any]:
    homepage = package.get("homepage")
    version = package.get("version")
    return {
        "name": package["name"],
        "id": package["name"].lstrip("@").replace("/", "-"),
        "version": version if isinstance(version, str) else "",
        "summary": package.get("description") or "",
        "packages": [f"npm:{package['name']}"],
        # Never published: npm refuses a private package, so its name is a site's or a
        # workspace's ("sample-website"), not one an agent installs.
        "private": package.get("private") is True,
        "homepage": homepage if isinstance(homepage, str) and _is_web(homepage) else None,
    }


# What a workspace root's name adds to its main package's ("formik-project" is formik's).
_WORKSPACE_WORDS = "project|monorepo|mono|root|workspace|repo"
_WORKSPACE_SUFFIX = re.compile(rf"[-_](?:{_WORKSPACE_WORDS})$")


def _published_member(root: Path, name: object) -> tuple[str, dict[str, Any]] | None:
    """The folder and package.json of the workspace member of ``root`` that is published (not
    private, named and versioned): the only one, else the only one named ``name``, the root's,
    or that name without a workspace's suffix (Formik's root "formik-project" beside formik,
    formik-native and its site); None when there is none so."""
    published = _published_members(root)
    if len(published) > 1:
        names = _root_names(name)
        published = [(folder, package) for folder, package in published if package["name"] in names]
    return published[0] if len(published) == 1 else None


def _published_members(root: Path) -> list[tuple[str, dict[str, Any]]]:
    """The folder and package.json of each workspace member of ``root`` that is published (not
    private, named and versioned)."""
    published: list[tuple[str, dict[str, Any]]] = []
    for folder in workspace_members(root):
        try:
            with (root / folder / "package.json").open("rb") as file:
                package = json.loads(file.read(MAX_CONFIG_BYTES))
        except (ValueError, OSError, RecursionError):
            continue
        if (
            isinstance(package, dict)
            and package.get("private") is not True
            and isinstance(package.get("name"), str)
            and isinstance(package.get("version"), str)
        ):
            published.append((folder, package))
    return published


def _library_release(root: Path, library: str) -> tuple[str, str, str] | None:
    """(folder, name, version) of the newest published workspace member of the library
    (``library``, ``@library/...`` or ``library-...``): a private root is never released, so
    its own version is none of the library's (emotion's root says 10.0.0 beside @emotion/react
    11.14.0); each member of a library released in step has the one version. None without
    one (the root's version is kept then)."""
    releases = {
        package["version"]: (folder, package["name"])
        for folder, package in _published_members(root)
        if is_version(package["version"])
        and (
            package["name"] == library
            or package["name"].startswith((f"@{library}/", f"{library}-"))
        )
    }
    if not releases:
        return None
    newest = sort_newest_first(list(releases))[0]
    return (*releases[newest], newest)


# A scoped workspace root's name that is a workspace word alone ("@vueuse/monorepo").
_SCOPED_WORKSPACE = re.compile(rf"@([a-z0-9][a-z0-9._-]*)/(?:{_WORKSPACE_WORDS})")


def _workspace_root_library(name: str) -> str:
    """The library a private workspace root's ``name`` stands for, when the name only adds a
    workspace's word to it ("emotion-monorepo" is emotion, "@vueuse/monorepo" VueUse's
    vueuse); "" for any other name (a scoped "@vue/router-root" names no package of its own)."""
    scoped = _SCOPED_WORKSPACE.fullmatch(name)
    if scoped:
        return scoped.group(1)
    bare = _WORKSPACE_SUFFIX.sub("", name)
    return bare if bare != name and bare and not name.startswith("@") else ""


def _root_names(name: object) -> set[str]:
    """The names a workspace root's ``name`` gives its main package: its own, and without the
    suffix that tells the root apart."""
    return {name, _WORKSPACE_SUFFIX.sub("", name)} if isinstance(name, str) else set()


def _setup_py_name(root: Path) -> str:
    """The name a setup.py gives its ``setup()`` call as a string written in it (PEFT's
    ``name="peft"``), read, never run; "" when it names none so."""
    text = _setup_py_text(root)
    named = _setup_call_name(text)
    if named is not None:
        return named
    call = text.find("setup(")
    match = _SETUP_NAME.search(text, call) if call >= 0 else None
    return (match.group(1) or "") if match else ""


def setup_py_version(root: Path) -> str:
    """The version a setup.py's ``setup()`` call gives, read, never run: a string written in the
    call, the name of a string the file assigns at its top level (schedule 1.2.2's
    ``SCHEDULE_VERSION = "1.2.2"`` ... ``version=SCHEDULE_VERSION``) or a module of the project
    assigns (construct 2.10.70's ``from construct.version import version_string``), or its package's
    ``__version__`` (sortedcontainers 2.4.0's ``version=sortedcontainers.__version__``, read
    from the package in the project or its src/); "" when it gives none so (a version read
    from a file or computed)."""
    text = _setup_py_text(root)
    try:
        tree = ast.parse(text) if text else None
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return ""
    if tree is None:
        return ""
    strings = _module_strings(tree)
    # ``from construct.version import version_string``: the module and the name it binds.
    imported = {
        alias.asname or alias.name: (statement.module, alias.name)
        for statement in tree.body
        if isinstance(statement, ast.ImportFrom) and statement.level == 0 and statement.module
        for alias in statement.names
    }
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and _names_setup(node.func)):
            continue
        for keyword in node.keywords:
            if keyword.arg != "version":
                continue
            value = keyword.value
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                return value.value.strip()
            if isinstance(value, ast.Name) and value.id in imported:
                return string_in_module(root, *imported[value.id])
            if isinstance(value, ast.Name) and value.id in strings:
                return strings[value.id].strip()
            if isinstance(value, ast.Name | ast.Subscript):
                return executed_version(root, tree, value, strings)
            if (
                isinstance(value, ast.Attribute)
                and value.attr in ("__version__", "VERSION")
                and isinstance(value.value, ast.Name)
            ):
                package = value.value.id
                return version_in_package(root, package) or version_in_package(
                    root / "src", package, root
                )
    return ""


def _module_strings(tree: ast.Module) -> dict[str, str]:
    """The strings the module assigns at its top level to names it binds once."""
    bound = Counter(_module_bindings(tree))
    return {
        target.id: statement.value.value
        for statement in tree.body
        if isinstance(statement, ast.Assign)
        and isinstance(statement.value, ast.Constant)
        and isinstance(statement.value.value, str)
        for target in statement.targets
        if isinstance(target, ast.Name) and bound[target.id] == 1
    }


def _module_bindings(tree: ast.Module) -> list[str]:
    """The names the module's own code binds, once per binding (``V = "1.0"`` and a ``V =
    read_version()`` in a try below it are two), functions' and classes' bodies left out: a
    name bound more than once has no one string a reader can tell."""
    names: list[str] = []
    pending: list[ast.AST] = list(tree.body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.append(node.id)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.append(node.name)
            continue  # its body binds its own names
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.extend((alias.asname or alias.name).partition(".")[0] for alias in node.names)
        elif isinstance(node, ast.comprehension):
            pending.extend([node.iter, *node.ifs])  # its target is the comprehension's own
            continue
        pending.extend(ast.iter_child_nodes(node))
    return names


def _names_setup(function: ast.expr) -> bool:
    """Whether a call of ``function`` is setuptools' (or distutils') ``setup``."""
    if isinstance(function, ast.Attribute):
        return function.attr == "setup"
    return isinstance(function, ast.Name) and function.id == "setup"


def _setup_py_text(root: Path) -> str:
    """The first MAX_SETUP_PY_BYTES of ``root``'s setup.py, "" when there is none or a link
    leads it out of the project (another project's name and version are not this one's)."""
    path = root / "setup.py"
    try:
        if not path.is_file() or not path.resolve().is_relative_to(root.resolve()):
            return ""
        with path.open("rb") as file:
            return file.read(MAX_SETUP_PY_BYTES).decode("utf-8", "replace")
    except (OSError, RuntimeError):
        return ""


def _setup_call_name(text: str) -> str | None:
    """The ``name`` of the file's ``setup()`` call, read from its syntax: a keyword, or the
    ``name`` of the ``dict(...)`` or dict literal it is given as ``**metadata`` (numba's
    setup.py, whose docstrings say "setup()" above an ``Extension(name=...)``), as a string or
    a name the file assigns a string once; "" when it names none so; None when the file is not
    Python."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    dicts: dict[str, dict[str, ast.expr]] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target = node.targets[0]
            entries = _dict_entries(node.value)
            if isinstance(target, ast.Name) and entries is not None:
                dicts[target.id] = entries
    for node in ast.walk(tree):
        func = node.func if isinstance(node, ast.Call) else None
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if not isinstance(node, ast.Call) or called != "setup":
            continue
        entries = {k.arg: k.value for k in node.keywords if k.arg}
        for unpacked in (k.value for k in node.keywords if k.arg is None):
            if isinstance(unpacked, ast.Name):
                entries = {**dicts.get(unpacked.id, {}), **entries}
        value = entries.get("name")
        if isinstance(value, ast.Name):
            # name=NAME, a string the file assigns once (ipyparallel 7.1.0's name =
            # 'ipyparallel' above setup(**setup_args)): a name no other code changes.
            value = ast.Constant(_module_strings(tree).get(value.id))
        if isinstance(value, ast.Constant) and isinstance(value.value, str):
            return value.value if re.fullmatch(_DISTRIBUTION_NAME, value.value) else ""
        return ""
    return ""


def _dict_entries(node: ast.expr) -> dict[str, ast.expr] | None:
    """The entries of ``dict(key=...)`` or ``{"key": ...}`` by key; None for anything else."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        return {k.arg: k.value for k in node.keywords if k.arg}
    if isinstance(node, ast.Dict):
        return {
            key.value: value
            for key, value in zip(node.keys, node.values, strict=True)
            if isinstance(key, ast.Constant) and isinstance(key.value, str)
        }
    return None


def _package_info(root: Path) -> dict[str, Any]:
    """Name, version and summary from PKG-INFO, the metadata a Python source archive carries."""
    path = root / "PKG-INFO"
    if not path.is_file():
        return {}
    headers = email.parser.HeaderParser().parsestr(
        path.read_text(encoding="utf-8", errors="replace")
    )
    name = headers.get("Name")
    if not name:
        return {}
    homepage = next(
        (
            url.strip()
            for label, _, url in (
                value.partition(",") for value in headers.get_all("Project-URL", [])
            )
            if label.strip().lower() in ("documentation", "homepage", "source")
            and _is_web(url.strip())
        ),
        None,
    )
    return {
        "name": name,
        "id": name,
        "version": headers.get("Version") or "",
        "summary": headers.get("Summary") or "",
        "packages": [f"pypi:{name.lower()}"],
        "homepage": homepage,
    }


def _web_url(urls: dict[str, Any], keys: tuple[str, ...]) -> str | None:
    for key in keys:
        for name, value in urls.items():
            if name.lower() == key.lower() and isinstance(value, str) and _is_web(value):
                return value
    return None


def _is_web(url: str) -> bool:
    return re.match(r"^https?://[^/\s]+", url) is not None


def _poetry_metadata(root: Path, document: dict[str, Any], found: list[str]) -> dict[str, Any]:
    """The metadata of Poetry's ``[tool.poetry]`` table (before Poetry 2 it held the name,
    version and description a ``[project]`` table holds; Textual 8's does); {} without one.
    A source archive's PKG-INFO gives the version its backend wrote (a placeholder
    "0.0.0" that poetry-dynamic-versioning replaces)."""
    tool = document.get("tool")
    poetry = tool.get("poetry") if isinstance(tool, dict) else None
    name = poetry.get("name") if isinstance(poetry, dict) else None
    if not isinstance(poetry, dict) or not isinstance(name, str) or not name.strip():
        return {}
    found.append(f"pyproject.toml: package {name} (Poetry)")
    version = _package_info(root).get("version") or poetry.get("version")
    urls = {key: poetry.get(key.lower()) for key in ("Documentation", "Homepage", "Repository")}
    links = poetry.get("urls")
    description = poetry.get("description")
    return {
        "name": name,
        "id": name,
        "version": version if isinstance(version, str) else "",
        "summary": description if isinstance(description, str) else "",
        "packages": [f"pypi:{name.lower()}"],
        "homepage": _web_url(
            {**urls, **(links if isinstance(links, dict) else {})}, (*_HOMES, "Repository")
        ),
    }
