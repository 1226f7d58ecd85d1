"""UpdateLogProfile, StartProgram and EndProgram: the log's preferences and the one program an
account follows (decision 0049). Program content lives with the edge's knowledge
(``knowledge/training``), which checks IDs and days; here it is only stored."""

from __future__ import annotations

from dataclasses import dataclass, replace

from sqlalchemy import Connection, Engine

from services.sessions.domain.session_rules import require_account
from services.sessions.service_layer.session_support import Clock, locked_write, utc_now
from services.sessions.workout_log.adapters import log_repository as log_repo
from services.sessions.workout_log.domain.log_errors import NoCurrentProgram, ProgramAlreadyStarted
from services.sessions.workout_log.domain.log_model import CurrentProgram, LogProfile, ProfileChange
from services.sessions.workout_log.domain.profile_rules import check_profile_change, check_program_start


@dataclass(frozen=True)
class ProgramStart:
    """The program followed after StartProgram, and whether it already was."""

    program: CurrentProgram
    replayed: bool


class LogProfileEditing:
    """UpdateLogProfile, StartProgram and EndProgram, each under the account's write lock."""

    def __init__(self, engine: Engine, clock: Clock = utc_now) -> None:
        self._engine = engine
        self._clock = clock

    def update(self, account_id: str, change: ProfileChange) -> LogProfile:
        """Change the preferences given; the others stay."""
        require_account(account_id)
        checked = check_profile_change(change)
        now = self._clock()

        def write(conn: Connection) -> LogProfile:
            stored = log_repo.get_profile(conn, account_id)
            updated = replace(
                stored,
                goals=stored.goals if checked.goals is None else checked.goals,
                equipment=stored.equipment if checked.equipment is None else checked.equipment,
                limitations=stored.limitations if checked.limitations is None else checked.limitations,
                training_days=(
                    stored.training_days if checked.training_days is None else checked.training_days
                ),
                calm_mode=stored.calm_mode if checked.calm_mode is None else checked.calm_mode,
                program_suggestions=(
                    stored.program_suggestions
                    if checked.program_suggestions is None
                    else checked.program_suggestions
                ),
            )
            log_repo.put_profile(conn, account_id, updated, now)
            return updated

        return locked_write(self._engine, account_id, now, write)

    def start_program(self, account_id: str, program: CurrentProgram) -> ProgramStart:
        """Follow ``program``; the same program again changes nothing, another one is refused."""
        require_account(account_id)
        now = self._clock()
        checked = check_program_start(program, now.date())

        def write(conn: Connection) -> ProgramStart:
            stored = log_repo.get_profile(conn, account_id)
            current = stored.current_program
            if current is not None and current.program_id == checked.program_id:
                return ProgramStart(current, replayed=True)
            if current is not None:
                raise ProgramAlreadyStarted(
                    f"the account follows {current.program_id} (since {current.started_on}); "
                    "end it before starting another",
                    metadata={"currentProgramId": current.program_id},
                )
            log_repo.put_profile(conn, account_id, replace(stored, current_program=checked), now)
            return ProgramStart(checked, replayed=False)

        return locked_write(self._engine, account_id, now, write)

    def end_program(self, account_id: str) -> CurrentProgram:
        """Stop following the current program; returns it."""
        require_account(account_id)
        now = self._clock()

        def write(conn: Connection) -> CurrentProgram:
            stored = log_repo.get_profile(conn, account_id)
            if stored.current_program is None:
                raise NoCurrentProgram("the account follows no program")
            log_repo.put_profile(conn, account_id, replace(stored, current_program=None), now)
            return stored.current_program

        def no_account() -> CurrentProgram:
            raise NoCurrentProgram("the account follows no program")

        return locked_write(self._engine, account_id, now, write, no_account=no_account)
