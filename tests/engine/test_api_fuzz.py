"""The API fuzz in the test command (a few hundred examples; tests/bench/bench_fuzz.py runs longer)."""

from __future__ import annotations

import os

from tests.engine.api_fuzz import fuzz, twin_fuzz


def test_handle_never_raises_refuses_with_a_typed_error_and_changes_nothing() -> None:
    fuzz(int(os.environ.get("BONEYARD_FUZZ_EXAMPLES", "300")))


def test_no_answer_differs_by_what_a_computer_holds() -> None:
    twin_fuzz(int(os.environ.get("BONEYARD_FUZZ_EXAMPLES", "300")) // 2)
