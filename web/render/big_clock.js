// The Big Clock: the piles on a clock face (a circle for double-12, an arc for double-9, a half
// circle for double-6), the 0-0 in the middle as the clock's hand. Draw from the stock, place
// the drawn tile, shift tiles while a double is in trouble: by click (select, then a
// highlighted target), drag and drop, or keyboard. Undo/redo, hint, autoplay by the advisor.

import { attachBoardInput } from "../input.js";
import { tileSvg } from "./tiles.js";
import { h } from "./dom.js";
import { mountShell } from "./shell.js";

const GAME = "big-clock";
const AUTOPLAY_DELAY_MS = 350;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where slot k sits, as percentages of the dial box, and its angle in degrees (0 = up). */
export function slotPlace(size, k) {
  let angle;
  let cx = 50, cy = 50, rx = 38, ry = 38;
  if (size === 12) {
    angle = (k % 12) * 30;
  } else if (size === 9) {
    angle = -120 + (k - 1) * 30;
  } else {
    angle = -90 + (k - 1) * 36;
    cy = 84; rx = 40; ry = 68; // a half circle in a 2:1 box
  }
  const rad = (angle * Math.PI) / 180;
  return { x: cx + rx * Math.sin(rad), y: cy - ry * Math.cos(rad), angle, cx, cy };
}

/** The legal moves of a view, sorted by kind. */
function legalMoves(view) {
  const ids = new Set((view.legal ?? []).map((m) => m.id));
  const place = new Set(), shifts = new Map();
  let refill = null;
  for (const id of ids) {
    let m;
    if ((m = /^place:slot(\d+)$/.exec(id))) place.add(`slot${m[1]}`);
    else if ((m = /^shift:slot(\d+)>slot(\d+)$/.exec(id))) {
      const from = `slot${m[1]}`;
      if (!shifts.has(from)) shifts.set(from, new Set());
      shifts.get(from).add(`slot${m[2]}`);
    } else if ((m = /^refill:slot(\d+)$/.exec(id))) refill = `slot${m[1]}`;
  }
  return { ids, draw: ids.has("draw"), place, shifts, refill };
}

/** The board places a move id names: "shift:slot3>slot5" -> ["slot3","slot5"]. */
export function movePlaces(moveId) {
  const [kind, body = ""] = String(moveId).split(":");
  if (kind === "draw" || kind === "refill") return ["stock", ...body.split(">").filter(Boolean)];
  if (kind === "place") return ["drawn", body];
  return body.split(">").filter(Boolean);
}

