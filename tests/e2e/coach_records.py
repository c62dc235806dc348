"""The coach's games: records to replay and review (a Luzon deal thrown away by its last move, a
finished game with the person's mistakes in it), the page loaded on a game's screen with one of them
imported, the coach opened from a finished game's result, the replay's count of moves, and the
engine's own answers (a request natively; a whole review in a process of its own, beside the page)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

from playwright.sync_api import expect

from engine.api import handle
from engine.session import Session
from tests.engine.helpers import persons_record

from .conftest import ROOT, App, settled
from .native_records import Record, import_record

TIMEOUT = 30_000

# every slice of a review (one request rates a bounded slice), in a process of its own
NATIVE = """
import json, sys
from engine.api import handle
request, decisions, start = json.loads(sys.stdin.read()), [], 0
while start is not None:
    answer = json.loads(handle(json.dumps({**request, "start": start})))
    if not answer["ok"]:
        break
    decisions += answer["review"]["decisions"]
    start = answer["review"]["next"]
else:
    answer = {"ok": True, "review": {"decisions": decisions}}
sys.stdout.write(json.dumps(answer))
"""


def native(request: dict[str, Any]) -> dict[str, Any]:
    """The engine's answer to `request`, natively (an answer that is not ok fails)."""
    answer: dict[str, Any] = json.loads(handle(json.dumps(request)))
    assert answer["ok"], answer
    return answer


def native_beside(request: dict[str, Any]) -> Callable[[], dict[str, Any]]:
    """Start a review in the native engine in a process of its own, so that it runs on the other
    core while the page works; the function returned waits for every decision of it."""
    process = subprocess.Popen([sys.executable, "-c", NATIVE], cwd=ROOT, stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, text=True)
    assert process.stdin
    process.stdin.write(json.dumps(request))
    process.stdin.close()

    def answer() -> dict[str, Any]:
        assert process.stdout
        text = process.stdout.read()
        assert process.wait(timeout=TIMEOUT / 1000) == 0
        reply: dict[str, Any] = json.loads(text)
        assert reply["ok"], reply
        return reply

    return answer


def load_with_record(app: App, game: str, record: Record, link: str = "", board: str = "#board") -> None:
    """Load the page at the game's screen (`link`: its query, a deal's link) and import `record` on the
    person's turn (`board`: the screen's element that carries its session and moves)."""
    app.open(f"#/play/{game}{link}")
    # the screen has started (a game saved earlier resumed, or a new deal) before the file is given
    expect(app.page.locator(f"{board}[data-session]")).to_be_attached(timeout=TIMEOUT)
    expect(app.page.locator(".game.busy")).to_have_count(0, timeout=TIMEOUT)
    settled(app.page)  # the computers' opening moves made: the file comes on the person's turn
    if link and app.page.locator("#confirm[open]").is_visible():
        # the link's deal over a saved game of the same kind asks first ("Leave this game?"), a modal
        # question: a file given under it would never reach the page (a player cannot reach the button)
        app.page.click("#confirm-yes")
        expect(app.page.locator("#confirm[open]")).to_have_count(0, timeout=TIMEOUT)
        expect(app.page.locator(".game.busy")).to_have_count(0, timeout=TIMEOUT)
        settled(app.page)
    import_record(app, record, board)
    expect(app.page.locator(".game.busy")).to_have_count(0, timeout=TIMEOUT)


def luzon_blunder() -> tuple[Record, int, str]:
    """A Luzon record whose last move threw away a winnable deal (the engine test's helper)."""
    from tests.engine.test_review import _luzon_blunder

    record, index, lost, _ = _luzon_blunder()
    return record, index, lost


def finished_record(game: str, options: dict[str, Any], seed: int, seats: list[str]) -> Record:
    """A finished game in which the person's moves were the easy player's (so it has mistakes)."""
    session = Session.new(game, options, seed, seats)
    while (seat := session.game.to_move(session.state)) is not None:
        session.ai_move("easy" if session.is_human(seat) else None)
    record: Record = persons_record(session.record())
    return record


def open_coach_from_result(app: App) -> None:
    """A game that is over shows its result dialog over the screen: the coach opens from it."""
    app.page.locator("dialog[open][data-kind=game-over] button[data-action=review-game]").click(timeout=TIMEOUT)


def counted(record: Record) -> Callable[[int], str]:
    """The replay's words at each position, counted as a player counts the moves on the table: the
    record's moves and the moves the deals made (a table round's lead), as the engine says where."""
    dealt = native({"op": "replay", "record": record, "at": 0})["deal_moves"]

    def number(at: int) -> int:
        return at + sum(1 for d in dealt if d <= at)

    return lambda at: f"Move {number(at)} of {number(len(record['moves']))}"
