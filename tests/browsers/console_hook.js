// The console's errors, uncaught errors and rejections of a document, kept in window.__consoleErrors,
// and its warnings (the engine's restarts, say), kept in window.__consoleWarnings, for the WebKit
// driver (drivers.WebKitPage) to read: put in each document before its own scripts run
// (webkit_browser.py, a WebKit user script, which the page's CSP does not govern).
(() => {
  if (window.__consoleErrors) return;
  const caught = window.__consoleErrors = [];
  const warned = window.__consoleWarnings = [];
  const error = console.error.bind(console);
  const warn = console.warn.bind(console);
  console.error = (...args) => { caught.push("console: " + args.map(String).join(" ")); error(...args); };
  console.warn = (...args) => { warned.push("warning: " + args.map(String).join(" ")); warn(...args); };
  addEventListener("error", (event) => caught.push("pageerror: " + event.message));
  addEventListener("unhandledrejection", (event) => caught.push("pageerror: " + String(event.reason)));
})();
