"""builder.api.options: conf.py read without running it; autodoc and mkdocstrings options."""

from __future__ import annotations

from builder.api.model import ApiSettings, MemberOptions
from builder.api.options import autodoc_options, mkdocstrings_options, read_conf_settings


def test_conf_py_literals_are_read_and_computed_values_ignored() -> None:
    settings = read_conf_settings(
        "import os\n"
        'extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon"]\n'
        'autoclass_content = "both"\n'
        'autodoc_member_order = "bysource"\n'
        'autodoc_default_options = {"members": True, "exclude-members": ["x", "y"],'
        ' "private-members": False}\n'
    )
    assert settings == ApiSettings(
        class_content="both",
        member_order="bysource",
        default_options=(("members", None), ("exclude-members", "x, y")),
        docstring_style="auto",
        docstring_signature=True,  # autodoc_docstring_signature's default
        runtime_defaults=True,  # autodoc's signatures are inspect's
        napoleon_attributes=True,  # napoleon_use_ivar's default, False
    )
    numpydoc = read_conf_settings('extensions = ["sphinx.ext.autodoc", "numpydoc"]\n')
    assert numpydoc.docstring_style == "numpydoc"
    assert not numpydoc.napoleon_attributes  # numpydoc writes Attributes as a field list
    ivar = read_conf_settings('extensions = ["sphinx.ext.napoleon"]\nnapoleon_use_ivar = True\n')
    assert not ivar.napoleon_attributes  # ':ivar name:' fields, no objects
    both = read_conf_settings('extensions = ["numpydoc", "sphinx.ext.napoleon"]\n')
    assert both.docstring_style == "auto"
    assert not both.napoleon_attributes
    computed = read_conf_settings('autoclass_content = os.environ["X"]\nraise SystemExit\n')
    sphinx = ApiSettings(docstring_signature=True, runtime_defaults=True)
    assert computed == sphinx
    assert read_conf_settings("def broken(:\n") == sphinx
    assert read_conf_settings('autoclass_content = "everything"\n').class_content == "class"


def test_autodoc_defaults_built_by_a_dict_call_are_read() -> None:
    # ManipulaPy's conf.py: autodoc_default_options = dict(members=True, ...); Sphinx knows
    # no option spelled with an underscore, so only "members" is a default.
    settings = read_conf_settings(
        "autodoc_default_options = dict(\n"
        '    members=True, undoc_members=True, special_members="__init__", **extra)\n'
        "other = dict(a=1)\n"
    )
    assert settings.default_options == ()  # "**extra" is more than keywords: not read
    settings = read_conf_settings(
        'autodoc_default_options = dict(members=True, special_members="__init__",'
        " private_members=False, undoc_members=os.environ['X'])\n"
    )
    assert settings.default_options == (("members", None), ("special_members", "__init__"))


def test_automodsumm_inherited_members_is_read() -> None:
    conf = "automodsumm_inherited_members = True\n"
    assert read_conf_settings(conf).automodsumm_inherited_members is True
    assert read_conf_settings("").automodsumm_inherited_members is False


def test_templates_path_is_read_and_a_computed_one_taken_for_the_usual_folder() -> None:
    # scikit-learn 1.5 keeps its autosummary templates in templates/, as its conf.py says.
    assert read_conf_settings('templates_path = ["templates"]\n').templates_path == ("templates",)
    both = 'templates_path = ["_templates"]\ntemplates_path += ["more"]\n'
    assert read_conf_settings(both).templates_path == ("_templates", "more")
    assert read_conf_settings("extensions = []\n").templates_path == ()  # Sphinx's default
    computed = 'templates_path = [os.path.join(here, "_templates")]\n'
    assert read_conf_settings(computed).templates_path == ("_templates",)


def test_napoleon_named_in_a_settings_helper_call_reads_google_sections() -> None:
    # celery's conf.py loads napoleon through build_config(extra_extensions=[...]): read as
    # "sphinx", 242 sections of its API pages kept "Arguments:" lists as run-on text.
    helper = "globals().update(build_config(extra_extensions=['sphinx.ext.napoleon']))\n"
    assert read_conf_settings(helper).docstring_style == "auto"
    grown = "extensions = ['sphinx.ext.autodoc']\nextensions.append('sphinx.ext.napoleon')\n"
    assert read_conf_settings(grown).docstring_style == "auto"


def test_directive_options_override_project_defaults() -> None:
    settings = ApiSettings(
        class_content="init", default_options=(("members", ""), ("undoc-members", ""))
    )
    options = autodoc_options((("members", "a, b"), ("exclude-members", "c")), settings)
    assert options == MemberOptions(
        members=("a", "b"), undocumented=True, exclude=("c",), class_content="init"
    )
    assert autodoc_options((), ApiSettings()).members is None
    assert autodoc_options((("ignore-module-all", ""),), ApiSettings()).ignore_all
    # PyJWT's autoclass PyJWT showed its signature alone: its text is in __init__.
    from_init = autodoc_options((("class-doc-from", "init"),), ApiSettings())
    assert from_init.class_content == "init"
    assert autodoc_options((("class-doc-from", "x"),), settings).class_content == "init"
    special = autodoc_options((("special-members", "__call__"),), ApiSettings())
    assert (special.members, special.special) == ((), ("__call__",))
    private = autodoc_options((("private-members", "_RefResolver"),), ApiSettings())
    assert private.private == ("_RefResolver",)
    assert autodoc_options((("private-members", ""),), ApiSettings()).private == ()
    assert autodoc_options((), ApiSettings()).private is None


