#!/usr/bin/env bash
# Builds the static site: the page with the nimkit engine in WebAssembly in place of the server
# (the `wasm` preset), written to build/wasm/site/ — index.html, the page's script, the engine's
# worker and its .wasm, a web app manifest with icons, and a service worker. Serve it with any
# static server, e.g. `python3 -m http.server -d build/wasm/site`; after the first visit it plays
# offline. The engine alone is in build/wasm/engine/ (nimkit_engine.wasm, its glue
# nimkit_engine.js, engine.js and engine_worker.js).
#
# Installs what it needs from Debian's archive when it is missing (emscripten 3.1.6 and the
# header-only libraries it compiles against), and fetches Debian's source of nauty, the version
# of the installed libnauty2-dev, into build/wasm-deps/nauty with `apt-get source` run on a
# source list of its own under build/wasm-deps/apt (the machine's apt configuration is left as it
# is). Each step is skipped when already done.
#
# emcc runs its JavaScript optimizer with the machine's `node`; when that node is not Debian's it
# does not find the optimizer's modules (acorn), which Debian installs in /usr/share/nodejs: so
# NODE_PATH is set here (and in the preset's environment).
#
#   scripts/site.sh            configure and build
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

packages=(emscripten cmake ninja-build libfmt-dev nlohmann-json3-dev dpkg-dev xz-utils esbuild
          librsvg2-bin)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "site: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
if ! command -v node >/dev/null; then
  echo "site: installing nodejs"
  apt-get install -y -qq --no-install-recommends nodejs >/dev/null
fi

# Debian's nauty source: the native build links libnauty2-dev, so the same version, when installed.
deps=$root/build/wasm-deps
version=$(dpkg-query -W -f='${source:Version}' libnauty2-dev 2>/dev/null || true)
if [[ ! -f $deps/nauty/.nimkit-version || $(cat "$deps/nauty/.nimkit-version") != "${version:-any}" ]]; then
  apt_dir=$deps/apt
  mkdir -p "$apt_dir/sources" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$deps/src"
  # shellcheck disable=SC1091
  codename=$(. /etc/os-release && echo "$VERSION_CODENAME")
  cat >"$apt_dir/sources/debian-src.sources" <<EOF
Types: deb-src
URIs: http://deb.debian.org/debian
Suites: $codename $codename-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb-src
URIs: http://deb.debian.org/debian-security
Suites: $codename-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
  apt_options=(-o "Dir::Etc::SourceList=$apt_dir/none.list" -o "Dir::Etc::SourceParts=$apt_dir/sources"
               -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache"
               -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
  echo "site: fetching Debian's source of nauty ${version:-(newest)}"
  apt-get "${apt_options[@]}" update -qq
  rm -rf "$deps/src" "$deps/nauty"
  mkdir -p "$deps/src"
  (cd "$deps/src" && apt-get "${apt_options[@]}" source -qq "nauty${version:+=$version}" >/dev/null)
  mv "$deps/src"/nauty-*/ "$deps/nauty"
  echo "${version:-any}" >"$deps/nauty/.nimkit-version"
fi

export NODE_PATH=/usr/share/nodejs
cmake --preset wasm
cmake --build --preset wasm

engine=$root/build/wasm/engine
echo "site: $engine/nimkit_engine.wasm: $(stat -c %s "$engine/nimkit_engine.wasm") bytes," \
  "$(gzip -9 -c "$engine/nimkit_engine.wasm" | wc -c) gzip-compressed"
echo "site: build/wasm/site is ready; serve it with: python3 -m http.server -d build/wasm/site"
