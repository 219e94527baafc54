"""The contract's streaming promise: every command answers each input line
as soon as it has read it — with no more input waiting, what it has written
is flushed — so one long-lived `payphone` process can serve a Spark
partition or a backend's worker line by line."""

import os
import select
import subprocess
import time

import pytest

# (arguments, [(line in, what the line out starts with), ...])
CONVERSATIONS = [
    (["phone", "--jsonl"], [('{"number": "020 7946 0958", "region": "GB"}', '{"input":"020 7946 0958","ok":true'),
                            ('{"number": "+1 650 253 0000"}', '{"input":"+1 650 253 0000","ok":true'),
                            ("not json", '{"ok":false,"error":"bad_input_line"')]),
    (["phone", "--region", "GB"], [("020 7946 0958", "+442079460958\t"), ("nope", "error: not_a_number")]),
    (["phone", "--csv", "--column", "phone"], [("id,phone", "id,phone,e164,phoneValid"),
                                               ("1,020 7946 0958", "1,020 7946 0958,,false")]),
    (["card", "--jsonl"], [('{"number": "4111 1111 1111 1111"}', '{"input":"4111 1111 1111 1111","ok":true'),
                           ('{"number": "65"}', '{"input":"65","ok":true')]),
    (["as-you-type", "--jsonl"], [('{"region": "US", "keys": "650"}', '{"ok":true,"steps":["6","65","650"]}')]),
    (["expiry", "--jsonl"], [('{"expiry": "12/34", "today": "2026-11-29"}', '{"ok":true,"month":12')]),
    (["mask", "--jsonl"], [('{"mask": "##/##", "text": "1225"}', '{"ok":true,"text":"12/25"')]),
    (["text", "--jsonl"], [('{"text": "héllo"}', '{"ok":true,"graphemes":5')]),
    (["find", "--jsonl", "--region", "GB", "--cards"],
     [('{"text": "call 020 7946 0958"}', '{"ok":true,"matches":[{"kind":"phone","start":5'),
      ('{"text": "nothing"}', '{"ok":true,"matches":[]}')]),
    (["find", "--region", "GB", "--redact"], [("call 020 7946 0958", "call [phone]")]),
]


def read_line(process, timeout):
    """One output line, waiting at most `timeout` seconds; None if none came."""
    deadline = time.monotonic() + timeout
    data = b""
    while not data.endswith(b"\n"):
        left = deadline - time.monotonic()
        if left <= 0 or not select.select([process.stdout], [], [], left)[0]:
            return None
        chunk = os.read(process.stdout.fileno(), 1)
        if not chunk:
            return None
        data += chunk
    return data.decode("utf-8").rstrip("\n")


@pytest.mark.parametrize("arguments, conversation", CONVERSATIONS, ids=[" ".join(a) for a, _ in CONVERSATIONS])
def test_each_line_is_answered_while_input_stays_open(cli, arguments, conversation):
    process = subprocess.Popen([cli, *arguments], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE)
    try:
        for line, answer in conversation:
            process.stdin.write(line.encode("utf-8") + b"\n")
            process.stdin.flush()
            got = read_line(process, timeout=10)
            assert got is not None, f"no answer to {line!r} within 10 s while stdin stays open"
            assert got.startswith(answer), got
        # Nothing more comes until more input does.
        assert not select.select([process.stdout], [], [], 0.2)[0]
        process.stdin.close()
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_a_long_lived_process_answers_many_lines_one_at_a_time(cli):
    """Request and answer in lock-step, as a partition's worker talks to it."""
    process = subprocess.Popen([cli, "phone", "--jsonl"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        for i in range(200):
            process.stdin.write(f'{{"number": "+44 20 7946 {i:04d}"}}\n'.encode())
            process.stdin.flush()
            got = read_line(process, timeout=10)
            assert got is not None and f'"e164":"+44207946{i:04d}"' in got
        process.stdin.close()
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
