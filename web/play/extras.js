// What solitaire players expect, for the one controller (controller.js): Resign on every game, a
// new deal over a game in progress asked for and counted as lost, winnable-only deals (a switch
// in the toolbar, in view at every size, and a setting, on by default, where the catalog says
// `winnable_deals`), Show solution (the advisor's winning
// line played step by step, stoppable) and Finish (the view's `finish`: nothing left to decide),
// and the daily deal of the solitaires (daily.js). Everything here is decided from catalog facts
// and the view, never from a game id.

import { loadSettings, saveSettings } from "../store/settings.js";
import { dayOf } from "../store/stats.js";
import { dailyLink, dailySeed } from "../daily.js";
import { h, randomSeed } from "../render/dom.js";
import { personSeat } from "./results.js";
import { attachDialog } from "./dialog.js";

/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").OptionValues} OptionValues */
/** @typedef {import("./renderer_contract.js").RendererContext} RendererContext */

const MIN_STEP_MS = 150; // the solution's and the finish's pause per move at the "instant" pace

/**
 * @typedef {object} ExtrasHost what the extras need of the controller
 * @property {GameSpec} spec
 * @property {RendererContext} screen the play screen's context (its view, turn, messages and runs)
 * @property {(request: Record<string, unknown>) => Promise<Answer | null>} send
 * @property {() => boolean} busy a request is under way
 * @property {() => Promise<void>} idle settled once no request is under way
 * @property {() => void} cancel the sequencer's one cancel
 * @property {() => number} delay the computers' pause per move now
 * @property {() => void} skipOutcome the game on screen ends without its result dialog (a new deal follows)
 * @property {(values: OptionValues, seed: number, seats?: string[], names?: string[] | null,
 *   extra?: {winnable?: boolean, daily?: string | null}) => Promise<Answer | null>} newGame
 * @property {() => OptionValues} values the option values on screen
 */

/**
 * The extra controls and the hooks the controller calls.
 * @param {ExtrasHost} ctl
 */
