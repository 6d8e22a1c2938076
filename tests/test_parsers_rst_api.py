"""Sphinx API descriptions in reStructuredText become sections named by qualified name."""

from __future__ import annotations

from tests.rst_support import _body, _sections


def test_api_directives_become_sections_named_by_qualified_name() -> None:
    text = (
        "Wrappers\n========\n\n"  # 1-3
        ".. module:: werkzeug.wrappers\n\n"  # 4-5
        ".. class:: Request(environ)\n\n"  # 6-7
        "   The request.\n\n"  # 8-9
        "   .. method:: get_data(cache=True)\n\n"  # 10-11
        "      Read the body.\n\n"  # 12-13
        "   .. attribute:: form\n\n"  # 14-15
        ".. function:: helper(x)\n"  # 16
        "              helper(x, y)\n\n"  # 17-18
        "   Helps.\n"  # 19
    )
    assert [
        (s.heading, s.heading_path, s.level, s.anchor, s.body, s.line_start, s.line_end)
        for s in _sections(text)
    ] == [
        ("Wrappers", (), 1, "wrappers", "", 1, 4),
        (
            "werkzeug.wrappers.Request",
            ("Wrappers",),
            2,
            "werkzeug.wrappers.Request",
            "`Request(environ)`\n\nThe request.",
            6,
            8,
        ),
        (
            "werkzeug.wrappers.Request.get_data",
            ("Wrappers", "werkzeug.wrappers.Request"),
            3,
            "werkzeug.wrappers.Request.get_data",
            "`get_data(cache=True)`\n\nRead the body.",
            10,
            12,
        ),
        (
            "werkzeug.wrappers.Request.form",
            ("Wrappers", "werkzeug.wrappers.Request"),
            3,
            "werkzeug.wrappers.Request.form",
            "`form`",
            14,
            14,
        ),
        (
            "werkzeug.wrappers.helper",
            ("Wrappers",),
            2,
            "werkzeug.wrappers.helper",
            "`helper(x)`\n\n`helper(x, y)`\n\nHelps.",
            16,
            19,
        ),
    ]


def test_a_class_with_several_signatures_files_its_members_under_the_last() -> None:
    # PyWavelets' wavelet-packets.rst: Sphinx nests the content under the last signature it
    # reads (not 'key in d', which it cannot), so the members are WaveletPacket2D's; each
    # class named before it is an entry of its own with the text they share.
    text = (
        "Packets\n=======\n\n"
        ".. currentmodule:: pywt\n\n"
        ".. class:: BaseNode\n"
        "           Node2D(BaseNode)\n"
        "           WaveletPacket2D(Node2D)\n"
        "           key in d\n\n"
        "  Packet nodes.\n\n"
        "  .. attribute:: data\n\n"
        "  .. method:: decompose()\n\n"
        ".. class:: Wavelet(name)\n\n"
        "  .. attribute:: name\n"
    )
    assert [(s.anchor, s.heading_path[-1], s.body) for s in _sections(text)[1:]] == [
        ("pywt.BaseNode", "Packets", "`BaseNode`\n\nPacket nodes."),
        ("pywt.Node2D", "Packets", "`Node2D(BaseNode)`\n\nPacket nodes."),
        (
            "pywt.WaveletPacket2D",
            "Packets",
            "`WaveletPacket2D(Node2D)`\n\n`key in d`\n\nPacket nodes.",
        ),
        ("pywt.WaveletPacket2D.data", "pywt.WaveletPacket2D", "`data`"),
        ("pywt.WaveletPacket2D.decompose", "pywt.WaveletPacket2D", "`decompose()`"),
        ("pywt.Wavelet", "Packets", "`Wavelet(name)`"),
        ("pywt.Wavelet.name", "pywt.Wavelet", "`name`"),
    ]


