"""The protocol every game follows, its value types and the typed errors.

A game is a stateless object (one per module) over immutable states. The session and the
JSON API drive every game through this interface only; the conformance suite checks it.
"""

from __future__ import annotations

import random
import re
from abc import ABC, abstractmethod
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

_INT_TEXT = re.compile(r"-?[0-9]{1,9}")  # an option value given as text

JSON = Any  # a JSON-ready value: dict / list / str / int / float / bool / None


class EngineError(Exception):
    """Base of every error the engine reports to a caller; `code` is the API error code."""

    code = "engine_error"


class BadRequest(EngineError):
    code = "bad_request"


class BadSeed(EngineError):
    """A deal number that is not a whole number from 0 to engine.deals.MAX_SEED."""

    code = "bad_seed"


class UnknownGame(EngineError):
    code = "unknown_game"


class BadOption(EngineError):
    code = "bad_option"


class IllegalMove(EngineError):
    code = "illegal_move"


class NotYourTurn(EngineError):
    code = "not_your_turn"


class GameOver(EngineError):
    code = "game_over"


class UnknownSession(EngineError):
    code = "unknown_session"


class HiddenInformation(EngineError):
    """A request for what a person may not see yet: a computer's seat before the game is over."""

    code = "hidden_information"


class BadRecord(EngineError):
    code = "bad_record"


class OffLesson(EngineError):
    """A legal move that is not the one a guided deal's step asks for: the guide's friendly word."""

    code = "off_lesson"


class NoLesson(EngineError):
    """A guided deal asked for a game that has none."""

    code = "no_lesson"


class NoWinnableDeal(EngineError):
    """No deal the advisor proves winnable within the search bound of a winnable-only deal."""

    code = "no_winnable_deal"


@dataclass(frozen=True)
class Option:
    """A game option: its key, label, allowed values (strings or ints) and default."""

    key: str
    label: str
    choices: tuple[Any, ...]
    default: Any
    help: str = ""
    labels: tuple[str, ...] = ()  # how each choice reads to a player; default: on/off or the value

    def choice_labels(self) -> list[str]:
        """Display text per choice: the declared labels, "on"/"off" for booleans, else the value."""
        if self.labels:
            return list(self.labels)
        return [("on" if c else "off") if isinstance(c, bool) else str(c) for c in self.choices]

    def to_json(self) -> JSON:
        return {
            "key": self.key,
            "label": self.label,
            "choices": list(self.choices),
            "choice_labels": self.choice_labels(),
            "default": self.default,
            "help": self.help,
        }


