"""Variants as data: the ten presets of RULES.md and checked overrides.

>>> v = variant("three-card", {"loo": "mixed", "loo_limit": "60"})
>>> (v.loo, v.loo_limit, v.ante)
(<LooKind.MIXED: 'mixed'>, 60, 9)
>>> v.loo == "mixed"
True
>>> v.sources["loo_limit"]
'house rule'
>>> variant("five-card").hand_size
5
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from enum import StrEnum
from functools import cached_property
from typing import TYPE_CHECKING, Any

from loo_ledger import errors  # errors.Problem: loaded only when a rule is refused
from loo_ledger.domain.rules.codes import (
    AnteModel,
    BoardPayers,
    DoubleWhen,
    FlushPayout,
    FlushTiebreak,
    Game,
    GameEnd,
    LonePlayer,
    LooKind,
    LouOddCent,
    Pam,
    RevokePenalty,
    SimplePool,
    Word,
)
from loo_ledger.domain.rules.params import PARAMS, Param
from loo_ledger.errors import VariantError

if TYPE_CHECKING:
    from loo_ledger.domain.settlement.compiled import Compiled


@dataclass(frozen=True, kw_only=True, eq=False, repr=False)
class Variant:
    """Every parameter of a table's rules. Build one with :func:`variant`.

    Compared by identity (``eq=False``): nothing compares two variants' 38 values
    (:meth:`overrides` does, parameter by parameter), so the dataclass's generated
    ``__eq__``, ``__hash__`` and ``__repr__``, which CPython compiles from source at every
    start (some 5 million instructions, docs/benchmarks.md), are not made. Its ``repr`` is
    the call of :func:`variant` that makes the same rules.
    """

    name: str
    game: Game
    hand_size: int
    ante: int
    ante_model: AnteModel
    single_stake: int
    loo: LooKind
    loo_amount: int
    loo_limit: int
    divided: bool
    simple_pool: SimplePool
    double_when: DoubleWhen
    miss: bool
    dealer_vs_one: frozenset[Word]
    lone_player: LonePlayer
    exchange: int
    indicator_to_dealer: bool
    club_law: bool
    force_after_single: bool
    flushes: bool
    blazes: bool
    pam: Pam
    pam_flush_class: bool
    flush_tiebreak: FlushTiebreak
    flush_payout: FlushPayout
    board_payers: BoardPayers
    lou_ante_dealer: int
    lou_ante_each: int
    revoke_penalty: RevokePenalty
    forfeits: bool
    burn_cap: int
    lou_two_stander_rule: bool
    lou_odd_cent: LouOddCent
    lou_exchange_limits: bool
    game_end: GameEnd
    pack: int
    play: tuple[tuple[str, str], ...] = ()   # rules of play set by the table (play_rules.py)
    sources: Mapping[str, str] = field(default_factory=dict, compare=False)

    @cached_property
    def compiled(self) -> Compiled:
        """What the engine works out once for this variant (domain/settlement/compiled.py)."""
        from loo_ledger.domain.settlement.compiled import Compiled  # noqa: PLC0415 (a cycle: compiled.py reads the variants)
        return Compiled(self)

    @cached_property
    def dealer_takes_turned(self) -> bool:
        """Whether the dealer takes the turned card into his hand when he exchanges:
        five-card Loo with ``indicator_to_dealer`` and an exchange (the one home of that
        condition: the exchange limits, legal.py, and the rules of play, play_rules.py,
        ask it)."""
        return (self.game == Game.LOO and self.hand_size == 5 and self.indicator_to_dealer
                and self.exchange > 0)

    def __repr__(self) -> str:
        """``variant('three-card', {'loo': 'mixed'})``: the call that makes the same rules.

        >>> variant("three-card", {"loo": "mixed", "miss": "no"})
        variant('three-card', {'loo': 'mixed', 'miss': 'false'})
        """
        return f"variant({self.name!r}, {self.overrides()!r})"

    def value_text(self, name: str) -> str:
        """The value of parameter ``name`` as a person types it."""
        return format_value(PARAMS[name], getattr(self, name))

    def overrides(self) -> dict[str, str]:
        """Parameters that differ from the preset this variant is based on."""
        base = PRESETS.get(self.name)
        if base is None:
            return {}
        out = {n: self.value_text(n) for n in PARAMS if getattr(self, n) != getattr(base, n)}
        return out | {k: v for k, v in self.play if (k, v) not in base.play}


#: The parameters whose values are codes, and the code type of each.
CODED: dict[str, type[StrEnum]] = {
    "game": Game, "ante_model": AnteModel, "loo": LooKind, "simple_pool": SimplePool,
    "double_when": DoubleWhen, "lone_player": LonePlayer, "pam": Pam,
    "flush_tiebreak": FlushTiebreak, "flush_payout": FlushPayout, "board_payers": BoardPayers,
    "revoke_penalty": RevokePenalty, "lou_odd_cent": LouOddCent, "game_end": GameEnd,
}


def _coded(values: Mapping[str, Any]) -> dict[str, Any]:
    """Parameter values with every code as its type (``dealer_vs_one`` as words).

    >>> _coded({"loo": "mixed", "dealer_vs_one": frozenset({"stand"})})
    {'loo': <LooKind.MIXED: 'mixed'>, 'dealer_vs_one': frozenset({<Word.STAND: 'stand'>})}
    """
    out = dict(values)
    for name, value in values.items():
        if name in CODED:
            out[name] = CODED[name](value)
        elif name == "dealer_vs_one":
            out[name] = frozenset(Word(w) for w in value)
    return out


def format_value(param: Param, value: Any) -> str:
    if param.kind == "bool":
        return "true" if value else "false"
    if param.kind == "options":
        return ",".join(o for o in param.choices if o in value)
    return str(value)


def parse_value(param: Param, raw: Any) -> Any:
    """Turn ``raw`` (from JSON or the command line) into the parameter's value.

    Raises ValueError with what is allowed."""
    bad = ValueError(f"{param.name}={raw!r} is not allowed; {param.name} takes {param.allowed()}")
    if param.kind == "bool":
        if isinstance(raw, bool):
            return raw
        text = str(raw).strip().lower()
        if text in ("true", "yes", "on", "1"):
            return True
        if text in ("false", "no", "off", "0"):
            return False
        raise bad
    if param.kind == "int":
        if isinstance(raw, (bool, float)):
            raise bad
        try:
            value = int(str(raw).strip())
        except ValueError:
            raise bad from None
        if value < param.minimum:
            raise bad
        return value
    if param.kind == "options":
        items = raw if isinstance(raw, (list, tuple)) else str(raw).split(",")
        chosen = frozenset(str(i).strip().lower() for i in items if str(i).strip())
        if not chosen or not chosen <= set(param.choices):
            raise bad
        return chosen
    text = str(raw).strip().lower()
    if text not in param.choices:
        raise bad
    return int(text) if text.isdigit() else text


#: Three-card Loo's values, as codes: every preset is written as its differences from them.
_THREE_CARD: dict[str, Any] = dict(
    game=Game.LOO, hand_size=3, ante=9, ante_model=AnteModel.DEALER, single_stake=3,
    loo=LooKind.LIMITED, loo_amount=9, loo_limit=90, divided=True,
    simple_pool=SimplePool.PLAY_ALL, double_when=DoubleWhen.CARRIED, miss=True,
    dealer_vs_one=frozenset({Word.STAND, Word.MISS, Word.DEFEND}),
    lone_player=LonePlayer.TAKES_POOL, exchange=0, indicator_to_dealer=True, club_law=False,
    force_after_single=False, flushes=False, blazes=False, pam=Pam.NONE, pam_flush_class=True,
    flush_tiebreak=FlushTiebreak.SEAT, flush_payout=FlushPayout.POOL,
    board_payers=BoardPayers.ALL, lou_ante_dealer=100, lou_ante_each=500,
    revoke_penalty=RevokePenalty.LOOED, forfeits=False, burn_cap=5000,
    lou_two_stander_rule=True, lou_odd_cent=LouOddCent.STAYS, lou_exchange_limits=True,
    game_end=GameEnd.NONE, pack=52,
)

_FIVE_CARD = dict(hand_size=5, ante=5, loo_amount=5, loo_limit=25,
                  simple_pool=SimplePool.AS_DOUBLE, miss=False, exchange=5, flushes=True,
                  pam=Pam.JACK_OF_CLUBS)

# Each preset: (what it is, its source, its differences from three-card).
_PRESET_TABLE: dict[str, tuple[str, str, dict[str, Any]]] = {
    "three-card": ("limited three-card Loo with simple and double pools (the default)", "000", {}),
    "bicycle": ("three-card counted in chips: ante 3, loo 3, flushes; the dealer facing one "
                "stander may stand or defend", "004",
                dict(ante=3, loo_amount=3, loo_limit=30, flushes=True,
                     dealer_vs_one=frozenset({Word.STAND, Word.DEFEND}))),
    "poker-book": ("three-card, a miss every deal; the dealer antes only after a deal without a "
                   "loo; unlimited loo; the revoker pays the pool", "002",
                   dict(ante_model=AnteModel.REPLENISH, loo=LooKind.UNLIMITED,
                        simple_pool=SimplePool.AS_DOUBLE, double_when=DoubleWhen.LOOED,
                        revoke_penalty=RevokePenalty.PAYS_POOL)),
    "lanterloo": ("three-card, a miss every deal, ante 3, loo 3, Pam (jack of clubs) the top "
                  "trump", "003",
                  dict(ante=3, loo_amount=3, loo_limit=30, simple_pool=SimplePool.AS_DOUBLE,
                       pam=Pam.JACK_OF_CLUBS)),
    "britannica": ("three-card with stakes: everyone one stake, the dealer two; after a loo only "
                   "the dealer's one stake; a miss every deal; unlimited loo; Blenheim penalties",
                   "001",
                   dict(ante_model=AnteModel.STAKES, loo=LooKind.UNLIMITED,
                        simple_pool=SimplePool.AS_DOUBLE, double_when=DoubleWhen.LOOED,
                        dealer_vs_one=frozenset({Word.MISS, Word.DEFEND}),
                        revoke_penalty=RevokePenalty.BLENHEIM, forfeits=True,
                        game_end=GameEnd.FULL_ROUNDS)),
    "irish": ("three-card, no miss, no simple/double, exchange up to 3", "000",
              dict(simple_pool=SimplePool.AS_DOUBLE, miss=False, exchange=3)),
    "undivided": ("three-card where only a player who wins all three tricks takes the pool; "
                  "loo = 2 x ante", "000", dict(divided=False, loo_amount=18)),
    "five-card": ("five-card Loo with Pam, exchange up to 5, flushes", "000", dict(_FIVE_CARD)),
    "britannica-five-card": ("five-card with stakes of 5 (the dealer 10); a flush loos the board",
                             "001",
                             dict(_FIVE_CARD, ante_model=AnteModel.STAKES, single_stake=5,
                                  loo=LooKind.UNLIMITED, double_when=DoubleWhen.LOOED,
                                  pam_flush_class=False, flush_payout=FlushPayout.BOARD,
                                  revoke_penalty=RevokePenalty.BLENHEIM, forfeits=True,
                                  game_end=GameEnd.FULL_ROUNDS)),
    "lou": ("the dealer's-choice poker game: stand means two tricks; burned players match the pot",
            "000",
            dict(game=Game.LOU, hand_size=5, ante_model=AnteModel.LOU,
                 simple_pool=SimplePool.AS_DOUBLE, miss=False, exchange=3,
                 revoke_penalty=RevokePenalty.BURN, loo=LooKind.UNLIMITED)),
}


def _build_preset(name: str) -> Variant:
    _, source, diff = _PRESET_TABLE[name]
    values = {**_THREE_CARD, **diff}
    sources = {n: (source if n in diff else PARAMS[n].source) for n in PARAMS}
    return Variant(name=name, sources=sources, **values)


PRESETS: dict[str, Variant] = {name: _build_preset(name) for name in _PRESET_TABLE}
DEFAULT_VARIANT = "three-card"


def describe(name: str) -> str:
    """What preset ``name`` is, in one line."""
    return _PRESET_TABLE[name][0]


def preset_source(name: str) -> str:
    return _PRESET_TABLE[name][1]


def combination_problems(v: Variant) -> list[str]:
    """Settings that cannot be played together."""
    out = []
    if (v.game == "lou") != (v.ante_model == "lou"):
        out.append("ante_model=lou goes with game=lou, and only with it")
    if (v.game == "lou") != (v.revoke_penalty == "burn"):
        out.append("revoke_penalty=burn goes with game=lou, and only with it")
    if v.game == "lou" and v.hand_size != 5:
        out.append("game=lou is played with hand_size=5")
    if v.blazes and v.hand_size != 5:
        out.append("blazes=true needs hand_size=5 (a blaze is five court cards)")
    return out


def variant(name: str, rules: Mapping[str, Any] | None = None, *,
            source: str = "house rule", presets: Mapping[str, Variant] | None = None) -> Variant:
    """The preset ``name`` with ``rules`` (parameter -> value) applied and checked.

    Raises VariantError listing every unknown parameter or bad value, with what
    is allowed.
    """
    table = PRESETS if presets is None else presets
    if name not in table:
        raise VariantError(f"unknown variant {name!r}; the variants are: {', '.join(table)}",
                           [errors.Problem(code="UNKNOWN_VARIANT",
                                           message=f"no variant named {name!r}")])
    base = table[name]
    problems: list[errors.Problem] = []
    changes: dict[str, Any] = {}
    play: dict[str, str] = dict(base.play)
    for key, raw in (rules or {}).items():
        param = PARAMS.get(key)
        if param is None:  # a rule of play, or nothing: the rules of play are read only then
            from loo_ledger.domain.cards.play_rules import TABLE_RULES, table_rule_text  # noqa: PLC0415 (the rules of play: only to word a variant's table rules)
        if param is None and key in TABLE_RULES:
            try:
                play[key] = table_rule_text(key, raw)
            except ValueError as exc:
                problems.append(errors.Problem(code="BAD_VALUE", message=str(exc)))
            continue
        if param is None:
            problems.append(errors.Problem(code="UNKNOWN_PARAMETER",
                                    message=f"no parameter named {key!r}; the parameters are: "
                                            + ", ".join(PARAMS) + "; the rules of play: "
                                            + ", ".join(TABLE_RULES)))
            continue
        try:
            changes[key] = parse_value(param, raw)
        except ValueError as exc:
            problems.append(errors.Problem(code="BAD_VALUE", message=str(exc)))
    played = tuple(sorted(play.items()))
    if not problems and (changes or played != base.play):
        sources = {**base.sources, **{k: source for k in changes},
                   **{k: source for k, _ in played if (k, play[k]) not in base.play}}
        result = replace(base, sources=sources, play=played, **_coded(changes))
        problems += [errors.Problem(code="BAD_COMBINATION", message=m)
                     for m in combination_problems(result)]
    if problems:
        raise VariantError(f"the rules for variant {name!r} cannot be used", problems)
    if not changes and played == base.play:
        return base
    return result


def parse_rule_args(args: list[str]) -> dict[str, object]:
    """``NAME=VALUE`` overrides as they are stored and exported: a number as a number, a
    yes/no as a boolean, a word as the word; a value its parameter does not take is kept
    as typed, for :func:`variant` to refuse with what is allowed.

    >>> parse_rule_args(["loo=mixed", "loo_limit=45", "miss=no", "loo_limit2=x"])
    {'loo': 'mixed', 'loo_limit': 45, 'miss': False, 'loo_limit2': 'x'}
    """
    out: dict[str, object] = {}
    for arg in args:
        key, sep, value = arg.partition("=")
        if not sep or not key.strip():
            raise VariantError(f"--rule {arg!r} should be NAME=VALUE, e.g. loo=unlimited")
        name = key.strip().replace("-", "_")
        out[name] = _typed(PARAMS.get(name), value.strip())
    return out


def rule_words(rules: Mapping[str, object]) -> list[str]:
    """Overrides as they are typed: ``loo_limit=45``, ``miss=false``, ``dealer_vs_one=stand,miss``.

    >>> rule_words({"loo_limit": 45, "miss": False, "dealer_vs_one": ["stand", "miss"]})
    ['loo_limit=45', 'miss=false', 'dealer_vs_one=stand,miss']
    """
    def text(value: object) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, (list, tuple, set, frozenset)):
            return ",".join(map(str, value))
        return str(value)
    return [f"{k}={text(v)}" for k, v in rules.items()]


def _typed(param: Param | None, text: str) -> object:
    """``text`` as its parameter's JSON value (int, bool, or a choice's own form)."""
    if param is None or param.kind == "options":
        return text
    try:
        return parse_value(param, text)
    except ValueError:
        return text


VARIANT_FIELDS = tuple(f.name for f in fields(Variant) if f.name not in ("name", "play", "sources"))
assert set(VARIANT_FIELDS) == set(PARAMS), "every parameter is a Variant field and vice versa"