export function createExtras(ctl) {
  const { spec, screen } = ctl;
  const { state } = screen;
  const buttons = {
    solution: h("button", { type: "button", "data-action": "solution", hidden: "" }, "Show solution"),
    finish: h("button", { type: "button", "data-action": "finish", hidden: "" }, "Finish"),
    resign: h("button", { type: "button", "data-action": "resign" }, "Resign"),
  };
  const winnableInput = h("input", { type: "checkbox", id: "winnable-only" });
  winnableInput.checked = loadSettings().settings.winnableOnly === true;
  const winnableLabel = spec.winnable_deals
    ? h("label", { class: "option toggle", for: "winnable-only" }, winnableInput, " Winnable deals only") : null;
  const dailyAnchor = spec.solitaire
    ? h("a", { class: "button daily-link", id: "daily-link", "data-action": "daily", href: dailyLink(spec.id) },
      "Daily deal")
    : null;
  const confirm = h("dialog", { class: "outcome", id: "confirm",
    "aria-labelledby": "confirm-title" });
  const confirmDialog = attachDialog(confirm); // Back, Esc and a tap outside close it: the person kept playing
  const solving = () => screen.running() === "solution";

  /** Winnable-only deals asked for: the switch (by default the setting), where the game offers them. */
  const wantWinnable = () => Boolean(spec.winnable_deals) && winnableInput.checked;

  /**
   * The fields a "new" request gets: {winnable (default: the switch), daily} -> {winnable?: true}.
   * @param {{winnable?: boolean}} [extra]
   */
  function newFields({ winnable } = {}) {
    return spec.winnable_deals && (winnable ?? wantWinnable()) ? { winnable: true } : {};
  }

  /**
   * The words said before a new deal's own intro.
   * @param {{winnable?: boolean}} request
   * @param {{daily?: string | null}} [extra]
   */
  function introText(request, { daily } = {}) {
    return `${daily ? `The daily deal of ${daily}. ` : ""}${request.winnable ? "A deal the solver proves winnable (“Winnable deals only” is on). " : ""}`;
  }

  /** A game a person has moved in and that is not over: leaving it for a new deal counts it as lost (a
   * guided deal is left without a word: it never counts). */
  function inProgress() {
    const view = state.view;
    return Boolean(view && !view.outcome && view.moves > 0 && personSeat(view) !== null && !view.guide);
  }

  /**
   * Ask a yes/no question in a modal dialog; resolves true when the person confirms.
   * @param {string} title
   * @param {string} text
   * @param {string} yes
   * @param {string} no
   * @returns {Promise<boolean>}
   */
  function ask(title, text, yes, no) {
    if (confirm.open) return Promise.resolve(false); // one question at a time
    return new Promise((resolve) => {
      const answer = (/** @type {boolean} */ value) => {
        confirm.removeEventListener("close", onClose);
        confirmDialog.close();
        resolve(value);
      };
      const onClose = () => answer(false);
      const ok = h("button", { type: "button", class: "primary", id: "confirm-yes" }, yes);
      const cancel = h("button", { type: "button", id: "confirm-no" }, no);
      ok.addEventListener("click", () => answer(true));
      cancel.addEventListener("click", () => answer(false));
      confirm.addEventListener("close", onClose);
      confirm.replaceChildren(h("h2", { id: "confirm-title" }, title), h("p", {}, text),
        h("div", { class: "actions" }, ok, cancel));
      confirmDialog.open();
      cancel.focus();
    });
  }

  /** Send the resign of the person's seat once no other request is under way. */
  async function sendResign() {
    await ctl.idle(); // a computer's move in flight
    return ctl.send({ op: "resign" });
  }

  /**
   * Before a new deal replaces the game on screen: a game in progress is given up, once the
   * person agrees, and counted as lost (abandoning bad deals must not raise a win rate).
   * Resolves true when the new deal may start.
   */
  async function leaveGame() {
    if (!inProgress()) return true;
    const go = await ask("Leave this game?", "A new deal ends the game in progress: it counts as lost in the statistics.",
      "New deal, count this one as lost", "Keep playing");
    if (!go) return false;
    ctl.cancel();
    if (!inProgress()) return true; // it ended meanwhile (a computer's last move)
    ctl.skipOutcome();
    const answer = await sendResign();
    return Boolean(answer?.ok);
  }

  async function resign() {
    if (!state.view || state.view.outcome) return;
    screen.stop("solution");
    const go = await ask("Resign this game?", "The game ends now and counts as lost.", "Resign", "Keep playing");
    if (go && state.view && !state.view.outcome) await sendResign();
  }

  /**
   * The solver's winning line from the view, when there is one.
   * @param {View | null} view
   * @returns {string[] | null}
   */
  const solution = (view) => (Array.isArray(view?.analysis?.solution) ? view.analysis.solution : null);
  const pause = () => Math.max(ctl.delay(), MIN_STEP_MS);

  async function showSolution() {
    if (solving()) {
      screen.stop("solution");
      return;
    }
    if (!screen.myTurn() || ctl.busy()) return;
    if (!solution(state.view)?.length) {
      screen.say("No winning line from here: this deal can no longer be won.", "error");
      return;
    }
    screen.say("Showing the solution: each move is the solver's.");
    await screen.autoplay("solution",
      (view) => (solution(view)?.length && !view.outcome ? { op: "ai", level: "advisor" } : null), pause());
  }

  async function finish() {
    if (!state.view?.finish?.length || !screen.myTurn()) return;
    await screen.autoplay("finish",
      (view) => (view.finish?.length && !view.outcome ? { op: "play", move: view.finish[0] } : null), pause());
  }

  /**
   * Today's daily deal of this game with these options (winnable where the game offers it).
   * @param {OptionValues} values
   */
  function startDaily(values) {
    const today = new Date();
    return ctl.newGame(values, dailySeed(today), ["human"], null,
      { winnable: Boolean(spec.winnable_deals), daily: dayOf(today) });
  }

  /**
   * Draw the controls for a view; `mine`: the person on screen may move now.
   * @param {View} view
   * @param {boolean} mine
   */
  function update(view, mine) {
    const ownResign = (view.extra_moves ?? []).some((m) => m.kind === "resign"); // the game's own (The Big Clock)
    const running = screen.running();
    buttons.resign.hidden = ownResign;
    buttons.resign.disabled = Boolean(view.outcome) || personSeat(view) === null || state.covered ||
      (running !== null && running !== "solution");
    buttons.solution.hidden = !spec.winnable_deals || Boolean(view.outcome);
    buttons.solution.textContent = solving() ? "Stop the solution" : "Show solution";
    buttons.solution.disabled = !solving() && !mine;
    buttons.finish.hidden = !(mine && view.finish?.length);
    buttons.finish.disabled = buttons.finish.hidden;
    if (dailyAnchor) dailyAnchor.href = dailyLink(spec.id, view.options);
  }

  /** Hook the controls to the controller (the New button asks first by leaveGame: screen_controls.js). */
  function attach() {
    buttons.resign.addEventListener("click", resign);
    buttons.solution.addEventListener("click", showSolution);
    buttons.finish.addEventListener("click", finish);
    winnableInput.addEventListener("change", async () => {
      if (await leaveGame()) {
        saveSettings({ ...loadSettings().settings, winnableOnly: winnableInput.checked });
        ctl.newGame(ctl.values(), randomSeed());
      } else {
        winnableInput.checked = !winnableInput.checked; // kept playing: the switch and the setting as they were
        screen.render();
      }
    });
    dailyAnchor?.addEventListener("click", async (event) => {
      if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return; // a new tab
      event.preventDefault();
      if (await leaveGame()) startDaily(ctl.values());
    });
  }

  return {
    toolbar: [buttons.solution, buttons.finish, winnableLabel].flatMap((e) => (e ? [e] : [])), // beside the game's own buttons
    side: [buttons.resign, dailyAnchor].flatMap((e) => (e ? [e] : [])), // the side panel ("More" on a phone)
    dialog: confirm,
    newFields, introText, leaveGame, startDaily, update, attach,
  };
}
