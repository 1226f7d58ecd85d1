"""A closed set travels as a proto enum and is spelled as the contract's word at the edges
(kinetic.proto_enums, decision 0101): every word the domain can say survives the trip both ways."""

from __future__ import annotations

from typing import get_args

import pytest

from kinetic.analytics.v1 import endurance_pb2 as pb
from kinetic.proto_enums import enum_value, enum_word
from knowledge.plan_safety.advisories import Level, Rule
from services.analytics.domain.completion import Outcome


@pytest.mark.parametrize(
    ("enum", "words"),
    [
        (pb.AdvisoryLevel, get_args(Level)),
        (pb.AdvisoryRule, get_args(Rule)),
        (pb.CompletionOutcome, get_args(Outcome)),
    ],
)
def test_every_word_of_the_domain_has_its_enum_value_and_back(enum, words):
    values = [enum_value(enum, word) for word in words]
    assert 0 not in values and len(set(values)) == len(words)
    assert [enum_word(enum, value) for value in values] == list(words)
    # And the enum holds nothing the domain cannot say, besides its unset zero.
    assert sorted(values) == sorted(v for v in enum.values() if v != 0)


def test_the_names_follow_the_prefix_rule():
    assert enum_value(pb.AdvisoryRule, "long_run_cap") == pb.ADVISORY_RULE_LONG_RUN_CAP
    assert enum_word(pb.AdvisoryLevel, pb.ADVISORY_LEVEL_CRITICAL) == "critical"


def test_unset_reads_as_the_empty_word_and_back():
    assert enum_word(pb.AdvisoryLevel, pb.ADVISORY_LEVEL_UNSPECIFIED) == ""
    assert enum_value(pb.AdvisoryLevel, "") == pb.ADVISORY_LEVEL_UNSPECIFIED


def test_a_word_outside_the_set_is_a_programming_error():
    with pytest.raises(ValueError, match="AdvisoryLevel has no value for 'severe'"):
        enum_value(pb.AdvisoryLevel, "severe")
