# Umpire's container: slim Python, the DejaVu fonts for the maps, pg_dump for backups, a non-root user,
# a data volume, `umpire bot`. The install lines are deploy/install.sh's, the script CI runs
# (make wheel-check), so this recipe installs exactly what is tested.
#
#   docker build -t umpire .
#   docker run -d --name umpire --env-file .env -v umpire-data:/data umpire
#
# See docs/operations.md (compose with Postgres: deploy/compose.yaml).

FROM python:3.11-slim AS wheel
WORKDIR /src
COPY pyproject.toml README.md ./
COPY bot bot
COPY cogs cogs
COPY engine engine
COPY images images
RUN python -m pip wheel --quiet --no-deps -w /dist .

FROM python:3.11-slim
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core fonts-dejavu-extra postgresql-client \
    && rm -rf /var/lib/apt/lists/*
COPY deploy/install.sh /tmp/umpire/deploy/install.sh
COPY requirements-runtime.lock requirements.lock /tmp/umpire/
COPY --from=wheel /dist /tmp/umpire/dist
ARG UMPIRE_EXTRAS=metrics
RUN UMPIRE_EXTRAS="$UMPIRE_EXTRAS" /tmp/umpire/deploy/install.sh /opt/umpire /tmp/umpire/dist/umpire-*.whl \
    && rm -rf /tmp/umpire \
    && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin umpire \
    && mkdir -p /data && chown umpire /data

ENV PATH=/opt/umpire/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    UMPIRE_DATA_DIR=/data \
    UMPIRE_ENV_FILE=none \
    UMPIRE_HEARTBEAT_FILE=/data/heartbeat \
    UMPIRE_LOG_FORMAT=json
VOLUME ["/data"]
USER umpire
WORKDIR /data
# the heartbeat file is touched every 15 s while the bot is connected and its database answers
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 CMD ["umpire", "health"]
STOPSIGNAL SIGTERM
CMD ["umpire", "bot"]