def test_each_object_a_description_names_is_an_entry_with_its_anchor() -> None:
    # Django 3.2's ref/request-response.txt: '.. method:: HttpRequest.read(size=None)' and
    # three more, one a line, then the text they share; Sphinx gives each its <dt id>, which
    # read as one entry had no anchor of its own. One directive's several signature lines
    # name several objects so too (Django's 'ModelAdmin.actions_on_top' and
    # 'actions_on_bottom'); an overload, which Sphinx gives no second target, stays with the
    # signature before it.
    text = (
        "Requests\n========\n\n"  # 1-3
        ".. module:: django.http\n\n"  # 4-5
        ".. class:: HttpRequest\n\n"  # 6-7
        ".. method:: HttpRequest.read(size=None)\n"  # 8
        ".. method:: HttpRequest.readline()\n\n"  # 9-10
        "    File-like reading.\n\n"  # 11-12
        ".. attribute:: HttpRequest.top\n"  # 13
        "               HttpRequest.bottom\n\n"  # 14-15
        "    Where the bar is.\n\n"  # 16-17
        ".. function:: parse(text)\n"  # 18
        "              parse(text, strict)\n\n"  # 19-20
        "    Parses.\n"  # 21
    )
    sections = _sections(text)[2:]
    assert [(s.anchor, s.body, s.line_start, s.line_end) for s in sections] == [
        (
            "django.http.HttpRequest.read",
            "`HttpRequest.read(size=None)`\n\nFile-like reading.",
            8,
            8,
        ),
        (
            "django.http.HttpRequest.readline",
            "`HttpRequest.readline()`\n\nFile-like reading.",
            9,
            11,
        ),
        ("django.http.HttpRequest.top", "`HttpRequest.top`\n\nWhere the bar is.", 13, 13),
        ("django.http.HttpRequest.bottom", "`HttpRequest.bottom`\n\nWhere the bar is.", 14, 16),
        ("django.http.parse", "`parse(text)`\n\n`parse(text, strict)`\n\nParses.", 18, 21),
    ]
    assert {s.kind for s in sections} == {"api"}


def test_each_object_of_a_description_starts_on_its_own_signature_s_line() -> None:
    # A signature that goes on in the next line (a backslash at its end, as Sphinx joins
    # them) takes both lines: the object after it starts on the line after them, not on the
    # first one's continuation.
    text = (
        "Title\n=====\n\n"  # 1-3
        ".. module:: m\n\n"  # 4-5
        ".. function:: connect(host, \\\n"  # 6
        "                      port)\n"  # 7
        "              close(force)\n\n"  # 8-9
        "   Network calls.\n"  # 10
    )
    assert [(s.anchor, s.body, s.line_start, s.line_end) for s in _sections(text)[1:]] == [
        ("m.connect", "`connect(host, port)`\n\nNetwork calls.", 6, 7),
        ("m.close", "`close(force)`\n\nNetwork calls.", 8, 10),
    ]


def test_an_empty_module_option_names_no_module() -> None:
    # Django 3.2's ref/signals.txt, under '.. module:: django.db.models.signals', writes each
    # signal in full over an empty ':module:', so that Sphinx does not prefix the module:
    # the targets are #django.db.models.signals.pre_init, not the module twice.
    text = (
        "Signals\n=======\n\n.. module:: django.db.models.signals\n\n"
        ".. attribute:: django.db.models.signals.pre_init\n   :module:\n\n"
        ".. data:: post_init\n   :module: other\n\n.. data:: plain\n"
    )
    assert [(s.heading, s.anchor) for s in _sections(text)[1:]] == [
        ("django.db.models.signals.pre_init", "django.db.models.signals.pre_init"),
        ("other.post_init", "other.post_init"),
        ("django.db.models.signals.plain", "django.db.models.signals.plain"),
    ]


def test_a_list_of_descriptions_makes_each_an_entry() -> None:
    # Django 3.2's ref/models/fields.txt writes the values of on_delete as a list, one
    # description an item ('* .. attribute:: CASCADE'), as llvmlite writes its functions:
    # Sphinx gives each a target (#django.db.models.CASCADE); read as the items' text they
    # had none. The list's other items, and the text after it, stay the section's.
    text = (
        "Fields\n======\n\n.. module:: django.db.models\n\nThe values:\n\n"
        "* .. attribute:: CASCADE\n\n    Cascade deletes.\n\n"
        "* .. attribute:: PROTECT\n\n    Prevent deletion.\n\n"
        "* Or none.\n\nAfter the list.\n"
    )
    assert [(s.heading, s.anchor, s.body) for s in _sections(text)] == [
        ("Fields", "fields", "The values:\n\n- Or none.\n\nAfter the list."),
        ("django.db.models.CASCADE", "django.db.models.CASCADE", "`CASCADE`\n\nCascade deletes."),
        ("django.db.models.PROTECT", "django.db.models.PROTECT", "`PROTECT`\n\nPrevent deletion."),
    ]  # fmt: skip


