"""Read the literal settings of a Sphinx ``conf.py`` without running it.

A ``conf.py`` is Python, and running the one of a tag or archive would run whatever it holds,
so only its top-level assignments whose value is a literal (strings, numbers, lists, tuples,
dicts, sets, booleans, None) are read, with ``ast``, and the literals a list is then grown by
(``+=``, ``.append``, ``.extend``), at the top level or in an ``if`` block: conf.py files add
extensions for the HTML build that way (pip: ``if "man" not in tags: extensions.extend(...)``,
with myst_parser among them). Anything else (a call, a name, an import's value) is recorded by
name so the caller can say it was ignored; but ``version`` and ``release``, which a conf.py
most often computes from the package, hold the release being built when the caller gives it.
A conf.py that builds its settings with a shared helper names its extensions in that call
instead (celery's ``globals().update(build_config(..., extra_extensions=[...]))``): the
literal lists passed as a keyword ending in ``extensions`` are kept apart, as extensions the
file asks for.

A conf.py may also take its settings from a shared configuration package, as the Astropy
family does (``from sphinx_astropy.conf.v2 import *``, or ``import extensions, rst_epilog``
by name, often inside a ``try``): the settings of the packages :data:`SHARED_CONFS` knows are
read as if the file assigned them where it imports them, and its own lines grow or replace
them after. A conf.py that shares settings with a sibling site's through a module of its own
(Invoke, Fabric and Paramiko: ``from shared_conf import *``, with ``default_role = "obj"``
there) is read with that module's literal settings when the caller passes its text. A conf.py
that takes its settings from ``pyproject.toml`` through sphinx-pyproject
(:mod:`builder.sphinx_pyproject`) is read with them when the caller passes that file's text,
and the values its ``SphinxConfig`` object gives (``config.description``) are literals; so is a
name set above (``project = name``) and a literal string's ``join`` of a list of strings.
"""

from __future__ import annotations

import ast
import textwrap
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from builder.sphinx_conf_strings import TextBudget, string_operation
from builder.sphinx_pyproject import (
    LITERAL_ERRORS,
    PyprojectConfig,
    config_call,
    config_value,
    read_pyproject_config,
)

# The file Sphinx reads its settings from, in the docs folder.
CONFIG_NAME = "conf.py"
MAX_CONF_BYTES = 1024 * 1024

# sphinx-astropy 1.11's conf/v1.py and v2.py (v3 is v2 with its own theme; sphinx_astropy.conf
# is v1): the settings that change how pages and docstrings read. Both also load
# matplotlib's plot_directive when matplotlib is importable.
_ASTROPY_V1: Mapping[str, Any] = {
    "extensions": [
        "sphinx.ext.autodoc", "sphinx.ext.coverage", "sphinx.ext.inheritance_diagram",
        "sphinx.ext.intersphinx", "sphinx.ext.mathjax", "sphinx.ext.todo",
        "sphinx.ext.viewcode", "sphinxcontrib.jquery", "numpydoc",
        "pytest_doctestplus.sphinx.doctestplus", "sphinx_astropy.ext.changelog_links",
        "sphinx_astropy.ext.generate_config", "sphinx_astropy.ext.intersphinx_toggle",
        "sphinx_astropy.ext.missing_static", "sphinx_automodapi.automodapi",
        "sphinx_automodapi.smart_resolver",
    ],
    "exclude_patterns": ["_build"],
    "source_suffix": ".rst",
    "master_doc": "index",
    "default_role": "obj",
    "rst_epilog": "\n.. _Astropy: https://www.astropy.org\n",
    "numpydoc_show_class_members": False,
    "autosummary_generate": True,
    "automodapi_toctreedirnm": "api",
    "autoclass_content": "both",
}  # fmt: skip
_ASTROPY_V2: Mapping[str, Any] = {
    **_ASTROPY_V1,
    "extensions": [*_ASTROPY_V1["extensions"][:9], "sphinx_copybutton",
                   *_ASTROPY_V1["extensions"][9:]],
}  # fmt: skip
# The shared configuration modules whose settings a conf.py that imports them is read with.
SHARED_CONFS: Mapping[str, Mapping[str, Any]] = {
    "sphinx_astropy.conf": _ASTROPY_V1,
    "sphinx_astropy.conf.v1": _ASTROPY_V1,
    "sphinx_astropy.conf.v2": _ASTROPY_V2,
    "sphinx_astropy.conf.v3": _ASTROPY_V2,
}


