//! What several server instances on one PostgreSQL database need besides the store itself:
//! the notifications of every write ([`PgNotices`], `LISTEN` on [`CHANNEL`]) and the
//! per-match leases that let exactly one instance run a match's bots and hourglass
//! ([`PgStore::claim_leases`]).
//!
//! PostgreSQL delivers a notification only once the transaction that sent it has committed,
//! so what an append's notification carries (its entries, when they fit: [`MAX_CARRIED`]) is
//! stored: an instance that follows the match takes them as they are, and reads the database
//! when they are not there or do not follow its log. A notification can be lost (the
//! listening connection dropped); [`PgNotices`] then reconnects and reports
//! [`Notice::Reconnected`], after which the instance reads every match again, so a lost
//! notification never hides a move for longer than a reconnect.
//!
//! Leases use the database's clock (`now()`), so instances' clocks need not agree.

use super::postgres::CHANNEL;
use super::sqlite_write::db_err;
use super::{LogActor, LogEntry, PgStore, StoreError, TokenHash};
use sqlx::postgres::PgListener;
use std::time::Duration;
use tabula_core::Seat;

/// The longest text of entries an append's notification carries (PostgreSQL takes payloads
/// of up to 8,000 bytes); longer ones are left for the receiver to read.
pub const MAX_CARRIED: usize = 7_000;

/// A write some instance committed, or the news that some may have been missed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Entries were appended to match `id`, whose log now has `next_ply` entries.
    Appended {
        /// The match.
        id: String,
        /// Entries in its log now.
        next_ply: u64,
        /// The entries appended (the last ones of the log), or none when they were too long
        /// to carry.
        entries: Vec<LogEntry>,
    },
    /// Match `id` was created.
    Created {
        /// The match.
        id: String,
    },
    /// A seat of match `id` was joined: what an instance holding the match takes in
    /// without reading it.
    Joined {
        /// The match.
        id: String,
        /// The seat.
        seat: Seat,
        /// The hash of the token the seat was given (a lobby join), if it was given one.
        token_hash: Option<TokenHash>,
    },
    /// A chat message of match `id` was stored, or (`hidden`) hidden by the operator.
    Chat {
        /// The match.
        id: String,
        /// The message's id.
        message: String,
        /// Whether it was hidden (else posted).
        hidden: bool,
    },
    /// The listening connection was lost and is back: notices may have been missed.
    Reconnected,
}

impl Notice {
    /// The payload of an append to match `id` whose log now has `next_ply` entries, the last
    /// of which are `entries`: `a <id> <next_ply>`, followed by the entries as JSON
    /// (`[[actor, at, action], …]`) when that text fits in [`MAX_CARRIED`].
    pub fn appended(id: &str, next_ply: u64, entries: &[LogEntry]) -> String {
        let carried: Vec<(String, u64, &str)> = entries
            .iter()
            .map(|e| (e.actor.as_text(), e.at, e.action.as_str()))
            .collect();
        let json = serde_json::to_string(&carried).expect("entries always serialise");
        if json.len() <= MAX_CARRIED {
            format!("a {id} {next_ply} {json}")
        } else {
            format!("a {id} {next_ply}")
        }
    }

    /// The payload of a join of `seat` of match `id`: `j <id> <seat number>`, followed by
    /// the hash of the token it was given, if any (64 hex digits).
    pub fn joined(id: &str, seat: Seat, token_hash: Option<TokenHash>) -> String {
        match token_hash {
            Some(hash) => format!("j {id} {} {}", seat.number(), hash.to_hex()),
            None => format!("j {id} {}", seat.number()),
        }
    }

    /// The payload of chat message `message` of match `id` stored (`m <id> <message>`) or
    /// hidden (`h <id> <message>`).
    pub fn chat(id: &str, message: &str, hidden: bool) -> String {
        format!("{} {id} {message}", if hidden { 'h' } else { 'm' })
    }

