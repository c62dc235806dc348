// Words that follow the landing: an element a renderer marks `data-lands` (a table's turn banner,
// its seats with the one to move) keeps showing what it showed before a drawing while that
// drawing's slides run, and shows what was drawn in it once the last tile has landed; whose turn
// it is never changes while the previous player's tile is still in the air. Only words and marks
// go there, never a control (its content is swapped whole). One hold at a time: a new drawing, or
// leaving the screen, ends the one still under way first (what was drawn is shown at once).

/** An element's content: its attributes and its child nodes. */
/** @typedef {{node: Element, attributes: [string, string][], children: Node[]}} Content */

/** @type {(() => void) | null} shows what was drawn in the elements held */
let pending = null;

/** @param {Element} node @returns {Content} */
const contentOf = (node) => ({ node, attributes: [...node.attributes].map((a) => [a.name, a.value]), children: [...node.childNodes] });

/** @param {Content} content */
function show({ node, attributes, children }) {
  const names = new Set(attributes.map(([name]) => name));
  for (const { name } of [...node.attributes]) if (!names.has(name)) node.removeAttribute(name);
  for (const [name, value] of attributes) if (node.getAttribute(name) !== value) node.setAttribute(name, value);
  node.replaceChildren(...children);
}

/** The hold under way ends: what was drawn is shown now. */
export function release() {
  const drawn = pending;
  pending = null;
  drawn?.();
}

/**
 * Before a drawing: what root's `data-lands` elements show now (a hold still under way ends first).
 * @param {Element} root
 * @returns {Content[]}
 */
export function wordsBefore(root) {
  release();
  return [...root.querySelectorAll("[data-lands]")].map(contentOf);
}

/**
 * After a drawing whose slides settle with `landed`: the elements of `before` still on screen show
 * what they showed before until then (or until the next drawing). Returns `landed`, settled once the
 * words drawn are shown.
 * @param {Content[]} before
 * @param {Promise<unknown>} landed
 * @returns {Promise<void>}
 */
export function holdUntil(before, landed) {
  const drawn = before.filter(({ node }) => node.isConnected).map((was) => {
    const now = contentOf(was.node);
    show(was);
    return now;
  });
  const mine = () => drawn.forEach(show);
  pending = mine;
  return landed.then(() => { if (pending === mine) release(); });
}
