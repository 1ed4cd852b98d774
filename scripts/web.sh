#!/usr/bin/env bash
# Builds the web page into web/dist/ (index.html, tumblebox.js, tumblebox_bg.wasm): the same app
# built for wasm32-unknown-unknown with the `web` feature. Serve the folder with any static
# server, e.g. `python3 -m http.server -d web/dist 8080`, and open http://127.0.0.1:8080/.
# Needs the wasm32 target and wasm-bindgen-cli of the version Cargo.lock names; both are
# installed here once per machine when missing.
set -euo pipefail
cd "$(dirname "$0")/.."
rustup target list --installed | grep -qx wasm32-unknown-unknown || rustup target add wasm32-unknown-unknown
version=$(awk '/^name = "wasm-bindgen"$/ { getline; gsub(/[^0-9.]/, ""); print; exit }' Cargo.lock)
if ! wasm-bindgen --version 2>/dev/null | grep -qx "wasm-bindgen $version"; then
  # Not `--locked`: its lock file names a webpki-roots release crates.io no longer serves.
  cargo install wasm-bindgen-cli --version "$version"
fi
cargo rustc --lib --release --target wasm32-unknown-unknown --no-default-features --features web \
  --crate-type cdylib -q
# Where cargo put it: CARGO_TARGET_DIR or the build's config, as cargo itself reads them.
target=$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json, sys; print(json.load(sys.stdin)["target_directory"])')
out=web/dist
rm -rf "$out.tmp" && mkdir -p "$out.tmp"
wasm-bindgen --target web --no-typescript --out-dir "$out.tmp" --out-name tumblebox \
  "$target/wasm32-unknown-unknown/release/tumblebox.wasm"
cp web/index.html web/worker.js "$out.tmp/"
rm -rf "$out" && mv "$out.tmp" "$out"
wasm=$(stat -c %s "$out/tumblebox_bg.wasm")
gz=$(gzip -9 -c "$out/tumblebox_bg.wasm" | wc -c)
echo "web page in $out: wasm $((wasm / 1024)) KiB, $((gz / 1024)) KiB gzipped"
