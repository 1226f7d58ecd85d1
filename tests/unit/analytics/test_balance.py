"""Weekly focus balance, hand-computed: primary muscles weigh 1.0 a set, secondary 0.5."""

from __future__ import annotations

from datetime import date

import pytest

from services.analytics.domain.balance import CountedSets, focus_balance, undertrained, weeks_touched

MUSCLES = {
    "squat": (("quads", "glutes"), ("lower_back",)),
    "bench": (("chest",), ("triceps", "front_delts")),
    "curl": (("biceps",), ()),
}


def lookup(exercise_id: str):
    return MUSCLES.get(exercise_id)


def test_weighted_sets_per_iso_week():
    counted = [
        CountedSets("squat", date(2026, 3, 2), 5),  # Monday of 2026-W10
        CountedSets("bench", date(2026, 3, 4), 4),
        CountedSets("squat", date(2026, 3, 8), 3),  # Sunday: still W10
        CountedSets("bench", date(2026, 3, 9), 2),  # Monday of W11
        CountedSets("64b64c0f2f5f4c0012345679", date(2026, 3, 9), 3),  # a gym exercise: unknown muscles
    ]
    balance = focus_balance(counted, lookup, date(2026, 3, 2), date(2026, 3, 15))
    w10, w11 = balance.weeks
    assert (w10.label, w10.monday, w11.label) == ("2026-W10", date(2026, 3, 2), "2026-W11")
    tallies = {m.muscle: (m.weighted_sets, m.primary_sets, m.secondary_sets) for m in w10.ranked()}
    assert tallies == {
        "quads": (8.0, 8, 0),
        "glutes": (8.0, 8, 0),
        "chest": (4.0, 4, 0),
        "lower_back": (4.0, 0, 8),
        "triceps": (2.0, 0, 4),
        "front_delts": (2.0, 0, 4),
    }
    assert [m.muscle for m in w10.ranked()][:2] == ["glutes", "quads"]  # ties by name
    assert w11.unmapped_sets == 3 and balance.unmapped_exercise_ids == ["64b64c0f2f5f4c0012345679"]
    average = {m: (w, p, s) for m, w, p, s in balance.weekly_average}
    assert average["quads"] == (4.0, 4.0, 0.0)  # 8 sets over two weeks
    assert average["chest"] == (3.0, 3.0, 0.0)  # (4 + 2) / 2
    assert average["triceps"] == (1.5, 0.0, 3.0)  # (4 + 2) x 0.5 / 2


def test_days_outside_the_range_do_not_count():
    counted = [CountedSets("curl", date(2026, 3, 1), 9), CountedSets("curl", date(2026, 3, 2), 2)]
    balance = focus_balance(counted, lookup, date(2026, 3, 2), date(2026, 3, 8))
    assert [(m.muscle, m.weighted_sets) for w in balance.weeks for m in w.ranked()] == [("biceps", 2.0)]


@pytest.mark.parametrize(
    ("first", "last", "weeks"),
    [((2026, 3, 2), (2026, 3, 8), 1), ((2026, 3, 8), (2026, 3, 9), 2), ((2026, 2, 16), (2026, 3, 15), 4)],
)
def test_weeks_touched(first, last, weeks):
    assert weeks_touched(date(*first), date(*last)) == weeks


def test_a_muscle_under_a_third_of_the_top_one_is_proposed():
    counted = [CountedSets("squat", date(2026, 3, 2), 12), CountedSets("curl", date(2026, 3, 3), 2)]
    proposal = undertrained(focus_balance(counted, lookup, date(2026, 3, 2), date(2026, 3, 8)))
    assert proposal is not None
    # glutes/quads 12 a week; lower_back 6; biceps 2 < 12 / 3 = 4: two more sets bring it there.
    assert (proposal.muscle, proposal.weekly_sets, proposal.extra_sets_per_week) == ("biceps", 2.0, 2)
    even = [CountedSets("squat", date(2026, 3, 2), 3), CountedSets("curl", date(2026, 3, 3), 3)]
    assert undertrained(focus_balance(even, lookup, date(2026, 3, 2), date(2026, 3, 8))) is None
