"""What Kinetic's command-line tools share: their exit statuses and how a failure is reported.

A tool's command either succeeds (status 0) or prints one ``error:`` line on stderr, never a stack
trace: bad input exits 2, a refused command or unavailable storage 1, so scripts can tell a typo
from a state they have to fix.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TextIO

from sqlalchemy.exc import SQLAlchemyError

from kinetic.errors import DomainError, InvalidArgument

EXIT_OK = 0
EXIT_FAILED = 1
EXIT_BAD_INPUT = 2
BAR_WIDTH = 30


class ProgressBar:
    """``[#####.....]  120/1044 workouts`` on one line of ``out``, redrawn in place as it grows."""

    def __init__(self, out: TextIO, noun: str) -> None:
        self._out = out
        self._noun = noun
        self._drawn = -1

    def __call__(self, done: int, total: int) -> None:
        filled = BAR_WIDTH * done // total if total else BAR_WIDTH
        if filled == self._drawn and done != total:
            return  # redraw only when the bar moves: a file of thousands of workouts, thousands of lines
        self._drawn = filled
        self._out.write(
            f"\r[{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done:>{len(str(total))}}/{total} {self._noun}"
        )
        if done == total:
            self._out.write("\n")
        self._out.flush()


def run_command(command: Callable[[], None], *, bad_input: tuple[type[Exception], ...] = ()) -> int:
    """Run ``command``; returns the exit status, after one ``error:`` line on stderr if it failed.

    InvalidArgument and ValueError (a malformed setting or schema name) are bad input, as is any
    of ``bad_input`` (e.g. OSError for an unreadable ``@file``); a DomainError or a storage error
    is a failure.
    """
    bad_input_errors: tuple[type[Exception], ...] = (InvalidArgument, ValueError, *bad_input)
    try:
        command()
    except bad_input_errors as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_BAD_INPUT
    except DomainError as exc:
        print(f"error: {exc.message}", file=sys.stderr)
        return EXIT_FAILED
    except SQLAlchemyError as exc:
        # The driver's message names the database problem; the stack trace would add nothing.
        print(f"error: storage unavailable: {str(exc).splitlines()[0]}", file=sys.stderr)
        return EXIT_FAILED
    return EXIT_OK
