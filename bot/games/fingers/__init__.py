"""The finger game (Chopsticks) against the bot: session, handlers, buttons, words."""
