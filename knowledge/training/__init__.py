"""Static training knowledge that every Kinetic service and the edge may read.

Four modules, all data that ships with the code and cannot change while a process runs:

- ``catalog``: the shared exercise catalog (``catalog.json``) and its cached, typed loader;
- ``rules``: the rule table of a Training workout (kinds, tracking modes, targets, block formats);
- ``formats``: the formats and limits that protect data (idempotency keys, versions and their keys,
  weeks, the 93/366-day windows, records per write), as regex strings for JSON Schema and compiled;
- ``programs``: the program library and pure rules over a log (targets, run progress, the
  one-program match); each program carries its own published versions, outside ``VERSION``
  (docs/decisions/0046-programs-library.md).

The training service owns and enforces this knowledge; the others read it to describe, map or
pre-check. ``VERSION`` names the published content: change it whenever any of it changes.
Why a package and not a gRPC call: docs/decisions/0026-training-knowledge-package.md.
"""

from __future__ import annotations

from typing import Final

# Bumped with every change to the catalog, the rules or the formats, so a reader (and a log line)
# can tell which knowledge an image shipped with.
VERSION: Final = "1.0.0"
