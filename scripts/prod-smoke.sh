#!/usr/bin/env bash
# The production build, proven end to end (decision 0064): builds, copies what a deployment ships
# into a temporary folder, installs it with `npm ci --omit=dev` (no tsx, no test tools), starts the
# server with plain node against a fresh PostgreSQL database, and calls /management/health,
# /management/ready, /management/metrics, public site pages and their script, the admin app and an
# admin API sign-in; then starts a worker, anchors and verifies the audit chain, and backs the database up and restores it into a second
# new database with `backup:prod` and `restore:prod` (decision 0069). Exits non-zero at the first failure.
#
#   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres scripts/prod-smoke.sh
#
# DATABASE_URL names a server where a database may be created (one is, then dropped); PORT is the
# port of the server started (default 8316); SKIP_BUILD=1 uses the current build.
# no pipefail: `grep -q` may stop reading a pipe early, and an empty answer fails the grep anyway
set -eu

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PORT=${PORT:-8316}
ADMIN_URL=${DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
DB_NAME="vellum_prod_smoke_$$"
DB_URL="${ADMIN_URL%/*}/$DB_NAME"
RESTORED_DB_URL="${ADMIN_URL%/*}/${DB_NAME}_restored"
WORK=$(mktemp -d -t vellum-prod-XXXXXX)
BASE="http://127.0.0.1:$PORT"
METRICS_TOKEN="smoke-metrics-$(openssl rand -hex 12)"
SERVER_PID=""
WORKER_PID=""

step() { printf '\n== %s\n' "$*"; }
fail() {
  printf 'FAILED: %s\n' "$*" >&2
  if [ -f "$WORK/server.log" ]; then
    tail -n 20 "$WORK/server.log" >&2
    cp "$WORK/server.log" "${TMPDIR:-/tmp}/vellum-prod-smoke-server.log"
  fi
  exit 1
}
sql() { (cd "$WORK" && node --input-type=module -e "import pg from 'pg'; const c = new pg.Client({ connectionString: process.argv[1] }); await c.connect(); await c.query(process.argv[2]); await c.end();" "$ADMIN_URL" "$1"); }
cleanup() {
  [ -n "$WORKER_PID" ] && kill "$WORKER_PID" 2>/dev/null || true
  [ -n "$SERVER_PID" ] && kill "$SERVER_PID" 2>/dev/null && wait "$SERVER_PID" 2>/dev/null || true
  [ -d "$WORK/node_modules/pg" ] && sql "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" 2>/dev/null || true
  [ -d "$WORK/node_modules/pg" ] && sql "DROP DATABASE IF EXISTS ${DB_NAME}_restored WITH (FORCE)" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT

if [ -z "${SKIP_BUILD:-}" ]; then
  step "npm run build"
  (cd "$ROOT" && npm run build)
fi
[ -f "$ROOT/apps/server/dist/main.js" ] || fail "no server build in apps/server/dist"
[ -f "$ROOT/apps/admin/dist/index.html" ] || fail "no admin build in apps/admin/dist"

step "copy what a deployment ships into $WORK"
cd "$ROOT"
# apps/server/scripts/patch-sheetjs.mjs: the server package's postinstall (decision 0061)
for f in package.json package-lock.json apps/server/package.json apps/server/scripts/patch-sheetjs.mjs apps/admin/package.json packages/contract/package.json packages/site-views/package.json; do
  mkdir -p "$WORK/$(dirname "$f")" && cp "$f" "$WORK/$f"
done
cp -r apps/server/dist "$WORK/apps/server/dist"
# the admin build the link points at, as a plain folder
cp -rL apps/admin/dist "$WORK/apps/admin/dist"
# no package sources: the site's browser scripts were built into apps/server/dist/site-scripts (decision 0046)
[ -f apps/server/dist/site-scripts/islands.json ] || fail "no site scripts in apps/server/dist/site-scripts"

step "npm ci --omit=dev"
(cd "$WORK" && npm ci --omit=dev --no-audit --no-fund --prefer-offline >"$WORK/npm-ci.log" 2>&1) || { tail -n 30 "$WORK/npm-ci.log"; fail "npm ci --omit=dev"; }
# (typescript may be there: i18next of the admin app names it as a peer)
for dev in tsx vitest drizzle-kit @biomejs/biome s3rver @playwright/test knip; do
  [ ! -e "$WORK/node_modules/$dev" ] || fail "the development package $dev was installed"
done
grep -q "Buffer.from(curbuf.subarray" "$WORK/node_modules/@e965/xlsx/xlsx.mjs" || fail "the XLS writer was not patched at install"

step "start the server with node against a fresh database ($DB_NAME)"
! curl -s -o /dev/null "$BASE/" || fail "port $PORT is already in use"
sql "CREATE DATABASE $DB_NAME"
(cd "$WORK" && NODE_ENV=production PORT=$PORT HOST=127.0.0.1 DATA_DIR="$WORK/data" DATABASE_URL="$DB_URL" \
  TOKEN_SECRET="$(openssl rand -base64 48)" SSO_SECRET_KEY="$(openssl rand -base64 32)" SEED_DEMO=true METRICS_TOKEN="$METRICS_TOKEN" \
  exec node --enable-source-maps apps/server/dist/main.js >"$WORK/server.log" 2>&1) &
SERVER_PID=$!
for _ in $(seq 1 300); do
  curl -fsS -o /dev/null "$BASE/management/health" 2>/dev/null && break
  kill -0 "$SERVER_PID" 2>/dev/null || fail "the server stopped"
  sleep 0.5
done

step "GET /management/health"
curl -fsS "$BASE/management/health" | grep -q '"status":"UP"' || fail "health"

step "GET /management/ready"
# polled, as a load balancer does: a check may time out while the start's background work (the
# migrations, the demo seed) holds the machine's cores
for _ in $(seq 1 30); do
  READY=$(curl -sS -w ' %{http_code}' "$BASE/management/ready" || true)
  case "$READY" in *'"status":"UP"'*' 200') break ;; esac
  sleep 1
done
echo "$READY"
case "$READY" in *'"status":"UP"'*' 200') ;; *) fail "ready" ;; esac

