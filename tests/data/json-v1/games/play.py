# Plays seeded games through the CLI of the baseline binary, picking allowed
# offers with a seeded RNG, and saves game files at chosen positions.
import json, random, subprocess, shutil, sys, os
BIN = sys.argv[1]
OUT = sys.argv[2]
R = "/work/wt/h23s/rosters"
def run(*a, check=True):
    p = subprocess.run([BIN, *a], capture_output=True, text=True)
    if check and p.returncode != 0:
        raise SystemExit(f"{a}: {p.returncode} {p.stderr}")
    return p
def offers(g):
    return json.loads(run("game", "offers", g, "--json").stdout)
def play(name, a, b, seed, steps, keep, end=False):
    g = f"/tmp/h23s/{name}.yaml"
    if os.path.exists(g): os.remove(g)
    run("game", "new", "--a", f"{R}/{a}", "--b", f"{R}/{b}", "--seed", str(seed),
        "--scenario", "Vado", "--player-a", "Ana", "--player-b", "Beto", "-o", g)
    rng = random.Random(seed)
    saved = set()
    for i in range(steps):
        o = offers(g)
        ph = o["phase"]
        for k, want in keep.items():
            if k not in saved and want(o, i):
                shutil.copy(g, f"{OUT}/{name}-{k}.yaml"); saved.add(k)
        if ph == "ended": break
        allowed = [x for x in o["offers"] if x["allowed"] and x["id"] not in ("end_game", "adjust", "note")]
        if not allowed: break
        # Prefer rolls and moves of the game over end turn ties.
        x = rng.choice(allowed)
        acts = [x["action"]] + [t["action"] for t in x["targets"]]
        act = rng.choice(acts)
        p = run("game", "act", g, "--action", json.dumps(act), check=False)
        if p.returncode != 0:
            print("refused", act, p.stderr, file=sys.stderr)
    if end:
        o = offers(g)
        e = [x for x in o["offers"] if x["id"] == "end_game" and x["allowed"]]
        if e:
            run("game", "act", g, "--action", json.dumps(e[0]["action"]))
            o = offers(g)
        shutil.copy(g, f"{OUT}/{name}-ended.yaml")
    missing = set(keep) - saved
    print(name, "missing", missing, file=sys.stderr)
def first(ph):
    return lambda o, i: o["phase"] == ph
def target_with_p_down(o, i):
    return o["phase"] == "acting" and any("p_down" in t for x in o["offers"] for t in x["targets"])
play("seeded", "guardia-del-paso.yaml", "jauria-de-la-cienaga.yaml", 7, 400, {
    "start": lambda o, i: i == 0,
    "change-round": first("change_round"),
    "roll-off": first("roll_off"),
    "pick": first("pick"),
    "attack": target_with_p_down,
    "rolled": first("rolled"),
    "resolve-hits": first("resolve_hits"),
}, end=True)
play("spells", "circulo-de-la-ceniza.yaml", "guardia-del-paso.yaml", 3, 600, {
    "rerolled": lambda o, i: o["pending"] is not None and len(o["pending"]["rerolls"]) > 0,
    "disengage": lambda o, i: any(x["check"] and "rolls" in x["check"] for x in o["offers"]),
    "spell": lambda o, i: any(x["id"] == "cast_spell" and x["allowed"] for x in o["offers"]),
})
