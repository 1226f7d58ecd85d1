"""The home-equipment catalog a client's profile draws from, and the profile's bounds.

The catalog is fixed in code: clients pick items, they never add kinds of equipment, and an assistant
reading the profile can rely on every key. Items marked not visible (retired kinds) stay readable in
old profiles' storage but are neither listed nor accepted.
"""

from __future__ import annotations

from dataclasses import dataclass

from kinetic.errors import FieldViolation
from services.sessions.gyms.domain.model import Localized

MAX_PROFILE_ITEMS = 30
MAX_QUANTITY = 100


@dataclass(frozen=True)
class EquipmentKind:
    """One kind of home equipment."""

    key: str
    name: Localized
    visible: bool = True


EQUIPMENT_CATALOG: tuple[EquipmentKind, ...] = (
    EquipmentKind("dumbbells", Localized("Dumbbells", "Dumbbells")),
    EquipmentKind("adjustable_dumbbells", Localized("Adjustable dumbbells", "Verstelbare dumbbells")),
    EquipmentKind("kettlebell", Localized("Kettlebell", "Kettlebell")),
    EquipmentKind("barbell", Localized("Barbell", "Halterstang")),
    EquipmentKind("weight_plates", Localized("Weight plates", "Halterschijven")),
    EquipmentKind("squat_rack", Localized("Squat rack", "Squatrek")),
    EquipmentKind("flat_bench", Localized("Flat bench", "Vlakke bank")),
    EquipmentKind("adjustable_bench", Localized("Adjustable bench", "Verstelbare bank")),
    EquipmentKind("pull_up_bar", Localized("Pull-up bar", "Optrekstang")),
    EquipmentKind("resistance_bands", Localized("Resistance bands", "Weerstandsbanden")),
    EquipmentKind("suspension_trainer", Localized("Suspension trainer", "Suspension trainer")),
    EquipmentKind("gymnastic_rings", Localized("Gymnastic rings", "Turnringen")),
    EquipmentKind("jump_rope", Localized("Jump rope", "Springtouw")),
    EquipmentKind("exercise_mat", Localized("Exercise mat", "Fitnessmat")),
    EquipmentKind("foam_roller", Localized("Foam roller", "Foamroller")),
    EquipmentKind("stationary_bike", Localized("Stationary bike", "Hometrainer")),
    EquipmentKind("rowing_machine", Localized("Rowing machine", "Roeimachine")),
    EquipmentKind("treadmill", Localized("Treadmill", "Loopband")),
    EquipmentKind("plyo_box", Localized("Plyo box", "Plyobox")),
    EquipmentKind("medicine_ball", Localized("Medicine ball", "Medicijnbal")),
    EquipmentKind("vibration_plate", Localized("Vibration plate", "Trilplaat"), visible=False),
)

_BY_KEY = {kind.key: kind for kind in EQUIPMENT_CATALOG}


def visible_catalog() -> tuple[EquipmentKind, ...]:
    """The kinds a profile may list, in catalog order."""
    return tuple(kind for kind in EQUIPMENT_CATALOG if kind.visible)


def kind_named(key: str) -> EquipmentKind | None:
    """The visible kind with ``key``, or None."""
    kind = _BY_KEY.get(key)
    return kind if kind is not None and kind.visible else None


@dataclass(frozen=True)
class EquipmentItem:
    """One kind of equipment a client has, and how many."""

    equipment_key: str
    quantity: int = 1


def profile_problems(items: tuple[EquipmentItem, ...]) -> list[FieldViolation]:
    """Problems with a profile: at most 30 items, visible catalog keys, each once, quantity 1-100."""
    problems: list[FieldViolation] = []
    if len(items) > MAX_PROFILE_ITEMS:
        problems.append(FieldViolation("items", f"has {len(items)} items; use at most {MAX_PROFILE_ITEMS}"))
    seen: set[str] = set()
    for index, item in enumerate(items):
        path = f"items[{index}]"
        if kind_named(item.equipment_key) is None:
            keys = ", ".join(kind.key for kind in visible_catalog())
            problems.append(
                FieldViolation(
                    f"{path}.equipment_key", f"{item.equipment_key[:40]!r} is not in the catalog ({keys})"
                )
            )
        elif item.equipment_key in seen:
            problems.append(
                FieldViolation(f"{path}.equipment_key", f"{item.equipment_key!r} is listed twice")
            )
        seen.add(item.equipment_key)
        if not 1 <= item.quantity <= MAX_QUANTITY:
            problems.append(FieldViolation(f"{path}.quantity", f"must be between 1 and {MAX_QUANTITY}"))
    return problems
