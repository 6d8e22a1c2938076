"""builder.parsers.wide_breaks: a line wrapped between two Chinese characters reads as none,
in a plain Markdown paragraph and in one with markup (uview-plus 3.8.112's changelog, pinyin
4.0.0's README), and in a reST paragraph or docstring (wechatpy 1.8.18)."""

from __future__ import annotations

from markdown_it.token import Token

from builder.parsers.markdown.inline_tokens import joins_wide_text
from builder.parsers.markdown.parser import parse
from builder.parsers.rst.parser import parse as parse_rst
from builder.parsers.wide_breaks import breaks_without_space, join_lines, join_wide_lines
from tests.counted import Counted
from tests.test_parsers_markdown import bodies


def test_wide_characters_join_and_others_keep_a_space() -> None:
    assert breaks_without_space("整段", "文本")
    assert breaks_without_space("日程。", "所以")  # fullwidth punctuation runs on too
    assert not breaks_without_space("api", "文本")
    assert not breaks_without_space("한국어", "문장")  # Korean spaces its words
    assert join_wide_lines("整段\n文本, a\nb 安卓 \n 正常") == "整段文本, a\nb 安卓正常"
    assert join_lines(["  整段", "文本，", "", "and", "``code``", "中文"]) == (
        "整段文本， and ``code`` 中文"
    )


def test_markdown_paragraphs_wrapped_inside_a_phrase() -> None:
    text = (
        "# 3.8.102\n"
        "\n"
        "宽度 0 会让 drawTextWithLineClamp 恒成立，整段\n"
        "文本被当成一行放得下直接输出。\n"
        "\n"
        "# options.mode\n"
        "\n"
        "拼音模式，默认 `NORMAL` 普通模式。\n"
        "如果你明确的在**姓名\n"
        "场景**下，可以使用 [SURNAME\n"
        "模式](#surname)。\n"
        "Then English\n"
        "wraps with a space，\n"
        "中文 after English。\n"
    )
    assert bodies(parse(text, "changelog.md")) == [
        "宽度 0 会让 drawTextWithLineClamp 恒成立，整段文本被当成一行放得下直接输出。",
        "拼音模式，默认 `NORMAL` 普通模式。如果你明确的在姓名场景下，可以使用 SURNAME 模式。"
        " Then English wraps with a space，中文 after English。",
    ]


def test_rst_paragraphs_wrapped_inside_a_phrase() -> None:
    text = (
        "WeRoBot\n"
        "=======\n"
        "\n"
        "这是内部刷新机制。请不要完全依赖！\n"
        "因为有可能在缓存期间没有对此公众号的操作，造成\n"
        "refresh_token 失效。在 BaseRoBot 的基础上使用了 bottle 框架，\n"
        "提供接收微信服务器发来的请求的功能。\n"
    )
    assert bodies(parse_rst(text, "index.rst")) == [
        "这是内部刷新机制。请不要完全依赖！因为有可能在缓存期间没有对此公众号的操作，造成"
        " refresh_token 失效。在 BaseRoBot 的基础上使用了 bottle 框架，"
        "提供接收微信服务器发来的请求的功能。"
    ]


def test_rst_table_cells_wrapped_inside_a_phrase() -> None:
    # A grid, a simple and a list table's cell joined its Chinese lines with a space ("整段
    # 文本"), splitting the phrase and the bigram the search index keys it by.
    text = (
        "表格\n"
        "====\n"
        "\n"
        "+--------+--------------+\n"
        "| 参数   | 说明         |\n"
        "+========+==============+\n"
        "| style  | 拼音风格，默 |\n"
        "|        | 认是带声调的 |\n"
        "+--------+--------------+\n"
        "\n"
        "======  ==============\n"
        "参数    说明\n"
        "======  ==============\n"
        "errors  处理没有拼音的\n"
        "        字符 (default)\n"
        "======  ==============\n"
        "\n"
        ".. list-table::\n"
        "\n"
        "   * - heteronym\n"
        "     - 是否启用多音\n"
        "       字模式\n"
    )
    body = bodies(parse_rst(text, "index.rst"))[0]
    assert "拼音风格，默认是带声调的" in body
    assert "处理没有拼音的字符 (default)" in body
    assert "是否启用多音字模式" in body


def test_each_line_break_of_a_long_paragraph_looks_at_the_next_text_alone() -> None:
    # Each soft break was asked about with a copy of every token after it: a paragraph of
    # 48,000 short lines with some markup took 7.1 s. A wide break deep in it still joins.
    count = 5000
    children = Counted[Token]()
    for n in range(count):
        children += [Token("text", "", 0, content=f"a{n}"), Token("softbreak", "br", 0)]
    assert not any(joins_wide_text(f"a{n}", children, 2 * n + 1) for n in range(count))
    assert children.touched < 10 * count
    lines = "".join(f"a{n}\n" for n in range(count))
    (body,) = bodies(parse(f"# T\n\n*x*\n{lines}整段\n文本\n", "p.md"))
    assert body.endswith("a4999 整段文本")
