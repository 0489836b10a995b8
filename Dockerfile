# syntax=docker/dockerfile:1
# Lokaler's image: one process serving the portal (/), the admin app (/admin/) and the API (/api).
#   docker build -t lokaler .
#   docker run --init -p 3000:3000 --env-file .env lokaler      (or: docker compose up, compose.yaml)
# The runtime stage holds only what scripts/runtime-tree.mjs assembles: the built server, its
# migrations, the SPAs without source maps, the server's production dependencies exactly as
# package-lock.json pins them, and their CycloneDX SBOM (/app/sbom.cdx.json). The artifact test
# (apps/server/test/artifact) builds and starts that same tree, as CI cannot pull base images.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
# The manifests first: the dependency layer is rebuilt only when they change. Every workspace of the
# root package.json is listed (npm ci checks the lock against each): a new workspace needs its line.
COPY package.json package-lock.json ./
COPY packages/domain/package.json packages/domain/
COPY packages/api-client/package.json packages/api-client/
COPY packages/ui/package.json packages/ui/
COPY apps/server/package.json apps/server/
COPY apps/portal/package.json apps/portal/
COPY apps/admin/package.json apps/admin/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
COPY . .
# The runtime tree's own npm ci finds every package in the cache the first install filled.
RUN --mount=type=cache,target=/root/.npm npm run build && node scripts/runtime-tree.mjs /runtime

FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/app/data
WORKDIR /app
# Owned by root and only readable for the process: it cannot change its own code. DATA_DIR is its
# only writable folder (PGlite and the local mail writer, both for demos only; PostgreSQL in production).
COPY --from=build /runtime /app
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# Readiness, as a load balancer sees it: 503 while the database does not answer or the process drains.
# The slim image has no curl: Node's fetch.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server handles SIGTERM itself (drain, finish jobs, close the pool); run it with `--init`
# (compose: init: true) so a PID 1 that reaps any child process sits above it, and give it time to
# drain (`docker stop -t 30`; compose: stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
