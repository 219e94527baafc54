"""The built `payphone` CLI for the pipe recipes (PAYPHONE_CLI, an absolute
path, as rdd.pipe's empty environment needs)."""

import os

import pytest


@pytest.fixture(scope="session")
def cli() -> str:
    path = os.environ.get("PAYPHONE_CLI", "")
    if not path or not os.path.isabs(path) or not os.access(path, os.X_OK):
        pytest.fail("set PAYPHONE_CLI to the absolute path of a built payphone (Tests/PayPhonePythonTests/run.sh does)")
    return path