@dataclass(frozen=True)
class SphinxConf:
    """What could be read of one conf.py: literal values by name, the names whose values were
    not literals (last assignment wins, as when Python runs the file), and a reason when the
    file could not be read at all."""

    values: Mapping[str, Any] = field(default_factory=dict)
    not_literal: tuple[str, ...] = ()
    problem: str | None = None
    passed_extensions: tuple[str, ...] = ()

    def get(self, name: str, default: Any = None) -> Any:
        return self.values.get(name, default)

    def extension_names(self) -> tuple[str, ...]:
        """The extensions the file loads: its literal ``extensions`` list, then those it passes
        to a call that builds its settings."""
        extensions = self.values.get("extensions")
        listed = extensions if isinstance(extensions, list | tuple) else ()
        return (*(str(name) for name in listed), *self.passed_extensions)


def read_sphinx_conf(
    source: str,
    modules: Mapping[str, str] | None = None,
    pyproject: str | None = None,
    computed: Mapping[str, Any] | None = None,
) -> SphinxConf:
    """The literal top-level settings of ``source`` (the text of a conf.py); ``modules``: the
    text of the project's own modules it imports settings from, by name (their own imports
    are not followed); ``pyproject``: the text of the pyproject.toml its SphinxConfig reads;
    ``computed``: what a name the file binds to no literal holds when it runs, by the name it
    is set or imported as (the release being built, for ``release = version("black")`` or,
    given as ``__version__``, ``from pkg import __version__ as full_version``), so that
    settings made of it are read too."""
    if len(source) > MAX_CONF_BYTES:
        return SphinxConf(problem=f"larger than {MAX_CONF_BYTES // 1024} KiB; not read")
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError) as exc:
        return SphinxConf(problem=f"not valid Python ({type(exc).__name__}); not read")
    given = computed or {}
    bound = _bound_names(tree)
    computed = {name: given[origin] for name, origin in bound.items() if origin in given}
    values: dict[str, Any] = dict(computed)
    not_literal: dict[str, None] = {}
    configs: dict[str, PyprojectConfig] = {}
    budget = TextBudget()
    for statement, conditional in _statements(tree.body, conditional=False):
        if (
            pyproject is not None
            and not conditional
            and _read_config(statement, pyproject, values, configs)
        ):
            for name in values:
                not_literal.pop(name, None)
            continue
        shared = _shared_settings(statement, modules or {})
        if shared:
            for name, value in shared.items():
                values[name] = list(value) if isinstance(value, list) else value
                not_literal.pop(name, None)
            continue
        growth = _growth(statement)
        if growth is not None:
            _grow(values, not_literal, *growth)
            continue
        if conditional:  # an assignment that may not run leaves the value as it was
            continue
        for name, node in _assignments(statement):
            try:
                if node is None:
                    raise ValueError(name)
                values[name] = _literal(name, node, values, configs, budget)
                not_literal.pop(name, None)
            except LITERAL_ERRORS:
                if name in computed:
                    values[name] = computed[name]
                    continue
                values.pop(name, None)
                not_literal[name] = None
    return SphinxConf(values, tuple(not_literal), passed_extensions=_passed_extensions(tree))


# Lists whose computed items are the project's own additions, read without them: scverse's
# template ends its extensions with ``*(p.stem for p in _extension_dir.glob("*.py"))``, local
# extensions that add nothing read here, and the list names myst_nb, which reads Markdown.
_LITERAL_ITEMS_ONLY = frozenset({"extensions"})
# Mappings whose computed entries are left out, the others read: every project made with
# repo_helper (domdf_python_tools, consolekit) sets "members" among autodoc's default options
# beside an "exclude-members" joined from a list, and its automodule lines name no members.
_LITERAL_ENTRIES_ONLY = frozenset({"autodoc_default_options"})


