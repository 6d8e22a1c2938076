"""reStructuredText and Sphinx sources, read line by line without docutils.

``parser`` folds the event stream into sections; ``blocks`` walks body blocks and yields the
events defined in ``events``; ``titles``, ``tables``, ``inline`` and ``directives`` read their
own constructs; ``api_descriptions`` and ``autodoc`` turn Python API descriptions into sections.
The Markdown parser and builder.api reuse ``events`` and the directive renderer.
"""
