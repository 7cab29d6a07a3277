# The services of the full stack, one target each: docker-compose.yml builds command-api, projector
# and query-api from here (`docker compose build`). They share one build and one runtime set-up, so
# the dependencies are installed and the web app is built once for all three.
FROM node:20-bookworm-slim AS build
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY domain/package.json domain/
COPY domain/infrastructure/package.json domain/infrastructure/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY query-api/package.json query-api/
COPY web/package.json web/
COPY tests/package.json tests/
RUN npm ci --no-audit --no-fund
COPY . .
# query-api serves the web app from web/dist; every service runs as built JavaScript (*/dist).
RUN npm run build


FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
# The services run as node, which cannot write under /app: DATA_DIR is a folder of its own, kept
# on a volume (docker-compose.yml), that a new volume takes its owner from.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
ENV DATA_DIR=/data
VOLUME /data
USER node


FROM runtime AS command-api
CMD ["node", "--enable-source-maps", "command-api/dist/server.js"]

FROM runtime AS projector
CMD ["node", "--enable-source-maps", "projector/dist/server.js"]

# Last, so a plain `docker build .` gives the service that answers browsers.
FROM runtime AS query-api
CMD ["node", "--enable-source-maps", "query-api/dist/server.js"]
