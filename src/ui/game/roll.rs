//! Rolls: a prepared check (its sources and exact odds) with its Roll
//! button; the pending roll the core holds (dice, the outcome in words, the
//! re-rolls the rules allow, Accept with Enter); and the hit to roll after
//! a fight or a shot, in the same place, so the flow goes on.

use super::GameView;
use super::forms::Form;
use super::widgets::{self, big_button, key, models_multi, odds_line, sources_ui};
use crate::core::game::act;
use crate::core::game::action::{PendingRoll, RerollKind};
use crate::core::game::{
    Action, CheckView, DeclKey, Figure, Game, GameState, HitOptions, ModelRef, Offers, PriceView,
    Side,
};
use crate::core::text::Lang;

/// The Roll button of a prepared check, also with Space.
fn roll_button(ui: &mut egui::Ui, l: Lang) -> bool {
    big_button(ui, &format!("🎲 {}  [Space]", l.pick("Tirar", "Roll")))
        .on_hover_text(l.pick("Espacio", "Space"))
        .clicked()
        || key(ui, egui::Key::Space)
}

impl GameView {
    /// Issue 34: the roll `draft` makes as the phones see it, the core's
    /// price of it in its words (every modifier's source, each figure with
    /// its exact odds: a hit's as the table says it, the target put Down
    /// or not), then its Roll button; the refusal, naming its rule, where
    /// the rules would not take it now.
    pub(super) fn priced_roll(&mut self, ui: &mut egui::Ui, draft: Action, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let price = match PriceView::of(g, &draft, l) {
            Ok(p) => p,
            Err(e) => return widgets::error_label(ui, &e.message(l)),
        };
        check_ui(ui, price.check.as_ref(), l);
        if roll_button(ui, l) {
            self.act(draft, l);
        }
    }

    /// R27–R30: the next pending hit: the target's options, the friends who
    /// would see it fall, the odds, and the roll.
    pub(super) fn hits_ui(&mut self, ui: &mut egui::Ui, hits: &[(ModelRef, ModelRef)], l: Lang) {
        let Some(&(attacker, target)) = hits.first() else {
            return;
        };
        let Some(g) = self.game.as_ref() else {
            return;
        };
        hit_title_ui(ui, g, hits, l);
        if !matches!(self.form, Form::Hit { .. }) {
            self.form = Form::Hit {
                options: HitOptions::default(),
                witnesses: Vec::new(),
            };
        }
        let Form::Hit { options, witnesses } = &mut self.form else {
            return;
        };
        hit_declarations_ui(ui, g, (attacker, target), options, witnesses, l);
        let options = options.clone();
        let witnesses = witnesses.clone();
        self.priced_roll(
            ui,
            Action::ResolveHit(act::ResolveHit {
                attacker,
                target,
                options,
                roll: None,
                witnesses,
            }),
            l,
        );
    }

    /// The roll made (the core's pending roll): its dice and outcome in
    /// words, the re-rolls the rules allow, and Accept. No Cancel: the dice
    /// are a fact; Undo stays.
    pub(super) fn rolled_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let Some(p) = g.pending() else {
            return;
        };
        let st = g.state();
        roll_made_ui(ui, g, p, l);
        let offers = g.offers();
        rerolls_waiting_ui(ui, st, &offers, l);
        let mut send = reroll_buttons_ui(ui, st, &offers, l);
        let mut witnesses = self.accept_witnesses.clone();
        if let Some(acc) = offers.find("accept")
            && !acc.choices.is_empty()
        {
            ui.label(l.pick(
                "Amigas a 15 cm de la Abatida (ganan Pavor, R31):",
                "Friends within 15 cm of the model put Down (gain fear, R31):",
            ));
            widgets::choices_multi(ui, g, &acc.choices, &mut witnesses);
        }
        if let Some(a) = stray_buttons_ui(ui, st, &offers, l) {
            send = Some(a);
        }
        if let Some(a) = accept_button_ui(ui, &offers, &witnesses, l) {
            send = Some(a);
        }
        self.accept_witnesses = witnesses;
        if let Some(a) = send {
            self.act(a, l);
        }
    }
}

