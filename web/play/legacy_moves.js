// TEMPORARY (until the engine's structured moves land on main): adds kind/tile/from/to/end/depth
// to the legal moves and events of today's engine, from their ids. Deleted at that merge.

const SCREENS = { luzon: "columns", "big-clock": "dial", clock: "card-dial" };

export const legacyScreen = (spec) => spec.screen ?? SCREENS[spec.id] ?? "table";

function fields(id, board) {
  const [kind, body = "", extra] = String(id).split(":");
  if (kind === "play") return { kind, tile: body, from: "hand", to: `end:${extra}`, end: extra };
  if (kind === "discard") {
    const from = body.split("+");
    const tileAt = (slot) => (slot[0] === "r" ? board?.reserve?.[Number(slot.slice(1)) - 1]
      : board?.columns?.[Number(slot.slice(1)) - 1]?.at(-1));
    return { kind, from, tiles: from.map(tileAt) };
  }
  if (kind === "move") { const [from, to] = body.split(">"); return { kind, from, to }; }
  if (kind === "shift") { const [from, to] = body.split(">"); return { kind, from, to }; }
  if (kind === "place") return { kind, from: "drawn", to: body };
  if (kind === "refill") return { kind, from: "stock", to: body };
  if (kind === "draw") return { kind, from: "stock", to: board?.slots ? "drawn" : "hand" };
  if (kind === "exchange") return { kind, to: body, depth: Number(extra) };
  return { kind };
}

const VERB_FOR_YOU = { plays: "play", draws: "draw", passes: "pass", says: "say", deals: "deal" };
const you = (label) => {
  const [verb, ...rest] = String(label).split(" ");
  return [VERB_FOR_YOU[verb] ?? verb, ...rest].join(" ");
};

/** The view with structured moves, as the engine will send it. */
export function withStructuredMoves(view) {
  if (!view) return view;
  const add = (m) => (m.kind ? m : { ...fields(m.id ?? m.move, view.board), you: you(m.label), ...m });
  return { ...view, legal: (view.legal ?? []).map(add), events: (view.events ?? []).map(add) };
}
