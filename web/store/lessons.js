// Which games' guided deals were already offered ("New to ...? Play a guided deal" shows once per
// game). A lesson itself is never saved and never counted in the statistics.

import { PREFIX, readJSON, write } from "./local.js";

const OFFERED_KEY = PREFIX + "lessons.v1";

/** The ids of the games whose lesson was offered (anything unreadable: none). @returns {string[]} */
function offered() {
  const { value } = readJSON(OFFERED_KEY);
  const ids = value?.offered;
  return Array.isArray(ids) ? ids.filter((id) => typeof id === "string") : [];
}

/** True when the lesson of `gameId` was offered before. @param {string} gameId */
export const lessonOffered = (gameId) => offered().includes(gameId);

/** Remember that the lesson of `gameId` was offered. @param {string} gameId */
export function markLessonOffered(gameId) {
  const ids = offered();
  if (!ids.includes(gameId)) write(OFFERED_KEY, { offered: [...ids, gameId].slice(-50) });
}
