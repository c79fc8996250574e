//! "Compartir la mesa / Share the table" (issue 25): the open game served
//! read-only to the players' phones. The view stays the game's one writer;
//! after every change (an action, undo, redo, whoever made it here) the
//! new state is published to the server, which never opens the file.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;

use super::GameView;
use crate::core::game::{Game, Side};
use crate::core::text::Lang;
use crate::server::{Seat, Share, net, qr, view};

/// What identifies a state of the open game: a change to any of these is
/// a change worth publishing.
type Fingerprint = (Option<PathBuf>, usize, usize, usize);

fn fingerprint(g: &Game) -> Fingerprint {
    (
        g.path().map(|p| p.to_path_buf()),
        g.actions().len(),
        g.undone().len(),
        g.redo_list().len(),
    )
}

struct Running {
    share: Share,
    qr: Vec<Option<qr::Modules>>,
    published: Fingerprint,
    index: u64,
}

/// The share window's state; the chosen address is remembered by the app.
#[derive(Default)]
pub struct SharePanel {
    pub open: bool,
    /// The address last chosen (the app keeps it in its settings).
    pub remembered: Option<Ipv4Addr>,
    addresses: Vec<net::Address>,
    running: Option<Running>,
    error: Option<String>,
}

impl SharePanel {
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The three links while sharing.
    pub fn links(&self) -> Option<&crate::server::Links> {
        self.running.as_ref().map(|r| r.share.links())
    }

    fn refresh_addresses(&mut self) {
        self.addresses = net::ipv4_addresses();
        let known = |ip| self.addresses.iter().any(|a| a.ip == ip);
        if !self.remembered.is_some_and(known) {
            self.remembered = net::default_ipv4();
        }
    }

    /// Start sharing `g` on `ip` (port 0: any free port).
    pub fn start(&mut self, g: &Game, ip: Ipv4Addr, l: Lang) {
        self.stop();
        let bind = SocketAddr::new(IpAddr::V4(ip), 0);
        match Share::start(bind, view::state(g, 1), l) {
            Ok(share) => {
                let qr = Seat::ALL
                    .iter()
                    .map(|s| qr::Modules::of(share.links().get(*s)))
                    .collect();
                self.error = None;
                self.running = Some(Running {
                    share,
                    qr,
                    published: fingerprint(g),
                    index: 1,
                });
            }
            Err(e) => self.error = Some(e.to_string()),
        }
    }

    /// Stop sharing: the links die.
    pub fn stop(&mut self) {
        if let Some(r) = self.running.take() {
            r.share.stop();
        }
    }

    /// Publish the game's state if it changed since the last one.
    /// The address picker and Share/Stop: one row.
    fn address_row(&mut self, ui: &mut egui::Ui, g: &Game, l: Lang) {
        let running = self.is_running();
        ui.horizontal(|ui| {
            ui.label(l.pick("Dirección:", "Address:"));
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
                    });
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
                    self.stop();
                }
            } else if let Some(ip) = self.remembered {
                if ui.button(l.pick("▶ Compartir", "▶ Share")).clicked() {
                    self.start(g, ip, l);
                }
            } else {
                ui.label(l.pick("No hay red local", "No local network"));
            }
        });
    }

    pub fn sync(&mut self, game: Option<&Game>) {
        let Some(r) = self.running.as_mut() else {
            return;
        };
        let Some(g) = game else {
            // The game closed: so does the table.
            self.stop();
            return;
        };
        let now = fingerprint(g);
        if now != r.published {
            r.index += 1;
            r.share.publish(view::state(g, r.index));
            r.published = now;
        }
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

impl GameView {
    /// Called once a frame: publish a change, stop with the game.
    pub(super) fn share_sync(&mut self) {
        self.share.sync(self.game.as_deref());
    }

    pub(super) fn share_window(&mut self, ctx: &egui::Context, l: Lang) {
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
            .default_width(760.0)
            .pivot(egui::Align2::CENTER_TOP)
            .default_pos(egui::pos2(ctx.content_rect().center().x, 90.0))
            .show(ctx, |ui| self.share_body(ui, l));
        self.share.open = open;
    }

    fn share_body(&mut self, ui: &mut egui::Ui, l: Lang) {
        let Some(g) = self.game.as_ref() else {
            return;
        };
        // Read at arm's length, like the rest of the Game view.
        ui.style_mut().override_text_style = Some(egui::TextStyle::Heading);
        ui.style_mut()
            .text_styles
            .insert(egui::TextStyle::Heading, egui::FontId::proportional(17.0));
        ui.label(l.pick(
            "Cada jugador abre su enlace en el teléfono, en la misma red que este ordenador: \
             ve la partida en vivo (solo lectura). Los enlaces son las llaves: quien tiene \
             uno ve la partida; mueren al dejar de compartir.",
            "Each player opens their link on a phone on the same network as this computer: \
             the game live (read only). The links are the keys: whoever has one sees the \
             game; they die when sharing stops.",
        ));
        ui.add_space(6.0);
        self.share.address_row(ui, g, l);
        if let Some(e) = &self.share.error {
            ui.colored_label(ui.visuals().error_fg_color, e);
        }
        let Some(r) = self.share.running.as_ref() else {
            return;
        };
        ui.add_space(8.0);
        ui.horizontal_top(|ui| {
            for (i, seat) in Seat::ALL.into_iter().enumerate() {
                ui.vertical(|ui| {
                    ui.set_width(240.0);
                    ui.label(
                        egui::RichText::new(seat_name(g, seat, l))
                            .size(18.0)
                            .strong(),
                    );
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
                Lang::Es => format!("Estado publicado n.º {}", r.index),
                Lang::En => format!("Published state #{}", r.index),
            })
            .weak(),
        );
    }
}
