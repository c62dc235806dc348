// Small DOM helpers shared by the screens.

/** @typedef {Node | string | null | undefined | false} Child */

/**
 * Create an element: h("button", {type: "button"}, "text", child...); an attribute that is null,
 * undefined or false is left out.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, unknown>} [attrs]
 * @param {...Child} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(key, String(value));
  }
  node.append(.../** @type {(Node | string)[]} */ (children.filter((c) => c !== null && c !== undefined && c !== false)));
  return node;
}

/**
 * Make element `a`'s attributes `b`'s (one kind of element), touching only those that differ; an
 * inline style through the CSSOM (the page's CSP, style-src 'self', blocks a style attribute set).
 * @param {Element} a @param {Element} b
 */
function takeAttributes(a, b) {
  for (const name of a.getAttributeNames()) if (!b.hasAttribute(name)) a.removeAttribute(name);
  for (const { name, value } of b.attributes) {
    if (a.getAttribute(name) === value) continue;
    if (name === "style" && (a instanceof HTMLElement || a instanceof SVGElement)) {
      a.style.cssText = /** @type {HTMLElement | SVGElement} */ (b).style.cssText;
    } else a.setAttribute(name, value);
  }
}

/**
 * The changes that make `parent`'s children `nodes` (drawChildren), into `ops`; `first` for those
 * that take the keyboard's element away (done before any other: its removal updates the style,
 * which costs nothing then).
 * @param {Element} parent @param {Node[]} nodes @param {{first: boolean, run: () => void}[]} ops
 */
function changes(parent, nodes, ops) {
  const old = [...parent.childNodes];
  const most = Math.min(old.length, nodes.length);
  let start = 0;
  while (start < most && old[start].isEqualNode(nodes[start])) start += 1;
  let end = 0;
  while (start + end < most && old[old.length - 1 - end].isEqualNode(nodes[nodes.length - 1 - end])) end += 1;
  const [was, now] = [old.slice(start, old.length - end), nodes.slice(start, nodes.length - end)];
  const focused = document.activeElement;
  /** @param {Node} node */
  const holdsFocus = (node) => Boolean(focused && node.contains(focused));
  if (was.length === now.length) {
    was.forEach((a, i) => {
      const b = now[i];
      if (a instanceof Element && b instanceof Element && a.namespaceURI === b.namespaceURI && a.localName === b.localName) {
        ops.push({ first: false, run: () => takeAttributes(a, b) });
        changes(a, [...b.childNodes], ops);
      } else ops.push({ first: holdsFocus(a), run: () => /** @type {ChildNode} */ (a).replaceWith(b) });
    });
    return;
  }
  const next = end ? old[old.length - end] : null;
  for (const node of was) ops.push({ first: holdsFocus(node), run: () => node.remove() });
  ops.push({ first: false, run: () => { for (const node of now) parent.insertBefore(node, next); } });
}

/**
 * Make `parent`'s children `children` (as replaceChildren does), keeping the nodes already there
 * that are equal to them (Node.isEqualNode: the same elements, attributes and text) at its start
 * and its end: a redraw that changes nothing there leaves the nodes be and dirties no style or
 * layout, a list grown at one end (a log, newest first) takes only its new entries. Between them,
 * when as many children as before: an element of the same kind is kept (the keyboard's stays
 * where it is), its attributes changed as they differ and its children drawn so in turn; any
 * other node is replaced. For children without listeners of their own (none are compared) and
 * without state of their own (a field's value, a details' open).
 * @param {Element} parent
 * @param {(Node | string)[]} children
 */
export function drawChildren(parent, children) {
  /** @type {{first: boolean, run: () => void}[]} */
  const ops = [];
  changes(parent, children.map((c) => (typeof c === "string" ? document.createTextNode(c) : c)), ops);
  for (const op of ops) if (op.first) op.run();
  for (const op of ops) if (!op.first) op.run();
}

/**
 * After drawChildren: `node`, made in this drawing, in the place of the element `selector` finds
 * under `parent`, which the drawing may have kept from the last one (a kept element does not start
 * its CSS animation again: a turn's, a flip's).
 * @param {Element} parent @param {string} selector @param {Element | null} node
 */
export function drawnAnew(parent, selector, node) {
  const shown = parent.querySelector(selector);
  if (node && shown && shown !== node) shown.replaceWith(node);
}

/**
 * Set `target[key]` (an element's hidden or disabled, a dataset's entry, a text) only when it is
 * not that already: an attribute set again to its own value still has the style looked at again,
 * and a text set again is laid out again.
 * @template {object} T
 * @template {keyof T} K
 * @param {T} target @param {K} key @param {T[K]} value
 */
export function put(target, key, value) {
  if (target[key] !== value) target[key] = value;
}

/** Set an attribute only when it is not that value already (put). @param {Element} element @param {string} name @param {string} value */
export function putAttribute(element, name, value) {
  if (element.getAttribute(name) !== value) element.setAttribute(name, value);
}

/** Set an inline style property (a custom one: `--side`) only when it is not that value already (put;
 * "" removes it). @param {HTMLElement} element @param {string} name @param {string} value */
export function putStyle(element, name, value) {
  if (element.style.getPropertyValue(name) !== value) element.style.setProperty(name, value);
}

const SVG_NS = "http://www.w3.org/2000/svg";

/**
 * Create an SVG element: svgNode("rect", {x: 1}, "text", child...).
 * @param {string} tag
 * @param {Record<string, unknown>} [attrs]
 * @param {...(Node | string)} children
 * @returns {SVGElement}
 */
