#!/usr/bin/env bash
# Proves the README on a fresh clone: `npm install && npm start` serves Cumulus, and a visitor can
# sign up, upload and download. Prints "N passed, N failed" for CI. Usage: tests/fresh-clone.sh [repo]
set -uo pipefail
repo=${1:-$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)}
port=${FRESH_PORT:-3999}
dir=$(mktemp -d)
server_pid=
passed=0
failed=0
cleanup() {
  # After a failed run, end the whole process group, or a server could outlive the run and
  # answer the next one's probes on this port.
  [[ -n $server_pid ]] && kill -- "-$server_pid" 2>/dev/null && wait "$server_pid" 2>/dev/null
  rm -rf "$dir"
}
trap cleanup EXIT
check() { # name, command...
  if "${@:2}"; then passed=$((passed + 1)); echo "ok: $1"; else failed=$((failed + 1)); echo "FAILED: $1"; fi
}

if curl -s -o /dev/null "http://127.0.0.1:$port/healthz"; then
  echo "port $port is already in use: stop that server or set FRESH_PORT"
  echo "0 passed, 1 failed"
  exit 1
fi
git clone -q "$repo" "$dir/cumulus" || { echo "0 passed, 1 failed"; exit 1; }
cd "$dir/cumulus"
check "npm install" npm install --no-audit --no-fund --loglevel=error
# Its own process group (setsid), so cleanup can stop npm and the server together.
PORT=$port DATA_DIR="$dir/data" setsid npm start > "$dir/server.log" 2>&1 &
server_pid=$!
up() { for _ in $(seq 240); do curl -sf "http://127.0.0.1:$port/healthz" >/dev/null && return 0; kill -0 "$server_pid" 2>/dev/null || return 1; sleep 1; done; return 1; }
check "npm start serves /healthz" up
base="http://127.0.0.1:$port"
jar="$dir/cookies"
check "the app page is served" bash -c "curl -sf $base/ | grep -q '<div id=\"app\">'"
check "sign up" bash -c "curl -sf -c $jar -H 'uuid: fresh' -H 'content-type: application/json' -d '{\"email\":\"fresh@example.com\",\"password\":\"secret123\"}' $base/user-service/create | grep -q fresh@example.com"
check "log in" bash -c "curl -sf -c $jar -b $jar -H 'uuid: fresh' -H 'content-type: application/json' -d '{\"email\":\"fresh@example.com\",\"password\":\"secret123\"}' $base/user-service/login | grep -q fresh@example.com"
id=$(curl -sf -b "$jar" -H 'uuid: fresh' -F filename=README.md -F parent=/ -F file=@README.md "$base/file-service/upload" | node -pe 'JSON.parse(require("fs").readFileSync(0, "utf8"))._id' 2>/dev/null)
check "upload" test -n "$id"
check "download is byte-identical" bash -c "curl -sf -b $jar $base/file-service/download/$id | cmp -s - README.md"
check "npm start printed where Cumulus runs" grep -qx "Cumulus is running at http://localhost:$port — press Ctrl+C to stop" "$dir/server.log"
# SIGTERM to npm alone (not its group) must stop the server too: nothing live may remain in the
# session setsid made for it.
stopped() {
  kill -TERM "$server_pid"
  wait "$server_pid" 2>/dev/null
  for _ in $(seq 40); do ps -o stat= -s "$server_pid" | grep -qv '^Z' || return 0; sleep 0.5; done
  return 1
}
check "SIGTERM to npm start stops the server" stopped
check "the port is closed afterwards" bash -c "! curl -s -o /dev/null $base/healthz"
[[ $failed -gt 0 ]] && tail -30 "$dir/server.log"
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
