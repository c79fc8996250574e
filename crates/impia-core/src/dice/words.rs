//! The dice view's and `impia roll`/`impia odds` rolls in words (issue 34:
//! the core words every figure; the app and the CLI each had a wording of
//! its own, with the kept d3 marked two ways).

use super::{CheckRoll, CheckSpec, EdgeRoll, OpposedOutcome, OpposedRoll, SideRoll};
use crate::text::{Lang, signed};

/// "1 ventaja" / "2 complications".
fn count(n: u32, one: (&str, &str), many: (&str, &str), l: Lang) -> String {
    let (es, en) = if n == 1 { one } else { many };
    format!("{n} {}", l.pick(es, en))
}

impl CheckSpec {
    /// R01, R03, R04: "5 +1, 1 ventaja", a check's inputs as the player set
    /// them (the net edge after cancelling, as it is rolled).
    pub fn words(&self, l: Lang) -> String {
        let mut out = self.value.to_string();
        if self.modifier != 0 {
            out.push(' ');
            out.push_str(&signed(self.modifier));
        }
        let e = self.edge();
        if e > 0 {
            out.push_str(", ");
            out.push_str(&count(
                e.unsigned_abs(),
                ("ventaja", "advantage"),
                ("ventajas", "advantages"),
                l,
            ));
        } else if e < 0 {
            out.push_str(", ");
            out.push_str(&count(
                e.unsigned_abs(),
                ("complicación", "complication"),
                ("complicaciones", "complications"),
                l,
            ));
        }
        out
    }
}

impl EdgeRoll {
    /// R04: "+2 (ventaja: d3 [2] 1)", the d3s rolled with the kept one in
    /// brackets and what it adds; empty when none were rolled.
    pub fn words(&self, l: Lang) -> String {
        if self.dice.is_empty() {
            return String::new();
        }
        let dice: Vec<String> = self
            .dice
            .iter()
            .map(|d| {
                if d.kept {
                    format!("[{}]", d.value)
                } else {
                    d.value.to_string()
                }
            })
            .collect();
        let kind = if self.net > 0 {
            l.pick("ventaja", "advantage")
        } else {
            l.pick("complicación", "complication")
        };
        format!("{} ({kind}: d3 {})", signed(self.value), dice.join(" "))
    }

    /// " +2 (ventaja: d3 [2] 1)" after a sum, or nothing.
    fn term(&self, l: Lang) -> String {
        let w = self.words(l);
        if w.is_empty() { w } else { format!(" {w}") }
    }
}

/// "5 +1": a value and its modifiers' sum.
fn value_and_modifier(spec: &CheckSpec) -> String {
    if spec.modifier == 0 {
        spec.value.to_string()
    } else {
        format!("{} {}", spec.value, signed(spec.modifier))
    }
}

/// "ÉXITO" or "FALLO": an attribute check's verdict, in capitals to be
/// read at arm's length.
pub fn verdict(success: bool, l: Lang) -> &'static str {
    if success {
        l.pick("ÉXITO", "SUCCESS")
    } else {
        l.pick("FALLO", "FAILURE")
    }
}

impl CheckRoll {
    /// R01, R04: "d10 4 ≤ 5 +1 +2 (ventaja: d3 [2] 1) = 8 → ÉXITO": the die,
    /// what it had to reach and the verdict.
    pub fn words(&self, l: Lang) -> String {
        let edge = self.edge.term(l);
        let target = if edge.is_empty() && self.spec.modifier == 0 {
            self.target.to_string()
        } else {
            format!("{}{edge} = {}", value_and_modifier(&self.spec), self.target)
        };
        format!(
            "d10 {} {} {} {target} → {}",
            self.d10.value,
            if self.success { "≤" } else { ">" },
            l.pick("objetivo", "target"),
            verdict(self.success, l)
        )
    }
}

