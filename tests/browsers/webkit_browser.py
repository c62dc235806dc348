"""The WebKitGTK browser WebKitWebDriver drives in the cross-browser suite (drivers.WebKitPage), in
place of WebKitGTK's MiniBrowser: a window per view the driver asks for, on the same engine, with
console_hook.js put in every document before the document's own scripts (a WebKit user script, at
document start), so that an error a page logs while it loads is seen. Classic WebDriver has no way to
run a script that early, WebKitGTK 2.50's WebKitWebDriver offers no BiDi (no log events), and
MiniBrowser's views for an automation session take none of its settings (`--enable-write-console-
messages-to-stdout` writes nothing for them). Its views composite without GL (hardware
acceleration policy NEVER): under Xvfb WebKit's GL is Mesa's software rendering, and the suite's
WebKit run took about a quarter more CPU with it (docs/benchmarks.md, "The test suite's time").

Run by Debian's python3 with its GObject bindings (python3-gi, gir1.2-webkit2-4.1), not the
project's .venv: `/usr/bin/python3 webkit_browser.py`, which WebKitWebDriver starts itself (the
session's `webkitgtk:browserOptions`) with the address of its automation server in the
environment. Its data are in memory only (an ephemeral profile, as MiniBrowser's in automation)."""

import sys
from pathlib import Path

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

HOOK = Path(__file__).with_name("console_hook.js").read_text()


def main() -> None:
    Gtk.init(sys.argv)
    context = WebKit2.WebContext(website_data_manager=WebKit2.WebsiteDataManager.new_ephemeral())
    context.set_automation_allowed(True)
    scripts = WebKit2.UserContentManager()
    scripts.add_script(WebKit2.UserScript.new(HOOK, WebKit2.UserContentInjectedFrames.TOP_FRAME,
                                              WebKit2.UserScriptInjectionTime.START, None, None))
    windows: list[Gtk.Window] = []

    def closed(window: Gtk.Window) -> None:
        windows.remove(window)
        if not windows:
            Gtk.main_quit()

    def new_view(_session: WebKit2.AutomationSession) -> WebKit2.WebView:
        view = WebKit2.WebView(web_context=context, user_content_manager=scripts, is_controlled_by_automation=True)
        view.get_settings().set_hardware_acceleration_policy(WebKit2.HardwareAccelerationPolicy.NEVER)  # (above)
        window = Gtk.Window()
        window.set_default_size(1280, 900)
        window.add(view)
        view.connect("close", lambda _view: window.destroy())
        window.connect("destroy", closed)
        windows.append(window)
        window.show_all()
        return view

    def started(_context: WebKit2.WebContext, session: WebKit2.AutomationSession) -> None:
        about = WebKit2.ApplicationInfo()
        about.set_name("boneyard-webkit")
        session.set_application_info(about)
        session.connect("create-web-view", new_view)

    context.connect("automation-started", started)
    Gtk.main()


if __name__ == "__main__":
    main()
