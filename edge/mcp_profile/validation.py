"""Arguments checked once against the schema a tool publishes (docs/decisions/0028-profile-builder.md).

Each tool's schema is compiled twice when the profile is built, and a call runs one of them: the
Rust ``jsonschema_rs`` validator answers "valid?" in microseconds (pure-Python ``jsonschema``
took 60-110 µs for a small call and 4 ms for 50 sets, 8x the hand-written checks it replaces);
only a refused call is explained by ``jsonschema``, which lists every violation with its path in
the tool's own terms (``sets[2].weight``), so a caller fixes all of them in one round trip, the
way the services list theirs. Both read the same schema as draft 2020-12.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import jsonschema_rs
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError
from jsonschema.protocols import Validator
from jsonschema.validators import extend, validator_for

from edge.problems import EdgeProblem
from knowledge.limits.sessions import OBJECT_ID_PATTERN
from knowledge.training.formats import LOCAL_DAY_PATTERN, VERSION_PATTERN

Schema = Mapping[str, Any]

_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_JSON_TYPES = {
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "object": "an object",
    "array": "an array",
    "null": "null",
}


@dataclass(frozen=True)
class Violation:
    """One thing wrong with a call's arguments: where (``sets[2].weight``) and what."""

    path: str
    message: str


class ArgumentValidator:
    """One tool's input schema, compiled: a fast verdict, and every violation when it refuses."""

    def __init__(self, schema: Schema) -> None:
        # MCP tool schemas are JSON Schema 2020-12 by default; formats are not asserted, as in the
        # draft itself, so the schema means the same to the server as to every client.
        cls = validator_for(schema, default=Draft202012Validator)
        cls.check_schema(schema)
        self._explainer: Validator = _with_ecma_patterns(cls)(schema)
        self._accepts = jsonschema_rs.validator_for(dict(schema), validate_formats=False).is_valid

    def violations(self, arguments: Mapping[str, Any]) -> list[Violation]:
        """Every way ``arguments`` break the schema; empty (and quickly so) when they conform."""
        if self._accepts(arguments):
            return []
        # jsonschema is the reference: were the two ever to disagree, its empty list accepts.
        return schema_violations(self._explainer, arguments)


@functools.cache
def _with_ecma_patterns(cls: type[Validator]) -> type[Validator]:
    """``cls`` reading ``pattern`` as JSON Schema does (ECMA-262): ``$`` ends the text. Python's
    ``re`` also lets ``$`` match before a final newline, so ``"w-1\\n"`` matched ``^[A-Za-z0-9_-]+$``
    there while the Rust validator refused it, and a refusal with nothing to explain was accepted."""
    return extend(cls, {"pattern": _ecma_pattern})  # type: ignore[no-any-return]


def _ecma_pattern(validator: Validator, pattern: str, instance: Any, schema: Mapping[str, Any]) -> Any:
    if validator.is_type(instance, "string") and not _ecma_regex(pattern).search(instance):
        yield ValidationError(f"{instance!r} does not match {pattern!r}")


@functools.lru_cache(maxsize=256)
def _ecma_regex(pattern: str) -> re.Pattern[str]:
    """``pattern`` with each ``$`` outside a character class and unescaped read as ``\\Z``."""
    out: list[str] = []
    escaped = in_class = False
    for char in pattern:
        if escaped:
            escaped = False
        elif char == "\\":
            escaped = True
        elif in_class:
            in_class = char != "]"
        elif char == "[":
            in_class = True
        elif char == "$":
            out.append(r"\Z")
            continue
        out.append(char)
    return re.compile("".join(out))


def compile_validator(schema: Schema) -> ArgumentValidator:
    """The validator of ``schema``, checked and built once per process (draft 2020-12 unless it says
    otherwise). Checking a schema against the metaschema costs ~10 ms for the larger tool schemas
    (RunFlow's nested steps): every app a process builds (each test's edge, each replica) reuses it.
    """
    return _compiled(json.dumps(schema, sort_keys=True, separators=(",", ":")))


@functools.lru_cache(maxsize=1024)
def _compiled(canonical: str) -> ArgumentValidator:
    # Keyed by the schema's canonical JSON, so a schema built anew per app still hits; validators
    # hold no per-call state, so one can serve every app.
    return ArgumentValidator(json.loads(canonical))


def schema_violations(validator: Validator, arguments: Mapping[str, Any]) -> list[Violation]:
    """Every way ``arguments`` break the schema; empty when they conform.

    Unknown arguments come first (a misspelt name explains the rest), then missing and wrong
    values by path: the first is the ``field`` a caller fixes first.
    """
    found: list[tuple[int, Violation]] = []
    for error in validator.iter_errors(arguments):
        found.extend(_explain(error))
    # jsonschema reports ``required`` once per missing name, each error carrying the whole list:
    # each missing name is said once.
    unique = dict.fromkeys(found)
    return [violation for _, violation in sorted(unique, key=lambda f: (f[0], f[1].path))]


def invalid_arguments(violations: Sequence[Violation]) -> EdgeProblem:
    """A 400 ``invalid_request`` listing every violation; ``field`` names the first one."""
    description = "; ".join(f"{v.path}: {v.message}" for v in violations)
    return EdgeProblem("invalid_request", description, 400, {"field": violations[0].path})


