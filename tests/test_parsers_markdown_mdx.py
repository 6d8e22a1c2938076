"""The Markdown parser on MDX and its components: imports, JSX tags and their props, Docusaurus
tabs, remark-directive asides (Starlight, Docusaurus 3)."""

from __future__ import annotations

from builder.parsers.markdown.flavor import DOCUSAURUS, markdown_flavor
from builder.parsers.markdown.parser import parse
from tests.test_parsers_markdown import bodies, outline


def test_mdx_import_export_removed_but_code_imports_kept() -> None:
    text = (
        "import Tabs from '@theme/Tabs';\n"  # 1
        "import {\n"
        "  Alpha,\n"
        "} from './alpha';\n"
        "\n"
        "export const meta = {\n"  # 6
        "  a: 1,\n"
        "\n"
        "  b: [2, 3],\n"
        "};\n"  # 10
        "\n"
        "# Usage\n"  # 12
        "\n"
        "```js\n"
        "import fs from 'fs';\n"
        "export default fs;\n"
        "```\n"
        "\n"
        "Import the module first.\n"  # 19
        "\n"
        "export default function Layout({children}) { return children }\n"
    )
    parsed = parse(text, "docs/usage.mdx")
    assert outline(parsed) == [(1, "Usage", (), "usage", 12, 21)]
    assert bodies(parsed) == [
        "```js\nimport fs from 'fs';\nexport default fs;\n```\n\nImport the module first."
    ]


def test_import_lines_in_plain_markdown_are_prose() -> None:
    parsed = parse("# A\n\nimport x from 'y'\n", "a.md")
    assert bodies(parsed) == ["import x from 'y'"]


def test_markdown_page_drops_imports_of_the_components_it_uses() -> None:
    # Docusaurus reads .md pages as MDX: these imports are code, the tags show nothing.
    text = (
        "# Expect\n\nMatchers.\n\n"
        "import TOCInline from '../theme/TOCInline';\n\n"
        "<TOCInline toc={toc.slice(1)} />\n\n"
        "import fs from 'fs'\n"
    )
    assert bodies(parse(text, "docs/ExpectAPI.md")) == ["Matchers.\n\nimport fs from 'fs'"]


def test_markdown_page_drops_named_imports_of_the_components_it_uses() -> None:
    # Redux 5's tutorials (16 pages) began "import { DetailedExplanation } from '...'".
    text = (
        "# Part 3\n\n"
        "import { DetailedExplanation } from '../../components/DetailedExplanation'\n\n"
        "import Tabs, { TabItem as Item } from '../theme/Tabs';\n\n"
        "import { configureStore } from '@reduxjs/toolkit'\n\n"
        "import { Tabs, Unused } from '../components/Tabs'\n\n"
        '<DetailedExplanation title="More">\n\nWhy.\n\n</DetailedExplanation>\n\n'
        "<Tabs><Item>Tab.</Item></Tabs>\n"
    )
    assert bodies(parse(text, "docs/part-3.md")) == [
        "import { configureStore } from '@reduxjs/toolkit'\n\n"
        "import { Tabs, Unused } from '../components/Tabs'\n\nMore\n\nWhy.\n\nTab."
    ]


def test_a_markdown_page_importing_docusaurus_modules_is_read_as_mdx() -> None:
    # Detox's environment-setup.md imports Tabs from '@theme/Tabs': its <TabItem>s' indented
    # children, blank lines between them, read as an HTML block that ended at the first blank
    # line and then code ('```' ... '</TabItem>' ... '```'); Hydra 1.3's intro.md showed
    # "import useBaseUrl from '@docusaurus/useBaseUrl'; ...". Docusaurus compiles the page
    # as MDX, so each import is code that shows nothing.
    text = (
        "# Intro\n\n"
        "import useBaseUrl from '@docusaurus/useBaseUrl';\n"
        "import Tabs from '@theme/Tabs';\n\n"
        "import hydra from 'hydra'\n\n"
        '<Tabs>\n    <TabItem value="rn" label="React Native">\n\n'
        "        Detox supports **React Native**.\n\n"
        "    </TabItem>\n</Tabs>\n"
    )
    assert bodies(parse(text, "docs/intro.md")) == ["React Native:\n\nDetox supports React Native."]