def test_a_no_index_description_takes_no_target_but_its_content_does() -> None:
    # Django 3.2's ref/contrib/auth.txt: '.. class:: models.User' then the same under
    # ':noindex:' with its fields inside; Sphinx anchors the first and the fields only.
    text = (
        "Auth\n====\n\n.. module:: auth\n\n.. class:: User\n   :noindex:\n\n"
        "   .. attribute:: username\n\n.. class:: User\n\n.. function:: login()\n"
        "   :no-index:\n\n.. envvar:: AUTH_HOME\n   :noindex:\n"
    )
    assert [(s.heading, s.anchor) for s in _sections(text)[1:]] == [
        ("auth.User", "auth-user"),
        ("auth.User.username", "auth.User.username"),
        ("auth.User", "auth.User"),
        ("auth.login", "auth-login"),
        ("AUTH_HOME", "auth-home"),  # a standard description's too (envvar-AUTH_HOME)
    ]


def test_api_sections_sit_one_level_below_the_enclosing_title() -> None:
    text = "Top\n===\n\nSub\n---\n\n.. py:function:: run()\n\nNext\n====\n\n.. py:data:: VALUE\n"
    assert [(s.heading, s.level) for s in _sections(text)] == [
        ("Top", 1),
        ("Sub", 2),
        ("run", 3),
        ("Next", 1),
        ("VALUE", 2),
    ]


def test_autodoc_names_resolve_like_autodoc() -> None:
    text = (
        "API\n===\n\n"
        ".. currentmodule:: werkzeug\n\n"
        ".. autoclass:: Response\n    :members:\n\n    .. automethod:: __call__\n\n"
        ".. autofunction:: werkzeug.utils.redirect\n\n"
        ".. automethod:: Request.get_json\n\n"
        ".. autoclass:: werkzeug.datastructures.Headers\n\n    .. automethod:: add\n\n"
        ".. currentmodule:: None\n\n"
        ".. autofunction:: toplevel\n\n"
        ".. function:: send(x)\n   :module: app.mail\n"
    )
    assert [(s.anchor, s.heading_path[1:]) for s in _sections(text)] == [
        ("api", ()),
        ("werkzeug.Response", ()),
        ("werkzeug.Response.__call__", ("werkzeug.Response",)),
        ("werkzeug.utils.redirect", ()),
        ("werkzeug.Request.get_json", ()),
        ("werkzeug.datastructures.Headers", ()),
        ("werkzeug.datastructures.Headers.add", ("werkzeug.datastructures.Headers",)),
        ("toplevel", ()),
        ("app.mail.send", ()),
    ]


def test_hand_written_method_with_class_prefix_outside_the_class() -> None:
    text = ".. module:: pkg\n\n.. class:: Outer\n\n   .. class:: Inner\n\n.. method:: Outer.run()\n"
    assert [s.anchor for s in _sections(text)] == ["pkg.Outer", "pkg.Outer.Inner", "pkg.Outer.run"]


def test_api_description_inside_a_note_stays_text() -> None:
    text = ".. note::\n\n   .. function:: f(x)\n\n      Does f.\n"
    assert _body(text) == "Note: `f(x)`\n\nDoes f."


def test_other_domains_keep_their_signature_as_code() -> None:
    # The C domain's are entries of their own (tests/test_parsers_rst_c_descriptions.py).
    text = ".. js:function:: add(a)\n\n   Adds.\n\n.. describe:: PAPER\n\n   Size.\n"
    assert _body(text) == "`add(a)`\n\nAdds.\n\n`PAPER`\n\nSize."


def test_an_http_endpoint_shows_its_method_before_its_path() -> None:
    # sphinxcontrib-httpdomain, as kinto 18.1.0's API reference writes its 44 endpoints: the
    # method was dropped with the directive's name, and a GET and a DELETE of one path read
    # the same.
    text = (
        ".. http:get:: /users/(int:user_id)\n\n   The user.\n\n"
        "   :statuscode 404: no such user\n\n"
        ".. http:delete:: /users/(int:user_id)\n\n   Remove the user.\n"
    )
    assert _body(text) == (
        "`GET /users/(int:user_id)`\n\nThe user.\n\nstatuscode 404: no such user\n\n"
        "`DELETE /users/(int:user_id)`\n\nRemove the user."
    )


