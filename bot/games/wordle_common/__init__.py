"""What 5bukv and English Wordle share in the bot: the session's entries and taps, and the board
of letter buttons. Each game keeps its own folder, texts and settings and is registered once; this
package is no game (it has no game.py), only the part of them that is the same."""
