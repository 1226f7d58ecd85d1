"""Reading JSON the edge parses itself: nesting bounded before parsing, every refusal a reason
(decision 0068). A body nested thousands of levels deep used to escape as ``RecursionError``."""

from __future__ import annotations

import asyncio
import time

import pytest
from starlette.types import Message

from edge.json_bodies import MAX_JSON_DEPTH, JsonRefused, nesting_depth, read_json
from edge.ratelimit.responses import request_id
from edge.ratelimit.tool_calls import counts_against_budget


def nested_arrays(depth: int) -> str:
    return "[" * depth + "]" * depth


def nested_objects(depth: int) -> str:
    return '{"a":' * depth + "1" + "}" * depth


@pytest.mark.parametrize(
    ("text", "depth"),
    [
        ("1", 0),
        ('"[[[{{{"', 0),
        ("[]", 1),
        ('{"a": [1, {"b": []}]}', 4),
        ('{"a": "]]]", "b": ["\\"[[", {"c": "\\\\"}]}', 3),  # brackets in strings, escaped quotes
        ('["\\\\", [["x"]]]', 3),  # an escaped backslash ends the escape before the quote
        (nested_arrays(100_000), 100_000),
        (nested_objects(50_000), 50_000),
    ],
)
def test_nesting_is_measured_without_recursion_and_strings_do_not_count(text: str, depth: int):
    assert nesting_depth(text) == depth


def test_the_measure_grows_linearly_with_the_body_even_for_hostile_escapes():
    # Each shape at 256 KiB and 2 MiB: a measure quadratic in any of them (a string pattern that
    # backtracks over escaped quotes) would take 64 times as long for 8 times the text, not ~8.
    shapes = [
        lambda n: "[]" * (n // 2),
        lambda n: "[" * n,
        lambda n: '"' + '\\"' * (n // 2),
        lambda n: '"' * n,
    ]
    for shape in shapes:
        small, large = shape(256 * 1024), shape(2 * 1024 * 1024)

        def cost(text: str) -> float:
            best = float("inf")
            for _ in range(5):  # this process's CPU time, best of five: other processes' load is not counted
                started = time.process_time()
                nesting_depth(text)
                best = min(best, time.process_time() - started)
            return best

        assert cost(large) < 24 * max(cost(small), 1e-4)


def test_a_body_deeper_than_the_limit_is_refused_naming_its_depth_and_the_limit():
    assert read_json(nested_arrays(MAX_JSON_DEPTH)) is not None
    for text in (nested_arrays(MAX_JSON_DEPTH + 1), nested_objects(10_000), nested_arrays(10_000)):
        with pytest.raises(JsonRefused) as refused:
            read_json(text.encode())
        depth = nesting_depth(text)
        assert f"{depth} levels deep" in str(refused.value)
        assert f"at most {MAX_JSON_DEPTH}" in str(refused.value)
    assert issubclass(JsonRefused, ValueError)  # callers that caught ValueError still catch it


@pytest.mark.parametrize(
    ("data", "named"),
    [
        (b'{"a": ', "line 1 column 7"),
        (b'["\xc3\x28"]', "UTF-8"),
        (b"[NaN]", "NaN"),
    ],
)
def test_other_bad_bodies_are_refused_saying_what_is_wrong(data: bytes, named: str):
    with pytest.raises(JsonRefused) as refused:
        read_json(data, what="the body", allow_constants=False)
    assert named in str(refused.value) and str(refused.value).startswith("the body")


def test_a_body_is_read_as_before():
    assert read_json(b'{"a": [1, 2.5, "\\u00e9"], "b": null}') == {"a": [1, 2.5, "é"], "b": None}
    assert read_json('{"é": 1}'.encode("utf-16")) == {"é": 1}
    assert read_json(b"[Infinity]")[0] == float("inf")  # refused only when asked


def test_the_rate_limits_readers_of_a_json_rpc_body_survive_a_deep_one():
    deep = nested_arrays(10_000).encode()
    # The tool-call counter: a body it cannot read counts (unproven), it does not raise.
    assert counts_against_budget(deep) is True
    assert counts_against_budget(b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}') is False

    async def receive() -> Message:
        return {"type": "http.request", "body": deep, "more_body": False}

    # A 429's request id: none from a body it will not parse.
    assert asyncio.run(request_id(receive)) is None
