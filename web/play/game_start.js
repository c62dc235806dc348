// How a game comes on the play screen: at the screen's start the deal of a game link (or its
// guided deal), else the saved game, else a new deal or the table's setup; later a new deal
// (the New button, the options, a dialog's ways on), the setup of a table game, an imported
// record. Each is a request of the controller's round trip (the "request" intent), which takes in
// the new session and its view; the body and the phase change by the controller's intents. Each
// way a game comes on screen first claims the next start number (the "claim" intent, with words
// saying what it was): an import still being read when a later one is claimed gives way to it.

import { dropGame, loadGame } from "../store/saved_games.js";
import { saveNames } from "../store/table.js";
import { h, randomSeed } from "../render/dom.js";
import { defaultSeats, renderSetup, seatLevel, DEFAULT_NAMES } from "../render/setup.js";
import { linkProblemsText, readGameLink } from "./links.js";
import { newToken, personSeat } from "./results.js";
import { isSeatedGame } from "./seating.js";
import { isolateName } from "../names.js";
import { dealWords } from "./export.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("../engine_types.js").Engine} Engine */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/** @typedef {import("../engine_types.js").OptionValues} OptionValues */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").LogEntry} LogEntry */
/** @typedef {ReturnType<typeof import("./extras.js").createExtras>} Extras */
/** @typedef {ReturnType<typeof import("./guided_deal.js").createGuidedDeal>} GuidedDeal */
/** @typedef {ReturnType<typeof readGameLink>} GameLink */
/** @typedef {import("./state.js").StateReader} StateReader */
/** @typedef {import("./intents.js").Emit} Emit */
/** @typedef {import("./intents.js").NewGame} NewGame */

/**
 * @typedef {object} GameStartParts what starting a game reads, and the intents it emits
 * @property {GameSpec} spec
 * @property {StateReader} state the controller's state, read only
 * @property {Engine} engine (an imported record is checked before anything is asked)
 * @property {URLSearchParams} params the game link's query
 * @property {(text: string) => void} notify a notice above the screen
 * @property {Promise<unknown>} after the screen before's last request answered (controller.js Mount)
 * @property {Extras} extras new deals over a game in progress, winnable deals, the daily deal
 * @property {Renderer} screen the game's renderer (a new deal's intro, `started`)
 * @property {GuidedDeal} lessons
 * @property {Emit} emit
 * @property {(view: View) => string} dealText
 * @property {() => OptionValues} optionValues the option values on screen
 */

/** The words of a claim (what a game's coming on screen was), said by an import that gives way to it. */
export const CHOSE_ANOTHER = "another game was chosen";

const seatText = (/** @type {string} */ kind) => (kind === "human" ? "person" : `computer, ${seatLevel(kind)}`);

/**
 * A request that puts a game on screen (new or load), by the controller's round trip.
 * @param {Emit} emit
 * @param {Record<string, unknown>} request
 * @param {{token?: string | null, log?: LogEntry[], daily?: string | null}} fields
 */
const ask = async (emit, request, fields) => /** @type {Answer | null} */ (await emit({ type: "request", request, fields }));

/**
 * The screen's start: the deal of a game link (or its guided deal), else the saved game, else a new deal or the setup;
 * none when what the screen before kept puts its game back in its place (screen_kept.js keptStarts).
 * @param {GameStartParts} parts
 * @param {boolean} keptStarts
 */
async function begin(parts, keptStarts) {
  const { spec, engine, params, notify, after, lessons } = parts;
  await Promise.all([engine.ready(), after]); // a move the screen before made is saved first: it is resumed with it
  if (keptStarts) return;
  const link = readGameLink(spec, params, { seats: isSeatedGame(spec) });
  if (link.problems.length) notify(linkProblemsText(spec, link.problems));
  const linked = link.daily || link.seed !== null || link.fresh;
  if (await lessons.fromLink(link, linked)) return;
  await startUsual(parts, linked, link);
}

/**
 * The game's usual start: the deal of a game link, else the saved game, else a new deal or the setup.
 * @param {GameStartParts} parts
 * @param {boolean} linked
 * @param {GameLink | null} link
 */
