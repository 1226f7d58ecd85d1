"""Machine presets and home-equipment profiles in the gym tables, inside the caller's transaction."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any, cast

from sqlalchemy import Connection, Row, and_, insert, select, update

from services.sessions.gyms.adapters.tables import (
    equipment_profiles,
    machine_presets,
)
from services.sessions.gyms.domain.equipment import EquipmentItem
from services.sessions.gyms.domain.model import (
    Localized,
    MachinePreset,
    PresetScope,
    SetupField,
)


def _fields_json(fields: Sequence[SetupField]) -> str:
    return json.dumps(
        [{"key": f.key, "label_en": f.label.en, "label_nl": f.label.nl, "value": f.value} for f in fields],
        separators=(",", ":"),
    )


def _preset(row: Row[Any]) -> MachinePreset:
    fields = tuple(
        SetupField(item["key"], Localized(item["label_en"], item["label_nl"]), item["value"])
        for item in json.loads(row.fields)
    )
    return MachinePreset(row.id, row.exercise_id, cast(PresetScope, row.scope), row.coach_id, fields)


def put_preset(conn: Connection, preset: MachinePreset) -> MachinePreset:
    """Create the preset of (exercise, scope, coach) or replace its fields; returns the stored one."""
    key = and_(
        machine_presets.c.exercise_id == preset.exercise_id,
        machine_presets.c.scope == preset.scope,
        machine_presets.c.coach_id == preset.coach_id,
    )
    existing = conn.execute(select(machine_presets.c.id).where(key)).first()
    if existing is not None:
        conn.execute(update(machine_presets).where(key).values(fields=_fields_json(preset.fields)))
        return MachinePreset(existing.id, preset.exercise_id, preset.scope, preset.coach_id, preset.fields)
    conn.execute(
        insert(machine_presets).values(
            id=preset.id,
            exercise_id=preset.exercise_id,
            scope=preset.scope,
            coach_id=preset.coach_id,
            fields=_fields_json(preset.fields),
        )
    )
    return preset


def presets_for_exercise(
    conn: Connection, exercise_id: str, scopes: Sequence[PresetScope]
) -> list[MachinePreset]:
    """The exercise's presets of the given scopes (the query itself leaves other scopes out)."""
    rows = conn.execute(
        select(machine_presets)
        .where(machine_presets.c.exercise_id == exercise_id, machine_presets.c.scope.in_(list(scopes)))
        .order_by(machine_presets.c.scope, machine_presets.c.id)
    )
    return [_preset(row) for row in rows]


def put_profile(conn: Connection, client_id: str, items: Sequence[EquipmentItem], now: datetime) -> None:
    """Replace the client's equipment profile."""
    encoded = json.dumps([{"equipment_key": i.equipment_key, "quantity": i.quantity} for i in items])
    changed = conn.execute(
        update(equipment_profiles)
        .where(equipment_profiles.c.client_id == client_id)
        .values(items=encoded, updated_at=now)
    ).rowcount
    if not changed:
        conn.execute(insert(equipment_profiles).values(client_id=client_id, items=encoded, updated_at=now))


def get_profile(conn: Connection, client_id: str) -> tuple[EquipmentItem, ...] | None:
    """The client's equipment items, or None when no profile was set."""
    row = conn.execute(select(equipment_profiles).where(equipment_profiles.c.client_id == client_id)).first()
    if row is None:
        return None
    return tuple(EquipmentItem(i["equipment_key"], int(i["quantity"])) for i in json.loads(row.items))
