// Words the screens share: names listed as people write them, a move made as a sentence. DOM-free
// (tests/js/resignation.test.mjs).

/**
 * Names as a list in words: "Ada", "Ada and Ben", "Ada, Ben, Cleo and Dev".
 * @param {string[]} names
 */
export function listNames(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * A move made, as one sentence: its words after who made it ("You turn up the 5 of hearts from
 * 10 o'clock."), or alone when no seat made it. The coach's line under a position and Clock's
 * message after a turn are this one sentence, so the two never word a move apart.
 * @param {string} who "" for none
 * @param {string} words the event's `you` (after "You") or `label` (after a seat's name)
 */
export function madeSentence(who, words) {
  const text = who ? `${who} ${words}` : words;
  return text.endsWith(".") ? text : `${text}.`;
}
