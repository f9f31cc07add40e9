# zeitkonto's container image (README "Run in production"; deploy/compose.yaml runs it with PostgreSQL and Redis).
# Build: docker build -t zeitkonto .   (podman build works the same.) NODE_IMAGE is any Debian-based image with
# Node.js 24 (or 22 from 22.16) and npm; scripts/container-smoke.sh builds one from Debian packages and the npm
# registry where no image registry is reachable.
ARG NODE_IMAGE=docker.io/library/node:24-bookworm-slim

# Build: the production install (npm ci --omit=dev) compiles the server and the web app (scripts/prepare.mjs).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY . .
RUN npm ci --omit=dev --no-audit --no-fund \
 && rm -rf src web/src clients/typescript/src test bench reliability docs /root/.npm

# Run: non-root, read-only root filesystem (compose sets read_only; only /data and /tmp are written).
FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATABASE_URL=file:/data/zeitkonto.db
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown 1000:1000 /data
USER 1000:1000
VOLUME /data
EXPOSE 3000
# zeitkonto serve runs Node with its memory flags itself (bin/zeitkonto.js) and forwards SIGTERM to the server.
HEALTHCHECK --interval=30s --timeout=10s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
ENTRYPOINT ["node", "bin/zeitkonto.js"]
CMD ["serve"]
