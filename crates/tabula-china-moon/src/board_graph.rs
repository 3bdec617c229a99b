//! The graph checks of a board file (a topological order that finds cycles, reachability
//! from the start, the lotus counts, the black lotus last among the lotus spaces (R16), the
//! springs on a path) and the building of the
//! [`Board`] in topological order, with its fingerprint.

use crate::board::{Board, MAX_SPRINGS_ON_A_PATH, Space, SpaceId, SpaceKind};
use crate::board_file::{BoardError, Raw, at, whole};
use std::collections::{BTreeSet, HashMap};

/// Kahn's algorithm taking the smallest id first, so that the start comes first and the goal
/// last. Fails naming a space on a cycle.
pub(crate) fn topological_order(
    raws: &[Raw],
    next_pos: &[Vec<usize>],
    prev_pos: &[Vec<usize>],
) -> Result<Vec<usize>, BoardError> {
    let mut indegree: Vec<usize> = prev_pos.iter().map(Vec::len).collect();
    let mut ready: BTreeSet<(SpaceId, usize)> = (0..raws.len())
        .filter(|&p| indegree[p] == 0)
        .map(|p| (raws[p].id, p))
        .collect();
    let mut order = Vec::with_capacity(raws.len());
    while let Some(first) = ready.pop_first() {
        let p = first.1;
        order.push(p);
        for &n in &next_pos[p] {
            indegree[n] -= 1;
            if indegree[n] == 0 {
                ready.insert((raws[n].id, n));
            }
        }
    }
    if order.len() == raws.len() {
        return Ok(order);
    }
    // Every unsorted space has an unsorted space leading to it: walking backwards through
    // them must repeat a space, which lies on a cycle.
    let mut sorted = vec![false; raws.len()];
    for &p in &order {
        sorted[p] = true;
    }
    let mut seen = vec![usize::MAX; raws.len()];
    let mut path = Vec::new();
    let mut p = (0..raws.len())
        .filter(|&p| !sorted[p])
        .min_by_key(|&p| raws[p].id)
        .expect("an unsorted space exists");
    while seen[p] == usize::MAX {
        seen[p] = path.len();
        path.push(p);
        p = *prev_pos[p]
            .iter()
            .find(|&&q| !sorted[q])
            .expect("an unsorted space has an unsorted predecessor");
    }
    let mut cycle: Vec<String> = path[seen[p]..]
        .iter()
        .map(|&q| raws[q].id.to_string())
        .collect();
    cycle.reverse();
    cycle.push(cycle[0].clone());
    Err(at(
        &cycle[0],
        format!("lies on a cycle ({})", cycle.join(" -> ")),
    ))
}

pub(crate) fn check_reachable(
    raws: &[Raw],
    next_pos: &[Vec<usize>],
    start: usize,
) -> Result<(), BoardError> {
    let mut reached = vec![false; raws.len()];
    let mut stack = vec![start];
    reached[start] = true;
    while let Some(p) = stack.pop() {
        for &n in &next_pos[p] {
            if !reached[n] {
                reached[n] = true;
                stack.push(n);
            }
        }
    }
    match (0..raws.len())
        .filter(|&p| !reached[p])
        .min_by_key(|&p| raws[p].id)
    {
        Some(p) => Err(at(raws[p].id, "cannot be reached from the start")),
        None => Ok(()),
    }
}

pub(crate) fn check_counts(raws: &[Raw]) -> Result<(), BoardError> {
    let mut lotus: Vec<SpaceId> = raws
        .iter()
        .filter(|r| r.kind == SpaceKind::Lotus)
        .map(|r| r.id)
        .collect();
    lotus.sort();
    if lotus.len() > 12 {
        return Err(at(
            lotus[12],
            format!(
                "is a 13th lotus space; a board has exactly 12 (found {})",
                lotus.len()
            ),
        ));
    }
    if lotus.len() < 12 {
        return Err(whole(format!(
            "{} lotus spaces; a board has exactly 12 (one per flower laid out at setup)",
            lotus.len()
        )));
    }
    let mut black: Vec<SpaceId> = raws
        .iter()
        .filter(|r| r.kind == SpaceKind::BlackLotus)
        .map(|r| r.id)
        .collect();
    black.sort();
    match black.len() {
        1 => Ok(()),
        0 => Err(whole("no black-lotus space; a board has exactly one")),
        _ => Err(at(
            black[1],
            "is a second black-lotus space; a board has exactly one",
        )),
    }
}

