# Sourced by .ci/run (and by a developer on a machine whose Node is older than 24):
#   source .ci/node24.sh
# Node 24 LTS is the runtime of record. When the Node on PATH is older, this installs Node 24 from
# the npm registry's `node` package (it carries the binary and the headers) into a cache folder,
# puts it first on PATH and points native addon builds (better-sqlite3, argon2) at its headers:
# without npm_config_nodedir, node-gyp would compile them against the machine's older Node.
node_cache="${NODE24_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/admission-node24}"
node_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$node_major" -lt 24 ]; then
  if [ ! -x "$node_cache/node_modules/.bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo none) is older than 24: installing node@24 into $node_cache"
    npm install --silent --no-save --prefix "$node_cache" node@24 >/dev/null
  fi
  export PATH="$node_cache/node_modules/.bin:$PATH"
  export npm_config_nodedir="$node_cache/node_modules/node/node_modules/node-$(node -p 'process.platform + "-" + process.arch')"
fi
unset node_cache node_major
