"""The page in headless Chromium, driven as a person would drive it: keys
typed one at a time, Backspace and Delete, arrow keys to move the caret,
Ctrl+V from the clipboard.

One browser and one server serve every test of the run (`page()`); they
stop when the run ends. Each action returns a `Step`: the field's text and
selection before it, what was done, and the field's text and selection
after it, so a test can ask the native library what that edit should give.

Environment: PAYPHONE_WASM_DIR (the engine's build folder, default
.build/wasm), PAYPHONE_WEB_SCREENSHOTS (where screenshots go, default
.build/web-tests/screenshots), CHROMIUM and CHROMEDRIVER (the binaries),
PAYPHONE_WEB_URL (test a page served elsewhere instead of starting the
page's own server).
"""

import atexit
import dataclasses
import os
import sys
import threading
import urllib.parse

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select, WebDriverWait

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, os.path.join(ROOT, "Tools", "web"))
import serve  # noqa: E402  (the page's own server)

ENGINE_DIR = os.environ.get("PAYPHONE_WASM_DIR", os.path.join(ROOT, ".build", "wasm"))
SCREENSHOTS = os.environ.get(
    "PAYPHONE_WEB_SCREENSHOTS", os.path.join(ROOT, ".build", "web-tests", "screenshots"))


@dataclasses.dataclass(frozen=True)
class FieldState:
    text: str
    start: int  # selectionStart, UTF-16
    end: int  # selectionEnd, UTF-16


@dataclasses.dataclass(frozen=True)
class Action:
    """What a person did: typed or pasted `text` over the selection, or
    pressed Backspace (`backward`) or Delete (`forward`)."""

    kind: str  # "type", "paste", "backspace", "delete"
    text: str = ""

    def __str__(self):
        return f"{self.kind} {self.text!r}" if self.text else self.kind


@dataclasses.dataclass(frozen=True)
class Step:
    field: str
    before: FieldState
    action: Action
    after: FieldState

    def __str__(self):
        return (f"#{self.field}: {self.before.text!r} [{self.before.start},{self.before.end}] "
                f"{self.action} -> {self.after.text!r} [{self.after.start},{self.after.end}]")


def origin(url):
    parts = urllib.parse.urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


