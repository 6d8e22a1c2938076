"""The records an API source hands to the parsers, and what a directive asks it for.

Everything here is frozen and free of griffe types, so parsers stay pure functions of their
text and these records, and griffe is imported only where code is actually read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from builder.api.cli_commands import CliCommand

# autodoc's values of ``autoclass_content``: whose docstring a class section shows.
CLASS_CONTENT = frozenset({"class", "both", "init"})
# The kinds of member napoleon's ``napoleon_include_<kind>_with_doc`` settings name.
NAPOLEON_INCLUDES = ("init", "special", "private")


@dataclass(frozen=True)
class DocField:
    """One entry of a docstring section: a parameter, a raised exception, a return value."""

    name: str
    annotation: str
    description: str


@dataclass(frozen=True)
class DocPart:
    """One section of a parsed docstring, its ``text`` and ``fields`` still in the docs'
    markup (reST for Sphinx, Markdown for mkdocstrings). ``title`` is empty for plain text.
    In an examples part (``code``), each field is a block: code in the language its
    ``annotation`` names, or prose when that is empty."""

    title: str
    text: str = ""
    fields: tuple[DocField, ...] = ()
    code: bool = False
    # A Google or NumPy Attributes section, which napoleon writes as an ``attribute``
    # directive per item; Sphinx's own ``:ivar:`` fields (also "Attributes") stay fields.
    attribute_items: bool = False
    # griffe's kind of the section ("text", "parameters", "examples", "admonition", ...), which
    # mkdocstrings' show_docstring_* options hide by; "" where griffe did not parse it. Not
    # compared: two parts read alike are alike, whoever parsed them.
    kind: str = field(default="", compare=False)


@dataclass(frozen=True)
class Member:
    """A member as its owner lists it: enough to decide whether a directive shows it."""

    name: str
    kind: str
    documented: bool
    inherited: bool = False
    imported: bool = False
    # Private or public by its docstring's ":meta private:" or ":meta public:" field, as autodoc
    # reads it; None: by its name.
    meta_private: bool | None = None
    # A class without a docstring of its own whose members (at any depth) have one, which
    # mkdocstrings shows, as griffe's has_docstrings reads it; autodoc leaves it out.
    documented_within: bool = False
    # Those members documented only by the members they override in a base: griffe reads
    # those docstrings only with its inherited-docstrings extension (MemberOptions.
    # inherit_docstrings), so mkdocstrings shows the class only then.
    documented_within_by_base: bool = False
    # Defined in a module whose ``__all__`` leaves it out: autodoc lists only what ``__all__``
    # names, mkdocstrings everything the module defines (and, of its imports, what it names).
    unlisted: bool = False
    # A class without a docstring of its own whose base has one: autodoc lists it, as
    # inspect.getdoc follows the bases (autodoc_inherit_docstrings); mkdocstrings does not.
    base_documented: bool = False
    # Brought by a wildcard import (``from .common import *``): griffe does not count it among
    # the module's imports, and mkdocstrings shows it as the module's own; autodoc does not.
    wildcard: bool = False
    # An attribute only a method sets (``self.start = ...``), without a doc comment: autodoc
    # never lists it, mkdocstrings does (griffe's instance attribute, shown undocumented under
    # show_if_no_docstring).
    set_in_method: bool = False
    # A docstring of its own (napoleon asks ``obj.__doc__``): not a base's, not a comment's.
    own_docstring: bool = False
    # An inherited member's way up: the names of the classes Python's lookup passes, from the
    # class's first base to the one that defines it, in order (autodoc's ``:inherited-members:
    # Base`` leaves out what is found at ``Base`` or beyond it).
    through: tuple[str, ...] = ()
    # A method of a built-in base (``bytes.decode``), which autodoc lists as it imports the
    # class; griffe, and so mkdocstrings, does not see it.
    builtin: bool = False
    # The top-level package of the class that defines the member ("pydantic" for a model's
    # inherited model_dump); "" when not known.
    package: str = ""
    # Documented only by the docstring of the member it overrides in a base, which autodoc
    # reads (autodoc_inherit_docstrings) and griffe, without its inherited-docstrings
    # extension, does not.
    documented_by_base: bool = False
    # A name ``__slots__`` declares, listed as the class's own as autodoc finds it by ``dir()``
    # (builder.api.slot_members); griffe reads no ``__slots__``, so mkdocstrings lists it only
    # where the class declares the name otherwise (pydantic's BaseModel's
    # ``__pydantic_extra__`` under every model of a project that has pydantic installed).
    from_slots: bool = False
    # An attribute with no docstring whose only text is one autodoc writes for it: "alias of
    # ..." for another name for a class (``GET = GetRequest``, builder.api.class_aliases),
    # "Alias for field number N" for a NamedTuple's field (builder.api.named_tuple_fields).
    # griffe gives it none, so mkdocstrings shows it only where undocumented members show.
    autodoc_text_only: bool = False


@dataclass(frozen=True)
class ApiObject:
    """The documentation of one object, found in code at ``file``:``line``."""

    path: str
    kind: str  # "module", "class", "function" or "attribute"
    signature: str  # "name(parameters) -> returns", "name: type = value", or "" for a module
    doc: tuple[DocPart, ...]
    init_doc: tuple[DocPart, ...] = ()  # a class's ``__init__`` docstring
    members: tuple[Member, ...] = ()
    bases: tuple[str, ...] = ()
    qualified_bases: tuple[str, ...] = ()  # the bases by their full dotted names
    # A package's own modules, which autodoc never lists among its members (they have pages of
    # their own) and mkdocstrings' show_submodules documents inside it.
    submodules: tuple[Member, ...] = ()
    # The words autodoc writes before a function's name, read from its code: "async" (a
    # coroutine function, which must be awaited), "classmethod", "staticmethod".
    modifiers: tuple[str, ...] = ()
    # The signatures of its ``typing.overload`` variants, in source order, written like
    # ``signature``; a function shows them in its place, as autodoc and mkdocstrings do.
    overloads: tuple[str, ...] = ()
    # An instance of a class of the package that defines ``__call__``: that method's signature
    # under the instance's name (``gettz(name=None)``), which ``autofunction`` shows, as
    # Sphinx reads a callable's signature; "" for anything else.
    call_signature: str = ""
    # Its doc is the docstring of the member it overrides in a base (autodoc's
    # autodoc_inherit_docstrings; MemberOptions.inherit_docstrings).
    doc_from_base: bool = False
    # Its doc is what its class docstring's Attributes section says of it (napoleon's
    # reading, MemberOptions.owner_descriptions).
    doc_from_owner: bool = False
    file: str = ""
    line: int = 0


# The options autodoc_pydantic's directives imply (its autodoc_pydantic_<kind>_members and
# _undoc_members are on by default; its _show_config_member is off): a model's fields.
PydanticOptions = tuple[tuple[str, tuple[tuple[str, str], ...]], ...]
PYDANTIC_KINDS = (("autopydantic_model", "model"), ("autopydantic_settings", "settings"))
_PYDANTIC_IMPLIED = (("members", ""), ("undoc-members", ""), ("exclude-members", "model_config"))
PYDANTIC_OPTIONS: PydanticOptions = tuple(
    (directive, _PYDANTIC_IMPLIED) for directive, _ in PYDANTIC_KINDS
)


@dataclass(frozen=True)
class ApiSettings:
    """Project-wide API settings, read from ``conf.py`` or the MkDocs config without running
    it."""

    class_content: str = "class"
    member_order: str = "alphabetical"
    # autodoc_default_options: each option's text, or None for a flag (True or None), which
    # Sphinx sets over the directive's own value.
    default_options: tuple[tuple[str, str | None], ...] = ()
    # "auto" (Google or NumPy too) when napoleon is on, "numpydoc" when numpydoc is.
    docstring_style: str = "sphinx"
    # The options an MkDocs config gives mkdocstrings' Python handler, under every block's own.
    mkdocstrings_options: tuple[tuple[str, Any], ...] = ()
    # The project builds with an mkdocstrings before 0.23, which reads a handler's and a
    # block's selection: and rendering: as options (builder.api.mkdocstrings_release).
    mkdocstrings_older_keys: bool = False
    # autodoc_typehints_format: "short" names, or "fully-qualified" dotted names.
    typehints_format: str = "short"
    # conf.py's templates_path: the folders, from conf.py's, that Sphinx looks for templates in,
    # in order (none unless it names some, as in Sphinx).
    templates_path: tuple[str, ...] = ()
    # autodoc_class_signature = "separated" (Sphinx 4.1): a class's constructor is an entry of
    # its own, its __init__ (or __new__) with that method's docstring, as special members.
    separated_signature: bool = False
    # sphinx-automodapi's automodsumm_inherited_members: whether an automodapi's class pages
    # document inherited members when the directive says neither way.
    automodsumm_inherited_members: bool = False
    # autosummary_ignore_module_all = False: a module's page generated by autosummary lists
    # what its ``__all__`` names (the package's imports among them), not what it defines.
    autosummary_module_all: bool = False
    # autodoc_docstring_signature: a docstring's first line that writes the call is the
    # signature (Sphinx's default; mkdocstrings has no such reading).
    docstring_signature: bool = False
    # autodoc reads a dataclass's defaults from the class at run time: a default_factory is
    # "<factory>", a field(default=X) attribute X; mkdocstrings shows griffe's reading of the
    # source, the factory's call ("list()") and the field() call.
    runtime_defaults: bool = False
    # What each autodoc_pydantic directive implies, under the directive's own options.
    pydantic_options: PydanticOptions = PYDANTIC_OPTIONS
    # The members napoleon's napoleon_include_<kind>_with_doc settings add (NAPOLEON_INCLUDES).
    napoleon_includes: tuple[str, ...] = ()
    # napoleon without napoleon_use_ivar: a class's or module's Attributes section describes
    # each attribute as an object of its own (".. attribute:: name"), not as a field list.
    napoleon_attributes: bool = False


@dataclass(frozen=True)
class MemberOptions:
    """Which members a directive shows and how: autodoc's flags, mkdocstrings' options.

    ``members`` is None when members are not shown, empty for "all of them", or the names
    asked for, in the order given.
    """

    members: tuple[str, ...] | None = None
    # Names shown before "all of them", as doc-builder's "- all" beside "- __call__" lists the
    # named methods, then those it shows by default (builder.parsers.markdown.hf_autodoc).
    first: tuple[str, ...] = ()
    undocumented: bool = False
    inherited: bool = False
    # ``:inherited-members: Base, Other``: the classes whose members, and whose bases', are
    # not shown, as autodoc stops its lookup there (``object``'s are never shown).
    inherited_stop: tuple[str, ...] = ()
    private: tuple[str, ...] | None = None  # None: none; empty: all
    special: tuple[str, ...] | None = None  # None: none; empty: all
    # autodoc_class_signature = "separated": the constructor's methods a class's named members
    # take on (Sphinx's ClassDocumenter adds them; a module's named members never have them).
    class_named: tuple[str, ...] = ()
    exclude: tuple[str, ...] = ()
    order: str = "alphabetical"
    class_content: str = "class"
    imported: bool = False
    # Whether what a wildcard import brings is the module's own (mkdocstrings), not imported.
    wildcard_own: bool = False
    # Whether the undocumented attributes only a method sets are members (mkdocstrings).
    method_attributes: bool = False
    # autodoc's ``:ignore-module-all:``: a module's members are all it defines, whatever its
    # ``__all__`` leaves out.
    ignore_all: bool = False
    filters: tuple[str, ...] | None = None  # mkdocstrings' name regexes, "!" excludes
    # mkdocstrings' "filters: public" (griffe's is_public): a module's members are what its
    # ``__all__`` names, when it has one.
    public: bool = False
    show_inheritance: bool = False  # autodoc's "Bases: ..." line under a class's signature
    # autodoc's ``:no-index:`` (``:noindex:``): the object and the members and attributes it
    # documents get no target of their own (Sphinx gives their entries no id).
    no_index: bool = False
    qualified_bases: bool = False  # that line names the bases in full (fully-qualified hints)
    submodules: bool = False  # mkdocstrings' show_submodules: a package's modules inside it
    # A class that names no base is "Bases: object" to autodoc; mkdocstrings shows no line.
    object_base: bool = True
    # griffe's ignore_init_summary (mkdocstrings' docstring_options): an ``__init__`` merged
    # into its class loses its first two lines, the summary ("Initialize the loader.").
    init_summary: bool = True
    # mkdocstrings renders a docstring's Markdown "#" headings as the page's own headings,
    # below the object's; autodoc's docstrings are reST, where "#" starts no title.
    markdown_headings: bool = False
    # mkdocstrings' show_overloads: a function's overloads are its signatures; off, its
    # implementation's one signature is (Typer's Option and Argument turn it off).
    overloads: bool = True
    # mkdocstrings' unwrap_annotated: a signature's ``Annotated[T, ...]`` reads ``T``.
    unwrap_annotated: bool = False
    # napoleon's include_init/special/private_with_doc: a member of those kinds, with a
    # docstring of its own and defined in its class, is shown whatever the options say.
    napoleon_includes: tuple[str, ...] = ()
    # ApiSettings.napoleon_attributes, for the directives that render a class's docstring.
    napoleon_attributes: bool = False
    # The kinds of docstring section (DocPart.kind) mkdocstrings' show_docstring_* options
    # turn off, left out of the object's text.
    hidden_sections: frozenset[str] = frozenset()
    # mkdocstrings: the packages griffe has loaded, whose classes' members a class inherits
    # (its inherited_members); a member a base of another package defines is not listed, as
    # griffe does not load a package for a base class. None: any (autodoc imports them all).
    inherited_packages: frozenset[str] | None = None
    # Whether a member without a docstring reads the one of the member it overrides in a
    # base: autodoc's default; mkdocstrings' only with griffe's inherited-docstrings extension.
    inherit_docstrings: bool = True
    # Whether an attribute without docs of its own reads what its class docstring's Attributes
    # section says of it: napoleon shows it on the class; griffe gives the attribute none.
    owner_descriptions: bool = True


class ApiSource(Protocol):
    """Where the parsers find code objects: one per version, shared by all its pages."""

    @property
    def settings(self) -> ApiSettings:
        """The project's autodoc settings."""

    @property
    def described(self) -> str:
        """Where the code is, for the build report."""

    @property
    def packages(self) -> tuple[str, ...]:
        """The names of the packages (and modules) the code's folder holds."""

    def find(
        self, path: str, style: str = "auto", inherited: bool = False, module: bool = False
    ) -> ApiObject | None:
        """The object at dotted ``path``, docstrings parsed in ``style``, its members listing
        inherited ones when ``inherited``; None when the code has no such object. Where a
        package's member and its submodule share a name, the path names the member, as the
        package's attribute does, unless ``module`` (automodule imports the submodule, and
        mkdocstrings reads it as griffe does)."""

    def defined_elsewhere(self, path: str) -> str:
        """When dotted ``path`` is a name the code imports from a package it cannot read (one
        the project does not declare, or not installed where docbuild runs), where it comes
        from (``starlette.requests.Request``); else ""."""

    def uninstalled_dependency(self, path: str) -> str:
        """When dotted ``path`` is in a package of a dependency the project declares that is not
        installed where docbuild runs (pydantic's docs group's pydantic-settings), that
        distribution's name; else ""."""

    def command(self, path: str) -> CliCommand | None:
        """The click command (or group) defined at dotted ``path``; None when there is none."""

    def parser(self, path: str) -> CliCommand | None:
        """The argparse parser the function at dotted ``path`` builds (or the module-level
        variable there holds), as a command; None when there is none."""

    def names_list(self, path: str) -> tuple[str, ...] | None:
        """The texts of the list the module's top level binds dotted ``path`` to (PyTorch
        Geometric's ``torch_geometric.nn.conv.classes``), read as builder.api.static_lists
        reads it; None when it is no such list or the code has no such module."""

    def mapping(self, path: str) -> tuple[tuple[str, str], ...]:
        """The entries of the dict literal assigned to dotted ``path``: each key's text and the
        dotted path of the object its value names (Jinja's ``FILTERS``); empty when ``path``
        is not a dict of names."""
