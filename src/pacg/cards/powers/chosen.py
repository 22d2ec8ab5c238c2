"""A character's chosen trait (`ChooseTrait`): the paragraphs that name it (`chosen`) as they read once it is chosen.
"""

from typing import Any

from pydantic import BaseModel, TypeAdapter

from pacg.cards.powers.paragraph import Power
from pacg.cards.powers.parameters import CHOSEN

_POWER_DATA = TypeAdapter(Power)


def _with_trait(data: Any, trait: str) -> Any:
    """Card data with `chosen` replaced by a trait wherever it is written in a list of traits."""
    if isinstance(data, tuple):
        return tuple(trait if item == CHOSEN else _with_trait(item, trait) for item in data)
    if isinstance(data, dict):
        return {key: _with_trait(value, trait) for key, value in data.items()}
    return data


def with_chosen_trait(power: Power, trait: str) -> Power:
    """The paragraph as it reads once its character has chosen a trait (ChooseTrait): `chosen` is that trait.
    A paragraph that names no chosen trait is itself."""
    if not names_chosen_trait(power):
        return power
    return _POWER_DATA.validate_python(_with_trait(_POWER_DATA.dump_python(power, by_alias=True), trait))


def names_chosen_trait(part: Any) -> bool:
    """Whether a paragraph (or a part of one: an effect, conditions, a list of them) names its character's chosen
    trait in a list of traits."""
    if isinstance(part, tuple):
        return any(item == CHOSEN or names_chosen_trait(item) for item in part)
    if isinstance(part, BaseModel):  # what a default leaves out names no trait
        return any(names_chosen_trait(getattr(part, name)) for name in part.model_fields_set)
    if isinstance(part, Power):
        return any(names_chosen_trait(getattr(part, name)) for name in _POWER_FIELDS)
    return False


_POWER_FIELDS = ("cost", "conditions", "effects", "feats")