step "a public site page, and the script it links to"
SITES=$(curl -fsS "$BASE/site") || fail "GET /site"
# the first match of an attribute, its value only
first() { grep -o "$1" | sed -n '1{s/^[a-z]*="//; s/"$//; p}'; }
UNIT=$(echo "$SITES" | first 'href="/site/[a-z0-9][^"]*"')
[ -n "$UNIT" ] || fail "no unit linked from /site"
PAGE=$(curl -fsS -L "$BASE$UNIT") || fail "GET $UNIT"
echo "$PAGE" | grep -q '<html' || fail "$UNIT is not a page"
# the unit's first page asks for a country, a language and an audience; then down its pages to a
# search form, which links the site's scripts (built at npm run build, read from dist/site-scripts)
COUNTRY=$(echo "$PAGE" | grep -o '<option value="[a-z][a-z]"' | sed -n '1{s/.*value="//; s/"$//; p}')
LANGUAGE=$(echo "$PAGE" | grep -o 'value="[a-z-]*" lang="[a-zA-Z-]*" selected' | sed -n '1{s/^value="//; s/".*//; p}')
AUDIENCE=$(echo "$PAGE" | grep -o 'name="audience" checked="" value="[a-z-]*"' | sed -n '1{s/.*value="//; s/"$//; p}')
AT="$UNIT?country=$COUNTRY&language=$LANGUAGE&audience=$AUDIENCE"
PAGE=$(curl -fsS -L "$BASE$AT") || fail "GET $AT"
SCRIPT=""
for _ in 1 2 3 4 5; do
  SCRIPT=$(echo "$PAGE" | first 'src="/site/_assets/[^"]*\.js"')
  [ -n "$SCRIPT" ] && break
  NEXT=$(echo "$PAGE" | first "href=\"$UNIT/[a-z0-9][^\".?]*\"")
  [ -n "$NEXT" ] || break
  AT=$NEXT
  PAGE=$(curl -fsS -L "$BASE$AT") || fail "GET $AT"
