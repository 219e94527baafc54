"""Shared set-up: the corpus generator from Tools/python (importable
without installing anything else), and the built `payphone` CLI for the
streaming and Spark tests (PAYPHONE_CLI, an absolute path)."""

import os
import sys

import pytest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "Tools", "python", "corpus"))


@pytest.fixture(scope="session")
def cli() -> str:
    path = os.environ.get("PAYPHONE_CLI", "")
    if not path or not os.path.isabs(path) or not os.access(path, os.X_OK):
        pytest.fail("set PAYPHONE_CLI to the absolute path of a built payphone (Tests/PayPhonePythonTests/run.sh does)")
    return path
