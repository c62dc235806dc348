// The page's "settled" signal, for the end-to-end tests and anyone watching the page:
// <html data-settled> is "yes" when nothing is under way, else the kinds under way, space-separated:
//   engine   the engine starting, or a request of it in flight (web/engine.js)
//   motion   an animation of web/render/motion.js playing
//   timer    a pending timer of the turn sequencer (web/play/sequencer.js)
// Each of them reports here what it starts and when it ends. "yes" is said only once nothing has
// been under way for two animation frames, so what a drawing put off to the next frame starts (a
// request, a slide) is seen first. Without a document (a unit test of the sequencer under Node)
// the reports change nothing.

/** @typedef {"engine" | "motion" | "timer"} Kind */

/** @type {Record<Kind, Set<unknown>>} what is under way: a token for each thing */
const underWay = { engine: new Set(), motion: new Set(), timer: new Set() };
let quiet = 0; // bumped by every start and every quiet spell: a "yes" due for an older spell is dropped

function show() {
  const root = globalThis.document?.documentElement;
  if (!root) return;
  const kinds = Object.entries(underWay).filter(([, tokens]) => tokens.size).map(([kind]) => kind).join(" ");
  const spell = ++quiet;
  if (kinds) { if (root.dataset.settled !== kinds) root.dataset.settled = kinds; }
  else requestAnimationFrame(() => requestAnimationFrame(() => { if (spell === quiet) root.dataset.settled = "yes"; }));
}

/**
 * Something of `kind` has started; `token` names it until end(kind, token).
 * @template T
 * @param {Kind} kind
 * @param {T} token
 * @returns {T} the token
 */
export function begin(kind, token) {
  underWay[kind].add(token);
  show();
  return token;
}

/**
 * What begin(kind, token) started has ended (or was cancelled); again, or unknown: nothing.
 * @param {Kind} kind
 * @param {unknown} token
 */
export function end(kind, token) {
  if (underWay[kind].delete(token)) show();
}

/**
 * Something of `kind` is under way until `promise` settles (either way).
 * @template {Promise<unknown>} P
 * @param {Kind} kind
 * @param {P} promise
 * @returns {P} the promise
 */
export function during(kind, promise) {
  const done = () => end(kind, promise);
  begin(kind, promise).then(done, done);
  return promise;
}

/**
 * An animation of the page's motion: under way until it ends or is cancelled.
 * @template {Animation | null} A
 * @param {A} animation
 * @returns {A} the animation
 */
export function moving(animation) {
  if (animation) during("motion", animation.finished);
  return animation;
}

show();
