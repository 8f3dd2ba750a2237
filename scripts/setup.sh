#!/usr/bin/env bash
# Installs, from Debian's archive, everything nimkit needs to build and test.
# Usage: scripts/setup.sh [--browser]   (--browser also installs Chromium and Node for the e2e tests)
set -euo pipefail
packages=(build-essential cmake ninja-build pkg-config git
          libcli11-dev nlohmann-json3-dev libfmt-dev libreadline-dev
          libgtest-dev libgmock-dev libbenchmark-dev librapidcheck-dev libcpp-httplib-dev
          libnauty2-dev clang-format libssl-dev zlib1g-dev libbrotli-dev python3 clang libclang-rt-14-dev tmux
          esbuild  # bundles the page's modules into one script at build time
          libopenmpi-dev openmpi-bin
          # The Python module (apps/python) and its tests, for Debian's python3: pybind11, numpy,
          # pytest, the notebook's matplotlib and its execution (nbclient, ipykernel, nbformat),
          # tqdm and ipywidgets for progress bars, mypy for the stubs, and pip + setuptools for
          # `pip install .`.
          pybind11-dev python3-pybind11 python3-dev python3-numpy python3-matplotlib
          python3-nbclient python3-ipykernel python3-nbformat python3-pytest python3-tqdm python3-ipywidgets mypy
          python3-pip python3-setuptools python3-wheel)
if [[ "${1:-}" == "--browser" ]]; then
  packages+=(chromium nodejs npm wrk)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node/npm may come from outside Debian on some machines: accept any working node and npm.
if [[ " ${missing[*]} " == *" nodejs "* ]] && command -v node >/dev/null; then missing=("${missing[@]/nodejs}"); fi
if [[ " ${missing[*]} " == *" npm "* ]] && command -v npm >/dev/null; then missing=("${missing[@]/npm}"); fi
read -r -a missing <<<"${missing[*]}"
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
