"""A run's results file (JSON lines): what survives a stopped run and lets it resume.

The first line names the run ({"run": ...}: the command and everything its deals depend on,
not how many deals); then one line per finished deal, written as it finishes:
{"deal": name, "seed": seed, "result": ...}. Running the same command again with the same file
reads the finished deals back and plays only the others (a run may also be extended to more deals).
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from typing import IO

from engine.protocol import JSON, BadRequest
from engine.runs.work import Deal


class ResultsFile:
    def __init__(self, path: str, run: JSON) -> None:
        """Open (or start) the results file of `run` at `path`. Raises BadRequest when it holds
        another run's results or is not a results file."""
        self.path = path
        self.run = json.loads(json.dumps(run))
        self.finished: dict[str, JSON] = {}
        lines = self._read()
        if lines:
            self._check_header(lines[0])
            for number, line in enumerate(lines[1:], 2):
                self._read_line(number, line)
        try:
            self.handle: IO[str] = open(path, "a", encoding="utf-8")  # closed by close()
        except OSError as exc:
            raise BadRequest(f"cannot write the results file {path}: {exc}") from None
        if not lines:
            self._write({"run": self.run})

    def _read(self) -> list[str]:
        """The file's complete lines; a last line cut short (the run killed while writing it) is
        cut off the file, so the next line starts on its own."""
        try:
            with open(self.path, "rb") as handle:
                data = handle.read()
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise BadRequest(f"cannot read the results file {self.path}: {exc}") from None
        whole = data[: data.rfind(b"\n") + 1]
        if len(whole) < len(data):
            os.truncate(self.path, len(whole))
        try:
            return whole.decode("utf-8").splitlines()
        except UnicodeDecodeError:
            raise BadRequest(f"{self.path} is not a results file (not text)") from None

    def _check_header(self, line: str) -> None:
        try:
            header = json.loads(line)
        except ValueError:
            header = None
        if not isinstance(header, dict) or "run" not in header:
            raise BadRequest(f"{self.path} is not a results file (its first line names no run)")
        if header["run"] != self.run:
            raise BadRequest(f"{self.path} holds the results of another run ({json.dumps(header['run'])}), "
                             f"not of this one ({json.dumps(self.run)}): give another file")

    def _read_line(self, number: int, line: str) -> None:
        try:
            entry = json.loads(line)
            self.finished[entry["deal"]] = entry["result"]
        except (ValueError, KeyError, TypeError):
            raise BadRequest(f"{self.path}, line {number}: not a finished deal") from None

    def _write(self, entry: JSON) -> None:
        self.handle.write(json.dumps(entry) + "\n")
        self.handle.flush()  # a run stopped a moment later keeps this line

    def add(self, deal: Deal, result: JSON) -> None:
        """One more finished deal."""
        self._write({"deal": deal.name, "seed": deal.seed, "result": result})

    def holds(self, deals: Sequence[Deal]) -> int:
        """How many of `deals` the file holds, read again from it: a Ctrl-C may come between a
        line's write and anything counted after it, and what is kept is what the file says."""
        names = {json.loads(line)["deal"] for line in self._read()[1:]}
        return sum(deal.name in names for deal in deals)

    def close(self) -> None:
        self.handle.close()
