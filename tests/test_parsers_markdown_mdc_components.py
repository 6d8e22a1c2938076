"""builder.parsers.markdown.mdc_components: Nuxt Content's MDC components read as the page
shows them."""

from __future__ import annotations

from builder.parsers.markdown.mdc_components import rewrite_mdc_components
from builder.parsers.markdown.parser import parse


def body(text: str) -> str:
    (section,) = parse(text, "x.md").sections
    return section.body


def test_notes_read_as_admonitions_and_other_blocks_leave_their_content() -> None:
    # Nuxt's installation page: a code group of install commands, a tip, a link to read more.
    text = (
        "# Installation\n\n"
        '::code-group{sync="pm"}\n\n'
        "```bash [npm]\nnpm create nuxt@latest <project-name>\n```\n\n"
        "```bash [yarn]\nyarn create nuxt <project-name>\n```\n\n"
        "::\n\n"
        '::tip{icon="i-lucide-circle-check"}\n'
        "Well done! A browser window should **automatically** open.\n"
        "::\n\n"
        '::callout{title="Good to know"}\n'
        "Outer.\n"
        "  ::warning\n"
        "  Inner `code`.\n"
        "  ::\n"
        "::\n\n"
        ':read-more{title="Nuxt rendering modes" to="/docs/4.x/guide/concepts/rendering"}\n'
    )
    assert body(text) == (
        "npm:\n```bash\nnpm create nuxt@latest <project-name>\n```\n\n"
        "yarn:\n```bash\nyarn create nuxt <project-name>\n```\n\n"
        "Tip: Well done! A browser window should automatically open.\n\n"
        "Note: Good to know\n\nOuter.\n\nWarning: Inner `code`.\n\n"
        "Nuxt rendering modes"
    )


def test_a_card_shows_its_title_from_props_or_yaml_and_slots_go() -> None:
    text = (
        "# Releases\n\n"
        "::card-group\n"
        '  ::card{title="Open on StackBlitz" to="https://stackblitz.com" target="_blank"}\n'
        "  Online playground with code editor.\n"
        "  ::\n"
        "  ::card\n"
        "  ---\n"
        "  icon: i-simple-icons-github\n"
        "  title: nuxt/cli\n"
        "  ---\n"
        "  #description\n"
        "  Nuxt CLI releases.\n"
        "  ::\n"
        "::\n"
    )
    assert body(text) == (
        "Open on StackBlitz\nOnline playground with code editor.\n\nnuxt/cli\n\nNuxt CLI releases."
    )


def test_inline_components_leave_their_label_or_title() -> None:
    text = (
        "# CLI\n\n"
        "| Option | Description |\n|---|---|\n"
        '| `--profile` :badge[v4.4]{color="info" size="xs"} | Profile performance. |\n\n'
        '## Watch\n\n:video-accordion{title="Watch a video about plugins" videoId="2aXZyXB1QGQ"}\n'
    )
    sections = parse(text, "x.md").sections
    assert [section.body for section in sections] == [
        "Option | Description\n`--profile` v4.4 | Profile performance.",
        "Watch a video about plugins",
    ]


def test_look_alikes_stay_as_written() -> None:
    # Docusaurus' and VitePress' containers, an emoji, times, CSS in prose, code.
    text = (
        "# A\n\n"
        ":::tip[Title]\nDocusaurus.\n:::\n\n"
        "::: warning\nVitePress.\n:::\n\n"
        'At 10:30 :tada: style :root{--gap: 1rem} and `:read-more{to="/x"}`.\n\n'
        "::selection\n\n"
        '```md\n::tip\nShown as written.\n::\n:badge[v1]{color="red"}\n```\n'
    )
    assert body(text) == (
        "Tip: Title\n\nDocusaurus.\n\nWarning: VitePress.\n\n"
        'At 10:30 🎉 style :root{--gap: 1rem} and `:read-more{to="/x"}`.\n\n'
        "::selection\n\n"
        '```md\n::tip\nShown as written.\n::\n:badge[v1]{color="red"}\n```'
    )


def test_a_slice_in_prose_is_no_component() -> None:
    # A README's "x[:n[0]]" read as the component 'n' labelled '0', and showed 'x[0]]'.
    text = '# A\n\nSlice `x` as x[:n[0]] or a[:k[i]]; note :badge[v4]{color="red"}.\n'
    assert body(text) == "Slice `x` as x[:n[0]] or a[:k[i]]; note v4."


def test_the_rewrite_keeps_the_lines() -> None:
    text = '::note\n---\ntitle: x\n---\nText.\n::\n:read-more{to="/x"}\n'
    assert rewrite_mdc_components(text).count("\n") == text.count("\n")
    # Hostile pages (blocks with unclosed props, long runs of spaces) read in linear time.
    hostile = "::card\n---\n" * 20_000 + "a:" + " " * 100_000 + "\n" + "::\n" * 20_000
    assert rewrite_mdc_components(hostile).count("\n") == hostile.count("\n")


def test_package_manager_components_show_their_npm_command() -> None:
    # Nitro's quick start (UnJS's docs): how to create, run and build a project were three
    # components with no title, and showed nothing.
    text = (
        "# Quick start\n\n"
        ':pm-x{command="giget@latest nitro nitro-app --install"}\n\n'
        ':pm-run{script="dev"}\n\n'
        'Add it with :pm-install{name="firebase-admin" dev} or :pm-install{name="dev-tools"}.\n'
    )
    assert body(text) == (
        "`npx giget@latest nitro nitro-app --install`\n\n"
        "`npm run dev`\n\n"
        "Add it with `npm install -D firebase-admin` or `npm install dev-tools`."
    )


def test_a_field_shows_its_name_and_type_and_a_line_break_goes() -> None:
    # Nitro's cache options: each a '::field{name="base" type="string"}' whose type was lost,
    # its text broken with ':br', which stayed as written.
    text = (
        "# Options\n\n"
        "::field-group\n"
        '  ::field{name="maxAge" type="number"}\n'
        "    Maximum age, in seconds. :br\n"
        "    Default to `1` (`:br` in code).\n"
        "  ::\n"
        "::\n"
    )
    assert body(text) == "maxAge (number)\nMaximum age, in seconds. Default to `1` (`:br` in code)."


def test_a_bare_label_is_a_component_only_on_a_page_that_shows_mdc() -> None:
    # morgan's README (GitHub Markdown): its token headings lost their names, ':date[format]'
    # showed 'format', ':req[header]' and ':res[header]' both 'header'.
    readme = "# Tokens\n\n## :date[format]\n\nThe date.\n\n## :req[header]\n\nA header.\n"
    headings = [section.heading for section in parse(readme, "README.md").sections]
    assert headings == ["Tokens", ":date[format]", ":req[header]"]
    mdc = '# CLI\n\nNew :badge[v4] and :badge[v5]{color="info"}.\n'
    assert body(mdc) == "New v4 and v5."
    in_code = '# CLI\n\nNew :badge[v4], not `:badge[v5]{color="info"}`.\n'
    assert body(in_code) == 'New :badge[v4], not `:badge[v5]{color="info"}`.'
