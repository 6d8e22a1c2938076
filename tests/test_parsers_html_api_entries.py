"""builder.parsers.html.api_entries: how an API entry of a Sphinx page is named and grouped."""

from __future__ import annotations

from builder.parsers.html.parser import parse


def function(ident: str, prefix: str, name: str) -> str:
    return (
        f'<dl class="py function"><dt class="sig sig-object py" id="{ident}">'
        f'<span class="sig-prename descclassname"><span class="pre">{prefix}</span></span>'
        f'<span class="sig-name descname"><span class="pre">{name}</span></span>(text)'
        f'<a class="headerlink" href="#{ident}">¶</a></dt><dd><p>Dedent.</p></dd></dl>'
    )


def test_an_entry_whose_id_docutils_made_up_is_named_as_the_page_writes_it() -> None:
    # Debian's python-humanfriendly-doc 10.0: its api page describes dedent in humanfriendly
    # and in humanfriendly.text; the one whose id was taken gets "id2", and 13 entries were
    # headed "id0", "id2"... An id of the project's own that looks so stays its name.
    page = (
        '<section id="api"><h1>API</h1>'
        + function("humanfriendly.text.dedent", "humanfriendly.text.", "dedent")
        + function("id2", "humanfriendly.", "dedent")
        + function("id", "", "id")
        + "</section>"
    )
    assert [(s.heading, s.anchor) for s in parse(page, "api.html").sections] == [
        ("API", "api"),
        ("humanfriendly.text.dedent", "humanfriendly.text.dedent"),
        ("humanfriendly.dedent", "id2"),
        ("id", "id"),
    ]


def annotated(kind: str, words: str, ident: str, name: str, rest: str) -> str:
    prefix = "".join(
        f'<em class="property"><span class="pre">{word}</span><span class="w"> </span></em>'
        for word in words.split()
    )
    return (
        f'<dl class="py {kind}"><dt class="sig sig-object py" id="{ident}">{prefix}'
        f'<span class="sig-name descname"><span class="pre">{name}</span></span>{rest}'
        f'<a class="headerlink" href="#{ident}">¶</a></dt><dd><p>Text.</p></dd></dl>'
    )


def test_a_python_signature_leaves_out_the_words_that_only_name_its_kind() -> None:
    # Debian's python-bleak-doc 0.20.2: 197 signatures read "class bleak.BleakClient(...)" and
    # "property BleakClient.is_connected: bool", where the reST reader writes none of the kind.
    page = (
        '<section id="api"><h1>API</h1>'
        + annotated("class", "class", "m.Client", "Client", "(address)")
        + annotated("property", "abstract property", "m.Client.handle", "handle", ": int")
        + annotated("method", "async classmethod", "m.Client.scan", "scan", "()")
        + "</section>"
    )
    bodies = [s.body.split("\n")[0] for s in parse(page, "api.html").sections[1:]]
    assert bodies == ["`Client(address)`", "`abstract handle: int`", "`async classmethod scan()`"]


def test_a_rubric_over_member_entries_heads_them() -> None:
    # Debian's python3-flask-login 0.6.2: LoginManager's rubrics ("General Configuration",
    # "`unauthorized` Configuration") were bare lines in the class's body, the members they
    # group listed apart; a rubric over text (numpydoc's "Examples") stays in the body.
    def member(name: str, body: str) -> str:
        return (
            f'<dl class="py method"><dt class="sig sig-object py" id="m.Login.{name}">'
            f'<span class="sig-name descname">{name}</span>()</dt><dd>{body}</dd></dl>'
        )

    page = (
        '<section id="api"><h1>API</h1><dl class="py class">'
        '<dt class="sig sig-object py" id="m.Login"><span class="sig-name descname">'
        "Login</span></dt><dd><p>Holds settings.</p>"
        + member("init_app", "<p>Configures.</p>")
        + '<p class="rubric">General Configuration</p>'
        + member("user_loader", '<p>Loads.</p><p class="rubric">Examples</p><p>x()</p>')
        + '<p class="rubric"><code>unauthorized</code> Configuration</p>'
        + member("login_view", "<p>The view.</p>")
        + "</dd></dl><p>After.</p></section>"
    )
    assert [(s.heading, s.heading_path, s.body) for s in parse(page, "api.html").sections] == [
        ("API", (), "After."),
        ("m.Login", ("API",), "`Login`\n\nHolds settings."),
        ("m.Login.init_app", ("API", "m.Login"), "`init_app()`\n\nConfigures."),
        ("General Configuration", ("API", "m.Login"), ""),  # empty: the build drops it
        (
            "m.Login.user_loader",
            ("API", "m.Login", "General Configuration"),
            "`user_loader()`\n\nLoads.\n\nExamples\n\nx()",
        ),
        ("unauthorized Configuration", ("API", "m.Login"), ""),
        (
            "m.Login.login_view",
            ("API", "m.Login", "unauthorized Configuration"),
            "`login_view()`\n\nThe view.",
        ),
    ]


