"""The footer of every ``loo table`` screen: Textual's ``Footer``, built again only when
the keys it shows change.

Textual's footer builds its keys anew (a widget per key, each styled) whenever a screen
says its bindings may have changed: at every change of focus and every screen pushed or
popped, that is several times for each hand entered, though the keys shown are the same.
That was half the CPU a hand took at the table. Here it is rebuilt only when its screen
can be seen (on top, or beneath a see-through screen such as a question's) and the keys
it would show (key, words, action, enabled, tooltip) differ from the ones it shows. A
screen under an opaque one (the hand form over the scoreboard) cannot be seen: Textual
still counts the screen just beneath the top as perhaps visible, and the board's keys,
which do nothing over the hand form, would rebuild its hidden footer as each hand form
opened and again as it closed.
"""

from __future__ import annotations

from textual.screen import Screen
from textual.widgets import Footer

#: What a footer shows: each shown binding's key, words, action, enabled and tooltip.
Shown = tuple[tuple[str, str, str, bool, str], ...]


def shown_keys(screen: Screen[object]) -> Shown:
    """The keys a footer on ``screen`` shows, as Textual's footer picks them."""
    return tuple((b.key, b.description, b.action, enabled, tooltip)
                 for _, b, enabled, tooltip in screen.active_bindings.values() if b.show)


def seen(screen: Screen[object]) -> bool:
    """Whether ``screen`` can be seen: it is on top, or the screens above it are all
    see-through (Textual's background screens, which stop at an opaque screen, as the
    compositor does)."""
    if not screen.is_current:
        return False
    above = screen.app.screen_stack
    return all(s.styles.background.a < 1 for s in above[above.index(screen) + 1:])


class KeysFooter(Footer):
    """Textual's footer, rebuilt only when what it shows changes."""

    def __init__(self) -> None:
        super().__init__()
        self.shown: Shown | None = None

    def bindings_changed(self, screen: Screen[object]) -> None:
        if not seen(screen):
            return  # hidden under another screen: built when it is on top again, if need be
        keys = shown_keys(screen)
        if keys == self.shown:
            return
        if self.is_attached and screen.app.app_focus:
            self.shown = keys  # what Footer now builds (else it waits, and so does this)
        super().bindings_changed(screen)
