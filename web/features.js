// What this browser lacks of what the page uses, and how the page does without it (issue 36):
//   <dialog>          (Safari before 15.4): play/dialog.js shows its own dialogs; said once per window.
//   Web Audio         no sound: Settings says so beside the Sound choice (render/settings.js).
//   storage.persist   Settings says the browser does not say whether it keeps the data (store/keep.js).
//   service workers   no offline play: said once per window (offline.js).
//   structuredClone   not used by the page (the engine's answers go through JSON).
// Each is a plain sentence, never a raw error.

/** Whether this browser has modal dialogs of its own (HTMLDialogElement's showModal). */
export const hasDialog = typeof HTMLDialogElement === "function" &&
  typeof HTMLDialogElement.prototype.showModal === "function";

/** Whether this browser can make sounds (Web Audio). */
export const hasAudio = typeof AudioContext === "function";

const NO_DIALOG = "This browser has no built-in dialogs (HTML <dialog>): Boneyard shows its own. " +
  "A browser updated since 2022 shows them as intended.";

/**
 * Say `text` in the notice line once per window: a reload does not say it again.
 * @param {string} key the sessionStorage key that remembers it was said
 * @param {string} text
 * @param {(text: string) => void} notify the page's notice line
 */
export function sayOncePerWindow(key, text, notify) {
  try {
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, "1");
  } catch { /* no session storage either: said on each load */ }
  notify(text);
}

/**
 * Say what this browser lacks that changes what the player sees (the dialogs), once per window.
 * @param {(text: string) => void} notify
 */
export function sayMissingFeatures(notify) {
  if (!hasDialog) sayOncePerWindow("boneyard.no-dialog-said", NO_DIALOG, notify);
}
