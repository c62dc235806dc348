// How a game comes on the play screen: at the screen's start the deal of a game link (or its
// guided deal), else the saved game, else a new deal or the table's setup; later a new deal
// (the New button, the options, a dialog's ways on), the setup of a table game, an imported
// record. Each goes through the controller's round trip (send), which takes in the new session
// and its view; the screen's phase changes are the controller's functions.

import { dropGame, loadGame } from "../store/saved_games.js";
import { saveNames } from "../store/table.js";
import { h, randomSeed } from "../render/dom.js";
import { defaultSeats, renderSetup, seatLevel, DEFAULT_NAMES } from "../render/setup.js";
import { linkProblemsText, readGameLink } from "./links.js";
import { newToken, personSeat } from "./results.js";
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

/**
 * @typedef {object} GameStartHost what starting a game needs of the controller
 * @property {GameSpec} spec
 * @property {StateReader} state the controller's state, read only
 * @property {Engine} engine
 * @property {URLSearchParams} params the game link's query
 * @property {boolean} seated the game is set up at a table (seats, names), not dealt by number
 * @property {(text: string) => void} notify a notice above the screen
 * @property {Extras} extras new deals over a game in progress, winnable deals, the daily deal
 * @property {Renderer} screen the game's renderer (a new deal's intro, `started`)
 * @property {GuidedDeal} lessons
 * @property {(request: Record<string, unknown>, opts?: {token?: string | null, log?: LogEntry[], daily?: string | null})
 *   => Promise<Answer | null>} send the controller's round trip
 * @property {(names: string[]) => void} setNames the table's names from now on
 * @property {(view: View) => string} dealText
 * @property {() => OptionValues} optionValues the option values on screen
 * @property {() => void} stopPlaying what plays by itself and what was due stop
 * @property {() => void} showPlay the play screen comes back
 * @property {() => void} backToPlay the play screen comes back, drawn, and what its phase asks for done
 * @property {(box: HTMLElement) => void} showSetupBox the setup's box in the screen's body (the phase: setup)
 * @property {(text: string) => void} say
 * @property {() => void} render
 * @property {() => void} step what the phase now asks for is done
 */

/**
 * @param {GameStartHost} host
 */
