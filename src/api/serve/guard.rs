//! What a door tolerates of its callers (a guest on the network could lock every
//! phone out with half-sent requests, hold 900 live streams with one phone's token, and keep
//! new phones from joining): one [`DoorPolicy`] per door, and the counters that hold it —
//! request rates per client address and per token ([`Buckets`]), live streams per token, per
//! address and in all ([`Streams`]), connections per address and in all ([`Connections`]).
//! The timeouts themselves are hyper's (`listen.rs`) and tower-http's (`serve.rs`).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::super::{ApiError, ErrorKind};

/// A token bucket's size and refill.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rate {
    /// Requests taken at once…
    pub burst: u32,
    /// …then this many a second.
    pub per_second: f64,
}

/// Whose calls a door answers, and as whom.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Callers {
    /// The host's door: a client at this machine's own loopback address (`127.0.0.1`, `::1`) is
    /// the host; any other is the host only with a paired device's token, and without one may
    /// only pair (`serve --host 0.0.0.0` answered every host operation to anyone on
    /// the network).
    HostOrPaired,
    /// The table door: a phone's token for this table, or nothing.
    TablePhones,
}

impl Callers {
    /// This machine's own user: the loopback addresses a browser on this machine comes from.
    /// Another loopback address (`127.0.0.2`) is not the host's browser; the tests stand a
    /// tablet there.
    pub fn is_own_machine(client: IpAddr) -> bool {
        match client.to_canonical() {
            IpAddr::V4(v4) => v4 == std::net::Ipv4Addr::LOCALHOST,
            IpAddr::V6(v6) => v6 == std::net::Ipv6Addr::LOCALHOST,
        }
    }
}

/// What one door takes from its callers. The local door trusts its caller (the loopback's
/// user, whose imports take minutes and megabytes); beyond the loopback it also bounds what a
/// stranger on the network may send; the table door is reached by anyone on the network and
/// bounds everything a phone needs many times over.
#[derive(Debug, Clone, PartialEq)]
pub struct DoorPolicy {
    /// Who may call, and as whom.
    pub callers: Callers,
    /// The largest request body.
    pub max_body: usize,
    /// A request's head must have arrived this long after the connection opened, or after the
    /// previous answer on a connection kept alive: a half-sent request, or an idle connection,
    /// is closed then (hyper's `header_read_timeout`).
    pub header_timeout: Duration,
    /// A whole operation call, its body read included (a body sent a byte at a time); `None`:
    /// no limit.
    pub call_timeout: Option<Duration>,
    /// Connections open at once, in all and from one client address; those beyond are closed
    /// as soon as they are accepted.
    pub connections: usize,
    pub connections_per_address: usize,
    /// Requests from one client address, whatever their token (or none): checked before
    /// anything is read from the history.
    pub requests_per_address: Option<Rate>,
    /// Requests with one token (a phone's; the join token, from one address).
    pub requests_per_token: Option<Rate>,
    /// New phones joining from one client address.
    pub joins_per_address: Option<Rate>,
    /// Live streams open at once, in all and from one address (those beyond are refused), and
    /// with one token (a new one ends the oldest: a page reloaded does not wait for its old
    /// stream to be found gone).
    pub streams: usize,
    pub streams_per_address: usize,
    pub streams_per_token: usize,
}

/// The local door's largest body: an import's whole file comes in one request.
pub const LOCAL_MAX_BODY_BYTES: usize = 32 * 1024 * 1024;
/// The table door's largest body: a seat's part is a few KiB.
pub const TABLE_MAX_BODY_BYTES: usize = 256 * 1024;

impl DoorPolicy {
    /// `greffier serve` (and the pages of the host's own browser).
    pub const LOCAL: DoorPolicy = DoorPolicy {
        callers: Callers::HostOrPaired,
        max_body: LOCAL_MAX_BODY_BYTES,
        header_timeout: Duration::from_secs(30),
        call_timeout: None,
        connections: 256,
        connections_per_address: 256,
        requests_per_address: None,
        requests_per_token: None,
        joins_per_address: None,
        streams: 64,
        streams_per_address: 64,
        streams_per_token: 8,
    };

    /// `greffier serve` beyond the loopback (and the desktop app's door for paired devices): the
    /// host's door, reached by anyone on the network. A paired tablet is the host (its imports
    /// are uploads, outside the body limit; a call takes what the host's would), while a
    /// stranger without a token, who may only pair, is bounded per address.
    pub const PAIRED: DoorPolicy = DoorPolicy {
        callers: Callers::HostOrPaired,
        max_body: LOCAL_MAX_BODY_BYTES,
        header_timeout: Duration::from_secs(10),
        call_timeout: None,
        connections: 128,
        connections_per_address: 32,
        requests_per_address: Some(Rate { burst: 600, per_second: 200.0 }),
        requests_per_token: None,
        joins_per_address: None,
        streams: 32,
        streams_per_address: 8,
        streams_per_token: 4,
    };

