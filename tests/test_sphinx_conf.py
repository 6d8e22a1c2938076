"""conf.py is read for its literal values only, never run."""

from builder.sphinx_conf import imported_modules, read_sphinx_conf


def test_literal_values_are_read_and_the_rest_is_named() -> None:
    conf = read_sphinx_conf(
        "import os\n"
        "project = 'demo'\n"
        "root_doc = 'contents'\n"
        "exclude_patterns = ['_build', 'drafts/**']\n"
        "release: str = '1.0'\n"
        "source_suffix = {'.rst': 'restructuredtext'}\n"
        "default_role = None\n"
        "html_static_path = [os.path.join('a', 'b')]\n"
        "templates_path = ['_t']\n"
        "templates_path += [os.sep]\n"
        "os.system('echo never run')\n"
    )
    assert conf.values == {
        "project": "demo",
        "root_doc": "contents",
        "exclude_patterns": ["_build", "drafts/**"],
        "release": "1.0",
        "source_suffix": {".rst": "restructuredtext"},
        "default_role": None,
    }
    assert conf.not_literal == ("html_static_path", "templates_path")
    assert conf.problem is None


def test_a_later_literal_assignment_wins() -> None:
    conf = read_sphinx_conf("master_doc = compute()\nmaster_doc = 'index'\n")
    assert conf.get("master_doc") == "index"
    assert conf.not_literal == ()


def test_an_f_string_of_literal_names_set_above_is_its_text() -> None:
    # coverage 7.18.0's rst_epilog defines |release-date| and |coverage-equals-release| so.
    conf = read_sphinx_conf(
        "release = '7.18.0'\nrelease_date = 'November 29, 2026'\nmajor = 7\n"
        "rst_epilog = f'''\n.. |release-date| replace:: {release_date}\n"
        ".. |pin| replace:: coverage=={release!s} (v{major})\n'''\n"
        "rst_prolog = f'{len(lexers)} {release}'\n"
        "html_title = f'{release:>10}'\n"
        "later = f'{undefined}'\n"
    )
    assert conf.get("rst_epilog") == (
        "\n.. |release-date| replace:: November 29, 2026\n"
        ".. |pin| replace:: coverage==7.18.0 (v7)\n"
    )
    assert conf.not_literal == ("rst_prolog", "html_title", "later")


def test_invalid_python_is_a_problem_not_an_error() -> None:
    conf = read_sphinx_conf("def broken(:\n")
    assert conf.values == {}
    assert conf.problem == "not valid Python (SyntaxError); not read"


def test_a_list_grown_by_literals_holds_them_even_under_a_condition() -> None:
    # pip 25.2's conf.py: myst_parser comes in by extend() inside an if, and its .md pages
    # (42 of 93) were left out when only the first assignment was read.
    conf = read_sphinx_conf(
        "extensions = ['pip_sphinxext']\n"
        "if 'man' not in tags:\n"
        "    extensions.extend(('sphinx.ext.autodoc', 'myst_parser'))\n"
        "else:\n"
        "    extensions.append('sphinx.ext.todo')\n"
        "    project = 'not when the condition holds'\n"
        "extensions += ['sphinx_issues']\n"
        "exclude_patterns = ['_build']\n"
        "exclude_patterns.extend(find_drafts())\n"
    )
    assert conf.get("extensions") == [
        "pip_sphinxext", "sphinx.ext.autodoc", "myst_parser", "sphinx.ext.todo", "sphinx_issues",
    ]  # fmt: skip
    assert "project" not in conf.values
    assert conf.not_literal == ("exclude_patterns",)


def test_extensions_passed_to_a_settings_helper_are_named_too() -> None:
    # celery's conf.py: globals().update(build_config(..., extra_extensions=[...])) loads
    # napoleon, and no `extensions` is assigned.
    conf = read_sphinx_conf(
        "from shared import conf\n"
        "extensions = ['sphinx.ext.autodoc']\n"
        "globals().update(conf.build_config('demo', __file__,\n"
        "    extra_extensions=['sphinx.ext.napoleon', 'myst_parser'],\n"
        "    other=['not_an_extension'], extensions_count=3))\n"
    )
    assert conf.extension_names() == ("sphinx.ext.autodoc", "sphinx.ext.napoleon", "myst_parser")
    assert read_sphinx_conf("extensions = compute()\n").extension_names() == ()


