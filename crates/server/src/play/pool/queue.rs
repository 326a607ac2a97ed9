//! The order in which waiting jobs run: round-robin across owners (people, as the quotas see
//! them), and within an owner's turn round-robin across its games. An account with twenty
//! games waiting gets one turn in the pool, like an account with one; and its own games take
//! that turn in rotation, so none of them waits behind its others' every search.

use std::collections::{HashMap, VecDeque};

use agora_store::TableId;

use super::Owner;
use super::estimate::SearchKind;

/// Jobs of one game share a key; an owner's jobs of no game (password hashing) share `None`.
pub(super) type Key = Option<TableId>;

#[derive(Debug)]
pub(super) struct Entry<J> {
    pub id: u64,
    /// Threads the job keeps busy.
    pub weight: usize,
    /// What it searches, for its measured time (`None`: not a move's search).
    pub kind: Option<SearchKind>,
    pub job: J,
}

#[derive(Debug)]
pub(super) struct FairQueue<J> {
    /// Owners with jobs waiting, in the order they are served next.
    owners: VecDeque<Owner>,
    /// Each waiting owner's games with jobs waiting, in the order they are served next.
    games: HashMap<Owner, VecDeque<Key>>,
    /// Each game's waiting jobs, oldest first, by the owner it waits under.
    jobs: HashMap<(Owner, Key), VecDeque<Entry<J>>>,
}

impl<J> Default for FairQueue<J> {
    fn default() -> Self {
        FairQueue {
            owners: VecDeque::new(),
            games: HashMap::new(),
            jobs: HashMap::new(),
        }
    }
}

impl<J> FairQueue<J> {
    pub fn len(&self) -> usize {
        self.jobs.values().map(VecDeque::len).sum()
    }

    /// Queues `entry` of game `key` in `owner`'s turn.
    pub fn push(&mut self, owner: Owner, key: Key, entry: Entry<J>) {
        let jobs = self.jobs.entry((owner, key)).or_default();
        jobs.push_back(entry);
        if jobs.len() > 1 {
            return;
        }
        let games = self.games.entry(owner).or_default();
        games.push_back(key);
        if games.len() == 1 {
            self.owners.push_back(owner);
        }
    }

    /// The next job, if it needs no more than `free` threads. The job next in line keeps
    /// its place until it fits, so a two-thread search is never passed over for ever by
    /// one-thread jobs.
    pub fn pop(&mut self, free: usize) -> Option<Entry<J>> {
        let owner = *self.owners.front()?;
        let games = self
            .games
            .get_mut(&owner)
            .expect("a waiting owner has games");
        let key = *games.front().expect("never empty");
        let jobs = self
            .jobs
            .get_mut(&(owner, key))
            .expect("a waiting game has jobs");
        if jobs.front().expect("never empty").weight > free {
            return None;
        }
        let entry = jobs.pop_front().expect("never empty");
        let game_waits = !jobs.is_empty();
        if !game_waits {
            self.jobs.remove(&(owner, key));
        }
        games.pop_front();
        if game_waits {
            games.push_back(key);
        }
        self.owners.pop_front();
        if games.is_empty() {
            self.games.remove(&owner);
        } else {
            self.owners.push_back(owner);
        }
        Some(entry)
    }

    /// Takes job `id` of game `key` out of `owner`'s queue, if it still waits.
    pub fn remove(&mut self, owner: Owner, key: Key, id: u64) -> Option<Entry<J>> {
        let jobs = self.jobs.get_mut(&(owner, key))?;
        let at = jobs.iter().position(|e| e.id == id)?;
        let entry = jobs.remove(at);
        if jobs.is_empty() {
            self.jobs.remove(&(owner, key));
            let games = self
                .games
                .get_mut(&owner)
                .expect("a waiting owner has games");
            games.retain(|k| *k != key);
            if games.is_empty() {
                self.games.remove(&owner);
                self.owners.retain(|o| *o != owner);
            }
        }
        entry
    }