    /// The table door: the players' phones on the local network, and whoever else is on it. A
    /// phone saving while its player types and fetching its view after every other phone's
    /// change stays well under each bound.
    pub const TABLE: DoorPolicy = DoorPolicy {
        callers: Callers::TablePhones,
        max_body: TABLE_MAX_BODY_BYTES,
        header_timeout: Duration::from_secs(5),
        call_timeout: Some(Duration::from_secs(30)),
        connections: 128,
        connections_per_address: 16,
        requests_per_address: Some(Rate { burst: 240, per_second: 120.0 }),
        requests_per_token: Some(Rate { burst: 120, per_second: 30.0 }),
        joins_per_address: Some(Rate { burst: 6, per_second: 0.1 }),
        streams: 32,
        streams_per_address: 8,
        streams_per_token: 2,
    };
}

/// Token buckets by key (a client address, a token's selector).
#[derive(Debug, Default)]
pub struct Buckets {
    buckets: Mutex<HashMap<String, Bucket>>,
}

#[derive(Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Keys kept before the full buckets (nobody asked lately) are let go.
const BUCKETS_KEPT: usize = 4096;

impl Buckets {
    /// One request from `key`'s bucket, or `rate_limited` saying `who` sent too many.
    pub fn take(&self, key: &str, rate: Rate, who: &str) -> Result<(), ApiError> {
        let mut buckets = self.buckets.lock().map_err(|_| ApiError::internal("rate buckets unavailable"))?;
        let now = Instant::now();
        let burst = f64::from(rate.burst);
        if buckets.len() >= BUCKETS_KEPT {
            buckets
                .retain(|_, b| b.tokens + now.duration_since(b.at).as_secs_f64() * rate.per_second < burst);
        }
        let bucket = buckets.entry(key.to_owned()).or_insert(Bucket { tokens: burst, at: now });
        bucket.tokens =
            (bucket.tokens + now.duration_since(bucket.at).as_secs_f64() * rate.per_second).min(burst);
        bucket.at = now;
        if bucket.tokens < 1.0 {
            return Err(ApiError::new(
                ErrorKind::RateLimited,
                format!("too many requests from {who}: wait a moment"),
            ));
        }
        bucket.tokens -= 1.0;
        Ok(())
    }
}

/// The connections open, by client address.
#[derive(Debug)]
pub struct Connections {
    open: Mutex<HashMap<IpAddr, usize>>,
    total: usize,
    per_address: usize,
}

/// A connection admitted: it counts until dropped.
#[derive(Debug)]
pub struct Admitted {
    connections: Arc<Connections>,
    address: IpAddr,
}

impl Connections {
    pub fn new(policy: &DoorPolicy) -> Arc<Connections> {
        Arc::new(Connections {
            open: Mutex::new(HashMap::new()),
            total: policy.connections,
            per_address: policy.connections_per_address,
        })
    }

    /// Counts a new connection from `address`, or `None` when it is one too many.
    pub fn admit(self: &Arc<Self>, address: IpAddr) -> Option<Admitted> {
        let mut open = self.open.lock().ok()?;
        let all: usize = open.values().sum();
        let mine = open.get(&address).copied().unwrap_or(0);
        if all >= self.total || mine >= self.per_address {
            return None;
        }
        open.insert(address, mine + 1);
        Some(Admitted { connections: self.clone(), address })
    }
}

impl Drop for Admitted {
    fn drop(&mut self) {
        if let Ok(mut open) = self.connections.open.lock()
            && let Some(count) = open.get_mut(&self.address)
        {
            *count = count.saturating_sub(1);
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// The live streams open, by token and by address.
#[derive(Debug)]
pub struct Streams {
    state: Mutex<StreamState>,
    total: usize,
    per_address: usize,
    per_token: usize,
}

#[derive(Debug, Default)]
struct StreamState {
    next: u64,
    by_address: HashMap<IpAddr, usize>,
    /// Each token's streams, the oldest first, with what ends each.
    by_token: HashMap<String, VecDeque<(u64, IpAddr, tokio::sync::oneshot::Sender<()>)>>,
}

impl StreamState {
    fn total(&self) -> usize {
        self.by_address.values().sum()
    }

    /// Forgets stream `id` of `token` (its counts go); false when it was not counted any more.
    fn forget(&mut self, token: &str, id: u64) -> Option<tokio::sync::oneshot::Sender<()>> {
        let streams = self.by_token.get_mut(token)?;
        let at = streams.iter().position(|(i, _, _)| *i == id)?;
        let (_, address, end) = streams.remove(at)?;
        if streams.is_empty() {
            self.by_token.remove(token);
        }
        if let Some(count) = self.by_address.get_mut(&address) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                self.by_address.remove(&address);
            }
        }
        Some(end)
    }
}

/// A live stream counted: it counts until dropped; `ended` resolves when a newer stream of
/// the same token took its place.
#[derive(Debug)]
pub struct StreamSlot {
    streams: Arc<Streams>,
    token: String,
    id: u64,
    pub ended: tokio::sync::oneshot::Receiver<()>,
}

impl Streams {
    pub fn new(policy: &DoorPolicy) -> Arc<Streams> {
        Arc::new(Streams {
            state: Mutex::new(StreamState::default()),
            total: policy.streams,
            per_address: policy.streams_per_address,
            per_token: policy.streams_per_token,
        })
    }

