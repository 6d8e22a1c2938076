"""Markdown, MDX and MyST sources, tokenized by markdown-it.

``parser`` turns tokens into sections; ``body_text`` renders block tokens as section bodies;
``front_matter``, ``embedded_html``, ``mdx`` and ``myst_syntax`` read the syntax each names;
``myst_directives`` renders MyST directive fences through the reST directive renderer, and
``mkdocstrings`` turns ``::: package.Name`` blocks into API sections, which
``mkdocstrings_page`` places among the page's, at the top level or inside another block.
"""
