// Words the screens share: names listed as people write them. DOM-free (tests/js/resignation.test.mjs).

/**
 * Names as a list in words: "Ada", "Ada and Ben", "Ada, Ben, Cleo and Dev".
 * @param {string[]} names
 */
export function listNames(names) {
  if (names.length < 2) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
