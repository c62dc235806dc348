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
import { h, put, putAttribute, randomSeed } from "../render/dom.js";
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
 * @property {() => void} claim the person chose to leave the game on screen for another (the "claim" intent:
 *   an import still being read gives way)
 * @property {(values: OptionValues, seed: number, seats?: string[], names?: string[] | null,
 *   extra?: {winnable?: boolean, daily?: string | null}) => Promise<Answer | null>} newGame
 * @property {() => OptionValues} values the option values on screen
 */

/**
 * The confirm dialog: its element, its open and close (dialog.js), and the question open in it now:
 * `answered` settles once the person answered it (what the answer does first done), `answer` answers it.
 * @typedef {{element: HTMLDialogElement, control: ReturnType<typeof attachDialog>,
 *   open: {answered: Promise<boolean>, answer: (value: boolean) => void} | null}} Confirm
 */

/**
 * Ask a yes/no question in a modal dialog; resolves true when the person confirms (`onYes` run first).
 * @param {Confirm} confirm
 * @param {{title: string, text: string, yes: string, no: string}} words
 * @param {() => void} [onYes]
 * @returns {Promise<boolean>}
 */
function ask(confirm, { title, text, yes, no }, onYes = () => {}) {
  const { element, control } = confirm;
  if (element.open) return Promise.resolve(false); // one question at a time
  /** @type {(value: boolean) => void} */
  let answer = () => {};
  const answered = /** @type {Promise<boolean>} */ (new Promise((resolve) => {
    answer = (/** @type {boolean} */ value) => {
      confirm.open = null;
      element.removeEventListener("close", onClose);
      control.close();
      if (value) onYes();
      resolve(value);
    };
    // (a close event comes a task after its dialog closed: the question before's, when this one opened meanwhile)
    const onClose = () => { if (!element.open) answer(false); };
    const ok = h("button", { type: "button", class: "primary", id: "confirm-yes" }, yes);
    const cancel = h("button", { type: "button", id: "confirm-no" }, no);
    ok.addEventListener("click", () => answer(true));
    cancel.addEventListener("click", () => answer(false));
    element.addEventListener("close", onClose);
    element.replaceChildren(h("h2", { id: "confirm-title" }, title), h("p", {}, text),
      h("div", { class: "actions" }, ok, cancel));
    control.open();
    cancel.focus();
  }));
  confirm.open = { answered, answer };
  return answered;
}

/**
 * Settled once no question is open (each one open answered first, whatever its answer does first:
 * a game left for another claims its start).
 * @param {Confirm} confirm
 */
async function questionsAnswered(confirm) {
  while (confirm.open) await confirm.open.answered;
}

/**
 * A game a person has moved in and that is not over: leaving it for a new deal counts it as lost (a
 * guided deal is left without a word: it never counts).
 * @param {View | null} view
 */
function inProgress(view) {
  return Boolean(view && !view.outcome && view.moves > 0 && personSeat(view) !== null && !view.guide);
}

/**
 * The solver's winning line from the view, when there is one.
 * @param {View | null} view
 * @returns {string[] | null}
 */
const solution = (view) => (Array.isArray(view?.analysis?.solution) ? view.analysis.solution : null);

/**
 * The words said before a new deal's own intro.
 * @param {{winnable?: boolean}} request
 * @param {{daily?: string | null}} [extra]
 */
function introText(request, { daily } = {}) {
  return `${daily ? `The daily deal of ${daily}. ` : ""}${request.winnable ? "A deal the solver proves winnable (“New deals: winnable only” is on). " : ""}`;
}

