//! Issue 34: every odds figure a client shows, worded by the core: whose
//! chance it is, the sentence in the snapshot's language ("Ramón is put
//! Down", "Úrsula wins") and its percent from the one formatter
//! ([`Odds::percent`]). The app, the phones and the CLI print these; none
//! of them labels a figure itself (the phones once read the attacker's
//! chance as "Ramón gana").

use serde::Serialize;

use crate::game::{Action, Game, ModelRef};
use crate::odds::{Odds, OpposedOdds, Prob};
use crate::text::Lang;

/// One odds figure in words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figure {
    /// What it measures: `success` (a check), `active_wins`,
    /// `passive_wins`, `both_hit` (an opposed check), `down` (the target
    /// ends Down), `attacker_down` (the attacker ends Down, R23).
    pub what: &'static str,
    /// Whose chance it is; none for a tie or a roll of no model.
    pub model: Option<ModelRef>,
    /// The sentence: "Ramón is put Down", "Úrsula wins".
    pub text: String,
    pub odds: Odds,
    /// `odds` as [`Odds::percent`] writes it in the snapshot's language.
    pub percent: String,
}

impl Figure {
    fn new(l: Lang, what: &'static str, model: Option<ModelRef>, text: String, p: Prob) -> Figure {
        let odds = Odds(p);
        Figure {
            what,
            model,
            text,
            percent: odds.percent(l),
            odds,
        }
    }

    /// The figure as one line: "Ramón is put Down: 72.0 % (18/25)".
    pub fn line(&self) -> String {
        format!("{}: {} ({})", self.text, self.percent, self.odds.exact())
    }
}

fn name(g: &Game, m: Option<ModelRef>) -> Option<String> {
    m.map(|m| g.state().name(m))
}

/// "Úrsula wins" (or "Úrsula succeeds" for a check of one side).
fn wins(g: &Game, m: Option<ModelRef>, check: bool, l: Lang) -> String {
    match (name(g, m), check, l) {
        (Some(n), true, Lang::Es) => format!("Éxito de {n}"),
        (Some(n), true, Lang::En) => format!("{n} succeeds"),
        (Some(n), false, Lang::Es) => format!("{n} gana"),
        (Some(n), false, Lang::En) => format!("{n} wins"),
        (None, true, _) => l.pick("Éxito", "Success").to_string(),
        (None, false, _) => l.pick("Gana la activa", "The active side wins").to_string(),
    }
}

/// "Ramón is put Down": a verb in Spanish, no adjective that agrees with
/// no name.
fn down(g: &Game, m: Option<ModelRef>, l: Lang) -> String {
    let n = name(g, m).unwrap_or_else(|| l.pick("la objetivo", "the target").to_string());
    match l {
        Lang::Es => format!("Abatir a {n}"),
        Lang::En => format!("{n} is put Down"),
    }
}

/// R01: an attribute check's chance of success.
pub(crate) fn check(g: &Game, model: Option<ModelRef>, success: Odds, l: Lang) -> Vec<Figure> {
    vec![Figure::new(
        l,
        "success",
        model,
        wins(g, model, true, l),
        success.0,
    )]
}

/// R02, R23: each outcome of an opposed check, named by who wins it.
pub(crate) fn opposed(
    g: &Game,
    active: Option<ModelRef>,
    passive: Option<ModelRef>,
    odds: &OpposedOdds,
    l: Lang,
) -> Vec<Figure> {
    let mut out = vec![
        Figure::new(
            l,
            "active_wins",
            active,
            wins(g, active, false, l),
            odds.active_wins.0,
        ),
        Figure::new(
            l,
            "passive_wins",
            passive,
            match name(g, passive) {
                Some(_) => wins(g, passive, false, l),
                None => l
                    .pick("Gana la pasiva", "The passive side wins")
                    .to_string(),
            },
            odds.passive_wins.0,
        ),
    ];
    if let Some(b) = odds.both_hit {
        out.push(Figure::new(
            l,
            "both_hit",
            None,
            l.pick("Empate: impactan las dos (R23)", "A tie: both hit (R23)")
                .to_string(),
            b.0,
        ));
    }
    out
}