def test_a_docusaurus_import_shown_in_a_fence_leaves_a_markdown_page_markdown() -> None:
    # docusaurus-plugin-openapi-docs 5.2.0's README shows a docusaurus.config.ts importing
    # '@docusaurus/types' in a fence: the page was read as MDX, its '<br/>'s then showing
    # nothing ("pages.Function type:" in 6 table rows) and its indented code read as prose.
    text = (
        '# Setup\n\n```ts\nimport type { Config } from "@docusaurus/types";\n```\n\n'
        "Returns a string.<br/>Function type: `string`\n\n    npm install plugin\n"
    )
    assert bodies(parse(text, "README.md")) == [
        '```ts\nimport type { Config } from "@docusaurus/types";\n```\n\n'
        "Returns a string.\nFunction type: `string`\n\n```\nnpm install plugin\n```"
    ]


def test_a_vitepress_script_importing_its_theme_leaves_a_markdown_page_markdown() -> None:
    # Vue's docs (VitePress, whose '@theme' is the site's theme): sponsor/index.md's
    # <script setup> imports '@theme/components/SponsorsGroup.vue'; read as MDX, the page
    # showed its script's code, a section 'onMounted(load)' above its first heading's own.
    text = (
        "<script setup>\nimport SponsorsGroup from '@theme/components/SponsorsGroup.vue'\n"
        "import { onMounted } from 'vue'\n\nonMounted(load)\n</script>\n\n"
        "# Become a Vue.js Sponsor {#become-a-sponsor}\n\nVue.js is free to use.\n"
    )
    parsed = parse(text, "src/sponsor/index.md")
    assert [(section.anchor, section.body) for section in parsed.sections] == [
        ("become-a-sponsor", "Vue.js is free to use.")
    ]


def test_a_line_break_in_mdx_keeps_the_words_on_each_side_apart() -> None:
    # docusaurus-openapi-docs' demo/docs/intro.mdx: "... for API pages.<br/><br/>**Function
    # type:**" in 5 table cells read "pages.Function type:", one word to a search.
    text = (
        "# Options\n\nLine one<br/>line two.\n\n| Name | Description |\n| --- | --- |\n"
        "| `createApiPageMD` | For API pages.<br/><br/>**Function type:** `string` |\n"
    )
    assert bodies(parse(text, "intro.mdx")) == [
        "Line one\nline two.\n\nName | Description\n"
        "`createApiPageMD` | For API pages.  Function type: `string`"
    ]


def test_a_block_components_title_prop_stays_above_its_children() -> None:
    # Redux 5.0.1's 14 <DetailedExplanation title="..."> boxes lost their titles.
    text = (
        "# Setup\n\n"
        "import { DetailedExplanation } from '../components/DetailedExplanation'\n\n"
        '<DetailedExplanation title="Adding Redux to a React Project">\n\n'
        "Add the packages.\n\n</DetailedExplanation>\n\n"
        'See <Term title="a tooltip">the store</Term> and <abbr title="x">HTML</abbr>.\n'
    )
    assert bodies(parse(text, "setup.md")) == [
        "Adding Redux to a React Project\n\nAdd the packages.\n\nSee the store and HTML."
    ]


def test_docusaurus_tab_items_keep_their_labels() -> None:
    text = (
        "# Config\n\n"
        '<Tabs groupId="eslint-config">\n<TabItem value="Flat Config">\n\nUse flat.\n\n'
        '</TabItem>\n<TabItem value="legacy" label="Legacy Config">\n\nUse legacy.\n\n'
        "</TabItem>\n</Tabs>\n"
    )
    assert bodies(parse(text, "config.mdx")) == [
        "Flat Config:\n\nUse flat.\n\nLegacy Config:\n\nUse legacy."
    ]


