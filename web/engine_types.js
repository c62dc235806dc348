// @ts-check
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
 * @property {number | null} [needs]
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
 */

/**
 * @typedef {object} Outcome
 * @property {number[]} winners
 * @property {string} reason
 * @property {number[]} scores
 */

/**
 * What a seat sees of a game.
 * @typedef {object} View
 * @property {string} game
 * @property {number} seat
 * @property {OptionValues} options
 * @property {number} seed
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
 * @property {any} [round]
 * @property {any} [last_round]
 * @property {any[]} [rounds]
 * @property {string[][]} [all_hands]
 */

/**
 * A game as the engine records it.
 * @typedef {object} GameRecord
 * @property {string} game
 * @property {OptionValues} options
 * @property {number} seed
 * @property {string[]} seats
 * @property {string[]} moves
 * @property {boolean} [lesson] a guided deal's record
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
 */

/**
 * @typedef {object} Engine
 * @property {() => Promise<void>} ready
 * @property {(request: Record<string, unknown>) => Promise<any>} request
 */