class Page:
    def __init__(self):
        self.server = None
        self.url = os.environ.get("PAYPHONE_WEB_URL")
        if not self.url:
            self.server = serve.make_server(0, ENGINE_DIR)
            threading.Thread(target=self.server.serve_forever, daemon=True).start()
            self.url = f"http://127.0.0.1:{self.server.server_address[1]}/"
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage",
                         "--window-size=1280,1600", "--lang=en-US"):
            options.add_argument(argument)
        options.add_experimental_option("prefs", {"intl.accept_languages": "en-US,en"})
        service = Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
        self.driver = webdriver.Chrome(service=service, options=options)
        self.reload()
        self.driver.execute_cdp_cmd(
            "Browser.grantPermissions",
            {"origin": origin(self.url), "permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})

    def set_languages(self, accept_language):
        """The browser's preferred languages (`navigator.languages`), from the next load on."""
        user_agent = self.driver.execute_script("return navigator.userAgent;")
        self.driver.execute_cdp_cmd(
            "Emulation.setUserAgentOverride", {"userAgent": user_agent, "acceptLanguage": accept_language})

    def reload(self):
        """Opens the page afresh and waits for the engine."""
        self.driver.get(self.url)
        WebDriverWait(self.driver, 30).until(
            lambda driver: driver.find_element(By.TAG_NAME, "body").get_attribute("data-engine") != "loading")
        state = self.driver.find_element(By.TAG_NAME, "body").get_attribute("data-engine")
        if state != "ready":
            status = self.driver.find_element(By.ID, "engine-status").text
            raise RuntimeError(f"the engine did not load: {status}")

    def close(self):
        self.driver.quit()
        if self.server:
            self.server.shutdown()

    def element(self, element_id):
        return self.driver.find_element(By.ID, element_id)

    def attribute(self, element_id, name):
        return self.element(element_id).get_dom_attribute(name)

    def select(self, element_id, value):
        Select(self.element(element_id)).select_by_value(value)

    def console_errors(self):
        """The page's console errors and uncaught exceptions since the last call."""
        return [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]

    def screenshot(self, name):
        os.makedirs(SCREENSHOTS, exist_ok=True)
        path = os.path.join(SCREENSHOTS, f"{name}.png")
        self.driver.save_screenshot(path)
        return path

    def field(self, element_id):
        return Field(self, element_id)


class Field:
    """A text field, focused before every action."""

    def __init__(self, page, element_id):
        self.page = page
        self.id = element_id
        self.element = page.element(element_id)

    def state(self):
        text, start, end = self.page.driver.execute_script(
            "const f = arguments[0]; return [f.value, f.selectionStart, f.selectionEnd];", self.element)
        return FieldState(text, start, end)

    def focus(self):
        self.page.driver.execute_script("arguments[0].focus();", self.element)

    def clear(self):
        """Empties the field the way a person would: select all, Backspace."""
        self.focus()
        self.element.send_keys(Keys.CONTROL, "a")
        self.element.send_keys(Keys.BACKSPACE)

    def move_caret(self, offset):
        """Home, then Right arrow `offset` times (one character each)."""
        self.focus()
        self.element.send_keys(Keys.HOME + Keys.ARROW_RIGHT * offset)
        return self.state()

    def select_all(self):
        self.focus()
        self.element.send_keys(Keys.CONTROL, "a")
        return self.state()

    def _step(self, action, perform):
        self.focus()
        before = self.state()
        perform()
        return Step(self.id, before, action, self.state())

    def key(self, key):
        """Types one key."""
        return self._step(Action("type", key), lambda: self.element.send_keys(key))

    def type(self, text):
        """Types `text` one key at a time, yielding each key's step before
        the next key is pressed, so the page can be checked in between."""
        for key in text:
            yield self.key(key)

    def type_outside_keyboard(self, text):
        """Types `text` as one insertion, as an emoji keyboard or an IME commits it."""
        return self._step(Action("type", text),
                          lambda: self.page.driver.execute_cdp_cmd("Input.insertText", {"text": text}))

    def compose(self, text):
        """Types `text` through an input method: a composition growing one
        character at a time, then committed. Returns the field's states
        while composing, and the step of the whole commit."""
        self.focus()
        before = self.state()
        composing = []
        for length in range(1, len(text) + 1):
            self.page.driver.execute_cdp_cmd(
                "Input.imeSetComposition", {"text": text[:length], "selectionStart": length, "selectionEnd": length})
            composing.append(self.state())
        self.page.driver.execute_cdp_cmd("Input.insertText", {"text": text})
        return composing, Step(self.id, before, Action("type", text), self.state())

    def paste(self, text):
        """Puts `text` on the clipboard and presses Ctrl+V."""
        def perform():
            outcome = self.page.driver.execute_async_script(
                "const done = arguments[1];"
                "navigator.clipboard.writeText(arguments[0]).then(() => done('ok'), (e) => done(String(e)));",
                text)
            if outcome != "ok":
                raise RuntimeError(f"could not write the clipboard: {outcome}")
            self.element.send_keys(Keys.CONTROL, "v")
        return self._step(Action("paste", text), perform)

    def backspace(self):
        return self._step(Action("backspace"), lambda: self.element.send_keys(Keys.BACKSPACE))

    def delete(self):
        return self._step(Action("delete"), lambda: self.element.send_keys(Keys.DELETE))


_page = None


def page():
    """The run's one page, started on first use."""
    global _page
    if _page is None:
        _page = Page()
        atexit.register(_page.close)
    return _page
