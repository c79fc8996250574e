//! `impia table odds`: the exact chance of every outcome, before rolling.

use serde::Serialize;

use super::{CliError, TableArgs, given_inputs, heading, print_json};
use crate::core::odds::Odds;
use crate::core::packs::roll::{GivenInput, InputValue, OutcomeOdds};
use crate::core::packs::{Body, Pack, PackTable};
use crate::core::text::Lang;

#[derive(Serialize)]
struct OutcomeOut<'a> {
    key: &'a str,
    text: &'a str,
    odds: Odds,
}

fn outcome_rows(list: &[OutcomeOdds], l: Lang) -> Vec<OutcomeOut<'_>> {
    list.iter()
        .map(|o| OutcomeOut {
            key: &o.key,
            text: o.name.get(l),
            odds: o.odds,
        })
        .collect()
}

pub(super) fn odds(
    pack: &Pack,
    t: &PackTable,
    a: &TableArgs,
    values: &[InputValue],
    l: Lang,
) -> Result<(), CliError> {
    let list = t
        .odds(a.modifier, values)
        .map_err(|e| CliError(format!("{}/{}: {e}", pack.id, t.id)))?;
    if a.json {
        #[derive(Serialize)]
        struct Out<'a> {
            table: String,
            modifier: i32,
            inputs: Vec<GivenInput>,
            outcomes: Vec<OutcomeOut<'a>>,
        }
        return print_json(&Out {
            table: format!("{}/{}", pack.id, t.id),
            modifier: a.modifier,
            inputs: given_inputs(t, values),
            outcomes: outcome_rows(&list, l),
        });
    }
    outln!("{}", heading(pack, t, l));
    for o in &list {
        let key = if o.key.is_empty() || matches!(t.body, Body::Lookup(_)) {
            String::new()
        } else {
            format!("{:>6}  ", o.key)
        };
        outln!(
            "{key}{:>7}  {:>9}  {}",
            o.odds.percent(l),
            o.odds.exact(),
            o.name.get(l)
        );
    }
    Ok(())
}