export function mountBigClock(root, context) {
  let selected = null; // "drawn" | "slotK" | null
  let autoplaying = false;
  let stopRequested = false;
  let lastSlot = null;
  const autoButton = h("button", { type: "button", "data-action": "autoplay", disabled: "" }, "Autoplay");

  const shell = mountShell(root, context, {
    id: GAME,
    boardClass: "bc-board",
    boardLabel: "The Big Clock",
    extraButtons: [autoButton],
    intro: () => "Draw a tile, then place it on a pile it matches.",
    summary: (view) => `${view.board.homes} of ${view.board.slots.length} doubles home, ` +
      `${view.board.set_aside.length} tiles set aside, ${view.board.stock} left in the stock`,
    onReset: () => { stopRequested = true; selected = null; },
    onHint: () => { selected = null; },
    onDispose: () => { stopRequested = true; },
    render,
  });
  const { state, board } = shell;

  async function play(moveId) {
    selected = null;
    const answer = await shell.play(moveId);
    if (answer?.ok) {
      noteSlot(moveId);
      const text = drawText(moveId, answer.view);
      if (text) shell.say(text);
    }
  }

  /** What a draw or refill did, in words (the move labels say what was asked). */
  function drawText(moveId, view) {
    const b = view.board;
    if (moveId === "draw") {
      if (b.drawn_stuck) return `Drew the double ${b.drawn}: it fits nowhere. Shift tiles to make room, or place it where it fits.`;
      if (b.drawn) return `Drew ${b.drawn}: place it on a highlighted slot.`;
      return `Drew ${b.set_aside.at(-1)}: it fits nowhere and is set aside.`;
    }
    if (moveId.startsWith("refill:")) return `Slot ${moveId.slice(11)} refilled from the stock.`;
    return null;
  }

  function noteSlot(moveId) {
    const places = movePlaces(moveId).filter((p) => p.startsWith("slot"));
    if (places.length) lastSlot = places.at(-1);
  }

  function activate(place) {
    const view = state.view;
    if (state.busy || state.locked || !view || view.outcome) return;
    const legal = legalMoves(view);
    const drawn = view.board.drawn;
    if (place === "stock") {
      if (legal.draw) play("draw");
      else if (legal.refill) play(`refill:${legal.refill}`);
      else if (drawn) shell.say(`Place the drawn ${drawn} first.`, "error");
      else shell.say("The stock is empty.", "error");
      return;
    }
    if (place === "drawn") {
      selected = selected === "drawn" ? null : "drawn";
      shell.say(selected ? `Drawn ${drawn} selected: pick a highlighted slot.` : "");
      shell.render();
      return;
    }
    // the drawn tile is the default selection, except that a stuck double leaves shift sources free
    const current = selected ??
      (drawn && legal.place.size && !(view.board.drawn_stuck && legal.shifts.has(place)) ? "drawn" : null);
    if (current === "drawn" && legal.place.has(place)) {
      play(`place:${place}`);
    } else if (current?.startsWith("slot") && legal.shifts.get(current)?.has(place)) {
      play(`shift:${current}>${place}`);
    } else if (selected === place) {
      selected = null;
      shell.say("");
      shell.render();
    } else if (legal.shifts.has(place)) {
      selected = place;
      const top = view.board.slots.find((s) => `slot${s.slot}` === place)?.top;
      shell.say(`Selected ${top} on ${place.replace("slot", "slot ")}: pick a highlighted slot to shift it to.`);
      shell.render();
    } else {
      const what = current === "drawn" ? `the drawn ${drawn}` : current ? `that tile` : "that";
      shell.say(`Not allowed: ${what} cannot go to ${place.replace("slot", "slot ")}. ${view.status}.`, "error");
      selected = null;
      shell.render();
    }
  }

  function drop(from, to) {
    const view = state.view;
    if (state.busy || state.locked || !view || view.outcome) return;
    const legal = legalMoves(view);
    const move = from === "drawn" ? `place:${to}` : `shift:${from}>${to}`;
    if (legal.ids.has(move)) play(move);
    else {
      selected = null;
      shell.say(`Not allowed: ${from === "drawn" ? `the drawn ${view.board.drawn}` : "that tile"} ` +
        `cannot go to ${to.replace("slot", "slot ")}.`, "error");
      shell.render();
    }
  }

  attachBoardInput(board, {
    onActivate: activate,
    onDrop: drop,
    onCancel: () => { selected = null; shell.say(""); shell.render(); },
  });

  autoButton.addEventListener("click", () => {
    if (autoplaying) stopRequested = true;
    else autoplay();
  });

  async function autoplay() {
    if (autoplaying || !state.session || state.view?.outcome) return;
    autoplaying = true;
    stopRequested = false;
    state.locked = true;
    selected = null;
    autoButton.textContent = "Stop";
    autoButton.setAttribute("aria-pressed", "true");
    shell.render();
    try {
      while (!stopRequested && state.view && !state.view.outcome) {
        const answer = await shell.send({ op: "ai", session: state.session, level: "advisor" });
        if (!answer?.ok) {
          if (answer) shell.say(answer.error.message, "error");
          break;
        }
        const event = answer.view.events.at(-1);
        if (event) { noteSlot(event.move); shell.say(`Advisor: ${drawText(event.move, answer.view) ?? event.label}`); }
        shell.render();
        if (!answer.view.outcome) await sleep(AUTOPLAY_DELAY_MS);
      }
    } finally {
      autoplaying = false;
      state.locked = false;
      autoButton.textContent = "Autoplay";
      autoButton.setAttribute("aria-pressed", "false");
      shell.render();
    }
  }

  function tileFace(id, extra = {}) {
    return tileSvg(id, extra);
  }

  function render(view) {
    if (!view) return;
    const b = view.board;
    const size = Number(b.set.split("-")[1]);
    const mine = !state.locked && !view.outcome;
    const legal = mine ? legalMoves(view) : legalMoves({ legal: [] });
    if (selected === "drawn" && !b.drawn) selected = null;
    if (selected?.startsWith("slot") && !legal.shifts.has(selected)) selected = null;
    const active = selected ?? (b.drawn && legal.place.size && !b.drawn_stuck ? "drawn" : null);
    const targets = active === "drawn" ? legal.place : active ? legal.shifts.get(active) ?? new Set() : new Set();
    const hinted = new Set(state.hint ? movePlaces(state.hint.move) : []);

    const dial = h("div", { class: `bc-dial bc-size-${size}`, role: "group", "aria-label": `Clock face, ${b.set}` });
    for (const s of b.slots) {
      const place = `slot${s.slot}`;
      const where = slotPlace(size, s.slot);
      const canShift = legal.shifts.has(place);
      const classes = ["bc-slot"];
      if (s.home) classes.push("home");
      if (s.trouble) classes.push("trouble");
      if (s.empty) classes.push("empty");
      if (targets.has(place)) classes.push("target");
      if (canShift) classes.push("source");
      if (selected === place) classes.push("selected");
      if (hinted.has(place)) classes.push("hinted");
      if (b.pending === s.slot) classes.push("pending");
      classes.push(`depth-${Math.min(s.depth, 4)}`);
      const pipsText = s.top ? `${s.top}` : "empty";
      const label = `Slot ${s.slot}: ${s.empty ? "empty" : `top ${s.top}, ${s.depth} tile${s.depth === 1 ? "" : "s"}`}` +
        `${s.home ? ", home" : ""}${s.trouble ? ", double in trouble" : ""}${targets.has(place) ? ", legal target" : ""}`;
      const slotButton = h("button", {
        type: "button", class: classes.join(" "), "data-slot": place, "data-top": s.top ?? "",
        "data-depth": String(s.depth), "aria-label": label, "aria-pressed": String(selected === place),
        "data-draggable": canShift ? "" : null,
      },
      h("span", { class: "bc-hour", "aria-hidden": "true" }, String(s.slot)),
      h("span", { class: "bc-stack" }, s.top ? tileFace(s.top) : h("span", { class: "bc-empty" }, s.slot === b.pending ? `needs ${s.slot}-${s.slot}` : "empty")),
      h("span", { class: "bc-depth", "aria-hidden": "true" }, s.home ? "home" : s.depth > 1 ? `×${s.depth}` : pipsText === "empty" ? "" : "\u00a0"));
      slotButton.style.setProperty("--x", `${where.x}%`);
      slotButton.style.setProperty("--y", `${where.y}%`);
      slotButton.style.setProperty("--turn", `${where.angle + 90}deg`);
      dial.append(slotButton);
    }
    // the clock's hand: the 0-0, pointing at the slot played last (12 or slot 1 at first)
    const centre = slotPlace(size, 1);
    const handAngle = lastSlot ? slotPlace(size, Number(lastSlot.slice(4))).angle : size === 12 ? 0 : centre.angle;
    const hand = h("div", { class: "bc-hand", role: "img", title: "The clock's hand: the 0-0 never plays", "aria-label": "The clock's hand, 0-0" },
      tileSvg(b.clock_hand, { vertical: true }));
    hand.style.setProperty("--x", `${centre.cx}%`);
    hand.style.setProperty("--y", `${centre.cy}%`);
    hand.style.setProperty("--turn", `${handAngle}deg`);
    dial.append(hand);

    // the tray: stock, drawn tile, set-aside tiles
    const stockLegal = legal.draw || Boolean(legal.refill);
    const stock = h("button", {
      type: "button", class: `bc-stock${stockLegal ? " target" : ""}${hinted.has("stock") ? " hinted" : ""}`,
      "data-slot": "stock", "aria-label": `Stock: ${b.stock} face-down tiles${legal.draw ? ", draw a tile" : legal.refill ? `, refill ${legal.refill.replace("slot", "slot ")}` : ""}`,
    }, h("span", { class: "bc-back", "aria-hidden": "true" }), h("span", { class: "bc-tray-text" },
      legal.refill ? `Refill slot ${legal.refill.slice(4)}` : legal.draw ? "Draw" : "Stock", h("br"), `${b.stock} left`));
    stock.disabled = !stockLegal;
    const drawnBox = b.drawn
      ? h("button", {
        type: "button", class: `bc-drawn${active === "drawn" ? " selected" : ""}${hinted.has("drawn") ? " hinted" : ""}${b.drawn_stuck ? " trouble" : ""}`,
        "data-slot": "drawn", "data-tile": b.drawn, "data-draggable": legal.place.size ? "" : null,
        "aria-pressed": String(active === "drawn"),
        "aria-label": `Drawn tile ${b.drawn}${b.drawn_stuck ? ", a double that fits nowhere" : ""}`,
      }, tileSvg(b.drawn), h("span", { class: "bc-tray-text" }, b.drawn_stuck ? "Drawn: fits nowhere" : "Drawn"))
      : h("div", { class: "bc-drawn none" }, h("span", { class: "bc-slot-ghost" }), h("span", { class: "bc-tray-text" }, "No drawn tile"));
    const aside = h("div", { class: "bc-aside", role: "group", "aria-label": `Set aside: ${b.set_aside.length} tiles` },
      h("span", { class: "bc-tray-text" }, `Set aside (${b.set_aside.length})`),
      h("div", { class: "bc-aside-tiles" }, ...b.set_aside.map((t) => h("span", { class: "bc-mini", "data-tile": t, title: t }, tileSvg(t)))));
    const tray = h("div", { class: "bc-tray" }, stock, drawnBox, aside);
    const homes = h("p", { class: "bc-homes" }, `${b.homes} of ${b.slots.length} doubles home` +
      (b.troubled.length ? ` · in trouble: ${b.troubled.map((t) => t.replace("-", "\u2011")).join(", ")}` : ""));

    board.replaceChildren(dial, homes, tray);
    board.dataset.set = b.set;
    board.dataset.drawn = b.drawn ?? "";
    board.dataset.stock = String(b.stock);
    board.dataset.autoplay = String(autoplaying);
    autoButton.disabled = Boolean(view.outcome) && !autoplaying;
  }

  return { dispose: () => shell.dispose() };
}
