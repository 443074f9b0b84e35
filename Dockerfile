# syntax=docker/dockerfile:1
# The production image: one image for the web servers (the default command) and the workers
# (`node dist/server/worker.js`). See docs/deploy.md.

# --- Build: every dependency, the compiled validators, the client bundle and the server bundle. ---
FROM node:24-bookworm-slim AS build
# A compiler, for a native addon whose prebuilt binary cannot be downloaded (better-sqlite3).
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Node 24's npm 11 honours package.json "allowScripts" (better-sqlite3 and esbuild build at install).
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The id the client's error reports carry (.git is not sent to the build): pass
# --build-arg BUILD_ID=$(git rev-parse --short HEAD); without it the build's time is used.
ARG BUILD_ID=""
# prebuild compiles the validators into src/generated; build writes dist/client (the browser's
# bundle) and dist/server, dist/scripts (the server, worker and operators' scripts as plain
# JavaScript: scripts/build-server.ts); the development tools are then pruned.
RUN npm run build && npm prune --omit=dev

# --- Runtime: production dependencies only, LibreOffice for Word documents, bubblewrap and
# Ghostscript to box conversions in and clean PDFs (README "Isolation"), a non-root user. ---
FROM node:24-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends libreoffice-writer-nogui fonts-dejavu-core \
     bubblewrap ghostscript \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# Plain JavaScript from dist/ (no TypeScript at run time): the server, the worker and the
# operators' scripts (`npm run migrate`, `npm run service-link`… run them through
# scripts/run-built.mjs). forms/, schemas/ and data/ are read at start.
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/forms ./forms
COPY --from=build /app/schemas ./schemas
COPY --from=build /app/data ./data
COPY --from=build /app/scripts/run-built.mjs ./scripts/run-built.mjs
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# Liveness only (GET /healthz touches nothing); load balancers should poll GET /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
