#!/usr/bin/env bash
# Take the README's screenshots: each view in both languages at 1280×800,
# in a virtual X display (the Tables view has its own script, take-tables.sh). Needs xvfb and imagemagick (apt-get install xvfb imagemagick).
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release
bin=target/release/impia
export DISPLAY=:97
Xvfb :97 -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
work=$(mktemp -d)
trap 'kill $xvfb; rm -rf "$work"' EXIT
sleep 1
roster=${ROSTER:-rosters/jauria-de-la-cienaga.yaml}
# A game in progress: two example warbands and 37 random legal actions.
$bin game new --a rosters/guardia-del-paso.yaml --b rosters/jauria-de-la-cienaga.yaml \
  --seed 9 --player-a Ana --player-b Bea --scenario "El paso de hierro" -o "$work/game.yaml" >/dev/null
# 37 legal actions picked at random from the game's own offers, as a script
# plays (the hidden `game stress` harness is gone from the shipped CLI).
python3 - "$bin" "$work/game.yaml" <<'PY'
import json, random, subprocess, sys
impia, game = sys.argv[1:]
rng = random.Random(4)
for _ in range(37):
    out = subprocess.run([impia, "game", "offers", game, "--json"],
                         capture_output=True, text=True, check=True).stdout
    allowed = [o for o in json.loads(out)["offers"] if o["allowed"]]
    # Never "end_game": a game in progress is the point of the shot.
    allowed = [o for o in allowed if o["id"] != "end_game"]
    pick = [o for o in allowed if o["id"] != "end_turn"] or allowed
    o = rng.choice(pick)
    action = rng.choice(o["targets"])["action"] if o["targets"] else o["action"]
    subprocess.run([impia, "game", "act", game, "--action", json.dumps(action)],
                   capture_output=True, check=True)
PY
for lang in es en; do
  for view in ${VIEWS:-warband game dice reference}; do
    file=$roster
    [ "$view" = game ] && file=$work/game.yaml
    # A throwaway HOME so remembered preferences don't leak into the shots.
    HOME=$(mktemp -d) $bin --lang "$lang" --view "$view" "$file" &
    app=$!
    sleep 4
    import -window root "docs/screenshots/$view-$lang.png"
    kill $app
    wait $app 2>/dev/null || true
  done
done
