"""builder.parsers.markdown.twoslash: a twoslash block reads as the code the page shows."""

from __future__ import annotations

from builder.parsers.markdown.parser import parse


def body(text: str) -> str:
    (section,) = parse(text, "x.md").sections
    return section.body


def test_the_setup_above_a_cut_and_the_compiler_lines_are_not_shown() -> None:
    text = (
        "# A\n\n"
        "```ts twoslash [vite.config.ts]\n"
        "import 'vite/client'\n"
        "// @noErrors: 2339\n"
        "// ---cut---\n"
        "// @filename: /example.ts\n"
        "const url = import.meta.env.BASE_URL\n"
        "//    ^?\n"
        "// @ts-expect-error the comment twoslash keeps\n"
        "// ---cut-start---\n"
        "declare const hidden: string\n"
        "// ---cut-end---\n"
        "export {}\n"
        "// ---cut-after---\n"
        "}\n"
        "```\n\n"
        "```ts\n// ---cut---\nkept()\n```\n"
    )
    assert body(text) == (
        "vite.config.ts:\n```ts\n"
        "const url = import.meta.env.BASE_URL\n"
        "// @ts-expect-error the comment twoslash keeps\n"
        "export {}\n```\n\n"
        "```ts\n// ---cut---\nkept()\n```"
    )


def test_vocs_cache_line_is_not_shown() -> None:
    # viem 2.55.19's docs: Vocs writes each twoslash block's types into the page, a line of
    # kilobytes of base64; 1,197 of them were 5.6 MB of the index's 10.8.
    text = (
        "# A\n\n```ts twoslash [example.ts]\n"
        '// @twoslash-cache: {"v":2,"hash":"c1ca59aa","data":"N4Igdg9gJgpgziAXAbVAFwJ4A"}\n'
        "// @ts-expect-error\n"
        "const gas = await bundlerClient.estimateUserOperationGas()\n```\n"
    )
    assert body(text) == (
        "example.ts:\n```ts\n// @ts-expect-error\n"
        "const gas = await bundlerClient.estimateUserOperationGas()\n```"
    )


def test_a_twoslash_include_block_shows_nothing() -> None:
    # tRPC's docs (its _import-approuter.mdx partial among 19 such blocks) set a router up in
    # "```twoslash include router" for "// @include: router" below; the page shows only the
    # block that includes it, but the setup read as code with its "// ---cut---" marks.
    text = (
        "# A\n\n"
        "```twoslash include router\n"
        "// @filename: server/router.ts\n"
        "// ---cut---\n"
        "export type AppRouter = typeof appRouter;\n"
        "```\n\n"
        '```ts twoslash title="utils/trpc.ts"\n'
        "// @include: router\n"
        "// @filename: utils/trpc.ts\n"
        "// ---cut---\n"
        "import type { AppRouter } from '../server/router';\n"
        "```\n"
    )
    assert body(text) == (
        "utils/trpc.ts:\n```ts\nimport type { AppRouter } from '../server/router';\n```"
    )
