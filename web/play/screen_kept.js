// What a game screen keeps when it is mounted again in its own place (app.js: the engine was restarted,
// its sessions gone). The game itself comes back from its save, as at any start; a guided deal (never
// saved) comes back from its record kept here, at its move, with its log and its guide as they were
// (guided_deal.js resume; the screen's start then starts no game of its own: game_start.js), or, its
// record refused, the game's usual start comes. The rest is what the player had on screen: the end
// dialogs already seen (the result, the round's summary: not opened again over the same game; one open
// then opens again), the coach open on the game (where it was, what it showed, its Play under way, the
// review under way or its results: coach.js) and the person's request the restart cut short (a move, an
// undo or redo, a hint, a new deal, a guided deal's start, a run of requests: autoplay, the solution,
// Finish, skipping to the person's turn: controller_acts.js `asking`), asked again once the same game
// is back at the same move (its record the same), once: a request cut short again is dropped; a game
// link's deal (or its guided deal) the screen's start asked for, cut short before any game was on
// screen, is asked again in place of the screen's own start (no other game shows first: keptStarts).
// The notice says what was put back (the guard's own words say only that the engine restarted). A
// computer's turn needs nothing kept: once the game is on screen its phase asks for it again. Until
// what was kept is put back the screen does not act on its phase (state.js puttingBack): a result
// seen then does not open meanwhile.

import { shownDialogs } from "./phases.js";

/** @typedef {import("./controller.js").Ctrl} Ctrl */
/** @typedef {import("../engine_types.js").GameSpec} GameSpec */

/**
 * @typedef {object} Kept
 * @property {string} game the game's id: put back on that game's screen only
 * @property {string | null} record the record of the game on screen then, as JSON: put back over the same game at the same move only
 * @property {import("./phases.js").ShownIntent[]} shown the end dialogs seen (phases.js shownDialogs), marked shown again
 * @property {import("./coach.js").CoachKept | null} coach the coach open on the game
 * @property {import("./intents.js").Intent | null} asked the person's request under way (state.js `asked`)
 * @property {{log: import("./renderer_contract.js").LogEntry[], playingOn: boolean} | null} lesson a guided deal on
 *   screen (`record` is its record): its log, and whether it was played on after its ending (guided_deal.js LessonKept)
 */

/**
 * What the screen would lose to a remount, beyond its saved game.
 * @param {Ctrl} ctrl
 * @returns {Kept}
 */
export function keptOf({ spec, state, coach, frame, sequencer, guide, kept }) {
  // a request put back once and cut short again is not asked a third time (one that stops every engine),
  // nor a run the person stopped (its last step under way)
  const stopped = state.asked?.type === "run" && sequencer.going() !== state.asked.kind;
  const asked = state.asked === kept?.asked || stopped ? null : state.asked;
  const shown = frame.endDialogOpen() ? [] : shownDialogs(state.screen); // a dialog open: not done with, shown again
  const lesson = state.record?.lesson ? { log: [...state.log], playingOn: guide.playingOn() } : null;
  return { game: spec.id, record: state.record && JSON.stringify(state.record), shown, coach: coach.kept(), asked,
    lesson };
}

// the requests that put a game on an empty screen: a start cut short by a restart is asked again in its place
const STARTS = new Set(["new-game", "start-lesson"]);

/**
 * Whether the screen before's game comes back by what it kept, not by this screen's own start (which then
 * starts none: game_start.js begin, so no other game shows for a moment first): a guided deal on screen
 * (never saved), or the start it asked for (a game link's deal, a guided deal) cut short before any game was on screen.
 * @param {GameSpec} spec
 * @param {Kept | null | undefined} kept
 */
export const keptStarts = (spec, kept) => Boolean(kept && kept.game === spec.id &&
  (kept.record ? kept.lesson : STARTS.has(kept.asked?.type ?? "")));

/**
 * Put back what the screen before kept, once this screen's start has put its game on screen
 * (before it settles: the game waits under the coach as it did, a dialog seen stays closed).
 * @param {Ctrl} ctrl
 * @param {Kept | null | undefined} kept
 */
export async function putBack(ctrl, kept) {
  const { spec, state, coach, emit, notify } = ctrl;
  if (!kept || kept.game !== spec.id || state.disposed) return;
  if (!kept.record) { // nothing on screen yet: only the deal its start asked for (a game link's, or its guided deal) is put back
    if (kept.asked && keptStarts(spec, kept)) await startBack(ctrl, kept.asked);
    return;
  }
  if (kept.lesson && !(await lessonBack(ctrl, kept.record, kept.lesson))) return;
  if (JSON.stringify(state.record) !== kept.record) return;
  for (const intent of kept.shown) emit(intent);
  const asked = kept.coach ? null : kept.asked;
  const back = [kept.coach && "the coach open where it was", asked && againText(asked)].filter(Boolean);
  const what = kept.lesson ? "the guided deal was put back where it was" : "the game was reloaded from its last save";
  notify(`${RESTARTED}; ${what}${back.length ? `, ${back.join(" and ")}` : ""}.`);
  if (kept.coach) coach.open(kept.coach);
  else if (asked) emit(asked);
}

/**
 * The start the screen before asked for, cut short, asked again in place of the screen's own start (which
 * began none); refused (the engine's words are said), the usual start. Left for a later choice: nothing more.
 * @param {Ctrl} ctrl
 * @param {import("./intents.js").Intent} asked
 */
async function startBack({ state, emit, notify }, asked) {
  notify(`${RESTARTED}; ${againText(asked)}.`);
  const answer = /** @type {import("../engine_types.js").Answer | null} */ (await emit(asked));
  if (!answer || answer.ok || state.disposed) return;
  notify(answer.error?.message ?? "");
  await emit({ type: "usual-start" });
}

/**
 * The guided deal kept, put back at its move in place of the game's usual start (the screen's start
 * began none); its record refused (the engine's words are said), the usual start; left for a later
 * choice, nothing more. True when it is on screen.
 * @param {Ctrl} ctrl
 * @param {string} record
 * @param {NonNullable<Kept["lesson"]>} lesson
 */
async function lessonBack({ state, lessons, emit }, record, lesson) {
  const answer = await lessons.resume({ record: JSON.parse(record), ...lesson });
  if (answer?.ok) return true;
  if (answer && !state.disposed) await emit({ type: "usual-start" });
  return false;
}

// The notice's words for what a screen put back (the guard said only that the engine was restarted: web/guard.js)
const RESTARTED = "The game engine stopped and was restarted";
/** @type {Record<string, string>} a request cut short, asked again, by its intent's type (a run: by its kind;
 *  the coach's Play is put back with the coach, skipping to the person's turn by its own intent) */
const AGAIN = { play: "your move asked again", undo: "your undo asked again", redo: "your redo asked again",
  hint: "your hint asked again", "new-game": "the new deal asked again", "start-lesson": "the guided deal asked again",
  "skip-to-my-turn": "skipping to your turn goes on",
  autoplay: "autoplay goes on", "play-to-end": "playing to the end goes on", solution: "the solution goes on",
  finish: "Finish goes on" };
/** @param {import("./intents.js").Intent} intent */
const againText = (intent) => AGAIN[intent.type === "run" ? intent.kind : intent.type] ?? "your request asked again";

/**
 * What the screen before kept is put back (or there was none to put back): the screen acts on its
 * phase from now on (controller_phases.js settle: it waited meanwhile).
 * @param {Ctrl} ctrl
 */
export function putBackDone({ state, emit }) {
  if (!state.puttingBack) return;
  state.puttingBack = false;
  if (!state.disposed) emit({ type: "settle" });
}
