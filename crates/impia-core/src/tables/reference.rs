//! The rules reference: every rule R01–R42 with the summary's Spanish text
//! and an English rendering, and the readings we chose (RULES.md §3).

use serde::{Deserialize, Serialize};

use crate::text::Text;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefSection {
    pub id: String,
    pub title: Text,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RefRule {
    pub id: String,
    pub section: String,
    pub title: Text,
    pub text: Text,
}

/// A reading chosen where the summary is silent (RULES.md §3).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reading {
    pub id: String,
    pub title: Text,
    pub text: Text,
    #[serde(default)]
    pub rules: Vec<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Reference {
    pub sections: Vec<RefSection>,
    pub rules: Vec<RefRule>,
    pub readings: Vec<Reading>,
}

impl Reference {
    /// Rules and readings whose id, title or text (either language) contains
    /// every word of `query`, case-insensitively.
    pub fn matches(text: &[&str], query: &str) -> bool {
        let hay: String = text.join(" ").to_lowercase();
        query
            .split_whitespace()
            .all(|w| hay.contains(&w.to_lowercase()))
    }
}
