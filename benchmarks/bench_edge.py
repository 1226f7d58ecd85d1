"""``python -m benchmarks.bench_edge``: the real edge (``python -m edge``) with the account budget lifted.

The Metric profile allows 300 requests per account per minute (docs/decisions/0009-rate-limits.md);
a benchmark sends thousands. This entry point replaces that one policy with a budget no run can
reach and then starts the edge exactly as ``python -m edge`` does: same app, same guard, same
limiter check on every request (so its cost stays in the figures), same MCP settings.
See docs/decisions/0019-training-benchmark.md.
"""

from __future__ import annotations

import edge.app
from edge.__main__ import main
from edge.ratelimit import ACCOUNT_PER_MINUTE
from edge.ratelimit.policy import RatePolicy

# Same policy name, so the same keys and the same code path; only the limit differs.
BENCH_ACCOUNT_PER_MINUTE = RatePolicy(ACCOUNT_PER_MINUTE.name, 10**9, ACCOUNT_PER_MINUTE.period_seconds)

if __name__ == "__main__":
    # create_app reads the name from edge.app's namespace when it builds the guard.
    edge.app.ACCOUNT_PER_MINUTE = BENCH_ACCOUNT_PER_MINUTE  # type: ignore[attr-defined]
    main()