    /// A slot for a new stream with `token` (its key) from `address`: the token's oldest stream
    /// ends when it has too many; refused when the address or the door has too many.
    pub fn open(self: &Arc<Self>, token: &str, address: IpAddr) -> Result<StreamSlot, ApiError> {
        let mut state = self.state.lock().map_err(|_| ApiError::internal("live streams unavailable"))?;
        let held = state.by_token.get(token).map_or(0, VecDeque::len);
        if held >= self.per_token
            && let Some(oldest) = state.by_token.get(token).and_then(|s| s.front()).map(|(id, _, _)| *id)
            && let Some(end) = state.forget(token, oldest)
        {
            let _ = end.send(());
        }
        let from_address = state.by_address.get(&address).copied().unwrap_or(0);
        if from_address >= self.per_address || state.total() >= self.total {
            return Err(ApiError::new(
                ErrorKind::RateLimited,
                "too many live streams open: close another page of this table",
            ));
        }
        state.next += 1;
        let id = state.next;
        let (end, ended) = tokio::sync::oneshot::channel();
        state.by_token.entry(token.to_owned()).or_default().push_back((id, address, end));
        *state.by_address.entry(address).or_default() += 1;
        Ok(StreamSlot { streams: self.clone(), token: token.to_owned(), id, ended })
    }

    #[cfg(test)]
    fn open_now(&self) -> usize {
        self.state.lock().map_or(0, |s| s.total())
    }
}

impl Drop for StreamSlot {
    fn drop(&mut self) {
        if let Ok(mut state) = self.streams.state.lock() {
            state.forget(&self.token, self.id);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_lets_its_burst_through_then_its_rate() {
        let buckets = Buckets::default();
        let rate = Rate { burst: 3, per_second: 0.0 };
        for _ in 0..3 {
            buckets.take("a", rate, "a").expect("within the burst");
        }
        assert_eq!(buckets.take("a", rate, "a").expect_err("over").kind, ErrorKind::RateLimited);
        buckets.take("b", rate, "b").expect("another key has its own bucket");
    }

    #[test]
    fn connections_are_counted_per_address_and_in_all_until_dropped() {
        let policy = DoorPolicy { connections: 3, connections_per_address: 2, ..DoorPolicy::TABLE };
        let connections = Connections::new(&policy);
        let [a, b]: [IpAddr; 2] = [[10, 0, 0, 1].into(), [10, 0, 0, 2].into()];
        let first = connections.admit(a).expect("1");
        let _second = connections.admit(a).expect("2");
        assert!(connections.admit(a).is_none(), "two from one address");
        let _third = connections.admit(b).expect("another address");
        assert!(connections.admit(b).is_none(), "three in all");
        drop(first);
        assert!(connections.admit(b).is_some(), "a place freed");
    }

    #[test]
    fn a_token_s_new_stream_ends_its_oldest_and_an_address_is_capped() {
        let policy =
            DoorPolicy { streams: 4, streams_per_address: 3, streams_per_token: 2, ..DoorPolicy::TABLE };
        let streams = Streams::new(&policy);
        let a: IpAddr = [10, 0, 0, 1].into();
        let mut first = streams.open("d1", a).expect("1");
        let _second = streams.open("d1", a).expect("2");
        assert!(first.ended.try_recv().is_err(), "still open");
        let _third = streams.open("d1", a).expect("3: the first ends");
        assert!(first.ended.try_recv().is_ok(), "the oldest was ended");
        drop(first);
        assert_eq!(streams.open_now(), 2, "the ended one counted once");
        let _other = streams.open("d2", a).expect("a third from this address");
        assert_eq!(streams.open("d3", a).expect_err("a fourth").kind, ErrorKind::RateLimited);
        let _elsewhere = streams.open("d3", [10, 0, 0, 2].into()).expect("another address");
        assert_eq!(
            streams.open("d4", [10, 0, 0, 3].into()).expect_err("five in all").kind,
            ErrorKind::RateLimited
        );
    }
}
