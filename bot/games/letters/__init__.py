"""The private letter game, and English Ghost: session, handlers, buttons, words."""
