"""The hostile files of ``tests.fixtures.hostile_files`` uploaded to a real sessions service: each is
answered (stored, or refused naming why) within the edge's deadline, never with an internal error
or an outage, and a read of another account is answered meanwhile (decision 0069)."""

from __future__ import annotations

import asyncio

import grpc

from edge.deadlines import deadline_for
from kinetic.sessions.v1 import endurance_pb2 as en
from tests.fixtures import hostile_files
from tests.integration.sessions.endurance_support import endurance_stack
from tests.integration.sessions.session_support import ACCOUNT

SIZE = 256 * 1024
OTHER = "acc_other_reader"


async def test_every_hostile_activity_file_is_answered_and_other_reads_go_on(sqlite_engines, tmp_path):
    async with endurance_stack(sqlite_engines, tmp_path) as stack:
        for name, make in hostile_files.ACTIVITY_CASES.items():
            upload = stack.endurance.ImportActivityFile(
                en.ImportActivityFileRequest(account_id=ACCOUNT, data=make(SIZE), filename=name),
                timeout=deadline_for("ImportActivityFile"),
            )
            read = stack.endurance.ListThresholds(
                en.ListThresholdsRequest(account_id=OTHER), timeout=deadline_for("ListThresholds")
            )
            answers: list[object] = list(await asyncio.gather(upload, read, return_exceptions=True))
            uploaded, other = answers
            assert not isinstance(other, BaseException), f"{name}: another account's read failed: {other}"
            if isinstance(uploaded, grpc.aio.AioRpcError):
                assert uploaded.code() == grpc.StatusCode.INVALID_ARGUMENT, f"{name}: {uploaded.code()}"
                assert uploaded.details(), name
