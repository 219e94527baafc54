"""The README's Arrow, pandas, polars and DuckDB examples, run as they are
written: each ```python block of the section "Arrow, pandas, polars and
DuckDB" (its asserts are the expectations). Skipped for the libraries not
installed."""

import importlib.util
import os
import re

import pytest

README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "README.md")


def blocks():
    text = open(README, encoding="utf-8").read()
    section = text.split("### Arrow, pandas, polars and DuckDB", 1)[1].split("\n### ", 1)[0]
    return re.findall(r"```python\n(.*?)```", section, re.S)


def needs(code):
    return [name for name in ("pyarrow", "pandas", "polars", "duckdb")
            if re.search(rf"^import {name}\b", code, re.M)]


def test_the_section_has_its_four_examples():
    assert [needs(code)[-1] for code in blocks()] == ["pyarrow", "pandas", "polars", "duckdb"]


@pytest.mark.parametrize("code", blocks(), ids=lambda code: needs(code)[-1])
def test_readme_example_runs(code):
    for name in needs(code) + ["pyarrow"]:
        if importlib.util.find_spec(name) is None:
            pytest.skip(f"{name} is not installed")
    exec(compile(code, "README.md", "exec"), {})
