"""The one error the workout text reader raises: it is not sure what the text means."""

from __future__ import annotations


class NothingToLog(Exception):
    """The text cannot be logged as it stands; ``reason`` says what to write differently.

    Raised instead of guessing (docs/decisions/0045-log-text-parsing.md): the tools answer it with
    the ``nothing_to_log`` error code, and the reason is written for the person, who can rephrase.
    """

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason
