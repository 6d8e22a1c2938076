"""An API entry's field subsections (Parameters, Returns, Example...) fold into the entry."""

from builder.entry_fields import fold_entry_fields
from builder.model import Section
from builder.parsers.markdown.parser import parse
from builder.sections import finalize_sections

# typedoc-plugin-markdown 4's page of a class (agentfootprint's AgentBuilder, cut down).
TYPEDOC = (
    "# Class: AgentBuilder\n\n"
    "Fluent builder.\n\n"
    "## Methods\n\n"
    "### appName()\n\n"
    "> **appName**(`name`): `this`\n\n"
    "Set the agent's display name.\n\n"
    "#### Parameters\n\n"
    "##### name\n\n`string`\n\nThe name shown.\n\n"
    "##### options?\n\n"
    "###### strict?\n\n`boolean`\n\n"
    "#### Returns\n\n`this`\n\n"
    "***\n\n"
    "### build()\n\n"
    "> **build**(): `Agent`\n\n"
    "#### Returns\n\n`Agent`\n"
)


def outline(text: str) -> list[tuple[str, str]]:
    final = finalize_sections(parse(text, "classes/AgentBuilder.md"))
    return [(section.heading, section.body) for section in final.sections]


def test_a_typedoc_method_takes_its_parameters_and_returns() -> None:
    # Each method read as a section per heading: "Parameters" empty and dropped, "name",
    # "strict?" and "Returns" a line each, so "what does appName return" found another's.
    assert outline(TYPEDOC) == [
        ("Class: AgentBuilder", "Fluent builder."),
        # The group a link to #methods lands on lists its members (builder.sections).
        ("Methods", "- appName()\n- build()"),
        (
            "appName()",
            "> appName(`name`): `this`\n\nSet the agent's display name.\n\n"
            "Parameters:\n\nname:\n`string`\n\nThe name shown.\n\noptions?:\n\n"
            "strict?:\n`boolean`\n\nReturns:\n`this`",
        ),
        ("build()", "> build(): `Agent`\n\nReturns:\n`Agent`"),
    ]


def test_a_docdown_entry_takes_since_arguments_returns_and_example() -> None:
    text = (
        "## `Array Methods`\n\n"
        '<h3 id="_chunkarray-size1"><code>_.chunk(array, [size=1])</code></h3>\n\n'
        "Creates an array of elements split into groups.\n\n"
        "#### Since\n3.0.0\n\n"
        "#### Arguments\n1. `array` *(Array)*: The array to process.\n\n"
        "#### Returns\n*(Array)*: Returns the new array of chunks.\n\n"
        "#### Example\n```js\n_.chunk(['a', 'b'], 1);\n```\n"
    )
    assert outline(text) == [  # "Array Methods" says nothing itself: dropped
        (
            "_.chunk(array, [size=1])",
            "Creates an array of elements split into groups.\n\nSince:\n3.0.0\n\n"
            "Arguments:\n1. `array` (Array): The array to process.\n\n"
            "Returns:\n(Array): Returns the new array of chunks.\n\n"
            "Example:\n```js\n_.chunk(['a', 'b'], 1);\n```",
        )
    ]


def section(heading: str, level: int, body: str = "text") -> Section:
    return Section(heading, (), body, "guide.md", level, level, heading.lower(), level)


def test_a_section_with_other_subsections_or_only_examples_keeps_them() -> None:
    # A guide's "Example" alone says nothing of an entry; a class whose subsections are
    # its constructor and methods as well as what it extends keeps them all.
    guide = [section("Usage", 1), section("Example", 2), section("Examples", 2)]
    page = [
        section("Class: Agent", 1),
        section("Extends", 2),
        section("Constructors", 2),
        section("Constructor", 3),
        section("Parameters", 4),
    ]
    assert fold_entry_fields(guide) == guide
    assert [s.heading for s in fold_entry_fields(page)] == [
        "Class: Agent",
        "Extends",
        "Constructors",
        "Constructor",
    ]


def test_folded_fields_are_not_counted_as_dropped() -> None:
    # "Methods" lists its methods: nothing of the page is dropped.
    assert finalize_sections(parse(TYPEDOC, "classes/AgentBuilder.md")).empty == 0


def test_a_typedoc_property_takes_what_it_inherits_or_overrides() -> None:
    # A property's only subsection names where it comes from: 198 one-line "Inherited from"
    # sections in agentfootprint's reference.
    text = (
        "# Class: Agent\n\n## Properties\n\n"
        "### enable\n\n> `readonly` **enable**: `object`\n\nEnable-namespace.\n\n"
        "#### Inherited from\n\n`RunnerBase`.`enable`\n\n"
        "### size\n\n#### Get Signature\n\n> **get** **size**(): `number`\n\n"
        "##### Returns\n\n`number`\n"
    )
    assert outline(text) == [
        ("Properties", "- enable\n- size"),
        (
            "enable",
            "> `readonly` enable: `object`\n\nEnable-namespace.\n\n"
            "Inherited from:\n`RunnerBase`.`enable`",
        ),
        ("size", "Get Signature:\n> get size(): `number`\n\nReturns:\n`number`"),
    ]