    /// Reads a payload sent by the store; `None` for anything else.
    pub fn parse(payload: &str) -> Option<Notice> {
        if let Some(rest) = payload.strip_prefix("a ") {
            return Self::parse_appended(rest);
        }
        let mut words = payload.split(' ');
        let notice = match (words.next()?, words.next()?) {
            ("c", id) => Notice::Created { id: id.to_string() },
            (kind @ ("m" | "h"), id) => Notice::Chat {
                id: id.to_string(),
                message: words.next()?.to_string(),
                hidden: kind == "h",
            },
            ("j", id) => {
                let seat = Seat::from_number(words.next()?.parse().ok()?)?;
                let token_hash = match words.next() {
                    Some(hex) => Some(TokenHash::from_hex(hex)?),
                    None => None,
                };
                Notice::Joined {
                    id: id.to_string(),
                    seat,
                    token_hash,
                }
            }
            _ => return None,
        };
        words.next().is_none().then_some(notice)
    }

    /// `<id> <next_ply>[ <entries as JSON>]`.
    fn parse_appended(rest: &str) -> Option<Notice> {
        let mut words = rest.splitn(3, ' ');
        let id = words.next().filter(|id| !id.is_empty())?.to_string();
        let next_ply: u64 = words.next()?.parse().ok()?;
        let entries = match words.next() {
            None => Vec::new(),
            Some(json) => {
                let carried: Vec<(String, u64, String)> = serde_json::from_str(json).ok()?;
                let first = next_ply.checked_sub(carried.len() as u64)?;
                carried
                    .into_iter()
                    .zip(first..)
                    .map(|((actor, at, action), ply)| {
                        Some(LogEntry {
                            ply,
                            actor: LogActor::from_text(&actor)?,
                            action,
                            at,
                        })
                    })
                    .collect::<Option<Vec<_>>>()?
            }
        };
        Some(Notice::Appended {
            id,
            next_ply,
            entries,
        })
    }
}

/// The notifications of every write to the database, from one listening connection.
pub struct PgNotices {
    url: String,
    listener: Option<PgListener>,
}

impl PgNotices {
    /// Listens on [`CHANNEL`] of the database at `url`.
    pub async fn connect(url: &str) -> Result<PgNotices, StoreError> {
        let listener = listen(url).await?;
        Ok(PgNotices {
            url: url.to_string(),
            listener: Some(listener),
        })
    }

    /// The next notice. Never fails: when the connection is lost it reconnects (every half
    /// second until the database answers) and then answers [`Notice::Reconnected`].
    pub async fn next(&mut self) -> Notice {
        loop {
            if let Some(listener) = self.listener.as_mut() {
                match listener.try_recv().await {
                    Ok(Some(n)) => match Notice::parse(n.payload()) {
                        Some(notice) => return notice,
                        None => {
                            tracing::warn!("ignored a notification `{}`", n.payload());
                            continue;
                        }
                    },
                    Ok(None) | Err(_) => {
                        tracing::warn!("the database's notifications were cut off; reconnecting");
                        self.listener = None;
                    }
                }
            }
            match listen(&self.url).await {
                Ok(listener) => {
                    tracing::info!("listening to the database's notifications again");
                    self.listener = Some(listener);
                    return Notice::Reconnected;
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(500)).await,
            }
        }
    }
}

async fn listen(url: &str) -> Result<PgListener, StoreError> {
    let mut listener = PgListener::connect(url).await.map_err(db_err)?;
    listener.listen(CHANNEL).await.map_err(db_err)?;
    Ok(listener)
}

