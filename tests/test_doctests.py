"""The examples in the Game object's docstrings (`pacg.game`) run, and show what they say."""

from __future__ import annotations

import doctest

import pacg.game

FEWEST_EXAMPLES = 40  # the module's and its main methods' examples: new_game, apply, clone, undo, view, records


def test_the_game_object_s_docstring_examples_run_as_written() -> None:
    results = doctest.testmod(pacg.game, optionflags=doctest.ELLIPSIS, report=True)
    assert results.failed == 0, f"{results.failed} of the examples in pacg.game's docstrings failed (printed above)"
    assert results.attempted >= FEWEST_EXAMPLES