def test_a_guide_part_with_subsections_of_words_is_no_entry() -> None:
    # strawberry's docs/general/queries.md: the page's one part is "Arguments", a guide with
    # parts of its own; folded, the page read as one section and both headings were lost.
    guide = (
        "# Queries\n\nA query reads data.\n\n"
        "## Arguments\n\nFields can take arguments.\n\n"
        "### Argument Descriptions\n\nDescribe each one.\n\n"
        "### Argument Types\n\nScalars and inputs.\n"
    )
    assert [heading for heading, _ in outline(guide)] == [
        "Queries",
        "Arguments",
        "Argument Descriptions",
        "Argument Types",
    ]


def test_a_typedoc_type_literal_under_a_field_is_folded() -> None:
    # agentfootprint's classes/Agent.md: a parameter's "###### Type Literal" under it.
    text = (
        "### run()\n\n> **run**(`input`): `void`\n\n"
        "#### Parameters\n\n##### input\n\n"
        "###### Type Literal\n\n`{ id: string }`\n\n"
        "#### Returns\n\n`void`\n"
    )
    assert [heading for heading, _ in outline(text)] == ["run()"]


def test_a_field_heading_with_its_own_colon_keeps_one() -> None:
    # typedoc-plugin-markdown 2 (mobx-state-tree 7.2.0's docs/API) heads a type's fields
    # "#### Type declaration:", which read "Type declaration::".
    text = (
        "### IDisposer\n\n"
        "Ƭ **IDisposer**: *function*\n\n"
        "A generic disposer.\n\n"
        "#### Type declaration:\n\n"
        "▸ (): *void*\n"
    )
    assert outline(text) == [
        (
            "IDisposer",
            "Ƭ IDisposer: function\n\nA generic disposer.\n\nType declaration:\n▸ (): void",
        )
    ]


def test_a_class_pages_type_parameters_take_their_names() -> None:
    # typedoc-plugin-markdown 4 (quickjs-emscripten's doc/, Feb 2026) heads a class page's
    # "## Type Parameters" over a "### T" per parameter: each read as a section of a line
    # ("TCopy": "`TCopy` = `never`"), the class's own section empty and dropped.
    text = (
        "# Class: Lifetime\\<T, TCopy>\n\n"
        "A lifetime.\n\n"
        "## Type Parameters\n\n"
        "### T\n\n`T`\n\n"
        "### TCopy\n\n`TCopy` = `never`\n\n"
        "## Implements\n\n* `Disposable`\n\n"
        "## Methods\n\n### dispose()\n\nDisposes it.\n"
    )
    assert outline(text) == [
        ("Class: Lifetime<T, TCopy>", "A lifetime."),
        ("Type Parameters", "T:\n`T`\n\nTCopy:\n`TCopy` = `never`"),
        ("Implements", "- `Disposable`"),
        ("Methods", "- dispose()"),
        ("dispose()", "Disposes it."),
    ]
    # A guide's part in words names no parameter: it stays a section.
    guide = "# Generics\n\n## Type Parameters\n\n### Choosing one\n\nPick `T`.\n"
    assert outline(guide)[-1] == ("Choosing one", "Pick `T`.")


def test_an_overloads_param_tags_are_its_fields() -> None:
    # typedoc-plugin-markdown 4 heads each of an overload's @param tags "### Param" (pinia's
    # api/pinia/functions/mapActions.md): not a field, it kept the overload's Parameters,
    # Returns and Example from folding, each a section of its own.
    text = (
        "# Function: mapActions()\n\n"
        "## mapActions(useStore, keys)\n\n"
        "> **mapActions**(`useStore`, `keys`): `_MapActionsReturn`\n\n"
        "### Parameters\n\n• **useStore**: `StoreDefinition`\n\n"
        "### Returns\n\n`_MapActionsReturn`\n\n"
        "### Param\n\nstore to map from\n\n"
        "### Example\n\n```js\nmapActions(useStore, ['a'])\n```\n"
    )
    assert outline(text)[-1] == (
        "mapActions(useStore, keys)",
        "> mapActions(`useStore`, `keys`): `_MapActionsReturn`\n\n"
        "Parameters:\n• useStore: `StoreDefinition`\n\nReturns:\n`_MapActionsReturn`\n\n"
        "Param:\nstore to map from\n\nExample:\n```js\nmapActions(useStore, ['a'])\n```",
    )
