#!/usr/bin/env bash
# Builds the web page into web/dist/ (index.html, worker.js, tumblebox.js, tumblebox_bg.wasm,
# and each of them precompressed beside it as .gz and .br): the same app built for
# wasm32-unknown-unknown with the `web` feature and Cargo.toml's `web` profile (small, not
# fast to build), then shrunk by `wasm-opt -Oz`. Serve the folder with
# `python3 scripts/serve.py web/dist 8080` (it sends the precompressed files) or any static
# server, and open http://127.0.0.1:8080/.
# Needs the wasm32 target, wasm-bindgen-cli of the version Cargo.lock names, and Debian's
# binaryen (wasm-opt) and brotli; each is installed here once per machine when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  # Not `--locked`: its lock file names a webpki-roots release crates.io no longer serves.
  cargo install wasm-bindgen-cli --version "$version"
fi
need=()
command -v wasm-opt >/dev/null || need+=(binaryen)
command -v brotli >/dev/null || need+=(brotli)
if [ ${#need[@]} -gt 0 ]; then
  sudo=$([ "$(id -u)" = 0 ] || echo sudo)
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
profile=${WEB_PROFILE:-web}
cargo rustc --lib --profile "$profile" --target wasm32-unknown-unknown --no-default-features --features web \
  --crate-type cdylib -q
# Where cargo put it: CARGO_TARGET_DIR or the build's config, as cargo itself reads them.
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
dir=$profile
[ "$profile" = dev ] && dir=debug
out=web/dist
rm -rf "$out.tmp" && mkdir -p "$out.tmp"
wasm-bindgen --target web --no-typescript --out-dir "$out.tmp" --out-name tumblebox \
  "$target/wasm32-unknown-unknown/$dir/tumblebox.wasm"
# -Oz: smallest; the features are the ones the module's target_features section names.
wasm-opt -Oz --detect-features "$out.tmp/tumblebox_bg.wasm" -o "$out.tmp/opt.wasm"
mv "$out.tmp/opt.wasm" "$out.tmp/tumblebox_bg.wasm"
# Debian's wasm-opt (108) points wasm-bindgen's externref table export at the wrong table.
python3 scripts/wasm_table_export.py "$out.tmp/tumblebox_bg.wasm"
cp web/index.html web/worker.js "$out.tmp/"
# The module's size, for the loading bar when the module comes compressed (web/index.html).
sed -i "s/name=\"tumblebox-wasm-bytes\" content=\"0\"/name=\"tumblebox-wasm-bytes\" content=\"$(stat -c %s "$out.tmp/tumblebox_bg.wasm")\"/" "$out.tmp/index.html"
grep -q 'tumblebox-wasm-bytes" content="[1-9]' "$out.tmp/index.html"
for f in "$out.tmp"/*.html "$out.tmp"/*.js "$out.tmp"/*.wasm; do
  gzip -9 -n -k "$f"
  brotli -q 11 -k "$f"
done
rm -rf "$out" && mv "$out.tmp" "$out"
size() { cat "$@" | wc -c; }
raw=$(size "$out"/*.html "$out"/*.js "$out"/*.wasm)
gz=$(size "$out"/*.html.gz "$out"/*.js.gz "$out"/*.wasm.gz)
br=$(size "$out"/*.html.br "$out"/*.js.br "$out"/*.wasm.br)
echo "web page in $out: wasm $(size "$out/tumblebox_bg.wasm") B; the whole page $raw B, $gz B gzipped, $br B brotli"
