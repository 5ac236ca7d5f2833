"""English Wordle: the 5bukv engine on the original Wordle lists, with Wordle's own colours."""
