//! A warband's column: the player and warband, the summary in big numbers
//! (pool, VP, standing / Down / fled), then one card per model: name,
//! status, fear pips against Courage, who it is engaged with, its round and
//! own DP; a model that has acted is dimmed.

use super::GameView;
use super::widgets::player;
use crate::core::game::{Game, GameState, ModelRef, ModelState, Side, Status};
use crate::core::glossary;
use crate::core::tables::Stat;
use crate::core::text::{Lang, Text};
use crate::ui::style::{self, GameSizes, Palette};

impl GameView {
    pub(super) fn side_ui(&mut self, ui: &mut egui::Ui, side: Side, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        // In a replay the cards show the state at that point (issue 15).
        let st = self.replay.as_ref().map_or(g.state(), |r| &r.state);
        if st.side(side).is_none() {
            return;
        }
        let acting = st.actor();
        let sz = style::game_sizes(ui.ctx().content_rect().width());
        let pal = style::palette(ui.visuals().dark_mode);
        summary(ui, st, side, sz, pal, l);
        ui.separator();
        let mut clicked = None;
        let focus = self.focus;
        // Keyed by the game: a new game starts scrolled to the top.
        egui::ScrollArea::vertical()
            .id_salt(("cards", side, g.setup().game_id()))
            .show(ui, |ui| {
                // Room for the scroll bar, which floats over the content.
                ui.set_max_width(ui.available_width() - 12.0);
                for (m, ms) in st.models_of(side) {
                    let selected = self.selected == Some(m);
                    let card = Card {
                        selected,
                        acting: acting == Some(m),
                        sz,
                        pal,
                        fear: Fear::of(g, st, m),
                    };
                    let r = model_card(ui, st, m, ms, card, l);
                    if r.clicked() {
                        clicked = Some(m);
                    }
                    if focus == Some(m) {
                        r.scroll_to_me(None);
                    }
                }
            });
        if let Some(m) = clicked {
            self.selected = Some(m);
            self.open_adjust = true;
        }
    }

    /// The model to bring into view this frame, once each time it
    /// changes: the one acting, or the first target of a hit to resolve
    /// (issue 27: the acting or threatened model scrolled out of view).
    pub(super) fn update_focus(&mut self, ctx: &egui::Context) {
        self.focus = None;
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let st = g.state();
        let want = match st.now() {
            crate::core::game::Now::ResolveHits { hits } => hits.first().map(|h| h.1),
            _ => st.actor(),
        };
        let id = egui::Id::unique("game_focus_model");
        let before = ctx.data(|d| d.get_temp::<Option<ModelRef>>(id)).flatten();
        if before != want {
            ctx.data_mut(|d| d.insert_temp(id, want));
            self.focus = want;
        }
    }

    /// Dark Forces beasts in play (R39): a card each, so that their fear
    /// and status are seen and adjusted like any model's.
    pub(super) fn beasts_ui(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        let st = self.replay.as_ref().map_or(g.state(), |r| &r.state);
        if st.models_of(Side::Beast).next().is_none() {
            return;
        }
        let sz = style::game_sizes(ui.ctx().content_rect().width());
        let pal = style::palette(ui.visuals().dark_mode);
        ui.label(
            egui::RichText::new(format!(
                "{} ({})",
                glossary::BEASTS.get(l),
                crate::core::glossary::DARK_FORCES.get(l)
            ))
            .size(sz.player)
            .strong(),
        );
        let acting = st.actor();
        let mut clicked = None;
        ui.horizontal_wrapped(|ui| {
            for (m, ms) in st.models_of(Side::Beast) {
                let card = Card {
                    selected: self.selected == Some(m),
                    acting: acting == Some(m),
                    sz,
                    pal,
                    fear: Fear::of(g, st, m),
                };
                ui.allocate_ui(egui::vec2(sz.card_text * 16.0, 0.0), |ui| {
                    if model_card(ui, st, m, ms, card, l).clicked() {
                        clicked = Some(m);
                    }
                });
            }
        });
        if let Some(m) = clicked {
            self.selected = Some(m);
            self.open_adjust = true;
        }
    }
}

/// How a card is drawn.
struct Card {
    selected: bool,
    acting: bool,
    sz: GameSizes,
    pal: Palette,
    fear: Fear,
}

/// The core's word on a model's fear (R31): its level, what it does and
/// the level each pip stands for.
struct Fear {
    level: &'static str,
    effect: Option<Text>,
    pips: Vec<&'static str>,
}

