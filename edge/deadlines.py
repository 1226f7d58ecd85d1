"""How long the edge waits for a backend call, by kind of call: the one table (decision 0035).

Each deadline is a few times the worst p99 measured for its kind on this two-core machine under
load, so a healthy but busy service is never cut off while a hung one costs at most this long:

- reads: p99 up to 0.54 s (93-day calendar, 8 callers, loaded; decision 0019);
- writes: p99 up to 0.59 s (set logging on PostgreSQL, 8 callers; decision 0022);
- password checks: argon2id takes ~0.2 s a call in a small worker pool (decision 0003);
- bulk deletions (a whole library, an account) touch every row an account has;
- a workout history file is read and stored whole in one ImportWorkoutFile: five years (1 044
  workouts) take about 13 s, and a file may be 20 MiB, 5.4 times that (decision 0098).

The guarded stubs of ``edge.circuits`` apply the deadline to every unary call, so call sites pass
none; a caller that passes a shorter one keeps it.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum


class CallKind(StrEnum):
    """What a backend call does, as far as waiting for it goes."""

    READ = "read"
    WRITE = "write"
    PASSWORD = "password"
    BULK = "bulk"
    IMPORT = "import"


DEADLINE_SECONDS: Mapping[CallKind, float] = {
    CallKind.READ: 2.0,
    CallKind.WRITE: 3.0,
    CallKind.PASSWORD: 5.0,
    CallKind.BULK: 10.0,
    CallKind.IMPORT: 120.0,
}

# The longest deadline of the calls a request makes in passing: what a caller that wants "the
# edge's deadline" passes as a ceiling. An import's own is no one's ceiling.
LONGEST_DEADLINE_SECONDS = max(
    seconds for kind, seconds in DEADLINE_SECONDS.items() if kind != CallKind.IMPORT
)

_READ_PREFIXES = ("Get", "List", "Search", "Check", "Verify", "Preview")
# The methods whose name alone would put them in the wrong row.
_KIND_BY_METHOD: Mapping[str, CallKind] = {
    "VerifyPassword": CallKind.PASSWORD,
    "CreateAccount": CallKind.PASSWORD,
    "DeleteAccount": CallKind.BULK,
    "EraseLibrary": CallKind.BULK,
    "CommitDeletion": CallKind.BULK,
    # A whole activity file: parsed, its figures computed and its streams stored (decision 0057).
    "ImportActivityFile": CallKind.BULK,
    # A whole workout history file, read in a child and stored workout by workout (decision 0098).
    "ImportWorkoutFile": CallKind.IMPORT,
    # The whole workout log, read in windows and answered at once (decision 0098).
    "ExportWorkouts": CallKind.BULK,
    # Up to 200 plan workouts checked, written and snapshotted in one transaction (decision 0064).
    "MutatePlan": CallKind.BULK,
    # MutatePlan's write with Training's own read of analytics before or after it (decision 0096).
    "WritePlan": CallKind.BULK,
}


def call_kind(method: str) -> CallKind:
    """The kind of ``method``, a full gRPC path (``/kinetic.training.v1.TrainingService/GetLibrary``)
    or a bare method name."""
    name = method.rsplit("/", 1)[-1]
    kind = _KIND_BY_METHOD.get(name)
    if kind is not None:
        return kind
    return CallKind.READ if name.startswith(_READ_PREFIXES) else CallKind.WRITE


def deadline_for(method: str) -> float:
    """Seconds the edge waits for one call of ``method``."""
    return DEADLINE_SECONDS[call_kind(method)]
