//! The connections the server holds, by holder (the client's address, or the client a trusted
//! proxy names), under a per-holder cap and a global cap.
//!
//! When the global cap is full, a newcomer that holds fewer connections than the biggest
//! holder (less one, so that the two do not trade places for ever) takes the place of the
//! biggest holder's newest connection, which is told to go (a WebSocket closes with 1013,
//! "try again later"); otherwise the newcomer is refused. So the biggest holder's own new
//! connections are refused first, and one address (or a few) filling the server cannot keep
//! everyone else out, as 960 sockets from 17 addresses did (issue 32).

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use tokio::sync::watch;

/// Connections told to go that have not closed yet, at most: past this the server refuses
/// newcomers instead of evicting more, so that evicted connections slow to close (a
/// WebSocket's close takes up to 2 s) cannot take more descriptors than those kept out of the
/// global cap.
const LEAVING_AT_MOST: usize = super::RESERVED_DESCRIPTORS / 2;

/// The connections open, by holder.
#[derive(Debug, Default)]
pub(super) struct Hall {
    state: Mutex<HallState>,
}

#[derive(Debug, Default)]
struct HallState {
    /// Connections admitted and not told to go.
    open: usize,
    /// Connections told to go, not closed yet.
    leaving: usize,
    next_id: u64,
    /// Each holder's connections, oldest first.
    holders: HashMap<IpAddr, Vec<u64>>,
    /// Each connection's holder, and how to tell it to go.
    connections: HashMap<u64, (IpAddr, watch::Sender<bool>)>,
}

/// Why a newcomer was not admitted.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// Its holder has as many connections as one holder may.
    HolderFull,
    /// The server is full and the newcomer holds as many as anyone.
    ServerFull,
}

impl HallState {
    fn count(&self, holder: IpAddr) -> usize {
        self.holders.get(&holder).map_or(0, Vec::len)
    }

    fn add(&mut self, holder: IpAddr, id: u64) {
        self.holders.entry(holder).or_default().push(id);
    }

    fn remove(&mut self, holder: IpAddr, id: u64) {
        if let Some(ids) = self.holders.get_mut(&holder) {
            ids.retain(|&other| other != id);
            if ids.is_empty() {
                self.holders.remove(&holder);
            }
        }
    }

    /// Tells the newest connection of the biggest holder to go, if that holder has at least
    /// two more than `newcomer`. Whether one was told.
    fn evict_for(&mut self, newcomer: IpAddr) -> bool {
        if self.leaving >= LEAVING_AT_MOST {
            return false;
        }
        let mine = self.count(newcomer);
        let Some((&biggest, ids)) = self.holders.iter().max_by_key(|(_, ids)| ids.len()) else {
            return false;
        };
        if ids.len() < mine + 2 {
            return false;
        }
        let id = *ids.last().expect("holders are never empty");
        self.remove(biggest, id);
        if let Some((_, evict)) = self.connections.get(&id) {
            evict.send_replace(true);
        }
        self.open -= 1;
        self.leaving += 1;
        true
    }
}

impl Hall {
    /// Admits one more connection of `holder`, unless it has `per_holder` already, or the
    /// hall holds `total` and no bigger holder can give up a place.
    pub(super) fn admit(
        self: &Arc<Self>,
        holder: IpAddr,
        per_holder: Option<usize>,
        total: Option<usize>,
    ) -> Result<Place, Refusal> {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if per_holder.is_some_and(|cap| state.count(holder) >= cap) {
            return Err(Refusal::HolderFull);
        }
        if total.is_some_and(|total| state.open >= total) && !state.evict_for(holder) {
            return Err(Refusal::ServerFull);
        }
        let id = state.next_id;
        state.next_id += 1;
        let (evict, evicted) = watch::channel(false);
        state.add(holder, id);
        state.connections.insert(id, (holder, evict));
        state.open += 1;
        Ok(Place {
            hall: self.clone(),
            id,
            evicted,
        })
    }

