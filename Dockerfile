# syntax=docker/dockerfile:1
# The production image: one image for the web servers (the default command) and the workers
# (`node --import tsx src/server/worker.ts`). See docs/deploy.md.

# --- Build: every dependency, the compiled validators and the client bundle. ---
FROM node:20-bookworm AS build
WORKDIR /app
# npm 11 honours package.json "allowScripts" (better-sqlite3 and esbuild build at install).
RUN npm install -g npm@11
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# prebuild compiles the validators into src/generated; build writes dist/client.
RUN npm run build && npm prune --omit=dev

# --- Runtime: production dependencies only, LibreOffice for Word documents, bubblewrap and
# Ghostscript to box conversions in and clean PDFs (README "Isolation"), a non-root user. ---
FROM node:20-bookworm-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends libreoffice-writer-nogui fonts-dejavu-core \
     bubblewrap ghostscript \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/data
WORKDIR /app
# The server runs its TypeScript through tsx (a production dependency), as `npm start` does:
# no separate compile step, and the same files the tests ran.
COPY --from=build /app/package.json /app/package-lock.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/src ./src
COPY --from=build /app/dist ./dist
COPY --from=build /app/forms ./forms
COPY --from=build /app/schemas ./schemas
COPY --from=build /app/data ./data
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 8080
# Liveness only (GET /healthz touches nothing); load balancers should poll GET /readyz.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "--import", "tsx", "src/server/main.ts"]