def path_text(parts: Iterable[str | int]) -> str:
    """A JSON path as a caller writes it: ``sets[2].weight``; a key that is no name in brackets
    (``expectedVersions[workout:x]``)."""
    text = ""
    for part in parts:
        if isinstance(part, int) or (text and not _NAME.fullmatch(part)):
            text += f"[{part}]"
        else:
            text += f".{part}" if text else part
    return text


def query_types(schema: Schema) -> dict[str, frozenset[str]]:
    """The JSON types each top-level property allows, for reading query strings by the schema."""
    types: dict[str, frozenset[str]] = {}
    for name, spec in schema.get("properties", {}).items():
        declared: set[str] = set()
        for option in [spec, *spec.get("anyOf", ())]:
            kind = option.get("type")
            declared.update([kind] if isinstance(kind, str) else (kind or ()))
        types[name] = frozenset(declared)
    return types


def from_query(params: Mapping[str, str], types: Mapping[str, frozenset[str]]) -> dict[str, Any]:
    """Query parameters (all strings) as the JSON values the schema expects.

    A query has no types: ``pageSize=2`` means the integer 2 when the schema wants an integer, and
    ``deleteWorkouts=true`` a boolean. Anything else stays a string for the schema to judge.
    """
    multi_items = getattr(params, "multi_items", None)
    if multi_items is not None:
        # A multi-dict keeps only the last of a repeated name: say so rather than pick one silently.
        names = [name for name, _ in multi_items()]
        repeated = sorted({name for name in names if names.count(name) > 1})
        if repeated:
            raise invalid_arguments(
                [Violation(name[:64], f"given {names.count(name)} times; send it once") for name in repeated]
            )
    values: dict[str, Any] = {}
    for name, raw in params.items():
        allowed = types.get(name, frozenset())
        value: Any = raw
        if "integer" in allowed and raw.isdigit() and len(raw) < 10:
            value = int(raw)
        elif "boolean" in allowed and raw in ("true", "false"):
            value = raw == "true"
        values[name] = value
    return values


_UNKNOWN, _MISSING, _WRONG = 0, 1, 1


def _explain(error: ValidationError) -> list[tuple[int, Violation]]:
    where = list(error.absolute_path)
    validator, expected = error.validator, error.validator_value
    if validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {})
        return [
            (_UNKNOWN, Violation(path_text([*where, str(name)[:64]]), "unknown argument"))
            for name in error.instance
            if name not in known
        ]
    if validator == "required" and isinstance(error.instance, dict):
        return [
            (_MISSING, Violation(path_text([*where, name]), "is required"))
            for name in expected
            if name not in error.instance
        ]
    return [(_WRONG, Violation(path_text(where) or "arguments", _message(error)))]


def _message(error: ValidationError) -> str:
    validator, expected, value = error.validator, error.validator_value, error.instance
    if validator == "type":
        kinds = [expected] if isinstance(expected, str) else list(expected)
        wanted = " or ".join(_JSON_TYPES.get(k, k) for k in kinds if k != "null")
        return f"must be {wanted}, got {_json_type(value)}"
    if validator == "anyOf" and all(set(option) <= {"type"} for option in expected):
        # Optional arguments published as "this type or null": say which type is wanted.
        kinds = [option["type"] for option in expected]
        wanted = " or ".join(_JSON_TYPES.get(k, k) for k in kinds if k != "null")
        return f"must be {wanted}, got {_json_type(value)}"
    if validator == "enum":
        return f"must be one of {', '.join(map(str, expected))}, got {_shown(value)}"
    if validator == "const":
        return f"must be {_shown(expected)}"
    if validator in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
        bound = {"minimum": "at least", "maximum": "at most"}.get(validator, "beyond")
        return f"must be {bound} {expected:g}, got {value}"
    if validator in ("minLength", "maxLength"):
        bound = "at least" if validator == "minLength" else "at most"
        return f"must be {bound} {_counted(expected, 'character')}, got {len(value)}"
    if validator in ("minItems", "maxItems"):
        bound = "at least" if validator == "minItems" else "at most"
        return f"must hold {bound} {_counted(expected, 'item')}, got {len(value)}"
    if validator == "pattern":
        return _pattern_message(error.schema, str(expected), value)
    return str(error.message)[:200]


# Patterns said in words: a caller (or a model) fixes "a date as YYYY-MM-DD" faster than a regex.
_PATTERN_WORDS = {
    LOCAL_DAY_PATTERN: "a date as YYYY-MM-DD, e.g. 2026-10-14",
    OBJECT_ID_PATTERN: "an ID of 24 hexadecimal characters",
    VERSION_PATTERN: "the version you read, of the form <counter>.<deviceID>",
}


def _pattern_message(schema: Mapping[str, Any], pattern: str, value: Any) -> str:
    words = _PATTERN_WORDS.get(pattern)
    if words is None and schema.get("format") == "date":
        words = _PATTERN_WORDS[LOCAL_DAY_PATTERN]
    if words is not None:
        return f"must be {words}, got {_shown(value)}"
    # A regular expression alone does not say what to send; the schema's words do (decision 0080).
    described = schema.get("description") if isinstance(schema, Mapping) else None
    said = f": {described}" if isinstance(described, str) and described else ""
    return f"{_shown(value)} does not match {pattern}{said}"


def _counted(count: Any, noun: str) -> str:
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 42 else text[:40] + "…"


def _json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "an array"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__
