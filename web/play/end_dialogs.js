// The dialogs of a stopped screen: the round's summary at a round's end (and the next round),
// the result at the game's end (its ways on: a new game, the same deal again, the setup, undo,
// the review), and the way-on bar's buttons that offer the same when such a dialog was closed by
// a key; a game ended by a resignation says so (resignation.js). It builds what they show from
// the view and emits what the person picks (the controller marks each dialog as shown).

import { celebrate } from "../render/effects.js";
import { DIALOG_NOTE_ID } from "./guide.js";
import { h, randomSeed } from "../render/dom.js";
import { personSeat } from "./results.js";
import { resignationWords } from "./resignation.js";
import { isSeatedGame, newGameWords } from "./seating.js";

/**
 * A resignation's words and its standings by total, in place of the renderer's account of a round.
 * @param {NonNullable<ReturnType<typeof resignationWords>>} words
 */
function resignationBody({ said, standings }) {
  return [h("p", { class: "resigned-said" }, said),
    h("table", { class: "standings", "aria-label": "Standings by total" },
      h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Total"))),
      h("tbody", {}, ...standings.map((s) => h("tr", { "data-seat": String(s.seat) },
        h("th", { scope: "row" }, s.name), h("td", {}, String(s.total))))))];
}

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").OptionValues} OptionValues */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").RendererContext} RendererContext */
/** @typedef {import("./frame.js").Action} Action */
/** @typedef {ReturnType<typeof import("./frame.js").createFrame>} Frame */
/** @typedef {ReturnType<typeof import("./guide.js").createGuide>} GuidePanel */
/** @typedef {ReturnType<typeof import("./guided_deal.js").createGuidedDeal>} GuidedDeal */
/** @typedef {import("./state.js").StateReader} StateReader */
/** @typedef {import("./intents.js").Emit} Emit */

/**
 * @typedef {object} EndDialogsParts what the dialogs read, where they open, and the intents they emit
 * @property {GameSpec} spec
 * @property {StateReader} state the controller's state, read only
 * @property {Frame} frame
 * @property {Renderer} screen the game's renderer (the dialogs' bodies)
 * @property {RendererContext} context the seats' kinds, the legal moves, the names
 * @property {GuidePanel} guide
 * @property {GuidedDeal} lessons
 * @property {Emit} emit
 * @property {() => OptionValues} optionValues the option values on screen
 * @property {() => number} motionMs
 */

/**
 * The game dialog's ways on: a new game, the same deal again, the setup, undo, the review, close.
 * @param {View} view
 * @param {boolean} won
 * @param {{spec: GameSpec, state: StateReader, hotSeat: boolean, emit: Emit, optionValues: () => OptionValues}} parts
 * @returns {Action[]}
 */
function outcomeActions(view, won, { spec, state, hotSeat, emit, optionValues }) {
  const seated = isSeatedGame(spec);
  const words = newGameWords(spec);
  const names = seated ? state.names : null;
  const again = (/** @type {Partial<import("./intents.js").NewGame>} */ game) => () => {
    // (over: every view carries its deal number)
    emit({ type: "new-game", values: view.options, seed: /** @type {number} */ (view.seed), seats: view.seats, names, ...game });
  };
  /** @type {Action[]} */
  const actions = [
    { label: words.again, short: words.newGame, attrs: { class: "primary", id: "play-again" },
      run: again({ values: seated ? view.options : optionValues(), seed: randomSeed(spec.hidden_hands) }) },
    { label: words.replay, short: "Replay", attrs: { id: "replay", "data-action": "replay" },
      run: again({ extra: { winnable: view.winnable, daily: state.daily } }) },
  ];
  if (seated) {
    actions.push({ label: "Change setup", short: "Setup", attrs: { id: "change-setup" }, run: () => {
      emit({ type: "show-setup", initial: { options: view.options, seats: view.seats, names: state.names }, canCancel: false });
    } });
  }
  if (!won && view.can_undo && !hotSeat) actions.push({ label: "Undo last move", short: "Undo", run: () => { emit({ type: "undo" }); } });
  if (!hotSeat) {
    actions.push({ label: "Review the game", short: "Review", attrs: { "data-action": "review-game" },
      run: () => { emit({ type: "open-coach" }); } });
  }
  const redraw = () => { emit({ type: "redraw" }); };
  actions.push(seated ? { label: "Look at the table", short: "See table", run: redraw } : { label: "Close", run: redraw });
  return actions;
}