def test_a_sites_own_tab_component_keeps_its_label() -> None:
    # TypeORM wraps Docusaurus' tabs as <DatabaseTab value="...">: the lists of isolation
    # levels each database supports ran together, no database named.
    text = (
        "# Transactions\n\n<DatabaseTabs>\n"
        '<DatabaseTab value="mysql">\n\n- `READ COMMITTED`\n\n</DatabaseTab>\n\n'
        '<DatabaseTab value="spanner">\n\n- `SERIALIZABLE`\n\n</DatabaseTab>\n'
        "</DatabaseTabs>\n"
    )
    assert bodies(parse(text, "transactions.mdx")) == [
        "mysql:\n\n- `READ COMMITTED`\n\nspanner:\n\n- `SERIALIZABLE`"
    ]


def test_fumadocs_tabs_keep_their_values_as_labels() -> None:
    # markdown-it reads the first <Tab> with the <Tabs items={...}> above it as a paragraph.
    text = (
        "# Numbers\n\n"
        '<Tabs groupId="lib" items={["Zod", "Zod Mini"]}>\n'
        '<Tab value="Zod">\n```ts\nz.number().gt(5);\n```\n</Tab>\n'
        '<Tab value="Zod Mini">\n```ts\nz.number().check(z.gt(5));\n```\n</Tab>\n'
        "</Tabs>\n"
    )
    assert bodies(parse(text, "api.mdx")) == [
        "Zod:\n\n```ts\nz.number().gt(5);\n```\n\n"
        "Zod Mini:\n\n```ts\nz.number().check(z.gt(5));\n```"
    ]


def test_mdx_jsx_tags_dropped_and_children_kept() -> None:
    text = (
        "# Install\n"
        "\n"
        "<Tabs groupId=\"os\" values={[{label: 'Linux', value: 'linux'}]}>\n"
        '<TabItem value="linux" label="Linux">\n'
        "\n"
        "Use the package manager.\n"
        "\n"
        "</TabItem>\n"
        "</Tabs>\n"
        "\n"
        'Press <Kbd>Ctrl</Kbd> and <Icon name="x" /> then `<Tabs>` stays. {/* hidden */}\n'
    )
    parsed = parse(text, "install.mdx")
    assert bodies(parsed) == [
        "Linux:\n\nUse the package manager.\n\nPress Ctrl and then `<Tabs>` stays."
    ]


def test_myst_and_docusaurus_admonition_names() -> None:
    text = "# A\n\n:::{note}\nMyST style.\n:::\n\n:::danger-zone\nCustom.\n:::\n"
    assert bodies(parse(text, "x.md")) == ["Note: MyST style.\n\nDanger zone: Custom."]


def test_a_remark_directive_container_keeps_its_kind_and_bracketed_title() -> None:
    # Starlight's and Docusaurus 3's asides: ":::tip[Title]", attributes in braces after it.
    text = (
        "# Asides\n\n"
        ":::tip[Did you know?]\nAstro builds *fast* sites.\n:::\n\n"
        ':::caution{icon="heart"}\nMind the gap.\n:::\n\n'
        ':::note[Use `npm`]{icon="star"}\nRun it.\n:::\n'
    )
    assert bodies(parse(text, "asides.mdx")) == [
        "Tip: Did you know?\n\nAstro builds fast sites.\n\n"
        "Caution: Mind the gap.\n\n"
        "Note: Use `npm`\n\nRun it."
    ]


def test_a_block_components_description_prop_stays_under_its_title() -> None:
    # Starlight's <LinkCard title description /> shows both; 91 of its own cards lost the
    # description, the only text saying what the linked page or plugin is for.
    text = (
        "# Plugins\n\n"
        "<CardGrid>\n"
        '\t<LinkCard\n\t\thref="https://example.invalid/links"\n'
        '\t\ttitle="starlight-links-validator"\n'
        '\t\tdescription="Check for broken links in your Starlight pages."\n\t/>\n'
        '\t<Card title="Tip" description={"Braced."} />\n'
        "</CardGrid>\n"
    )
    assert bodies(parse(text, "plugins.mdx")) == [
        "starlight-links-validator\nCheck for broken links in your Starlight pages.\n\nTip\nBraced."
    ]


