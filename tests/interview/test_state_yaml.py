"""State files: what the (libyaml) dumper writes reads back as the same data."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from brownfield.interview.engine.store import dump_data, parse_data

# Text as states hold it: any code point, lone surrogates too (an older brownfield stored
# bytes that were not UTF-8 so), long lines with spaces and breaks that the emitters fold.
_TEXT = st.text(st.characters(codec=None), max_size=300)
_SCALAR = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), _TEXT)
_DATA = st.recursive(
    _SCALAR,
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(_TEXT, inner, max_size=4)),
    max_leaves=20,
)


def _surrogates_replaced(value: Any) -> Any:
    if isinstance(value, str):
        return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in value)
    if isinstance(value, list):
        return [_surrogates_replaced(item) for item in value]
    if isinstance(value, dict):
        return {_surrogates_replaced(k): _surrogates_replaced(v) for k, v in value.items()}
    return value


@settings(max_examples=300, deadline=None)
@given(_DATA)
def test_what_is_dumped_loads_back_the_same(value: Any) -> None:
    data = {"schema_version": 1, "value": value}
    loaded = parse_data(dump_data(data), Path("state.yaml"))
    assert loaded == _surrogates_replaced(data)


def test_a_long_answer_with_a_lone_surrogate_is_written() -> None:
    data = {"schema_version": 1, "answer": "word " * 40 + "\udcff"}
    text = dump_data(data)
    assert "\\uDCFF" in text
    assert parse_data(text, Path("state.yaml"))["answer"] == "word " * 40 + "\ufffd"


def test_line_breaks_yaml_folds_survive_the_python_emitter() -> None:
    # A lone surrogate sends the dump to PyYAML's Python emitter, which folded a next-line
    # (and a line or paragraph separator) in single-quoted text: '\x85' came back as ' '.
    data = {
        "schema_version": 1,
        "value": {"\x85": None, "\ud800": None, "a\u2028 b" * 30: "\u2029"},
    }
    loaded = parse_data(dump_data(data), Path("state.yaml"))
    assert loaded == _surrogates_replaced(data)