/// A check's sources and figures, each roll's (R25: one per opponent).
fn check_ui(ui: &mut egui::Ui, check: Option<&CheckView>, l: Lang) {
    let rolls: Vec<(&[String], &[Figure])> = match check {
        Some(CheckView::Check {
            sources, figures, ..
        }) => vec![(sources.as_slice(), figures.as_slice())],
        Some(CheckView::Opposed(c)) => vec![(c.sources.as_slice(), c.figures.as_slice())],
        Some(CheckView::Disengage { rolls }) => rolls
            .iter()
            .map(|c| (c.sources.as_slice(), c.figures.as_slice()))
            .collect(),
        None => Vec::new(),
    };
    for (sources, figures) in rolls {
        sources_ui(ui, sources);
        for f in figures {
            odds_line(ui, &f.text, f.odds, l);
        }
    }
}

/// The hit, attacker → target, and how many more wait; the target's
/// player named when its choice comes first.
fn hit_title_ui(ui: &mut egui::Ui, g: &Game, hits: &[(ModelRef, ModelRef)], l: Lang) {
    let Some(&(attacker, target)) = hits.first() else {
        return;
    };
    ui.heading(format!(
        "{}: {} → {} (R27)",
        l.pick("Impacto", "Hit"),
        g.state().name(attacker),
        g.state().name(target)
    ));
    if hits.len() > 1 {
        ui.label(format!(
            "{} {}",
            hits.len() - 1,
            l.pick("impacto(s) más después", "more hit(s) after this")
        ));
    }
    // R28, R42: the target's player chooses before the roll; at a
    // table that is the player away from the keyboard, so say so.
    if target.side.is_warband() {
        waiting_on(
            ui,
            &format!(
                "{}: {} {} — {}",
                widgets::player(g.state(), target.side, l),
                l.pick("tu miniatura", "your model"),
                g.state().name(target),
                l.pick(
                    "elige antes de tirar (Defensa férrea, cobertura, Instinto)",
                    "choose before the roll (Iron defence, cover, Survival instinct)"
                )
            ),
        );
    }
}

/// The hit's declarations as the core offers them (Iron defence with its
/// DP where it may be paid, cover only where it applies, the upgrades'
/// facts of the table), answered into `options` and `witnesses`.
fn hit_declarations_ui(
    ui: &mut egui::Ui,
    g: &Game,
    (attacker, target): (ModelRef, ModelRef),
    options: &mut HitOptions,
    witnesses: &mut Vec<ModelRef>,
    l: Lang,
) {
    let offers = g.offers();
    let offer = offers.offers.iter().find(|o| {
        matches!(&o.action, Action::ResolveHit(act::ResolveHit { attacker: a, target: t, .. })
            if *a == attacker && *t == target)
    });
    if let Some(o) = offer {
        let mut draft = o.draft.clone();
        if let Action::ResolveHit(act::ResolveHit {
            options: op,
            witnesses: ws,
            ..
        }) = &mut draft
        {
            *op = options.clone();
            *ws = witnesses.clone();
        }
        for d in &o.declarations {
            super::forms::declaration_ui(ui, g, d, &mut draft, l);
        }
        if let Action::ResolveHit(act::ResolveHit {
            options: op,
            witnesses: ws,
            ..
        }) = draft
        {
            *options = op;
            *witnesses = ws;
        }
    }
    // Rules 1 apply the hit at once: the core asks no witnesses before
    // the roll (R31), the players name them here.
    if !offer.is_some_and(|o| o.declarations.iter().any(|d| d.key == DeclKey::Witnesses)) {
        ui.label(l.pick(
            "Aliadas a 15 cm del impactado (ganan Pavor si cae, R31):",
            "Friends within 15 cm of the target (gain fear if it falls, R31):",
        ));
        models_multi(ui, g, witnesses, |m, ms| {
            m.side == target.side && m != target && ms.status.in_play()
        });
    }
}

/// The roll in words, then each side's dice and the re-rolls made.
fn roll_made_ui(ui: &mut egui::Ui, g: &Game, p: &PendingRoll, l: Lang) {
    let st = g.state();
    ui.heading(l.pick("Tirada hecha", "Roll made"));
    ui.add(
        egui::Label::new(
            egui::RichText::new(g.describe(&p.action, l))
                .size(20.0)
                .strong()
                .color(widgets::GOLD),
        )
        .wrap(),
    );
    for (part, dice, spec) in g.pending_dice() {
        let edge = if dice.d3.is_empty() {
            String::new()
        } else {
            format!(" · d3 {:?} ({:+})", dice.d3, dice.edge_value(&spec))
        };
        ui.label(
            egui::RichText::new(format!("{}: d10 {}{edge}", st.name(part.model), dice.d10))
                .size(18.0),
        );
    }
    for r in &p.rerolls {
        let rule = match r.kind {
            RerollKind::Totem => "R33",
            RerollKind::Headstrong => "R42",
        };
        ui.label(format!(
            "↻ {} ({rule}): {} → {}",
            st.name(r.by),
            r.before.d10,
            r.after.d10
        ));
    }
}