def test_each_object_of_one_description_is_an_entry_with_the_text_they_share() -> None:
    # Debian's python-traitlets-doc 5.5.0: '.. class:: CInt' / 'CLong' / 'CFloat' is one <dl>
    # of three <dt id>, one <dd>; read as one entry, CLong and CFloat had no anchor. A second
    # overload (docutils' made-up id) stays with its object; the members are the last's.
    def term(ident: str, name: str) -> str:
        return (
            f'<dt class="sig sig-object py" id="{ident}">'
            f'<span class="sig-name descname"><span class="pre">{name}</span></span></dt>'
        )

    page = (
        '<section id="types"><h1>Types</h1><dl class="py class">'
        + term("t.CInt", "CInt")
        + term("id3", "CInt")
        + term("t.CFloat", "CFloat")
        + '<dd><p>Casting variants.</p><dl class="py method">'
        + term("t.CFloat.cast", "cast")
        + "<dd><p>Casts.</p></dd></dl><p>After the method.</p></dd></dl></section>"
    )
    sections = parse(page, "types.html").sections[1:]
    assert [(s.anchor, s.heading_path[-1], s.body) for s in sections] == [
        ("t.CInt", "Types", "`CInt`\n`CInt`\n\nCasting variants."),
        ("t.CFloat", "Types", "`CFloat`\n\nCasting variants.\n\nAfter the method."),
        ("t.CFloat.cast", "t.CFloat", "`cast`\n\nCasts."),
    ]


def test_an_entry_that_says_nothing_takes_the_text_after_it() -> None:
    # Django 3.2's ref/django-admin.html: '.. django-admin:: check' and each of its options
    # have an empty <dd>, their text the paragraphs after the <dl>, as the reST reader reads
    # a description with no content (Resume.adopt). Read as the section's, the text named no
    # object and each entry was its signature alone. Inside another entry's description, or
    # with text of its own, an entry takes nothing.
    def entry(kind: str, ident: str, name: str, text: str = "") -> str:
        return (
            f'<dl class="std {kind}"><dt class="sig sig-object std" id="{ident}">'
            f'<span class="sig-name descname"><span class="pre">{name}</span></span></dt>'
            f"<dd>{text}</dd></dl>"
        )

    page = (
        '<section id="check"><h1>check</h1>'
        + entry("django-admin", "django-admin-check", "django-admin check")
        + "<p>Checks the project.</p>"
        + entry("cmdoption", "cmdoption-check-deploy", "--deploy")
        + "<p>Adds the deployment checks.</p><pre>django-admin check --deploy</pre>"
        + entry("cmdoption", "cmdoption-check-tag", "--tag", "<p>Restricts them.</p>")
        + "<p>The section's again.</p>"
        + '<dl class="py class"><dt class="sig sig-object py" id="m.Check">'
        + '<span class="sig-name descname"><span class="pre">Check</span></span></dt><dd>'
        + entry("cmdoption", "m.Check.run", "run")
        + "<p>The class's text.</p></dd></dl>"
        + '<section id="next"><h2>Next</h2><p>Next text.</p></section></section>'
    )
    sections = parse(page, "django-admin.html").sections
    assert [(s.anchor, s.body) for s in sections] == [
        ("check", "The section's again."),
        ("django-admin-check", "`django-admin check`\n\nChecks the project."),
        (
            "cmdoption-check-deploy",
            "`--deploy`\n\nAdds the deployment checks.\n\n```\ndjango-admin check --deploy\n```",
        ),
        ("cmdoption-check-tag", "`--tag`\n\nRestricts them."),
        ("m.Check", "`Check`\n\nThe class's text."),
        ("m.Check.run", "`run`"),
        ("next", "Next text."),
    ]


