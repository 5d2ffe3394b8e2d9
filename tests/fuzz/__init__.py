"""Fuzzers, one per input kind the app reads: game records, grid files, settings, images.

Each one feeds mutated and random input to the reader and checks the rule of issue 14: a
clean refusal or a clean success, never another exception, and what is accepted can be
saved again. The default run stays within a few seconds each; set MISSDICE_FUZZ_EXAMPLES
(e.g. 5000) for a longer run. The counts (tried, refused, accepted) are printed at the end
of the test run.
"""

from __future__ import annotations

import os
from collections import Counter, defaultdict
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

EXAMPLES = int(os.environ.get("MISSDICE_FUZZ_EXAMPLES", "0"))
TALLY: defaultdict[str, Counter[str]] = defaultdict(Counter)

TRICKY_TEXT = ["\ud800", "\udfff", "\u202e", "\u200b", "\ufeff", "\x00", "\n", "\u3164", "é🎲"]
texts = st.text(
    st.characters(exclude_categories=()) | st.sampled_from([t for t in TRICKY_TEXT if len(t) == 1]),
    max_size=12,
)
scalars = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(-10, 10)
    | st.floats()
    | texts
    | st.sampled_from(TRICKY_TEXT)
)
json_values = st.recursive(
    scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(texts, inner, max_size=4),
    max_leaves=10,
)


def fuzz(default_examples: int) -> Any:
    """Hypothesis settings for a fuzzer: a bounded number of examples, no time limit each."""
    return settings(
        max_examples=EXAMPLES or default_examples,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


def count(kind: str, accepted: bool) -> None:
    """Tally one input of `kind`."""
    TALLY[kind]["tried"] += 1
    TALLY[kind]["accepted" if accepted else "refused"] += 1


def mutate(data: st.DataObject, value: Any, new_values: st.SearchStrategy[Any]) -> Any:
    """A copy of `value` (JSON-like) with one part replaced, removed or added."""
    if isinstance(value, dict) and value and data.draw(st.integers(0, 3)) > 0:
        key = data.draw(st.sampled_from(sorted(value, key=repr)))
        action = data.draw(st.sampled_from(["inside", "replace", "remove", "add"]))
        copy = dict(value)
        if action == "inside":
            copy[key] = mutate(data, value[key], new_values)
        elif action == "replace":
            copy[key] = data.draw(new_values)
        elif action == "remove":
            del copy[key]
        else:
            copy[data.draw(texts)] = data.draw(new_values)
        return copy
    if isinstance(value, list) and value and data.draw(st.integers(0, 3)) > 0:
        index = data.draw(st.integers(0, len(value) - 1))
        action = data.draw(st.sampled_from(["inside", "replace", "remove", "add"]))
        items = list(value)
        if action == "inside":
            items[index] = mutate(data, value[index], new_values)
        elif action == "replace":
            items[index] = data.draw(new_values)
        elif action == "remove":
            del items[index]
        else:
            items.insert(index, data.draw(new_values))
        return items
    return data.draw(new_values)


def mutate_bytes(data: st.DataObject, raw: bytes, tokens: list[bytes]) -> bytes:
    """`raw` with a few bytes flipped, cut, or tokens inserted."""
    for _ in range(data.draw(st.integers(1, 4))):
        position = data.draw(st.integers(0, len(raw)))
        action = data.draw(st.sampled_from(["flip", "cut", "insert", "truncate"]))
        if action == "flip" and position < len(raw):
            raw = (
                raw[:position]
                + bytes([raw[position] ^ data.draw(st.integers(1, 255))])
                + raw[position + 1 :]
            )
        elif action == "cut":
            raw = raw[:position] + raw[position + data.draw(st.integers(1, 16)) :]
        elif action == "insert":
            raw = raw[:position] + data.draw(st.sampled_from(tokens)) + raw[position:]
        else:
            raw = raw[:position]
    return raw
