// Seat and player names: bounded in graphemes where they enter (a field, a saved list), so no
// emoji is ever cut into a lone surrogate and no name can make a save unreadable, and isolated
// wherever they are shown, so a right-to-left name or override never reorders the text after it.

const NAME_LIMIT = 14; // graphemes: what a person sees as characters

const segmenter = typeof Intl.Segmenter === "function" ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;

/** The first `limit` graphemes of a text (code points where the browser cannot segment).
 *  @param {string} text @param {number} limit */
function firstGraphemes(text, limit) {
  if (text.length <= limit) return text; // no more code units than the limit: no more graphemes either
  if (!segmenter) return Array.from(text).slice(0, limit).join("");
  let count = 0;
  for (const { index } of segmenter.segment(text)) {
    if (count === limit) return text.slice(0, index);
    count += 1;
  }
  return text;
}

/** A name as kept: trimmed, at most NAME_LIMIT graphemes. @param {unknown} name */
export function boundName(name) {
  return firstGraphemes(String(name ?? "").trim(), NAME_LIMIT).trim();
}

/** A name field: what is typed or pasted past NAME_LIMIT graphemes is cut between graphemes.
 *  @param {HTMLInputElement} input */
export function boundNameField(input) {
  input.dir = "auto"; // a right-to-left name is edited right to left, isolated from the label
  input.addEventListener("input", () => {
    const kept = firstGraphemes(input.value, NAME_LIMIT);
    if (kept !== input.value) input.value = kept;
  });
}

// right-to-left letters (Hebrew, Arabic, Syriac, Thaana, N'Ko...) and the bidirectional controls
const BIDI = /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u061C\u200F\u202A-\u202E\u2066-\u2069]|[\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u;

/** A name for a text: in first-strong isolates (U+2068 ... U+2069, as <bdi> does) when it holds
 *  anything right-to-left or a bidirectional control (its own isolate marks dropped, so none can
 *  close ours early); a left-to-right name is left as it is.
 *  @param {string} name */
export function isolateName(name) {
  return BIDI.test(name) ? `\u2068${name.replace(/[\u2066-\u2069]/g, "")}\u2069` : name;
}
