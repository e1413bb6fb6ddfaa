"""What a settlement says besides the chips: deal kind, words, loos, the whole pool."""

from loo_ledger.domain import HandRecord, opening_state, settle, variant

SEATS = ("A", "B", "C", "D", "E")


def test_a_simple_pool_is_forced_and_the_looed_pay_the_limited_loo():
    # Simple pool: E antes 9, everyone plays; D and E take no trick and pay 9 each.
    s = settle(HandRecord(tricks={"A": 1, "B": 1, "C": 1}), opening_state(SEATS, "E"),
               variant("three-card"))
    assert s.kind == "forced" and s.words == dict.fromkeys(SEATS, "stand")
    assert s.loos == {"D": 9, "E": 9} and s.whole is None


def test_fold_reads_as_pass_and_the_dealer_takes_the_whole_pool_when_all_pass():
    # Double pool of 18 + 9 = 27; everyone else passes: E takes all 27.
    record = HandRecord(declarations={"A": "fold", "B": "pass", "C": "pass", "D": "pass",
                                      "E": "pass"})
    s = settle(record, opening_state(SEATS, "E", 18), variant("three-card"))
    assert s.kind == "declared" and s.words["A"] == "pass"
    assert s.whole == "E" and s.loos == {}


def test_unlimited_loo_and_all_three_tricks():
    # 27 carried + 9 = 36; A takes all three tricks (the whole 36); B is looed for P = 36.
    record = HandRecord(declarations={"A": "stand", "B": "stand", "C": "pass", "D": "pass",
                                      "E": "pass"}, tricks={"A": 3, "B": 0})
    s = settle(record, opening_state(SEATS, "E", 27), variant("three-card", {"loo": "unlimited"}))
    assert s.whole == "A" and s.loos == {"B": 36} and s.deltas["A"] == 36
