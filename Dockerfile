# Multi-stage build: compile in the Rust image, run in a small Debian image.
FROM rust:1.95-slim-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY src ./src
COPY benches ./benches
COPY tests ./tests
COPY assets ./assets
COPY locales ./locales
# No debug info in the image (the release profile keeps some for profiling).
RUN CARGO_PROFILE_RELEASE_DEBUG=0 CARGO_PROFILE_RELEASE_STRIP=true cargo build --release --locked --bin meeplebot

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --home /app meeple \
 && mkdir /data && chown meeple /data
WORKDIR /app
COPY --from=build /src/target/release/meeplebot /usr/local/bin/meeplebot
COPY tiles ./tiles
COPY config.example.toml ./config.toml
# The sled database lives here; mount a volume to keep games across containers.
VOLUME /data
ENV MEEPLEBOT_DATA_DIR=/data
USER meeple
# The web board, when MEEPLEBOT_WEB_LISTEN=0.0.0.0:8080 (and MEEPLEBOT_WEB_PUBLIC_URL, the address
# players open) are set: docker run -p 8080:8080 ...
EXPOSE 8080
# The token comes from the environment: docker run -e DISCORD_TOKEN=... -v meeple-data:/data meeplebot
CMD ["meeplebot", "run", "--config", "/app/config.toml"]
