"""The Telegram bot: the letter game, /hint and the 5bukv helper in private chats."""
