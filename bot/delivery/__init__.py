"""How an update reaches the game and its effects reach the chat, once and in order.

* :mod:`bot.delivery.runtime` builds it all in one place (:class:`~bot.delivery.runtime.ChatRuntime`)
  and runs each item: the handlers stage a unit, which commits in one transaction that begins
  with the ledger check (exactly once);
* :mod:`bot.delivery.inbox` keeps every fetched or posted update before Telegram may forget it,
  and replays what a stopped process left (:mod:`bot.delivery.claims`: several processes on one
  database share it);
* :mod:`bot.delivery.queue` runs each chat's items one at a time, in ``update_id`` order;
* :mod:`bot.storage.unit_of_work` is what one item changes and says, staged by the handlers;
* :mod:`bot.delivery.outbox` commits a unit's messages with it and sends them afterwards;
* :mod:`bot.delivery.timers` keeps every game's deadlines and fires them into the chat's line;
* :mod:`bot.delivery.events` are the bot's own items (timers, receipts, retries).
"""
