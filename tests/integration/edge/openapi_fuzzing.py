"""The schemathesis run the /openapi.json tests share: every operation of a document, valid and
invalid cases, each response checked against the document."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

import schemathesis
from hypothesis import HealthCheck, Phase, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

# Every operation x mode x example of the whole document stays under the account's 300 requests a
# minute, so the handlers are reached rather than the limiter.
EXAMPLES_PER_OPERATION_AND_MODE = 20
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
]


def fuzz(
    document: dict,
    base_url: str,
    api_key: str | Callable[[], str],
    examples: int = EXAMPLES_PER_OPERATION_AND_MODE,
    derandomize: bool = True,
    after: Callable[[Any, Any], None] | None = None,
) -> Counter[tuple[str, int]]:
    """Send the generated cases (blocking); returns how many got each (path, status).

    ``api_key`` may be a function, asked before each case (a fuzz run beyond one account's budget
    switches accounts); ``after`` sees each case and its response once the checks pass.
    """
    schema = schemathesis.openapi.from_dict(document)
    key = api_key if callable(api_key) else lambda: api_key
    statuses: Counter[tuple[str, int]] = Counter()
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), f"the document is invalid: {result}"
        operation = result.ok()
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):

            @settings(
                max_examples=examples,
                deadline=None,
                database=None,
                derandomize=derandomize,
                phases=[Phase.generate],
                suppress_health_check=list(HealthCheck),
            )
            @given(case=operation.as_strategy(generation_mode=mode))
            def check(case):
                headers = {"Authorization": f"Bearer {key()}"}
                response = case.call(base_url=base_url, headers=headers, timeout=30)
                statuses[case.operation.path, response.status_code] += 1
                case.validate_response(response, checks=CHECKS)
                if after is not None:
                    after(case, response)

            check()
    return statuses
