"""How an update reaches the game and its effects reach the chat, once and in order.

* :mod:`bot.delivery.inbox` keeps every fetched or posted update in the SQLite file before
  Telegram may forget it, and replays what a stopped process left;
* :mod:`bot.delivery.queue` runs each chat's items one at a time, in ``update_id`` order;
* :mod:`bot.storage.unit_of_work` is what one item changes and says, staged by the handlers;
* :mod:`bot.delivery.gate` commits a unit in one transaction that begins with the ledger
  check (exactly once) and sends its messages from :mod:`bot.delivery.outbox` afterwards.
"""