impl Fear {
    fn of(g: &Game, st: &GameState, m: ModelRef) -> Fear {
        let (level, effect) = (g.fear_level_at(st, m), g.fear_effect_at(st, m));
        let pips = g.fear_pips_at(st, m);
        Fear {
            level,
            effect,
            pips,
        }
    }
}

/// The warband's summary: player, warband and totem, the pool and VP in
/// big numbers, the counts by status.
fn summary(ui: &mut egui::Ui, st: &GameState, side: Side, sz: GameSizes, pal: Palette, l: Lang) {
    let Some(s) = st.side(side) else {
        return;
    };
    // The warband and its totem one row each, whole on hover; in a
    // short window (a zoomed 1280×800) the player, warband and totem
    // share one row, so the height goes to the cards (issue 27).
    let warband = s.warband.to_string();
    let totem = format!(
        "{}: {}{}",
        glossary::TOTEM.get(l),
        s.totem.as_deref().unwrap_or("—"),
        if s.totem_standing {
            ""
        } else {
            l.pick(" (destruido)", " (destroyed)")
        }
    );
    let player = egui::RichText::new(player(st, side, l))
        .size(sz.player)
        .strong()
        .color(pal.gold);
    let short = ui.ctx().content_rect().height() < super::header::SHORT_WINDOW;
    if short {
        ui.horizontal(|ui| {
            ui.label(player);
            ui.add(
                egui::Label::new(egui::RichText::new(&warband).strong().size(sz.card_text))
                    .truncate(),
            )
            .on_hover_text(format!("{warband}\n{totem}"));
        });
    } else {
        ui.label(player);
        ui.add(
            egui::Label::new(egui::RichText::new(&warband).strong().size(sz.card_text)).truncate(),
        )
        .on_hover_text(warband);
        ui.add(egui::Label::new(egui::RichText::new(&totem).size(sz.card_text)).truncate())
            .on_hover_text(totem);
    }
    ui.horizontal_wrapped(|ui| {
        ui.label(
            egui::RichText::new(format!("{} {}", s.pool, glossary::DP.get(l)))
                .size(sz.pool)
                .strong()
                .color(pal.pool_blue),
        )
        .on_hover_text(glossary::POOL.get(l));
        ui.add_space(16.0);
        ui.label(
            egui::RichText::new(format!("{} {}", s.score.total(), glossary::VP.get(l)))
                .size(sz.pool)
                .strong(),
        )
        .on_hover_text(format!(
            "{}: {} · {}: {} · {}: {}",
            match l {
                Lang::Es => format!("Bajas del {}", glossary::LEADER.es),
                Lang::En => format!("{}'s kills", glossary::LEADER.en),
            },
            s.score.kills,
            glossary::TOTEM.get(l),
            s.score.totem,
            l.pick("Escenario", "Scenario"),
            s.score.scenario
        ));
    });
    // The core's words; no break inside "3 standing".
    let count_line = st.counts_text(side).get(l).to_string();
    let counts = egui::Label::new(egui::RichText::new(&count_line).size(sz.card_text));
    if short {
        ui.add(counts.truncate()).on_hover_text(count_line);
    } else {
        ui.add(counts.wrap());
    }
}

/// A model's card: name, status, fear pips against Courage, engagement,
/// round and own DP.
fn model_card(
    ui: &mut egui::Ui,
    st: &GameState,
    m: ModelRef,
    ms: &ModelState,
    card: Card,
    l: Lang,
) -> egui::Response {
    let Card {
        selected,
        acting,
        pal,
        ..
    } = card;
    let visuals = ui.visuals().clone();
    let stroke = if acting {
        egui::Stroke::new(3.0, pal.gold)
    } else if selected {
        egui::Stroke::new(2.0, visuals.selection.stroke.color)
    } else {
        egui::Stroke::new(1.0, visuals.widgets.noninteractive.bg_stroke.color)
    };
    let out = !ms.status.in_play();
    let frame = egui::Frame::group(ui.style()).stroke(stroke).fill(if out {
        visuals.extreme_bg_color
    } else {
        visuals.panel_fill
    });
    let resp = ui
        .scope(|ui| {
            // Acted or out of play: dimmed, so the ones still to act stand out.
            if (ms.acted || out) && !acting {
                ui.multiply_opacity(0.45);
            }
            frame
                .show(ui, |ui| card_body(ui, st, ms, out, &card, l))
                .response
        })
        .inner;
    let id = ui.scope_id().with(("card", m));
    ui.interact(resp.rect, id, egui::Sense::click())
        .on_hover_text(format!(
            "{} · {}",
            fear_words(ms, &card.fear, l),
            l.pick("pulsa para ajustar a mano", "click to adjust by hand")
        ))
}

