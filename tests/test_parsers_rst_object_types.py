"""builder.parsers.rst.object_types: the description directives conf.py adds."""

from __future__ import annotations

from builder.parsers import parse_file
from builder.parsers.rst.object_types import ObjectType, added_object_types, object_types


def test_an_object_type_named_as_a_rest_domain_kind_is_a_generic_object() -> None:
    # twyg 0.1's conf.py adds app.add_object_type('directive', 'directive', ...) for its
    # configuration directives: a name a reST domain kind also has is still Sphinx's generic
    # object, anchored "directive-<name>" and titled by its signature as written; the page
    # raised a KeyError and was skipped.
    conf = "def setup(app):\n    app.add_object_type('directive', 'dir', 'pair: %s; directive')\n"
    page = "Markup\n======\n\n.. directive:: toctree\n\n   Makes a tree of pages.\n"
    with object_types(added_object_types(conf)):
        parsed = parse_file("markup.rst", page)
    assert parsed is not None
    assert [(s.heading, s.anchor, s.body) for s in parsed.sections[1:]] == [
        ("toctree", "directive-toctree", "`toctree`\n\nMakes a tree of pages."),
    ]


def test_the_directive_name_given_by_its_parameter_s_name_is_read() -> None:
    # minishell_test 1.0.1's conf.py: app.add_object_type(directivename="conf", ...), then
    # '.. conf:: timeout' per setting; the keyword was not read, its settings no entries.
    conf = (
        "def setup(app):\n    app.add_object_type(\n"
        '        directivename="conf", rolename="conf", objname="configuration value"\n    )\n'
        "    app.add_object_type(rolename='ignored')\n    app.add_object_type(directivename=NAME)\n"
    )
    assert added_object_types(conf) == (ObjectType("conf"),)


def test_object_types_the_project_s_own_extensions_add_are_read() -> None:
    # Django's docs/_ext/djangodocs.py adds the django-admin object type, not its conf.py.
    conf = "extensions = ['djangodocs']\n\ndef setup(app):\n    app.add_object_type('chunk', 'c')\n"
    extension = (
        "def setup(app):\n    app.add_crossref_type(directivename='setting', rolename='setting')\n"
        "    app.add_object_type(directivename='django-admin', rolename='djadmin')\n"
        "    app.add_object_type('chunk', 'chunk')\n"
    )
    assert added_object_types(conf, extension, "not python (") == (
        ObjectType("chunk"),
        ObjectType("django-admin"),
    )


def test_an_object_type_a_function_of_the_project_parses_is_named_by_its_first_word() -> None:
    # Django 3.2's djangodocs.py passes parse_node=parse_django_admin_node, which names
    # '.. django-admin:: check [app_label [app_label ...]]' "check": Sphinx's target is
    # #django-admin-check, where the whole signature made #django-admin-check-app_label-....
    extension = (
        "def setup(app):\n"
        "    app.add_object_type(directivename='django-admin', rolename='djadmin',\n"
        "                        parse_node=parse_django_admin_node)\n"
        "    app.add_object_type('event', 'event', 'pair: %s; event', parse_event)\n"
        "    app.add_object_type('confval', 'confval', parse_node=None)\n"
    )
    types = added_object_types(extension)
    assert types == (
        ObjectType("django-admin", parsed=True),
        ObjectType("event", parsed=True),
        ObjectType("confval"),
    )
    page = (
        "Commands\n========\n\n.. django-admin:: check [app_label [app_label ...]]\n\n"
        "   Checks.\n\n.. event:: build-finished(app, exception)\n\n"
        ".. confval:: html theme\n"
    )
    with object_types(types):
        parsed = parse_file("commands.rst", page)
    assert parsed is not None
    assert [(s.heading, s.anchor) for s in parsed.sections[1:]] == [
        ("check [app_label [app_label ...]]", "django-admin-check"),
        ("build-finished(app, exception)", "event-build-finished"),
        ("html theme", "confval-html-theme"),
    ]


