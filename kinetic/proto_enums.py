"""Proto enums and the contracts' words for the same closed sets.

A field that is one of a fixed set travels as a proto enum whose values are the word in upper case
behind the enum's own prefix (``AdvisoryRule`` ``ADVISORY_RULE_LONG_RUN_CAP`` is ``long_run_cap``),
the STANDARD buf lint shape; zero is ``<PREFIX>_UNSPECIFIED``, the unset field, read as the empty
word. The services' entrypoints and the edge translate with these two functions, so the domain keeps
its own words and the tools keep theirs (docs/decisions/0101-newer-protos.md).
"""

from __future__ import annotations

import re
from typing import TypeVar, cast

from google.protobuf.internal.enum_type_wrapper import EnumTypeWrapper

# A generated enum class (``AdvisoryLevel``); its values are ints, its class an EnumTypeWrapper.
E = TypeVar("E", bound=int)


def _wrapper(enum: type[int]) -> EnumTypeWrapper:
    return cast(EnumTypeWrapper, enum)


def _prefix(enum: type[int]) -> str:
    name: str = _wrapper(enum).DESCRIPTOR.name
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).upper() + "_"


def enum_value(enum: type[E], word: str) -> E:
    """The enum value for the contract's ``word`` (``""``: unspecified)."""
    wrapper = _wrapper(enum)
    if not word:
        return cast(E, 0)
    try:
        return cast(E, wrapper.Value(_prefix(enum) + word.upper()))
    except ValueError:
        raise ValueError(f"{wrapper.DESCRIPTOR.name} has no value for {word!r}") from None


def enum_word(enum: type[E], value: int) -> str:
    """The contract's word for an enum value (unspecified: ``""``)."""
    if value == 0:
        return ""
    name: str = _wrapper(enum).Name(value)
    return name.removeprefix(_prefix(enum)).lower()
