"""What a directive asks to show: autodoc's options, ``conf.py`` settings, mkdocstrings' YAML
and the handler options an MkDocs config sets for every block.

``conf.py`` is read by :mod:`builder.sphinx_conf`, never executed: only literal values count,
which is how projects write ``autoclass_content`` and ``autodoc_default_options``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from builder.api.model import (
    CLASS_CONTENT,
    NAPOLEON_INCLUDES,
    PYDANTIC_KINDS,
    ApiSettings,
    MemberOptions,
    PydanticOptions,
)
from builder.projects.mkdocs_plugins import plugin_options
from builder.sphinx_conf import SphinxConf, read_sphinx_conf

MEMBER_ORDERS = frozenset({"alphabetical", "bysource", "groupwise"})
TYPEHINTS_FORMATS = frozenset({"short", "fully-qualified"})
_MKDOCSTRINGS_ORDER = {"alphabetical": "alphabetical", "source": "bysource"}
# Sphinx's AUTODOC_DEFAULT_OPTIONS, the options autodoc_default_options can set, and
# AUTODOC_EXTENDABLE_OPTIONS, those a directive's value starting with "+" adds to.
_DEFAULTABLE = (
    "members", "undoc-members", "no-index", "noindex", "no-index-entry", "inherited-members",
    "show-inheritance", "private-members", "special-members", "ignore-module-all",
    "exclude-members", "member-order", "imported-members", "class-doc-from", "no-value",
)  # fmt: skip
_EXTENDABLE = frozenset({"members", "private-members", "special-members", "exclude-members"})
# The members autodoc_class_signature = "separated" shows a class's constructor as.
SEPARATED_MEMBERS = ("__new__", "__init__")
# autodoc's option for an object that is no target, as Sphinx 7.2 on spells it and before.
NO_INDEX = frozenset({"no-index", "noindex"})


def read_conf_settings(conf_source: str, pyproject: str | None = None) -> ApiSettings:
    """autodoc settings from the text of a Sphinx ``conf.py`` (and of the pyproject.toml it
    reads with sphinx-pyproject); defaults where absent or computed."""
    conf = read_sphinx_conf(conf_source, pyproject=pyproject)
    content = conf.get("autoclass_content")
    order = conf.get("autodoc_member_order")
    defaults = conf.get("autodoc_default_options")
    options: tuple[tuple[str, str | None], ...] = ()
    if isinstance(defaults, dict):
        options = tuple(
            (str(key), _default_text(value))
            for key, value in defaults.items()
            if value is not False
        )
    names = conf.extension_names()
    # A list of extensions the file does not spell out (lmfit's "from extensions import
    # extensions", a file its Makefile writes) leaves the extensions' own settings to say
    # which are loaded: "napoleon_google_docstring = False".
    settings = () if "extensions" in conf.values else (*conf.values, *conf.not_literal)
    napoleon = any("napoleon" in name for name in names) or _sets("napoleon_", settings)
    # numpydoc reads NumPy sections only (napoleon, when loaded too, reads them as well).
    numpydoc = any(name.split(".")[0] == "numpydoc" for name in names) or _sets(
        "numpydoc_", settings
    )
    typehints_format = conf.get("autodoc_typehints_format")
    return ApiSettings(
        class_content=content if content in CLASS_CONTENT else "class",
        member_order=order if order in MEMBER_ORDERS else "alphabetical",
        default_options=options,
        docstring_style="auto" if napoleon else "numpydoc" if numpydoc else "sphinx",
        typehints_format=typehints_format if typehints_format in TYPEHINTS_FORMATS else "short",
        templates_path=_templates_path(conf),
        # sphinx-automodapi tests the value for truth.
        automodsumm_inherited_members=bool(conf.get("automodsumm_inherited_members", False)),
        separated_signature=conf.get("autodoc_class_signature") == "separated",
        autosummary_module_all=conf.get("autosummary_ignore_module_all", True) is False,
        docstring_signature=bool(conf.get("autodoc_docstring_signature", True)),
        runtime_defaults=True,
        pydantic_options=_pydantic_options(conf),
        napoleon_includes=tuple(
            kind
            for kind in NAPOLEON_INCLUDES
            if napoleon and conf.get(f"napoleon_include_{kind}_with_doc") is True
        ),
        # numpydoc, when loaded too, has rewritten the section before napoleon reads it.
        napoleon_attributes=napoleon and not numpydoc and conf.get("napoleon_use_ivar") is not True,
    )


def _pydantic_options(conf: SphinxConf) -> PydanticOptions:
    """The options each autodoc_pydantic directive implies, as conf.py's
    ``autodoc_pydantic_<kind>_members``, ``_undoc_members`` and ``_show_config_member`` set
    them (the first two on, the last off, by default)."""
    implied = []
    for directive, kind in PYDANTIC_KINDS:
        options: list[tuple[str, str]] = []
        if conf.get(f"autodoc_pydantic_{kind}_members", True) is not False:
            options.append(("members", ""))
        if conf.get(f"autodoc_pydantic_{kind}_undoc_members", True) is not False:
            options.append(("undoc-members", ""))
        if not conf.get(f"autodoc_pydantic_{kind}_show_config_member", False):
            options.append(("exclude-members", "model_config"))
        implied.append((directive, tuple(options)))
    return tuple(implied)


def _sets(prefix: str, names: tuple[str, ...]) -> bool:
    """Whether a conf.py assigns a setting whose name starts with ``prefix``."""
    return any(name.startswith(prefix) for name in names)


def _templates_path(conf: SphinxConf) -> tuple[str, ...]:
    """conf.py's ``templates_path``: none when it sets none (Sphinx's default is empty), the
    usual ``_templates`` when its value is computed."""
    value = conf.get("templates_path")
    if isinstance(value, list | tuple):
        return tuple(folder for folder in value if isinstance(folder, str))
    if "templates_path" in conf.not_literal:
        return ("_templates",)
    return ()


def read_mkdocs_settings(config: Mapping[str, Any], older_keys: bool = False) -> ApiSettings:
    """The options an MkDocs config (``mkdocs.yml``'s document, or ``zensical.toml``'s read as
    one) gives mkdocstrings' Python handler for every block: ``plugins`` (a list, or a mapping)
    > ``mkdocstrings`` > ``handlers`` > ``python`` > ``options``; with ``older_keys`` (the
    project builds with an mkdocstrings before 0.23), its ``selection`` and ``rendering`` too."""
    plugin = plugin_options(config, "mkdocstrings") or {}
    handlers = plugin.get("handlers")
    python = handlers.get("python") if isinstance(handlers, dict) else None
    options = block_options(python, older_keys) if isinstance(python, dict) else {}
    return ApiSettings(
        mkdocstrings_options=tuple(options.items()), mkdocstrings_older_keys=older_keys
    )


def block_options(settings: Mapping[str, Any], older_keys: bool = False) -> dict[str, Any]:
    """The ``options`` of mkdocstrings' Python handler or of one ``::: path`` block; with
    ``older_keys``, over its ``selection`` and ``rendering`` mappings, which mkdocstrings 0.19
    to 0.22 merged into ``options`` and 0.23 removed: ormar's config chooses the sphinx docstring
    style under ``selection`` and jumanji's blocks list members there, which the releases they
    pin (1.0.4, 0.27.0) leave unread, so their sites show ``:param`` fields as written and
    every member."""
    merged: dict[str, Any] = {}
    for key in ("selection", "rendering", "options") if older_keys else ("options",):
        value = settings.get(key)
        if isinstance(value, Mapping):
            merged.update(value)
    return merged


def _default_text(value: object) -> str | None:
    """An autodoc_default_options value: None for a flag (True or None), else its text (a
    list's items joined with commas, as the option would be written)."""
    if value is True or value is None:
        return None
    if isinstance(value, list | tuple):
        return ", ".join(str(item) for item in value)
    return str(value)


def autodoc_options(
    directive_options: tuple[tuple[str, str], ...], settings: ApiSettings
) -> MemberOptions:
    """MemberOptions of an ``auto*`` directive: its own options with the project defaults, as
    Sphinx's process_documenter_options merges them."""
    given = dict(directive_options)
    defaults = dict(settings.default_options)
    for name in _DEFAULTABLE:
        # ``:no-members:`` drops a default ``members``, not the directive's own ``:members:``.
        negated = f"no-{name}" in given
        own = given.get(name)
        if name in defaults and not negated:
            default = defaults[name]
            if default is None or own is None:
                # A flag (True) is set over the directive's own value, as Sphinx does.
                given[name] = "" if default is None else default
            elif name in _EXTENDABLE and own.startswith("+"):
                given[name] = f"{default},{own[1:]}"  # ``:members: +name``: the default's too
        elif own is not None:
            given[name] = own.removeprefix("+")  # nothing to add it to
    members: tuple[str, ...] | None = None
    if "members" in given:
        members = _names(given["members"])
    if members is None and "inherited-members" in given:
        # Sphinx documents every member when inherited ones are asked for (its want_all),
        # :members: or not: webargs' 'automodule:: webargs.core' with ':inherited-members:'
        # alone is its Parser's whole reference.
        members = ()
    # ``:private-members: _Resolver`` shows those private members alone (Sphinx 3.2).
    private = _names(given["private-members"]) if "private-members" in given else None
    special: tuple[str, ...] | None = None
    if "special-members" in given:
        special = _names(given["special-members"])
        if members is None:
            members = ()
    class_named: tuple[str, ...] = ()
    if settings.separated_signature and special != ():  # () is every special member
        # Sphinx's ClassDocumenter adds these to a class's special members, and to the
        # members it names (merge_members_option); a module's documenter does not.
        class_named = tuple(n for n in SEPARATED_MEMBERS if n not in (special or ()))
        special = (*(special or ()), *class_named)
    order = given.get("member-order", settings.member_order)
    # ``:class-doc-from:`` is autoclass_content for one directive (Sphinx 4.1).
    content = given.get("class-doc-from", settings.class_content)
    return MemberOptions(
        members=members,
        undocumented="undoc-members" in given,
        inherited="inherited-members" in given,
        inherited_stop=_names(given.get("inherited-members", "")),
        private=private,
        special=special,
        class_named=class_named,
        exclude=_names(given.get("exclude-members", "")),
        order=order if order in MEMBER_ORDERS else "alphabetical",
        class_content=content if content in CLASS_CONTENT else settings.class_content,
        imported="imported-members" in given,
        ignore_all="ignore-module-all" in given,
        show_inheritance="show-inheritance" in given,
        no_index=bool(NO_INDEX & given.keys()),
        qualified_bases=settings.typehints_format == "fully-qualified",
        napoleon_includes=settings.napoleon_includes,
        napoleon_attributes=settings.napoleon_attributes,
    )


def _names(value: str) -> tuple[str, ...]:
    return tuple(name.strip() for name in value.split(",") if name.strip())


# The option doc-builder's "[[autodoc]]" block is given for the methods it names beside "all"
# (no mkdocstrings option: its "members" are either those named or all of them).
MEMBERS_FIRST = "doctrove_members_first"


# mkdocstrings-python's show_docstring_* options, each the kinds of griffe docstring section it
# shows (all on by default): its docstring template tests them so, "admonition" with the text.
_SECTIONS_SHOWN_BY = {
    "show_docstring_description": ("text", "admonition"),
    "show_docstring_attributes": ("attributes",),
    "show_docstring_functions": ("functions",),
    "show_docstring_classes": ("classes",),
    "show_docstring_type_aliases": ("type aliases",),
    "show_docstring_modules": ("modules",),
    "show_docstring_type_parameters": ("type parameters",),
    "show_docstring_parameters": ("parameters",),
    "show_docstring_other_parameters": ("other parameters",),
    "show_docstring_raises": ("raises",),
    "show_docstring_warns": ("warns",),
    "show_docstring_yields": ("yields",),
    "show_docstring_receives": ("receives",),
    "show_docstring_returns": ("returns",),
    "show_docstring_examples": ("examples",),
}


def _extension_loaded(options: Mapping[str, Any], name: str) -> bool:
    """Whether the handler's ``extensions`` option loads the griffe extension ``name`` (a
    name, or a mapping of it to its options)."""
    extensions = options.get("extensions")
    if not isinstance(extensions, list):
        return False
    for extension in extensions:
        named = next(iter(extension), None) if isinstance(extension, dict) else extension
        if isinstance(named, str) and named.replace("-", "_").split(":")[0] == name:
            return True
    return False


def mkdocstrings_options(options: Mapping[str, Any]) -> MemberOptions:
    """MemberOptions of a ``::: path`` block from the ``options:`` mapping under it."""
    members_value = options.get("members", True)
    members: tuple[str, ...] | None
    if members_value is False:
        members = None
    elif isinstance(members_value, list):
        members = tuple(str(name) for name in members_value)
    elif isinstance(members_value, str):
        # mkdocstrings keeps the members whose name is in set(members): a string's characters,
        # so "members: none" (optimistix's, YAML's string, not its null) keeps none.
        members = tuple(sorted(set(members_value)))
    else:
        members = ()
    filters = options.get("filters")
    order = _MKDOCSTRINGS_ORDER.get(str(options.get("members_order", "")), "alphabetical")
    merged = bool(options.get("merge_init_into_class", False))
    parsing = options.get("docstring_options")
    # Only griffe's google and numpy parsers know the option.
    ignore_init_summary = (
        isinstance(parsing, Mapping)
        and bool(parsing.get("ignore_init_summary", False))
        and options.get("docstring_style", "google") in ("google", "numpy")
    )
    first = options.get(MEMBERS_FIRST)
    return MemberOptions(
        members=members,
        first=tuple(str(name) for name in first) if isinstance(first, list) else (),
        undocumented=bool(options.get("show_if_no_docstring", False)),
        inherited=bool(options.get("inherited_members", False)),
        special=None,
        order=order,
        class_content="both" if merged else "class",
        # A merged __init__ is the class's signature and docstring, not a member of its own.
        exclude=("__init__",) if merged else (),
        # mkdocstrings shows an imported name only when ``__all__`` lists it (or ``members``
        # names it): a module's own imports (``BaseModel`` in ``pydantic.json_schema``) are
        # documented where they are defined.
        imported=False,
        # What ``from .common import *`` brings is no import to griffe (not in the module's
        # imports): mkdocstrings shows it (geemap.kepler's add_crs, from geemap.common).
        wildcard_own=True,
        # griffe lists ``self.start = ...`` in a method as an instance attribute.
        method_attributes=True,
        # "public" keeps what griffe deems public: no private names, nor (below) what a
        # module's __all__ leaves out.
        filters=tuple(str(f) for f in filters) if isinstance(filters, list) else ("!^_[^_]",),
        public=filters == "public",
        # mkdocstrings-python shows the bases a class names, brief, as autodoc does.
        show_inheritance=bool(options.get("show_bases", True)),
        object_base=False,
        submodules=bool(options.get("show_submodules", False)),
        init_summary=not ignore_init_summary,
        markdown_headings=True,
        overloads=bool(options.get("show_overloads", True)),
        unwrap_annotated=bool(options.get("unwrap_annotated", False)),
        inherit_docstrings=_extension_loaded(options, "griffe_inherited_docstrings"),
        owner_descriptions=False,
        hidden_sections=frozenset(
            kind
            for option, kinds in _SECTIONS_SHOWN_BY.items()
            if options.get(option, True) is False
            for kind in kinds
        ),
    )