def test_an_option_directive_a_project_adds_belongs_to_the_command_its_parser_names() -> None:
    # Django 3.2's djangodocs.py: app.add_directive('django-admin-option', Cmdoption), and
    # parse_django_admin_node sets env.ref_context['std:program'] to the command, so each
    # option after '.. django-admin:: check' is #cmdoption-check-tag; the options were text.
    extension = (
        "from sphinx.domains.std import Cmdoption\n\n\n"
        "def parse_django_admin_node(env, sig, signode):\n"
        "    command = sig.split(' ')[0]\n"
        "    env.ref_context['std:program'] = command\n"
        "    return command\n\n\n"
        "def setup(app):\n"
        "    app.add_object_type(directivename='django-admin', rolename='djadmin',\n"
        "                        parse_node=parse_django_admin_node)\n"
        "    app.add_directive('django-admin-option', Cmdoption)\n"
        "    app.add_directive('console', ConsoleDirective)\n"
    )
    types = added_object_types(extension)
    assert types == (
        ObjectType("django-admin", parsed=True, sets_program=True),
        ObjectType("django-admin-option", standard="option"),
    )
    page = (
        "Commands\n========\n\n.. django-admin:: check [app_label [app_label ...]]\n\n"
        "Checks.\n\n.. django-admin-option:: --tag TAGS, -t TAGS\n\n   Only these.\n\n"
        ".. program:: None\n\n.. django-admin-option:: --settings SETTINGS\n"
    )
    with object_types(types):
        parsed = parse_file("commands.rst", page)
    assert parsed is not None
    assert [(s.heading, s.anchor, s.body) for s in parsed.sections[1:]] == [
        ("check [app_label [app_label ...]]", "django-admin-check",
         "`check [app_label [app_label ...]]`\n\nChecks."),
        ("--tag TAGS, -t TAGS", "cmdoption-check-tag", "`--tag TAGS, -t TAGS`\n\nOnly these."),
        ("--settings SETTINGS", "cmdoption-settings", "`--settings SETTINGS`"),
    ]  # fmt: skip


def test_a_python_description_a_project_adds_to_the_python_domain_is_one() -> None:
    # aioxmpp 0.13.3's aioxmppspecific.py: add_directive_to_domain('py', 'signal', PySignal),
    # PySignal a PyMethod; its classes' signals (RosterClient.on_entry_added) were text of the
    # class, where Sphinx anchors each as the method #aioxmpp.RosterClient.on_entry_added.
    extension = (
        "from sphinx.domains.python import PyMethod, PyFunction\n\n\n"
        "class PySignal(PyMethod):\n    pass\n\n\n"
        "class PyAsyncSignal(PySignal):\n    pass\n\n\n"
        "def setup(app):\n"
        "    app.add_directive_to_domain('py', 'signal', PySignal)\n"
        "    app.add_directive_to_domain('py', 'syncsignal', PyAsyncSignal)\n"
        "    app.add_directive_to_domain('py', 'hook', python.PyFunction)\n"
        "    app.add_directive_to_domain('c', 'macro2', PyFunction)\n"
        "    app.add_directive_to_domain('py', 'other', OtherDirective)\n"
    )
    types = added_object_types(extension)
    assert types == (
        ObjectType("signal", python="method"),
        ObjectType("syncsignal", python="method"),
        ObjectType("hook", python="function"),
    )
    page = (
        "Roster\n======\n\n.. class:: RosterClient\n\n   A client.\n\n"
        "   .. signal:: on_entry_added(item)\n\n      Fires when an item is added.\n\n"
        ".. py:hook:: setup_roster(client)\n"
    )
    with object_types(types):
        parsed = parse_file("roster.rst", page)
    assert parsed is not None
    assert [(s.heading, s.anchor, s.body) for s in parsed.sections[1:]] == [
        ("RosterClient", "RosterClient", "`RosterClient`\n\nA client."),
        ("RosterClient.on_entry_added", "RosterClient.on_entry_added",
         "`on_entry_added(item)`\n\nFires when an item is added."),
        ("setup_roster", "setup_roster", "`setup_roster(client)`"),
    ]  # fmt: skip


def test_an_object_type_written_with_a_domain_that_lacks_it_is_the_standard_one() -> None:
    # nose2 0.12.0's sphinxext adds app.add_object_type("configvar", ...) and its pages write
    # '.. rst:configvar :: start-dir': the rst domain has no configvar, so Sphinx looks it up
    # in the standard domain (#configvar-start-dir); it was an unknown directive.
    types = added_object_types("def setup(app):\n    app.add_object_type('configvar', 'config')\n")
    page = (
        "Config\n======\n\n.. rst:configvar :: start-dir\n\n   Where discovery starts.\n\n"
        ".. std:configvar:: plugins\n\n.. rst:directive:: toctree\n"
    )
    with object_types(types):
        parsed = parse_file("config.rst", page)
    assert parsed is not None
    assert [(s.heading, s.anchor) for s in parsed.sections[1:]] == [
        ("start-dir", "configvar-start-dir"),
        ("plugins", "configvar-plugins"),
        (".. toctree::", "directive-toctree"),  # the rst domain's own, as before
    ]


def test_a_directive_class_nested_past_python_s_limit_is_not_an_option_one() -> None:
    # add_directive's class was read with ast.unparse, which recursed past Python's limit on
    # an expression ast.parse still reads (a 900-deep attribute chain or unary chain), and the
    # RecursionError stopped reading the project's conf.py, or an extension module of it.
    source = (
        "def setup(app):\n"
        f"    app.add_directive('deep', a{'.b' * 900})\n"
        f"    app.add_directive('negated', {'-' * 900}a)\n"
        "    app.add_directive('django-admin-option', Cmdoption)\n"
        "    app.add_object_type('chunk', 'chunk')\n"
    )
    assert added_object_types(source) == (
        ObjectType("django-admin-option", standard="option"),
        ObjectType("chunk"),
    )
