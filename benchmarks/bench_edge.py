"""``python -m benchmarks.bench_edge``: the real edge (``python -m edge``) with the account budgets lifted.

The Metric profile allows 300 requests per account per minute (docs/decisions/0009-rate-limits.md)
and the Client AI profile its own 300 (docs/decisions/0020-client-ai-profile.md); a benchmark sends
thousands. This entry point replaces those two policies with budgets no run can reach and then
starts the edge exactly as ``python -m edge`` does: same app, same guard, same limiter check on
every request (so its cost stays in the figures), same MCP settings.
See docs/decisions/0019-training-benchmark.md and docs/decisions/0022-session-logging-benchmark.md.
"""

from __future__ import annotations

from dataclasses import replace

import edge.app
from edge.__main__ import main
from edge.ratelimit import ACCOUNT_PER_MINUTE, TOKEN_PER_MINUTE
from edge.ratelimit.policy import RatePolicy

NO_LIMIT = 10**9


def lifted(policy: RatePolicy) -> RatePolicy:
    """Same policy name, so the same keys and the same code path; only the limit differs."""
    return replace(policy, limit=NO_LIMIT)


BENCH_ACCOUNT_PER_MINUTE = lifted(ACCOUNT_PER_MINUTE)
BENCH_CLIENT_AI_PER_MINUTE = lifted(edge.app.CLIENT_AI_PER_MINUTE)
BENCH_OWS_PER_MINUTE = lifted(edge.app.OWS_PER_MINUTE)
BENCH_RUNFLOW_PER_MINUTE = lifted(edge.app.RUNFLOW_PER_MINUTE)
# Primed's 60 per token per minute (decision 0059); its 10 at once stays: benchmarks stay below it.
BENCH_TOKEN_PER_MINUTE = lifted(TOKEN_PER_MINUTE)

if __name__ == "__main__":
    # create_app reads these names from edge.app's namespace when it builds the routes.
    edge.app.ACCOUNT_PER_MINUTE = BENCH_ACCOUNT_PER_MINUTE  # type: ignore[attr-defined]
    edge.app.CLIENT_AI_PER_MINUTE = BENCH_CLIENT_AI_PER_MINUTE
    edge.app.OWS_PER_MINUTE = BENCH_OWS_PER_MINUTE
    edge.app.RUNFLOW_PER_MINUTE = BENCH_RUNFLOW_PER_MINUTE
    edge.app.TOKEN_PER_MINUTE = BENCH_TOKEN_PER_MINUTE  # type: ignore[attr-defined]
    main()
