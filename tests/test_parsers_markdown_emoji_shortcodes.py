"""builder.parsers.markdown.emoji_shortcodes: GitHub's emoji shortcodes read as their emoji."""

from __future__ import annotations

from builder.parsers.markdown.emoji_shortcodes import show_shortcodes
from builder.parsers.markdown.parser import parse


def test_a_feature_table_and_a_note_show_their_emoji() -> None:
    # got 16.2.0's README compares five libraries with 93 of these.
    text = (
        "# Comparison\n\n"
        "| | got | ky |\n|---|:-:|:-:|\n"
        "| HTTP/2 support | :heavy_check_mark: | :x: |\n\n"
        ":warning: Streams are Node.js only :rocket::tada:\n\n"
        "## :sparkles: Features\n\nText.\n"
    )
    first, second = parse(text, "readme.md").sections
    assert first.body == "| got | ky\nHTTP/2 support | ✔️ | ❌\n\n⚠️ Streams are Node.js only 🚀🎉"
    # A heading keeps them: GitHub's anchor is made from the shortcode's name.
    assert (second.heading, second.anchor) == (":sparkles: Features", "sparkles-features")


def test_code_words_between_colons_and_unknown_names_stay() -> None:
    text = "Use `:x:`, `undici:request:create`, ':memory:', 10:30:00, a:x:b and :not_an_emoji:."
    assert parse(f"# T\n\n{text}\n", "p.md").sections[0].body == text
    assert show_shortcodes("undici:request:create :x:") == "undici:request:create ❌"


def test_a_url_keeps_its_colons() -> None:
    # A URL is an address, never shown as emoji, bare, autolinked or as a link's text.
    for url in ("https://example.org/x/:x:/y", "ftp://host/:warning:"):
        text = f"See {url} and [{url}](https://example.org) :x:"
        assert parse(f"# T\n\n{text}\n\n<{url}>\n", "p.md").sections[0].body == (
            f"See {url} and {url} ❌\n\n{url}"
        )
        assert show_shortcodes(f"{url} :x:") == f"{url} ❌"


def test_html_code_keeps_its_shortcodes() -> None:
    # GitHub shows no emoji in <code>, <pre> or <tt>, as in a code span.
    text = "Write <code>:tada:</code> or <TT class=a>:x:</TT>, <pre>:x:</pre> :x:"
    body = parse(f"# T\n\n{text}\n", "p.md").sections[0].body
    assert body == "Write `:tada:` or `:x:`, :x: ❌"  # <code> and <tt> read as code spans


def test_every_name_github_knows_shows_its_emoji() -> None:
    # fast-glob 3.3.3's README opens its notes with ':1234:' and ':book:'; a name the table of
    # the names docs use most lacked read as a MyST field ('1234: Pattern syntax'), taking the
    # next note's ':warning:' with it ('warning: This package ...').
    text = (
        "# patterns\n\nAny correct pattern(s).\n\n"
        "> :1234: [Pattern syntax](#pattern-syntax)\n>\n"
        "> :warning: This package does not respect the order of patterns.\n\n"
        "- :three: Vue 3 :flag-de: :de: :octocat:\n"
    )
    assert parse(text, "README.md").sections[0].body == (
        "Any correct pattern(s).\n\n"
        "> 🔢 Pattern syntax\n>\n"
        "> ⚠️ This package does not respect the order of patterns.\n\n"
        "- 3️⃣ Vue 3 :flag-de: 🇩🇪 :octocat:"
    )
