//! Why the game refused an action: a typed [`Refusal`] (its facts, the rule
//! it applies and a kind the view can match on), put into words in one place
//! (`error/es.rs`, `error/en.rs`).

mod en;
mod es;
mod mentions;
mod refusal;

pub use refusal::Refusal;

use std::fmt;
use std::sync::Arc;

use crate::error::DataError;
use crate::game::happened::Happened;
use crate::game::refs::ModelRef;
use crate::text::Lang;

/// What kind of refusal, for a view that reacts differently to some.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The action names a model, side, weapon or spell that does not exist.
    Unknown,
    /// Not now: another phase, another side's pick, another model's
    /// activation, a hit no longer waiting.
    NotNow,
    /// The model cannot act: Down, Fled, Removed, Prone, engaged…
    CannotAct,
    /// The pool and the model's own DP cannot pay the cost (R10–R12).
    CannotPay,
    /// The dice stored in the action do not fit its check (R01–R04).
    BadRoll,
    /// The check stored in the action is not the one the game builds now.
    StaleCheck,
    /// Any other rule the action breaks.
    Rule,
    /// The action was applied, but saving the game file failed.
    Autosave,
}

/// A refused action (or an autosave that failed after applying one): the
/// typed [`Refusal`] with its kind and rule id beside it for matching.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct GameError {
    pub kind: ErrorKind,
    /// The rule id (R01–R42) or reading (§3) the refusal rests on, if any.
    pub rule: Option<&'static str>,
    /// Boxed: a `Result` with a `GameError` stays small.
    pub refusal: Box<Refusal>,
    /// The names of the models the refusal mentions, taken from the game
    /// where the refusal left the rules (`guard::named`).
    pub names: Names,
    /// Issue 34: an action applied whose save failed (`is_applied`) still
    /// did what it did (records written or failed, a copy, who fled):
    /// the host's change returns it here, beside the failure, not lost.
    pub happened: Option<Box<Happened>>,
}

/// The names of some models, for putting a refusal into words: the refusal
/// itself holds only [`ModelRef`]s.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names(Vec<(ModelRef, Arc<str>)>);

impl FromIterator<(ModelRef, Arc<str>)> for Names {
    fn from_iter<I: IntoIterator<Item = (ModelRef, Arc<str>)>>(iter: I) -> Self {
        Names(iter.into_iter().collect())
    }
}

impl Names {
    /// The name of `m`, or its reference (`a0`) when no name was taken.
    pub fn of(&self, m: ModelRef) -> String {
        self.0
            .iter()
            .find(|(r, _)| *r == m)
            .map_or_else(|| m.to_string(), |(_, n)| n.to_string())
    }

    /// The names of `models`, joined with ", ".
    pub fn list(&self, models: &[ModelRef]) -> String {
        let names: Vec<String> = models.iter().map(|&m| self.of(m)).collect();
        names.join(", ")
    }
}

impl From<Refusal> for GameError {
    fn from(refusal: Refusal) -> Self {
        GameError {
            kind: refusal.kind(),
            rule: refusal.rule(),
            refusal: Box::new(refusal),
            names: Names::default(),
            happened: None,
        }
    }
}

impl fmt::Display for GameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Lang::En))
    }
}

impl Refusal {
    /// The refusal's words in `lang`, without the rule id; the models it
    /// mentions are called by their `names`.
    pub fn text(&self, lang: Lang, names: &Names) -> String {
        match lang {
            Lang::Es => es::text(self, names),
            Lang::En => en::text(self, names),
        }
    }
}

impl GameError {
    /// The error with `names` for the models its refusal mentions, unless
    /// it has names already (`guard::named` takes them from the game).
    pub(crate) fn with_names(mut self, names: impl FnOnce(&[ModelRef]) -> Names) -> GameError {
        if self.names.0.is_empty() {
            self.names = names(&self.refusal.models());
        }
        self
    }

    /// The message in `lang`, with the rule id in front when there is one.
    pub fn message(&self, lang: Lang) -> String {
        let text = self.refusal.text(lang, &self.names);
        match self.rule {
            Some(r) => format!("{r}: {text}"),
            None => text,
        }
    }

    /// True when the action took effect and only the save failed.
    pub fn is_applied(&self) -> bool {
        self.kind == ErrorKind::Autosave
    }

    /// What an applied action did although its save failed (see
    /// [`GameError::happened`]'s field).
    pub fn happened(&self) -> Option<&Happened> {
        self.happened.as_deref()
    }

    /// The error with what its applied change did.
    pub(crate) fn with_happened(mut self, h: Happened) -> GameError {
        self.happened = Some(Box::new(h));
        self
    }
}

/// A game file that cannot be opened, or whose log does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameFileError {
    /// Unreadable: missing, not YAML, a wrong field, a newer version; with
    /// file, line and column where known.
    #[error("{0}")]
    Data(#[from] DataError),
    /// The file reads, but action `index` (0-based) of its log is refused.
    #[error("{file}:{line}: action {index} does not replay: {error}")]
    Inconsistent {
        file: String,
        index: usize,
        line: usize,
        error: GameError,
    },
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::refs::Side;

    /// Issue 34: a model's name is a man's or a woman's, and the troops
    /// carry no gender: a Spanish refusal names the model without an
    /// adjective or pronoun that would agree with it ("Abdón está
    /// trabada", "Ramón Abatida", "asaltarla").
    #[test]
    fn spanish_refusals_need_no_gender_for_the_models_they_name() {
        let (m, o) = (ModelRef::new(Side::A, 0), ModelRef::new(Side::B, 0));
        let names: Names = [(m, Arc::from("Abdón")), (o, Arc::from("Ramón"))]
            .into_iter()
            .collect();
        let refusals = [
            Refusal::Engaged { model: m, with: o },
            Refusal::NotEngagedWith { model: m, other: o },
            Refusal::NotEngaged { model: m },
            Refusal::DreadfulFailed {
                model: m,
                creature: o,
            },
            Refusal::NoFriendDown { model: m },
            Refusal::Prone { model: m },
            Refusal::NotActivated { model: m },
        ];
        for r in refusals {
            let text = r.text(Lang::Es, &names);
            assert!(text.contains("Abdón"), "{text}");
            for agreeing in [
                "trabada",
                "activada",
                "Abdón Abatida",
                "Ramón Abatida",
                "asaltarla",
            ] {
                assert!(!text.contains(agreeing), "{text}: «{agreeing}»");
            }
        }
    }
}
