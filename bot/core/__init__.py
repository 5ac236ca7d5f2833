"""What every game shares: the game record, the handler context, sessions, texts, keyboards."""