done
[ -n "$SCRIPT" ] || fail "no page under $UNIT links the site's scripts"
curl -fsS "$BASE$SCRIPT" | grep -q . || fail "GET $SCRIPT"
echo "$UNIT, $AT and its script $SCRIPT served"
curl -fsS -o /dev/null "$BASE/site/_assets/site.css" || fail "the site's style sheet"

step "the admin app and an admin API sign-in"
curl -fsS "$BASE/" | grep -qi '<div id="root"' || fail "the admin app's index.html"
TOKEN=$(curl -fsS -H 'content-type: application/json' -d '{"username":"admin@vellum.demo","password":"Admin#2026"}' "$BASE/api/authenticate" |
  node -e 'let s="";process.stdin.on("data",(c)=>(s+=c)).on("end",()=>process.stdout.write(JSON.parse(s).id_token))') || fail "sign-in"
curl -fsS -H "authorization: Bearer $TOKEN" "$BASE/api/account" | grep -q 'admin@vellum.demo' || fail "GET /api/account"
# the release notes and known issues ship with the build (decision 0073)
curl -fsS -H "authorization: Bearer $TOKEN" "$BASE/api/jira-issues" | grep -q '"fixVersions":\[{"name":"' || fail "GET /api/jira-issues"
curl -fsS -H "authorization: Bearer $TOKEN" "$BASE/api/known-bugs" | grep -q '"key":"KB-1"' || fail "GET /api/known-bugs"

step "GET /management/metrics"
curl -s -o /dev/null -w '%{http_code}' "$BASE/management/metrics" | grep -q 404 || fail "metrics without the token"
METRICS=$(curl -fsS -H "authorization: Bearer $METRICS_TOKEN" "$BASE/management/metrics") || fail "metrics"
echo "$METRICS" | grep -q 'http_requests_total{method="POST",route="/api/authenticate",status_code="200"} 1' || fail "request metrics"
echo "$METRICS" | grep -q 'vellum_db_pool_connections{state="total"}' || fail "pool metrics"
echo "$METRICS" | grep -q 'vellum_publications{kind="PUBLISH"}' || fail "publication metrics"

step "a worker with node"
(cd "$WORK" && NODE_ENV=production DATA_DIR="$WORK/data" DATABASE_URL="$DB_URL" TOKEN_SECRET="$(openssl rand -base64 48)" SSO_SECRET_KEY="$(openssl rand -base64 32)" \
  exec node apps/server/dist/worker.js >"$WORK/worker.log" 2>&1) &
WORKER_PID=$!
for _ in $(seq 1 120); do
  grep -qs 'worker on the PostgreSQL queue' "$WORK/worker.log" && break
  kill -0 "$WORKER_PID" 2>/dev/null || { cat "$WORK/worker.log"; fail "the worker stopped"; }
  sleep 0.5
done
grep -q 'worker on the PostgreSQL queue' "$WORK/worker.log" || fail "the worker did not start"
kill "$WORKER_PID" && wait "$WORKER_PID" 2>/dev/null || true
WORKER_PID=""

step "audit:anchor:prod, then audit:verify:prod compares with the anchor"
(cd "$WORK" && DATABASE_URL="$DB_URL" DATA_DIR="$WORK/data" npm run -s audit:anchor:prod) | grep -q '"msg":"audit chain anchored"' || fail "audit:anchor:prod"
[ -f "$WORK/data/files/audit-anchors/1/latest.json" ] || fail "no anchor in storage"
(cd "$WORK" && DATABASE_URL="$DB_URL" DATA_DIR="$WORK/data" npm run -s audit:verify:prod) | grep -q 'matches the anchor' || fail "audit:verify:prod"

step "backup:prod of the running server's database, restore:prod into a new one"
(cd "$WORK" && DATABASE_URL="$DB_URL" DATA_DIR="$WORK/data" npm run -s backup:prod -- "$WORK/backups") || fail "backup:prod"
sql "CREATE DATABASE ${DB_NAME}_restored"
(cd "$WORK" && DATABASE_URL="$RESTORED_DB_URL" DATA_DIR="$WORK/restored" npm run -s restore:prod -- "$WORK"/backups/vellum-backup-*) || fail "restore:prod"

printf '\nThe production build runs with node after npm ci --omit=dev.\n'