def test_the_objects_of_a_description_that_says_nothing_share_the_text_after_it() -> None:
    # One description of several signature lines with no content of its own, the text at the
    # margin under it ('.. function:: incr(key)' / 'decr(key)', then "Adds to a key."):
    # Sphinx writes one <dl>, a <dt id> per object and an empty <dd>, then the paragraph.
    # The last entry took the text after it and incr, the name links point to, said nothing;
    # each object gets it, as the reST reader gives it to each.
    def term(ident: str, name: str) -> str:
        return (
            f'<dt class="sig sig-object py" id="{ident}">'
            f'<span class="sig-name descname"><span class="pre">{name}</span></span>(key)</dt>'
        )

    page = (
        '<section id="cache"><h1>Cache</h1><dl class="py function">'
        + term("cache.incr", "incr")
        + term("cache.decr", "decr")
        + "<dd></dd></dl><p>Adds to a key.</p><p>Or takes from it.</p>"
        + '<section id="next"><h2>Next</h2><p>Next text.</p></section></section>'
    )
    assert [(s.anchor, s.body) for s in parse(page, "cache.html").sections] == [
        ("cache", ""),
        ("cache.incr", "`incr(key)`\n\nAdds to a key.\n\nOr takes from it."),
        ("cache.decr", "`decr(key)`\n\nAdds to a key.\n\nOr takes from it."),
        ("next", "Next text."),
    ]


def test_an_object_of_a_projects_own_directive_is_an_entry_named_by_its_signature() -> None:
    # Django 3.2's '.. django-admin-option:: --tag TAGS, -t TAGS' (its docs' own directive,
    # outside any domain): <dl class="django-admin-option">, whose dt Sphinx marks sig-object
    # as every object's; read as a plain list, none of its 136 options had an entry.
    page = (
        '<section id="check"><h1>check</h1><dl class="django-admin-option">'
        '<dt class="sig sig-object" id="cmdoption-check-tag">'
        '<code class="sig-name descname"><span class="pre">--tag</span></code>'
        '<code class="sig-prename descclassname"> <span class="pre">TAGS</span></code></dt>'
        "<dd><p>Restricts the checks.</p></dd></dl>"
        '<dl class="simple"><dt>term</dt><dd><p>A plain list.</p></dd></dl></section>'
    )
    sections = parse(page, "django-admin.html").sections
    assert [(s.heading, s.anchor, s.body) for s in sections] == [
        ("check", "check", "term\n  A plain list."),
        ("--tag TAGS", "cmdoption-check-tag", "`--tag TAGS`\n\nRestricts the checks."),
    ]


def test_old_sphinx_api_entries_and_c_domain() -> None:
    page = (
        '<div class="section" id="api"><h1>API</h1>'
        '<dl class="function"><dt id="mod.func"><code class="descclassname">mod.</code>'
        '<code class="descname">func</code>(<em>a</em>)</dt><dd><p>Old style.</p></dd></dl>'
        '<dl class="c function"><dt class="sig sig-object c" id="c.Py_Run">'
        '<span class="kt">int</span> <span class="sig-name descname">'
        '<span class="n">Py_Run</span></span>'
        "(<span>void</span>)</dt><dd><p>C style.</p></dd></dl>"
        '<dl class="simple"><dt>term</dt><dd>not an API entry</dd></dl></div>'
    )
    parsed = parse(page, "api.html")
    assert [(s.heading, s.anchor, s.level, s.body) for s in parsed.sections] == [
        ("API", "api", 1, "term\n  not an API entry"),
        ("mod.func", "mod.func", 2, "`mod.func(a)`\n\nOld style."),
        ("Py_Run", "c.Py_Run", 2, "`int Py_Run(void)`\n\nC style."),
    ]


def test_a_cpp_template_s_parameters_are_no_part_of_its_name() -> None:
    # {fmt} 9.1.0 (Debian's libfmt-doc): Sphinx writes a template's parameters on a line of
    # their own, each a descname too: 41 of its 79 entries were headed 'Tfmt::format',
    # 'OutputItTfmt::format_to', their signatures 'template<typename ...T>inline auto ...'.
    page = (
        '<dl class="cpp function"><dt class="sig sig-object cpp" id="_CPPv4I0EN3fmt9format_toE">'
        '<span class="k">template</span>&lt;<span class="k">typename</span> '
        '<span class="sig-name descname">OutputIt</span>&gt;<br /><span class="k">auto</span> '
        '<span class="sig-prename descclassname">fmt::</span><span class="sig-name descname">'
        "format_to</span>(OutputIt out) -&gt; OutputIt<br /></dt><dd>Formats.</dd></dl>"
    )
    assert [(s.heading, s.body) for s in parse(page, "api.html").sections] == [
        ("fmt::format_to",
         "`template<typename OutputIt> auto fmt::format_to(OutputIt out) -> OutputIt`\n\n"
         "Formats."),
    ]  # fmt: skip


