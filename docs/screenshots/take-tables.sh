#!/usr/bin/env bash
# Take the Tables view's screenshots with something in them: Dragon Rage
# combat at 12 against 3, rolled twice, the whole table open (tables-es.png);
# the Crisis events table rolled with seed 29 — 00 and its illness roll
# (tables-en.png). Needs xvfb, imagemagick and xdotool; the clicks are at the
# 1280×800 layout's positions.
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release
bin=target/release/impia
export DISPLAY=:96
Xvfb :96 -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
trap 'kill $xvfb' EXIT
sleep 1
start() {
  HOME=$(mktemp -d) $bin --lang "$1" --view tables &
  app=$!
  sleep 3
  win=$(xdotool search --name impia | head -1)
  xdotool windowfocus --sync "$win" 2>/dev/null || true
}
click() { xdotool mousemove "$1" "$2" click 1; sleep 0.5; }
type_in() { click "$1" "$2"; xdotool key --window "$win" --delay 80 ctrl+a; xdotool type --window "$win" --delay 120 "$3"; xdotool key --window "$win" Return; sleep 0.4; }
stop() { kill "$app"; wait "$app" 2>/dev/null || true; }

start es
click 150 397          # Tabla completa de resolución del combate
type_in 464 164 12     # Potencia del atacante
type_in 464 190 3      # Potencia del defensor
click 347 254          # Tirar
click 347 254
click 370 437          # La tabla completa
xdotool mousemove 1200 700; sleep 0.5
import -window root docs/screenshots/tables-es.png
stop

start en
click 60 261           # Events table
type_in 92 44 29       # Seed
click 343 173          # Roll
xdotool mousemove 1200 720; sleep 0.5
import -window root docs/screenshots/tables-en.png
stop
