"""5bukv ("wordle" in the code): session, handlers, buttons, words."""
