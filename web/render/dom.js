// Small DOM helpers shared by the screens.

/** Create an element: h("button", {type: "button"}, "text", child...). */
export function h(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) node.setAttribute(key, String(value));
  }
  node.append(...children.filter((c) => c !== null && c !== undefined && c !== false));
  return node;
}

const SVG_NS = "http://www.w3.org/2000/svg";

/** Create an SVG element: svgNode("rect", {x: 1}, "text", child...). */
export function svgNode(tag, attrs = {}, ...children) {
  const node = document.createElementNS(SVG_NS, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  node.append(...children);
  return node;
}

/** A fresh deal number. */
export function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0] % 1_000_000;
}

/** "1 player", "2–4 players". */
export function playersText({ min, max }) {
  if (min === max) return `${min} player${min === 1 ? "" : "s"}`;
  return `${min}–${max} players`;
}

/** How a choice of an option reads: the catalog's label for it, else on/off for a yes-no option. */
export function choiceLabel(option, choice) {
  const index = option.choices.findIndex((c) => c === choice);
  const label = option.choice_labels?.[index] ?? (typeof option.choice_labels === "object" ? option.choice_labels?.[String(choice)] : null);
  return label ?? (typeof choice === "boolean" ? (choice ? "on" : "off") : String(choice));
}

/** A <select> per option of a game spec. onChange(values) fires when the player changes one. */
export function optionControls(spec, onChange) {
  const selects = new Map();
  const elements = spec.options.map((option) => {
    const id = `option-${option.key}`;
    const select = h("select", { id, name: option.key, title: option.help ?? "" },
      ...option.choices.map((choice) => h("option", { value: String(choice) }, choiceLabel(option, choice))));
    select.value = String(option.default);
    select.addEventListener("change", () => onChange(values()));
    selects.set(option.key, { select, option });
    return h("label", { class: "option", for: id }, `${option.label} `, select);
  });
  function values() {
    const result = {};
    for (const [key, { select, option }] of selects) {
      const choice = option.choices.find((c) => String(c) === select.value);
      result[key] = choice ?? option.default;
    }
    return result;
  }
  function set(current) {
    for (const [key, { select }] of selects) if (key in (current ?? {})) select.value = String(current[key]);
  }
  return { elements, values, set };
}
