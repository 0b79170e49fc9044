# syntax=docker/dockerfile:1
# Frontera: the API and the built SPA in one Node.js process. See docs/deploy.md.
# Built and run by `npm run image:test` (scripts/image-test.sh, podman).

ARG NODE_IMAGE=node:24-bookworm-slim

# 1. build: every dependency, then the SPA (dist/client), its page renderer (dist/ssr) and the server bundle (dist/server)
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci
COPY . .
RUN npm run build

# 2. the packages the server bundle loads at run time (scripts/runtime-packages.json) and their
#    dependencies; the rest of the production dependencies is bundled or the browser's
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY scripts/runtime-packages.json scripts/prune-runtime-deps.ts ./scripts/
RUN npm ci --omit=dev && node scripts/prune-runtime-deps.ts && npm cache clean --force

# 3. runtime: those packages + dist + migrations, as the unprivileged `node` user
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY drizzle ./drizzle
COPY package.json ./
# DATA_DIR holds the embedded database, local files and the .eml outbox when those are not
# configured elsewhere; mount a volume here (or use DATABASE_URL, S3_BUCKET and SMTP_URL)
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# liveness: the process answers and reaches its database
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node directly (not npm) so SIGTERM reaches the app and in-flight requests finish; the setting and
# flags are npm start's (a test keeps them equal; why: src/server/test/server-process.ts, serverStart)
ENV MALLOC_ARENA_MAX=1
ENV MALLOC_MMAP_THRESHOLD_=65536
CMD ["node", "--max-semi-space-size=4", "--liftoff-only", "--optimize-for-size", "dist/server/main.js"]