def test_options_environment_variables_and_settings_are_sections_anchored_as_sphinx_does() -> None:
    # mypy 2.3.1: its 98 command-line options and 89 config settings were the text of 19 and
    # 22 sections; Sphinx's HTML (and the HTML reader) has a target per description.
    text = (
        "Top\n===\n\n.. program:: mypy\n\n"
        ".. option:: -O FORMAT, --output FORMAT\n\n   Set the format.\n\n"
        ".. option:: --strict\n\n   Strict.\n\nAfter the options.\n\n"
        ".. envvar:: APP_HOME\n\n   Home.\n\n"
        ".. confval:: python_version\n\n    :type: string\n\n    The version.\n"
    )
    assert [(s.heading, s.anchor, s.kind, s.body) for s in _sections(text)] == [
        ("Top", "top", "text", "After the options."),
        ("-O FORMAT, --output FORMAT", "cmdoption-mypy-O", "api",
         "`-O FORMAT, --output FORMAT`\n\nSet the format."),
        ("--strict", "cmdoption-mypy-strict", "api", "`--strict`\n\nStrict."),
        ("APP_HOME", "envvar-APP_HOME", "api", "`APP_HOME`\n\nHome."),
        ("python_version", "confval-python_version", "api",
         "`python_version`\n\ntype: string\n\nThe version."),
    ]  # fmt: skip
    # Inside a note there are no sections: the description stays text.
    assert _body(".. note::\n\n   .. option:: -v\n\n      Verbose.\n") == "Note: `-v`\n\nVerbose."


def test_an_options_argument_is_anchored_as_an_argument() -> None:
    # Sphinx's Cmdoption puts 'arg' before a name with no '-' or '/' ('.. option:: FILE'
    # under mypy: #cmdoption-mypy-arg-FILE), where it was #cmdoption-mypy-FILE, an address
    # the built page does not have; an option of '/' (Windows) or '-' keeps its own.
    text = (
        "Top\n===\n\n.. program:: mypy\n\n.. option:: FILE\n\n   A file.\n\n"
        ".. option:: /quiet\n\n   Quiet.\n\n.. program:: None\n\n.. option:: PATH\n\n   A path.\n"
    )
    assert [s.anchor for s in _sections(text)][1:] == [
        "cmdoption-mypy-arg-FILE",
        "cmdoption-mypy-quiet",
        "cmdoption-arg-PATH",
    ]


def test_a_descriptions_target_is_made_as_a_glossary_terms_is() -> None:
    # One make_id for both (builder.parsers.docutils_ids.sphinx_id): Sphinx drops a name's
    # accents (NAÏVE_MODE -> envvar-NAIVE_MODE), where this one made a dash of them
    # (envvar-NA-VE_MODE), and keeps a trailing '.', which this one cut.
    text = "Top\n===\n\n.. envvar:: NAÏVE_MODE\n\n   Naive.\n\n.. confval:: v1.\n\n   One.\n"
    assert [s.anchor for s in _sections(text)][1:] == ["envvar-NAIVE_MODE", "confval-v1."]


def test_a_description_without_content_takes_the_flush_left_text_after_it() -> None:
    # pytest 8.3.3's environment variables: no ".. envvar::" has content, each paragraph
    # follows flush left, and Sphinx shows it right under its variable; it was all the text
    # of the section around them, and the 13 variables said nothing but their names.
    text = (
        "Variables\n=========\n\nIntro.\n\n"  # 1-5
        ".. envvar:: CI\n\nWhen set, CI mode.\n\n"  # 6-9
        ".. envvar:: DEBUG\n\nPrints tracing.\n\n"  # 10-13
        ".. code-block:: bash\n\n    export DEBUG=1\n\n"  # 14-17
        ".. function:: run()\n\nRuns.\n\n"  # 18-21
        ".. function:: go()\n\n   Goes.\n\nBack in Variables.\n\n"  # 22-27
        "Next\n====\n\n"  # 28-30
        ".. class:: Color\n\n   .. attribute:: RED\n\n   Colors mix.\n"  # 31-35
    )
    assert [(s.heading, s.body, s.line_start, s.line_end) for s in _sections(text)] == [
        ("Variables", "Intro.\n\nBack in Variables.", 1, 4),
        ("CI", "`CI`\n\nWhen set, CI mode.", 6, 8),
        ("DEBUG", "`DEBUG`\n\nPrints tracing.\n\n```bash\nexport DEBUG=1\n```", 10, 16),
        ("run", "`run()`\n\nRuns.", 18, 20),
        # With content of its own, or inside another description's content, a description
        # leaves the text after it to the section around it, as before.
        ("go", "`go()`\n\nGoes.", 22, 24),
        ("Next", "", 28, 29),
        ("Color", "`Color`\n\nColors mix.", 31, 31),
        ("Color.RED", "`RED`", 33, 33),
    ]


