"""``loo table``: the scorer's screen (Textual). Loaded only by that command."""
