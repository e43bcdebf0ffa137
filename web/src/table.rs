//! The games the server holds: each behind a lock of its own (a long
//! search in one game does not hold up another), at most a set number,
//! and forgotten once idle for longer than a set time.

use crate::seats::Seats;
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tengen_json::engine::{EngineError, HeldGame};

/// A game and what the server knows of it besides.
pub(crate) struct Entry {
    /// The game and its computer player.
    pub(crate) held: HeldGame,
    /// Who plays each seat.
    pub(crate) seats: Seats,
    /// When a request last used it.
    last_used: Instant,
}

/// The games, by name.
pub(crate) struct Table {
    games: Mutex<HashMap<String, Arc<Mutex<Entry>>>>,
    /// Games created so far (a name is never given twice).
    created: AtomicU64,
    /// The most games held at once.
    pub(crate) max_games: usize,
    /// How long a game may go unused before it is forgotten.
    pub(crate) idle: Duration,
}

/// A lock that a panic elsewhere left poisoned still guards sound data
/// here (every change is made whole or not at all), so it is taken anyway.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Table {
    /// An empty table.
    pub(crate) fn new(max_games: usize, idle: Duration) -> Table {
        Table {
            games: Mutex::new(HashMap::new()),
            created: AtomicU64::new(0),
            max_games,
            idle,
        }
    }

    /// Forgets the games idle for longer than the limit; returns how many.
    pub(crate) fn expire(&self) -> usize {
        let now = Instant::now();
        let mut games = lock(&self.games);
        let before = games.len();
        games.retain(|_, entry| match entry.try_lock() {
            Ok(entry) => now.duration_since(entry.last_used) <= self.idle,
            // In use right now, so not idle.
            Err(_) => true,
        });
        before - games.len()
    }

    /// Holds a new game; its name, or why it cannot be held.
    pub(crate) fn insert(&self, held: HeldGame, seats: Seats) -> Result<String, EngineError> {
        self.expire();
        let mut games = lock(&self.games);
        if games.len() >= self.max_games {
            return Err(EngineError::new(
                "too-many-games",
                format!(
                    "the server holds {} games, its most; an idle game is forgotten after {} minutes",
                    self.max_games,
                    self.idle.as_secs() / 60
                ),
            ));
        }
        let name = format!("g{}", self.created.fetch_add(1, Ordering::Relaxed) + 1);
        games.insert(
            name.clone(),
            Arc::new(Mutex::new(Entry {
                held,
                seats,
                last_used: Instant::now(),
            })),
        );
        Ok(name)
    }

    /// Runs `f` on the game `name`, which counts as used.
    pub(crate) fn with<T>(
        &self,
        name: &str,
        f: impl FnOnce(&mut Entry) -> Result<T, EngineError>,
    ) -> Result<T, EngineError> {
        let entry = lock(&self.games).get(name).cloned().ok_or_else(|| {
            EngineError::new(
                "unknown-game",
                format!("there is no game `{name}` (it may have been forgotten after being idle)"),
            )
        })?;
        let mut entry = lock(&entry);
        entry.last_used = Instant::now();
        f(&mut entry)
    }

    /// Forgets the game `name`.
    pub(crate) fn remove(&self, name: &str) -> Result<(), EngineError> {
        lock(&self.games)
            .remove(name)
            .map(|_| ())
            .ok_or_else(|| EngineError::new("unknown-game", format!("there is no game `{name}`")))
    }

    /// How many games are held.
    pub(crate) fn len(&self) -> usize {
        lock(&self.games).len()
    }
}