def test_a_negated_option_drops_the_project_default_only() -> None:
    # imbalanced-learn sets members and inherited-members for every directive and writes
    # 'automodule:: imblearn.over_sampling' with :no-members: above its autosummary tables:
    # every class was documented twice on the page.
    settings = ApiSettings(default_options=(("members", ""), ("inherited-members", "")))
    options = autodoc_options((("no-members", ""), ("no-inherited-members", "")), settings)
    assert (options.members, options.inherited) == (None, False)
    own = autodoc_options((("members", "a"), ("no-members", "")), settings)
    assert (own.members, own.inherited) == (("a",), True)


def test_inherited_members_alone_documents_every_member() -> None:
    # Sphinx's want_all: ':inherited-members:' documents the members without :members:.
    # webargs 8.7.1's 'automodule:: webargs.core' (its Parser) gave nothing.
    alone = autodoc_options((("inherited-members", ""),), ApiSettings())
    assert (alone.members, alone.inherited) == ((), True)


def test_a_plus_value_adds_to_the_default_as_sphinx_merges_it() -> None:
    # ':exclude-members: +x' adds x to autodoc_default_options' list (Sphinx 4.1's
    # process_documenter_options); the '+' was kept in the name, which then matched nothing,
    # and the project's list was dropped.
    settings = read_conf_settings(
        'autodoc_default_options = {"exclude-members": "__init__, __weakref__",'
        ' "special-members": "__call__", "members": True}\n'
    )
    merged = autodoc_options(
        (("exclude-members", "+run"), ("special-members", "+__len__")), settings
    )
    assert merged.exclude == ("__init__", "__weakref__", "run")
    assert merged.special == ("__call__", "__len__")
    # Without a '+' the directive's value replaces the default's text.
    assert autodoc_options((("exclude-members", "run"),), settings).exclude == ("run",)
    # With nothing to add to, the '+' is dropped.
    assert autodoc_options((("members", "+a, b"),), ApiSettings()).members == ("a", "b")
    negated = autodoc_options((("no-exclude-members", ""), ("exclude-members", "+run")), settings)
    assert negated.exclude == ("run",)


def test_a_flag_default_is_set_over_the_directive_s_own_value() -> None:
    # Sphinx takes a default that is not a string (members: True) over the directive's value:
    # ':members: a' under autodoc_default_options = {"members": True} documents all of them.
    settings = read_conf_settings('autodoc_default_options = {"members": True}\n')
    assert autodoc_options((("members", "a"),), settings).members == ()
    assert autodoc_options((("members", "+a"),), settings).members == ()
    as_text = read_conf_settings('autodoc_default_options = {"members": "a, b"}\n')
    assert autodoc_options((("members", "c"),), as_text).members == ("c",)
    assert autodoc_options((), as_text).members == ("a", "b")


def test_mkdocstrings_options_map_to_member_options() -> None:
    assert mkdocstrings_options({"members": False}).members is None
    listed = mkdocstrings_options(
        {"members": ["a"], "inherited_members": True, "merge_init_into_class": True,
         "filters": ["^a"], "members_order": "source"}
    )  # fmt: skip
    assert (listed.members, listed.inherited, listed.class_content, listed.filters) == (
        ("a",), True, "both", ("^a",),
    )  # fmt: skip
    assert listed.order == "bysource"
    assert mkdocstrings_options({}).filters == ("!^_[^_]",)


def test_an_extension_s_settings_say_it_is_loaded_when_the_extensions_are_not_literal() -> None:
    # lmfit's conf.py takes its extensions from a file its Makefile writes ("from extensions
    # import extensions") and sets napoleon_google_docstring: its 86 NumPy "Parameters"
    # sections were read as Sphinx-style text, titles and all.
    imported = "from extensions import extensions\nnapoleon_google_docstring = False\n"
    assert read_conf_settings(imported).docstring_style == "auto"
    computed = "extensions = base()\nnumpydoc_show_class_members = False\n"
    assert read_conf_settings(computed).docstring_style == "numpydoc"
    # A literal list is what Sphinx loads: a leftover setting loads nothing.
    listed = 'extensions = ["sphinx.ext.autodoc"]\nnapoleon_google_docstring = False\n'
    assert read_conf_settings(listed).docstring_style == "sphinx"


def test_napoleon_s_include_settings_are_read_when_napoleon_is_loaded() -> None:
    conf = (
        "napoleon_include_init_with_doc = True\n"
        "napoleon_include_special_with_doc = True\n"
        "napoleon_include_private_with_doc = False\n"
    )
    with_napoleon = read_conf_settings('extensions = ["sphinxcontrib.napoleon"]\n' + conf)
    assert with_napoleon.napoleon_includes == ("init", "special")
    assert autodoc_options((), with_napoleon).napoleon_includes == ("init", "special")
    # Without napoleon the settings say nothing.
    assert (
        read_conf_settings('extensions = ["sphinx.ext.autodoc"]\n' + conf).napoleon_includes == ()
    )
