"""How an effect of the power language (an effect primitive, DESIGN.md section 2) is declared: `_Effect`, the
registry of every effect by its key (`EFFECT_MODELS`), the moments an effect may act at (PLAY-07), and an effect's
words (`effect_text`).
"""

from collections.abc import Iterable
from typing import Any, ClassVar

from pacg.cards.powers.conditions import Kind, Timing
from pacg.cards.powers.parameters import _Strict

# The moments an effect may act at (`_Effect`'s `moments`): any, a check only, the steps of an encounter ...
ANY_MOMENT = frozenset(Timing)
ON_A_CHECK = frozenset({Timing.CHECK})
ENCOUNTER = frozenset({
    Timing.ON_ENCOUNTER, Timing.EVASION, Timing.BEFORE_ACTING, Timing.CHECK, Timing.AFTER_ACTING, Timing.DAMAGE,
    Timing.ACQUIRE, Timing.DEFEAT, Timing.UNDEFEATED,
})  # the steps of an encounter, in which only the encountering character uses the card's own powers
BEFORE_THE_CHECK = frozenset({Timing.ON_ENCOUNTER, Timing.EVASION, Timing.BEFORE_ACTING, Timing.CHECK})
OF_THE_ENCOUNTER = ENCOUNTER - {Timing.DAMAGE}


EFFECT_MODELS: dict[str, type["_Effect"]] = {}
"""Every effect of the power language by the key a card file writes it with, in the order defined (`_Effect`)."""


class _Effect(_Strict):
    """An effect of the power language (an effect primitive), declared with what the card language allows of it,
    `class Evade(_Effect, key="evade", moments=...)`, and its card's words (`text`); what the engine does with it
    is declared in `pacg.engine.effects` (`pacg.engine.declared`), and nothing else says anything of it:

    - `key`: what a card file writes it with (it is one of `EFFECT_MODELS` and of the `Effect` union);
    - `moments`: the moments at which it has anything to act on (PLAY-07): evading only in the evasion step,
      reducing damage only while damage is dealt; `ANY_MOMENT` where nothing restricts it, spelled out;
    - `on_check`: it changes the check being attempted, so it acts only on a check (CHK-09), and `to_succeed`: all
      it can do is make the check likelier to succeed (on a check that can't fail it is not worth asking about);
    - `asks`: it may ask the players (or start a process), so it can't stand by itself on a check;
    - `kinds`: the kinds of paragraph it may be written in (None: any);
    - `alters_check`: though not only for a check, it may apply by itself as a check is prepared (the
      difficulty, where a card played on it goes);
    - `read_where_it_applies`: it works by being read where cards are played or characters move (a restriction,
      a way to play), so it may stand by itself at "any time";
    - `holds`: the fields holding effects of its own, each with whether they come once a check is done.

    A model without a key, its moments or its words fails as it is defined, naming it."""

    key: ClassVar[str]
    moments: ClassVar[frozenset[Timing]]
    on_check: ClassVar[bool]
    to_succeed: ClassVar[bool]
    asks: ClassVar[bool]
    kinds: ClassVar[frozenset[Kind] | None]
    alters_check: ClassVar[bool]
    read_where_it_applies: ClassVar[bool]
    holds: ClassVar[tuple[tuple[str, bool], ...]]

    def __init_subclass__(
        cls, key: str = "", moments: frozenset[Timing] = frozenset(), on_check: bool = False,
        to_succeed: bool = False, asks: bool = False, kinds: Iterable[Kind] | None = None, alters_check: bool = False,
        read_where_it_applies: bool = False, holds: tuple[tuple[str, bool], ...] = (), **kwargs: Any,
    ) -> None:
        super().__init_subclass__(**kwargs)
        name = cls.__name__
        if not key:
            raise TypeError(f"effect {name} names no key: class {name}(_Effect, key=..., moments=...)")
        if key in EFFECT_MODELS:
            raise TypeError(f"effect {name}: the key {key!r} is {EFFECT_MODELS[key].__name__}'s")
        if not moments:
            raise TypeError(f"effect {name}: no moments declared (ANY_MOMENT where nothing restricts it)")
        if to_succeed and not on_check:
            raise TypeError(f"effect {name}: only an effect on a check (on_check) can only help it succeed")
        if "text" not in cls.__dict__:
            raise TypeError(f"effect {name} says nothing of itself: it needs a text() for its card's words")
        cls.key, cls.moments, cls.kinds = key, frozenset(moments), frozenset(kinds) if kinds is not None else None
        cls.on_check, cls.to_succeed, cls.asks, cls.alters_check = on_check, to_succeed, asks, alters_check
        cls.read_where_it_applies, cls.holds = read_where_it_applies, holds
        EFFECT_MODELS[key] = cls

    @classmethod
    def __pydantic_init_subclass__(cls, **kwargs: Any) -> None:
        # (the class's keywords are for `__init_subclass__`, not pydantic's)
        super().__pydantic_init_subclass__()

    @classmethod
    def changes_the_check(cls) -> bool:
        """It may stand by itself in a check's paragraph, worked out as the check is prepared."""
        return cls.on_check or cls.alters_check

    def text(self) -> str:
        """The effect as its card reads ("add 1d6 to your check")."""
        raise NotImplementedError(type(self).__name__)


def effect_text(effect: Any, as_verb: bool = False) -> str:
    """One effect primitive's phrase (every effect class says its own, `text()`). `as_verb` asks for a phrase
    that reads after "to" or "you may" ("to reduce the difficulty by 2" rather than "the difficulty is reduced
    by 2")."""
    if as_verb and hasattr(effect, "verb_text"):
        return str(effect.verb_text())
    return str(effect.text())
