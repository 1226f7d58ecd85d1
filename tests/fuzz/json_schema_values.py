"""Arguments for a tool, drawn from the input schema it publishes, with hostile values mixed in.

Half the examples conform to the schema, so calls reach the handlers and the services; the other
half put a hostile value (``HOSTILE_TEXT``, ``HOSTILE_NUMBERS``), a wrong type or an unknown
argument at some node. Only JSON Schema's own keywords are read, so a new profile's tools are
covered by publishing their schemas.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from hypothesis import strategies as st

from edge.mcp_profile.definitions import inlined

Json = Any
Schema = Mapping[str, Any]

HOSTILE_TEXT: tuple[str, ...] = (
    "a\x00b",
    "\x00",
    "bell\x07",
    "line\x1bescape",
    "Push \u202eyad",
    "\u2066isolated\u2069",
    "\u200b \u200d",
    " ",
    "",
    "\ufeff",
    "x" * 10_000,
    "America",
    "Europe",
    "America/__pycache__",
    "../../../../etc/passwd",
    "Ω" * 300,
    "\U0001d54f\U0001d550",
    "'; DROP TABLE workouts; --",
    "%00",
    "null",
)
# Unpaired surrogates cannot be written by the mcp client (it encodes UTF-8 strictly) and MCP's JSON
# reader refuses them as a parse error; REST bodies carry them as \ud800 escapes.
SURROGATES: tuple[str, ...] = ("\ud800x", "\udc00", "a\udfffb")
HOSTILE_NUMBERS: tuple[int | float, ...] = (
    10**400,
    -(10**400),
    1e308,
    -1e308,
    -0.0,
    5e-324,
    2**63,
    -(2**63) - 1,
    2**63 - 1,
    2**31,
    -(2**31) - 1,
    0.1,
    -1,
)
_ANY_SCALAR = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8)
)
_JSON = st.recursive(
    _ANY_SCALAR,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3),
    max_leaves=6,
)
# Text a person types: no controls and no surrogates, so conforming examples are not refused for it.
_TYPED = st.characters(codec="utf-8", exclude_categories=("Cc", "Cs"))
MAX_ARRAY = 4
MAX_TEXT = 24


def arguments(
    schema: Schema, known: Mapping[str, Sequence[str]], *, surrogates: bool = False
) -> st.SearchStrategy[dict[str, Json]]:
    """A tool's arguments: conforming, or with hostile values at some nodes.

    ``known`` offers real values for properties of that name (``timeZone``, IDs of the account's
    records), so conforming calls reach past "not found".
    """
    hostile_text = HOSTILE_TEXT + (SURROGATES if surrogates else ())
    # Shared definitions ($defs, decision 0120) written out: every node is drawn where it is used.
    schema = inlined(schema)

    @st.composite
    def draw(data: st.DrawFn) -> dict[str, Json]:
        # 0: conforming; otherwise about one node in ``rate`` is hostile.
        rate = data(st.sampled_from([0, 0, 3, 6]))
        value = _value(data, schema, known, hostile_text, rate, name="")
        return value if isinstance(value, dict) else {}

    return draw()


def _value(
    data: st.DrawFn,
    schema: Schema,
    known: Mapping[str, Sequence[str]],
    hostile_text: Sequence[str],
    rate: int,
    name: str,
) -> Json:
    if rate and data(st.integers(0, rate - 1)) == 0:
        return data(st.one_of(st.sampled_from(hostile_text), st.sampled_from(HOSTILE_NUMBERS), _JSON))
    if name in known and data(st.integers(0, 3)) > 0:
        return data(st.sampled_from(list(known[name])))
    return _conforming(data, schema, known, hostile_text, rate)


def _conforming(
    data: st.DrawFn,
    schema: Schema,
    known: Mapping[str, Sequence[str]],
    hostile_text: Sequence[str],
    rate: int,
) -> Json:
    schema = _folded(schema)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return data(st.sampled_from(list(schema["enum"])))
    options = schema.get("anyOf") or schema.get("oneOf")
    if options:
        return _conforming(data, data(st.sampled_from(list(options))), known, hostile_text, rate)
    kind = schema.get("type")
    if isinstance(kind, list):
        kind = data(st.sampled_from(kind))
    if kind == "object" or (kind is None and "properties" in schema):
        return _object(data, schema, known, hostile_text, rate)
    if kind == "array":
        low = int(schema.get("minItems", 0))
        high = max(low, min(int(schema.get("maxItems", MAX_ARRAY)), MAX_ARRAY))
        count = data(st.integers(low, high))
        item = schema.get("items", {})
        return [_value(data, item, known, hostile_text, rate, name="") for _ in range(count)]
    if kind == "string":
        return data(_text(schema))
    if kind == "integer":
        return data(st.integers(schema.get("minimum", -(2**31)), schema.get("maximum", 2**31 - 1)))
    if kind == "number":
        least, most = schema.get("minimum"), schema.get("maximum")
        return data(
            st.integers(least if least is not None else -(10**6), most if most is not None else 10**6)
            | st.floats(least, most, allow_nan=False, allow_infinity=False)
        )
    if kind == "boolean":
        return data(st.booleans())
    if kind == "null":
        return None
    return data(_JSON)


def _folded(schema: Schema) -> Schema:
    """``schema`` with its ``allOf`` parts folded in: their properties' rules beside its own
    (RunFlow's deeper steps name the step's fields and take their rules from one part, 0120)."""
    if not isinstance(schema.get("allOf"), list):
        return schema
    folded: dict[str, Any] = {key: value for key, value in schema.items() if key != "allOf"}
    for part in map(_folded, schema["allOf"]):
        for key, value in part.items():
            if key == "properties":
                own = folded.get("properties", {})
                folded["properties"] = {
                    name: {**value.get(name, {}), **own.get(name, {})} for name in {**value, **own}
                }
            elif key == "required":
                folded["required"] = sorted({*folded.get("required", ()), *value})
            else:
                folded.setdefault(key, value)
    return folded


def _object(
    data: st.DrawFn,
    schema: Schema,
    known: Mapping[str, Sequence[str]],
    hostile_text: Sequence[str],
    rate: int,
) -> dict[str, Json]:
    required = set(schema.get("required", ()))
    value: dict[str, Json] = {}
    for name, spec in schema.get("properties", {}).items():
        if name in required or data(st.booleans()):
            value[name] = _value(data, spec, known, hostile_text, rate, name)
    if rate and data(st.integers(0, rate * 2)) == 0:
        # An argument no schema names, sometimes with a name that is itself hostile.
        value[data(st.sampled_from(["clientId", *hostile_text[:8]]))] = data(_JSON)
    return value


def _text(schema: Schema) -> st.SearchStrategy[str]:
    low = int(schema.get("minLength", 0))
    high = max(low, min(int(schema.get("maxLength", MAX_TEXT)), MAX_TEXT))
    pattern = schema.get("pattern")
    if isinstance(pattern, str):
        return st.from_regex(pattern, fullmatch=True).filter(lambda s: low <= len(s) <= max(high, 80))
    return st.text(_TYPED, min_size=low, max_size=high)
