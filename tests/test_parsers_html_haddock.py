"""The HTML reader on a module page Haddock writes: its title, and its outlines above the
declarations."""

from __future__ import annotations

from builder.parsers.html.parser import parse

# Debian's libghc-aeson-doc 2.0.3.0, Data-Aeson.html, cut down.
HEAD = (
    "<html><head><title>Data.Aeson</title>"
    '<script src="haddock-bundle.min.js" async="async" type="text/javascript"></script></head>'
)
PAGE = (
    f"{HEAD}<body>"
    '<div id="package-header"><span class="caption">aeson-2.0.3.0</span></div>'
    '<div id="content"><div id="module-header"><table class="info"><tr><th>License</th>'
    '<td>BSD3</td></tr></table><p class="caption">Data.Aeson</p></div>'
    '<div id="table-of-contents"><div id="contents-list"><p class="caption">Contents</p>'
    '<ul><li><a href="#g:1">Encoding and decoding</a></li></ul></div></div>'
    '<div id="description"><p class="caption">Description</p><div class="doc">'
    "<p>Types and functions for working efficiently with JSON data.</p></div></div>"
    '<div id="synopsis"><details id="syn"><summary>Synopsis</summary><ul class="details-toggle">'
    '<li class="src short"><a href="#v:decode">decode</a> :: ByteString -&gt; Maybe a</li>'
    "</ul></details></div>"
    '<div id="interface"><a href="#g:1" id="g:1"><h1>Encoding and decoding</h1></a>'
    '<div class="top"><p class="src"><a id="v:decode" class="def">decode</a> :: ByteString '
    '-&gt; Maybe a</p><div class="doc"><p>Efficiently deserialize a JSON value.</p></div></div>'
    "</div></div></body></html>"
)


def test_haddock_s_contents_and_synopsis_are_left_out() -> None:
    # Data.Aeson's first section read its contents list and then every signature of the page
    # again, in three parts: the synopsis Haddock folds under a toggle.
    bodies = "\n".join(section.body for section in parse(PAGE, "Data-Aeson.html").sections)
    assert "Types and functions for working efficiently with JSON data." in bodies
    assert "Efficiently deserialize a JSON value." in bodies
    assert "Synopsis" not in bodies
    assert "Contents" not in bodies
    assert bodies.count("decode :: ByteString") == 1


def test_those_ids_on_another_generator_s_page_are_content() -> None:
    page = PAGE.replace("haddock-bundle", "site")
    bodies = "\n".join(section.body for section in parse(page, "Data-Aeson.html").sections)
    assert "Synopsis" in bodies


def test_a_haddock_module_is_titled_by_its_name_and_its_groups_are_below_it() -> None:
    # Every module page of aeson 2.0.3.0 was titled by its first group ("How to use this
    # library") or by the "Documentation" Haddock writes over a module without groups: none of
    # its 673 sections named its module.
    parsed = parse(PAGE, "Data-Aeson.html")
    assert parsed.title == "Data.Aeson"
    assert [(s.heading, s.heading_path) for s in parsed.sections] == [
        ("Data.Aeson", ()),
        ("Encoding and decoding", ("Data.Aeson",)),
        ("decode", ("Data.Aeson", "Encoding and decoding")),
    ]
    bare = PAGE.replace(
        '<a href="#g:1" id="g:1"><h1>Encoding and decoding</h1></a>', "<h1>Documentation</h1>"
    )
    assert [(s.heading, s.heading_path) for s in parse(bare, "Data-Aeson.html").sections][1:] == [
        ("Documentation", ("Data.Aeson",)),
        ("decode", ("Data.Aeson", "Documentation")),
    ]


def test_the_text_after_each_of_many_self_links_stays_in_place() -> None:
    # Each "#" link dropped added the text after it to the text before it, read and set again
    # for each: an instance list of 20,000 of them on one line took 11.7 s.
    count = 5000
    links = "".join(f'<a class="selflink" href="#v:f{n}">#</a>f{n} ' for n in range(count))
    page = f'{HEAD}<body><div id="content"><h1>Instances</h1><p>{links}</p></div></body></html>'
    bodies = [section.body for section in parse(page, "Data-Aeson.html").sections]
    assert bodies == [" ".join(f"f{n}" for n in range(count))]