def _read_config(
    statement: ast.stmt,
    pyproject: str,
    values: dict[str, Any],
    configs: dict[str, PyprojectConfig],
) -> bool:
    """Whether ``statement`` is a SphinxConfig call that reads ``pyproject``: then the
    settings ``globalns=globals()`` adds are in ``values``, and the object is in ``configs``
    under the name it is assigned to."""
    found = config_call(statement)
    config = read_pyproject_config(pyproject, found[1]) if found is not None else None
    if found is None or config is None:
        return False
    if any(keyword.arg == "globalns" for keyword in found[1].keywords):
        values.update(config.namespace())
    if found[0] is not None:
        configs[found[0]] = config
    return True


def _literal(
    name: str,
    node: ast.expr,
    known: Mapping[str, Any],
    configs: Mapping[str, PyprojectConfig] | None = None,
    budget: TextBudget | None = None,
) -> Any:
    """The literal value of ``node``; for a list named in _LITERAL_ITEMS_ONLY, its literal
    items (the others left out), and for a dict named in _LITERAL_ENTRIES_ONLY, its literal
    entries; an f-string of names ``known`` holds is the text it formats, and a call of
    ``dict`` with keywords is the dict they spell."""
    node = _dict_display(node) or node
    if isinstance(node, ast.JoinedStr):
        return _formatted(node, known, budget)
    if name in _LITERAL_ENTRIES_ONLY and isinstance(node, ast.Dict):
        return dict(_literal_entries(node, known, configs or {}, budget or TextBudget()))
    if name not in _LITERAL_ITEMS_ONLY or not isinstance(node, ast.List | ast.Tuple):
        return _value(node, known, configs or {}, budget or TextBudget())
    items = []
    for item in node.elts:
        try:
            items.append(ast.literal_eval(item))
        except LITERAL_ERRORS:
            continue
    return items


def _dict_display(node: ast.expr) -> ast.Dict | None:
    """``dict(members=True, ...)`` as the display ``{"members": True, ...}`` it builds
    (ManipulaPy's autodoc_default_options); None for any other node, or a call with more
    than keywords in it."""
    if not (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "dict"
        and not node.args
        and all(keyword.arg for keyword in node.keywords)
    ):
        return None
    keys: list[ast.expr | None] = [ast.Constant(k.arg) for k in node.keywords]
    return ast.Dict(keys=keys, values=[keyword.value for keyword in node.keywords])


def _formatted(
    node: ast.JoinedStr, known: Mapping[str, Any], budget: TextBudget | None = None
) -> str:
    """The text of an f-string whose fields are names of literal strings or numbers set above
    it (coverage's ``rst_epilog = f".. |release-date| replace:: {release_date}"``), with no
    conversion but ``!s`` and no format spec; anything else is not a literal."""
    parts: list[str] = []
    for part in node.values:
        if isinstance(part, ast.Constant) and isinstance(part.value, str):
            parts.append(part.value)
            continue
        if not (
            isinstance(part, ast.FormattedValue)
            and isinstance(part.value, ast.Name)
            and part.conversion in (-1, ord("s"))
            and part.format_spec is None
        ):
            raise ValueError("not a literal f-string")
        value = known.get(part.value.id)
        if isinstance(value, bool) or not isinstance(value, str | int | float):
            raise ValueError(part.value.id)
        parts.append(str(value))
    (budget or TextBudget()).spend(sum(map(len, parts)))
    return "".join(parts)


