"""Wiring and the outside world: the application, transport, webhook, the console and its local Bot API."""
