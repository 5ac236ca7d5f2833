"""The daily puzzle: one letter-game position a day, the same for everyone, proven by the solver."""