def _value(
    node: ast.expr,
    known: Mapping[str, Any],
    configs: Mapping[str, PyprojectConfig],
    budget: TextBudget,
) -> Any:
    """The value of ``node`` when it is a literal, a name set above, a value a SphinxConfig
    object gives, a str method's or a subscript's result on those
    (builder.sphinx_conf_strings: repo_helper's ``",".join(config["autodoc_exclude_members"])``,
    cachetools' ``".".join(release.split(".")[:2])``), the dedented text of
    such a string, or a dict display of those (scikit-build-core's
    ``myst_substitutions = {"version": version}``); else ValueError."""
    read, value = config_value(node, configs)
    if read:
        return value
    if isinstance(node, ast.Name) and node.id in known:
        value = known[node.id]
        if isinstance(value, list):
            budget.spend(len(value))
            return list(value)
        return value
    if isinstance(node, ast.Dict):
        if any(key is None for key in node.keys):
            raise ValueError("a dict display that unpacks another")
        return {
            ast.literal_eval(key): _value(value, known, configs, budget)
            for key, value in zip(node.keys, node.values, strict=True)
            if key is not None
        }
    read, value = string_operation(node, lambda part: _value(part, known, configs, budget), budget)
    if read:
        return value
    if (argument := _dedent_argument(node)) is not None:
        text = (
            _formatted(argument, known, budget)
            if isinstance(argument, ast.JoinedStr)
            else _value(argument, known, configs, budget)
        )
        if isinstance(text, str):
            return textwrap.dedent(text)
        raise ValueError("dedent of what is not a string")
    return ast.literal_eval(node)


def _dedent_argument(node: ast.expr) -> ast.expr | None:
    """The argument of ``textwrap.dedent(...)`` or ``dedent(...)``: conf.py files indent a
    multi-line ``rst_prolog`` with their code and dedent it; None for any other node."""
    if not (isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords):
        return None
    function = node.func
    named = isinstance(function, ast.Name) and function.id == "dedent"
    attribute = (
        isinstance(function, ast.Attribute)
        and function.attr == "dedent"
        and isinstance(function.value, ast.Name)
        and function.value.id == "textwrap"
    )
    return node.args[0] if named or attribute else None


def _literal_entries(
    node: ast.Dict,
    known: Mapping[str, Any],
    configs: Mapping[str, PyprojectConfig],
    budget: TextBudget,
) -> Iterator[tuple[Any, Any]]:
    """The entries of a dict display whose key and value are literals ("**other" has no key)."""
    for key, value in zip(node.keys, node.values, strict=True):
        if key is None:
            continue
        try:
            yield ast.literal_eval(key), _value(value, known, configs, budget)
        except LITERAL_ERRORS:
            continue


def _statements(body: list[ast.stmt], conditional: bool) -> Iterator[tuple[ast.stmt, bool]]:
    """Each statement of ``body`` in order, those of its ``if`` blocks (both branches) and
    ``try`` blocks (the ``try`` and its ``else`` and ``finally``) too, with whether the
    statement runs only under a condition."""
    for statement in body:
        if isinstance(statement, ast.If):
            yield from _statements(statement.body, conditional=True)
            yield from _statements(statement.orelse, conditional=True)
        elif isinstance(statement, ast.Try):
            for block in (statement.body, statement.orelse, statement.finalbody):
                yield from _statements(block, conditional=True)
        else:
            yield statement, conditional


def imported_modules(source: str) -> tuple[str, ...]:
    """The top-level modules (no package) the conf.py ``source`` imports names from, other
    than the shared configuration packages :data:`SHARED_CONFS` knows: where a project's own
    settings module may be (``from shared_conf import *``)."""
    try:
        tree = ast.parse(source) if len(source) <= MAX_CONF_BYTES else None
    except (SyntaxError, ValueError, RecursionError):
        tree = None
    names = (
        statement.module
        for statement, _ in _statements(tree.body if tree else [], conditional=False)
        if isinstance(statement, ast.ImportFrom) and not statement.level and statement.module
    )
    return tuple(dict.fromkeys(n for n in names if "." not in n and n not in SHARED_CONFS))


