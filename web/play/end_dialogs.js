// The dialogs of a stopped screen: the round's summary at a round's end (and the next round),
// the result at the game's end (its ways on: a new game, the same deal again, the setup, undo,
// the review), and the way-on bar's buttons that offer the same when such a dialog was closed by
// a key. It builds what they show from the view; the controller marks each as shown (its state)
// and does what the person picks.

import { celebrate } from "../render/effects.js";
import { randomSeed } from "../render/dom.js";
import { DIALOG_NOTE_ID } from "./guide.js";
import { personSeat } from "./results.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Move} Move */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("../engine_types.js").OptionValues} OptionValues */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./frame.js").Action} Action */
/** @typedef {ReturnType<typeof import("./frame.js").createFrame>} Frame */
/** @typedef {ReturnType<typeof import("./guide.js").createGuide>} GuidePanel */
/** @typedef {ReturnType<typeof import("./guided_deal.js").createGuidedDeal>} GuidedDeal */
/** @typedef {import("./state.js").StateReader} StateReader */

/**
 * @typedef {object} EndDialogsHost what the dialogs need of the controller
 * @property {StateReader} state the controller's state, read only
 * @property {boolean} seated the game is set up at a table (seats, names), not dealt by number
 * @property {Frame} frame
 * @property {Renderer} screen the game's renderer (the dialogs' bodies)
 * @property {GuidePanel} guide
 * @property {GuidedDeal} lessons
 * @property {() => Move[]} legal
 * @property {(seat: number | null) => boolean} isHuman
 * @property {() => boolean} hotSeat
 * @property {(seat: number) => string} name
 * @property {() => OptionValues} optionValues the option values on screen
 * @property {() => number} motionMs
 * @property {(values: OptionValues, seed: number, seats?: string[], names?: string[] | null,
 *   extra?: {winnable?: boolean, daily?: string | null}) => Promise<Answer | null>} newGame
 * @property {(initial: {options?: OptionValues, seats?: string[], names?: string[]}, canCancel: boolean) => void} showSetup
 * @property {() => void} undo
 * @property {() => void} openCoach
 * @property {() => void} render
 * @property {(moveId: string) => void} play the person's move
 * @property {(view: View) => void} markRoundShown the round's summary was shown: not again for this round
 * @property {(view: View) => void} markOutcomeShown the game's result was shown: not again for this end
 * @property {() => void} showResult the game's result again
 * @property {() => void} step what the phase now asks for is done
 * @property {(seat: number) => void} reveal the seat's person is ready: their tiles show
 */

/**
 * @param {EndDialogsHost} host
 */
export function createEndDialogs(host) {
  const { state, seated, frame, screen, guide, lessons, legal, isHuman, hotSeat } = host;

  /** @param {View} view */
  function nextRoundLabel(view) {
    const move = isHuman(view.to_move) ? legal().find((m) => m.kind === "next-round") : null;
    return move?.button ?? (move ? `Deal round ${(view.round?.number ?? 0) + 1}` : "Continue");
  }

  /** The round's next deal (its summary counts as shown). */
  function nextRound() {
    const view = state.view;
    if (!view) return;
    host.markRoundShown(view);
    const move = legal().find((m) => m.kind === "next-round");
    if (move) host.play(move.id);
    else { host.render(); host.step(); }
  }

  /** The summary of the round that ended. */
  function showSummary() {
    const view = state.view;
    if (!view) return;
    host.markRoundShown(view);
    frame.openDialog({
      kind: "round", title: `Round ${view.last_round?.round ?? view.round?.number} is over`,
      body: [guide.dialogNote(view.guide), ...(screen.roundSummary?.(view, view.last_round) ?? [])],
      describedBy: view.guide ? DIALOG_NOTE_ID : null,
      actions: lessons.roundActions(view, nextRound)
        ?? [{ label: nextRoundLabel(view), attrs: { class: "primary", id: "next-round" }, run: nextRound }],
    });
    guide.mark(frame.dialog, view.guide); // the note may point at the round's score
  }

  /** The result of the game that ended, and its ways on. */
  function showOutcome() {
    const view = state.view;
    if (!view?.outcome) return;
    host.markOutcomeShown(view);
    const won = view.outcome.winners.includes(personSeat(view) ?? 0);
    const names = seated ? state.names : null;
    /** @type {Action[]} */
    const actions = [
      { label: seated ? "New game, same table" : "New deal", attrs: { class: "primary", id: "play-again" },
        run: () => host.newGame(seated ? view.options : host.optionValues(), randomSeed(), view.seats, names) },
      { label: seated ? "Replay this deal" : "Replay deal", attrs: { id: "replay", "data-action": "replay" },
        // (over: every view carries its deal number)
        run: () => host.newGame(view.options, /** @type {number} */ (view.seed), view.seats, names,
          { winnable: view.winnable, daily: state.daily }) },
    ];
    if (seated) {
      actions.push({ label: "Change setup", attrs: { id: "change-setup" },
        run: () => host.showSetup({ options: view.options, seats: view.seats, names: state.names }, false) });
    }
    if (!won && view.can_undo && !hotSeat()) actions.push({ label: "Undo last move", run: host.undo });
    if (!hotSeat()) actions.push({ label: "Review the game", attrs: { "data-action": "review-game" }, run: host.openCoach });
    actions.push({ label: seated ? "Look at the table" : "Close", run: () => host.render() });
    frame.openDialog({ kind: "game-over", result: won ? "won" : "lost", title: screen.outcomeTitle(view, won),
      body: [guide.dialogNote(view.guide), ...screen.outcomeBody(view)], actions: lessons.outcomeActions(view, actions),
      describedBy: view.guide ? DIALOG_NOTE_ID : null });
    guide.mark(frame.dialog, view.guide);
    if (won) celebrate(host.motionMs());
  }

  /**
   * The buttons that move a stopped screen on when its dialog is closed.
   * @param {View} view
   * @returns {Action[]}
   */
  function wayOn(view) {
    if (view.outcome) return [{ label: "Show the result", attrs: { "data-action": "show-result" }, run: host.showResult }];
    if (view.round?.over) {
      return [{ label: nextRoundLabel(view), attrs: { class: "primary", "data-action": "next-round" }, run: nextRound },
        { label: "Show the round summary", attrs: { "data-action": "show-summary" }, run: showSummary }];
    }
    const seat = view.to_move;
    if (state.covered && seat !== null && isHuman(seat)) {
      return [{ label: `I am ${host.name(seat)}: show my tiles`, attrs: { class: "primary", "data-action": "reveal" },
        run: () => host.reveal(seat) }];
    }
    return [];
  }

  return { showSummary, showOutcome, wayOn };
}
