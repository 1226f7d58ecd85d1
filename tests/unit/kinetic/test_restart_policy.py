"""The launcher's restart backoff, on an injected clock: no waiting."""

from __future__ import annotations

from kinetic.restart_policy import (
    INITIAL_DELAY_SECONDS,
    MAX_DELAY_SECONDS,
    STABLE_AFTER_SECONDS,
    RestartBackoff,
)


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def _crash_loop(backoff: RestartBackoff, clock: FakeClock, times: int, ran_for: float) -> list[float]:
    delays = []
    for _ in range(times):
        backoff.started()
        clock.now += ran_for
        delay = backoff.crashed()
        delays.append(delay)
        clock.now += delay
    return delays


def test_the_numbers_are_the_decisions() -> None:
    assert (INITIAL_DELAY_SECONDS, MAX_DELAY_SECONDS, STABLE_AFTER_SECONDS) == (0.5, 8.0, 10.0)


def test_a_process_that_crashes_at_once_waits_twice_as_long_each_time_up_to_the_cap() -> None:
    clock = FakeClock()
    delays = _crash_loop(RestartBackoff(clock=clock), clock, 7, ran_for=0.1)
    assert delays == [0.5, 1.0, 2.0, 4.0, 8.0, 8.0, 8.0]


def test_it_never_gives_up_and_never_goes_under_the_cap_once_there() -> None:
    clock = FakeClock()
    delays = _crash_loop(RestartBackoff(clock=clock), clock, 5000, ran_for=0.0)
    assert delays[-1] == MAX_DELAY_SECONDS, "thousands of crashes later: still one try per cap, no overflow"
    assert sum(delays) >= MAX_DELAY_SECONDS * (5000 - 5), "no spinning: at most one start per cap"


def test_a_run_as_long_as_stable_after_starts_the_delays_again() -> None:
    clock = FakeClock()
    backoff = RestartBackoff(clock=clock)
    assert _crash_loop(backoff, clock, 4, ran_for=1.0) == [0.5, 1.0, 2.0, 4.0]
    assert _crash_loop(backoff, clock, 1, ran_for=STABLE_AFTER_SECONDS) == [0.5]
    assert backoff.crashes_in_a_row == 1
    assert _crash_loop(backoff, clock, 2, ran_for=STABLE_AFTER_SECONDS - 0.01) == [1.0, 2.0]


def test_a_crash_before_any_recorded_start_waits_the_initial_delay() -> None:
    assert RestartBackoff(clock=FakeClock()).crashed() == INITIAL_DELAY_SECONDS