export function svgNode(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

/**
 * A fresh deal number: below a million (easy to read and say) for a game with nothing hidden;
 * from the whole range (0 to 2^53 - 1) for a game with hidden hands, whose deal number names every
 * hand: from a small range anyone could deal every number and find the one that gives their own
 * hand, and with it every other hand.
 * @param {boolean} [hidden] the game hides hands (the catalog's `hidden_hands`)
 */
export function randomSeed(hidden = false) {
  if (!hidden) return crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000;
  const [high, low] = crypto.getRandomValues(new Uint32Array(2));
  return (high % 2 ** 21) * 2 ** 32 + low;
}

/** The largest deal number: every number up to it is dealt as itself, in the page and the engine. */
export const MAX_DEAL = Number.MAX_SAFE_INTEGER; // 2^53 - 1
export const DEAL_RANGE_TEXT = `A deal number is a whole number from 0 to ${MAX_DEAL.toLocaleString("en")}`;

/**
 * A deal number as typed or linked ("42"): {seed} or {error} (a plain sentence). A number of 2^53
 * or more is refused, never rounded to another deal.
 * @param {string} text
 * @returns {{seed: number, error?: undefined} | {seed?: undefined, error: string}}
 */
export function readDealNumber(text) {
  const digits = text.trim();
  if (!digits) return { error: `Type a deal number first. ${DEAL_RANGE_TEXT}.` };
  if (!/^\d+$/.test(digits)) return { error: `“${digits.slice(0, 40)}” is not a whole number from 0 to ${MAX_DEAL.toLocaleString("en")}.` };
  const seed = Number(digits);
  if (!Number.isSafeInteger(seed)) return { error: `${digits.length > 40 ? "That deal number" : digits} is too large. ${DEAL_RANGE_TEXT}.` };
  return { seed };
}

/**
 * "1 player", "2–4 players".
 * @param {{min: number, max: number}} players
 */
export function playersText({ min, max }) {
  if (min === max) return `${min} player${min === 1 ? "" : "s"}`;
  return `${min}–${max} players`;
}

/** @typedef {import("../engine_types.js").GameOption} GameOption */
/** @typedef {import("../engine_types.js").GameSpec} GameSpec */
/** @typedef {import("../engine_types.js").OptionValues} OptionValues */

/**
 * How a choice of an option reads: the catalog's label for it, else on/off for a yes-no option.
 * @param {GameOption} option
 * @param {string | number | boolean} choice
 * @returns {string}
 */
export function choiceLabel(option, choice) {
  const index = option.choices.findIndex((c) => c === choice);
  const labels = /** @type {Record<string, string> | null | undefined} */ (option.choice_labels);
  const label = labels?.[index] ?? (typeof labels === "object" ? labels?.[String(choice)] : null);
  return label ?? (typeof choice === "boolean" ? (choice ? "on" : "off") : String(choice));
}

/**
 * A <select> per option of a game spec. onChange(values) fires when the player changes one.
 * @param {GameSpec} spec
 * @param {(values: OptionValues) => void} onChange
 * @returns {{elements: HTMLElement[], values: () => OptionValues, set: (current: OptionValues | null) => void}}
 */
export function optionControls(spec, onChange) {
  /** @type {Map<string, {select: HTMLSelectElement, option: GameOption}>} */
  const selects = new Map();
  const elements = spec.options.map((option) => {
    const id = `option-${option.key}`;
    const select = /** @type {HTMLSelectElement} */ (h("select", { id, name: option.key, title: option.help ?? "" },
      ...option.choices.map((choice) => h("option", { value: String(choice) }, choiceLabel(option, choice)))));
    select.value = String(option.default);
    select.addEventListener("change", () => onChange(values()));
    selects.set(option.key, { select, option });
    return h("label", { class: "option", for: id }, `${option.label} `, select);
  });
  function values() {
    /** @type {OptionValues} */
    const result = {};
    for (const [key, { select, option }] of selects) {
      const choice = option.choices.find((c) => String(c) === select.value);
      result[key] = choice ?? option.default;
    }
    return result;
  }
  /** @param {OptionValues | null} current */
  function set(current) {
    for (const [key, { select }] of selects) if (current && key in current) select.value = String(current[key]);
  }
  return { elements, values, set };
}

/**
 * A dial drawn above its side (a portrait board, style.css) takes the height the side leaves: keep
 * --side on the board at the side's measured height, which grows when its words wrap (a stuck
 * double, an exchange's help). Returns the function to call with the side after each drawing.
 * @returns {(board: HTMLElement, side: HTMLElement) => void}
 */
export function keepSideRoom() {
  /** @type {HTMLElement | null} */
  let on = null;
  /** @type {HTMLElement | null} */
  let watched = null; // the side observed now (a side kept by drawChildren is watched still: its changes are reported)
  // The new room is given in the next frame, not while the observer delivers: it reflows the side,
  // whose new size would be due in the same frame, and Firefox reports that loop as an error
  // ("ResizeObserver loop completed with undelivered notifications", at a Big Clock game's end).
  const room = new ResizeObserver(([entry]) => {
    const value = `${Math.ceil(/** @type {HTMLElement} */ (entry.target).offsetHeight) + 8}px`;
    const board = on;
    requestAnimationFrame(() => {
      if (board && board === on) putStyle(board, "--side", value);
    });
  });
  return (board, side) => {
    if (board === on && side === watched) return;
    on = board;
    watched = side;
    room.disconnect();
    room.observe(side);
  };
}

/** Each media query asked, its list made once (a drawing asks some at every frame). @type {Map<string, MediaQueryList>} */
const mediaLists = new Map();

/** Does a media query hold now? @param {string} query */
export function mediaHolds(query) {
  let list = mediaLists.get(query);
  if (!list) mediaLists.set(query, list = matchMedia(query));
  return list.matches;
}
