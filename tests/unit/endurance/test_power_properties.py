"""Properties of the power figures over any stream (decision 0086): NP is never below the average
power of the same ride, and stopped time (a gap) changes neither, wherever it falls."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from knowledge.endurance.power import average_power, normalized_power, power_summary

# A second holds a gap, a coasting zero or a power up to a sprint's.
SAMPLE = st.one_of(st.none(), st.just(0.0), st.floats(min_value=0.0, max_value=2000.0))
# Rides are runs of alike seconds (a stop, coasting, an effort), so a stream is built from runs.
RUN = st.tuples(SAMPLE, st.integers(min_value=1, max_value=60))
STREAM = st.lists(RUN, max_size=12).map(
    lambda runs: [value for value, seconds in runs for _ in range(seconds)]
)


@settings(max_examples=400, deadline=None)
@given(STREAM)
def test_np_is_at_least_the_average_power(stream):
    normalized = normalized_power(stream)
    average = average_power(stream)
    if normalized is not None:
        assert average is not None
        assert normalized >= average - 1e-9 * max(1.0, average)


@settings(max_examples=200, deadline=None)
@given(STREAM, st.integers(min_value=0, max_value=400), st.integers(min_value=1, max_value=3000))
def test_a_stop_between_stretches_leaves_the_average_as_it_was(stream, at, stop_seconds):
    # Inserting a stop (gaps) anywhere leaves the average power, and the seconds TSS counts, as they
    # were: stopped time is neither 0 W nor duration.
    at = min(at, len(stream))
    stopped = [*stream[:at], *([None] * stop_seconds), *stream[at:]]
    before, after = power_summary(stream, 250), power_summary(stopped, 250)
    assert after.duration_seconds == before.duration_seconds
    if before.average_power is None:
        assert after.average_power is None
    else:
        assert after.average_power == pytest.approx(before.average_power)
