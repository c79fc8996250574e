//! Pack-wide checks: the pack id, unique table ids, and the `then` links
//! between roll tables: each names a roll table of the pack, none loops, and
//! no chain of them is longer than a roll follows ([`MAX_CHAIN`]).
//!
//! The links are checked in time linear in the tables and links: one
//! depth-first walk colours each table once (a link to a table still on the
//! walk's path is a loop) and records the longest chain below it. Walking
//! every path instead, as an earlier version did, took for ever on a pack
//! whose tables form 40 layers of two.

use std::collections::{HashMap, HashSet};

use super::check_kit::{ID_RULE, row_pos, valid_id};
use super::locate::Region;
use super::{Body, Pack};
use crate::error::DataError;

/// The most `then` links a roll follows in a row (so at most 17 tables are
/// rolled). A pack with a longer chain is refused when it loads.
pub const MAX_CHAIN: usize = 16;

/// Pack-wide checks: the id, unique table ids, `then` links, loops and the
/// length of chains.
pub fn check_pack(pack: &Pack, meta: &Region, regions: &[Region]) -> Result<(), DataError> {
    if !valid_id(&pack.id) {
        return Err(meta.err(
            meta.key_or_top("pack"),
            format!("pack id '{}' is not an id: use {ID_RULE}", pack.id),
        ));
    }
    let mut index: HashMap<&str, usize> = HashMap::with_capacity(pack.tables.len());
    for (i, (t, r)) in pack.tables.iter().zip(regions).enumerate() {
        if index.insert(t.id.as_str(), i).is_some() {
            return Err(r.err(
                r.key_value("id", &t.id, 0).unwrap_or(r.top()),
                format!(
                    "duplicate table id '{}' in pack '{}': every id must be unique",
                    t.id, pack.id
                ),
            ));
        }
    }
    // The graph: for each table, the tables its rows send to (once each).
    let mut next: Vec<Vec<usize>> = vec![Vec::new(); pack.tables.len()];
    for (ti, (t, r)) in pack.tables.iter().zip(regions).enumerate() {
        let Body::Roll(rb) = &t.body else { continue };
        let mut seen = HashSet::new();
        for (i, row) in rb.rows.iter().enumerate() {
            let Some(target) = &row.then else { continue };
            let pos = || {
                r.key_value("then", target, 0)
                    .unwrap_or_else(|| row_pos(r, "range", &rb.rows[..i], &row.label))
            };
            match index.get(target.as_str()) {
                None => {
                    let ids: Vec<&str> = pack.tables.iter().map(|t| t.id.as_str()).collect();
                    return Err(r.err(
                        pos(),
                        format!(
                            "row '{}' of table '{}' sends to '{target}', which is not a table of pack '{}' (its tables: {})",
                            row.label,
                            t.id,
                            pack.id,
                            ids.join(", ")
                        ),
                    ));
                }
                Some(&j) if !matches!(pack.tables[j].body, Body::Roll(_)) => {
                    return Err(r.err(
                        pos(),
                        format!(
                            "row '{}' of table '{}' sends to '{target}', a lookup table: `then` needs a table to roll",
                            row.label, t.id
                        ),
                    ));
                }
                Some(&j) => {
                    if seen.insert(j) {
                        next[ti].push(j);
                    }
                }
            }
        }
    }
    match walk(&next) {
        Ok(longest) => {
            let Some(start) = (0..next.len()).find(|&i| longest[i] > MAX_CHAIN) else {
                return Ok(());
            };
            let chain = longest_chain(&next, &longest, start);
            let names: Vec<&str> = chain.iter().map(|&i| pack.tables[i].id.as_str()).collect();
            let r = &regions[start];
            Err(r.err(
                r.key("then").unwrap_or(r.top()),
                format!(
                    "the `then` links chain {} tables: {} — a roll follows at most {MAX_CHAIN} links ({} tables)",
                    names.len(),
                    shorten(&names),
                    MAX_CHAIN + 1
                ),
            ))
        }
        Err(cycle) => {
            let names: Vec<&str> = cycle.iter().map(|&i| pack.tables[i].id.as_str()).collect();
            let r = &regions[cycle[0]];
            Err(r.err(
                r.key("then").unwrap_or(r.top()),
                format!(
                    "the `then` links loop: {} — a roll would never end",
                    names.join(" → ")
                ),
            ))
        }
    }
}

/// One depth-first walk over the whole graph, without recursion (a chain of
/// thousands of tables must not overflow the stack). `Ok`: for each table,
/// the most links a roll from it follows; `Err`: a loop, its first table
/// repeated at the end.
fn walk(next: &[Vec<usize>]) -> Result<Vec<usize>, Vec<usize>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Colour {
        New,
        OnPath,
        Done,
    }
    let n = next.len();
    let mut colour = vec![Colour::New; n];
    let mut longest = vec![0usize; n];
    for root in 0..n {
        if colour[root] != Colour::New {
            continue;
        }
        // Each frame: a table and how many of its links are explored.
        let mut stack: Vec<(usize, usize)> = vec![(root, 0)];
        colour[root] = Colour::OnPath;
        while let Some(frame) = stack.last_mut() {
            let t = frame.0;
            if let Some(&u) = next[t].get(frame.1) {
                frame.1 += 1;
                match colour[u] {
                    Colour::New => {
                        colour[u] = Colour::OnPath;
                        stack.push((u, 0));
                    }
                    Colour::OnPath => {
                        let from = stack.iter().position(|(x, _)| *x == u).unwrap_or(0);
                        let mut cycle: Vec<usize> = stack[from..].iter().map(|(x, _)| *x).collect();
                        cycle.push(u);
                        return Err(cycle);
                    }
                    Colour::Done => {}
                }
            } else {
                longest[t] = next[t]
                    .iter()
                    .map(|&u| longest[u].saturating_add(1))
                    .max()
                    .unwrap_or(0);
                colour[t] = Colour::Done;
                stack.pop();
            }
        }
    }
    Ok(longest)
}

/// The tables of a longest chain from `start`.
fn longest_chain(next: &[Vec<usize>], longest: &[usize], start: usize) -> Vec<usize> {
    let mut chain = vec![start];
    let mut cur = start;
    while let Some(&u) = next[cur].iter().find(|&&u| longest[u] + 1 == longest[cur]) {
        chain.push(u);
        cur = u;
    }
    chain
}

/// `a → b → c`, or `a → b → … → y → z` for a long chain.
fn shorten(names: &[&str]) -> String {
    if names.len() <= 6 {
        return names.join(" → ");
    }
    format!(
        "{} → … → {}",
        names[..3].join(" → "),
        names[names.len() - 2..].join(" → ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_loop_is_found_with_its_tables() {
        // 0 → 1 → 2 → 1
        let next = vec![vec![1], vec![2], vec![1]];
        assert_eq!(walk(&next), Err(vec![1, 2, 1]));
    }

    #[test]
    fn the_longest_chain_counts_links() {
        // 0 → 1 → 2, 0 → 2
        let next = vec![vec![1, 2], vec![2], vec![]];
        assert_eq!(walk(&next), Ok(vec![2, 1, 0]));
        assert_eq!(longest_chain(&next, &[2, 1, 0], 0), vec![0, 1, 2]);
    }
}
