// A guided deal on the play screen: the engine's lesson of the game, whose view's guide says
// everything (guide.js draws its note and marks). This part offers it above the game the first
// time the game is opened, starts it (a link, the offer, a first deal over before it began),
// puts it back at its move (a screen mounted again: screen_kept.js), leaves it for the game's
// usual start, and gives the lesson's ways on to the round's and the game's dialogs. It keeps
// only its offer; the game's state is the controller's, changed by the intents it emits.

import { h, put } from "../render/dom.js";
import { lessonOffered, markLessonOffered } from "../store/lessons.js";
import { releaseGame } from "../store/saved_games.js";

/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").View} View */
/** @typedef {import("../engine_types.js").Answer} Answer */
/** @typedef {import("./renderer_contract.js").LogEntry} LogEntry */
/** @typedef {import("./frame.js").Action} Action */
/** @typedef {ReturnType<typeof import("./guide.js").createGuide>} GuidePanel */
/** @typedef {ReturnType<typeof import("./links.js").readGameLink>} GameLink */
/** @typedef {import("./state.js").StateReader} StateReader */
/** @typedef {import("./intents.js").Emit} Emit */
/** @typedef {import("../engine_types.js").GameRecord} GameRecord */
/**
 * A guided deal as a remount puts it back (screen_kept.js).
 * @typedef {object} LessonKept
 * @property {GameRecord} record its record (the engine's, with `lesson`): the lesson at its move
 * @property {LogEntry[]} log its log
 * @property {boolean} playingOn played on after its ending, unguided (guide.js "Keep playing")
 */

/**
 * The move a guided deal's step suggests, shown as a hint is; null when there is none (no lesson,
 * its end, or not the person's move).
 * @param {View | null} view
 * @param {boolean} mine the person on screen may move now
 */
export function suggestion(view, mine) {
  const g = view?.guide;
  return g && !g.done && mine ? g.suggest ?? null : null;
}

/**
 * @typedef {object} GuidedDealParts what a guided deal reads, and the intents it emits
 * @property {GameSpec} spec
 * @property {StateReader} state the controller's state, read only
 * @property {GuidePanel} guide
 * @property {Emit} emit
 */

/**
 * "New to GAME? Play a guided deal": offered above the game the first time it is opened.
 * @param {GameSpec} spec
 * @param {Emit} emit
 */
function lessonOffer(spec, emit) {
  const play = h("button", { type: "button", class: "primary", "data-action": "start-lesson" }, "Play a guided deal");
  const skip = h("button", { type: "button", "data-action": "skip-lesson" }, "Skip");
  const box = h("aside", { class: "lesson-offer", "aria-label": "Guided deal", hidden: "" },
    h("p", {}, `New to ${spec.name}? Play a guided deal: it shows you the rules as you play.`),
    h("div", { class: "actions" }, play, skip));
  play.addEventListener("click", () => { emit({ type: "start-lesson" }); });
  skip.addEventListener("click", () => { box.hidden = true; });
  return box;
}

/**
 * The round dialog's buttons when a guided deal ended with its round: keep playing (the next
 * round, unguided) or a real game; null otherwise.
 * @param {View} view
 * @param {() => void} nextRound
 * @param {GuidePanel} guide
 * @param {() => void} leave the lesson left for a real game
 * @returns {Action[] | null}
 */
function roundActions(view, nextRound, guide, leave) {
  if (!view.guide?.done) return null;
  return [{ label: "Keep playing", attrs: { class: "primary", id: "next-round", "data-action": "keep-playing" },
    run: () => { guide.keep(); nextRound(); } },
  { label: "Play a real game", attrs: { "data-action": "real-game" }, run: leave }];
}

/**
 * Put a guided deal on screen in place of the game there (which stays saved), by `request`.
 * @param {GuidedDealParts} parts
 * @param {HTMLElement} offer
 * @param {string} what the claim's words
 * @param {Record<string, unknown>} request
 * @param {LogEntry[]} log
 * @param {boolean} [playingOn] played on after its ending, unguided
 */