def test_an_id_that_repeats_its_module_is_named_as_the_page_writes_it() -> None:
    # Scrapy 2.11 (Debian's python-scrapy-doc): '.. class:: scrapy.item.Item' under 'module::
    # scrapy.item' has the id scrapy.item.scrapy.item.Item; the page shows scrapy.item.Item.
    page = (
        '<dl class="py class"><dt class="sig sig-object py" id="scrapy.item.scrapy.item.Item">'
        '<em class="property">class </em><span class="sig-prename descclassname">scrapy.item.'
        '</span><span class="sig-name descname">Item</span></dt><dd>An item.</dd></dl>'
        '<dl class="py class"><dt class="sig sig-object py" id="os.path.os">'
        '<span class="sig-prename descclassname">path.</span>'
        '<span class="sig-name descname">os</span></dt><dd>Kept.</dd></dl>'
    )
    assert [(s.heading, s.anchor) for s in parse(page, "items.html").sections] == [
        ("scrapy.item.Item", "scrapy.item.scrapy.item.Item"),
        ("os.path.os", "os.path.os"),
    ]


def test_an_entry_without_an_id_in_a_class_is_named_by_the_class() -> None:
    # psycopg 3.1.7 (Debian's python-psycopg-doc): the second overload of Connection.cursor,
    # written with :noindex:, was an entry headed "cursor"; SQLAlchemy 1.4.46: 63 such entries
    # ("__init__" of each dialect's types, its class written as a link before the name).
    page = (
        '<dl class="py class"><dt class="sig sig-object py" id="psycopg.Connection">'
        '<span class="sig-prename descclassname">psycopg.</span><span class="sig-name descname">'
        'Connection</span></dt><dd><p>A connection.</p><dl class="py method">'
        '<dt class="sig sig-object py"><span class="sig-name descname">cursor</span>(name)</dt>'
        '<dd><p>A server cursor.</p></dd></dl></dd></dl><dl class="py function">'
        '<dt class="sig sig-object py"><span class="sig-name descname">connect</span>()</dt>'
        "<dd><p>Connect.</p></dd></dl>"
    )
    assert [(s.heading, s.heading_path) for s in parse(page, "connections.html").sections] == [
        ("psycopg.Connection", ()),
        ("psycopg.Connection.cursor", ("psycopg.Connection",)),
        ("connect", ()),
    ]


def test_rst_domain_descriptions_are_entries_headed_by_their_signature() -> None:
    # Sphinx 5.3's docs (Debian's sphinx-doc): its 91 directives, 71 directive options and 49
    # roles were text of the sections around them ('Table of contents' in two parts), where
    # the reST reader gives each its section; now headed as it heads them.
    page = (
        '<section id="toc"><h1>Table of contents</h1><dl class="rst directive">'
        '<dt class="sig sig-object rst" id="directive-toctree"><span class="sig-name descname">'
        '<span class="pre">..</span> <span class="pre">toctree::</span></span>'
        '<a class="headerlink" href="#directive-toctree">¶</a></dt><dd><p>Inserts a tree.</p>'
        '<dl class="rst directive:option"><dt class="sig sig-object rst" '
        'id="directive-option-toctree-maxdepth"><span class="sig-name descname">'
        '<span class="pre">:maxdepth:</span></span></dt><dd><p>The depth.</p></dd></dl>'
        '</dd></dl><dl class="rst role"><dt class="sig sig-object rst" id="role-doc">'
        '<span class="sig-name descname"><span class="pre">:doc:</span></span></dt>'
        "<dd><p>Links to a document.</p></dd></dl></section>"
    )
    assert [
        (s.heading, s.anchor, s.heading_path, s.body) for s in parse(page, "d.html").sections
    ] == [
        ("Table of contents", "toc", (), ""),
        (
            ".. toctree::",
            "directive-toctree",
            ("Table of contents",),
            "`.. toctree::`\n\nInserts a tree.",
        ),
        (
            ":maxdepth:",
            "directive-option-toctree-maxdepth",
            ("Table of contents", ".. toctree::"),
            "`:maxdepth:`\n\nThe depth.",
        ),
        (":doc:", "role-doc", ("Table of contents",), "`:doc:`\n\nLinks to a document."),
    ]
