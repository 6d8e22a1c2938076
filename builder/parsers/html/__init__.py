"""HTML pages (Sphinx output included), read with lxml.

``parser`` walks a page's main content into sections; ``main_content`` finds that content
without the site's chrome; ``api_entries`` reads Sphinx API descriptions; ``body_text`` renders
elements as section bodies.
"""
