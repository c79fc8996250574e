//! Names and texts in the two languages of the UI.

use serde::{Deserialize, Serialize};

/// The UI languages: Spanish (the summary's own words) and English.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Lang {
    #[default]
    Es,
    En,
}

impl Lang {
    /// Pick the string of this language: `lang.pick("éxito", "success")`.
    pub fn pick<'a>(self, es: &'a str, en: &'a str) -> &'a str {
        match self {
            Lang::Es => es,
            Lang::En => en,
        }
    }

    pub fn code(self) -> &'static str {
        match self {
            Lang::Es => "es",
            Lang::En => "en",
        }
    }
}

impl std::str::FromStr for Lang {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "es" | "spanish" | "español" => Ok(Lang::Es),
            "en" | "english" | "inglés" => Ok(Lang::En),
            other => Err(format!("unknown language '{other}', expected 'es' or 'en'")),
        }
    }
}

/// A text in Spanish and English.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Text {
    pub es: String,
    pub en: String,
}

impl Text {
    pub fn new(es: impl Into<String>, en: impl Into<String>) -> Self {
        Text {
            es: es.into(),
            en: en.into(),
        }
    }

    pub fn get(&self, lang: Lang) -> &str {
        match lang {
            Lang::Es => &self.es,
            Lang::En => &self.en,
        }
    }
}