def test_a_settings_type_and_default_options_lead_its_description() -> None:
    # Sphinx 7.4's confval shows :type: and :default: as fields above the content; read as
    # options and dropped, each of Sphinx's own 331 typed settings lost its type.
    text = (
        ".. confval:: smartquotes\n   :type: ``bool``\n   :default: ``True``\n   :no-index:\n\n"
        "   Use smart quotes.\n\n"
        ".. confval:: language\n   :type: str\n"
    )
    assert [(s.heading, s.body) for s in _sections("Top\n===\n\n" + text)][1:] == [
        ("smartquotes", "`smartquotes`\n\nType: `bool`\nDefault: `True`\n\nUse smart quotes."),
        ("language", "`language`\n\nType: str"),
    ]
    # An option's other options name nothing a reader needs.
    assert _body(".. note::\n\n   .. option:: -v\n      :no-index:\n\n      Verbose.\n") == (
        "Note: `-v`\n\nVerbose."
    )


def test_rst_domain_descriptions_are_sections_anchored_as_sphinx_does() -> None:
    # Sphinx's own docs describe 108 directives, 173 of their options and 57 roles so; each
    # has a target of its own (#directive-autoclass, #directive-option-autoclass-members).
    text = (
        "Top\n===\n\n"
        ".. rst:directive:: .. autoclass:: name\n\n   Documents a class.\n\n"
        "   .. rst:directive:option:: members: list of names\n\n      The members.\n\n"
        ".. rst:directive:: toctree\n\n"
        ".. rst:role:: py:func\n\n   A function.\n"
    )
    assert [(s.heading, s.anchor, s.heading_path[1:], s.body) for s in _sections(text)] == [
        ("Top", "top", (), ""),
        (".. autoclass:: name", "directive-autoclass", (),
         "`.. autoclass:: name`\n\nDocuments a class."),
        (":members: list of names", "directive-option-autoclass-members", (".. autoclass:: name",),
         "`:members: list of names`\n\nThe members."),
        (".. toctree::", "directive-toctree", (), "`.. toctree::`"),
        (":py:func:", "role-py-func", (), "`:py:func:`\n\nA function."),
    ]  # fmt: skip


def test_api_sections_are_marked_as_api_and_titles_as_text() -> None:
    text = "Top\n===\n\n.. class:: Box\n\n   .. method:: open()\n\nAfter\n-----\n\nText.\n"
    assert [(s.heading, s.kind) for s in _sections(text)] == [
        ("Top", "text"),
        ("Box", "api"),
        ("Box.open", "api"),
        ("After", "text"),
    ]


def test_text_dedented_after_an_api_directive_returns_to_the_enclosing_section() -> None:
    text = (
        "Timeouts\n========\n\n"  # 1-3
        "Intro.\n\n"  # 4-5
        ".. class:: Timeout(when)\n\n"  # 6-7
        "   A timeout.\n\n"  # 8-9
        "   .. method:: when()\n\n"  # 10-11
        "      Return when.\n\n"  # 12-13
        "   Back in the class.\n\n"  # 14-15
        "Back in the section.\n"  # 16
    )
    assert [(s.heading, s.body, s.line_start, s.line_end) for s in _sections(text)] == [
        # The description between them leaves its signature line there, where Sphinx shows it.
        ("Timeouts", "Intro.\n\n`Timeout(when)`\n\nBack in the section.", 1, 4),
        ("Timeout", "`Timeout(when)`\n\nA timeout.\n\n`when()`\n\nBack in the class.", 6, 8),
        ("Timeout.when", "`when()`\n\nReturn when.", 10, 12),
    ]


