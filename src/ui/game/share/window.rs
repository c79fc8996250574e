//! The share window: the address and Share/Stop, a phone asking to play
//! (Allow / Refuse), the end waiting for both players (Confirm for both),
//! and each seat's QR code, link and phone.

use super::super::GameView;
use super::SharePanel;
use crate::core::game::{Game, Host, Side};
use crate::core::text::Lang;
use crate::server::{May, Seat, qr};

impl SharePanel {
    /// The address picker and Share/Stop: one row.
    fn address_row(&mut self, ui: &mut egui::Ui, host: &mut Host, l: Lang) {
        let running = self.is_running();
        ui.horizontal(|ui| {
            let addr_lbl = ui.label(l.pick("Dirección:", "Address:"));
            let shown = self
                .remembered
                .map(|ip| ip.to_string())
                .unwrap_or_else(|| l.pick("ninguna", "none").to_string());
            ui.add_enabled_ui(!running, |ui| {
                egui::ComboBox::from_id_salt("share_addr")
                    .selected_text(shown)
                    .width(300.0)
                    .show_ui(ui, |ui| {
                        for a in &self.addresses {
                            let text = format!(
                                "{} — {}{}",
                                a.ip,
                                a.iface,
                                if a.default_route {
                                    l.pick(" (ruta por defecto)", " (default route)")
                                } else if a.ip.is_loopback() {
                                    l.pick(" (solo este ordenador)", " (this computer only)")
                                } else {
                                    ""
                                }
                            );
                            ui.selectable_value(&mut self.remembered, Some(a.ip), text);
                        }
                    })
                    .response
                    .labelled_by(addr_lbl.id);
                if ui
                    .button("⟳")
                    .on_hover_text(l.pick("Buscar direcciones", "Look again"))
                    .clicked()
                {
                    self.refresh_addresses();
                }
            });
            if running {
                if ui
                    .button(l.pick("⏹ Dejar de compartir", "⏹ Stop sharing"))
                    .clicked()
                {
                    let stopped = self.stop(Some(host));
                    self.unshown.merge(stopped);
                }
            } else if let Some(port) = self.resumable(host).map(|s| s.addr.port()) {
                // Issue 35: the same links as last time, or new ones (which
                // is how old links are revoked).
                if ui
                    .button(match l {
                        Lang::Es => format!("▶ Reanudar: mismos enlaces (puerto {port})"),
                        Lang::En => format!("▶ Resume: same links (port {port})"),
                    })
                    .on_hover_text(l.pick(
                        "Los teléfonos siguen con sus enlaces y sus permisos",
                        "The phones keep their links and their leave to play",
                    ))
                    .clicked()
                {
                    self.resume(host, l, Some(ui.ctx().clone()));
                }
                if let Some(ip) = self.remembered
                    && ui
                        .button(l.pick("Enlaces nuevos", "New links"))
                        .on_hover_text(l.pick(
                            "Los enlaces anteriores dejan de funcionar",
                            "The old links stop working",
                        ))
                        .clicked()
                {
                    self.start(host, ip, l, Some(ui.ctx().clone()));
                }
            } else if let Some(ip) = self.remembered {
                if ui.button(l.pick("▶ Compartir", "▶ Share")).clicked() {
                    self.start(host, ip, l, Some(ui.ctx().clone()));
                }
            } else {
                ui.label(l.pick("No hay red local", "No local network"));
            }
        });
    }
}

/// A QR code drawn with egui: dark modules on a white quiet zone (phones
/// read it in the dark theme too).
fn qr_code(ui: &mut egui::Ui, m: &qr::Modules, side: f32) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(side, side), egui::Sense::hover());
    let p = ui.painter_at(rect);
    p.rect_filled(rect, 4.0, egui::Color32::WHITE);
    let quiet = 2.0;
    let cell = side / (m.width as f32 + 2.0 * quiet);
    for y in 0..m.width {
        for x in 0..m.width {
            if m.is_dark(x, y) {
                let min =
                    rect.min + egui::vec2((x as f32 + quiet) * cell, (y as f32 + quiet) * cell);
                p.rect_filled(
                    egui::Rect::from_min_size(min, egui::vec2(cell, cell)).expand(0.2),
                    0.0,
                    egui::Color32::BLACK,
                );
            }
        }
    }
}

fn seat_name(g: &Game, seat: Seat, l: Lang) -> String {
    match seat {
        Seat::A => format!("A — {}", g.state().player_name(Side::A, l)),
        Seat::B => format!("B — {}", g.state().player_name(Side::B, l)),
        Seat::Table => l
            .pick("Mesa (solo mirar)", "Table (watch only)")
            .to_string(),
    }
}

/// "Ana's phone wants to play Círculo de la Ceniza Negra".
fn asks_line(g: &Game, seat: Seat, l: Lang) -> String {
    let side = if seat == Seat::B { Side::B } else { Side::A };
    let player = g.state().player_name(side, l);
    let warband = g
        .state()
        .side(side)
        .map(|s| s.warband.to_string())
        .unwrap_or_default();
    match l {
        Lang::Es => format!("El teléfono de {player} quiere jugar con {warband}"),
        Lang::En => format!("{player}'s phone wants to play {warband}"),
    }
}

