//! Issue 34: what a player reads at a glance, worded once for every
//! client: a warband's models by status and its pool and VP, who has not
//! acted before a turn ends and whether a model has, each fear pip as it is
//! drawn (its level by R31, filled or not), and two small answers the tests read (R33 a totem re-roll left, R38 the
//! backlash's modifier). The app, the phone page and the CLI render these.

use super::refs::{ModelRef, Side};
use super::session::Game;
use super::state::{GameState, ModelState};
use super::status::Status;
use crate::glossary;
use crate::tables::{Keyword, RuleSet};
use crate::text::Text;
use serde::Serialize;

/// A run of fear pips of one level, as every client draws them (R31): the
/// level its markers bring (`calm`, `frightened`, `flees`), `on` filled
/// pips (markers the model carries) then `off` empty ones; a client leaves
/// a gap between runs. A zero count is left out of the JSON (a phone's
/// state carries every model's: issue 32's bytes a model).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PipRun {
    pub level: &'static str,
    #[serde(skip_serializing_if = "is_zero")]
    pub on: u32,
    #[serde(skip_serializing_if = "is_zero")]
    pub off: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A warband's models by where they stand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// Standing or Prone.
    pub standing: usize,
    pub down: usize,
    /// Fled or removed.
    pub fled: usize,
}

impl GameState {
    /// `side`'s models standing (or Prone), Down, and fled or removed.
    pub fn counts(&self, side: Side) -> Counts {
        let mut c = Counts::default();
        for (_, m) in self.models_of(side) {
            match m.status {
                Status::Standing | Status::Prone => c.standing += 1,
                Status::Down => c.down += 1,
                Status::Fled | Status::Removed => c.fled += 1,
            }
        }
        c
    }

    /// [`GameState::counts`] in the words every client shows under a
    /// warband ("3 standing · 1 Down · 0 fled"); no break inside a count,
    /// so a narrow column wraps between counts.
    pub fn counts_text(&self, side: Side) -> Text {
        let Counts {
            standing,
            down,
            fled,
        } = self.counts(side);
        // Spanish agrees in number ("1 abatida", "2 abatidas").
        let (abatida, huida) = (
            if down == 1 { "abatida" } else { "abatidas" },
            if fled == 1 { "huida" } else { "huidas" },
        );
        Text::new(
            format!("{standing}\u{a0}en\u{a0}pie · {down}\u{a0}{abatida} · {fled}\u{a0}{huida}"),
            format!("{standing}\u{a0}standing · {down}\u{a0}Down · {fled}\u{a0}fled"),
        )
    }

    /// R33: `side`'s totem destroyed, in the words every client shows
    /// under the warband ("Totem destroyed"); `None` while it stands.
    pub fn totem_text(&self, side: Side) -> Option<Text> {
        let standing = self.side(side).is_none_or(|s| s.totem_standing);
        (!standing).then(|| Text::each(totem_destroyed))
    }

    /// `side`'s pool (R10–R12) and VP on one line, with the glossary's
    /// words, as the phones show both warbands under what now: "Ana:
    /// reserva común 3 PD · 0 PV".
    pub fn pool_text(&self, side: Side) -> Text {
        let (pool, vp) = self
            .side(side)
            .map_or((0, 0), |s| (s.pool, s.score.total()));
        Text::each(|l| {
            format!(
                "{}: {} {pool} {} · {vp} {}",
                self.player_name(side, l),
                glossary::POOL.get(l).to_lowercase(),
                glossary::DP.get(l),
                glossary::VP.get(l)
            )
        })
    }
}

/// R33: "Tótem destruido" / "Totem destroyed", under a warband and in the
/// report's story.
pub(crate) fn totem_destroyed(l: crate::text::Lang) -> String {
    format!(
        "{} {}",
        glossary::TOTEM.get(l),
        l.pick("destruido", "destroyed")
    )
}

impl ModelState {
    /// Whether it has acted this turn (R07), in the words every client
    /// shows on its card: "Ya actuó" / "Acted", "Aún no ha actuado" / "Not
    /// acted yet". Verbs, not adjectives: the Spanish agrees with no name
    /// ("activada" would not fit Abdón).
    pub fn acted_text(&self) -> Text {
        if self.acted {
            Text::new("Ya actuó", "Acted")
        } else {
            Text::new("Aún no ha actuado", "Not acted yet")
        }
    }
}

impl Game {
    /// The models of both warbands still in play that have not acted this
    /// turn (ending the turn now leaves them without an activation).
    pub fn not_acted(&self) -> Vec<ModelRef> {
        self.state()
            .models()
            .filter(|(r, m)| r.side.is_warband() && m.status.in_play() && !m.acted)
            .map(|(r, _)| r)
            .collect()
    }

