"""The native library's answers, from the same run: the `payphone` tool's
`--jsonl` contract (mask, card, expiry, text, phone, regions), and, for field
edits the contract has no command for, `payphone-web-oracle` (the phone
field editor, a mask edit with deletion gravity, the expiry field
formatter). Each is one long-running process answering a line per line.

Environment: PAYPHONE_BIN (default .build/debug), where both executables are.
"""

import atexit
import dataclasses
import json
import os
import subprocess

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
BIN = os.environ.get("PAYPHONE_BIN", os.path.join(ROOT, ".build", "debug"))


def utf16_length(text):
    return len(text.encode("utf-16-le")) // 2


def utf16_slice(text, start, end=None):
    units = text.encode("utf-16-le")
    return units[2 * start: None if end is None else 2 * end].decode("utf-16-le")


@dataclasses.dataclass(frozen=True)
class Edit:
    """A field edit in the DOM's terms: `text[start:end]` (UTF-16)
    replaced by `replacement`; `direction` is the deleting key's."""

    text: str
    start: int
    end: int
    replacement: str
    direction: str = "backward"

    @staticmethod
    def of(step):
        """The edit a step's action makes of the text and selection before it.

        Typing and pasting replace the selection; Backspace and Delete take
        the selection, or else the one character before or after the caret
        (the tests press them beside single-unit characters only)."""
        before, action = step.before, step.action
        if action.kind in ("type", "paste"):
            return Edit(before.text, before.start, before.end, action.text)
        if before.start != before.end:
            return Edit(before.text, before.start, before.end, "", "backward")
        if action.kind == "backspace":
            return Edit(before.text, max(before.start - 1, 0), before.start, "", "backward")
        if action.kind == "delete":
            return Edit(before.text, before.start,
                        min(before.start + 1, utf16_length(before.text)), "", "forward")
        raise ValueError(f"unknown action {action}")

    def result(self):
        """The text the edit leaves, and the caret after it (UTF-16)."""
        text = utf16_slice(self.text, 0, self.start) + self.replacement + utf16_slice(self.text, self.end)
        return text, self.start + utf16_length(self.replacement)

    def request(self):
        return {"text": self.text, "start": self.start, "end": self.end,
                "replacement": self.replacement, "direction": self.direction}


class JSONLines:
    """One process that answers each JSON line it reads with one JSON line."""

    def __init__(self, argv):
        self.process = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8")
        atexit.register(self.close)

    def ask(self, request):
        self.process.stdin.write(json.dumps(request, ensure_ascii=False) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"{self.process.args[0]} stopped answering")
        return json.loads(line)

    def close(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            self.process.wait(timeout=10)


class Native:
    def __init__(self):
        tool = os.path.join(BIN, "payphone")
        self.commands = {name: JSONLines([tool, name, "--jsonl", "--jobs", "1"])
                         for name in ("mask", "card", "expiry", "text", "phone")}
        self.oracle = JSONLines([os.path.join(BIN, "payphone-web-oracle")])
        self.tool = tool

    # The tool's contract.

    def mask(self, mask, text):
        return self.commands["mask"].ask({"mask": mask, "text": text})

    def card(self, number, cvc=None):
        request = {"number": number} if cvc is None else {"number": number, "cvc": cvc}
        return self.commands["card"].ask(request)

    def expiry(self, text):
        return self.commands["expiry"].ask({"expiry": text})

    def text(self, text, limit):
        return self.commands["text"].ask({"text": text, "limit": limit})

    def phone(self, number, region):
        return self.commands["phone"].ask({"number": number, "region": region})

    def regions(self, locale="en"):
        output = subprocess.run([self.tool, "regions", "--jsonl", "--locale", locale], check=True,
                                capture_output=True, text=True, encoding="utf-8").stdout
        return [json.loads(line) for line in output.splitlines()]

    # The oracle: field edits.

    def _oracle(self, request):
        answer = self.oracle.ask(request)
        if "error" in answer:
            raise RuntimeError(f"payphone-web-oracle: {answer['error']} for {request}")
        return answer

    def phone_edit(self, region, edit):
        return self._oracle({"op": "phone-edit", "region": region, **edit.request()})

    def phone_format(self, region, text):
        return self._oracle({"op": "phone-format", "region": region, "text": text})

    def mask_edit(self, mask, edit, autocomplete=True, autoskip=True):
        return self._oracle({"op": "mask-edit", "mask": mask, "autocomplete": autocomplete,
                             "autoskip": autoskip, **edit.request()})

    def expiry_format(self, text):
        return self._oracle({"op": "expiry-format", "text": text})


_native = None


def native():
    """The run's native processes, started on first use."""
    global _native
    if _native is None:
        _native = Native()
    return _native
