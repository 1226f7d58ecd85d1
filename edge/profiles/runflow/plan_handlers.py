"""RunFlow's plan tools: Training's ``EndurancePlanService`` for plans, workouts and snapshots,
analytics for thresholds, plan safety and completion, the sessions service for recalibrated
thresholds (decision 0064). The steps every write shares are ``plan_calls.PlanCalls``.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping, Sequence
from datetime import timedelta
from typing import Any

from edge.after_commit import Missing, read_after_commit
from edge.guard import Principal
from edge.mcp_profile.builder import Arguments, Payload
from edge.problems import EdgeProblem
from edge.profiles.runflow import plan_render as render
from edge.profiles.runflow import plan_requests as requests
from edge.profiles.runflow.plan_calls import (
    ADAPTATION_RESULT,
    ONE_WORKOUT,
    WHOLE,
    WORKOUT_LIST,
    Paths,
    PlanCalls,
    incomplete,
    nothing,
    result,
)
from edge.profiles.runflow.plan_schemas import PLAN_WEEKS_DEFAULT
from edge.profiles.runflow.steps import ENDURANCE_ARGUMENTS, SPORTS, draft
from kinetic.athlete_thresholds import thresholds
from kinetic.proto_enums import put_word
from kinetic.sessions.v1 import endurance_pb2 as sessions_pb2
from kinetic.training.v1 import endurance_plans_pb2 as plans_pb2


class RunFlowPlanTools(PlanCalls):
    """The plan tools' handlers (``plan_tools.py`` names them)."""

    # --- reads ---------------------------------------------------------------------------------

    async def get_training_plan(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.settings_of(principal)
        every = bool(arguments.get("includeAllWorkouts", False))
        steps = bool(arguments.get("includeStructuredSteps", not every))
        summary_only = bool(arguments.get("summaryOnly", False))
        today = athlete.today()
        last = today + timedelta(days=7 * int(arguments.get("weeks", PLAN_WEEKS_DEFAULT)) - 1)
        window = None if every else {"startDate": today.isoformat(), "endDate": last.isoformat()}
        request = plans_pb2.GetPlanRequest(
            account_id=athlete.account_id,
            goal_id=arguments.get("goalId", ""),
            from_day="" if every else today.isoformat(),
            to_day="" if every else last.isoformat(),
            summary_only=summary_only,
        )
        put_word(request, "sport", SPORTS.get(arguments.get("sport", ""), ""))  # with its twin (0129)
        plan = await self._plans().GetPlan(request)
        payload: Payload = {"plan": render.goal(plan.goal)}
        if not summary_only:
            payload["window"] = window
            payload["workouts"] = [render.workout(w, steps=steps) for w in plan.workouts]
        return payload

    async def list_training_plans(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.settings_of(principal)
        listed = await self._plans().ListGoals(
            plans_pb2.ListGoalsRequest(account_id=athlete.account_id, status=arguments.get("status", ""))
        )
        keep = (
            "goalId",
            "name",
            "sport",
            "raceType",
            "raceDate",
            "planStartDate",
            "isActive",
            "status",
            "creationMode",
            "workoutCount",
            "snapshotCount",
            "updatedAt",
        )
        plans = [{key: value for key, value in render.goal(g).items() if key in keep} for g in listed.goals]
        return {"count": len(plans), "plans": plans}

    async def list_plan_snapshots(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.settings_of(principal)
        listed = await self._plans().ListSnapshots(
            plans_pb2.ListSnapshotsRequest(account_id=athlete.account_id, goal_id=arguments.get("goalId", ""))
        )
        snapshots = [render.snapshot(s) for s in listed.snapshots]
        goal_id = arguments.get("goalId") or (snapshots[0]["goalId"] if snapshots else None)
        return {"goalId": goal_id, "count": len(snapshots), "snapshots": snapshots}

    # --- plan writes ---------------------------------------------------------------------------

    async def create_training_plan(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.settings_of(principal)
        # Training makes the plan (decision 0096): the generator's arguments as the tool got them.
        generate = plans_pb2.GeneratePlanRequest(
            arguments_json=json.dumps(dict(arguments)), today=athlete.today().isoformat(), as_goal=True
        )
        written, payload = await self._written(
            principal, arguments, WORKOUT_LIST, athlete=athlete, thresholds=True, generate=generate
        )
        response, plan = written.result, written.generated
        return {
            **payload,
            "plan": render.goal(response.goal),
            "createdWorkoutIds": list(response.created_workout_ids),
            "generated": {
                "event": plan.event,
                "vdot": round(plan.vdot, 1),
                "vdotSource": plan.vdot_source,
            },
        }

    async def create_custom_training_plan(self, principal: Principal, arguments: Arguments) -> Payload:
        goal = requests.goal(arguments)
        goal.creation_mode = requests.CREATION_MODE
        lock = bool(arguments.get("lockPlannedTss", False))
        mutation = plans_pb2.CreateGoal(
            goal=goal,
            workouts=[draft(w, lock_planned_tss=lock) for w in arguments.get("workouts", ())],
            activate=bool(arguments.get("activate", True)),
        )
        response, payload = await self._write(
            principal, arguments, WORKOUT_LIST, thresholds=True, create_goal=mutation
        )
        return {
            **payload,
            "plan": render.goal(response.goal),
            "createdWorkoutIds": list(response.created_workout_ids),
        }

    async def update_training_plan_phases(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.settings_of(principal)
        mutation = plans_pb2.UpdateGoal(
            goal_id=await self._goal_id(athlete, arguments),
            goal=requests.goal(arguments),
            update_mask=requests.goal_mask(arguments),
        )
        response, payload = await self._write(
            principal, arguments, WHOLE, athlete=athlete, update_goal=mutation
        )
        return {
            **payload,
            "plan": render.goal(response.goal),
            "updated": sorted(requests.goal_mask(arguments).paths),
        }

    async def set_active_training_plan(self, principal: Principal, arguments: Arguments) -> Payload:
        mutation = plans_pb2.SetActiveGoal(goal_id=arguments["goalId"])
        response, payload = await self._write(principal, arguments, WHOLE, set_active_goal=mutation)
        return {
            **payload,
            "plan": render.goal(response.goal),
            "activeGoalId": response.active_goal_id or arguments["goalId"],
        }

    async def delete_training_plan(self, principal: Principal, arguments: Arguments) -> Payload:
        permanent = bool(arguments.get("permanent", False))
        mutation = plans_pb2.DeleteGoal(goal_id=arguments["goalId"], permanent=permanent)
        response, payload = await self._write(principal, arguments, WHOLE, delete_goal=mutation)
        return {
            **payload,
            "goalId": arguments["goalId"],
            "deleted": "permanently" if permanent else "archived",
            "activeGoalId": response.active_goal_id or None,
        }

    async def import_plan_workouts_batch(self, principal: Principal, arguments: Arguments) -> Payload:
        lock = bool(arguments.get("lockPlannedTss", False))
        mutation = plans_pb2.ImportWorkouts(
            goal_id=arguments.get("goalId", ""),
            workouts=[draft(w, lock_planned_tss=lock) for w in arguments["workouts"]],
            lock_planned_tss=lock,
        )
        if "replaceFilter" in arguments:
            mutation.replace_filter.CopyFrom(requests.day_filter(arguments["replaceFilter"]))
        response, payload = await self._write(
            principal, arguments, WORKOUT_LIST, thresholds=True, import_workouts=mutation
        )
        return {
            **payload,
            "importedWorkoutIds": list(response.created_workout_ids),
            "replacedWorkoutIds": list(response.deleted_workout_ids),
        }

    async def modify_workouts_batch(self, principal: Principal, arguments: Arguments) -> Payload:
        return await self._modify(principal, arguments, arguments["workouts"], Paths({"changes": "workouts"}))

    async def reschedule_workouts_batch(self, principal: Principal, arguments: Arguments) -> Payload:
        mutation = plans_pb2.RescheduleWorkouts(moves=[requests.move(m) for m in arguments["moves"]])
        response, payload = await self._write(
            principal, arguments, Paths({"moves": "moves"}), reschedule_workouts=mutation
        )
        return {**payload, "workouts": [render.workout(w, steps=False) for w in response.workouts]}

    async def shift_plan_dates(self, principal: Principal, arguments: Arguments) -> Payload:
        mutation = plans_pb2.ShiftPlanDates(
            goal_id=arguments.get("goalId", ""),
            delta_days=int(arguments["deltaDays"]),
            from_day=arguments.get("fromDate", ""),
            to_day=arguments.get("toDate", ""),
        )
        response, payload = await self._write(principal, arguments, WHOLE, shift_plan_dates=mutation)
        return {
            **payload,
            "deltaDays": int(arguments["deltaDays"]),
            "shiftedWorkouts": len(response.workouts),
        }

    async def delete_workouts_batch(self, principal: Principal, arguments: Arguments) -> Payload:
        mutation = plans_pb2.DeleteWorkouts(workout_ids=list(arguments.get("workoutIds", ())))
        if "workoutIds" not in arguments:
            mutation.goal_id = arguments.get("goalId", "")
            mutation.filter.CopyFrom(requests.day_filter(arguments))
        response, payload = await self._write(principal, arguments, WHOLE, delete_workouts=mutation)
        return {**payload, "deletedWorkoutIds": list(response.deleted_workout_ids)}

    async def mark_workouts_status_batch(self, principal: Principal, arguments: Arguments) -> Payload:
        return await self._mark(principal, arguments, arguments["statuses"], Paths({"statuses": "statuses"}))

    async def restore_plan_snapshot(self, principal: Principal, arguments: Arguments) -> Payload:
        mutation = plans_pb2.RestoreSnapshot(
            snapshot_id=arguments.get("snapshotId", ""), goal_id=arguments.get("goalId", "")
        )
        response, payload = await self._write(principal, arguments, WHOLE, restore_snapshot=mutation)
        return {
            **payload,
            # The snapshot Training restored: the named one, or the latest undo snapshot (decision 0078).
            "restoredSnapshotId": response.restored_snapshot_id or arguments.get("snapshotId") or None,
            "preRestoreSnapshotId": response.pre_restore_snapshot_id or None,
            "plan": render.goal(response.goal),
        }

    # --- single workouts -----------------------------------------------------------------------

    async def create_structured_workout(self, principal: Principal, arguments: Arguments) -> Payload:
        lock = bool(arguments.get("lockPlannedTss", False))
        mutation = plans_pb2.ImportWorkouts(
            goal_id=arguments.get("goalId", ""),
            workouts=[draft(arguments, lock_planned_tss=lock)],
            lock_planned_tss=lock,
        )
        response, payload = await self._write(
            principal, arguments, ONE_WORKOUT, thresholds=True, import_workouts=mutation
        )
        created = [w for w in response.workouts if w.workout_id in response.created_workout_ids]
        return {**payload, "workout": render.workout(created[0]) if created else None}

    async def modify_workout(self, principal: Principal, arguments: Arguments) -> Payload:
        payload = await self._modify(
            principal, arguments, [arguments], Paths({"changes": "changes"}, single="changes")
        )
        workouts = payload.pop("workouts")
        return {**payload, "workout": workouts[0] if workouts else None}

    async def reschedule_workout(self, principal: Principal, arguments: Arguments) -> Payload:
        mutation = plans_pb2.RescheduleWorkouts(moves=[requests.move(arguments)])
        response, payload = await self._write(
            principal, arguments, Paths(single="moves"), reschedule_workouts=mutation
        )
        return {
            **payload,
            "workout": render.workout(response.workouts[0], steps=False) if response.workouts else None,
        }

    async def swap_workouts(self, principal: Principal, arguments: Arguments) -> Payload:
        first, second = arguments["workoutIds"]
        mutation = plans_pb2.SwapWorkouts(first_workout_id=first, second_workout_id=second)
        response, payload = await self._write(principal, arguments, WHOLE, swap_workouts=mutation)
        return {**payload, "workouts": [render.workout(w, steps=False) for w in response.workouts]}

    async def delete_workout(self, principal: Principal, arguments: Arguments) -> Payload:
        mutation = plans_pb2.DeleteWorkouts(workout_ids=[arguments["workoutId"]])
        response, payload = await self._write(
            principal, arguments, Paths(single="workoutIds"), delete_workouts=mutation
        )
        return {**payload, "deletedWorkoutIds": list(response.deleted_workout_ids)}

    async def mark_workout_status(self, principal: Principal, arguments: Arguments) -> Payload:
        payload = await self._mark(principal, arguments, [arguments], Paths(single="statuses"))
        workouts = payload.pop("workouts")
        return {**payload, "workout": workouts[0] if workouts else None}

    # --- thresholds and summaries --------------------------------------------------------------

    async def recalibrate_thresholds(self, principal: Principal, arguments: Arguments) -> Payload:
        """Store each new value in the sessions service (source ``recalibrated``), then recompute
        the plan's future workouts with them. The plan is looked up first, so a call about a plan
        that is not there stores nothing."""
        athlete = await self._athletes.settings_of(principal)
        goal_id = await self._goal_id(athlete, arguments, verify=True)
        day = arguments.get("effectiveDate") or athlete.today().isoformat()
        # The figures first: a failure to read them stores nothing (decision 0072).
        figures = await self._figures(athlete)
        stored = await asyncio.gather(
            *(
                self._sessions().SetThreshold(
                    sessions_pb2.SetThresholdRequest(
                        account_id=athlete.account_id,
                        threshold=sessions_pb2.Threshold(effective_day=day, source="recalibrated", **record),
                    )
                )
                for record in requests.threshold_records(arguments)
            )
        )
        known = requests.recalibrated(thresholds(figures), arguments)
        mutation = plans_pb2.Recalibrate(
            goal_id=goal_id, preserve_locked_tss=bool(arguments.get("preserveCustomWorkoutTss", True))
        )
        try:
            response, payload = await self._write(
                principal, arguments, WHOLE, athlete=athlete, known=known, recalibrate=mutation
            )
        except EdgeProblem as problem:
            kinds = ", ".join(s.threshold.kind for s in stored)
            problem.description = (
                f"{problem.description.rstrip('.')}. The new thresholds ({kinds}) are stored; the plan's "
                "workouts were not recalculated. Calling again with the same arguments is safe: "
                "thresholds are set, not added."
            )
            raise
        return {
            **payload,
            "thresholds": {
                "vdot": round(known.vdot, 1) if known.HasField("vdot") else None,
                "thresholdPaceSecondsPerKm": round(known.threshold_pace_seconds_per_km, 1)
                if known.HasField("threshold_pace_seconds_per_km")
                else None,
                "ftpWatts": round(known.ftp_watts) if known.HasField("ftp_watts") else None,
                "cssSecondsPer100m": round(known.css_seconds_per_100m, 1)
                if known.HasField("css_seconds_per_100m")
                else None,
                "thresholdHr": round(known.threshold_hr_bpm) if known.HasField("threshold_hr_bpm") else None,
                "maxHr": round(known.max_hr_bpm) if known.HasField("max_hr_bpm") else None,
                "restingHr": round(known.resting_hr_bpm) if known.HasField("resting_hr_bpm") else None,
            },
            "storedThresholds": [s.threshold.kind for s in stored],
            "effectiveDate": day,
            "recalculatedWorkouts": len(response.workouts),
        }

    async def save_weekly_coaching_summary(self, principal: Principal, arguments: Arguments) -> Payload:
        athlete = await self._athletes.settings_of(principal)
        text = arguments.get("text") or ""
        mutation = plans_pb2.SaveCoachingSummary(
            goal_id=await self._goal_id(athlete, arguments), week_start=arguments["weekStart"], text=text
        )
        _, payload = await self._write(
            principal, arguments, WHOLE, athlete=athlete, save_coaching_summary=mutation
        )
        return {**payload, "weekStart": arguments["weekStart"], "saved": bool(text), "deleted": not text}

    # --- shared --------------------------------------------------------------------------------

    async def _modify(
        self, principal: Principal, arguments: Arguments, items: Sequence[Mapping[str, Any]], paths: Paths
    ) -> Payload:
        """Changes by workoutId; one that touches the endurance part (sport, totals, intensity,
        steps) starts from the stored part, read from the library, since Training replaces it whole."""
        athlete = await self._athletes.settings_of(principal)
        touched = [item["workoutId"] for item in items if any(w in item for w in ENDURANCE_ARGUMENTS)]
        stored = await self._stored_endurance(athlete, touched, paths)
        mutation = plans_pb2.ModifyWorkouts(
            changes=[requests.change(i, stored.get(i["workoutId"])) for i in items]
        )
        response, payload = await self._write(
            principal,
            arguments,
            paths,
            athlete=athlete,
            thresholds=True,
            modify_workouts=mutation,
        )
        return {**payload, "workouts": [render.workout(w) for w in response.workouts]}

    async def _mark(
        self, principal: Principal, arguments: Arguments, items: Sequence[Mapping[str, Any]], paths: Paths
    ) -> Payload:
        """Statuses, then the completion assessment once: for the latest-scheduled workout the call
        marks completed (its linked activity's TSS against the plan's)."""
        athlete = await self._athletes.settings_of(principal)
        mutation = plans_pb2.MarkWorkouts(statuses=[requests.status(item) for item in items])
        response = await self._mutate(athlete, arguments, paths, None, mark_workouts=mutation)
        done = sorted(
            (w for w in response.workouts if w.completed), key=lambda w: (w.scheduled_date, w.order)
        )
        # The statuses are stored: what analytics cannot answer now is named, not a failure (0072).
        advisories, assessed = await asyncio.gather(
            read_after_commit(self._safety(athlete, response)),
            read_after_commit(self._assess(athlete, done[-1]) if done else nothing()),
        )
        payload = result(response, advisories, arguments)
        if isinstance(assessed, Missing):
            payload["incomplete"] = [
                *payload.get("incomplete", []),
                incomplete(ADAPTATION_RESULT, assessed, arguments),
            ]
        return {
            **payload,
            "workouts": [render.workout(w, steps=False) for w in response.workouts],
            "adaptationResult": render.adaptation(assessed, done[-1].workout_id)
            if assessed and not isinstance(assessed, Missing) and done
            else None,
        }