export function createGameStart(host) {
  const { spec, state, engine, seated, notify, extras, screen } = host;
  const seatText = (/** @type {string} */ kind) => (kind === "human" ? "person" : `computer, ${seatLevel(kind)}`);

  /** The screen's start: the deal of a game link (or its guided deal), else the saved game, else a new deal or the setup. */
  async function begin() {
    await engine.ready();
    const link = readGameLink(spec, host.params, { seats: seated });
    if (link.problems.length) notify(linkProblemsText(spec, link.problems));
    const linked = link.daily || link.seed !== null || link.fresh;
    if (await host.lessons.fromLink(link, linked)) return;
    await startUsual(linked, link);
  }

  /**
   * The game's usual start: the deal of a game link, else the saved game, else a new deal or the setup.
   * @param {boolean} linked
   * @param {GameLink | null} link
   */
  async function startUsual(linked, link) {
    const saved = await resumeSaved(!linked);
    // a link over a saved game in progress asks first: kept, the saved game stays; left, it counts as lost
    if (linked && saved && !(await extras.leaveGame())) return;
    if (link?.daily && link.seed === null) {
      const answer = await extras.startDaily(link.options);
      if (answer?.ok) return;
      if (answer) notify(answer.error?.message ?? "");
    } else if (link && (link.seed !== null || link.fresh)) {
      const seats = seated ? link.seats ?? defaultSeats(Number(link.options.players ?? spec.players.min)) : ["human"];
      const names = seated ? seats.map((/** @type {string} */ _, /** @type {number} */ i) => state.names[i] ?? DEFAULT_NAMES[i]) : null;
      const answer = await newGame(link.options, link.seed ?? randomSeed(), seats, names,
        link.winnable === null ? {} : { winnable: link.winnable });
      if (answer?.ok) return;
      if (answer) notify(answer.error?.message ?? "");
    } else if (saved) {
      return;
    }
    if (seated) showSetup({ names: state.names }, false);
    else await newGame(host.optionValues(), randomSeed());
  }

  /**
   * Put the saved game back on screen; true when it is there.
   * @param {boolean} tell say that it was resumed
   */
  async function resumeSaved(tell) {
    const { game: saved, dropped } = loadGame(spec.id);
    if (dropped) notify(`The saved game of ${spec.name} could not be read and was removed.`);
    if (!saved) return false;
    const { record, token, log, daily } = saved;
    const resumed = spec.hidden_hands ? "Resumed the game in progress." : `Resumed deal ${record.seed}.`;
    const answer = await load(record, token, resumed, log, daily);
    if (answer?.ok) {
      if (tell) host.say(resumed);
      host.render();
      return true;
    }
    dropGame(spec.id);
    notify(`The saved game of ${spec.name} could not be restored and was removed.`);
    return false;
  }

  /**
   * A new game; extra: {winnable (default: the switch), daily: the day of a daily deal} (extras.js).
   * @param {OptionValues} values
   * @param {number} seed
   * @param {string[]} [seats]
   * @param {string[] | null} [names]
   * @param {{winnable?: boolean, daily?: string | null}} [extra]
   */
  async function newGame(values, seed, seats = ["human"], names = null, extra = {}) {
    host.stopPlaying();
    /** @type {Record<string, unknown>} */
    const request = { op: "new", game: spec.id, options: values, seed, seats, ...extras.newFields(extra) };
    const first = seats.indexOf("human");
    if (first >= 0) request.seat = first;
    if (names) {
      host.setNames(names);
      saveNames(spec.id, names);
    }
    const log = names ? [{ text: `New game${spec.hidden_hands ? "" : `, deal ${seed}`}: ${names.map((n, i) => `${isolateName(n)} (${seatText(seats[i])})`).join(", ")}.`,
      seat: null }] : [];
    const answer = await host.send(request, { log, daily: extra.daily ?? null });
    const view = state.view;
    if (answer?.ok && answer.view && view) {
      host.showPlay();
      if (!names) host.say(`${extras.introText(request, extra)}${host.dealText(answer.view).replace(" · ", ". ")}${screen.intro(answer.view)}`);
      await screen.started?.(view, null);
      host.render();
      host.step();
    }
    return answer;
  }

  /**
   * Put a record on screen in place of the game there (resume, import), seen by its first person's seat.
   * @param {GameRecord} record
   * @param {string | null} token
   * @param {string | null} note
   * @param {LogEntry[]} [log]
   * @param {string | null} [daily]
   * @param {Record<string, unknown>} [fields] more of the load request (imported: true)
   */
  async function load(record, token, note, log = [], daily = null, fields = {}) {
    host.stopPlaying();
    if (note) log = [{ text: note, seat: null, loaded: true }, ...log];
    const answer = await host.send({ op: "load", record, seat: personSeat(record) ?? 0, ...fields }, { token, log, daily });
    const view = state.view;
    if (!answer?.ok || !view) return answer;
    host.showPlay();
    await screen.started?.(view, record);
    host.render();
    host.step();
    return answer;
  }

  /**
   * An imported file replaces the game on screen as a new deal does: asked, the game left counted
   * as lost; a game imported in progress counts as assisted (the engine marks it).
   * @param {GameRecord} record
   */
  async function importRecord(record) {
    const check = await engine.request({ op: "load", record, seat: personSeat(record) ?? 0, game: spec.id });
    if (!check.ok) return check; // a file the engine refuses: nothing asked, nothing changed
    engine.request({ op: "close", session: check.session }).catch(() => {});
    if (!(await extras.leaveGame())) return null;
    return load(record, newToken(spec.id), `Imported ${dealWords(record)}.`, [], null, { imported: true });
  }

  /**
   * The setup of the table (seats, names, options); `canCancel`: back to the game on screen.
   * @param {{options?: OptionValues, seats?: string[], names?: string[]}} initial
   * @param {boolean} canCancel
   */
  function showSetup(initial, canCancel) {
    host.stopPlaying();
    const box = h("div", { class: "setup-box" });
    host.showSetupBox(box);
    renderSetup(box, {
      spec, initial,
      onCancel: canCancel ? host.backToPlay : null,
      onStart: async (/** @type {any} */ choice, /** @type {(message: string) => void} */ fail) => {
        if (!(await extras.leaveGame())) return; // the game left behind, in progress, counts as lost
        const answer = await newGame(choice.options, choice.seed, choice.seats, choice.names);
        if (answer && !answer.ok) fail(answer.error?.message ?? "");
      },
    });
  }

  /** The New button: the setup of the table (back to the game on screen by its Cancel), or a new deal. */
  function startNew() {
    const view = state.view;
    if (seated) {
      showSetup(view ? { options: view.options, seats: view.seats, names: state.names } : { names: state.names },
        Boolean(view));
    } else newGame(host.optionValues(), randomSeed());
  }

  return { begin, startUsual, newGame, importRecord, showSetup, startNew };
}
