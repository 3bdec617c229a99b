//! One pairing: choose a group in a seek's queue, claim it atomically, make the match, name
//! its seats and give each seek its seat.

use super::fresh_since;
use crate::ApiError;
use crate::live::{Hub, NewMatch, SeatSpec};
use crate::people::{People, SeekRow, speed_clock};

/// What a paired seek is given: match id, seat number, seat token.
pub(super) type Paired = (String, i64, String);

/// Claims are retried this many times when another pairing took one of the chosen seeks.
const ATTEMPTS: usize = 3;

/// Pairs `me` with the seeks of its queue, if enough are waiting in range (`accept`: a seek
/// chosen in the lobby, taken first). With `bots` (a level), the match starts at once with
/// the people who fit and bots in the other seats. `None`: not paired (yet).
pub(super) async fn try_pair(
    hub: &Hub,
    people: &People,
    me: &SeekRow,
    accept: Option<&str>,
    bots: Option<&str>,
) -> Result<Option<Paired>, ApiError> {
    let options = &people.options.pairing;
    let seats = me.players as usize;
    for _ in 0..ATTEMPTS {
        let since = fresh_since(people);
        let queue = people
            .pool
            .seeks_queue(me, since)
            .await
            .map_err(ApiError::from_store)?;
        if !queue.iter().any(|s| s.id == me.id) {
            // Claimed by another pairing meanwhile (its owner learns it at the next
            // heartbeat), or expired.
            return Ok(None);
        }
        let accounts: Vec<&str> = (queue.iter())
            .filter_map(|s| s.account_id.as_deref())
            .collect();
        let blocks = people
            .pool
            .blocks_among(&accounts)
            .await
            .map_err(ApiError::from_store)?;
        let others: Vec<SeekRow> = queue.into_iter().filter(|s| s.id != me.id).collect();
        let now = crate::people::now_ms();
        let group = match bots {
            None => options.group(me, &others, accept, seats, now, &blocks),
            Some(_) => (1..=seats)
                .rev()
                .find_map(|n| options.group(me, &others, None, n, now, &blocks)),
        };
        let Some(group) = group else {
            return Ok(None);
        };
        let group: Vec<SeekRow> = group.into_iter().cloned().collect();
        let ids: Vec<&str> = group.iter().map(|s| s.id.as_str()).collect();
        if !people
            .pool
            .seeks_claim(&ids, since)
            .await
            .map_err(ApiError::from_store)?
        {
            continue;
        }
        return match seat(hub, people, me, &group, bots).await {
            Ok(paired) => Ok(Some(paired)),
            Err(e) => {
                if let Err(release) = people.pool.seeks_release(&ids).await {
                    tracing::warn!("freeing claimed seeks failed: {release}");
                }
                Err(e)
            }
        };
    }
    Ok(None)
}

/// Makes the match of a claimed group (people in random seats, bots in the others), names
/// its seats and gives each seek its seat: `me`'s.
async fn seat(
    hub: &Hub,
    people: &People,
    me: &SeekRow,
    group: &[SeekRow],
    bots: Option<&str>,
) -> Result<Paired, ApiError> {
    let players = me.players as usize;
    let mut order: Vec<Option<&SeekRow>> = group.iter().map(Some).collect();
    order.resize(players, None);
    order.sort_by_cached_key(|_| rand::random::<u64>());
    let seats: Vec<SeatSpec> = order
        .iter()
        .map(|s| match s {
            Some(_) => SeatSpec::Human,
            None => SeatSpec::Bot(bots.unwrap_or_default().to_string()),
        })
        .collect();
    let mine: Vec<usize> = (order.iter().enumerate())
        .filter(|(_, s)| s.is_some())
        .map(|(i, _)| i + 1)
        .collect();
    let clock = speed_clock(&me.speed).flatten();
    let created = hub
        .create(NewMatch {
            game: me.game.clone(),
            players: Some(players),
            seats,
            mine: Some(mine),
            clock,
            rated: me.rated,
            ..NewMatch::default()
        })
        .await?;
    let mut given = Vec::with_capacity(group.len());
    for (i, seek) in order.iter().enumerate() {
        let Some(seek) = seek else { continue };
        let token = created.seats[i]
            .1
            .clone()
            .ok_or_else(|| ApiError::internal("a person's seat was made without a token"))?;
        people
            .pool
            .name_seat(
                &created.id,
                i as i64 + 1,
                &seek.name,
                seek.account_id.as_deref(),
                Some(&seek.guest_hash),
            )
            .await
            .map_err(ApiError::from_store)?;
        given.push((seek.id.as_str(), i as i64 + 1, token));
    }
    let deliveries: Vec<(&str, i64, &str)> = given
        .iter()
        .map(|(id, s, t)| (*id, *s, t.as_str()))
        .collect();
    people
        .pool
        .seeks_deliver(&created.id, &deliveries)
        .await
        .map_err(ApiError::from_store)?;
    let (_, seat, token) = given
        .into_iter()
        .find(|(id, _, _)| *id == me.id)
        .ok_or_else(|| ApiError::internal("the pairing left out its own seek"))?;
    Ok((created.id, seat, token))
}
