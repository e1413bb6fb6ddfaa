"""Cards: the pack (deck), the play of a trick (play), the judge of a whole hand's play
(judge), the rules of play, flushes found in cards, and what judged cards show (facts)."""
