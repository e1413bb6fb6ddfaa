"""Settlement: the one engine (engine), the book, tricks, Lou, flushes, table rulings, the
replay of a session (session), and every reason's words (wording)."""
