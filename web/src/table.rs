//! The games the server holds: each behind a lock of its own (a long
//! search in one game does not hold up another), at most a set number,
//! and forgotten once idle for longer than a set time.
//!
//! A game's lock is awaited, never waited on by a thread: a request for
//! a game whose computer player is thinking waits without holding up the
//! server's workers, so every other request is answered meanwhile. The
//! table's own lock is held only to look a game up.
//!
//! A game's name is 128 random bits, so knowing one game's address tells
//! nothing of another's.

use crate::seats::Seats;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tengen_json::engine::{EngineError, HeldGame};
use tokio::sync::{Mutex as GameLock, OwnedMutexGuard};

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
    games: Mutex<HashMap<String, Arc<GameLock<Entry>>>>,
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
        let name = loop {
            let name = random_name()?;
            if !games.contains_key(&name) {
                break name;
            }
        };
        games.insert(
            name.clone(),
            Arc::new(GameLock::new(Entry {
                held,
                seats,
                last_used: Instant::now(),
            })),
        );
        Ok(name)
    }

    /// The game `name`, once no other request holds it; it counts as
    /// used.
    pub(crate) async fn take(&self, name: &str) -> Result<OwnedMutexGuard<Entry>, EngineError> {
        let entry = lock(&self.games).get(name).cloned().ok_or_else(|| {
            EngineError::new(
                "unknown-game",
                format!("there is no game `{name}` (it may have been forgotten after being idle)"),
            )
        })?;
        let mut entry = entry.lock_owned().await;
        entry.last_used = Instant::now();
        Ok(entry)
    }

    /// Runs `f` on the game `name`, which counts as used.
    pub(crate) async fn with<T>(
        &self,
        name: &str,
        f: impl FnOnce(&mut Entry) -> Result<T, EngineError>,
    ) -> Result<T, EngineError> {
        f(&mut *self.take(name).await?)
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

/// A name no one can guess: 128 bits from the operating system's source
/// of randomness, in hexadecimal.
fn random_name() -> Result<String, EngineError> {
    let mut bits = [0u8; 16];
    getrandom::fill(&mut bits).map_err(|e| {
        EngineError::new(
            "internal",
            format!("the system gives no random numbers for a game's name: {e}"),
        )
    })?;
    Ok(bits.iter().map(|b| format!("{b:02x}")).collect())
}

#[cfg(test)]
mod tests {
    use super::random_name;

    #[test]
    fn names_are_long_random_and_distinct() {
        let names: std::collections::HashSet<String> =
            (0..1000).map(|_| random_name().unwrap()).collect();
        assert_eq!(names.len(), 1000);
        assert!(
            names
                .iter()
                .all(|n| n.len() == 32 && n.chars().all(|c| c.is_ascii_hexdigit()))
        );
    }
}