    /// How many have not acted, in the words beside End the turn ("2 not
    /// acted"); `None` when every model has.
    pub fn not_acted_text(&self) -> Option<Text> {
        let n = self.not_acted().len();
        (n > 0).then(|| Text::new(format!("{n} sin actuar"), format!("{n} not acted")))
    }

    /// The question before ending a turn while models have not acted,
    /// naming them (the End turn offer's warning): "These have not acted
    /// yet: Ana, Bea"; `None` when every model has.
    pub fn end_turn_warning(&self) -> Option<Text> {
        let left = self.not_acted();
        if left.is_empty() {
            return None;
        }
        let st = self.state();
        let names: Vec<String> = left.into_iter().map(|m| st.name(m)).collect();
        let names = names.join(", ");
        Some(Text::new(
            format!("Aún no han actuado: {names}"),
            format!("These have not acted yet: {names}"),
        ))
    }

    /// R31: the level each of `model`'s fear pips stands for in `st`, from
    /// the first marker: `calm`, `frightened` from the marker that makes
    /// its fear reach Courage (unless Stubborn), `flees` from the one at
    /// twice Courage (unless Fearless); as many pips as twice its Courage,
    /// or its fear if more. Empty for a model not in `st`.
    pub fn fear_pips_at(&self, st: &GameState, model: ModelRef) -> Vec<&'static str> {
        let Some(m) = st.model(model) else {
            return Vec::new();
        };
        let times = self.rules().warband.fear.flee_at_courage_times;
        let total = (m.courage() * times).max(m.fear).max(1);
        (1..=total).map(|n| pip_level(m, self.rules(), n)).collect()
    }

    /// [`Game::fear_pips_at`] as drawn: a run per level, filled up to the
    /// model's fear (the page draws these and counts none).
    pub fn fear_pips_drawn_at(&self, st: &GameState, model: ModelRef) -> Vec<PipRun> {
        let fear = st.model(model).map_or(0, |m| m.fear);
        let mut runs: Vec<PipRun> = Vec::new();
        for (level, n) in self.fear_pips_at(st, model).into_iter().zip(1..) {
            let run = match runs.last_mut() {
                Some(r) if r.level == level => r,
                _ => {
                    runs.push(PipRun {
                        level,
                        on: 0,
                        off: 0,
                    });
                    let last = runs.len() - 1;
                    &mut runs[last]
                }
            };
            if n <= fear {
                run.on += 1;
            } else {
                run.off += 1;
            }
        }
        runs
    }

    /// R33: may `model`'s warband still take its totem re-roll this turn
    /// (a standing totem, not used up)?
    pub fn can_reroll(&self, model: ModelRef) -> bool {
        super::kit::can_reroll(self.state(), self.rules(), model)
    }

    /// R38: what a cast's backlash adds to its d10, the spell's level plus
    /// the caster's fear now; `None` when the caster or spell is unknown.
    pub fn backlash_modifier(
        &self,
        caster: ModelRef,
        spell: &super::action::SpellChoice,
    ) -> Option<i32> {
        super::spell::backlash_modifier(self.state(), caster, spell)
    }
}

/// R31: the level `m` would be at with `fear` markers, by its keywords.
fn pip_level(m: &ModelState, rules: &RuleSet, fear: i32) -> &'static str {
    let times = rules.warband.fear.flee_at_courage_times;
    if fear >= times * m.courage() && !m.has(Keyword::Fearless) {
        "flees"
    } else if fear >= m.courage() && !m.has(Keyword::Stubborn) {
        "frightened"
    } else {
        "calm"
    }
}

#[cfg(test)]
mod tests {
    use crate::game::act;
    use crate::game::{Action, Game, GameSetup, ModelRef, Side};
    use crate::roster::Roster;
    use crate::tables::{Keyword, RuleSet};
    use crate::text::Lang;

    fn game() -> Game {
        let rules = RuleSet::builtin().expect("rules");
        let setup = GameSetup::new(
            Roster::starter_in("Lobos", Lang::Es),
            Roster::starter_in("Cuervos", Lang::Es),
        );
        Game::new(setup, &rules)
    }

    /// R31 as on the sheet: the marker that makes fear equal Courage is
    /// the first `frightened` pip, the one at twice Courage the first
    /// `flees` one.
    #[test]
    fn r31_fear_pips_turn_frightened_at_courage_and_flees_at_twice() {
        let g = game();
        let (m, ms) = g
            .state()
            .models_of(Side::A)
            .find(|(_, m)| !m.has(crate::tables::Keyword::Stubborn))
            .map(|(r, m)| (r, m.clone()))
            .expect("a model that is not Stubborn");
        let c = ms.courage() as usize;
        let pips = g.fear_pips_at(g.state(), m);
        assert_eq!(pips.len(), 2 * c);
        assert!(pips[..c - 1].iter().all(|p| *p == "calm"), "{pips:?}");
        assert!(pips[c - 1..2 * c - 1].iter().all(|p| *p == "frightened"));
        assert_eq!(pips[2 * c - 1], "flees");
    }

