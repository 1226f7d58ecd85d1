"""The demo gym of ``make run``: the demo account as the consenting client of a gym with a plan.

``ensure_demo_gym`` converges instead of creating: every record is looked up by a natural key (the
company's name, the coach's name, the client's account, the company exercise's catalog slug, the
plan's English name) and created only when missing, and the switches the demo needs (feature,
policy, AI access, consent) are set on again if someone turned them off. Running it twice changes
nothing the second time.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import Engine

from services.sessions.gyms.adapters import plan_repository as plan_repo
from services.sessions.gyms.adapters import repository as repo
from services.sessions.gyms.adapters import setup_repository as setup_repo
from services.sessions.gyms.domain.admin_input import NewPlanDay, NewPlanExercise
from services.sessions.gyms.domain.equipment import EquipmentItem
from services.sessions.gyms.domain.model import WORKOUT_V2_MODULE, ClientMcpPolicy, Localized, SetupField
from services.sessions.gyms.service_layer.admin import GymAdmin

COMPANY_NAME = "Kinetic Demo Gym"
COACH_NAME = "Coach Sam"
CLIENT_NAME = "Demo Athlete"
PLAN_NAME = Localized("Push / Pull / Legs", "Push / Pull / Benen")
PLAN_DESCRIPTION = Localized(
    "Three days a week: pushing, pulling and legs. Add weight when every set reaches the top of its range.",
    "Drie dagen per week: duwen, trekken en benen. Verhoog het gewicht zodra elke set de bovenkant van "
    "de range haalt.",
)


@dataclass(frozen=True)
class DemoExercise:
    """One allowlisted exercise of the demo gym."""

    slug: str
    name: Localized
    instructions: Localized


def _ex(slug: str, en: str, nl: str, how_en: str, how_nl: str) -> DemoExercise:
    return DemoExercise(slug, Localized(en, nl), Localized(how_en, how_nl))


DEMO_EXERCISES: tuple[DemoExercise, ...] = (
    _ex(
        "barbell-bench-press",
        "Bench Press",
        "Bankdrukken",
        "Lower the bar to mid-chest, press it back up over the shoulders.",
        "Laat de stang zakken tot midden op de borst en druk hem terug boven de schouders.",
    ),
    _ex(
        "overhead-press",
        "Overhead Press",
        "Schouderdrukken",
        "Press the bar from the shoulders to overhead, ribs down.",
        "Druk de stang vanaf de schouders boven je hoofd, ribben omlaag.",
    ),
    _ex(
        "dumbbell-bench-press",
        "Dumbbell Bench Press",
        "Bankdrukken met dumbbells",
        "Press both dumbbells up from chest level.",
        "Druk beide dumbbells omhoog vanaf borsthoogte.",
    ),
    _ex(
        "parallel-bar-dip",
        "Dips",
        "Dips",
        "Lower until the shoulders are just below the elbows, push back up.",
        "Zak tot de schouders net onder de ellebogen zijn en duw terug omhoog.",
    ),
    _ex(
        "triceps-pushdown",
        "Triceps Pushdown",
        "Triceps pushdown",
        "Elbows at your sides, push the handle down until the arms are straight.",
        "Ellebogen langs je lichaam, duw de handgreep omlaag tot je armen gestrekt zijn.",
    ),
    _ex(
        "barbell-deadlift",
        "Deadlift",
        "Deadlift",
        "Brace, push the floor away and stand up with the bar close to the legs.",
        "Zet je romp vast, duw de vloer weg en kom omhoog met de stang dicht langs je benen.",
    ),
    _ex(
        "barbell-bent-over-row",
        "Barbell Row",
        "Roeien met halterstang",
        "Hinge forward and pull the bar to the lower ribs.",
        "Buig voorover vanuit de heupen en trek de stang naar je onderste ribben.",
    ),
    _ex(
        "pull-up",
        "Pull-Up",
        "Optrekken",
        "Hang from the bar and pull until the chin is over it.",
        "Hang aan de stang en trek jezelf op tot je kin erboven is.",
    ),
    _ex(
        "lat-pulldown",
        "Lat Pulldown",
        "Lat pulldown",
        "Pull the bar to the upper chest, keep the torso still.",
        "Trek de stang naar je bovenborst en houd je romp stil.",
    ),
    _ex(
        "barbell-curl",
        "Barbell Curl",
        "Bicepscurl met halterstang",
        "Curl the bar up without swinging, lower it slowly.",
        "Krul de stang omhoog zonder te zwaaien en laat hem langzaam zakken.",
    ),
    _ex(
        "barbell-back-squat",
        "Back Squat",
        "Squat",
        "Bar on the upper back, sit down between the hips, stand up.",
        "Stang op je bovenrug, zak tussen je heupen en kom weer omhoog.",
    ),
    _ex(
        "romanian-deadlift",
        "Romanian Deadlift",
        "Roemeense deadlift",
        "Soft knees, push the hips back until the hamstrings stretch.",
        "Lichtgebogen knieën, duw je heupen naar achteren tot je hamstrings rekken.",
    ),
    _ex(
        "leg-press",
        "Leg Press",
        "Beenpers",
        "Lower the sled until the knees reach 90 degrees, press back up.",
        "Laat de slee zakken tot je knieën 90 graden maken en druk terug.",
    ),
    _ex(
        "walking-lunge",
        "Walking Lunge",
        "Lopende lunge",
        "Step forward and lower the back knee towards the floor.",
        "Stap naar voren en laat je achterste knie richting de vloer zakken.",
    ),
    _ex(
        "standing-calf-raise",
        "Standing Calf Raise",
        "Staande kuitheffing",
        "Rise onto the toes, pause, lower slowly.",
        "Kom op je tenen, houd even vast en zak langzaam.",
    ),
)


@dataclass(frozen=True)
class DemoTarget:
    """One exercise of a demo plan day with its targets."""

    slug: str
    sets: int
    reps: str
    weight_kg: float | None
    rest_seconds: int
    notes: Localized


def _target(
    slug: str, sets: int, reps: str, kg: float | None, rest: int, en: str = "", nl: str = ""
) -> DemoTarget:
    return DemoTarget(slug, sets, reps, kg, rest, Localized(en, nl))


DEMO_DAYS: tuple[tuple[Localized, tuple[DemoTarget, ...]], ...] = (
    (
        Localized("Push day", "Push-dag"),
        (
            _target(
                "barbell-bench-press", 3, "8", 80.0, 120, "Control the descent.", "Laat gecontroleerd zakken."
            ),
            _target("overhead-press", 3, "8-10", 40.0, 90),
            _target("parallel-bar-dip", 3, "AMRAP", None, 90),
            _target("triceps-pushdown", 3, "10-12", 25.0, 60),
        ),
    ),
    (
        Localized("Pull day", "Pull-dag"),
        (
            _target(
                "barbell-deadlift", 3, "5", 120.0, 180, "Reset every rep.", "Begin elke herhaling opnieuw."
            ),
            _target("barbell-bent-over-row", 3, "8-10", 60.0, 90),
            _target("pull-up", 3, "AMRAP", None, 90),
            _target("barbell-curl", 3, "10-12", 30.0, 60),
        ),
    ),
    (
        Localized("Legs day", "Benendag"),
        (
            _target("barbell-back-squat", 4, "6-8", 100.0, 150),
            _target("romanian-deadlift", 3, "8-10", 80.0, 120),
            _target("leg-press", 3, "10-12", 160.0, 90),
            _target("standing-calf-raise", 3, "12-15", 60.0, 60),
        ),
    ),
)

PRESET_SLUG = "leg-press"
COMPANY_PRESET = (
    SetupField("seat_position", Localized("Seat position", "Stoelstand"), 5.0),
    SetupField("foot_placement", Localized("Foot placement", "Voetplaatsing"), "middle"),
)
SYSTEM_PRESET = (SetupField("sled_weight_kg", Localized("Sled weight (kg)", "Gewicht slee (kg)"), 40.0),)
EQUIPMENT = (
    EquipmentItem("adjustable_dumbbells", 2),
    EquipmentItem("pull_up_bar", 1),
    EquipmentItem("resistance_bands", 3),
    EquipmentItem("exercise_mat", 1),
)


@dataclass(frozen=True)
class DemoGym:
    """IDs of the demo gym's records, for the run command's output and for tests."""

    company_id: str
    coach_id: str
    client_id: str
    plan_id: str
    day_ids: dict[str, str]
    exercise_ids: dict[str, str]


def ensure_demo_gym(
    engine: Engine, admin: GymAdmin, account_id: str, client_name: str = CLIENT_NAME
) -> DemoGym:
    """Create what is missing of the demo gym for ``account_id`` and switch its gates on."""
    with engine.connect() as conn:
        company = repo.company_named(conn, COMPANY_NAME)
    policy = ClientMcpPolicy((WORKOUT_V2_MODULE,), write_tools_allowed=True)
    if company is None:
        company = admin.create_company(COMPANY_NAME, True, policy)
    elif not company.mcp_integration_enabled or company.policy != policy:
        company = admin.update_company(
            company.id,
            ["mcp_integration_enabled", "client_mcp_policy"],
            mcp_integration_enabled=True,
            policy=policy,
        )

    with engine.connect() as conn:
        coach = repo.coach_named(conn, company.id, COACH_NAME)
        client = repo.client_for_account(conn, account_id)
    coach = coach or admin.create_coach(company.id, COACH_NAME)
    if client is None:
        client = admin.create_client(account_id, client_name, True)
    elif not client.health_data_consent:
        client = admin.update_client(client.id, ["health_data_consent"], health_data_consent=True)
    admin.set_relationship(client.id, company.id, True)

    exercise_ids: dict[str, str] = {}
    for demo in DEMO_EXERCISES:
        with engine.connect() as conn:
            found = repo.company_exercise_for_slug(conn, company.id, demo.slug)
        exercise = found or admin.create_exercise(
            company_id=company.id,
            catalog_exercise_id=demo.slug,
            name=demo.name,
            instructions=demo.instructions,
        )
        exercise_ids[demo.slug] = exercise.id

    with engine.connect() as conn:
        plan = plan_repo.client_plan_named(conn, client.id, coach.id, PLAN_NAME.en)
    if plan is None:
        days = [
            NewPlanDay(
                name=name,
                exercises=tuple(
                    NewPlanExercise(
                        exercise_ids[t.slug], t.sets, t.reps, t.weight_kg, t.rest_seconds, t.notes
                    )
                    for t in targets
                ),
            )
            for name, targets in DEMO_DAYS
        ]
        plan = admin.create_plan(
            coach_id=coach.id,
            client_id=client.id,
            name=PLAN_NAME,
            description=PLAN_DESCRIPTION,
            status="Active",
            days=days,
        )
    elif plan.status != "Active":
        plan = admin.set_plan_status(plan.id, "Active")

    admin.set_machine_preset(exercise_ids[PRESET_SLUG], "company", COMPANY_PRESET)
    admin.set_machine_preset(exercise_ids[PRESET_SLUG], "system", SYSTEM_PRESET)
    with engine.connect() as conn:
        has_profile = setup_repo.get_profile(conn, client.id) is not None
    if not has_profile:  # the client may have changed it since; the demo does not overwrite it
        admin.set_equipment_profile(client.id, EQUIPMENT)

    return DemoGym(
        company_id=company.id,
        coach_id=coach.id,
        client_id=client.id,
        plan_id=plan.id,
        day_ids={day.name.en: day.id for day in plan.days},
        exercise_ids=exercise_ids,
    )