def test_extensions_computed_in_a_literal_list_leave_the_others_read() -> None:
    # anndata 0.11.4 (scverse's template): the list ends with its own extensions, computed;
    # myst_nb went unread with them, and 9 of its 12 pages (Markdown, a notebook) were missing.
    conf = read_sphinx_conf(
        "extensions = [\n"
        "    'myst_nb',\n"
        "    'sphinx.ext.autosummary',\n"
        "    *(p.stem for p in _extension_dir.glob('*.py')),\n"
        "]\n"
        "exclude_patterns = ['_build', *drafts]\n"
    )
    assert conf.extension_names() == ("myst_nb", "sphinx.ext.autosummary")
    assert conf.not_literal == ("exclude_patterns",)


def test_autodoc_defaults_computed_in_a_literal_dict_leave_the_others_read() -> None:
    # domdf_python_tools 3.11.0 (repo_helper's template): "members" sat beside a computed
    # "exclude-members", so no default was read and its bare automodule pages lost every member.
    conf = read_sphinx_conf(
        "autodoc_default_options = {\n"
        "    'members': None,\n"
        "    'show-inheritance': None,\n"
        "    'exclude-members': ','.join(config['autodoc_exclude_members']),\n"
        "    **extra,\n"
        "}\n"
        "html_context = {'github_user': user}\n"
    )
    assert conf.get("autodoc_default_options") == {"members": None, "show-inheritance": None}
    assert conf.not_literal == ("html_context",)


def test_a_shared_configuration_imported_is_read_as_its_settings() -> None:
    # regions 0.12 and reproject 0.21.0 take their settings from sphinx-astropy ('from
    # sphinx_astropy.conf.v3 import *', inside a try): numpydoc went unseen, so every NumPy
    # docstring's 'Parameters' and 'Returns' read as reST, and default_role 'obj' too, so
    # their `~regions.PixCoord` types kept the tilde (417 of them in regions' API).
    conf = read_sphinx_conf(
        "try:\n"
        "    from sphinx_astropy.conf.v3 import *\n"
        "    from sphinx_astropy.conf.v3 import extensions, rst_epilog\n"
        "except ImportError:\n"
        "    sys.exit(1)\n"
        "extensions += ['sphinx_design']\n"
        "autoclass_content = 'class'\n"
    )
    names = conf.extension_names()
    assert (names[8], names[9], names[15]) == (
        "numpydoc", "sphinx_copybutton", "sphinx_automodapi.automodapi",
    )  # fmt: skip
    assert names[-1] == "sphinx_design"
    assert (conf.get("default_role"), conf.get("autoclass_content")) == ("obj", "class")
    named = read_sphinx_conf("from sphinx_astropy.conf.v1 import extensions as e, rst_epilog\n")
    assert named.values == {"rst_epilog": "\n.. _Astropy: https://www.astropy.org\n"}
    assert read_sphinx_conf("from sphinx_astropy.conf import *\n").get("extensions")[8] == (
        "numpydoc"
    )
    # Another module's settings stay unknown; the shared lists are not changed by a conf.py.
    assert read_sphinx_conf("from other.conf import *\n").values == {}
    assert read_sphinx_conf("from sphinx_astropy.conf.v2 import *\n").get("extensions")[-1] == (
        "sphinx_automodapi.smart_resolver"
    )


def test_a_module_of_the_project_imported_is_read_as_its_settings() -> None:
    # Invoke 2.2.0's sites/docs/conf.py takes default_role = "obj" from sites/shared_conf.py
    # ('from shared_conf import *'): unseen, 225 references such as `.Context` and
    # `~.Context.run` kept their dot or tilde, in headings too ("Use .MockContext").
    shared = 'import alabaster\nextensions = ["alabaster"]\ndefault_role = "obj"\n_private = 1\n'
    source = (
        "import os, sys\n"
        'sys.path.append(os.path.abspath(".."))\n'
        "from shared_conf import *\n"
        'extensions.extend(["sphinx.ext.autodoc"])\n'
    )
    assert imported_modules(source) == ("shared_conf",)
    conf = read_sphinx_conf(source, {"shared_conf": shared})
    assert conf.values == {
        "extensions": ["alabaster", "sphinx.ext.autodoc"],
        "default_role": "obj",
    }
    named = read_sphinx_conf("from shared_conf import default_role\n", {"shared_conf": shared})
    assert named.values == {"default_role": "obj"}
    assert read_sphinx_conf(source).get("default_role") is None  # its text not given
    assert imported_modules("from sphinx_astropy.conf.v2 import *\nfrom a.b import c\n") == ()