def test_html_in_capitals_keeps_its_titles_out() -> None:
    # Old-style HTML in a README writes its tags in capitals: <IMG title> and <DIV title>
    # were taken for components and their tooltips shown as lines of the page.
    text = (
        '# T\n\n<P ALIGN=center>\n<IMG SRC="logo.png" title="Project logo">\n</P>\n\n'
        '<DIV title="Tooltip text">\nBody words.\n</DIV>\n'
    )
    assert bodies(parse(text, "readme.md")) == ["Body words."]


def test_api_field_components_keep_the_field_they_describe() -> None:
    # Mintlify's <ParamField> and <ResponseField> (Langtrace's docs, 63 of them): the field's
    # name, type and "required" are props, so only the descriptions were left.
    text = (
        "# POST Traces\n\n"
        '<ParamField query="x-api-key" type="string" required>\n'
        "  Your project level API key.\n</ParamField>\n"
        '<ParamField body="pageSize" type="integer" default="10" required={false}>\n'
        "  Traces per page.\n</ParamField>\n\n"
        '<ResponseField name="traces" type="object">\n  The traces.\n</ResponseField>\n\n'
        "<ResponseField name={field}>\n  A name the page computes.\n</ResponseField>\n\n"
        '<Field label="plain">\n  A component of another kind.\n</Field>\n'
    )
    assert bodies(parse(text, "traces.mdx")) == [
        "x-api-key (query, string, required)\n\nYour project level API key.\n\n"
        "pageSize (body, integer, default: 10)\n\nTraces per page.\n\n"
        "traces (object)\n\nThe traces.\n\n"
        "A name the page computes.\n\n"
        "A component of another kind."
    ]


def test_form_components_named_field_are_not_api_fields() -> None:
    # A page showing a form renders <TextField name="email" type="email" /> as an input box;
    # any component whose name ended in "Field" read as the words "email (email)".
    text = (
        "# Sign up\n\n<Form>\n"
        '  <TextField name="email" label="Email" type="email" />\n'
        '  <Field name="password" type="password" required />\n'
        "</Form>\n\nThen submit.\n"
    )
    assert bodies(parse(text, "form.mdx")) == ["Then submit."]


def test_a_string_expression_shows_its_string() -> None:
    # Prettier writes the space between a tag and text on another line as {" "}: Langtrace's
    # docs showed it 5 times as text, in paragraphs and inside components.
    text = (
        "# Setup\n\n"
        '<Warning>\n  {" "}\n  Do not use the decorator.\n</Warning>\n\n'
        '{" "}\n\n'
        "The API key needs permissions{\" \"}\nand a project{'.'}\n\n"
        '```jsx\n<b>{" "}</b>\n```\n'
    )
    assert bodies(parse(text, "setup.mdx")) == [
        "Warning:\n\nDo not use the decorator.\n\nThe API key needs permissions and a project.\n\n"
        '```jsx\n<b>{" "}</b>\n```'
    ]


def test_blocks_indented_four_spaces_or_more_open_in_mdx() -> None:
    # Detox's pages indent a <TabItem>'s Markdown by 4 and 8 spaces: MDX has no indented code,
    # so its lists and fences open there; 25 fences read as one line ('```bash npm2yarn
    # npm install ...     ```'), lists ran together. In plain Markdown it stays code.
    text = (
        '# Setup\n\n<Tabs>\n    <TabItem value="a" label="npm">\n\n'
        "        - one\n        - two\n\n"
        "        ```bash\n        npm install detox\n        ```\n\n"
        "    </TabItem>\n</Tabs>\n"
    )
    assert bodies(parse(text, "docs/setup.mdx")) == [
        "npm:\n\n- one\n- two\n\n```bash\nnpm install detox\n```"
    ]
    assert bodies(parse("# A\n\n    - one\n    - two\n", "a.md")) == ["```\n- one\n- two\n```"]