@dataclass(frozen=True)
class GameSpec:
    """What the catalog says of a game. `rules` is the rules page: a list of
    (heading, [paragraphs]) sections, the rulings of RULES.md among them. `order` places it in
    the catalog (the menu): solitaires first (10s), then the table games (from 40)."""

    id: str
    name: str
    players_min: int
    players_max: int
    options: tuple[Option, ...] = ()
    aliases: tuple[str, ...] = ()
    summary: str = ""
    rules: tuple[tuple[str, tuple[str, ...]], ...] = ()
    solitaire: bool = False
    order: int = 100  # the catalog lists games by this number, then by name
    screen: str = ""  # the screen kind the page mounts: "columns", "dial", "card-dial", "table"
    hidden_hands: bool = False  # hands are hidden: the deal number is not shown during play
    alias_names: tuple[str, ...] = ()  # other names of the game, as a player reads them
    # its advisor proves deals winnable (engine.solvers.DealProver; a test checks that the two
    # agree), so the game offers winnable-only deals
    winnable_deals: bool = False
    # the `kind`s of the game's moves (legal and extra), so the page offers only the keys the game
    # has (a test plays every game and checks the list against the moves it meets)
    move_kinds: tuple[str, ...] = ()

    def resolve_options(self, given: dict[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in, every value checked; raises BadOption."""
        given = dict(given or {})
        if not isinstance(given, dict):
            raise BadOption("options must be an object")
        known = {o.key: o for o in self.options}
        for key in given:
            if key not in known:
                raise BadOption(f"{self.id} has no option {key!r}")
        resolved: dict[str, Any] = {}
        for opt in self.options:
            value = given.get(opt.key, opt.default)
            if isinstance(value, str) and all(isinstance(c, int) for c in opt.choices):
                value = int(value) if _INT_TEXT.fullmatch(value) else value  # "4", not "²" nor 5,000 digits
            if isinstance(value, str) and all(isinstance(c, bool) for c in opt.choices):
                value = {"true": True, "on": True, "false": False, "off": False}.get(value, value)
            if value not in opt.choices or type(value) is not type(opt.default):
                raise BadOption(
                    f"option {opt.key}={value!r} is not one of {', '.join(map(str, opt.choices))}"
                )
            resolved[opt.key] = value
        return resolved

    def to_json(self) -> JSON:
        return {
            "id": self.id,
            "name": self.name,
            "aliases": list(self.aliases),
            "alias_names": list(self.alias_names),
            "screen": self.screen,
            "hidden_hands": self.hidden_hands,
            "winnable_deals": self.winnable_deals,
            "move_kinds": list(self.move_kinds),
            "players": {"min": self.players_min, "max": self.players_max},
            "options": [o.to_json() for o in self.options],
            "summary": self.summary,
            "solitaire": self.solitaire,
            "rules": [{"heading": h, "paragraphs": list(p)} for h, p in self.rules],
        }


@dataclass(frozen=True)
class Outcome:
    """The end of a game. Solitaire: winners == (0,) when won, () when lost.
    `scores` holds each seat's final score (solitaires: tiles/cards left, or ())."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] = ()
    detail: JSON = field(default=None, compare=False)

    def to_json(self) -> JSON:
        return {
            "winners": list(self.winners),
            "reason": self.reason,
            "scores": list(self.scores),
            "detail": self.detail,
        }


S = TypeVar("S")


class Game(ABC, Generic[S]):
    """One game's rules over an immutable state S. Moves are stable string ids."""

    spec: GameSpec
    # Its hints and analysis come from an advisor registered in engine.solvers (a missing one
    # is an error, never a silent fallback to a computer player's hints).
    has_advisor: bool = False

    @abstractmethod
    def num_seats(self, options: dict[str, Any]) -> int:
        """Seats for these (resolved) options; solitaires return 1."""

    @abstractmethod
    def new_state(self, options: dict[str, Any], seed: int) -> S:
        """The deal for resolved options and a seed (random.Random(seed) only)."""

    @abstractmethod
    def to_move(self, state: S) -> int | None:
        """The seat to move, or None when the game is over."""

    @abstractmethod
    def legal_moves(self, state: S) -> list[str]:
        """The legal move ids, sorted and deterministic; empty when over."""

    @abstractmethod
    def apply(self, state: S, move: str) -> S:
        """The state after `move`; raises IllegalMove (or GameOver) and changes nothing."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """None while the game runs."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> JSON:
        """What `seat` may see, JSON-ready; seat None shows everything (deal, debugging).
        Keys used by the page: "board" (game specific), "hand" (list of tile ids or None),
        "hand_counts" (per seat), "stock" (count), "scores" (per seat), "status" (text)."""

    @abstractmethod
    def move_label(self, state: S, move: str) -> str:
        """A short human description of `move` made in `state`, safe for every seat to read."""

    def move_fields(self, state: S, move: str) -> dict[str, Any]:
        """Structured facts of `move` in `state` for the page, parsed from the id here and
        nowhere else: always "kind" and "you" (the move in the second person: "draw a tile");
        where a tile moves, "tile", "from" and "to" (place keys of the view's board); "button"
        (a short caption) for moves the page shows as buttons. Safe for every seat to read,
        like the label."""
        return {"kind": move.partition(":")[0], "you": self.move_label(state, move)}

    def made_words(self, state: S, move: str, after: S) -> dict[str, str]:
        """The words of `move` once made (from `state` to `after`): "label" and "you" in place of
        the move's own, for a move whose words before it is made can only say what to do (Clock's
        "turn up the next tile" names the tile turned up once it is). Safe for every seat to read
        after the move, like the label. None by default."""
        return {}

    def extra_moves(self, state: S) -> list[str]:
        """Moves accepted but not among the legal moves (The Big Clock's "resign", which a
        random player must never pick); a page may offer them as buttons."""
        return []

    def revealed_to(self, state: S, move: str, after: S) -> frozenset[int]:
        """The seats to whom making `move` (from `state` to `after`) showed hidden information:
        the mover for a drawn tile, every seat when a round end shows all hands. The session
        never undoes such a move when one of those seats is a person's."""
        return frozenset()

    def deal_moves(self, state: S) -> int:
        """The moves the deals themselves have made so far, each a move a player sees made on the
        table (a table round's lead tile, set when the round is dealt); a replay counts them among
        the game's moves. None by default."""
        return 0

    def player_limits(self) -> JSON:
        """How the allowed player counts depend on another option, for the setup page:
        {"option": key, "by_value": {value: [min, max]}}; None when only spec.players applies."""
        return None

    def catalog_json(self) -> JSON:
        """The catalog entry of this game: its spec and what the setup page derives from rules."""
        return {**self.spec.to_json(), "player_limits": self.player_limits()}

    @abstractmethod
    def pieces(self, state: S) -> Counter[str]:
        """Every tile/card of the game wherever it lies (conservation check)."""

    @abstractmethod
    def hidden_from(self, state: S, seat: int) -> set[str]:
        """The tiles/cards `seat` must not see in `state` (leak check)."""

    def determinize(self, state: S, seat: int, rng: random.Random) -> S:
        """A full state consistent with what `seat` knows. Games without hidden
        information return the state itself."""
        return state

    def check_move(self, state: S, move: str) -> None:
        """Raise the right typed error when `move` is not legal in `state`."""
        if self.to_move(state) is None:
            raise GameOver("The game is over.")
        if not isinstance(move, str):
            raise IllegalMove("That is not a move.")
        if move in self.legal_moves(state):
            return
        try:  # apply's own refusal says why ("3-5 and 2-2 do not total 12")
            self.apply(state, move)
        except EngineError:
            raise
        except Exception:
            pass
        raise IllegalMove("That move is not possible now.")


@dataclass(frozen=True)
class Hint:
    """A suggested move with a short reason and, where known, the chance of winning."""

    move: str
    reason: str
    chance: float | None = None

    def to_json(self) -> JSON:
        return {"move": self.move, "reason": self.reason, "chance": self.chance}


class Playout(Protocol):
    """One determinized round that the hard player's search (engine.players.ismcts) changes in
    place. `legal` and `play` speak move ids; `codes`, `weight` and `step` are the same legal
    moves, in the same order, in the playout's own encoding (the rollouts use them).
    `engine.players.playout.EnginePlayout` serves every table game through its rules; a game may
    offer a compact copy of its round instead (`engine.games.table.TableAi.fast_dealer`)."""

    @property
    def points(self) -> Sequence[int] | None:
        """Each seat's points once the round is over."""

    def over(self) -> bool: ...
    def mover(self) -> int: ...
    def legal(self) -> list[str]: ...
    def play(self, move: str) -> None: ...
    def codes(self) -> list[Any]: ...
    def weight(self, code: Any) -> float: ...  # the rollout plays the legal move of most weight
    def step(self, code: Any) -> None: ...
    def copy(self) -> Playout: ...  # the same position, to be played on apart (paired sampling)


class Dealer(Protocol):
    """Deals the searching seat's determinizations of one position."""

    def deal(self, rng: random.Random) -> Playout: ...
