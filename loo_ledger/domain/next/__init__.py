"""What may happen next: who deals and who is dealt in (legal, rotation), reading a record
into a Plan (plan), and the checks of a record (checks)."""
