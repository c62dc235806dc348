// The daily deal: the same deal for everyone on a calendar day, per solitaire and variant.
// Its deal number comes from the device's date (no network): 23 November 2026 is deal
// 20261123; where the game offers winnable-only deals, the daily deal is the first winnable
// deal from that number on, so it is the same for everyone whatever their settings.

/** The deal number of a day's daily deal (the device's local calendar day). */
export function dailySeed(date = new Date()) {
  return date.getFullYear() * 10_000 + (date.getMonth() + 1) * 100 + date.getDate();
}

/**
 * The link of a game's daily deal with these options ("#/play/luzon?daily=1&variant=sixes").
 * @param {string} gameId
 * @param {import("./engine_types.js").OptionValues} [options]
 */
export function dailyLink(gameId, options = {}) {
  const query = Object.entries({ daily: 1, ...options })
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`).join("&");
  return `#/play/${gameId}?${query}`;
}