/// Fear against Courage, with what it does in the core's words (R31).
fn fear_words(ms: &ModelState, fear: &Fear, l: Lang) -> String {
    let what = fear.effect.as_ref().map(|t| format!(" · {}", t.get(l)));
    let (f, n, c) = (glossary::FEAR.get(l), ms.fear, ms.courage());
    format!("{f} {n}/{c}{}", what.unwrap_or_default())
}

fn card_body(ui: &mut egui::Ui, st: &GameState, ms: &ModelState, out: bool, card: &Card, l: Lang) {
    let (sz, pal) = (card.sz, card.pal);
    ui.set_width(ui.available_width());
    let visuals = ui.visuals().clone();
    // The name on its own line, whole (wrapped at spaces), then the status.
    let mut name = egui::RichText::new(format!("{}{}", if ms.leader { "★ " } else { "" }, ms.name))
        .strong()
        .size(sz.card_name);
    if out {
        name = name.strikethrough().weak();
    }
    ui.add(egui::Label::new(name).wrap());
    let color = match ms.status {
        Status::Standing => visuals.text_color(),
        Status::Prone => pal.amber,
        _ => pal.red,
    };
    let status = if ms.acted {
        format!("✔ {}", ms.status.label(l))
    } else {
        ms.status.label(l).to_string()
    };
    ui.horizontal_wrapped(|ui| {
        ui.label(egui::RichText::new(status).color(color).size(sz.card_text))
            .on_hover_text(ms.acted_text().get(l));
        ui.label(
            // Each label with its number, never split over two rows.
            egui::RichText::new(format!(
                "· {}\u{a0}{} · {}\u{a0}{}",
                glossary::ROUND.get(l),
                ms.round,
                l.pick("PD\u{a0}propios", "own\u{a0}DP"),
                ms.own_total()
            ))
            .size(sz.card_text),
        );
    });
    let p = &ms.profile.stats;
    ui.label(
        egui::RichText::new(format!(
            "Ag\u{a0}{} · {}\u{a0}{} · {}\u{a0}{} · {}\u{a0}{} · {}\u{a0}{} · {}\u{a0}{}",
            ms.agility(),
            Stat::Combat.abbrev(l),
            p.combat,
            Stat::Accuracy.abbrev(l),
            p.accuracy,
            Stat::Strength.abbrev(l),
            p.strength,
            Stat::Toughness.abbrev(l),
            ms.toughness(),
            Stat::Courage.abbrev(l),
            ms.courage()
        ))
        .size(sz.card_text),
    );
    ui.horizontal_wrapped(|ui| {
        super::pips::fear_pips(ui, ms.fear, &card.fear.pips, sz.pip, pal);
        if ms.fear > 0 {
            // Coloured as the phones colour it: by the core's level.
            let color = match card.fear.level {
                "flees" => pal.red,
                "frightened" => pal.amber,
                _ => visuals.text_color(),
            };
            ui.label(
                egui::RichText::new(fear_words(ms, &card.fear, l))
                    .size(sz.card_text)
                    .color(color),
            );
        }
    });
    if !ms.engaged.is_empty() {
        let names: Vec<String> = ms.engaged.iter().map(|e| st.name(*e)).collect();
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!(
                    "⚔ {} {}",
                    glossary::ENGAGED_WITH.get(l).to_lowercase(),
                    names.join(", ")
                ))
                .size(sz.card_text)
                .color(pal.amber),
            )
            .wrap(),
        );
    }
    if let Some(fall) = ms.pending_fall(l) {
        ui.add(
            egui::Label::new(egui::RichText::new(fall).size(sz.card_text).color(pal.red)).wrap(),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::core::game::act;
    use egui_kittest::kittest::Queryable as _;

    use super::super::testkit;
    use crate::core::game::{Action, ModelRef, Side};
    use crate::core::text::Lang;
    use crate::ui::game::test_kit::*;

    #[test]
    fn the_summary_should_count_models_by_status_under_the_players_names() {
        let mut g = new_game();
        let down = ModelRef::b(1);
        g.apply(Action::SetStatus(act::SetStatus {
            model: down,
            status: crate::core::game::Status::Down,
        }))
        .expect("down");
        let standing = g.state().models_of(Side::B).count() - 1;
        let mut h = harness(app(g, Lang::En));
        h.run();
        h.get_by_label("Ana");
        h.get_by_label("Bea");
        h.get_by_label(&format!(
            "{standing}\u{a0}standing · 1\u{a0}Down · 0\u{a0}fled"
        ));
        h.get_by_label("VP tied 0–0");
    }

    /// Issue 27: at 150 % in a 1280×800 window the acting model's card
    /// shows its name and stats inside the window, under the summary, with
    /// nothing over them, in both languages.
    #[test]
    fn at_150_percent_the_acting_card_should_be_whole_in_view() {
        for lang in [Lang::Es, Lang::En] {
            let mut g = testkit::new_game();
            testkit::step_to_acting(&mut g, 1);
            let actor = g.state().actor().expect("a model acting");
            let ms = g.state().model(actor).expect("the actor").clone();
            // Zoomed in step by step from 100 %, as with the A+ button.
            let mut h = testkit::harness(testkit::app(g, lang, 1.0));
            h.run();
            for step in 1..=5 {
                h.state_mut().prefs.ui_scale = 1.0 + 0.1 * step as f32;
                h.run();
            }
            for _ in 0..4 {
                h.run();
            }
            let screen = h.ctx.content_rect();
            let name = format!("{}{}", if ms.leader { "★ " } else { "" }, ms.name);
            let name = h.get_by_label(&name).rect();
            let stats = h
                .get_by_label_contains(&format!("Ag\u{a0}{} · ", ms.agility()))
                .rect();
            let pool = h
                .get_all_by_label_contains(lang.pick(" PD", " DP"))
                .map(|n| n.rect())
                .filter(|r| r.height() > 30.0)
                .collect::<Vec<_>>();
            for r in [name, stats] {
                assert!(
                    screen.contains_rect(r),
                    "{lang:?}: {r:?} outside {screen:?}"
                );
                for p in &pool {
                    assert!(!p.intersects(r), "{lang:?}: {p:?} over {r:?}");
                }
            }
            // The card stays inside its column: left of the centre's
            // heading (the acting model's name and the phase).
            let centre = h.get_by_label_contains(&format!("{} — ", ms.name)).rect();
            assert!(
                stats.right() <= centre.left(),
                "{lang:?}: {stats:?} past {centre:?}"
            );
            assert!(
                stats.top() >= name.bottom() - 1.0,
                "{lang:?}: {name:?} {stats:?}"
            );
        }
    }

    /// R31: a card at fear = Courage says its complication beside an
    /// amber pip.
    #[test]
    fn r31_a_card_at_fear_equal_to_courage_should_show_the_complication() {
        let mut g = testkit::new_game();
        testkit::step_to_acting(&mut g, 1);
        let m = ModelRef::new(Side::A, 0);
        let courage = g.state().model(m).expect("model").courage();
        g.apply(Action::AdjustFear(act::AdjustFear {
            model: m,
            delta: courage,
        }))
        .expect("adjust");
        // The pip that makes fear equal Courage is the core's first
        // `frightened` one (R31), drawn amber.
        let pips = g.fear_pips_at(g.state(), m);
        assert_eq!(pips[courage as usize - 1], "frightened");
        assert_eq!(pips[courage as usize - 2], "calm");
        let mut h = testkit::harness(testkit::app(g, Lang::En, 1.0));
        h.run();
        h.get_by_label(&format!("Fear {courage}/{courage} · 1\u{a0}complication"));
    }

    /// R39: a beast of the Dark Forces gets a card like any model.
    #[test]
    fn r39_a_beast_in_play_should_have_a_card() {
        let mut g = testkit::new_game();
        testkit::step_to_acting(&mut g, 8);
        assert!(g.state().beast_due);
        g.apply(Action::BeastAppears(act::BeastAppears {
            beast: crate::core::game::BeastChoice::Bestiary { index: 0 },
        }))
        .expect("beast");
        let name = g.state().name(ModelRef::beast(0));
        let mut h = testkit::harness(testkit::app(g, Lang::Es, 1.0));
        h.run();
        h.get_by_label("Bestias (Fuerzas Oscuras)");
        h.get_by_label(&name);
    }
}