async function openLesson({ spec, state, guide, emit }, offer, what, request, log, playingOn = false) {
  emit({ type: "claim", what });
  offer.hidden = true;
  guide.reset(playingOn);
  const answer = /** @type {Answer | null} */ (await emit({ type: "request", request, fields: { log } }));
  if (answer?.ok && state.view) {
    releaseGame(spec.id); // the saved game is not on screen now: another tab's save of it is no question here
    emit({ type: "show-play" });
    emit({ type: "say", text: "" });
    emit({ type: "settle" });
  } else if (answer) emit({ type: "notify", text: answer.error?.message ?? "" });
  return answer;
}

/**
 * @param {GuidedDealParts} parts
 */
export function createGuidedDeal(parts) {
  const { spec, state, guide, emit } = parts;
  const offer = lessonOffer(spec, emit);
  /** @type {(what: string, request: Record<string, unknown>, log: LogEntry[], playingOn?: boolean) => Promise<Answer | null>} */
  const open = (...args) => openLesson(parts, offer, ...args);

  /** The guided deal of this game, from its start. */
  const start = () => open("a guided deal was started", { op: "new", game: spec.id, lesson: true, seat: 0 },
    [{ text: `Guided deal: ${spec.lesson?.title ?? spec.name}.`, seat: null }]);

  /**
   * The guided deal a screen of this game before had (mounted again in its place: screen_kept.js), at
   * its move: its record loaded (the engine checks its moves are the lesson's), its log and its guide as they were.
   * @param {LessonKept} kept
   */
  const resume = ({ record, log, playingOn }) =>
    open("a guided deal was put back", { op: "load", record, seat: 0 }, log, playingOn);

  /** Leave the guided deal (nothing asked, nothing counted): the game's usual start. */
  async function leave() {
    const session = state.session;
    await emit({ type: "forget" }); // what plays by itself stops, the dialogs close
    if (session) emit({ type: "close-session", session });
    guide.draw(null);
    await emit({ type: "usual-start" });
  }

  /**
   * At the screen's start: a link's lesson opens (true when it is on screen); else the first time
   * the game is opened without a linked deal, the offer shows.
   * @param {GameLink} link
   * @param {boolean} linked the link names a deal (a number, options or the daily deal)
   */
  async function fromLink(link, linked) {
    if (link.lesson) {
      markLessonOffered(spec.id);
      return Boolean(/** @type {Answer | null} */ (await emit({ type: "start-lesson" }))?.ok); // asked: a restart asks it again
    }
    if (spec.lesson && !linked && !lessonOffered(spec.id)) {
      markLessonOffered(spec.id); // offered once; the menu and the rules page keep the way to it
      offer.hidden = false;
    }
    return false;
  }

  /**
   * A view drawn: a real game under way, the offer has had its turn.
   * @param {View} view
   */
  function seen(view) {
    if (view.moves > 0 && !view.guide) put(offer, "hidden", true);
  }

  /**
   * The game dialog's buttons with the lesson's: while the offer is on (a first deal over before
   * it began, a dead solitaire) the way to the guided deal; at a guided deal's end the way to a
   * real game in place of all but the last two.
   * @param {View} view
   * @param {Action[]} actions
   * @returns {Action[]}
   */
  function outcomeActions(view, actions) {
    const out = [...actions];
    if (!offer.hidden) out.splice(1, 0, { label: "Play a guided deal", short: "Guided deal", attrs: { "data-action": "start-lesson" },
      run: () => { emit({ type: "start-lesson" }); } });
    if (view.guide) {
      out.splice(0, out.length - 2, { label: "Play a real game", short: "Real game", attrs: { class: "primary", "data-action": "real-game" },
        run: leave });
    }
    return out;
  }

  return { offer, start, resume, leave, fromLink, seen, outcomeActions,
    /** @type {(view: View, nextRound: () => void) => Action[] | null} */
    roundActions: (view, nextRound) => roundActions(view, nextRound, guide, leave) };
}