/// A seat's phone in words: connected or not, and what it may do.
fn phone_line(may: May, connected: bool, l: Lang) -> String {
    let link = if connected {
        l.pick("● teléfono conectado", "● phone connected")
    } else {
        l.pick("○ sin teléfono", "○ no phone")
    };
    let may = match may {
        May::Watch => l.pick("solo mira", "watches"),
        May::Ask => l.pick("aún sin permiso para jugar", "not yet allowed to play"),
        May::Asking => l.pick("pide jugar", "asks to play"),
        May::Play => l.pick("juega", "plays"),
        May::Refused => l.pick("rechazado", "refused"),
    };
    format!("{link} · {may}")
}

impl GameView {
    pub(in crate::ui::game) fn share_window(&mut self, ctx: &egui::Context, l: Lang) {
        if !self.share.open {
            return;
        }
        if self.share.addresses.is_empty() {
            self.share.refresh_addresses();
        }
        let mut open = true;
        egui::Window::new(l.pick("Compartir la mesa", "Share the table"))
            .open(&mut open)
            .resizable(true)
            // Issue 35: docked at the right, beside the game, not over its
            // middle.
            .default_width(560.0)
            .pivot(egui::Align2::RIGHT_TOP)
            .default_pos(egui::pos2(ctx.content_rect().right() - 12.0, 90.0))
            .show(ctx, |ui| self.share_body(ui, l));
        // Closed by its ✕, or by the body (after Allow).
        self.share.open = open && self.share.open;
    }

