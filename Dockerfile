# syntax=docker/dockerfile:1
# The production image (decision 0064): the build stage compiles the admin app and the server, the
# final stage installs the runtime dependencies only (npm ci --omit=dev) and runs plain node as a
# non-root user. Configuration comes from the environment (README, "Production").
#   docker build -t vellum .
#   docker run -e DATABASE_URL=… -e TOKEN_SECRET=… -e SSO_SECRET_KEY=… -e STORAGE_URL=… -p 8080:8080 vellum
#   docker run … vellum node apps/server/dist/worker.js      # a worker

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/server/scripts/patch-sheetjs.mjs apps/server/scripts/
COPY apps/admin/package.json apps/admin/
COPY packages/contract/package.json packages/contract/
COPY packages/site-views/package.json packages/site-views/
RUN PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
COPY . .
# the admin build as a plain folder (apps/admin/dist is a link into builds/)
RUN npm run build && cp -rL apps/admin/dist /tmp/admin-dist

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 DATA_DIR=/data
WORKDIR /app
# pg_dump for `npm run backup:prod` (decision 0069). Untested here: no Docker daemon was available
# where this line was written; the Debian package's pg_dump must be as new as the database server.
RUN apt-get update && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
# the server package's postinstall patches two lines of the XLS writer (decision 0061)
COPY apps/server/scripts/patch-sheetjs.mjs apps/server/scripts/
COPY apps/admin/package.json apps/admin/
COPY packages/contract/package.json packages/contract/
COPY packages/site-views/package.json packages/site-views/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# the server, with the site's browser scripts built into dist/site-scripts (decision 0046): no sources
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /tmp/admin-dist apps/admin/dist
# DATA_DIR (the mail outbox; files when STORAGE_URL is unset) and the admin folder (a running
# server marks the build it serves) are the only places written
RUN mkdir -p /data && chown node:node /data apps/admin
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/management/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