/** The extras' controls. @param {GameSpec} spec */
function extraControls(spec) {
  const buttons = {
    solution: h("button", { type: "button", "data-action": "solution", hidden: "" }, "Show solution"),
    finish: h("button", { type: "button", "data-action": "finish", hidden: "" }, "Finish"),
    resign: h("button", { type: "button", "data-action": "resign" }, "Resign"),
  };
  const winnable = /** @type {HTMLInputElement} */ (h("input", { type: "checkbox", id: "winnable-only" }));
  winnable.checked = loadSettings().settings.winnableOnly === true;
  const winnableLabel = spec.winnable_deals
    // the deals dealt from now on (not this one: the status line's own switch says if it can still be won);
    // shorter words on a phone (style.css)
    ? h("label", { class: "option toggle", for: "winnable-only", title: "From the next deal on, deal only deals a solver proves winnable" },
      winnable, h("span", { class: "words-long" }, " New deals: winnable only"), h("span", { class: "words-short" }, " New: winnable"))
    : null;
  const daily = spec.solitaire
    ? /** @type {HTMLAnchorElement} */ (h("a", { class: "button daily-link", id: "daily-link", "data-action": "daily",
      href: dailyLink(spec.id) }, "Daily deal"))
    : null;
  const element = /** @type {HTMLDialogElement} */ (h("dialog", { class: "outcome", id: "confirm",
    "aria-labelledby": "confirm-title" }));
  /** @type {Confirm} */
  const confirm = { element, control: attachDialog(element), open: null }; // Back, Esc and a tap outside close it: the person kept playing
  return { buttons, winnable, winnableLabel, daily, confirm };
}

/** @typedef {ExtrasHost & ReturnType<typeof extraControls>} Extras the host's needs and the controls */

/**
 * Send the resign of the person's seat once no other request is under way.
 * @param {Extras} ex
 */
async function sendResign(ex) {
  await ex.idle(); // a computer's move in flight
  return ex.send({ op: "resign" });
}

/**
 * Before a new deal replaces the game on screen: a game in progress is given up, once the
 * person agrees, and counted as lost (abandoning bad deals must not raise a win rate).
 * Resolves true when the new deal may start.
 * @param {Extras} ex
 */
async function leaveGame(ex) {
  const { state } = ex.screen;
  if (!inProgress(state.view)) return true;
  const go = await ask(ex.confirm, { title: "Leave this game?",
    text: "A new deal ends the game in progress: it counts as lost in the statistics.", yes: "New deal, count this one as lost",
    no: "Keep playing" }, ex.claim); // chosen: an import still being read gives way to the new game
  if (!go) return false;
  ex.cancel();
  if (!inProgress(state.view)) return true; // it ended meanwhile (a computer's last move)
  ex.skipOutcome();
  const answer = await sendResign(ex);
  return Boolean(answer?.ok);
}

/** @param {Extras} ex */
async function resign(ex) {
  const { screen } = ex;
  if (!screen.state.view || screen.state.view.outcome) return;
  screen.stop("solution");
  const go = await ask(ex.confirm, { title: "Resign this game?", text: "The game ends now and counts as lost.", yes: "Resign",
    no: "Keep playing" });
  if (go && screen.state.view && !screen.state.view.outcome) await sendResign(ex);
}

/** The computers' pause per move, and never under the solution's least. @param {Extras} ex */
const pause = (ex) => Math.max(ex.delay(), MIN_STEP_MS);

/** Show the solution (the solver's moves, step by step), or stop it. @param {Extras} ex */
async function showSolution(ex) {
  const { screen } = ex;
  if (screen.running() === "solution") {
    screen.stop("solution");
    return;
  }
  if (!screen.myTurn() || ex.busy()) return;
  if (!solution(screen.state.view)?.length) {
    screen.say("No winning line from here: this deal can no longer be won.", "error");
    return;
  }
  screen.say("Showing the solution: each move is the solver's.");
  await screen.autoplay("solution",
    (view) => (solution(view)?.length && !view.outcome ? { op: "ai", level: "advisor" } : null), pause(ex));
}

/** Play the view's `finish` out, move by move. @param {Extras} ex */
async function finish(ex) {
  const { screen } = ex;
  if (!screen.state.view?.finish?.length || !screen.myTurn()) return;
  await screen.autoplay("finish",
    (view) => (view.finish?.length && !view.outcome ? { op: "play", move: view.finish[0] } : null), pause(ex));
}

/**
 * Today's daily deal of this game with these options (winnable where the game offers it).
 * @param {Extras} ex
 * @param {OptionValues} values
 */
