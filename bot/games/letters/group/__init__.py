"""The letter game in a group chat: session, handlers, buttons, words."""
