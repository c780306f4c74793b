#!/usr/bin/env bash
# The attack suite's injection check (issue 22): Debian's sqlmap against every public route that
# reads query parameters, and every admin list and export with an admin's session, on a production
# start (`npm start`, which builds first when the sources changed) over a fresh data directory with
# the demo school. Prints the number of injection points sqlmap found (expected: 0) and exits 1 if
# there is any. A benchmark-style script, not part of CI: it takes several minutes.
#
#   SQLMAP_PORT=4307     the server's port (127.0.0.1 only)
#   SQLMAP_LEVEL=2       sqlmap's --level (1–5)      SQLMAP_RISK=1   sqlmap's --risk (1–3)
#   DATABASE_URL=…       test a PostgreSQL server instead of PGlite
set -euo pipefail

cd "$(dirname "$0")/.."
PORT="${SQLMAP_PORT:-4307}"
LEVEL="${SQLMAP_LEVEL:-2}"
RISK="${SQLMAP_RISK:-1}"
BASE="http://127.0.0.1:${PORT}"
ADMIN_EMAIL="sqlmap-admin@example.com"
ADMIN_PASSWORD="sqlmap-admin-password-1"

if ! command -v sqlmap >/dev/null; then
  echo "sqlmap is missing: installing Debian's package…"
  if [ "$(id -u)" = 0 ]; then apt-get install -y sqlmap >/dev/null; else sudo apt-get install -y sqlmap >/dev/null; fi
fi

WORK="$(mktemp -d "${TMPDIR:-/tmp}/course-site-sqlmap-XXXXXX")"
SERVER_PID=""
cleanup() {
  if [ -n "$SERVER_PID" ] && kill -0 "$SERVER_PID" 2>/dev/null; then
    kill -TERM "$SERVER_PID"
    wait "$SERVER_PID" 2>/dev/null || true
  fi
  rm -rf "$WORK"
}
trap cleanup EXIT

echo "Starting the production server on ${BASE} (building it first if its sources changed)…"
NODE_ENV=production PORT="$PORT" HOST=127.0.0.1 PUBLIC_URL="$BASE" DATA_DIR="$WORK/data" \
  SEED_DEMO=true DEMO_VIDEOS=false PAYMENTS_PROVIDER=test \
  ADMIN_EMAIL="$ADMIN_EMAIL" ADMIN_PASSWORD="$ADMIN_PASSWORD" \
  AUTH_SECRET="sqlmap-secret-sqlmap-secret-sqlmap-secret" \
  RATE_LIMIT_PER_IP_MULTIPLIER=1000 LOG_LEVEL=error \
  node scripts/start.mjs >"$WORK/server.log" 2>&1 &
SERVER_PID=$!
for _ in $(seq 1 480); do
  curl -fsS "$BASE/healthz" >/dev/null 2>&1 && break
  kill -0 "$SERVER_PID" 2>/dev/null || { cat "$WORK/server.log"; echo "the server did not start"; exit 1; }
  sleep 0.5
done
curl -fsS "$BASE/healthz" >/dev/null

# The admin's session cookie, as a browser would hold it.
curl -fsS -c "$WORK/cookies" -H "Origin: $BASE" -H "Content-Type: application/json" \
  -d "{\"email\":\"$ADMIN_EMAIL\",\"password\":\"$ADMIN_PASSWORD\"}" "$BASE/api/auth/sign-in/email" >/dev/null
# (curl's jar writes httpOnly cookies behind a "#HttpOnly_" prefix.)
COOKIE="$(sed 's/^#HttpOnly_//' "$WORK/cookies" | awk '!/^#/ && NF >= 7 { printf "%s%s=%s", sep, $6, $7; sep="; " }')"
[ -n "$COOKIE" ] || { echo "admin sign-in gave no cookie"; exit 1; }

COURSE="$(curl -fsS "$BASE/data/courses.json" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>{const j=JSON.parse(s);const list=Array.isArray(j)?j:(j.courses??[]);console.log(list[0]?.slug??"")})')"

# Every route whose loader reads query parameters, with each parameter present; `*` marks a path
# segment sqlmap should try as well.
cat >"$WORK/public.txt" <<EOF
$BASE/courses?q=shopify&level=beginner&topic=shopify&sort=newest&view=list&page=1
$BASE/courses/${COURSE}*
$BASE/blog?q=ship&tag=shopify&category=shopify&sort=newest&page=1
$BASE/blog/ship-before-you-feel-ready*
$BASE/playbooks?q=store&category=shopify&level=beginner&sort=popular
$BASE/contact?sent=1
$BASE/login?next=/courses
$BASE/newsletter/confirm?token=abc
$BASE/newsletter/unsubscribe?token=abc
$BASE/unsubscribe?email=someone%40example.com&token=abc
$BASE/certificates/abc*
EOF
cat >"$WORK/admin.txt" <<EOF
$BASE/admin/users?q=learner&role=user&sort=name&dir=asc&page=1
$BASE/admin/courses?q=shopify&page=1
$BASE/admin/blog?q=ship&page=1
$BASE/admin/orders?q=example&status=paid&page=1
$BASE/admin/coupons?q=LAUNCH&status=active&page=1
$BASE/admin/reviews?q=great&visibility=visible&page=1
$BASE/admin/quizzes?q=quiz&page=1
$BASE/admin/announcements?q=news&page=1
$BASE/admin/system?q=mail&page=1
$BASE/admin/analytics?range=30d&from=2026-01-01&to=2026-12-31
$BASE/admin/users/export.csv?q=learner&role=user
$BASE/admin/analytics/export.csv?report=revenue&range=30d&from=2026-01-01&to=2026-12-31
EOF

run_sqlmap() {
  local name="$1" targets="$2"
  shift 2
  echo "sqlmap over the ${name} routes ($(wc -l <"$targets") URLs, level ${LEVEL}, risk ${RISK})…"
  sqlmap -m "$targets" --batch --level="$LEVEL" --risk="$RISK" --dbms=PostgreSQL --threads=2 \
    --output-dir="$WORK/sqlmap-$name" --disable-coloring --skip-waf --timeout=15 --retries=1 \
    --answers="follow=N,crack=N,dict=N,extending=N" "$@" >"$WORK/sqlmap-$name.log" 2>&1 || true
  grep -E "identified the following injection point|is vulnerable|might be injectable|appears to be injectable" "$WORK/sqlmap-$name.log" || true
}

START=$(date +%s)
run_sqlmap public "$WORK/public.txt"
# The session cookie is sent but never tested (sqlmap would sign itself out).
run_sqlmap admin "$WORK/admin.txt" --cookie="$COOKIE" --skip="better-auth.session_token,better-auth.session_data"

FINDINGS=$(cat "$WORK"/sqlmap-*.log | grep -c "identified the following injection point" || true)
SUSPECTS=$(cat "$WORK"/sqlmap-*.log | grep -cE "appears to be .*injectable|might be injectable" || true)
TESTED=$(cat "$WORK"/sqlmap-*.log | grep -cE "testing (if )?(GET|URI) parameter" || true)
ERRORS=$(grep -c '" 500 ' "$WORK/server.log" || true)
echo
echo "sqlmap ${LEVEL}/${RISK}: ${TESTED} parameter tests over $(cat "$WORK"/public.txt "$WORK"/admin.txt | wc -l) URLs in $(( $(date +%s) - START )) s"
echo "injection points found: ${FINDINGS} (heuristic suspects: ${SUSPECTS})"
if [ "$FINDINGS" != 0 ]; then
  cp "$WORK"/sqlmap-*.log . 2>/dev/null || true
  exit 1
fi