/// The acting model and the model it acts on, as an action names them.
pub(crate) fn sides_of(a: &Action) -> (Option<ModelRef>, Option<ModelRef>) {
    match a {
        Action::Assault(x) => (Some(x.attacker), Some(x.defender)),
        Action::Fight(x) => (Some(x.attacker), Some(x.defender)),
        Action::Shoot(x) => (Some(x.shooter), Some(x.target)),
        Action::ResolveHit(x) => (Some(x.attacker), Some(x.target)),
        Action::CastSpell(x) => (Some(x.caster), x.target.or(single(&x.targets))),
        Action::Breath(x) => (Some(x.model), single(&x.targets)),
        Action::Fall(x) => (Some(x.model), None),
        Action::Check(x) => (Some(x.model), None),
        Action::Disengage(x) => (Some(x.model), None),
        // No figure of these names a model by the action (the actions
        // list keeps no catch-all arm: a new action is placed here).
        Action::StartTurn(_)
        | Action::ChangeRound(_)
        | Action::EndChangeRound(_)
        | Action::RollOff(_)
        | Action::ChooseStart(_)
        | Action::Activate(_)
        | Action::EndActivation(_)
        | Action::EndTurn(_)
        | Action::EndGame(_)
        | Action::Move(_)
        | Action::StandUp(_)
        | Action::Loot(_)
        | Action::TouchTerrain(_)
        | Action::LeaderOrder(_)
        | Action::LeaderRally(_)
        | Action::TotemOwn(_)
        | Action::TotemEnemy(_)
        | Action::UseHerb(_)
        | Action::TotemReroll(_)
        | Action::HeadstrongReroll(_)
        | Action::PassReroll(_)
        | Action::Accept(_)
        | Action::BeastAppears(_)
        | Action::ScenarioPoints(_)
        | Action::AdjustFear(_)
        | Action::AdjustPool(_)
        | Action::AdjustOwnDp(_)
        | Action::AdjustToughness(_)
        | Action::SetStatus(_)
        | Action::SetEngaged(_)
        | Action::SetRound(_)
        | Action::Note(_) => (None, None),
    }
}

impl crate::game::Price {
    /// The price of `draft` in figures (what `PriceView::figures` holds,
    /// for the app, which keeps the `Price`).
    pub fn figures(&self, g: &Game, draft: &Action, l: Lang) -> Vec<Figure> {
        use crate::game::Prepared;
        // R27: a hit's roll is told as the table says it: the target put
        // Down, or it withstands.
        if let (Action::ResolveHit(h), Some(Prepared::Opposed(p))) = (draft, &self.prepared) {
            return of_hit(g, p, h.attacker, h.target, l);
        }
        let check_only = matches!(self.prepared, Some(Prepared::Check(_)));
        // The side that wins is the one that rolls active (the prepared
        // check's model), the draft's actor when it names none.
        let (actor, target) = sides_of(draft);
        let active = match &self.prepared {
            Some(Prepared::Check(p)) => p.active,
            Some(Prepared::Opposed(p)) => p.active,
            _ => None,
        };
        price(
            g,
            (actor, active, target),
            self.win,
            check_only,
            self.down,
            self.attacker_down,
            l,
        )
    }
}

impl crate::game::Target {
    /// The chances an offer gives a target before its draft is priced
    /// (to put it Down; in a fight, the attacker too), in figures.
    pub fn figures(&self, g: &Game, l: Lang) -> Vec<Figure> {
        price(
            g,
            (sides_of(&self.action).0, None, Some(self.model)),
            None,
            false,
            self.p_down,
            self.p_attacker_down,
            l,
        )
    }
}

/// The one model of a list of one (a draft aimed at one target).
fn single(v: &[ModelRef]) -> Option<ModelRef> {
    match v {
        [m] => Some(*m),
        _ => None,
    }
}

/// A draft's price in figures: the acting side wins its roll, the target
/// ends Down, the attacker ends Down (R23).
fn price(
    g: &Game,
    // The acting model, the side that wins its roll, the target.
    (actor, winner, target): (Option<ModelRef>, Option<ModelRef>, Option<ModelRef>),
    win: Option<Prob>,
    check_only: bool,
    down_p: Option<Prob>,
    attacker_down: Option<Prob>,
    l: Lang,
) -> Vec<Figure> {
    let mut out = Vec::new();
    if let Some(p) = down_p {
        out.push(Figure::new(l, "down", target, down(g, target, l), p));
    }
    if let Some(p) = win {
        let what = if check_only { "success" } else { "active_wins" };
        let who = winner.or(actor);
        out.push(Figure::new(l, what, who, wins(g, who, check_only, l), p));
    }
    if let Some(p) = attacker_down {
        out.push(Figure::new(l, "attacker_down", actor, down(g, actor, l), p));
    }
    out
}

/// R27: a hit's roll as the table says it: `target` is put Down, or it
/// withstands the hit. The side that rolls active is the one with the
/// higher number, the hit's or the target's.
fn of_hit(
    g: &Game,
    p: &crate::game::PreparedCheck<crate::dice::OpposedSpec>,
    attacker: ModelRef,
    target: ModelRef,
    l: Lang,
) -> Vec<Figure> {
    let o = p.odds();
    let (put_down, stands) = if p.active == Some(attacker) {
        (o.active_wins, o.passive_wins)
    } else {
        (o.passive_wins, o.active_wins)
    };
    let n = g.state().name(target);
    vec![
        Figure::new(
            l,
            "down",
            Some(target),
            down(g, Some(target), l),
            put_down.0,
        ),
        Figure::new(
            l,
            "withstands",
            Some(target),
            match l {
                Lang::Es => format!("{n} resiste el impacto"),
                Lang::En => format!("{n} withstands it"),
            },
            stands.0,
        ),
    ]
}