impl PgStore {
    /// Claims for `holder` the lease of every match of `ids` that nobody holds (or whose
    /// lease ran out), renews those `holder` already holds, each for `ttl`; answers the ids
    /// `holder` holds now. One statement, whatever the number of matches.
    ///
    /// The leases are written in the order of their ids, the order in which an append that
    /// finishes matches deletes theirs (`postgres_write.rs`): in any other order the two
    /// could each wait for a lease the other had taken, until PostgreSQL's deadlock check
    /// (a second later) failed one of them.
    pub async fn claim_leases(
        &self,
        holder: &str,
        ids: &[String],
        ttl: Duration,
    ) -> Result<Vec<String>, StoreError> {
        let mut ids = ids.to_vec();
        ids.sort_unstable();
        ids.dedup();
        sqlx::query_scalar(
            "INSERT INTO leases (match_id, holder, expires_at)
             SELECT id, $2, now() + $3 * INTERVAL '1 millisecond'
             FROM UNNEST($1::TEXT[]) WITH ORDINALITY AS u(id, n) ORDER BY n
             ON CONFLICT (match_id) DO UPDATE
                SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
                WHERE leases.holder = EXCLUDED.holder OR leases.expires_at < now()
             RETURNING match_id",
        )
        .bind(&ids)
        .bind(holder)
        .bind(ttl.as_millis() as i64)
        .fetch_all(self.pool())
        .await
        .map_err(db_err)
    }

    /// Gives up every lease of `holder` (when an instance stops, so that others take over
    /// at once rather than when the leases run out).
    pub async fn release_leases(&self, holder: &str) -> Result<(), StoreError> {
        sqlx::query(
            "DELETE FROM leases WHERE match_id IN
                (SELECT match_id FROM leases WHERE holder = $1 ORDER BY match_id FOR UPDATE)",
        )
        .bind(holder)
        .execute(self.pool())
        .await
        .map_err(db_err)?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{MAX_CARRIED, Notice};
    use crate::store::{LogActor, LogEntry, TokenHash};
    use tabula_core::Seat;

    #[test]
    fn notices_are_read_back_and_anything_else_is_refused() {
        assert_eq!(
            Notice::parse("a ab12 7"),
            Some(Notice::Appended {
                id: "ab12".into(),
                next_ply: 7,
                entries: Vec::new(),
            })
        );
        assert_eq!(
            Notice::parse("c ab12"),
            Some(Notice::Created { id: "ab12".into() })
        );
        let hash = TokenHash::of("a token");
        for token_hash in [None, Some(hash)] {
            let payload = Notice::joined("ab12", Seat(1), token_hash);
            assert_eq!(
                Notice::parse(&payload),
                Some(Notice::Joined {
                    id: "ab12".into(),
                    seat: Seat(1),
                    token_hash,
                }),
                "{payload}"
            );
        }
        assert_eq!(Notice::joined("ab12", Seat(1), None), "j ab12 2");
        for bad in [
            "",
            "j ab12",
            "j ab12 0",
            "j ab12 x",
            "j ab12 2 0f",
            "j ab12 2 \
             00000000000000000000000000000000000000000000000000000000000000zz",
            "a ab12",
            "a ab12 x",
            "x ab12",
            "c ab12 3",
            "a ab12 7 [",
            "a ab12 1 [[\"1\",5,\"d\"],[\"2\",6,\"e\"]]",
            "a ab12 7 [[\"nobody\",5,\"d\"]]",
        ] {
            assert_eq!(Notice::parse(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn an_append_notice_carries_its_entries_unless_they_are_too_long() {
        let entries = vec![
            LogEntry {
                ply: 5,
                actor: LogActor::Seat(Seat(1)),
                action: "take 2".into(),
                at: 1_700_000_000_000,
            },
            LogEntry {
                ply: 6,
                actor: LogActor::Chance,
                action: "roll \"6\"".into(),
                at: 1_700_000_000_001,
            },
        ];
        let payload = Notice::appended("ab12", 7, &entries);
        assert_eq!(
            Notice::parse(&payload),
            Some(Notice::Appended {
                id: "ab12".into(),
                next_ply: 7,
                entries,
            })
        );
        let long = vec![LogEntry {
            ply: 0,
            actor: LogActor::Host,
            action: "x".repeat(MAX_CARRIED),
            at: 1,
        }];
        let payload = Notice::appended("ab12", 1, &long);
        assert!(payload.len() < 8_000, "{}", payload.len());
        assert_eq!(
            Notice::parse(&payload),
            Some(Notice::Appended {
                id: "ab12".into(),
                next_ply: 1,
                entries: Vec::new(),
            })
        );
    }
}
