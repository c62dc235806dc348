// The page's address, read: #/PAGE/ID?QUERY (hash routes, so any static host and sub-path works).
// A malformed address (a stray "%", a cut escape) is never an error: it reads as the menu, marked
// `malformed` so the page can say so in plain words.

/**
 * The route of an address's hash ("#/play/luzon?deal=3").
 * @param {string} [hash]
 * @returns {{page: string, id: string, params: URLSearchParams, malformed: boolean}}
 */
export function parseRoute(hash = location.hash) {
  const [path, query = ""] = hash.replace(/^#\/?/, "").split("?");
  const [page = "", id = ""] = path.split("/");
  try {
    return { page, id: decodeURIComponent(id), params: new URLSearchParams(query), malformed: false };
  } catch {
    return { page: "", id: "", params: new URLSearchParams(), malformed: true };
  }
}
