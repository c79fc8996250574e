//! A list shared between copies of a state until one of them changes it
//! (issue 32): its items are kept in chunks behind `Arc`s, so a copy costs
//! one pointer per chunk and a change copies only its item's chunk. The
//! offers try every action on a copy of the state, once per target: with
//! the models in a plain `Vec` each try copied every model, and a
//! 4,000-model game took 27 s per phone action.

use std::sync::Arc;

/// Items per chunk: a change copies at most this many.
const CHUNK: usize = 32;

/// A list of `T` whose copies share their unchanged chunks.
#[derive(Clone)]
pub struct CowList<T> {
    chunks: Vec<Arc<Vec<T>>>,
    len: usize,
}

impl<T> Default for CowList<T> {
    fn default() -> Self {
        CowList {
            chunks: Vec::new(),
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
        self.chunks.get(i / CHUNK)?.get(i % CHUNK)
    }

    /// The item `i`, its chunk copied first if another copy shares it.
    pub fn get_mut(&mut self, i: usize) -> Option<&mut T> {
        if i >= self.len {
            return None;
        }
        Arc::make_mut(self.chunks.get_mut(i / CHUNK)?).get_mut(i % CHUNK)
    }

    pub fn push(&mut self, item: T) {
        match self.chunks.last_mut() {
            Some(last) if last.len() < CHUNK => Arc::make_mut(last).push(item),
            _ => {
                let mut chunk = Vec::with_capacity(CHUNK);
                chunk.push(item);
                self.chunks.push(Arc::new(chunk));
            }
        }
        self.len += 1;
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + Clone {
        self.chunks.iter().flat_map(|c| c.iter())
    }

    /// Every item, for a change that walks them all (each chunk copied
    /// first if shared).
    pub fn iter_mut(&mut self) -> impl Iterator<Item = &mut T> {
        self.chunks
            .iter_mut()
            .flat_map(|c| Arc::make_mut(c).iter_mut())
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
}
