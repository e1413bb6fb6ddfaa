"""The sources' own words for each rule `loo explain` cites (its help promises "its
parameter and source text"): verbatim sentences from the seed texts (shared/seeds) a
parameter's value comes from, the passage of the source the variant cites where there is one
(services/explain.source_words). tests/test_explain_words.py checks each against its seed
(the tests' copy, tests/data/seeds). Typos are the sources' own ("an a agreed limit").
"""

from __future__ import annotations

#: "parameter=value" (or "parameter", for any value) -> (source tag, its words), the first
#: passage the one quoted when the source cited has none.
WORDS: dict[str, tuple[tuple[str, str], ...]] = {
    "ante_model=dealer": (
        ("000", 'Before dealing, the dealer must always place three red chips in the pool.'),
        ("003",
         'Prior to the deal, the dealer places either three or five chips into the pool '
         '(depending on the version of the game).'),
        ("004",
         'The dealer antes three chips into the pot, and, at times, the pot is increased by '
         'units of three chips at a time.'),
    ),
    "ante_model=stakes": (
        ("001",
         'During the deal each player contributes to the pool a sum previously agreed upon, '
         'the dealer contributing double.'),
    ),
    "ante_model=replenish": (
        ("002",
         'If no player is looed, the next dealer replenishes the pool as at the beginning of'
         ' the game.'),
    ),
    "ante_model=lou": (
        ("000",
         'For the first deal only, the dealer antes $1, and then all players including the '
         'dealer add $5 to the pot.'),
    ),
    "loo=limited": (
        ("000",
         'Any player who played and took no tricks is looed and pays three red chips into '
         'the pool for the next deal.'),
        ("004", 'that player must put three chips into the next pot'),
    ),
    "loo=unlimited": (
        ("000",
         'a player who is looed must match the pool - that is, pay into the new pool an '
         'amount equal to the whole of the old pool'),
        ("001",
         'At unlimited loo each player looed has to put in the amount there was in the pool.'),
        ("002",
         'must put into the pool as many units as there were in it at the beginning of the '
         'deal'),
    ),
    "loo=mixed": (
        ("000",
         'A player who is looed matches the pot subject to an a agreed limit - say 30 red '
         'chips.'),
        ("001",
         'If there is less than the limit in the pool the payment is regulated as before ; '
         'but if there is more than the limit, the loo is the fixed sum agreed on.'),
    ),
    "divided=true": (
        ("000",
         'each player takes one third of the contents of the pool for each trick they have '
         'won'),
        ("003", 'Each trick taken earns that player one third of the pool.'),
    ),
    "divided=false": (
        ("000",
         'In Undivided Loo the pool is never divided and is only won by a player who wins '
         'all three tricks'),
    ),
    "revoke_penalty=looed": (
        ("000", 'in which case the offender is looed and cannot win anything from the pool.'),
    ),
    "revoke_penalty=pays-pool": (
        ("002",
         'the pool is divided among the non-offenders, and the offender pays the full amount'
         ' back to the pool.'),
    ),
    "revoke_penalty=blenheim": (
        ("001",
         'he must leave in the pool any tricks he may make, and forfeit four times the '
         'amount of a single.'),
    ),
    "revoke_penalty=burn": (
        ("000",
         'If a player reneges (fails to follow suit when able to do so) they are immediately'
         ' burned.'),
    ),
    "burn_cap": (
        ("000",
         'The payment for being burned is subject to a maximum which should be agreed in '
         'advance, for example $50.'),
    ),
    "flushes=true": (
        ("000", 'a player who holds a flush declares it and automatically wins the whole pool.'),
    ),
    "dealer_vs_one": (
        ("000",
         "A dealer who defends the pool plays with the miss (the dealer's original cards are"
         ' thrown in), but neither collects not loses any chips irrespective of the number '
         'of tricks taken.'),
    ),
    "lone_player=takes-pool": (
        ("000", 'If only one player stood there is no play and that player takes the whole pool.'),
    ),
    "club_law=true": (
        ("000",
         'Some played that when a club was turned for trumps in a double pool, the miss was '
         'shuffled back into the deck and all players were forced to stand.'),
    ),
    "forfeits=true": (
        ("001", 'A player looking at his cards before his turn forfeits a single to the pool.'),
    ),
    "flush_payout=board": (
        ("001",
         'A flush (five cards of the same suit, or four with Para) loos the board, i.e., the'
         ' holder receives the amount of a loo from every one, and the hand is not played.'),
    ),
    "simple_pool=play-all": (
        ("000",
         'When there is a simple pool the trump suit is initially unknown and players have '
         'no opportunity to drop out.'),
    ),
}
#: Parameters whose words are another's: the amount or the cap of a loo.
SAME = {"loo_amount": "loo=limited", "loo_limit": "loo=mixed"}
