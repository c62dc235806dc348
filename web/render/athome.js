// "At home" pieces every game screen shares: game links (read from the route, written for the
// deal on screen), the game tools under the board (link to this deal, copy it, export and import
// a record file) and counting a finished game in the statistics once.

import { h, randomSeed } from "./dom.js";
import { parseRecordFile, recordFileText, recordResult } from "../storage.js";

const DEAL = /^\d{1,15}$/;

/** "ai:easy" and the like (the catalog's levels of the game `spec`); "human". */
const isSeatKind = (spec, kind) => kind === "human" || spec.levels.some((level) => kind === `ai:${level.id}`);

/**
 * Read a game link's query: deal=N, one KEY=VALUE per option of the game, and with
 * `seats: true` (the table games) seats=human,ai:easy,... (one per player).
 * winnable=1 asks for winnable-only deals (games whose catalog entry offers them), daily=1 for
 * the daily deal (the solitaires).
 * Returns {seed, fresh, options, seats, winnable, daily, problems}: seed is null when the link names no deal or a
 * bad one; fresh is true for a link of options without a deal (a new game of those options, as
 * the link of a game in progress with hidden hands gives); a bad option value falls back to the
 * option's default and bad seats to null; every value dropped is one line of `problems`.
 */
export function readGameLink(spec, params, { seats: withSeats = false } = {}) {
  const problems = [];
  const options = Object.fromEntries(spec.options.map((o) => [o.key, o.default]));
  const raw = params.get("deal");
  const seed = raw !== null && DEAL.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;
  if (raw !== null && seed === null) problems.push(`the deal number “${raw}” is not a whole number from 0`);
  for (const option of spec.options) {
    const value = params.get(option.key);
    if (value === null) continue;
    const choice = option.choices.find((c) => String(c) === value);
    if (choice === undefined) {
      problems.push(`${option.label} “${value}” is not one of ${option.choices.join(", ")} (${option.default} used)`);
    } else {
      options[option.key] = choice;
    }
  }
  let seats = null;
  if (withSeats && params.has("seats")) {
    const kinds = params.get("seats").split(",");
    const count = Number(options.players ?? spec.players.min);
    if (kinds.length === count && kinds.every((kind) => isSeatKind(spec, kind))) seats = kinds;
    else problems.push(`the seats “${params.get("seats")}” are not ${count} of human, ${spec.levels.map((l) => `ai:${l.id}`).join(", ")}`);
  }
  const flag = (key, offered) => {
    const value = params.get(key);
    if (value === null || !offered) return null;
    if (value === "1" || value === "0") return value === "1";
    problems.push(`${key} “${value}” is not 1 or 0 (ignored)`);
    return null;
  };
  const winnable = flag("winnable", Boolean(spec.winnable_deals));
  const daily = flag("daily", Boolean(spec.solitaire));
  const known = new Set(["deal", ...spec.options.map((o) => o.key), ...(withSeats ? ["seats"] : []),
    ...(spec.winnable_deals ? ["winnable"] : []), ...(spec.solitaire ? ["daily"] : [])]);
  for (const key of new Set(params.keys())) {
    if (!known.has(key)) problems.push(`“${key}” is not a setting of ${spec.name} (ignored)`);
  }
  const fresh = raw === null && [...params.keys()].some((key) => known.has(key));
  return { seed, fresh, options, seats, winnable, daily: Boolean(daily), problems };
}

/** The notice for a link's problems (empty when there are none). */
export function linkProblemsText(spec, problems) {
  return problems.length ? `The link to ${spec.name} was not fully understood: ${problems.join("; ")}.` : "";
}

/**
 * The game link of a view: its deal ("#/play/draw?deal=3&set=double-6&players=2&target=50&seats=human,ai:easy"),
 * or, while a game with hidden hands is in progress, only its options and seats (a new deal: the
 * link must not show anyone the hands of the game on screen).
 */
function gameLinkHref(view, { seats = false, hidden = false } = {}) {
  const deal = hidden && !view.outcome ? {} : { deal: view.seed };
  const query = { ...deal, ...view.options, ...(seats ? { seats: view.seats.join(",") } : {}),
    ...(view.winnable ? { winnable: 1 } : {}) };
  const text = Object.entries(query)
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value)).replace(/%2C/g, ",").replace(/%3A/g, ":")}`)
    .join("&");
  return `#/play/${view.game}?${text}`;
}

/**
 * The game tools: "Link to this deal", "Copy game link", "Export record" and "Import record".
 *   gameId; engine; session() -> the session id on screen (or null); say(text, kind);
 *   load(record) -> the engine's answer after the screen loaded the record in place of its
 *   game (or null when it was busy); linkOptions: for gameLinkHref.
 * Returns {element, update(view)}: update after every view (null: no game yet).
 */
