# Bukvoed: the Telegram bot. Settings come from the environment (docker-compose reads .env).
FROM python:3.12-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    DATABASE_PATH=/data/bukvoed.sqlite3

WORKDIR /app
# A font with Cyrillic letters for the reviews' pictures (Pillow draws them; python:slim has none).
RUN apt-get update && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml README.md requirements.lock ./
# Exactly the locked versions, every file checked against its hash (make lock writes the file).
RUN pip install --no-compile --require-hashes --no-deps -r requirements.lock
# The word lists live in data/; solver/data links to it, so a plain install carries them.
COPY data ./data
COPY solver ./solver
COPY bot ./bot
# The gettext catalogues compiled (bot/core/i18n.py reads a .mo in milliseconds, a .po in 50 ms).
RUN pybabel compile --use-fuzzy -d bot/core/locale -D messages
RUN pip install --no-compile --no-deps . \
    && useradd --create-home --uid 10001 bukvoed \
    && mkdir -p /data && chown bukvoed /data

USER bukvoed
VOLUME ["/data"]
CMD ["python", "-m", "bot"]
