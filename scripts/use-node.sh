# Source it (bash or zsh): `source scripts/use-node.sh` puts a Node that Vigil supports first on this
# shell's PATH. It keeps the machine's Node when it meets package.json's `engines` (>=22.12); otherwise it
# installs Node 22 from the npm registry (the `node` package ships the binary) into .tools/node-22, once.
# `source scripts/use-node.sh 24` does the same for another release line (to run the suite on Node 24).
# Sourced, so it never exits or sets shell options: a failure returns non-zero and leaves PATH alone.

vigil_use_node() {
  local root major wanted dir
  root="$(cd "$(dirname "$1")/.." && pwd)" || return 1
  major="$2"
  # The lowest supported version, read from the one place that states it.
  wanted="$(sed -n 's/^ *"node": *">=\([0-9.]*\)".*/\1/p' "$root/package.json" | head -n 1)"
  [ -n "$wanted" ] || { echo "use-node: no engines.node in $root/package.json" >&2; return 1; }
  [ -n "$major" ] || major="${wanted%%.*}"

  if vigil_node_fits "$(command -v node)" "$wanted" "$2"; then return 0; fi

  dir="$root/.tools/node-$major"
  if ! vigil_node_fits "$dir/node_modules/node/bin/node" "$wanted" "$major"; then
    command -v npm >/dev/null 2>&1 || {
      echo "use-node: npm is needed to install Node $major; install Node.js $wanted+ (it includes npm)" >&2
      return 1
    }
    echo "use-node: installing Node $major from the npm registry into .tools/node-$major" >&2
    mkdir -p "$dir" || return 1
    # The `node` package fetches the binary in an install script, which npm runs only when allowed.
    printf '{ "private": true, "allowScripts": { "node": true } }\n' >"$dir/package.json"
    npm install --prefix "$dir" --no-audit --no-fund --no-save --no-package-lock --loglevel=error "node@$major" >&2 ||
      return 1
    vigil_node_fits "$dir/node_modules/node/bin/node" "$wanted" "$major" || {
      echo "use-node: the installed Node does not run" >&2
      return 1
    }
  fi
  PATH="$dir/node_modules/node/bin:$PATH"
  export PATH
  hash -r 2>/dev/null
  echo "use-node: using Node $("$dir/node_modules/node/bin/node" -v) from .tools/node-$major" >&2
}

# vigil_node_fits BINARY WANTED [MAJOR]: true when the binary runs, is at least WANTED, and is on MAJOR if given.
vigil_node_fits() {
  [ -n "$1" ] && [ -x "$1" ] || return 1
  "$1" -e '
    const [have, wanted, line] = [process.versions.node, process.argv[1], process.argv[2]];
    const parts = (v) => v.split(".").map(Number);
    const [h, w] = [parts(have), parts(wanted)];
    const atLeast = h[0] !== w[0] ? h[0] > w[0] : h[1] !== w[1] ? h[1] > w[1] : (h[2] ?? 0) >= (w[2] ?? 0);
    process.exit(atLeast && (!line || h[0] === Number(line)) ? 0 : 1);
  ' "$2" "$3" 2>/dev/null
}

if vigil_use_node "${BASH_SOURCE[0]:-$0}" "${1:-}"; then
  unset -f vigil_use_node vigil_node_fits
else
  unset -f vigil_use_node vigil_node_fits
  return 1
fi