export function gameTools({ gameId, engine, session, say, load, linkOptions = {} }) {
  const link = h("a", { id: "deal-link", class: "deal-link", href: "#", hidden: "" }, "Link to this deal");
  const copy = h("button", { type: "button", "data-action": "copy-link", disabled: "" }, "Copy game link");
  const exportButton = h("button", { type: "button", "data-action": "export", disabled: "" }, "Export record");
  const importInput = h("input", { type: "file", id: "import-record", accept: ".json,application/json" });
  const element = h("div", { class: "game-tools", role: "group", "aria-label": "Game link and record" },
    link, copy, exportButton, h("label", { class: "button file-label", for: "import-record" }, "Import record", importInput));

  let shown = null; // the view on screen
  const dealShown = () => !(linkOptions.hidden && !shown?.outcome);
  link.addEventListener("click", (event) => {
    const plain = event.button === 0 && !(event.ctrlKey || event.metaKey || event.shiftKey || event.altKey);
    if (!plain || !shown?.moves || shown.outcome) return; // a new tab, or nothing to lose: follow it
    event.preventDefault(); // following it here would start the deal again and lose the moves made
    say(`${dealShown() ? `This link opens deal ${shown.seed} from its start` : "This link starts a new deal with these settings"}, ` +
      "in place of this game: copy it with “Copy game link”, or open it in a new tab.");
  });

  copy.addEventListener("click", async () => {
    const url = new URL(link.getAttribute("href"), location.href).href;
    try {
      await navigator.clipboard.writeText(url);
      say(`Game link copied: ${url}`);
    } catch {
      say(`Copy this game link: ${url}`); // no clipboard (an insecure origin, or refused): show it
    }
  });

  exportButton.addEventListener("click", async () => {
    const id = session();
    const answer = id ? await engine.request({ op: "record", session: id }) : null;
    if (!answer?.ok) {
      say(`The record could not be exported: ${answer?.error.message ?? "no game yet"}.`, "error");
      return;
    }
    say(downloadRecord(gameId, answer.record));
  });

  importInput.addEventListener("change", async () => {
    const file = importInput.files?.[0];
    importInput.value = "";
    if (!file) return;
    const refuse = (reason) => say(`The file ${file.name} could not be imported: ${reason}`, "error");
    if (file.size > 2_000_000) {
      refuse("it is larger than a game record can be.");
      return;
    }
    const { record, error } = parseRecordFile(await file.text(), gameId);
    if (error) {
      refuse(error);
      return;
    }
    const answer = await load(record); // the engine replays it move by move; a bad move changes nothing
    if (!answer) return; // the engine failed: the game said so
    if (!answer.ok) refuse(answer.error.message);
    else say(`Imported deal ${record.seed} (${record.moves.length} moves).`);
  });

  function update(view) {
    shown = view;
    link.hidden = !view;
    copy.disabled = !view;
    exportButton.disabled = !view;
    if (view) link.href = gameLinkHref(view, linkOptions);
    link.textContent = dealShown() ? "Link to this deal" : "Link to a new deal like this";
  }
  return { element, update };
}

// ---- statistics

/** A fresh statistics token: one per game started or imported (kept with the saved game). */
export const newToken = (gameId) => `${gameId}:${Date.now().toString(36)}:${randomSeed()}`;

/**
 * The seat whose results the statistics keep: the first seat a person plays (seat 0 of a
 * solitaire; in hot-seat, the first person's seat); null when every seat is a computer.
 */
/** Save a record as a file (the browser's download); returns what to tell the player. */
export function downloadRecord(gameId, record) {
  const url = URL.createObjectURL(new Blob([recordFileText(record)], { type: "application/json" }));
  const a = h("a", { href: url, download: `boneyard-${gameId}-deal-${record.seed}.json`, hidden: "" });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return `Exported deal ${record.seed} (${record.moves.length} moves).`;
}

export function personSeat(view) {
  const seat = (view.seats ?? ["human"]).indexOf("human");
  return seat < 0 ? null : seat;
}

/** True when the answer to `op` finished the game: a move, a redo or a resign from a running game to game over. */
export function finishes(op, before, view) {
  return ["play", "ai", "redo", "resign"].includes(op) && Boolean(before && !before.outcome && view?.outcome);
}

/**
 * Count a finished game for the person's seat, once per token (an undo and a second finish, or a
 * reload, do not count again). scored: the person's final points go to best and mean score
 * (the table games); winnable: Luzon's "the deal was winnable at its start"; daily: the day of
 * the daily deal this game is (null: not one). From the view: a winnable-only deal (a row of its
 * own), assisted (undo or hints used) and given up (resigned, or left for a new deal).
 * @param {import("../engine_types.js").View} view
 * @param {string | null} token
 * @param {{scored?: boolean, winnable?: boolean, daily?: string | null}} [extra]
 */
export function countGame(view, token, { scored = false, winnable, daily = null } = {}) {
  const seat = personSeat(view);
  if (seat === null || !view.outcome) return null;
  const outcome = { won: view.outcome.winners.includes(seat) };
  if (scored) outcome.score = view.outcome.scores?.[seat] ?? view.scores?.[seat];
  const detail = view.outcome.detail;
  // resigned (the engine's resign of any game, or a game's own resign move), or left for a new deal
  const gaveUp = Boolean(detail && typeof detail === "object" && Object.hasOwn(detail, "resigned")) ||
    (view.events ?? []).some((e) => e.kind === "resign");
  return recordResult(view.game, view.options, outcome, { id: token, winnable, winnableOnly: view.winnable === true,
    assisted: view.assisted === true, daily: Boolean(daily), day: daily ?? undefined, gaveUp });
}
