"""Wiring and the outside world: the application, transport, webhook, console, stand-in."""