    /// A phone asks to play: the laptop decides, first and big.
    fn share_asking(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(host) = self.game.as_mut() else {
            return;
        };
        // What the requests allowed now did (issue 34), said after.
        let mut told = crate::core::game::Happened::default();
        for seat in self.share.asking() {
            let (mut allow, mut refuse) = (false, false);
            ui.add_space(6.0);
            egui::Frame::group(ui.style())
                .stroke(egui::Stroke::new(2.0, ui.visuals().warn_fg_color))
                .show(ui, |ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.label(
                            egui::RichText::new(format!("📱 {}", asks_line(host, seat, l)))
                                .size(20.0)
                                .strong(),
                        );
                        allow = ui
                            .button(egui::RichText::new(l.pick("Permitir", "Allow")).size(20.0))
                            .clicked();
                        refuse = ui
                            .button(egui::RichText::new(l.pick("Rechazar", "Refuse")).size(20.0))
                            .clicked();
                    });
                });
            if allow || refuse {
                told.merge(self.share.answer(seat, allow, host));
                // Issue 35: allowed and nothing else to decide here: the
                // window gets out of the game's way.
                if allow
                    && self.share.asking().is_empty()
                    && self.share.take_back_request(host, l).is_none()
                    && self.share.waiting_text(host, l).is_none()
                    && host.state().ended.is_none()
                {
                    self.share.open = false;
                }
            }
        }
        self.show(&told);
    }

    fn share_body(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(host) = self.game.as_mut() else {
            return;
        };
        // Read at arm's length, like the rest of the Game view.
        ui.style_mut().override_text_style = Some(egui::TextStyle::Heading);
        ui.style_mut()
            .text_styles
            .insert(egui::TextStyle::Heading, egui::FontId::proportional(17.0));
        // Issue 37: a page cannot listen for the phones; say where it can.
        if cfg!(target_arch = "wasm32") {
            ui.label(l.pick(
                "Una página web no puede recibir a los teléfonos: el navegador no deja que una \
                 página escuche en la red local. Comparte la mesa desde la aplicación de \
                 escritorio o con «impia game serve» en un ordenador de la misma red.",
                "A web page cannot receive the phones: the browser does not let a page listen \
                 on the local network. Share the table from the desktop app, or with \
                 `impia game serve` on a computer on the same network.",
            ));
            return;
        }
        ui.label(l.pick(
            "Cada jugador abre su enlace en el teléfono, en la misma red que este ordenador: \
             ve la partida en vivo y juega por su banda. La primera acción de cada teléfono \
             pide permiso aquí. Los enlaces son las llaves: mueren al dejar de compartir.",
            "Each player opens their link on a phone on the same network as this computer: \
             the game live, and they play for their warband. Each phone's first action asks \
             for leave here. The links are the keys: they die when sharing stops.",
        ));
        ui.add_space(6.0);
        self.share.address_row(ui, host, l);
        if let Some(e) = &self.share.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        if !self.share.is_running() {
            return;
        }
        self.share_asking(ui, l);
        self.share_take_back(ui, l);
        self.share_waiting(ui, l);
        self.share_end(ui, l);
        let Some(host) = self.game.as_ref() else {
            return;
        };
        let Some(r) = self.share.running.as_ref() else {
            return;
        };
        ui.add_space(8.0);
        ui.horizontal_top(|ui| {
            for (i, seat) in Seat::ALL.into_iter().enumerate() {
                ui.vertical(|ui| {
                    ui.set_width(240.0);
                    ui.label(
                        egui::RichText::new(seat_name(host, seat, l))
                            .size(18.0)
                            .strong(),
                    );
                    if seat != Seat::Table {
                        let on = r.share.connected(seat) > 0;
                        let text = phone_line(r.seats.may(seat), on, l);
                        if on {
                            ui.colored_label(egui::Color32::from_rgb(0x3a, 0xa0, 0x4a), text);
                        } else {
                            ui.label(egui::RichText::new(text).weak());
                        }
                    }
                    if let Some(Some(m)) = r.qr.get(i) {
                        qr_code(ui, m, 220.0);
                    }
                    let link = r.share.links().get(seat).to_string();
                    ui.add(
                        egui::Label::new(egui::RichText::new(&link).monospace().size(14.0)).wrap(),
                    );
                    if ui.small_button(l.pick("Copiar", "Copy")).clicked() {
                        ui.ctx().copy_text(link);
                    }
                });
            }
        });
        ui.label(
            egui::RichText::new(match l {
                Lang::Es => format!("Estado publicado n.º {}", r.share.index()),
                Lang::En => format!("Published state #{}", r.share.index()),
            })
            .weak(),
        );
    }

    /// Issue 33: a phone asks to take back the last action; the laptop
    /// may answer for the other player, like the phones' leave.
    fn share_take_back(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(host) = self.game.as_mut() else {
            return;
        };
        let Some(question) = self.share.take_back_request(host, l) else {
            return;
        };
        let (mut allow, mut refuse) = (false, false);
        ui.add_space(6.0);
        egui::Frame::group(ui.style())
            .stroke(egui::Stroke::new(2.0, ui.visuals().warn_fg_color))
            .show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label(
                        egui::RichText::new(format!("↶ {question}"))
                            .size(20.0)
                            .strong(),
                    );
                    allow = ui
                        .button(egui::RichText::new(l.pick("Permitir", "Allow")).size(20.0))
                        .clicked();
                    refuse = ui
                        .button(egui::RichText::new(l.pick("Rechazar", "Refuse")).size(20.0))
                        .clicked();
                });
            });
        if allow || refuse {
            match self.share.answer_take_back(host, allow) {
                Ok(h) => self.show(&h),
                Err(e) => {
                    self.say(crate::core::text::Text::each(|l| e.message(l)), true);
                    if let Some(h) = e.happened() {
                        self.show_beside(h);
                    }
                }
            }
        }
    }

    /// Issue 33: a roll or proposal of one phone waiting for the other;
    /// the laptop, the referee, may apply it or drop it.
    fn share_waiting(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(host) = self.game.as_mut() else {
            return;
        };
        let Some(text) = self.share.waiting_text(host, l) else {
            return;
        };
        let (mut apply, mut drop) = (false, false);
        ui.add_space(6.0);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(egui::RichText::new(format!("📱 {text}")).strong());
                apply = ui.button(l.pick("Aplicar", "Apply")).clicked();
                drop = ui.button(l.pick("Descartar", "Drop")).clicked();
            });
        });
        if apply || drop {
            match self.share.decide(apply, host) {
                Ok(h) => self.show(&h),
                Err(e) => {
                    self.share.error = Some(e.message(l));
                    if let Some(h) = e.happened() {
                        self.show(h);
                    }
                }
            }
        }
    }

    /// A shared game that ended: who confirmed its report on their phone,
    /// and "Confirm for both" while it waits for them.
    fn share_end(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(host) = self.game.as_mut() else {
            return;
        };
        let Some(r) = self.share.running.as_ref() else {
            return;
        };
        if host.state().ended.is_none() {
            return;
        }
        let confirmed = r.seats.confirmed();
        let held = host.records_held();
        let mut both = false;
        ui.add_space(6.0);
        egui::Frame::group(ui.style()).show(ui, |ui| {
            ui.horizontal_wrapped(|ui| {
                ui.label(
                    egui::RichText::new(l.pick("Fin de la partida:", "The game is over:")).strong(),
                );
                for (side, ok) in [(Side::A, confirmed[0]), (Side::B, confirmed[1])] {
                    let who = host.state().player_name(side, l);
                    ui.label(if ok {
                        format!("{who} ✔ {}", l.pick("confirmado", "confirmed"))
                    } else {
                        format!("{who} — {}", l.pick("sin confirmar", "not confirmed"))
                    });
                }
                if held {
                    both = ui
                        .button(l.pick("✔ Confirmar por ambos", "✔ Confirm for both"))
                        .clicked();
                } else {
                    ui.label(l.pick(
                        "Anotada en el historial de las bandas",
                        "In the warbands' records",
                    ));
                }
            });
        });
        if both {
            let happened = self.share.confirm_for_both(host);
            self.show(&happened);
        }
    }
}
