"""The JSON Schema of a card file, for editors (YAML language servers read it to complete and check fields).

One schema for every card file: the top level is a `oneOf` over the card models, and each branch fixes the
`type` values it accepts, so a file's `type` selects its model the way the loader does (`MODEL_BY_TYPE`).
The schema is generated from the pydantic models; `docs/card-schema.json` is its exported copy
(`pacg cards schema --output docs/card-schema.json`).
"""

from __future__ import annotations

import json
from typing import Any

from pydantic.json_schema import GenerateJsonSchema

from pacg.cards import powers
from pacg.cards.amounts import Amount
from pacg.cards.model import MODEL_BY_TYPE, Card
from pacg.cards.vocabulary import TRAITS

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
_REF = "#/$defs/{model}"


def _models() -> dict[type[Card], list[str]]:
    """Each card model once, with the card types it is used for, in the order of MODEL_BY_TYPE."""
    models: dict[type[Card], list[str]] = {}
    for card_type, model in MODEL_BY_TYPE.items():
        models.setdefault(model, []).append(str(card_type))
    return {model: sorted(types) for model, types in models.items()}


def _merge_definitions(into: dict[str, Any], definitions: dict[str, Any], owner: str) -> None:
    for name, definition in definitions.items():
        if name in into and into[name] != definition:
            raise ValueError(f"two card models define {name!r} differently (met again in {owner})")
        into[name] = definition


_TRAIT_MARK = "x-pacg-trait"  # marks a trait in pydantic's output until it becomes a reference to `Trait`
_POWER_TRAIT_MARK = "x-pacg-power-trait"  # a trait a power names: a known one, or the character's chosen trait


def _trait_check() -> Any:
    """The validator that makes a string a known trait (powers.Trait), or None."""
    for metadata in getattr(getattr(powers, "Trait", None), "__metadata__", ()):
        if callable(getattr(metadata, "func", None)):
            return metadata.func
    return None


class _CardSchemaGenerator(GenerateJsonSchema):
    """Pydantic's generator, except that a trait (a string checked against the known traits) refers to the
    `Trait` definition, which lists them."""

    def function_after_schema(self, schema: Any) -> Any:
        check = _trait_check()
        if check is not None and schema.get("function", {}).get("function") is check:
            return {"type": "string", _TRAIT_MARK: True}  # pydantic tracks its own refs: swap it in later
        return super().function_after_schema(schema)


# Fields that hold traits, for any written as plain strings (before `Trait` existed, or a new field).
_TRAIT_FIELDS = ("traits", "not_traits", "check_traits", "add_traits", "swap_trait", "immunities")


def _list_known_traits(node: Any) -> None:
    """Give every list-of-traits field the known traits as an enum, as the loader checks them (vocabulary.py),
    so an editor offers them and marks a misspelt one."""
    if isinstance(node, dict):
        if node.pop(_TRAIT_MARK, False):
            node.clear()
            node["$ref"] = _REF.format(model="Trait")
            return
        if node.pop(_POWER_TRAIT_MARK, False):
            node.clear()
            node["anyOf"] = [{"$ref": _REF.format(model="Trait")},
                             {"const": powers.CHOSEN, "description": "the trait the character chose (choose_trait)"}]
            return
        for name, value in node.get("properties", {}).items():
            if name in _TRAIT_FIELDS:
                for branch in [value, *value.get("anyOf", [])]:
                    if branch.get("type") == "array" and branch.get("items") == {"type": "string"}:
                        branch["items"] = {"$ref": _REF.format(model="Trait")}
        for value in node.values():
            _list_known_traits(value)
    elif isinstance(node, list):
        for value in node:
            _list_known_traits(value)


def _write_defaults_as_in_files(node: Any) -> None:
    """Pydantic writes an Amount default as its dataclass fields ({"constant": 1, "terms": [], "dice": []});
    a card file writes it as text ("1", "1d6"), so the schema's default should too."""
    if isinstance(node, dict):
        default = node.get("default")
        if isinstance(default, dict) and set(default) == {"constant", "terms", "dice"}:
            terms, dice = (tuple(map(tuple, default[part])) for part in ("terms", "dice"))
            amount = Amount(default["constant"], terms, dice)
            node["default"] = amount.number if amount.number is not None else str(amount)
        for value in node.values():
            _write_defaults_as_in_files(value)
    elif isinstance(node, list):
        for value in node:
            _write_defaults_as_in_files(value)


def card_schema() -> dict[str, Any]:
    """The JSON Schema of one card file: a `oneOf` over the card models, selected by `type`."""
    powers.complete_models()  # the schema writes defaults (`powers.ANY_CARD`) with their models' serializers
    definitions: dict[str, Any] = {}
    branches: list[dict[str, Any]] = []
    for model, types in _models().items():
        schema = model.model_json_schema(
            by_alias=True, ref_template=_REF, mode="validation", schema_generator=_CardSchemaGenerator
        )
        _merge_definitions(definitions, schema.pop("$defs", {}), model.__name__)
        properties = schema.setdefault("properties", {})
        type_description = properties.get("type", {}).get("description")
        properties["type"] = {"enum": types}
        if type_description:
            properties["type"]["description"] = type_description
        schema["required"] = sorted(set(schema.get("required", [])) | {"type"})
        if model.__name__ in definitions:
            raise ValueError(f"a definition is already named {model.__name__!r}")
        definitions[model.__name__] = schema
        branches.append({"$ref": _REF.format(model=model.__name__)})
    _list_known_traits(definitions)
    _write_defaults_as_in_files(definitions)
    if "Trait" in definitions:
        raise ValueError("a card model defines 'Trait', the name of the known traits' definition")
    definitions["Trait"] = {
        "type": "string",
        "enum": sorted(TRAITS),
        "description": "a trait the game knows (src/pacg/cards/vocabulary.py TRAITS)",
    }
    all_types = sorted(card_type for types in _models().values() for card_type in types)
    return {
        "$schema": SCHEMA_DIALECT,
        "title": "Pathfinder Adventure Card Game card",
        "description": (
            "One card file of the pacg card library (docs/card-format.md). The card's `type` selects which "
            "of the card models below it must match."
        ),
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": all_types}},
        "oneOf": branches,
        "$defs": dict(sorted(definitions.items())),
    }


def card_schema_json() -> str:
    """The schema as the text written to docs/card-schema.json (stable key order, trailing newline)."""
    return json.dumps(card_schema(), indent=2, ensure_ascii=False) + "\n"
