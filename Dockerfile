# syntax=docker/dockerfile:1
# Notewise: build once, run the built server as an unprivileged user. The embedded default keeps its
# data in the /data volume; with DATABASE_URL (and REDIS_URL) it is one of several instances.
# apps/server/test/dockerfile.test.ts runs these same commands (no container engine in CI).

FROM node:24-bookworm-slim AS build
# Compilers for a native module without a prebuilt binary for the platform (better-sqlite3 and sharp
# ship them for x64 and arm64, so usually nothing compiles).
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
COPY packages/editor/package.json packages/editor/
RUN npm ci
COPY . .
RUN npm run build
RUN npm prune --omit=dev

FROM node:24-bookworm-slim AS runtime
# pg_dump and pg_restore for `npm run admin -- backup|restore` on PostgreSQL. The client must be at
# least the server's major version (compose runs PostgreSQL 16, bookworm ships 15), so it comes from
# the PostgreSQL project's apt repository, whose key postgresql-common carries.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ca-certificates postgresql-common \
  && /usr/share/postgresql-common/pgdg/apt.postgresql.org.sh -y \
  && apt-get install -y --no-install-recommends postgresql-client-16 \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
# `npm start`, `npm run admin` and `npm run migrate` go through this script.
COPY --from=build /app/scripts/run-built.mjs ./scripts/run-built.mjs
COPY --from=build /app/scripts/build-freshness.mjs ./scripts/build-freshness.mjs
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/packages ./packages
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/web/dist ./apps/web/dist
# The server's render of All Notes into the page (decision 097).
COPY --from=build /app/apps/web/dist-ssr ./apps/web/dist-ssr
# The data folder belongs to the unprivileged user; the server keeps it 0700. Scheduled backups
# (BACKUP_CRON) go to /data/backups unless BACKUP_DIR names another mounted folder.
RUN mkdir -p /data && chown node:node /data && chmod 700 /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# `serve` execs node in place of the shell, and npm passes SIGTERM on: `docker stop` shuts down cleanly.
CMD ["npm", "run", "serve"]
