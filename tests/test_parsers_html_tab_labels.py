"""builder.parsers.html.tab_labels: each tab's label of a pymdownx tab set above its content."""

from __future__ import annotations

from builder.parsers.html.parser import parse

ALTERNATE = (
    '<h1>Install</h1><div class="tabbed-set tabbed-alternate" data-tabs="1:2">'
    '<input checked="checked" id="a1" name="a" type="radio"/><input id="a2" name="a" '
    'type="radio"/><div class="tabbed-labels"><label for="a1">pip</label><label for="a2">'
    '<span>conda</span></label></div><div class="tabbed-content"><div class="tabbed-block">'
    '<pre><code>pip install x</code></pre></div><div class="tabbed-block"><p>Or:</p><pre>'
    "<code>conda install x</code></pre></div></div></div><p>After.</p>"
)


def test_each_label_heads_its_own_tab() -> None:
    # markdown-callouts 0.3.0's Debian docs (Material for MkDocs): the labels ran into one word,
    # "Same as 'admonition'Same as 'details'", over the two code blocks (7 sets of 7).
    [section] = parse(ALTERNATE, "install.html").sections
    assert section.body == (
        "pip\n\n```\npip install x\n```\n\nconda\n\nOr:\n\n```\nconda install x\n```\n\nAfter."
    )


def test_a_set_whose_labels_and_tabs_do_not_pair_is_left_as_it_is() -> None:
    page = ALTERNATE.replace('<label for="a2"><span>conda</span></label>', "")
    [section] = parse(page, "install.html").sections
    assert section.body.startswith("pip\n\n```\npip install x\n```\n\nOr:")