/**
 * @param {EndDialogsParts} parts
 */
export function createEndDialogs({ spec, state, frame, screen, context, guide, lessons, emit, optionValues, motionMs }) {
  const { legal, isHuman, hotSeat, name } = context;
  const seated = isSeatedGame(spec);

  /** @param {View} view */
  function nextRoundLabel(view) {
    const move = isHuman(view.to_move) ? legal().find((m) => m.kind === "next-round") : null;
    return move?.button ?? (move ? `Deal round ${(view.round?.number ?? 0) + 1}` : "Continue");
  }

  /** The round's next deal (its summary counts as shown). */
  function nextRound() {
    if (!state.view) return;
    emit({ type: "summary-shown" });
    const move = legal().find((m) => m.kind === "next-round");
    if (move) emit({ type: "play", move: move.id });
    else emit({ type: "settle" });
  }

  /** The summary of the round that ended. */
  function showSummary() {
    const view = state.view;
    if (!view) return;
    emit({ type: "summary-shown" });
    frame.openDialog({
      kind: "round", title: `Round ${view.last_round?.round ?? view.round?.number} is over`,
      body: () => [guide.dialogNote(view.guide), ...(screen.roundSummary?.(view, view.last_round) ?? [])],
      describedBy: view.guide ? DIALOG_NOTE_ID : null,
      actions: lessons.roundActions(view, nextRound)
        ?? [{ label: nextRoundLabel(view), attrs: { class: "primary", id: "next-round" }, run: nextRound }],
      mark: (root) => guide.mark(root, view.guide), // the note may point at the round's score
    });
  }

  /** The result of the game that ended, and its ways on. */
  function showOutcome() {
    const view = state.view;
    if (!view?.outcome) return;
    emit({ type: "outcome-shown" });
    const won = view.outcome.winners.includes(personSeat(view) ?? 0);
    const resigned = seated ? resignationWords(view, name) : null;
    frame.openDialog({ kind: "game-over", result: won ? "won" : "lost",
      title: resigned?.title ?? screen.outcomeTitle(view, won),
      body: () => [guide.dialogNote(view.guide), ...(resigned ? resignationBody(resigned) : screen.outcomeBody(view))],
      actions: lessons.outcomeActions(view, outcomeActions(view, won, { spec, state, hotSeat: hotSeat(), emit, optionValues })),
      describedBy: view.guide ? DIALOG_NOTE_ID : null, mark: (root) => guide.mark(root, view.guide) });
    if (won) celebrate(motionMs());
  }

  /**
   * The buttons that move a stopped screen on when its dialog is closed.
   * @param {View} view
   * @returns {Action[]}
   */
  function wayOn(view) {
    if (view.outcome) {
      return [{ label: "Show the result", attrs: { "data-action": "show-result" }, run: () => { emit({ type: "show-result" }); } }];
    }
    if (view.round?.over) {
      return [{ label: nextRoundLabel(view), attrs: { class: "primary", "data-action": "next-round" }, run: nextRound },
        { label: "Show the round summary", short: "Round summary", attrs: { "data-action": "show-summary" }, run: showSummary }];
    }
    const seat = view.to_move;
    if (state.covered && seat !== null && isHuman(seat)) {
      return [{ label: `I am ${name(seat)}: show my tiles`, attrs: { class: "primary", "data-action": "reveal" },
        run: () => { emit({ type: "reveal", seat }); } }];
    }
    return [];
  }

  return { showSummary, showOutcome, wayOn, nextRound };
}