def test_a_lone_description_between_paragraphs_leaves_its_signature_between_them() -> None:
    # execnet 2.1.2's basics.rst: "... and manage the final termination procedure:", then
    # '.. automethod:: Group.terminate(timeout=None)', then "This method is implicitly
    # called ...": the section read "procedure:" and went on with "This method", naming no
    # method. A run of descriptions, or one with no text before it, leaves nothing.
    text = (
        "Groups\n======\n\n"
        "Groups manage the final termination procedure:\n\n"
        ".. method:: Group.terminate(timeout=None)\n\n   Kill them.\n\n"
        "This method is implicitly called at exit.\n\n"
        ".. method:: Group.a()\n\n   A.\n\n"
        ".. method:: Group.b()\n\n   B.\n\n"
        "After the run.\n\n"
        "Alone\n=====\n\n"
        ".. method:: Group.c()\n\n   C.\n\n"
        "After c.\n"
    )
    assert [(s.heading, s.body) for s in _sections(text) if s.kind == "text"] == [
        (
            "Groups",
            "Groups manage the final termination procedure:\n\n"
            "`Group.terminate(timeout=None)`\n\n"
            "This method is implicitly called at exit.\n\nAfter the run.",
        ),
        ("Alone", "After c."),
    ]


def test_info_fields_of_a_written_description_read_as_a_docstrings_fields() -> None:
    # peewee's API reference writes ':param str database:' in its '.. class::' directives
    # (1,044 fields): read as a plain field list they were "param str database: ...".
    text = (
        "API\n===\n\n"
        ".. class:: Database(database, thread_safe=True)\n\n"
        "   :param str database: Database name or filename\n       for SQLite.\n"
        "   :param bool thread_safe: Whether to store state.\n"
        "   :returns: nothing\n   :rtype: None\n\n"
        "   The database.\n\n"
        "   .. method:: close()\n\n      :raises OSError: when it fails.\n\n"
        "   .. data:: hooks\n\n      :type: HookCaller\n\n"  # an option of data, not a field
        "Plain\n-----\n\n:param x: not in a description\n"
    )
    assert [(s.heading, s.body) for s in _sections(text)[1:]] == [
        (
            "Database",
            "`Database(database, thread_safe=True)`\n\n"
            "Parameters:\n- database (str): Database name or filename for SQLite.\n"
            "- thread_safe (bool): Whether to store state.\n\n"
            "Returns:\n- None: nothing\n\nThe database.",
        ),
        ("Database.close", "`close()`\n\nRaises:\n- OSError: when it fails."),
        ("Database.hooks", "`hooks`\n\ntype: HookCaller"),
        ("Plain", "param x: not in a description"),
    ]


def test_a_name_written_in_full_under_its_module_is_shown_so_and_anchored_as_sphinx_does() -> None:
    # flask 3.1.3's api.rst: '.. data:: flask.globals.request_ctx' under 'currentmodule::
    # flask'. Sphinx's target is flask.flask.globals.request_ctx; it shows the name written.
    text = (
        "API\n===\n\n.. currentmodule:: flask\n\n"
        ".. data:: flask.globals.request_ctx\n\n   The context.\n\n"
        ".. class:: flask.Status()\n\n   .. method:: check()\n\n"
        ".. data:: g\n\n   Globals.\n"
    )
    assert [(s.heading, s.anchor) for s in _sections(text)] == [
        ("API", "api"),
        ("flask.globals.request_ctx", "flask.flask.globals.request_ctx"),
        ("flask.Status", "flask.flask.Status"),
        ("flask.Status.check", "flask.flask.Status.check"),
        ("flask.g", "flask.g"),
    ]


