"""Why bytes are not a JSON document, said so that whoever published them can act on it.

orjson reports any byte that is not UTF-8 as "str is not valid UTF-8: surrogates not allowed:
line 1 column 1 (char 0)", wherever it is: a file cut short in the middle of a character (a
truncated upload, most of all of an index in Chinese) read as a file in the wrong encoding.
"""

from __future__ import annotations

import orjson

CUT_SHORT = "the file was cut short (a truncated upload or copy?)"


def json_problem(body: bytes, error: orjson.JSONDecodeError) -> str:
    """What is wrong with ``body``, which orjson refused with ``error``."""
    try:
        body.decode("utf-8")
    except UnicodeDecodeError as bad:
        if bad.end == len(body) and bad.reason == "unexpected end of data":
            return f"it ends in the middle of a UTF-8 character: {CUT_SHORT}"
        return f"byte {bad.start} is not UTF-8 ({bad.reason}); the file must be UTF-8"
    if error.msg == "unexpected end of data":
        return f"{error}: {CUT_SHORT}"
    return str(error)
