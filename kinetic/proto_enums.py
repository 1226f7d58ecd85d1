"""Proto enums and the contracts' words for the same closed sets.

A field that is one of a fixed set travels as a proto enum whose values are the word in upper case
behind the enum's own prefix (``AdvisoryRule`` ``ADVISORY_RULE_LONG_RUN_CAP`` is ``long_run_cap``),
the STANDARD buf lint shape; zero is ``<PREFIX>_UNSPECIFIED``, the unset field, read as the empty
word. The services' entrypoints and the edge translate with these two functions, so the domain keeps
its own words and the tools keep theirs (docs/decisions/0101-newer-protos.md).
"""

from __future__ import annotations

import re
from functools import cache
from typing import TypeVar, cast

from google.protobuf.descriptor import Descriptor, EnumDescriptor, FieldDescriptor
from google.protobuf.internal.enum_type_wrapper import EnumTypeWrapper
from google.protobuf.message import Message

# A generated enum class (``AdvisoryLevel``); its values are ints, its class an EnumTypeWrapper.
E = TypeVar("E", bound=int)


def _wrapper(enum: type[int]) -> EnumTypeWrapper:
    return cast(EnumTypeWrapper, enum)


def _prefix(enum: type[int]) -> str:
    return _prefix_of(_wrapper(enum).DESCRIPTOR)


@cache
def _prefix_of(enum: EnumDescriptor) -> str:
    return re.sub(r"(?<!^)(?=[A-Z])", "_", enum.name).upper() + "_"


@cache
def _values_by_name(enum: EnumDescriptor) -> dict[str, int]:
    # Worked out once per enum: every write fills an enum per step and target (decision 0128).
    prefix = _prefix_of(enum)
    return {str(v.name).removeprefix(prefix): v.number for v in enum.values if v.name.startswith(prefix)}


def enum_value(enum: type[E], word: str) -> E:
    """The enum value for the contract's ``word`` (``""``: unspecified)."""
    if not word:
        return cast(E, 0)
    descriptor = _wrapper(enum).DESCRIPTOR
    value = _values_by_name(descriptor).get(word.upper())
    if value is None:
        raise ValueError(f"{descriptor.name} has no value for {word!r}")
    return cast(E, value)


def enum_word(enum: type[E], value: int) -> str:
    """The contract's word for an enum value (unspecified: ``""``)."""
    if value == 0:
        return ""
    name: str = _wrapper(enum).Name(value)
    return name.removeprefix(_prefix(enum)).lower()


# --- enum twins (docs/decisions/0128-training-enums.md) -----------------------------------------
#
# While a string field and its enum both travel (expand, then contract), the enum is the string's
# "twin": an ``optional`` enum field named ``<field>_value`` beside the string field ``<field>``
# (``EnduranceTarget.sport`` and ``sport_value``). The writer fills both from the same word; a reader
# reads the enum and falls back to the string when the enum is unset or unspecified (an older
# replica wrote the answer, or a row stored before the twin existed). ``optional`` so that an unset
# twin is no key in ``MessageToDict(..., always_print_fields_with_no_presence=True)``.

_TWIN = "_value"


# Each enum's values by upper-case word, keyed by the generated enum class itself: a plan write
# fills about 700 twins, and this one lookup is a quarter of ``enum_value``'s cost (decision 0129).
_TWIN_TABLES: dict[object, dict[str, int]] = {}


def twin_value(enum: type[E], word: str) -> E | None:
    """The enum twin of ``word`` for a writer (a message field given None stays unset): none for
    ``""`` and for a word the enum does not hold (a row stored under looser rules), so the reader
    falls back to the string, which says it."""
    if not word:
        return None
    table = _TWIN_TABLES.get(enum)
    if table is None:
        table = _TWIN_TABLES[enum] = _values_by_name(_wrapper(enum).DESCRIPTOR)
    return cast("E | None", table.get(word.upper()) or None)


@cache
def _words(enum: EnumDescriptor) -> dict[int, str]:
    prefix = _prefix_of(enum)
    return {v.number: str(v.name).removeprefix(prefix).lower() for v in enum.values if v.number}


def word_of(message: Message, name: str) -> str:
    """The word of string field ``name``: its enum twin's word when set, else the string (an older
    replica's answer, a row stored before the twin, or a value a newer release added).

    The one reader of a twin: the renderers call it where they read the word, so an answer is read
    once, field by field, and no walk goes over it first (decision 0129)."""
    twin = name + _TWIN
    value = getattr(message, twin)  # 0 when unset: no word, as UNSPECIFIED (cheaper than HasField)
    if value:
        key = (message.DESCRIPTOR, twin)
        words = _TWIN_WORDS.get(key)
        if words is None:
            words = _TWIN_WORDS[key] = _words(message.DESCRIPTOR.fields_by_name[twin].enum_type)
        word = words.get(value)
        if word is not None:
            return word
    return cast(str, getattr(message, name))


# The words of each twin by its value, per message type and twin, worked out once.
_TWIN_WORDS: dict[tuple[Descriptor, str], dict[int, str]] = {}