    #[test]
    fn the_counts_are_worded_in_both_languages_with_agreement() {
        let mut g = game();
        let n = g.state().models_of(Side::B).count();
        g.apply(Action::SetStatus(act::SetStatus {
            model: ModelRef::b(0),
            status: crate::game::Status::Down,
        }))
        .expect("down");
        let t = g.state().counts_text(Side::B);
        let s = n - 1;
        assert_eq!(
            t.en,
            format!("{s}\u{a0}standing · 1\u{a0}Down · 0\u{a0}fled")
        );
        assert_eq!(
            t.es,
            format!("{s}\u{a0}en\u{a0}pie · 1\u{a0}abatida · 0\u{a0}huidas")
        );
    }

    /// R33: a destroyed totem is said under its warband, in both
    /// languages; a standing one says nothing.
    #[test]
    fn r33_a_destroyed_totem_is_worded_once() {
        let g = game();
        assert!(g.state().totem_text(Side::B).is_none());
        let mut st = g.state().clone();
        if let Some(s) = st.sides.get_mut(Side::B) {
            s.totem_standing = false;
        }
        let t = st.totem_text(Side::B).expect("destroyed");
        assert_eq!(t.es, format!("{} destruido", crate::glossary::TOTEM.es));
        assert_eq!(t.en, format!("{} destroyed", crate::glossary::TOTEM.en));
        assert!(st.totem_text(Side::A).is_none());
    }

    #[test]
    fn the_end_turn_warning_names_the_models_not_acted() {
        let g = game();
        let before_turn = g.end_turn_warning().expect("nobody has acted");
        let first = g.state().name(ModelRef::new(Side::A, 0));
        assert!(before_turn.en.starts_with("These have not acted yet: "));
        assert!(before_turn.es.contains(&first), "{}", before_turn.es);
        let n = g.not_acted().len();
        assert_eq!(
            g.not_acted_text().expect("a count").en,
            format!("{n} not acted")
        );
    }

    /// Issue 34: a model that acted says so in the core's words (the CLI,
    /// the page and the app kept their own "ya actuó" / "Acted"), with no
    /// adjective that would agree with its name.
    #[test]
    fn a_model_says_whether_it_acted_in_both_languages() {
        let g = game();
        let m = ModelRef::a(0);
        let before = g.state().model(m).expect("model").acted_text();
        assert_eq!(
            (before.es.as_str(), before.en.as_str()),
            ("Aún no ha actuado", "Not acted yet")
        );
        let mut st = g.state().clone();
        if let Some(x) = st.model_mut(m) {
            x.acted = true;
        }
        let after = st.model(m).expect("model").acted_text();
        assert_eq!(
            (after.es.as_str(), after.en.as_str()),
            ("Ya actuó", "Acted")
        );
        // "ha actuado" is a compound tense (no agreement); "activada"
        // would agree.
        for t in [&before, &after] {
            assert!(!t.es.contains("activad"), "{}", t.es);
        }
    }

    /// R31: the pips drawn are `fear_pips_at`'s levels in runs, filled up
    /// to the model's fear and no further.
    #[test]
    fn r31_fear_pips_are_drawn_in_runs_filled_up_to_the_models_fear() {
        let g = game();
        let m = g
            .state()
            .models_of(Side::A)
            .find(|(_, m)| !m.has(Keyword::Stubborn) && !m.has(Keyword::Fearless))
            .map(|(r, _)| r)
            .expect("a model neither Stubborn nor Fearless");
        let mut st = g.state().clone();
        if let Some(x) = st.model_mut(m) {
            x.fear = 2;
        }
        let runs = g.fear_pips_drawn_at(&st, m);
        let mut levels = Vec::new();
        let mut on = Vec::new();
        for r in &runs {
            for k in 0..r.on + r.off {
                levels.push(r.level);
                on.push(k < r.on);
            }
        }
        assert_eq!(levels, g.fear_pips_at(&st, m));
        assert_eq!(on[..2], [true, true], "{runs:?}");
        assert!(on[2..].iter().all(|o| !o), "{runs:?}");
        // One run per level, in R31's order.
        let order: Vec<&str> = runs.iter().map(|r| r.level).collect();
        assert_eq!(order, ["calm", "frightened", "flees"], "{runs:?}");
    }
}