/// R33: a re-roll of the other side waits on its player: named.
fn rerolls_waiting_ui(ui: &mut egui::Ui, st: &GameState, offers: &Offers, l: Lang) {
    let acting = st.actor().map(|m| m.side);
    let mut others: Vec<Side> = offers
        .offers
        .iter()
        .filter(|o| o.allowed && (o.id == "totem_reroll" || o.id == "headstrong_reroll"))
        .filter_map(|o| o.model.map(|m| m.side))
        .filter(|s| s.is_warband() && Some(*s) != acting)
        .collect();
    others.dedup();
    for s in others {
        waiting_on(
            ui,
            &format!(
                "{}: {}",
                widgets::player(st, s, l),
                l.pick(
                    "puedes repetir tu tirada antes de aceptar",
                    "you may re-roll your dice before it is accepted"
                )
            ),
        );
    }
}

/// R33, R42: a button for each re-roll offered; the one clicked.
fn reroll_buttons_ui(
    ui: &mut egui::Ui,
    st: &GameState,
    offers: &Offers,
    l: Lang,
) -> Option<Action> {
    let mut send = None;
    ui.horizontal_wrapped(|ui| {
        for o in offers
            .offers
            .iter()
            .filter(|o| o.id == "totem_reroll" || o.id == "headstrong_reroll")
        {
            let name = o.model.map_or_else(String::new, |m| st.name(m));
            let text = if o.id == "totem_reroll" {
                format!(
                    "↻ {} {name} (R33)",
                    l.pick("Repetir con el Tótem:", "Re-roll with the totem:")
                )
            } else {
                format!(
                    "↻ {} {name} (R42)",
                    l.pick("Repetir el 1, Testaruda:", "Re-roll the 1, Headstrong:")
                )
            };
            if widgets::offer_button(ui, o, &text, None, l) {
                send = Some(o.action.clone());
            }
        }
    });
    send
}

/// R26: accept with the stray shot hitting one friend: a button each; the
/// one clicked.
fn stray_buttons_ui(ui: &mut egui::Ui, st: &GameState, offers: &Offers, l: Lang) -> Option<Action> {
    let mut send = None;
    for o in offers.offers.iter().filter(|o| o.id == "accept") {
        for t in &o.targets {
            if ui
                .button(format!(
                    "{} {} (R26)",
                    l.pick(
                        "Aceptar: el disparo desviado impacta a",
                        "Accept: the stray shot hits"
                    ),
                    st.name(t.model)
                ))
                .clicked()
            {
                send = Some(t.action.clone());
            }
        }
    }
    send
}

/// Accept the roll (also with Enter), with the `witnesses` named; greyed
/// with the reason where the core refuses it.
fn accept_button_ui(
    ui: &mut egui::Ui,
    offers: &Offers,
    witnesses: &[ModelRef],
    l: Lang,
) -> Option<Action> {
    let plain = offers
        .offers
        .iter()
        .find(|o| matches!(o.action, Action::Accept(act::Accept { stray: None, .. })));
    let allowed = plain.is_none_or(|o| o.allowed);
    let b = ui.add_enabled(
        allowed,
        egui::Button::new(
            egui::RichText::new(format!(
                "✔ {}  [Enter]",
                l.pick("Aceptar la tirada", "Accept the roll")
            ))
            .size(18.0),
        ),
    );
    let b = match plain.and_then(|o| o.why_not.as_ref()) {
        Some(e) => b.on_disabled_hover_text(e.message(l)),
        None => b,
    };
    if b.clicked() || (allowed && key(ui, egui::Key::Enter)) {
        return Some(Action::Accept(act::Accept {
            witnesses: if witnesses.is_empty() {
                None
            } else {
                Some(witnesses.to_vec())
            },
            stray: None,
            within_30cm: None,
        }));
    }
    None
}

/// A line that names the player whose choice the game waits on (issue 27:
/// the player away from the keyboard).
fn waiting_on(ui: &mut egui::Ui, text: &str) {
    let pal = crate::ui::style::palette(ui.visuals().dark_mode);
    ui.add(
        egui::Label::new(
            egui::RichText::new(format!("✋ {text}"))
                .size(crate::ui::style::SIZE_RESULT)
                .strong()
                .color(pal.amber),
        )
        .wrap(),
    );
}