def test_settings_read_from_pyproject_through_sphinx_pyproject() -> None:
    pyproject = (
        '[project]\nname = "demo_pkg"\nversion = "1.2"\ndescription = "Demo."\n'
        'authors = [{name = "A"}, {name = "B"}, {name = "C"}]\n'
        '[tool.sphinx-pyproject]\nextensions = ["sphinx_toolbox.more_autodoc"]\n'
        'autodoc_exclude_members = ["__init__", "__hash__"]\n'
    )
    source = (
        "from sphinx_pyproject import SphinxConfig\n"
        'config = SphinxConfig("../pyproject.toml", globalns=globals())\n'
        "extensions.append('sphinx.ext.todo')\n"
        "project = name\n"
        "summary = config.description\n"
        'release = config.get("release", "0")\n'
        'autodoc_default_options = {"members": None,\n'
        '    "exclude-members": ",".join(config["autodoc_exclude_members"])}\n'
    )
    conf = read_sphinx_conf(source, pyproject=pyproject)
    assert conf.extension_names() == ("sphinx_toolbox.more_autodoc", "sphinx.ext.todo")
    assert conf.get("project") == "demo-pkg"  # sphinx-pyproject's spelling of the name
    assert conf.get("author") == "A, B and C"
    assert conf.get("summary") == "Demo."
    assert conf.get("release") == "0"
    assert conf.get("autodoc_default_options") == {
        "members": None,
        "exclude-members": "__init__,__hash__",
    }
    assert conf.not_literal == ()
    # Without the file, or without globalns, nothing is added to the namespace.
    assert read_sphinx_conf(source).get("extensions") is None
    local = source.replace(", globalns=globals()", "")
    assert read_sphinx_conf(local, pyproject=pyproject).get("extensions") is None
    assert read_sphinx_conf(local, pyproject=pyproject).get("summary") == "Demo."


def test_a_dedented_string_is_its_dedented_text() -> None:
    # A conf.py indents a multi-line rst_prolog with its code and dedents it.
    conf = read_sphinx_conf(
        "import textwrap\nfrom textwrap import dedent\nname = 'Kit'\n"
        "rst_prolog = textwrap.dedent('''\n    .. |a| replace:: A\n    .. |b| replace:: B\n''')\n"
        "rst_epilog = dedent(f'''\n        .. |name| replace:: {name}\n        ''')\n"
        "html_title = dedent(title)\n"
    )
    assert conf.get("rst_prolog") == "\n.. |a| replace:: A\n.. |b| replace:: B\n"
    assert conf.get("rst_epilog") == "\n.. |name| replace:: Kit\n"
    assert conf.not_literal == ("html_title",)


def test_a_computed_version_holds_the_given_release_where_the_file_binds_it() -> None:
    computed = {"version": "2.1.0", "release": "2.1.0"}
    conf = read_sphinx_conf(
        'release = get_version("demo")\nversion = "2.1"\ntitle = f"Demo {release}"\n'
        'subs = {"release": release, "v": version}\n',
        computed=computed,
    )
    assert conf.values == {
        "release": "2.1.0",
        "version": "2.1",  # a literal stays what it says
        "title": "Demo 2.1.0",
        "subs": {"release": "2.1.0", "v": "2.1"},
    }
    # A file that never sets them has Sphinx's defaults, not the release.
    assert read_sphinx_conf("project = 'demo'\n", computed=computed).values == {"project": "demo"}
    assert read_sphinx_conf("subs = {**base}\n").not_literal == ("subs",)


def test_a_version_derived_from_the_release_reads_as_the_file_derives_it() -> None:
    # cachetools 8.0.2 and structlog 24.4.0 cut the short X.Y version from the release,
    # pytest 9.2.0 its release from the version it imports: Sphinx shows |version| "8.0",
    # where the whole release (8.0.2) was read.
    computed = {"version": "8.0.2", "release": "8.0.2", "__version__": "8.0.2"}
    cachetools = 'release = version("cachetools")\nversion = ".".join(release.split(".")[:2])\n'
    assert read_sphinx_conf(cachetools, computed=computed).values == {
        "release": "8.0.2",
        "version": "8.0",
    }
    structlog = 'release = metadata.version("structlog")\nversion = release.rsplit(".", 1)[0]\n'
    assert read_sphinx_conf(structlog, computed=computed).get("version") == "8.0"
    pytest = (
        "from pytest import __version__ as full_version\n"
        'version = full_version.split("+")[0]\n'
        'release = ".".join(version.split(".")[:2])\n'
    )
    conf = read_sphinx_conf(pytest, computed=computed)
    assert (conf.get("version"), conf.get("release")) == ("8.0.2", "8.0")
    # A method not read, or text that would grow past any size, leaves the release.
    for expression in ("release.format(1)", "release.replace('', release * 300_000)"):
        conf = read_sphinx_conf(f"{cachetools}version = {expression}\n", computed=computed)
        assert conf.get("version") == "8.0.2"
