"""The parameters a table can set, with their allowed values, meaning and source.

Names follow shared/spec/RULES.md. Parameters that RULES.md does not list but the
sources name (CATALOGUE.md) are added in the same style and say so in ``meaning``.
"""

from __future__ import annotations

import msgspec

DEALER_OPTIONS = ("stand", "miss", "defend")


class Param(msgspec.Struct, frozen=True, kw_only=True):
    """One parameter: its kind, its allowed values and where the default comes from.

    ``kind`` is ``choice`` (one of ``choices``), ``bool``, ``int`` (a whole number
    at least ``minimum``) or ``options`` (a non-empty comma list drawn from ``choices``).
    """

    name: str
    kind: str
    meaning: str
    source: str
    choices: tuple[str, ...] = ()
    minimum: int = 0

    def allowed(self) -> str:
        if self.kind == "bool":
            return "true | false"
        if self.kind == "int":
            return f"a whole number >= {self.minimum}"
        if self.kind == "options":
            return "a comma list of " + " | ".join(self.choices)
        return " | ".join(self.choices)


def _p(name: str, kind: str, meaning: str, source: str, choices: tuple[str, ...] = (),
       minimum: int = 0) -> Param:
    return Param(name=name, kind=kind, meaning=meaning, source=source,
                 choices=tuple(choices), minimum=minimum)


PARAMS: dict[str, Param] = {p.name: p for p in (
    _p("game", "choice", "loo: three- or five-card Loo; lou: the dealer's-choice poker game "
       "(added: RULES.md's Lou section)", "000", ("loo", "lou")),
    _p("hand_size", "choice", "cards dealt to each player, and tricks in a hand "
       "(added: CATALOGUE hand_size)",
       "000", ("3", "5")),
    _p("ante", "int", "the dealer's ante each deal (ante_model=dealer or replenish)", "000"),
    _p("ante_model", "choice", "who funds the pool: the dealer every deal; stakes from everyone, "
       "the dealer double, only the dealer's single stake after a loo (001); the dealer only after "
       "a deal with no loo (002); Lou's first-deal antes", "000",
       ("dealer", "stakes", "replenish", "lou")),
    _p("single_stake", "int", "the stake for ante_model=stakes, and the unit of Britannica "
       "forfeits",
       "001", minimum=1),
    _p("loo", "choice", "what a looed player pays: loo_amount; the whole pool P; min(P, loo_limit)",
       "000", ("limited", "unlimited", "mixed")),
    _p("loo_amount", "int", "the limited loo", "000"),
    _p("loo_limit", "int", "the cap of a mixed loo", "000"),
    _p("divided", "bool", "false: only a player who wins every trick takes the pool", "000"),
    _p("simple_pool", "choice", "a deal with an empty pool: everyone plays, no miss; a miss and "
       "trumps turned, only the eldest may take the miss, nobody passes; declared like a double",
       "000", ("play-all", "miss-eldest", "as-double")),
    _p("double_when", "choice", "the next pool is double when chips are carried (odd chips too), "
       "or when someone was looed", "000", ("carried", "looed")),
    _p("miss", "bool", "a miss is dealt where the deal allows one", "000"),
    _p("dealer_vs_one", "options", "what the dealer may do when exactly one player before him "
       "stands and the rest pass; never pass", "000", DEALER_OPTIONS),
    _p("lone_player", "choice", "games with no miss: a lone player takes the pool without play, "
       "or the dealer must play against him (added: CATALOGUE R24)", "000",
       ("takes-pool", "dealer-plays")),
    _p("exchange", "int", "most cards a player who stands may exchange", "000"),
    _p("indicator_to_dealer", "bool", "five-card: a dealer who stands takes the turned card and "
       "discards at least one", "000"),
    _p("club_law", "bool", "clubs turned: no miss, everyone must play (any deal)", "000"),
    _p("force_after_single", "bool", "after a deal with no loo everyone must play and no miss is "
       "dealt", "001"),
    _p("flushes", "bool", "flushes win without play", "000"),
    _p("blazes", "bool", "five-card: five court cards; a pam-blaze beats every flush, a blaze "
       "ranks below a plain flush", "000"),
    _p("pam", "choice", "the Pam: none; the jack of clubs; the jack of trumps", "000",
       ("none", "jack-of-clubs", "running")),
    _p("pam_flush_class", "bool", "a Pam flush outranks a trump flush (000); only trump over plain "
       "(001)", "000"),
    _p("flush_tiebreak", "choice", "equal flushes: the earlier seat from the dealer's left; the "
       "higher cards, then seat (003)", "000", ("seat", "highest-card")),
    _p("flush_payout", "choice", "the best flush takes the pool and players without a flush are "
       "looed (000); the holder takes the pool and a loo from every other player (001)",
       "000", ("pool", "board")),
    _p("board_payers", "choice", "with flush_payout=board: every other player dealt in pays, or "
       "only those who played", "001", ("all", "players")),
    _p("lou_ante_dealer", "int", "Lou: the dealer's first-deal ante, in cents", "000"),
    _p("lou_ante_each", "int", "Lou: every player's first-deal ante, dealer included, in cents",
       "000"),
    _p("revoke_penalty", "choice", "a breach in play: looed, shares stay (000); the pool shared "
       "by the others, offender pays P (002); shares stay and four singles forfeit (001 law 9); "
       "Lou's burn and redeal", "000", ("looed", "pays-pool", "blenheim", "burn")),
    _p("forfeits", "bool", "Britannica laws 5, 7, 8: a misdeal, looking early or declaring early "
       "forfeits a single into the pool before play (added: CATALOGUE forfeit_single)", "001"),
    _p("burn_cap", "int", "Lou: the most a burned player pays", "000"),
    _p("lou_two_stander_rule", "bool", "Lou: when exactly two stood, the one without three tricks "
       "is burned, on the first deal too (added: CATALOGUE R29)", "000"),
    _p("lou_odd_cent", "choice", "Lou: an odd cent of a shared pot stays, or goes to the first "
       "sharer from the dealer's left (added: CATALOGUE R30)", "000", ("stays", "first-left")),
    _p("lou_exchange_limits", "bool", "Lou: on the first deal seven players exchange at most two "
       "cards and eight none (added: CATALOGUE R37)", "000"),
    _p("game_end", "choice", "none; full rounds, going on while the last deal has a loo (001) - "
       "used by warnings only (added: CATALOGUE R38)", "000", ("none", "full-rounds")),
    _p("pack", "choice", "cards in the pack; 32 removes the sixes and below (004); checks only "
       "that the cards can be dealt", "000", ("52", "32")),
)}