    /// Counts `place` as `holder`'s from now on (a trusted proxy's connection, once a request
    /// names the client it carries).
    pub(super) fn move_to(&self, place: &Place, holder: IpAddr) {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        let Some((current, _)) = state.connections.get_mut(&place.id) else {
            return;
        };
        let current = std::mem::replace(current, holder);
        if current == holder || *place.evicted.borrow() {
            return;
        }
        state.remove(current, place.id);
        state.add(holder, place.id);
    }
}

/// One connection's place in the hall, freed when dropped.
#[derive(Debug)]
pub(super) struct Place {
    hall: Arc<Hall>,
    id: u64,
    evicted: watch::Receiver<bool>,
}

impl Place {
    /// Resolves once the connection has been told to give its place to a newcomer.
    pub(super) async fn evicted(&self) {
        let mut evicted = self.evicted.clone();
        if evicted.wait_for(|&evicted| evicted).await.is_err() {
            std::future::pending::<()>().await;
        }
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut state = self.hall.state.lock().unwrap_or_else(|e| e.into_inner());
        let Some((holder, _)) = state.connections.remove(&self.id) else {
            return;
        };
        if *self.evicted.borrow() {
            state.leaving -= 1;
        } else {
            state.remove(holder, self.id);
            state.open -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(last: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, last])
    }

    #[test]
    fn a_holder_is_capped_and_freed() {
        let hall = Arc::new(Hall::default());
        let first = hall.admit(ip(1), Some(2), None).unwrap();
        let _second = hall.admit(ip(1), Some(2), None).unwrap();
        assert_eq!(
            hall.admit(ip(1), Some(2), None).unwrap_err(),
            Refusal::HolderFull
        );
        assert!(hall.admit(ip(2), Some(2), None).is_ok());
        drop(first);
        assert!(hall.admit(ip(1), Some(2), None).is_ok());
        assert!(hall.admit(ip(1), None, None).is_ok());
    }

    #[tokio::test]
    async fn when_full_a_newcomer_takes_the_biggest_holders_newest_place() {
        let hall = Arc::new(Hall::default());
        let total = Some(4);
        let places: Vec<Place> = (0..4)
            .map(|_| hall.admit(ip(1), None, total).unwrap())
            .collect();
        // The biggest holder's own newcomer is refused.
        assert_eq!(
            hall.admit(ip(1), None, total).unwrap_err(),
            Refusal::ServerFull
        );
        let newcomer = hall.admit(ip(2), None, total).unwrap();
        places[3].evicted().await;
        assert!(!*places[2].evicted.borrow(), "only the newest goes");
        // 3 against 1: one more newcomer from ip(2) still gets in, but not a third (2 and 2).
        let _second = hall.admit(ip(2), None, total).unwrap();
        places[2].evicted().await;
        assert_eq!(
            hall.admit(ip(2), None, total).unwrap_err(),
            Refusal::ServerFull
        );
        // A place given up and then closed frees nothing more: ip(3) still needs one of the
        // biggest holders' (2 each; ip(1)'s, found first or not, or ip(2)'s).
        let mut places = places;
        places.truncate(2);
        let third = hall.admit(ip(3), None, total).unwrap();
        let given_up = |all: [&Place; 4]| all.iter().filter(|p| *p.evicted.borrow()).count();
        assert_eq!(given_up([&places[0], &places[1], &newcomer, &_second]), 1);
        // A place closed frees one: nobody else goes.
        drop(third);
        let _fourth = hall.admit(ip(4), None, total).unwrap();
        assert_eq!(given_up([&places[0], &places[1], &newcomer, &_second]), 1);
    }

    #[tokio::test]
    async fn a_proxied_connection_counts_for_its_client() {
        let hall = Arc::new(Hall::default());
        let total = Some(3);
        let proxy = ip(9);
        let places: Vec<Place> = (0..3)
            .map(|_| hall.admit(proxy, None, total).unwrap())
            .collect();
        for place in &places {
            hall.move_to(place, ip(1));
        }
        // The proxy itself now holds nothing: its next connection, for another client, gets
        // in by taking one of ip(1)'s places.
        let _next = hall.admit(proxy, None, total).unwrap();
        places[2].evicted().await;
    }
}
