# tiermem API image: `docker compose up` runs it against PostgreSQL 16 (see docker-compose.yml);
# on its own it serves on SQLite in the /data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /src
COPY pyproject.toml README.md ./
COPY runtime ./runtime
COPY longterm ./longterm
COPY policy ./policy
COPY api ./api
RUN pip install . \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin tiermem \
    && mkdir -p /data && chown tiermem /data

USER tiermem
WORKDIR /data
ENV TIERMEM_DATABASE_URL=sqlite:////data/tiermem.db
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=3)"]
CMD ["tiermem", "serve", "--host", "0.0.0.0", "--port", "8000"]