function startDaily(ex, values) {
  const today = new Date();
  return ex.newGame(values, dailySeed(today), ["human"], null,
    { winnable: Boolean(ex.spec.winnable_deals), daily: dayOf(today) });
}

/**
 * Draw the controls for a view; `mine`: the person on screen may move now.
 * @param {Extras} ex
 * @param {View} view
 * @param {boolean} mine
 */
function update({ spec, screen, buttons, daily, winnableLabel }, view, mine) {
  const ownResign = (view.extra_moves ?? []).some((m) => m.kind === "resign"); // the game's own (The Big Clock)
  const running = screen.running();
  const solving = running === "solution";
  put(buttons.resign, "hidden", ownResign);
  put(buttons.resign, "disabled", Boolean(view.outcome) || personSeat(view) === null || screen.state.covered ||
    (running !== null && running !== "solution"));
  put(buttons.solution, "hidden", !spec.winnable_deals || Boolean(view.outcome));
  put(buttons.solution, "textContent", solving ? "Stop the solution" : "Show solution");
  put(buttons.solution, "disabled", !solving && !mine);
  put(buttons.finish, "hidden", !(mine && view.finish?.length));
  put(buttons.finish, "disabled", buttons.finish.hidden);
  if (daily) putAttribute(daily, "href", dailyLink(spec.id, view.options));
  if (winnableLabel) put(winnableLabel, "hidden", Boolean(view.guide)); // a guided deal's deal is its own: no switch to leave it by
}

/**
 * Hook the controls to the controller (the New button asks first by leaveGame: screen_controls.js).
 * @param {Extras} ex
 */
function attach(ex) {
  const { buttons, winnable, daily } = ex;
  buttons.resign.addEventListener("click", () => resign(ex));
  buttons.solution.addEventListener("click", () => showSolution(ex));
  buttons.finish.addEventListener("click", () => finish(ex));
  winnable.addEventListener("change", async () => {
    if (await leaveGame(ex)) {
      saveSettings({ ...loadSettings().settings, winnableOnly: winnable.checked });
      ex.newGame(ex.values(), randomSeed());
    } else {
      winnable.checked = !winnable.checked; // kept playing: the switch and the setting as they were
      ex.screen.render();
    }
  });
  daily?.addEventListener("click", async (event) => {
    if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return; // a new tab
    event.preventDefault();
    if (await leaveGame(ex)) startDaily(ex, ex.values());
  });
}

/**
 * The extra controls and the hooks the controller calls.
 * @param {ExtrasHost} host
 */
export function createExtras(host) {
  /** @type {Extras} */
  const ex = { ...host, ...extraControls(host.spec) };
  const { spec, buttons, winnable, winnableLabel, daily, confirm } = ex;
  return {
    toolbar: [buttons.solution, buttons.finish, winnableLabel].flatMap((e) => (e ? [e] : [])), // beside the game's own buttons
    side: [buttons.resign, daily].flatMap((e) => (e ? [e] : [])), // the side panel ("More" on a phone)
    dialog: confirm.element,
    /**
     * The fields a "new" request gets: {winnable (default: the switch), daily} -> {winnable?: true}.
     * @param {{winnable?: boolean}} [extra]
     */
    newFields: ({ winnable: asked } = {}) => (spec.winnable_deals && (asked ?? winnable.checked) ? { winnable: true } : {}),
    introText,
    leaveGame: () => leaveGame(ex),
    /** Settled once no question is open (a new deal's "Leave this game?" answered first). */
    questionsAnswered: () => questionsAnswered(confirm),
    /** The screen goes away: a question open is answered "no" (the person did not choose to leave), its dialog closed. */
    dispose() {
      confirm.open?.answer(false);
      confirm.control.detach();
    },
    /** @param {OptionValues} values */
    startDaily: (values) => startDaily(ex, values),
    /** @param {View} view @param {boolean} mine */
    update: (view, mine) => update(ex, view, mine),
    attach: () => attach(ex),
  };
}
