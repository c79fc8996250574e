//! What a change did besides the game itself (issue 34): the warbands'
//! records written, left or failed, a copied game file given an id of its
//! own, and the models that fled the battle (R31). [`super::host::Host`]
//! returns it with each change, so every client tells it at once (a
//! phone's action included), instead of polling for it at its own next
//! change.

use std::sync::Arc;

use super::refs::ModelRef;
use crate::text::{Lang, Text};

/// What a change did to the warbands' records.
#[derive(Clone, Debug, Default)]
pub enum Records {
    /// Nothing to do: the game is not ended (nor was), or has no file.
    #[default]
    Untouched,
    /// Ended, its result waits for both players' confirmation (issue 26).
    Held,
    /// Ended: its result is in both warbands' records.
    Written,
    /// Its end was undone: the result left the records (withdrawn).
    Left,
    /// The records could not be written (issue 15): said, not fatal; the
    /// game itself is saved. Shared so that a refusal carrying it clones.
    Failed(Arc<std::io::Error>),
}

impl PartialEq for Records {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (Records::Failed(a), Records::Failed(b)) => {
                a.kind() == b.kind() && a.to_string() == b.to_string()
            }
            _ => std::mem::discriminant(self) == std::mem::discriminant(other),
        }
    }
}

impl Eq for Records {}

/// A model that fled the battle with the change, with its name.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fled {
    pub model: ModelRef,
    pub name: String,
}

/// What one change did (see the module's comment). Default: nothing to
/// tell.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Happened {
    pub records: Records,
    /// The game file was a copy of another (same id) and now has an id of
    /// its own, so each keeps its entry in the records: the words to say.
    pub copy: Option<Text>,
    /// R31: models that fled the battle as a result of this change.
    pub fled: Vec<Fled>,
}

/// One thing to tell the players, in both languages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Said {
    pub text: Text,
    /// A failure (shown as an error), not news.
    pub error: bool,
}

impl Happened {
    /// The records could not be written.
    pub fn records_error(&self) -> Option<&std::io::Error> {
        match &self.records {
            Records::Failed(e) => Some(e),
            _ => None,
        }
    }

    /// Nothing to tell.
    pub fn is_quiet(&self) -> bool {
        self.said().is_empty()
    }

    /// `later` after this one, as one change: a records failure is never
    /// lost to a later change; otherwise the later records outcome counts.
    pub fn merge(&mut self, later: Happened) {
        let keep_failure = matches!(self.records, Records::Failed(_));
        if !keep_failure && later.records != Records::Untouched {
            self.records = later.records;
        }
        if later.copy.is_some() {
            self.copy = later.copy;
        }
        for f in later.fled {
            if !self.fled.contains(&f) {
                self.fled.push(f);
            }
        }
    }

    /// What to tell, in order: who fled (R31), the copy given its own id,
    /// the records that could not be written.
    pub fn said(&self) -> Vec<Said> {
        let mut out = Vec::new();
        if !self.fled.is_empty() {
            let names: Vec<&str> = self.fled.iter().map(|f| f.name.as_str()).collect();
            let names = names.join(", ");
            let one = self.fled.len() == 1;
            out.push(Said {
                text: Text::each(|l| {
                    let verb = match (one, l) {
                        (true, Lang::Es) => "Huye de la batalla",
                        (false, Lang::Es) => "Huyen de la batalla",
                        (true, Lang::En) => "Flees the battle",
                        (false, Lang::En) => "Flee the battle",
                    };
                    format!("{verb}: {names}")
                }),
                error: false,
            });
        }
        if let Some(c) = &self.copy {
            out.push(Said {
                text: c.clone(),
                error: false,
            });
        }
        if let Some(e) = self.records_error() {
            out.push(Said {
                text: Text::each(|l| {
                    format!(
                        "{}: {e}",
                        l.pick(
                            "No se pudo escribir el historial de las bandas",
                            "The warbands' records could not be written"
                        )
                    )
                }),
                error: true,
            });
        }
        out
    }

    /// Everything to tell as one message, and whether it holds a failure
    /// (a view with one message line).
    pub fn message(&self) -> Option<(Text, bool)> {
        let said = self.said();
        if said.is_empty() {
            return None;
        }
        let error = said.iter().any(|s| s.error);
        let text = Text::each(|l| {
            let lines: Vec<&str> = said.iter().map(|s| s.text.get(l)).collect();
            lines.join(" · ")
        });
        Some((text, error))
    }
}
