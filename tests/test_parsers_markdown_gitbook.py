"""GitBook's blocks in Markdown pages (builder/parsers/markdown/gitbook_tags.py)."""

from __future__ import annotations

from builder.parsers.markdown.gitbook_tags import rewrite_gitbook_tags
from builder.parsers.markdown.parser import parse


def bodies(text: str) -> list[str]:
    return [section.body for section in parse(text, "page.md").sections]


def test_hints_tabs_and_page_cards_read_as_what_they_show() -> None:
    # LANraragi 0.9.81's docs (synced from GitBook, 47 pages) showed 288 raw tags.
    text = (
        "# Install\n\n"
        '{% hint style="warning" %}\nBack up your database first.\n{% endhint %}\n\n'
        "{% tabs %}\n"
        '{% tab title="Docker" %}\n```sh\ndocker pull difegue/lanraragi\n```\n{% endtab %}\n\n'
        '{% tab title="Source" %}\nRun the installer.\n{% endtab %}\n'
        "{% endtabs %}\n\n"
        '{% content-ref url="first-steps.md" %}\n[first-steps.md](first-steps.md)\n'
        "{% endcontent-ref %}\n"
    )
    assert bodies(text) == [
        "Warning: Back up your database first.\n\n"
        "Docker:\n```sh\ndocker pull difegue/lanraragi\n```\n\n"
        "Source: Run the installer.\n\nfirst-steps.md"
    ]


def test_api_blocks_leave_their_method_path_and_parameters() -> None:
    text = (
        "# Plugin API\n\n"
        '{% openapi-operation spec="api" path="/plugins/{type}" method="get" %}\n'
        "[OpenAPI api](https://example.invalid/openapi.yaml)\n{% endopenapi-operation %}\n\n"
        '{% swagger method="post" path="/plugins/use" summary="Use a plugin" %}\n'
        '{% swagger-parameter in="query" name="plugin" type="string" required="true" %}\n'
        "Namespace of the plugin.\n{% endswagger-parameter %}\n"
        '{% swagger-response status="200" %}\n{% endswagger-response %}\n{% endswagger %}\n'
    )
    assert bodies(text) == [
        "GET /plugins/{type}\nOpenAPI api\n\nPOST /plugins/use Use a plugin\n"
        "plugin (query, string, required)\nNamespace of the plugin.\n\nResponse 200"
    ]


def test_other_tags_and_tags_in_code_stay_as_written() -> None:
    text = '{% if user %}Hi{% endif %} {% hint %}\n\n```liquid\n{% hint style="info" %}\n```\n'
    assert rewrite_gitbook_tags(text) == (
        '{% if user %}Hi{% endif %} {{< admonition type="info" >}}\n\n'
        '```liquid\n{% hint style="info" %}\n```\n'
    )


def test_a_tag_in_a_code_span_is_left_as_written() -> None:
    # A page showing how to write a hint read `{{< admonition type="info" >}}`, a tag it
    # never held.
    text = 'Open one with `{% hint style="info" %}`, close it with `{% endhint %}`.'
    assert rewrite_gitbook_tags(text) == text
    hint = '{% hint style="info" %}\nShown `{% embed url="x" %}`.\n{% endhint %}'
    assert rewrite_gitbook_tags(hint).splitlines()[1] == 'Shown `{% embed url="x" %}`.'


def test_a_code_blocks_title_is_kept() -> None:
    # {% code title="server.js" %} shows the file name over its code; it was left out.
    text = (
        '# Run\n\n{% code title="server.js" lineNumbers="true" %}\n```js\nlisten(8080)\n```\n'
        "{% endcode %}\n"
    )
    assert bodies(text) == ["server.js\n\n```js\nlisten(8080)\n```"]