def _shared_settings(statement: ast.stmt, modules: Mapping[str, str]) -> Mapping[str, Any]:
    """The settings ``statement`` takes from a shared configuration module, or from one of
    the project's own ``modules``: all of them for ``from module import *``, else those it
    imports by name (under their own names)."""
    if not isinstance(statement, ast.ImportFrom) or statement.level:
        return {}
    module = statement.module or ""
    settings = SHARED_CONFS.get(module)
    if settings is None and module in modules:
        settings = read_sphinx_conf(modules[module]).values
    if settings is None:
        return {}
    if any(alias.name == "*" for alias in statement.names):  # the public names only
        return {name: value for name, value in settings.items() if not name.startswith("_")}
    return {
        alias.name: settings[alias.name]
        for alias in statement.names
        if alias.name in settings and alias.asname in (None, alias.name)
    }


def _passed_extensions(tree: ast.Module) -> tuple[str, ...]:
    """The strings of each literal list or tuple passed as a keyword argument whose name ends
    in ``extensions`` (``extra_extensions=[...]``), in any call of the file."""
    names: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.keyword) or not (node.arg or "").endswith("extensions"):
            continue
        try:
            value = ast.literal_eval(node.value)
        except LITERAL_ERRORS:
            continue
        if isinstance(value, list | tuple):
            names.extend(item for item in value if isinstance(item, str))
    return tuple(names)


def _growth(statement: ast.stmt) -> tuple[str, ast.expr] | None:
    """(name, what is added) when ``statement`` grows a name's list in place: ``name +=
    value``, ``name.extend(value)`` or ``name.append(item)`` (returned as a one-item list)."""
    if (
        isinstance(statement, ast.AugAssign)
        and isinstance(statement.op, ast.Add)
        and isinstance(statement.target, ast.Name)
    ):
        return statement.target.id, statement.value
    if not (isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call)):
        return None
    call = statement.value
    method = call.func
    if not (
        isinstance(method, ast.Attribute)
        and isinstance(method.value, ast.Name)
        and method.attr in ("append", "extend")
        and len(call.args) == 1
        and not call.keywords
    ):
        return None
    added = call.args[0]
    if method.attr == "append":
        added = ast.List(elts=[added], ctx=ast.Load())
    return method.value.id, added


def _grow(values: dict[str, Any], not_literal: dict[str, None], name: str, node: ast.expr) -> None:
    """Add the literal ``node`` to the list held by ``name``; a name that holds no list, or an
    addition that is not a literal list or tuple, leaves the name not literal."""
    current = values.get(name)
    try:
        added = ast.literal_eval(node)
    except LITERAL_ERRORS:
        added = None
    if isinstance(current, list) and isinstance(added, list | tuple):
        values[name] = [*current, *added]
        return
    if name in values or name in not_literal:
        values.pop(name, None)
        not_literal[name] = None


def _bound_names(tree: ast.Module) -> dict[str, str]:
    """The names the file's top-level statements (in ``if`` and ``try`` blocks too) assign or
    import, each with the name it has where it comes from: pytest's ``from pytest import
    __version__ as full_version`` binds ``full_version`` to ``__version__``."""
    names: dict[str, str] = {}
    for statement, _ in _statements(tree.body, conditional=False):
        if isinstance(statement, ast.Import | ast.ImportFrom):
            for alias in statement.names:
                names[(alias.asname or alias.name).split(".")[0]] = alias.name
        names.update((name, name) for name, _ in _assignments(statement))
    return names


def _assignments(statement: ast.stmt) -> list[tuple[str, ast.expr | None]]:
    """(name, value) for each plain name a top-level statement sets; value None when the
    statement changes the name in a way that is not a plain assignment (``+=``)."""
    if isinstance(statement, ast.Assign):
        names = [t.id for t in statement.targets if isinstance(t, ast.Name)]
        return [(name, statement.value) for name in names]
    if isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
        return [(statement.target.id, statement.value)]
    if isinstance(statement, ast.AugAssign) and isinstance(statement.target, ast.Name):
        return [(statement.target.id, None)]
    return []
