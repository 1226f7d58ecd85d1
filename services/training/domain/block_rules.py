"""The rules of a workout's crossFitBlocks: their timer setups and the movements they group.

Seed 000 "Workout authoring": every block sends all four settings (unused ones at their defaults),
an EMOM interval fits in the duration, and a block groups contiguous movements of the workout, in
order, each in at most one block, resting 0 s and doing one set. See
docs/decisions/0012-training-edit-input.md.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from knowledge.training.rules import (
    BLOCK_FORMATS,
    BLOCK_SETTING_MAXIMUMS,
    CONFIGURATION_FIELDS,
    MAX_EXERCISES,
    TRACKING_MODES,
    UNUSED_SETTING_DEFAULTS,
)
from services.training.domain.edit_input import BlockConfigurationInput, CrossFitBlockInput
from services.training.domain.input_values import (
    UUID_PATTERN,
    NewID,
    Violations,
    check_count,
    read_choice,
    read_int,
    read_uuid,
    require,
    required,
    show_value,
)
from services.training.domain.model import BlockConfiguration, CrossFitBlock, WorkoutExercise

# The configuration's settings, by their seed 000 name, as BlockConfigurationInput spells them.
_SETTING_ATTRIBUTES = {
    "durationSeconds": "duration_seconds",
    "rounds": "rounds",
    "intervalSeconds": "interval_seconds",
}


def parse_blocks(
    problems: Violations, path: str, sent: Sequence[CrossFitBlockInput], new_id: NewID
) -> tuple[CrossFitBlock, ...] | None:
    """The blocks as sent ([] removes all blocks); block IDs must be unique."""
    if not check_count(problems, path, sent, 0, MAX_EXERCISES, "blocks ([] removes all blocks)"):
        return None
    before = len(problems)
    blocks = [_parse_block(problems, f"{path}[{i}]", raw, new_id) for i, raw in enumerate(sent)]
    first_use: dict[str, int] = {}
    for index, block in enumerate(blocks):
        if block is not None and block.id in first_use:
            problems.add(f"{path}[{index}].id", f"repeats the id of crossFitBlocks[{first_use[block.id]}]")
        if block is not None:
            first_use.setdefault(block.id, index)
    if len(problems) > before:
        return None
    return tuple(b for b in blocks if b is not None)


def _parse_block(
    problems: Violations, path: str, block: CrossFitBlockInput, new_id: NewID
) -> CrossFitBlock | None:
    before = len(problems)
    block_id = (
        read_uuid(problems, f"{path}.id", block.id, "; omit it for a new block")
        if block.id is not None
        else new_id()
    )
    configuration = None
    hint = f" with {', '.join(CONFIGURATION_FIELDS)}"
    sent = required(problems, path, block.configuration, "configuration", hint)
    if sent is not None:
        configuration = _parse_configuration(problems, f"{path}.configuration", sent)
    members: list[str] = []
    if check_count(
        problems, f"{path}.exerciseIDs", block.exercise_ids, 1, MAX_EXERCISES, "workoutExerciseIDs"
    ):
        members = [m.lower() if UUID_PATTERN.match(m) else m for m in block.exercise_ids]
    if len(problems) > before or block_id is None or configuration is None:
        return None
    return CrossFitBlock(block_id, configuration, tuple(members))


def _parse_configuration(
    problems: Violations, path: str, configuration: BlockConfigurationInput
) -> BlockConfiguration | None:
    before = len(problems)
    defaults = ", ".join(f"{k} {v}" for k, v in UNUSED_SETTING_DEFAULTS.items())
    hint = f"; send all four fields, and for unused settings {defaults}"
    for key in CONFIGURATION_FIELDS:
        sent = getattr(configuration, _SETTING_ATTRIBUTES.get(key, key)) is not None
        require(problems, path, sent, key, hint)
    block_format = (
        read_choice(problems, f"{path}.format", configuration.format, BLOCK_FORMATS)
        if configuration.format is not None
        else None
    )
    settings: dict[str, int] = {}
    for key, default in UNUSED_SETTING_DEFAULTS.items():
        attribute = _SETTING_ATTRIBUTES[key]
        value: int | None = getattr(configuration, attribute)
        if value is None:
            continue
        number = read_int(problems, f"{path}.{key}", value, 1, BLOCK_SETTING_MAXIMUMS[key])
        if number is None:
            continue
        settings[key] = number
        if block_format is not None and key not in BLOCK_FORMATS[block_format] and number != default:
            problems.add(f"{path}.{key}", f"is unused by {block_format}; send {default}")
    if block_format == "emom" and settings.get("intervalSeconds", 0) > settings.get(
        "durationSeconds", 86_400
    ):
        problems.add(
            f"{path}.intervalSeconds",
            f"must fit within durationSeconds ({settings['durationSeconds']}): an EMOM interval cannot "
            "be longer than the whole piece",
        )
    if len(problems) > before or block_format is None:
        return None
    return BlockConfiguration(
        block_format, settings["durationSeconds"], settings["rounds"], settings["intervalSeconds"]
    )


def check_setups(
    problems: Violations,
    path: str,
    exercises: Sequence[WorkoutExercise],
    blocks: Iterable[CrossFitBlock],
) -> None:
    """Blocks group contiguous movements of this workout, in order, each in at most one block.

    Grouped movements rest 0 s and, when tracked in sets, do one set: the block sets the rounds.
    """
    positions = {m.id: i for i, m in enumerate(exercises)}
    grouped: dict[str, int] = {}
    for index, block in enumerate(blocks):
        where = f"{path}.crossFitBlocks[{index}].exerciseIDs"
        before = len(problems)
        indexes: list[int] = []
        for k, member in enumerate(block.exercise_ids):
            if member not in positions:
                problems.add(
                    f"{where}[{k}]",
                    f"{show_value(member)} is not a workoutExerciseID of this workout; blocks list movement "
                    "instance IDs (exercises[].workoutExerciseID), not catalog exerciseIDs",
                )
            elif member in grouped:
                problems.add(
                    f"{where}[{k}]",
                    f"is already in crossFitBlocks[{grouped[member]}]; a movement joins one block at most",
                )
            else:
                grouped[member] = index
                indexes.append(positions[member])
        if len(problems) > before:
            continue
        if indexes != sorted(indexes):
            order = ", ".join(f"exercises[{i}]" for i in sorted(indexes))
            problems.add(where, f"must list the movements in workout order: {order}")
            continue
        gaps = [i for i in range(indexes[0], indexes[-1] + 1) if i not in indexes]
        if gaps:
            problems.add(
                where,
                f"must be contiguous movements: exercises[{gaps[0]}] sits between them; group it too, "
                "or move it out of the run",
            )
        for position in indexes:
            _check_grouped_movement(problems, f"{path}.exercises[{position}]", exercises[position], index)


def _check_grouped_movement(problems: Violations, where: str, movement: WorkoutExercise, block: int) -> None:
    rule = TRACKING_MODES[movement.tracking_mode]
    takes = rule.required + rule.optional
    because = f"in crossFitBlocks[{block}]; the block controls rest and rounds"
    if "restSeconds" in takes and movement.targets.rest_seconds != 0:
        problems.add(f"{where}.restSeconds", f"must be 0 for a movement {because}")
    if movement.tracking_mode == "sets" and movement.targets.target_sets != 1:
        problems.add(f"{where}.targetSets", f"must be 1 for a movement {because}")