async function startUsual(parts, linked, link) {
  const { spec, state, notify, extras, optionValues, emit } = parts;
  emit({ type: "claim", what: "the screen started its game" });
  const seated = isSeatedGame(spec);
  const saved = await resumeSaved(parts, !linked);
  // the screen was left meanwhile, or the engine gave no answer (said; a restart starts the screen
  // again, the saved game kept for it): nothing more is started for it
  if (state.disposed || saved === null) return;
  // a link over a saved game in progress asks first: kept, the saved game stays; left, it counts as lost
  if (linked && saved && !(await extras.leaveGame())) return;
  if (link?.daily && link.seed === null) {
    const answer = await extras.startDaily(link.options);
    if (answer?.ok) return;
    if (answer) notify(answer.error?.message ?? "");
  } else if (link && (link.seed !== null || link.fresh)) {
    const answer = /** @type {Answer | null} */ (await emit(linkedGame(parts, link))); // asked: a restart asks it again
    if (answer?.ok) return;
    if (answer) notify(answer.error?.message ?? "");
  } else if (saved) {
    return;
  }
  if (seated) showSetup(parts, { names: state.names }, false);
  else await newGame(parts, { type: "new-game", values: optionValues(), seed: randomSeed(spec.hidden_hands) });
}

/**
 * The new game a game link asks for: its options, deal, seats (a table game's, else the person
 * alone) and the table's names for them.
 * @param {GameStartParts} parts
 * @param {GameLink} link
 * @returns {NewGame}
 */
function linkedGame({ spec, state }, link) {
  const seated = isSeatedGame(spec);
  const seats = seated ? link.seats ?? defaultSeats(Number(link.options.players ?? spec.players.min)) : ["human"];
  const names = seated ? seats.map((/** @type {string} */ _, /** @type {number} */ i) => state.names[i] ?? DEFAULT_NAMES[i]) : null;
  return { type: "new-game", values: link.options, seed: link.seed ?? randomSeed(spec.hidden_hands), seats, names,
    extra: link.winnable === null ? {} : { winnable: link.winnable } };
}

/**
 * Put the saved game back on screen; true when it is there, null when the engine gave no answer (it
 * took too long, or failed: the saved game is kept; a restart of the engine starts the screen again).
 * @param {GameStartParts} parts
 * @param {boolean} tell say that it was resumed
 * @returns {Promise<boolean | null>}
 */
async function resumeSaved(parts, tell) {
  const { spec, state, notify, emit } = parts;
  const { game: saved, dropped } = loadGame(spec.id);
  if (dropped) notify(`The saved game of ${spec.name} could not be read and was removed.`);
  if (!saved) return false;
  const { record, token, log, daily } = saved;
  const resumed = spec.hidden_hands ? "Resumed the game in progress." : `Resumed deal ${record.seed}.`;
  const answer = await load(parts, record, token, resumed, log, daily);
  if (answer?.ok) {
    if (tell) emit({ type: "say", text: resumed });
    return true;
  }
  if (state.disposed) return false; // not loaded because the screen was left: the saved game stays
  if (!answer) return null; // no answer (a load that took too long on a slow machine): never dropped for it
  dropGame(spec.id);
  notify(`The saved game of ${spec.name} could not be restored and was removed.`);
  return false;
}

/**
 * A new game's first line in the log: its deal and who sits where (none when the table's names stay).
 * @param {GameSpec} spec
 * @param {number} seed
 * @param {string[]} seats
 * @param {string[] | null} names
 * @returns {LogEntry[]}
 */
function newGameLog(spec, seed, seats, names) {
  if (!names) return [];
  const who = names.map((n, i) => `${isolateName(n)} (${seatText(seats[i])})`).join(", ");
  return [{ text: `New game${spec.hidden_hands ? "" : `, deal ${seed}`}: ${who}.`, seat: null }];
}

/**
 * A new game (intents.js NewGame): its seats' names kept for the table, its first line in the log.
 * @param {GameStartParts} parts
 * @param {NewGame} game
 */
async function newGame({ spec, state, extras, screen, emit, dealText }, { values, seed, seats = ["human"], names = null, extra = {} }) {
  emit({ type: "claim", what: CHOSE_ANOTHER });
  emit({ type: "stop" });
  /** @type {Record<string, unknown>} */
  const asked = { op: "new", game: spec.id, options: values, seed, seats, ...extras.newFields(extra) };
  const first = seats.indexOf("human");
  if (first >= 0) asked.seat = first;
  if (names) {
    emit({ type: "names", names });
    saveNames(spec.id, names);
  }
  const answer = await ask(emit, asked, { log: newGameLog(spec, seed, seats, names), daily: extra.daily ?? null });
  const view = state.view;
  if (answer?.ok && answer.view && view) {
    emit({ type: "show-play" });
    if (!names) emit({ type: "say", text: `${extras.introText(asked, extra)}${dealText(answer.view).replace(" · ", ". ")}${screen.intro(answer.view)}` });
    await screen.started?.(view, null);
    emit({ type: "settle" });
  }
  return answer;
}

/**
 * Put a record on screen in place of the game there (resume, import), seen by its first person's seat.
 * @param {GameStartParts} parts
 * @param {GameRecord} record
 * @param {string | null} token
 * @param {string | null} note
 * @param {LogEntry[]} [log]
 * @param {string | null} [daily]
 * @param {Record<string, unknown>} [fields] more of the load request (imported: true)
 */
