//! A list shared between copies of a state until one of them changes it
//! (issue 32): its items are kept in chunks behind `Arc`s, so a copy costs
//! one pointer and a change copies only its item's chunk. The
//! offers try every action on a copy of the state, once per target: with
//! the models in a plain `Vec` each try copied every model, and a
//! 4,000-model game took 27 s per phone action. Each chunk also keeps the
//! union of its items' [`Keys`], worked out when first asked and forgotten
//! when the chunk changes, so that a search for the few models with a
//! keyword (R42 Imposing presence, asked once per target) skips the chunks
//! without it.

use std::sync::{Arc, OnceLock};

/// Items per chunk: a change copies at most this many.
const CHUNK: usize = 32;

/// What an item is searched by: a set of at most 64 keys as bits.
pub trait Keys {
    fn keys(&self) -> u64;
}

/// Up to [`CHUNK`] items and the union of their keys once asked.
#[derive(Clone)]
struct Chunk<T> {
    items: Vec<T>,
    keys: OnceLock<u64>,
}

impl<T> Chunk<T> {
    /// Its items to change: the keys asked before no longer hold.
    fn items_mut(&mut self) -> &mut Vec<T> {
        self.keys = OnceLock::new();
        &mut self.items
    }
}

/// A list of `T` whose copies share their unchanged chunks. The list of
/// chunks is shared too: a copy costs one pointer, whatever the length
/// (the offers copy the state once or more per target); the first change
/// of a copy copies the list of chunks, then the chunk it changes.
#[derive(Clone)]
pub struct CowList<T> {
    chunks: Arc<Vec<Arc<Chunk<T>>>>,
    len: usize,
}

impl<T> Default for CowList<T> {
    fn default() -> Self {
        CowList {
            chunks: Arc::new(Vec::new()),
            len: 0,
        }
    }
}

impl<T: Clone> CowList<T> {
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn get(&self, i: usize) -> Option<&T> {
        self.chunks.get(i / CHUNK)?.items.get(i % CHUNK)
    }

    /// Whether item `i` is still shared with `other`, a copy: no change of
    /// either copied its chunk (issue 32's tests count the copies).
    #[cfg(test)]
    pub(crate) fn shares(&self, other: &Self, i: usize) -> bool {
        match (self.chunks.get(i / CHUNK), other.chunks.get(i / CHUNK)) {
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// The item `i`, its chunk copied first if another copy shares it.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        if i >= self.len {
            return None;
        }
        Arc::make_mut(Arc::make_mut(&mut self.chunks).get_mut(i / CHUNK)?)
            .items_mut()
            .get_mut(i % CHUNK)
    }

    pub fn push(&mut self, item: T) {
        let chunks = Arc::make_mut(&mut self.chunks);
        match chunks.last_mut() {
            Some(last) if last.items.len() < CHUNK => Arc::make_mut(last).items_mut().push(item),
            _ => {
                let mut items = Vec::with_capacity(CHUNK);
                items.push(item);
                chunks.push(Arc::new(Chunk {
                    items,
                    keys: OnceLock::new(),
                }));
            }
        }
        self.len += 1;
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + Clone {
        self.chunks.iter().flat_map(|c| c.items.iter())
    }

    /// Every item, for a change that walks them all (each chunk copied
    /// first if shared).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        Arc::make_mut(&mut self.chunks)
            .iter_mut()
            .flat_map(|c| Arc::make_mut(c).items_mut().iter_mut())
    }
}

impl<T: Clone + Keys> CowList<T> {
    /// The items that may have one of the keys `any` (a superset: every
    /// item of a chunk whose union meets `any`), with their indexes: a
    /// search for a rare keyword walks one item in [`CHUNK`].
    pub fn maybe_with(&self, any: u64) -> impl Iterator<Item = (usize, &T)> {
        self.chunks
            .iter()
            .enumerate()
            .filter(move |(_, c)| {
                let keys = c
                    .keys
                    .get_or_init(|| c.items.iter().fold(0, |k, x| k | x.keys()));
                keys & any != 0
            })
            .flat_map(|(n, c)| {
                c.items
                    .iter()
                    .enumerate()
                    .map(move |(i, x)| (n * CHUNK + i, x))
            })
    }
}

impl<T: Clone> FromIterator<T> for CowList<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut list = CowList::default();
        for x in items {
            list.push(x);
        }
        list
    }
}

impl<T: Clone> std::ops::Index<usize> for CowList<T> {
    type Output = T;

    fn index(&self, i: usize) -> &T {
        match self.get(i) {
            Some(x) => x,
            None => panic!("index {i} out of a list of {}", self.len),
        }
    }
}

impl<T: Clone + PartialEq> PartialEq for CowList<T> {
    fn eq(&self, other: &Self) -> bool {
        self.len == other.len && self.iter().eq(other.iter())
    }
}

impl<T: Clone + std::fmt::Debug> std::fmt::Debug for CowList<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::CowList;

    #[test]
    fn a_copy_changed_leaves_the_original_as_it_was() {
        let a: CowList<u32> = (0..100).collect();
        let mut b = a.clone();
        if let Some(x) = b.get_mut(70) {
            *x = 7;
        }
        for x in b.iter_mut().take(3) {
            *x += 1;
        }
        b.push(100);
        assert_eq!(
            a.iter().copied().collect::<Vec<_>>(),
            (0..100).collect::<Vec<_>>()
        );
        assert_eq!(b.len(), 101);
        assert_eq!((b[0], b[2], b[3], b[70], b[100]), (1, 3, 3, 7, 100));
        assert_ne!(a, b);
        assert_eq!(a, a.clone());
        assert!(b.get(101).is_none() && b.get_mut(101).is_none());
        assert_eq!(a.iter().next_back(), Some(&99));
    }

    impl super::Keys for u32 {
        fn keys(&self) -> u64 {
            u64::from(*self >= 1000)
        }
    }

    #[test]
    fn a_search_by_key_skips_chunks_without_it_and_sees_a_change() {
        let mut a: CowList<u32> = (0..100).collect();
        let found = |l: &CowList<u32>| l.maybe_with(1).filter(|(_, x)| **x >= 1000).count();
        assert_eq!(a.maybe_with(1).count(), 0, "no chunk has the key");
        let b = a.clone();
        if let Some(x) = a.get_mut(70) {
            *x = 1000;
        }
        // Only the chunk of item 70 is walked, its indexes kept.
        let walked: Vec<usize> = a.maybe_with(1).map(|(i, _)| i).collect();
        assert_eq!(walked, (64..96).collect::<Vec<_>>());
        assert_eq!((found(&a), found(&b)), (1, 0));
        for x in a.iter_mut() {
            *x = 0;
        }
        assert_eq!(found(&a), 0);
        a.push(2000);
        assert_eq!(a.maybe_with(1).map(|(i, _)| i).last(), Some(100));
    }
}