impl SideRoll {
    /// R02, R04: "d10 4 + 5 +1 +2 (ventaja: d3 [2] 1) = 12": one side of
    /// an opposed check, die, value, modifiers, edge and total.
    pub fn words(&self, l: Lang) -> String {
        format!(
            "d10 {} + {}{} = {}",
            self.d10.value,
            value_and_modifier(&self.spec),
            self.edge.term(l),
            self.total
        )
    }
}

impl OpposedOutcome {
    /// R02, R23: "Gana el activo", "Ambos impactados".
    pub fn name(self, l: Lang) -> &'static str {
        match self {
            OpposedOutcome::ActiveWins => l.pick("Gana el activo", "Active wins"),
            OpposedOutcome::PassiveWins => l.pick("Gana el pasivo", "Passive wins"),
            OpposedOutcome::BothHit => l.pick("Ambos impactados", "Both hit"),
        }
    }
}

impl OpposedRoll {
    /// R02: "Activo: d10 4 + 5 = 9 | Pasivo: d10 3 + 4 = 7 ⇒ GANA EL ACTIVO".
    pub fn words(&self, l: Lang) -> String {
        format!(
            "{}: {}  |  {}: {}  ⇒ {}",
            l.pick("Activo", "Active"),
            self.active.words(l),
            l.pick("Pasivo", "Passive"),
            self.passive.words(l),
            self.outcome.name(l).to_uppercase()
        )
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Roller, opposed_outcome, roll_check, roll_opposed};
    use super::*;

    #[test]
    fn r04_a_check_names_its_inputs_after_cancelling() {
        let s = CheckSpec::new(5).with_modifier(1).with_edge(3, 1);
        assert_eq!(s.words(Lang::Es), "5 +1, 2 ventajas");
        let s = CheckSpec::new(4).with_edge(0, 1);
        assert_eq!(s.words(Lang::En), "4, 1 complication");
        assert_eq!(CheckSpec::new(6).words(Lang::Es), "6");
    }

    #[test]
    fn r01_r04_a_check_roll_adds_up_in_its_words() {
        for seed in 0..200 {
            let spec = CheckSpec::new(5).with_modifier(-1).with_edge(2, 0);
            let r = roll_check(&mut Roller::seeded(seed), spec);
            let w = r.words(Lang::Es);
            let kept = r.edge.dice.iter().filter(|d| d.kept).count();
            assert_eq!(kept, 1, "{w}");
            assert!(w.starts_with(&format!("d10 {} ", r.d10.value)), "{w}");
            assert!(
                w.contains(&format!("5 -1 {} (ventaja", signed(r.edge.value))),
                "{w}"
            );
            assert!(
                w.ends_with(&format!(
                    "= {} → {}",
                    r.target,
                    verdict(r.success, Lang::Es)
                )),
                "{w}"
            );
            assert_eq!(w.contains(" ≤ "), r.success, "{w}");
        }
        let bare = roll_check(&mut Roller::seeded(1), CheckSpec::new(5));
        let w = bare.words(Lang::En);
        assert!(
            w.ends_with(&format!("target 5 → {}", verdict(bare.success, Lang::En))),
            "{w}"
        );
    }

    #[test]
    fn r02_r23_an_opposed_roll_names_both_totals_and_the_winner() {
        for seed in 0..200 {
            let spec = super::super::OpposedSpec {
                active: CheckSpec::new(4).with_edge(1, 0),
                passive: CheckSpec::new(4).with_modifier(1),
                combat: true,
            };
            let r = roll_opposed(&mut Roller::seeded(seed), spec);
            let w = r.words(Lang::En);
            assert!(w.contains(&format!("= {}  |", r.active.total)), "{w}");
            assert!(w.contains(&format!("4 +1 = {}  ⇒", r.passive.total)), "{w}");
            let want = opposed_outcome(r.active.total, r.passive.total, true);
            assert!(w.ends_with(&want.name(Lang::En).to_uppercase()), "{w}");
        }
        assert_eq!(OpposedOutcome::BothHit.name(Lang::Es), "Ambos impactados");
    }
}