    /// The waiting jobs that will start before game `key`'s first one (whatever threads they
    /// need), and that job; `None` if the game has none waiting.
    pub fn ahead_of(&self, key: Key) -> Option<(Vec<&Entry<J>>, &Entry<J>)> {
        let target = self.jobs.keys().find(|(_, k)| *k == key)?.0;
        // Replays the rotation: each game's next job by its place in the game's queue.
        let mut owners: VecDeque<(Owner, VecDeque<(Key, usize)>)> = self
            .owners
            .iter()
            .map(|owner| (*owner, self.games[owner].iter().map(|k| (*k, 0)).collect()))
            .collect();
        let mut ahead = Vec::new();
        while let Some((owner, mut games)) = owners.pop_front() {
            let (k, next) = games.pop_front().expect("never empty");
            let jobs = &self.jobs[&(owner, k)];
            if k == key && owner == target {
                return Some((ahead, &jobs[next]));
            }
            ahead.push(&jobs[next]);
            if next + 1 < jobs.len() {
                games.push_back((k, next + 1));
            }
            if !games.is_empty() {
                owners.push_back((owner, games));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use agora_store::AccountId;

    fn game(n: i64) -> Key {
        Some(TableId(n))
    }

    fn queue(jobs: &[(Owner, Key)]) -> FairQueue<(Owner, Key)> {
        let mut queue = FairQueue::default();
        for (id, &(owner, key)) in jobs.iter().enumerate() {
            let entry = Entry {
                id: id as u64,
                weight: 1,
                kind: None,
                job: (owner, key),
            };
            queue.push(owner, key, entry);
        }
        queue
    }

    /// How many jobs start before game `key`'s.
    fn ahead<J>(queue: &FairQueue<J>, key: Key) -> Option<usize> {
        queue.ahead_of(key).map(|(ahead, _)| ahead.len())
    }

    fn drain(queue: &mut FairQueue<(Owner, Key)>) -> Vec<(Owner, Key)> {
        std::iter::from_fn(|| queue.pop(1).map(|e| e.job)).collect()
    }

    const ADA: Owner = Owner::Account(AccountId(1));
    const BO: Owner = Owner::Account(AccountId(2));

    /// Ada queued three games' jobs (two for game 1), then Bo one: Bo runs second, and Ada's
    /// games take her turns in rotation, so game 1's second job runs last.
    #[test]
    fn owners_then_their_games_take_turns() {
        let mut queue = queue(&[
            (ADA, game(1)),
            (ADA, game(1)),
            (ADA, game(2)),
            (ADA, game(3)),
            (BO, game(9)),
        ]);
        assert_eq!(ahead(&queue, game(9)), Some(1));
        assert_eq!(ahead(&queue, game(3)), Some(3));
        assert_eq!(
            drain(&mut queue),
            [
                (ADA, game(1)),
                (BO, game(9)),
                (ADA, game(2)),
                (ADA, game(3)),
                (ADA, game(1)),
            ]
        );
        assert_eq!(queue.len(), 0);
        assert_eq!(ahead(&queue, game(1)), None);
    }

    #[test]
    fn the_order_predicted_is_the_order_served() {
        let mut queue = queue(&[
            (ADA, game(1)),
            (BO, game(5)),
            (ADA, game(2)),
            (BO, game(5)),
            (ADA, game(1)),
            (Owner::Nobody, None),
            (ADA, None),
        ]);
        let predicted: Vec<_> = [game(1), game(2), game(5)]
            .into_iter()
            .map(|k| (k, ahead(&queue, k).unwrap()))
            .collect();
        let served = drain(&mut queue);
        for (key, ahead) in predicted {
            let first = served.iter().position(|(_, k)| *k == key).unwrap();
            assert_eq!(first, ahead, "{key:?} in {served:?}");
        }
    }

    /// A game that ends takes its waiting jobs out; the others keep their order.
    #[test]
    fn a_removed_job_leaves_no_trace() {
        let mut queue = queue(&[(ADA, game(1)), (BO, game(5)), (ADA, game(2))]);
        assert!(queue.remove(BO, game(5), 1).is_some());
        assert!(queue.remove(BO, game(5), 1).is_none(), "removed once");
        assert!(queue.remove(ADA, game(1), 7).is_none(), "no such job");
        assert_eq!(ahead(&queue, game(2)), Some(1));
        assert_eq!(drain(&mut queue), [(ADA, game(1)), (ADA, game(2))]);
    }

    /// A two-thread job next in line waits for two free threads; one-thread jobs behind it
    /// do not overtake it.
    #[test]
    fn the_next_job_keeps_its_place_until_it_fits() {
        let mut queue = FairQueue::default();
        queue.push(
            ADA,
            game(1),
            Entry {
                id: 1,
                weight: 2,
                kind: None,
                job: "hard",
            },
        );
        queue.push(
            BO,
            game(2),
            Entry {
                id: 2,
                weight: 1,
                kind: None,
                job: "easy",
            },
        );
        assert!(queue.pop(1).is_none());
        assert_eq!(queue.pop(2).unwrap().job, "hard");
        assert_eq!(queue.pop(1).unwrap().job, "easy");
    }
}
