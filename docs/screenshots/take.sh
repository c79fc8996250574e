#!/usr/bin/env bash
# Take the README's screenshots: each view in both languages at 1280×800,
# in a virtual X display. Needs xvfb and imagemagick (apt-get install xvfb imagemagick).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release
export DISPLAY=:97
Xvfb :97 -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb' EXIT
sleep 1
roster=${ROSTER:-rosters/jauria-de-la-cienaga.yaml}
for lang in es en; do
  for view in ${VIEWS:-warband dice reference}; do
    # A throwaway HOME so remembered preferences don't leak into the shots.
    HOME=$(mktemp -d) target/release/impia --lang "$lang" --view "$view" "$roster" &
    app=$!
    sleep 4
    import -window root "docs/screenshots/$view-$lang.png"
    kill $app
    wait $app 2>/dev/null || true
  done
done
