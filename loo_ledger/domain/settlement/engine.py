"""validate and settle: a hand record, the table state and the variant in; problems,
or chip movements with a reason each and the next table state, out.

Both are answered by one generator (:func:`attempt`): it yields every problem of the
record and, when there are none, leaves the settlement in the list it is given. So
``validate`` (every problem), :func:`first_problem` (is the record sound?) and ``settle``
(the settlement, or every problem raised) are one piece of code, and ``validate`` is empty
exactly when ``settle`` succeeds. (The settlement is left in a list rather than returned
by the generator: a generator's return value travels in a ``StopIteration``,
which costs more than the rest of a sound hand's checks.)

The record is read into a plan (next/plan.py :class:`Plan`: who is dealt in, the kind of deal,
what the words mean, the antes), remembered per variant (domain/settlement/compiled.py) or worked
out; the rest of the record is checked against it (checks.py), and the hand is settled
from it into a :class:`Book`. A settlement that does not conserve chips is a bug, raised
as :class:`ConservationError` (a LooError, so it survives ``python -O``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING

from msgspec.structs import replace

from loo_ledger.domain.next.checks import (
    check_record,
    exchanges_sound,
    plain,
    resolve,
    revokers,
    tricks_sound,
)
from loo_ledger.domain.next.plan import (
    ALL_FOLD,
    ALL_PASS,
    LONE,
    PLAYED,
    RENEGE,
    Plan,
    analyse,
    name_problems,
    names_dealt,
)
from loo_ledger.domain.rules.chips import MAX_CHIPS, beyond_limit
from loo_ledger.domain.rules.codes import (
    PRE_PLAY,
    Game,
    Resolution,
    RevokePenalty,
)
from loo_ledger.domain.rules.model import HandRecord, Settlement, TableState
from loo_ledger.domain.rules.variants import Variant
from loo_ledger.domain.settlement import wording
from loo_ledger.domain.settlement.book import Book, ConservationError
from loo_ledger.domain.settlement.lou import settle_lou
from loo_ledger.domain.settlement.rulings import apply_ruling, deltas_problems
from loo_ledger.domain.settlement.tricks import settle_flush, settle_pays_pool, settle_tricks
from loo_ledger.errors import HandRejected, Problem
from loo_ledger.problem import ProblemCode

# The members the engine reads for every hand, read from their classes once (an
# enum member read from its class costs some 0.4 µs on Python 3.11).
_GAME_LOU = Game.LOU
_RES_FLUSH = Resolution.FLUSH
_REVOKE_PAYS_POOL = RevokePenalty.PAYS_POOL


if TYPE_CHECKING:
    from loo_ledger.domain.cards.reading import Judged

# Problems after which the rest of the record cannot be read sensibly.
_UNREADABLE = {"CANNOT_DEAL", "MISSING_DECLARATION"}


def validate(record: HandRecord, state: TableState, v: Variant) -> list[Problem]:
    """Every problem of ``record`` at a table in ``state`` playing ``v`` (empty if valid)."""
    return list(attempt(record, state, v, []))


def first_problem(record: HandRecord, state: TableState, v: Variant) -> Problem | None:
    """The first problem of ``record``, or None if it is sound."""
    return next(attempt(record, state, v, []), None)


def settle(record: HandRecord, state: TableState, v: Variant) -> Settlement:
    """The settlement of a valid hand; raises HandRejected listing every problem (a hand
    that passes the chips limit, :func:`beyond_limit`, with its own words)."""
    settled: list[Settlement] = []
    problems = list(attempt(record, state, v, settled))
    if problems or not settled:
        if problems and all(p.code == ProblemCode.CHIPS_LIMIT for p in problems):
            raise HandRejected(f"hand {state.hand_no} cannot be recorded: it passes the limit "
                               f"of {MAX_CHIPS:,} chips", problems)
        raise HandRejected(f"hand {state.hand_no} is impossible under these rules", problems)
    return settled[0]


def attempt(record: HandRecord, state: TableState, v: Variant,
            settled: list[Settlement]) -> Iterator[Problem]:
    """One record's attempt at settlement (see the module): yield every problem of the
    record; once read to the end with none, the hand settled is appended to ``settled``.

    The problems come in one order: the reading's (the dealer, the names, the words), the
    cards', the record's checks (checks.py), the table's figures, the chips limit. A
    plain record (words, tricks, exchanges and deltas only: checks.plain) read by a
    remembered plan and with sound tricks and exchanges has none before it is settled: the
    plan vouches for its dealer and its words (compiled.py), its tricks and exchanges name
    players in play, so only its deltas may name someone not dealt in, which they do only
    if they differ from the settlement's; its names are read there
    (:func:`plan.names_dealt`), before any other problem."""
    n = state.hand_no
    plan = v.compiled.plan(record, state)
    named = True  # the record's names read (when they are not, nothing has been yielded)
    if plan is not None and plain(record):
        resolution = resolve(record, v, plan, plan.shape)
        named = not (tricks_sound(record, v, plan, resolution)
                     and (not record.exchanges or exchanges_sound(record, v, plan, resolution)))
    judged: Judged | None = None
    if named or plan is None:
        read: list[tuple[HandRecord, Resolution, Judged | None, Plan]] = []
        yield from _read(record, state, v, plan, read)
        if not read:
            return
        record, resolution, judged, plan = read[0]
    result, bound = _settle(record, state, v, plan, resolution, judged)
    if record.deltas is not None and (record.table_ruling or record.deltas != result.deltas):
        if not named and not names_dealt(record, plan.dealt_set):
            yield from name_problems(record, state, plan.dealt_set, n)
            return
        problems = deltas_problems(record, result)
        if not problems:
            result, problems = apply_ruling(record, result, v)
            _check_conserved(result)
            bound = MAX_CHIPS + 1  # the table's figures: the book bounds them no more
        if problems:
            yield from problems
            return
    if bound > MAX_CHIPS:  # (else no change nor pool can pass it: Book.moved)
        problems = beyond_limit(result)
        if problems:
            yield from problems
            return
    if judged is not None:
        from loo_ledger.domain.cards.facts import card_facts  # noqa: PLC0415 (the cards read: only for a hand recorded with its cards)
        result = replace(result, cards=card_facts(judged.record, judged.result,
                                                  judged.rules))
    settled.append(result)


def _read(record: HandRecord, state: TableState, v: Variant, plan: Plan | None,
          read: list[tuple[HandRecord, Resolution, Judged | None, Plan]]) -> Iterator[Problem]:
    """Every problem of the record before it is settled, in order; when there is none,
    what it is settled from is appended to ``read``: the record (with what its cards
    show), its resolution, its cards judged and its plan (worked out if ``plan`` is None,
    a reading with a problem)."""
    n = state.hand_no
    readable = True
    bad = False
    if plan is None:  # a reading with a problem: worked out in full, for its problems
        deal = analyse(record, state, v)
        found: list[Problem] = deal.problems
        readable = not any(p.code in _UNREADABLE for p in found)
        plan = deal.plan(state.seats, v)
        bad = bool(found)
        yield from found
    elif not names_dealt(record, plan.dealt_set):  # (the plan's key vouches for the
        # record's dealer and words, compiled.py: no hand_problems, no names of the words)
        for problem in name_problems(record, state, plan.dealt_set, n):
            bad = True
            yield problem
    resolution = plan.resolution
    judged: Judged | None = None
    untold = False  # the cards' problems hide the counts their tricks show: no TRICKS_SUM
    if readable:
        if record.cards is not None:  # the card modules are loaded for hands with cards
            played = bool(record.cards.tricks)
            record, judged, more = _read_cards(record, v, plan)
            for problem in _numbered(more, n):
                bad = True
                yield problem
            untold = judged is None and played and record.tricks is None
        resolution = resolve(record, v, plan, plan.shape)
        if judged is not None:
            from loo_ledger.domain.cards.reading import apply_tricks  # noqa: PLC0415 (the cards read: only for a hand recorded with its cards)
            record, more = apply_tricks(record, judged, plan, v, resolution)
            for problem in _numbered(more, n):
                bad = True
                yield problem
        for problem in check_record(record, v, plan, plan.shape, resolution):
            if untold and problem.code == ProblemCode.TRICKS_SUM:
                continue
            bad = True
            yield replace(problem, hand=n)
    if record.table_ruling and record.deltas is None:
        bad = True
        yield Problem(code="TABLE_RULING_WITHOUT_DELTAS", hand=n,
                      message="a table ruling needs the table's own figures (deltas)")
    if not bad:
        read.append((record, resolution, judged, plan))


def _numbered(problems: Iterable[Problem], n: int) -> Iterator[Problem]:
    """The problems of hand ``n``, each naming it (the checks name no hand)."""
    for p in problems:
        yield p if p.hand == n else replace(p, hand=n)


def _read_cards(record: HandRecord, v: Variant,
                plan: Plan) -> tuple[HandRecord, Judged | None, list[Problem]]:
    """The record's cards judged (issues 12, 21): the record with what the cards show added
    (revokes, flushes and their cards, the Pam holder, exchanges), the judgement, and the
    problems of the cards."""
    from loo_ledger.domain.cards.reading import apply_breaches, apply_facts, read_cards  # noqa: PLC0415 (the cards read: only for a hand recorded with its cards)
    judged, problems = read_cards(record, v, plan)
    if problems:
        return record, None, problems
    record = apply_breaches(record, judged)
    record, problems = apply_facts(record, judged, plan, v)
    return record, judged, problems


def _check_conserved(s: Settlement) -> None:
    """After a table ruling (the book checks its own sums, :meth:`Book.finish`): the deltas
    and the pool's change sum to zero, every change is a dealt player's, the pool is never
    negative and the next state carries it."""
    wrong = []
    if sum(s.deltas.values()) + s.pool_after - s.pool_in != 0:
        wrong.append(f"deltas {dict(s.deltas)} and the pool {s.pool_in} -> {s.pool_after}")
    if len(s.deltas) != len(s.dealt):
        wrong.append(f"deltas {dict(s.deltas)} for the players dealt in {s.dealt}")
    if s.pool_after < 0 or s.next_state.pool != s.pool_after:
        wrong.append(f"pool {s.pool_in} -> {s.pool_after} (next state {s.next_state.pool})")
    if wrong:
        raise ConservationError(f"hand {s.hand_no}: chips not conserved: " + "; ".join(wrong))


def _settle(record: HandRecord, state: TableState, v: Variant, plan: Plan,
            resolution: Resolution, judged: Judged | None = None) -> tuple[Settlement, int]:
    """The settlement of a sound record from its plan, and its book's bound on the chips
    it leaves anyone (the pool before and the chips moved: ``Book.moved``)."""
    forfeits = tuple((pen.player, None, v.single_stake, pen.kind) for pen in record.penalties
                     if pen.kind in PRE_PLAY) if record.penalties else ()
    book = Book(state, plan, v, resolution, {**record.tricks} if record.tricks else {},
                forfeits)  # opened: P and L (only chips paid into the pool have moved yet)
    ways = book.ways
    if judged is not None:
        for breach in judged.result.breaches:
            book.note(wording.breach_note(breach.message, bool(record.table_ruling)))
    offenders = revokers(record, plan) if record.penalties else []
    if v.game == _GAME_LOU:
        return settle_lou(book.tricks, offenders, book), state.pool + book.moved
    if resolution in (ALL_PASS, LONE) and plan.taker is not None:
        if resolution == ALL_PASS:
            book.take_whole(plan.taker, ways.all_passed)
        else:
            book.take_whole(plan.taker, ways.alone_miss if plan.miss_dealt else ways.alone)
    elif resolution == _RES_FLUSH:
        settle_flush(record, book)
    elif offenders and v.revoke_penalty == _REVOKE_PAYS_POOL:
        settle_pays_pool(offenders, book)
    else:
        settle_tricks(book.tricks, offenders, book)
    return book.finish(next_dealer=plan.next_dealer), state.pool + book.moved


__all__ = ["validate", "settle", "first_problem", "attempt", "ConservationError",
           "PLAYED", "ALL_FOLD", "RENEGE"]