def test_an_admonition_indented_four_spaces_or_more_opens_in_mdx() -> None:
    # Detox's partials of <TabItem>s hold ':::info Note' blocks 4 and 8 spaces in: 20 stayed
    # raw (':::info Note' ... ':::').
    text = (
        '# Setup\n\n<Tabs>\n    <TabItem value="a" label="npm">\n\n'
        "        :::tip\n\n        Use **npm** 9.\n\n        :::\n\n"
        "    </TabItem>\n</Tabs>\n"
    )
    assert bodies(parse(text, "docs/setup.mdx")) == ["npm:\n\nTip: Use npm 9."]


def test_an_image_components_alt_text_reads_as_an_imgs() -> None:
    # Haystack 2.30 shows its 24 diagrams with <ClickableImage alt="..." />: each alt, the
    # only text saying what the diagram shows, was dropped with the tag.
    text = (
        "# HyDE\n\n"
        '<ClickableImage src="/img/hyde.png" alt="HyDE pipeline flowchart" size="large" />\n\n'
        "See <Icon alt='inline' /> here.\n\n"
        '<Logo src="/img/logo.png" alt="logo" />\n'
    )
    assert bodies(parse(text, "hyde.mdx")) == ["HyDE pipeline flowchart\n\nSee here."]


def test_a_docusaurus_sites_md_page_drops_every_import() -> None:
    # Docusaurus compiles .md pages as MDX: redux 5's GettingStarted.md imports a component
    # and its stylesheet, and seven tutorials import DetailedExplanation without using it;
    # the lines read as each page's first words.
    text = (
        "# Getting Started\n\n"
        "import LiteYouTubeEmbed from 'react-lite-youtube-embed';\n"
        "import 'react-lite-youtube-embed/dist/LiteYouTubeEmbed.css'\n\n"
        "Redux is a JS library.\n\n"
        "import { DetailedExplanation } from '../../components/DetailedExplanation'\n"
    )
    with markdown_flavor(DOCUSAURUS):
        assert bodies(parse(text, "introduction/GettingStarted.md")) == ["Redux is a JS library."]
    assert bodies(parse(text, "introduction/GettingStarted.md"))[0].startswith("import ")


def test_autolinks_and_html_tags_in_mdx_prose_read_as_in_markdown() -> None:
    # Detox's docs (Docusaurus 2, MDX 1): <https://...> autolinks lost their address, read as
    # tags ("(how to check?): ."), and <code>auto \| host</code> in a table's cell lost its
    # code and kept the backslashes; an <img>'s alt in a cell names its column, as in .md.
    text = (
        "# Setup\n\n"
        "Install OpenJDK: <https://example.org/openjdk-17>. Ask on <mailto:a@example.org>.\n\n"
        "| Option | Values |\n"
        "|---|---|\n"
        "| `gpuMode` | <code>auto \\| host</code> |\n"
        '| <img alt="visible" src="v.png" /> | <span style={{color: "red"}}>x</span> |\n'
    )
    expected = [
        "Install OpenJDK: https://example.org/openjdk-17. Ask on mailto:a@example.org.\n\n"
        "Option | Values\n`gpuMode` | `auto | host`\nvisible | x"
    ]
    assert bodies(parse(text, "setup.mdx")) == expected


def test_a_docusaurus_sites_md_page_reads_its_jsx_as_an_mdx_page() -> None:
    # Detox 20 (Docusaurus 2 compiles .md as MDX): an inline tag whose props are expressions
    # was left raw in a .md page that imports nothing ('<span style={{color: 'red'}}>', an
    # <a onClick={() => ...}>), as markdown-it reads no such tag.
    text = (
        "# Example Projects\n\n"
        "- `demo-native-android` <span style={{color: 'red'}}>(broken)</span>: a native app.\n"
        '- Use <a href="#" onClick={() => search.click()}>the search bar</a> first.\n'
        "- See <https://example.org/examples>.\n"
    )
    expected = [
        "- `demo-native-android` (broken): a native app.\n- Use the search bar first.\n"
        "- See https://example.org/examples."
    ]
    with markdown_flavor(DOCUSAURUS):
        assert bodies(parse(text, "contributing/example-projects.md")) == expected
    assert "<span style={{color: 'red'}}>" in bodies(parse(text, "example-projects.md"))[0]