/// R16: the black lotus is the last lotus space on every path. Fails naming the first lotus
/// space (by id) that a path reaches after the black-lotus space, with that path. Every
/// space is reachable from the start (checked before), so any space after the black lotus
/// lies on a path from the start through it.
pub(crate) fn check_black_lotus_last(
    raws: &[Raw],
    next_pos: &[Vec<usize>],
) -> Result<(), BoardError> {
    let Some(black) = raws.iter().position(|r| r.kind == SpaceKind::BlackLotus) else {
        return Ok(());
    };
    let mut came_from = vec![usize::MAX; raws.len()];
    came_from[black] = black;
    let mut stack = vec![black];
    while let Some(p) = stack.pop() {
        for &n in &next_pos[p] {
            if came_from[n] == usize::MAX {
                came_from[n] = p;
                stack.push(n);
            }
        }
    }
    let Some(lotus) = (0..raws.len())
        .filter(|&p| p != black && came_from[p] != usize::MAX && raws[p].kind == SpaceKind::Lotus)
        .min_by_key(|&p| raws[p].id)
    else {
        return Ok(());
    };
    let mut path = vec![raws[lotus].id.to_string()];
    let mut p = lotus;
    while p != black {
        p = came_from[p];
        path.push(raws[p].id.to_string());
    }
    path.reverse();
    Err(at(
        raws[lotus].id,
        format!(
            "is a lotus space after the black-lotus space {} (path {}); the black lotus must \
             be the last lotus space on every path (R16)",
            raws[black].id,
            path.join(" -> ")
        ),
    ))
}

pub(crate) fn build(
    name: String,
    note: Option<String>,
    raws: Vec<Raw>,
    order: &[usize],
    next_pos: &[Vec<usize>],
    prev_pos: &[Vec<usize>],
) -> Result<Board, BoardError> {
    let mut index_of_pos = vec![0u8; raws.len()];
    for (i, &p) in order.iter().enumerate() {
        index_of_pos[p] = i as u8;
    }
    let mut by_id: HashMap<SpaceId, u8> = HashMap::new();
    let mut spaces = Vec::with_capacity(raws.len());
    for &p in order {
        let raw = &raws[p];
        by_id.insert(raw.id, index_of_pos[p]);
        let mut next: Vec<u8> = next_pos[p].iter().map(|&q| index_of_pos[q]).collect();
        next.sort_unstable();
        let mut prev: Vec<u8> = prev_pos[p].iter().map(|&q| index_of_pos[q]).collect();
        prev.sort_unstable();
        spaces.push(Space {
            id: raw.id,
            kind: raw.kind,
            next,
            prev,
            back: raw.back.map(|b| by_id_of(&raws, &index_of_pos, b)),
            x: raw.x,
            y: raw.y,
        });
    }
    let n = spaces.len();
    // Springs on the worst path, in topological order.
    let mut springs_to = vec![0usize; n];
    let mut springs = 0u128;
    for i in 0..n {
        let own = (spaces[i].kind == SpaceKind::Spring) as usize;
        if own == 1 {
            springs |= 1u128 << i;
        }
        let best = spaces[i]
            .prev
            .iter()
            .map(|&q| springs_to[q as usize])
            .max()
            .unwrap_or(0);
        springs_to[i] = best + own;
        if springs_to[i] > MAX_SPRINGS_ON_A_PATH {
            return Err(at(
                spaces[i].id,
                format!(
                    "a path through it holds {} springs; at most {MAX_SPRINGS_ON_A_PATH}",
                    springs_to[i]
                ),
            ));
        }
    }
    let mut goal_distance = vec![0u8; n];
    for i in (0..n - 1).rev() {
        goal_distance[i] = 1 + spaces[i]
            .next
            .iter()
            .map(|&q| goal_distance[q as usize])
            .min()
            .expect("every space but the goal has a successor");
    }
    let mut lotus: Vec<(SpaceId, u8)> = spaces
        .iter()
        .enumerate()
        .filter(|(_, s)| s.kind == SpaceKind::Lotus)
        .map(|(i, s)| (s.id, i as u8))
        .collect();
    lotus.sort();
    let black_lotus = spaces
        .iter()
        .position(|s| s.kind == SpaceKind::BlackLotus)
        .expect("counted") as u8;
    let by_number = by_id
        .iter()
        .filter_map(|(id, &i)| match id {
            SpaceId::Track(n) => Some((*n, i)),
            _ => None,
        })
        .collect();
    let fingerprint = fingerprint(&spaces);
    Ok(Board {
        name,
        note,
        spaces,
        by_number,
        lotus: lotus.into_iter().map(|(_, i)| i).collect(),
        black_lotus,
        springs,
        goal_distance,
        fingerprint,
        source: None,
    })
}

fn by_id_of(raws: &[Raw], index_of_pos: &[u8], id: SpaceId) -> u8 {
    let p = raws.iter().position(|r| r.id == id).expect("checked id");
    index_of_pos[p]
}

/// FNV-1a over the play-relevant description, in index order.
fn fingerprint(spaces: &[Space]) -> u32 {
    let mut text = String::new();
    for s in spaces {
        text.push_str(&format!("{}:{}:", s.id, s.kind.file_name()));
        for &n in &s.next {
            text.push_str(&format!("{},", spaces[n as usize].id));
        }
        if let Some(b) = s.back {
            text.push_str(&format!(":{}", spaces[b as usize].id));
        }
        text.push(';');
    }
    let mut hash: u32 = 0x811c_9dc5;
    for b in text.bytes() {
        hash ^= b as u32;
        hash = hash.wrapping_mul(0x0100_0193);
    }
    hash
}