def test_a_written_descriptions_flags_and_type_show_in_its_signature_as_sphinx_shows_them() -> None:
    # trio 0.35.0: '.. function:: wait_readable(obj)' with ':async:' read as a plain call, and
    # '.. attribute:: TASK_STATUS_IGNORED' lost its ':type: TaskStatus'.
    text = (
        "API\n===\n\n.. module:: trio\n\n"
        ".. function:: wait_readable(obj)\n   :async:\n\n   Block until readable.\n\n"
        ".. attribute:: TASK_STATUS_IGNORED\n   :type: TaskStatus\n\n   See start.\n\n"
        ".. data:: MAX\n   :type: int\n   :value: 10\n\n   The most.\n\n"
        ".. class:: Clock\n\n"
        "   .. method:: system()\n      :classmethod:\n\n      The system clock.\n\n"
        "   .. staticmethod:: resolution()\n\n      The smallest step.\n"
    )
    assert [(s.heading, s.body.split("\n\n")[0]) for s in _sections(text)][1:] == [
        ("trio.wait_readable", "`async wait_readable(obj)`"),
        ("trio.TASK_STATUS_IGNORED", "`TASK_STATUS_IGNORED: TaskStatus`"),
        ("trio.MAX", "`MAX: int = 10`"),
        ("trio.Clock", "`Clock`"),
        ("trio.Clock.system", "`classmethod system()`"),
        ("trio.Clock.resolution", "`staticmethod resolution()`"),
    ]


def test_a_written_descriptions_annotation_shows_after_its_signature() -> None:
    # dnspython 2.8.0's rdatatype-list.rst: '.. py:data:: dns.rdatatype.A' with
    # ':annotation: = 1', 83 constants whose sections held their names alone.
    text = (
        "Rdatatypes\n==========\n\n"
        ".. py:data:: dns.rdatatype.A\n   :annotation: = 1\n"
        ".. py:data:: dns.rdatatype.MX\n   :annotation: =  15\n\n   Mail exchange.\n\n"
        ".. py:attribute:: Zone.origin\n   :type: Name\n   :annotation: (read-only)\n"
    )
    assert [(s.heading, s.body) for s in _sections(text)][1:] == [
        ("dns.rdatatype.A", "`dns.rdatatype.A = 1`"),
        ("dns.rdatatype.MX", "`dns.rdatatype.MX = 15`\n\nMail exchange."),
        ("Zone.origin", "`Zone.origin: Name (read-only)`"),
    ]


def test_sphinxcontrib_asyncio_coroutine_directives_are_async_descriptions() -> None:
    # '.. comethod:: close()' (sphinxcontrib-asyncio, as aiohttp's and neuro-sdk's references
    # wrote their coroutines) was no description Sphinx's domain knows here: its signature was
    # dropped and its text ran into the class's section.
    text = (
        "API\n===\n\n.. module:: aiohttp\n\n.. class:: ClientSession()\n\n   The session.\n\n"
        "   .. comethod:: close()\n\n      Close it.\n\n"
        ".. cofunction:: request(method, url)\n\n   Make a request.\n"
    )
    assert [(s.heading, s.body) for s in _sections(text)][1:] == [
        ("aiohttp.ClientSession", "`ClientSession()`\n\nThe session."),
        ("aiohttp.ClientSession.close", "`async close()`\n\nClose it."),
        ("aiohttp.request", "`async request(method, url)`\n\nMake a request."),
    ]


def test_an_expression_that_uses_the_object_is_headed_as_written() -> None:
    # multidict's '.. method:: d[key] = value' and 'key not in d' were headed 'MultiDict.d'
    # and 'MultiDict.key', the same as 'd[key]' and 'key in d' (Sphinx shows them as written).
    text = (
        ".. module:: multidict\n\n"
        ".. class:: MultiDict(**kwargs)\n\n"
        "   .. method:: len(d)\n\n      Items.\n\n"
        "   .. method:: d[key]\n\n      First.\n\n"
        "   .. method:: d[key] = value\n\n      Set.\n\n"
        "   .. method:: key not in d\n\n      Absent.\n\n"
        "   .. attribute:: limit = 5\n"
    )
    assert [(s.heading, s.anchor, s.body) for s in _sections(text)][1:] == [
        ("multidict.MultiDict.len", "multidict.MultiDict.len", "`len(d)`\n\nItems."),
        ("multidict.MultiDict.d", "multidict.MultiDict.d", "`d[key]`\n\nFirst."),
        (
            "multidict.MultiDict: d[key] = value",
            "multidict-multidict-d-key-value",
            "`d[key] = value`\n\nSet.",
        ),
        (
            "multidict.MultiDict: key not in d",
            "multidict-multidict-key-not-in-d",
            "`key not in d`\n\nAbsent.",
        ),
        ("multidict.MultiDict.limit", "multidict.MultiDict.limit", "`limit = 5`"),
    ]
