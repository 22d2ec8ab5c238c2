"""The typed views (`pacg.views`): every part of a seat's view has the keys and the kinds of values its TypedDict
says, at every position of whole games (the type checker holds the code that makes them to the same types)."""

from __future__ import annotations

import random
import types
import typing
from pathlib import Path

import pytest

import pacg
from pacg.views import SeatViewDict
from table import library

pytestmark = pytest.mark.plays_at_random  # whole games answered at random: no test of a power

PLAIN = (str, int, bool)


def check_shape(value: object, hint: object, where: str) -> None:
    """The value is of the type: a TypedDict's keys (each NotRequired one may be absent) with values of their
    types, a list's items of theirs, None only where the type allows it."""
    origin, arguments = typing.get_origin(hint), typing.get_args(hint)
    if typing.is_typeddict(hint):
        hints = typing.get_type_hints(hint, include_extras=True)
        required = {key for key, item in hints.items() if typing.get_origin(item) is not typing.NotRequired}
        assert isinstance(value, dict) and required <= value.keys() <= hints.keys(), f"{where}: {value!r}"
        for key, item in value.items():
            check_shape(item, hints[key], f"{where}[{key!r}]")
    elif origin is typing.NotRequired:
        check_shape(value, arguments[0], where)
    elif origin is types.UnionType:  # a view's unions are of one type and None
        if value is None:
            assert types.NoneType in arguments, f"{where} is None"
        else:
            check_shape(value, next(argument for argument in arguments if argument is not types.NoneType), where)
    elif origin is list:
        assert isinstance(value, list), f"{where}: {value!r}"
        for index, item in enumerate(value):
            check_shape(item, arguments[0], f"{where}[{index}]")
    elif origin is dict:
        assert isinstance(value, dict), f"{where}: {value!r}"
    elif hint in PLAIN:
        assert isinstance(value, typing.cast(type, hint)), f"{where} is {value!r}, not a {hint}"
    else:
        raise AssertionError(f"{where}: no check for the type {hint!r}")


@pytest.mark.parametrize("seed", range(4))
def test_every_part_of_every_view_has_the_shape_its_type_says(seed: int) -> None:
    party = ["Harsk", "Kyra", "Seoni", "Enora"][:seed + 1]
    game = pacg.new_game("The Godless Ones", party, seed, library=library())
    rng = random.Random(seed)
    while True:
        for seat in game.seats():
            check_shape(game.view(seat), SeatViewDict, f"{seat}'s view")
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))


def test_the_package_is_marked_typed() -> None:
    assert (Path(pacg.__file__).parent / "py.typed").is_file()
