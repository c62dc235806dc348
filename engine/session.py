"""A game in progress: seats, the record, undo/redo, computer turns, hints and views."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from engine.games import get_game
from engine.players import get_player
from engine.protocol import JSON, BadRecord, BadRequest, EngineError, Game, GameOver, NotYourTurn
from engine.rng import deal_rng
from engine.solvers import advisor_for

RECORD_VERSION = 1
# A session keeps the states after its last KEEP_RECENT moves (undo is instant) and, before those,
# only every CHECKPOINT_EVERY-th: an undo further back rebuilds the missing states by replaying the
# moves from the checkpoint below (the games are deterministic), so a long game's memory stays small.
KEEP_RECENT = 32
CHECKPOINT_EVERY = 64


def parse_seats(seats: Any, count: int) -> list[str]:
    """Validate seat kinds: "human" or "ai:LEVEL"; default one human then computers."""
    if seats is None:
        return ["human"] + ["ai:medium" if count > 1 else "ai:advisor"] * (count - 1)
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise BadRequest("seats must be a list of strings")
    if len(seats) != count:
        raise BadRequest(f"this game needs {count} seats, got {len(seats)}")
    for s in seats:
        if s != "human":
            if not s.startswith("ai:"):
                raise BadRequest(f"bad seat {s!r}: use 'human' or 'ai:LEVEL'")
            get_player(s[3:])
    return list(seats)


def parse_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BadRequest("seed must be a non-negative integer")
    return seed


@dataclass
class Session:
    """One game being played. `history[i]` is the state after `moves[:i]`, or None where it was
    let go (see KEEP_RECENT); the last one is always there."""

    game: Game[Any]
    options: dict[str, Any]
    seed: int
    seats: list[str]
    history: list[Any]
    moves: list[str] = field(default_factory=list)
    redo_stack: list[str] = field(default_factory=list)
    # Undo never goes below this many moves: the last move that showed a person hidden
    # information (a drawn tile, a round end showing every hand) stays made.
    undo_floor: int = 0

    @classmethod
    def new(cls, game_id: Any, options: Any, seed: Any, seats: Any = None) -> Session:
        game = get_game(game_id)
        if options is not None and not isinstance(options, dict):
            raise BadRequest("options must be an object")
        resolved = game.spec.resolve_options(options)
        seed = parse_seed(seed)
        seat_list = parse_seats(seats, game.num_seats(resolved))
        return cls(game, resolved, seed, seat_list, [game.new_state(resolved, seed)])

    @classmethod
    def load(cls, record: Any) -> Session:
        """Replay a record, checking every move; raises BadRecord."""
        if not isinstance(record, dict):
            raise BadRecord("a record must be an object")
        version = record.get("version", RECORD_VERSION)
        if type(version) is not int or version != RECORD_VERSION:  # not True, not 1.0
            raise BadRecord(f"record version {record.get('version')!r} is not supported")
        moves = record.get("moves", [])
        if not isinstance(moves, list) or not all(isinstance(m, str) for m in moves):
            raise BadRecord("record moves must be a list of move ids")
        try:
            session = cls.new(record.get("game"), record.get("options"), record.get("seed"), record.get("seats"))
        except EngineError as exc:
            raise BadRecord(f"bad record: {exc}") from None
        for i, move in enumerate(moves):
            try:
                session._apply(move)
            except EngineError as exc:
                raise BadRecord(f"move {i + 1} ({move}) is not legal: {exc}") from None
        return session

    @property
    def state(self) -> Any:
        return self.history[-1]

    def record(self) -> JSON:
        return {
            "version": RECORD_VERSION,
            "game": self.game.spec.id,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": list(self.seats),
            "moves": list(self.moves),
        }

    def _let_go(self) -> None:
        """Drop the state that has just left the recent window, unless it is a checkpoint."""
        index = len(self.history) - 1 - KEEP_RECENT
        if index > 0 and index % CHECKPOINT_EVERY:
            self.history[index] = None

    def _state_at(self, index: int) -> Any:
        """The state after moves[:index]; one let go is rebuilt (with those between) by replaying
        the moves from the nearest kept state below."""
        if self.history[index] is None:
            start = max(i for i in range(index) if self.history[i] is not None)
            state = self.history[start]
            for i in range(start, index):
                state = self.game.apply(state, self.moves[i])
                self.history[i + 1] = state
        return self.history[index]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat] == "human"

    def move_entry(self, state: Any, move: str) -> JSON:
        """A move as the page reads it: id, label (third person, after a seat name) and the
        game's structured fields (kind, you, tile, from, to, ...)."""
        return {"id": move, "label": self.game.move_label(state, move), **self.game.move_fields(state, move)}

    def _apply(self, move: str) -> JSON:
        state = self.state
        seat = self.game.to_move(state)
        self.game.check_move(state, move)
        entry = self.move_entry(state, move)
        after = self.game.apply(state, move)
        self.history.append(after)
        self.moves.append(move)
        if any(self.is_human(s) for s in self.game.revealed_to(state, move, after)):
            self.undo_floor = len(self.moves)
        self._let_go()
        return {"seat": seat, "move": move, **entry}

    def replay_move(self, move: str) -> JSON:
        """A recorded move, whoever's seat it is (replaying a record): its event."""
        event = self._apply(move)
        self.redo_stack.clear()
        return event

    def play(self, move: Any) -> JSON:
        """A person's move; the seat to move must be a human seat."""
        if not isinstance(move, str):
            raise BadRequest("move must be a move id string")
        self.game.check_move(self.state, move)
        if not self.is_human(self.game.to_move(self.state)):
            raise NotYourTurn("Wait: it is a computer player's turn.")
        event = self._apply(move)
        self.redo_stack.clear()
        return event

    def _seat_to_move(self) -> int:
        seat = self.game.to_move(self.state)
        if seat is None:
            raise GameOver("The game is over.")
        return seat

    def ai_rng(self) -> random.Random:
        """Computer decisions are seeded by the game seed and the move number, so a game
        replays the same way natively and in the browser."""
        return deal_rng(self.seed, "ai", len(self.moves))

    def ai_move(self, level: str | None = None) -> JSON:
        """The computer seat to move plays once (a person's seat too when `level` is
        given: autoplay of a solitaire)."""
        state = self.state
        seat = self._seat_to_move()
        if level is None:
            if self.is_human(seat):
                raise NotYourTurn("It is a person's turn.")
            level = self.seats[seat][3:]
        rng = self.ai_rng()
        player = get_player(level)
        move = player.choose(self.game, self.game.determinize(state, seat, rng), seat, rng)
        event = self._apply(move)
        self.redo_stack.clear()
        return event

    def hint(self) -> JSON:
        """Advice for a person whose turn it is, from what that seat may know only: the game's
        own advisor or a computer player, both given a determinized state."""
        state = self.state
        seat = self._seat_to_move()
        if not self.is_human(seat):
            raise NotYourTurn("Hints are for a person's turn: it is a computer player's turn.")
        rng = self.ai_rng()
        known = self.game.determinize(state, seat, rng)
        advisor = advisor_for(self.game)
        hint = advisor.hint(known, rng) if advisor else None
        if hint is None:
            level = "hard"
            move = get_player(level).choose(self.game, known, seat, rng)
            return {**self.move_entry(state, move), "move": move,
                    "reason": f"the {level} computer player would play this", "chance": None}
        return {**self.move_entry(state, hint.move), **hint.to_json()}

    def undo_target(self) -> int | None:
        """How many moves stay after an undo: back to the person's last turn (a table of
        computers only: one move), never below the undo floor; None when nothing can be undone."""
        people = any(s == "human" for s in self.seats)
        for kept in range(len(self.moves) - 1, self.undo_floor - 1, -1):
            if not people or self.is_human(self.game.to_move(self._state_at(kept))):
                return kept
        return None

    def undo(self) -> int:
        """Take back the last move, and with computer seats back to the person's last
        turn. Returns how many moves were taken back (0 when there is nothing to undo)."""
        kept = self.undo_target()
        if kept is None:
            return 0
        undone = len(self.moves) - kept
        for _ in range(undone):
            self.redo_stack.append(self.moves.pop())
            self.history.pop()
        self._state_at(kept)  # a state let go comes back
        return undone

    def redo(self) -> int:
        redone = 0
        while self.redo_stack:
            self._apply(self.redo_stack.pop())
            redone += 1
            seat = self.game.to_move(self.state)
            if self.is_human(seat) or seat is None or not self.redo_stack:
                break
        return redone

    def viewer(self, seat: Any = None) -> int:
        if seat is not None:
            if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
                raise BadRequest(f"seat must be 0..{len(self.seats) - 1}")
            return seat
        to_move = self.game.to_move(self.state)
        if self.is_human(to_move):
            assert to_move is not None
            return to_move
        humans = [i for i, s in enumerate(self.seats) if s == "human"]
        return humans[0] if humans else 0

    def analysis(self) -> JSON:
        """What the game's advisor shows beside the board now (None without one)."""
        advisor = advisor_for(self.game)
        return advisor.analysis(self.state) if advisor else None

    def view(self, seat: Any = None, events: list[JSON] | None = None) -> JSON:
        viewer = self.viewer(seat)
        state = self.state
        to_move = self.game.to_move(state)
        outcome = self.game.outcome(state)
        legal, extra = [], []
        if to_move == viewer:
            legal = [self.move_entry(state, m) for m in self.game.legal_moves(state)]
            extra = [self.move_entry(state, m) for m in self.game.extra_moves(state)]
        view = {
            "game": self.game.spec.id,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": list(self.seats),
            "seat": viewer,
            "to_move": to_move,
            "legal": legal,
            "extra_moves": extra,
            "outcome": outcome.to_json() if outcome else None,
            "events": events or [],
            "can_undo": any(s == "human" for s in self.seats) and self.undo_target() is not None,
            "can_redo": bool(self.redo_stack),
            "moves": len(self.moves),
            "analysis": self.analysis() if to_move == viewer or outcome else None,
        }
        view.update(self.game.view(state, viewer))
        return view

