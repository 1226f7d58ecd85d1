"""What a plan link renders, kept per link: a bounded LRU of page HTML and calendar bytes (decision 0068).

A link's page and calendar are a pure function of its text: the token carries the arguments, the
issue day the generator judged them against and the expiry the page shows, and ``links.open``
accepts exactly the text ``mint`` made (the MAC covers the payload as written, the MAC is compared
as text). Nothing else goes in: not the viewing day, not the account (there is none). So the
token's text is the key, and an entry is served only after the same token opened again (valid
and not expired) on this request: the cache never decides whether a link works. The generator's
version is fixed for the life of the process.

The page's CSP nonce must differ per response: the HTML is kept with a per-process stand-in in
the nonce's places, and each response gets a fresh nonce put in.
"""

from __future__ import annotations

import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Final, Literal

# Decision 0068: a page is 25-50 KB, a calendar 15-40 KB; 512 of them are a few MB at most.
MAX_ENTRIES: Final = 512
MAX_BYTES: Final = 16 * 1024 * 1024
# An entry larger than this would push out a good part of the cache for one link: never kept.
MAX_ENTRY_BYTES: Final = MAX_BYTES // 16

Kind = Literal["page", "calendar"]
# Random per process: no plan text, link or nonce can hold it by chance, and no caller knows it.
NONCE_STAND_IN: Final = "nonce" + secrets.token_hex(16)


@dataclass(frozen=True)
class Rendered:
    """A page's HTML (with ``NONCE_STAND_IN``) or a calendar's bytes and the file name it goes by."""

    body: bytes
    filename: str = ""


class RenderedPlans:
    """Least recently used first out, once more than ``max_entries`` or ``max_bytes`` are held."""

    def __init__(self, max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> None:
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._entries: OrderedDict[tuple[Kind, str], Rendered] = OrderedDict()
        self.held_bytes = 0

    def __len__(self) -> int:
        return len(self._entries)

    def get(self, kind: Kind, token: str) -> Rendered | None:
        """The rendered ``kind`` of ``token``, if held (it becomes the most recently used)."""
        key = (kind, token)
        found = self._entries.get(key)
        if found is not None:
            self._entries.move_to_end(key)
        return found

    def put(self, kind: Kind, token: str, rendered: Rendered) -> None:
        """Keep ``rendered``, dropping the least recently used entries until the bounds hold."""
        size = _size(token, rendered)
        if size > min(MAX_ENTRY_BYTES, self.max_bytes):
            return
        key = (kind, token)
        previous = self._entries.pop(key, None)
        if previous is not None:
            self.held_bytes -= _size(token, previous)
        self._entries[key] = rendered
        self.held_bytes += size
        while len(self._entries) > self.max_entries or self.held_bytes > self.max_bytes:
            (_, old_token), old = self._entries.popitem(last=False)
            self.held_bytes -= _size(old_token, old)


def _size(token: str, rendered: Rendered) -> int:
    return len(token) + len(rendered.body) + len(rendered.filename)
