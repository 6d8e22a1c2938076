"""builder.parsers.rst.openapi_directive: an OpenAPI spec's operations read as httpdomain's."""

from __future__ import annotations

from pathlib import Path

from builder.includes import IncludeReader, include_root
from builder.parsers.rst.parser import parse

# A Swagger 2.0 spec as jupyter_server 2.20.0 keeps it (services/api/api.yaml): parameters,
# responses and schemas by $ref, a path's parameters shared by its operations.
SPEC = """\
swagger: "2.0"
parameters:
  path:
    name: path
    required: true
    in: path
    description: file path
    type: string
paths:
  /api/contents/{path}:
    parameters:
      - $ref: "#/parameters/path"
    get:
      summary: Get contents of file or directory
      description: |
        A client can optionally specify a type
        via URL parameter.
      parameters:
        - name: type
          in: query
          description: File type
          type: string
          required: true
      responses:
        404:
          description: No item found
        200:
          description: Contents of file or directory
          schema:
            $ref: "#/definitions/Contents"
    delete:
      summary: Delete a file in the given path
      responses:
        204:
          description: File deleted
  /api/status:
    get:
      summary: Get the current status of the server.
      responses:
        200:
          description: The current status
definitions:
  Contents:
    type: object
    required: [name]
    properties:
      name:
        type: string
        description: Name of file or directory
      size:
        type: integer
"""
CONTENTS = """\
`GET /api/contents/{path}`

Get contents of file or directory

A client can optionally specify a type via URL parameter.

Parameters:

- `path` (string): file path

Query Parameters:

- `type` (string): File type (required)

Status Codes:

- 404: No item found
- 200: Contents of file or directory

Response JSON Object:

- `name` (string): Name of file or directory (required)
- `size` (integer)"""


def _rest_api(tmp_path: Path, directive: str) -> str:
    (tmp_path / "docs").mkdir()
    (tmp_path / "server" / "api").mkdir(parents=True)
    (tmp_path / "server" / "api" / "api.yaml").write_text(SPEC, encoding="utf-8")
    text = f"The REST API\n============\n\nThe server's API.\n\n{directive}"
    reader = IncludeReader(include_root(tmp_path / "docs", None, None))
    (section,) = parse(text, "rest-api.rst", None, reader).sections
    return section.body


def test_a_spec_file_reads_as_its_operations(tmp_path: Path) -> None:
    # jupyter_server 2.20.0's developers/rest-api.rst: a sentence, then '.. openapi::' of the
    # server's spec, its 32 operations, which the page lost: 7 -> 2226 words (Sphinx: 2162).
    body = _rest_api(tmp_path, ".. openapi:: ../server/api/api.yaml\n")
    assert body == (
        "The server's API.\n\n"
        f"{CONTENTS}\n\n"
        "`DELETE /api/contents/{path}`\n\n"
        "Delete a file in the given path\n\n"
        "Parameters:\n\n- `path` (string): file path\n\n"
        "Status Codes:\n\n- 204: File deleted\n\n"
        "`GET /api/status`\n\n"
        "Get the current status of the server.\n\n"
        "Status Codes:\n\n- 200: The current status"
    )


def test_the_paths_and_methods_options_choose_the_operations(tmp_path: Path) -> None:
    directive = (
        ".. openapi:: ../server/api/api.yaml\n   :include: /api/contents/.*\n   :methods: get\n"
    )
    assert _rest_api(tmp_path, directive) == f"The server's API.\n\n{CONTENTS}"
