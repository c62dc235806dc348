"""`python -m engine review FOLDER`: every record (*.json) of a folder reviewed, the records in
parallel (engine/runs): each record is one deal of the run, named by its file and its seed."""

from __future__ import annotations

import json
import os
from typing import Any

from engine.protocol import JSON, BadRequest
from engine.review import open_record, review
from engine.review_marks import GRADE_NAMES
from engine.runs import Deal, Deals, Runner


def review_record_json(record: Any, seats: list[int] | None) -> JSON:
    """One record's whole review, as a run's worker plays it."""
    return review(open_record(record), seats)


def read_record(path: str) -> Any:
    """A record file's JSON; BadRequest when it cannot be read."""
    try:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, ValueError) as exc:
        raise BadRequest(f"cannot read the record {path}: {exc}") from None


def review_folder(folder: str, seats: list[int] | None, runner: Runner | None = None) -> JSON:
    """The review of each record of `folder` (its *.json files, by name) and the grades of all
    of them added up."""
    try:
        names = sorted(name for name in os.listdir(folder) if name.endswith(".json"))
    except OSError as exc:
        raise BadRequest(f"cannot read the folder {folder}: {exc}") from None
    if not names:
        raise BadRequest(f"{folder} holds no record (*.json)")

    def deal(i: int) -> Deal:
        record = read_record(os.path.join(folder, names[i]))
        seed = record.get("seed") if isinstance(record, dict) else None
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise BadRequest(f"{names[i]} in {folder} is not a record (no seed)")
        return Deal(names[i], seed, (record, seats))

    run = {"command": "review", "folder": os.path.abspath(folder), "seats": seats}
    reviews = (runner or Runner()).run(review_record_json, Deals(len(names), deal), run, label="records")
    return {"records": [{"file": name, **rated} for name, rated in zip(names, reviews, strict=True)],
            "summary": {grade: sum(rated["summary"][grade] for rated in reviews) for grade in GRADE_NAMES}}