def words_of(message: Message, name: str) -> list[str]:
    """The words of repeated string field ``name``: its repeated twin's words when it holds any and
    this release knows each, else the strings (decision 0129)."""
    field = message.DESCRIPTOR.fields_by_name[name + _TWIN]
    values = getattr(message, field.name)
    if values:
        words = _words(field.enum_type)
        known = [words.get(value) for value in values]
        if all(known):
            return cast(list[str], known)
    return list(getattr(message, name))


def put_word(message: Message, name: str, word: str) -> None:
    """Set string field ``name`` to ``word`` and its twin to the word's value, for a writer whose
    message may be read by either release (decision 0129). The twin is cleared for ``""`` and for a
    word outside the enum, so the reader reads the string and refuses it as before."""
    setattr(message, name, word)
    twin = name + _TWIN
    value = (
        _values_by_name(message.DESCRIPTOR.fields_by_name[twin].enum_type).get(word.upper()) if word else None
    )
    if value:
        setattr(message, twin, value)
    else:
        message.ClearField(twin)


def put_words(message: Message, name: str, words: list[str]) -> None:
    """``put_word`` for repeated string field ``name``: the twin holds every value, or none when a
    word is outside the enum (the strings then say it)."""
    del getattr(message, name)[:]
    getattr(message, name).extend(words)
    twin = getattr(message, name + _TWIN)
    del twin[:]
    values = _values_by_name(message.DESCRIPTOR.fields_by_name[name + _TWIN].enum_type)
    numbers = [values.get(word.upper()) if word else None for word in words]
    if all(numbers):
        twin.extend(cast(list[int], numbers))


# Per message type, worked out once: its twin pairs (string field, enum field, the enum's words by
# value, whether both are repeated) and the message fields that may hold a message with twins (how
# they hold it: one, a list, a map's values), or None when it holds none; the walk then touches
# only those fields.
_SINGLE, _LIST, _MAP = 0, 1, 2
_Pair = tuple[str, str, dict[int, str], bool]
_Walk = tuple[tuple[_Pair, ...], tuple[tuple[str, int], ...]]
_WALKS: dict[Descriptor, _Walk | None] = {}


def _pairs(descriptor: Descriptor) -> tuple[_Pair, ...]:
    pairs = []
    for field in descriptor.fields:
        if field.type != FieldDescriptor.TYPE_ENUM or not field.name.endswith(_TWIN):
            continue
        string = descriptor.fields_by_name.get(field.name.removesuffix(_TWIN))
        if (
            string is not None
            and string.type == FieldDescriptor.TYPE_STRING
            and string.is_repeated == field.is_repeated
        ):
            pairs.append((string.name, field.name, _words(field.enum_type), field.is_repeated))
    return tuple(pairs)


def _holds_twins(descriptor: Descriptor, seen: set[str]) -> bool:
    if descriptor.full_name in seen:
        return False
    seen.add(descriptor.full_name)
    if _pairs(descriptor):
        return True
    return any(f.message_type is not None and _holds_twins(f.message_type, seen) for f in descriptor.fields)


def _held(field: FieldDescriptor) -> tuple[str, int] | None:
    held = field.message_type
    if held is None or not _holds_twins(held, set()):
        return None
    if held.GetOptions().map_entry:
        return (field.name, _MAP)
    return (field.name, _LIST if field.is_repeated else _SINGLE)


def _walk(descriptor: Descriptor) -> _Walk | None:
    if descriptor not in _WALKS:
        walk: _Walk | None = None
        if _holds_twins(descriptor, set()):
            children = tuple(held for f in descriptor.fields if (held := _held(f)) is not None)
            walk = (_pairs(descriptor), children)
        _WALKS[descriptor] = walk
    return _WALKS[descriptor]


def read_twins(message: Message) -> Message:
    """``message`` (in place, and returned) as a reader of the strings sees it: every twin read into
    its string field (the string kept when the enum is unset, or a value this release does not know)
    and cleared.

    For ``MessageToDict``, where every field is a key (Metric's write records, the account export,
    Training's stale-write details), and for the words a request's hash covers; renderers that read
    fields call ``word_of`` instead (decision 0129: no walk over every answer at the edge's door).
    """
    walk = _walk(message.DESCRIPTOR)
    if walk is not None:
        _read(message, walk)
    return message


def _read(message: Message, walk: _Walk) -> None:
    pairs, children = walk
    for name, twin, words, repeated in pairs:
        if repeated:
            _read_repeated(message, name, twin, words)
        elif message.HasField(twin):
            word = words.get(getattr(message, twin))
            if word is not None:
                setattr(message, name, word)
            message.ClearField(twin)
    for name, held in children:
        if held == _LIST:
            items = getattr(message, name)
        elif held == _MAP:
            items = getattr(message, name).values()
        elif message.HasField(name):
            items = (getattr(message, name),)
        else:
            continue
        inner: _Walk | None = None
        for item in items:
            if inner is None:
                inner = _walk(item.DESCRIPTOR)
                if inner is None:
                    break
            _read(item, inner)


def _read_repeated(message: Message, name: str, twin: str, words: dict[int, str]) -> None:
    # A request's repeated twin (ReplaceFilter.sports_value, decision 0129): every value known, or
    # the strings kept.
    values = getattr(message, twin)
    if values:
        known = [words.get(value) for value in values]
        if all(known):
            del getattr(message, name)[:]
            getattr(message, name).extend(known)
        message.ClearField(twin)