async function load({ state, screen, emit }, record, token, note, log = [], daily = null, fields = {}) {
  emit({ type: "stop" });
  if (note) log = [{ text: note, seat: null, loaded: true }, ...log];
  const answer = await ask(emit, { op: "load", record, seat: personSeat(record) ?? 0, ...fields }, { token, log, daily });
  const view = state.view;
  if (!answer?.ok || !view) return answer;
  emit({ type: "show-play" });
  await screen.started?.(view, record);
  emit({ type: "settle" });
  return answer;
}

/**
 * An imported file replaces the game on screen as a new deal does: asked, the game left counted
 * as lost; a game imported in progress counts as assisted (the engine marks it). Returns the
 * load's answer; an error "superseded" when a later choice took its place (the claim's words
 * say which); null when the person kept playing, or its screen was left (the notice says so).
 * @param {GameStartParts} parts
 * @param {GameRecord} record
 */
async function importRecord(parts, record) {
  const { spec, state, engine, extras, emit, notify } = parts;
  const mine = await emit({ type: "claim", what: "another file was chosen" });
  const check = await engine.request({ op: "load", record, seat: personSeat(record) ?? 0, game: spec.id });
  if (!check.ok) return check; // a file the engine refuses: nothing asked, nothing changed
  emit({ type: "close-session", session: check.session });
  await extras.questionsAnswered(); // a question open (a new deal's "Leave this game?") is answered first
  // a game chosen while the file was checked (a new deal, the setup, another file) is the later choice: the import gives way
  if (!state.disposed && state.starts !== mine) {
    return { ok: false, error: { code: "superseded", message: `${state.claimed} while it was read.` } };
  }
  const answer = !state.disposed && (await extras.leaveGame()) && !state.disposed
    ? await load(parts, record, newToken(spec.id), `Imported ${dealWords(record)}.`, [], null, { imported: true }) : null;
  // its screen left before it was on screen (a link followed, say): dropped, and said where it shows
  if (!answer && state.disposed) notify(`The record of ${dealWords(record)} was not imported: its game screen was left first.`);
  return answer;
}

/**
 * The setup of the table (seats, names, options); `canCancel`: back to the game on screen.
 * @param {GameStartParts} parts
 * @param {{options?: OptionValues, seats?: string[], names?: string[]}} initial
 * @param {boolean} canCancel
 */
function showSetup(parts, initial, canCancel) {
  const { spec, extras, emit } = parts;
  emit({ type: "claim", what: "the setup of a new game was opened" }); // (not the game: words that say only this)
  emit({ type: "stop" });
  const box = h("div", { class: "setup-box" });
  emit({ type: "show", body: "setup", element: box });
  renderSetup(box, {
    spec, initial,
    onCancel: canCancel ? () => { emit({ type: "back-to-play" }); } : null,
    onStart: async (/** @type {any} */ choice, /** @type {(message: string) => void} */ fail) => {
      if (!(await extras.leaveGame())) return; // the game left behind, in progress, counts as lost
      const answer = /** @type {Answer | null} */ (await emit({ type: "new-game", values: choice.options, seed: choice.seed,
        seats: choice.seats, names: choice.names }));
      if (answer && !answer.ok) fail(answer.error?.message ?? "");
    },
  });
}

/**
 * The New button: the setup of the table (back to the game on screen by its Cancel), or a new deal.
 * @param {GameStartParts} parts
 */
function startNew(parts) {
  const { spec, state, optionValues, emit } = parts;
  const view = state.view;
  if (isSeatedGame(spec)) {
    showSetup(parts, view ? { options: view.options, seats: view.seats, names: state.names } : { names: state.names },
      Boolean(view));
  } else emit({ type: "new-game", values: optionValues(), seed: randomSeed(spec.hidden_hands) });
}

/**
 * The ways a game comes on screen, for the controller's intents.
 * @param {GameStartParts} parts
 */
export function createGameStart(parts) {
  return {
    /** @param {boolean} [keptStarts] what the screen before kept puts its game back: no game is started */
    begin: (keptStarts = false) => begin(parts, keptStarts),
    /** @param {boolean} linked @param {GameLink | null} link */
    startUsual: (linked, link) => startUsual(parts, linked, link),
    /** @param {NewGame} game */
    newGame: (game) => newGame(parts, game),
    /** @param {GameRecord} record */
    importRecord: (record) => importRecord(parts, record),
    /** @param {{options?: OptionValues, seats?: string[], names?: string[]}} initial @param {boolean} canCancel */
    showSetup: (initial, canCancel) => showSetup(parts, initial, canCancel),
    startNew: () => startNew(parts),
  };
}
