//! The models searched by keyword (issue 32): each chunk of a warband's
//! models knows the union of its keywords, so a search for a rare one
//! (R42 Imposing presence, asked once per target) skips the chunks without
//! it.

use super::cow::Keys;
use super::refs::{ModelRef, Side};
use super::state::{GameState, ModelState};
use crate::tables::Keyword;

/// A keyword as one bit of [`Keys`] (fewer than 64 keywords).
fn keyword_bit(k: Keyword) -> u64 {
    1 << (k as u32 % 64)
}

impl Keys for ModelState {
    fn keys(&self) -> u64 {
        self.profile
            .keywords
            .iter()
            .fold(0, |b, k| b | keyword_bit(*k))
    }
}

impl GameState {
    /// The models that may have the keyword `k` (a superset, in the order
    /// of [`GameState::models`]): a warband's chunks without it are
    /// skipped (issue 32: R42 Imposing presence was looked for in every
    /// model, once per target).
    pub(crate) fn models_maybe_with(
        &self,
        k: Keyword,
    ) -> impl Iterator<Item = (ModelRef, &ModelState)> {
        let bit = keyword_bit(k);
        Side::WARBANDS
            .into_iter()
            .flat_map(move |side| {
                self.sides.get(side).into_iter().flat_map(move |x| {
                    x.models
                        .maybe_with(bit)
                        .map(move |(i, m)| (ModelRef::new(side, i), m))
                })
            })
            .chain(self.models_of(Side::Beast))
    }
}
