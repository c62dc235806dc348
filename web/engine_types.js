// The engine's JSON as the page reads it (DESIGN.md, "JSON contract"): types only, for the
// TypeScript checker (checkJs). A game's own board stays open: its renderer knows it.

export {};

/**
 * @typedef {object} GameOption
 * @property {string} key
 * @property {string} label
 * @property {Array<string | number | boolean>} choices
 * @property {string | number | boolean} default
 * @property {Array<string> | Record<string, string> | null} [choice_labels]
 * @property {string} [help]
 */

/**
 * A game of the catalog.
 * @typedef {object} GameSpec
 * @property {string} id
 * @property {string} name
 * @property {string[]} [aliases]
 * @property {string} screen the screen kind the page mounts ("table", "columns", "dial", "card-dial")
 * @property {boolean} hidden_hands
 * @property {boolean} winnable_deals
 * @property {boolean} solitaire
 * @property {string[]} move_kinds the kinds of the game's moves ("play", "draw", "pass", ...)
 * @property {{min: number, max: number}} players
 * @property {GameOption[]} options
 * @property {string} [summary]
 * @property {{title: string, teaches: string[]} | null} [lesson] the game's guided deal, if it has one
 * @property {string[]} alias_names other names of the game, as a player reads them
 * @property {{heading: string, paragraphs: string[]}[]} rules the rules page's sections
 * @property {PlayerLimits | null} player_limits how the player counts follow another option
 * @property {{id: string, label: string}[]} levels the computer levels its seats may be given, weakest first
 */

/**
 * How the allowed player counts depend on another option: value -> [min, max].
 * @typedef {{option: string, by_value: Record<string, [number, number]>}} PlayerLimits
 */

/**
 * The catalog: every game.
 * @typedef {{ok?: boolean, games: GameSpec[]}} Catalog
 */

/** @typedef {Record<string, string | number | boolean>} OptionValues */

/**
 * A legal move, with its structured fields (which of them a game fills is its own).
 * @typedef {object} Move
 * @property {string} id
 * @property {string} kind
 * @property {string} label
 * @property {string} you the move in the second person ("play 3-5 on the left")
 * @property {string} [button] the words of its button, where it is not a tile play
 * @property {string} [tile]
 * @property {any} [from]
 * @property {string} [to]
 * @property {number | null} [needs] the number an end takes where it is not the one it shows
 * @property {string | null} [only] what alone goes on an end no number fits ("a matador")
 * @property {number} [depth]
 */

/**
 * A move just made, as a view's `events` carry it.
 * @typedef {object} MoveEvent
 * @property {number} seat
 * @property {string} kind
 * @property {string} label
 * @property {string} [you]
 * @property {string | null} [tile]
 * @property {string[]} [tiles]
 * @property {string} [from]
 * @property {string} [to]
 * @property {boolean} [home] The Big Clock: the tile went to its own slot
 */

/**
 * @typedef {object} Outcome
 * @property {number[]} winners
 * @property {string} reason
 * @property {number[]} scores
 * @property {Record<string, any> | null} [detail] the game's own account of the end
 */

/**
 * What a seat sees of a game.
 * @typedef {object} View
 * @property {string} game
 * @property {number} seat
 * @property {OptionValues} options
 * @property {number | null} seed the deal number; null while a game with hidden hands is in progress
 * @property {string[]} seats "human" or a computer's level, per seat
 * @property {number | null} to_move
 * @property {Move[]} legal
 * @property {Move[]} [extra_moves] moves beside the legal ones (a game's own resign)
 * @property {Outcome | null} outcome
 * @property {MoveEvent[]} events the moves since the view before
 * @property {boolean} can_undo
 * @property {boolean} can_redo
 * @property {number} moves
 * @property {any} analysis
 * @property {boolean} [winnable]
 * @property {boolean} [assisted] undo, hints or another aid was used in this game
 * @property {string[]} [finish] the moves left when nothing is left to decide
 * @property {import("./play/guide.js").Guide} [guide] a guided deal's guide (only in a lesson's view)
 * @property {any} board
 * @property {string[] | null} [hand]
 * @property {number[]} [hand_counts]
 * @property {number} [stock]
 * @property {number[]} [scores]
 * @property {string} status
 * @property {string | null} [drawn]
 * @property {number} [target]
 * @property {TableRound} [round] a table game's round
 * @property {{name: string, text: string} | null} [phase] the phase of a game whose play goes in phases
 * @property {RoundSummary | null} [last_round] a table game's last finished round, its hands revealed
 * @property {RoundSummary[]} [rounds] every finished round, oldest first, without the hands
 * @property {string[][]} [all_hands]
 */

/**
 * A table game's round, as a view's `round` carries it.
 * @typedef {object} TableRound
 * @property {number} number
 * @property {number} leader
 * @property {string} lead_tile
 * @property {number} redeals
 * @property {boolean} drew_this_turn
 * @property {boolean} over
 * @property {number[]} [lead_draws] the tiles each seat drew looking for the lead
 */

/**
 * A round's score as numbers: the terms summed, then the winner's own pips taken off (`less`).
 * @typedef {object} RoundScore
 * @property {{seat: number, pips: number, minus: number | null, value: number}[]} terms
 * @property {number} sum
 * @property {number | null} less
 * @property {number} total
 * @property {string} text
 */

/**
 * A finished round of a table game; winner null: a tie for lowest in a block.
 * @typedef {object} RoundSummary
 * @property {number} round
 * @property {string} reason "out" or "blocked"
 * @property {number | null} winner
 * @property {number[]} pips
 * @property {number[]} points
 * @property {string} arithmetic
 * @property {RoundScore | null} score
 * @property {number[]} scores after the round
 * @property {string} text
 * @property {{seat: number | null, label: string, you: string}} headline how the round ended, after a name
 * @property {[number, number][][]} [hands] each seat's tiles left, as [a, b] pairs (the last round only)
 */

/**
 * A game as the engine records it.
 * @typedef {object} GameRecord
 * @property {string} game
 * @property {OptionValues} options
 * @property {number} [seed] the deal number; absent while a game with hidden hands is in progress (then `deal`)
 * @property {string} [deal] the deal sealed by the engine in place of `seed` (only `load` reads it)
 * @property {string} [moves_seal] the moves sealed to that deal (with `deal`; only `load` reads it)
 * @property {string[]} seats
 * @property {string[]} moves
 * @property {boolean} [lesson] a guided deal's record
 * @property {{at: number, kind: string}[]} [aids] what made the game assisted, and when (moves made then)
 */

/** @typedef {{code: string, message: string}} EngineError */

/**
 * An answer of the engine.
 * @typedef {object} Answer
 * @property {boolean} ok
 * @property {EngineError} [error]
 * @property {string} [session]
 * @property {View} [view]
 * @property {GameRecord} [record]
 * @property {number[]} [deal_moves] a replay's: where the deals made moves of their own (a table round's lead)
 */

/**
 * @typedef {object} Engine
 * @property {() => Promise<void>} ready
 * @property {(request: Record<string, unknown>) => Promise<any>} request
 */
