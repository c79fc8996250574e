#!/usr/bin/env python3
"""A scripted game through the CLI (issue 36: the Windows build under Wine,
the installed .deb): start a game from two shipped rosters, play seeded
allowed offers for a number of steps, then the log must replay.

    scripts/smoke_game.py [--steps N] [--rosters DIR] -- COMMAND...
    scripts/smoke_game.py -- wine target/x86_64-pc-windows-gnu/dist/impia.exe

Runs in a fresh temporary folder; exit 0 when the game replays."""
import argparse, json, os, random, shutil, subprocess, sys, tempfile

p = argparse.ArgumentParser()
p.add_argument("--steps", type=int, default=30)
p.add_argument("--seed", type=int, default=7)
p.add_argument("--rosters", default=os.path.join(os.path.dirname(__file__), "..", "rosters"))
p.add_argument("cmd", nargs="+")
a = p.parse_args()
rosters = os.path.abspath(a.rosters)
# The game runs in its own folder: the program's paths made absolute.
a.cmd = [os.path.abspath(c) if os.path.exists(c) else c for c in a.cmd]
work = tempfile.mkdtemp(prefix="impia-smoke-")
env = dict(os.environ, IMPIA_HOME=os.path.join(work, "library"))


def run(*args, check=True):
    r = subprocess.run(a.cmd + list(args), cwd=work, env=env, capture_output=True,
                       text=True, timeout=120)
    if check and r.returncode != 0:
        sys.exit(f"smoke: {' '.join(args)}: exit {r.returncode}\n{r.stderr}")
    return r


# Relative names: the same under Wine (its drive maps the folder).
for name in ("guardia-del-paso.yaml", "jauria-de-la-cienaga.yaml"):
    with open(os.path.join(rosters, name), "rb") as f, open(os.path.join(work, name), "wb") as o:
        o.write(f.read())
run("game", "new", "--a", "guardia-del-paso.yaml", "--b", "jauria-de-la-cienaga.yaml",
    "--seed", str(a.seed), "-o", "g.yaml")
rng = random.Random(a.seed)
acted = 0
for _ in range(a.steps):
    o = json.loads(run("game", "offers", "g.yaml", "--json").stdout)
    if o["phase"] == "ended":
        break
    allowed = [x for x in o["offers"]
               if x["allowed"] and x["id"] not in ("end_game", "adjust", "note")]
    if not allowed:
        break
    x = rng.choice(allowed)
    act = rng.choice([x["action"]] + [t["action"] for t in x["targets"]])
    if run("game", "act", "g.yaml", "--action", json.dumps(act), check=False).returncode == 0:
        acted += 1
status = json.loads(run("game", "status", "g.yaml", "--json").stdout)
run("game", "replay", "g.yaml")
if acted == 0:
    sys.exit("smoke: no action was applied")
print(f"smoke: {acted} actions applied, turn {status.get('turn')}, the log replays")
shutil.rmtree(work, ignore_errors=True)
