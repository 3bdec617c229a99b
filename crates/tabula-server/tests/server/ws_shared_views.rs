//! In a game without hidden information every viewer is shown the same view, and the server
//! writes it (and the status) once per change for all its sockets: each seat and spectator
//! still adds its pushes up to what HTTP answers it.

use crate::common;

use common::TestServer;
use common::follower::{Follower, as_pushed};
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_viewer_of_a_game_without_hidden_information_adds_up_to_its_own_state() {
    let server = TestServer::new();
    let addr = server.listen().await;
    let m = server
        .create(json!({ "game": "connect-four", "seats": [{ "human": true }, { "human": true }] }))
        .await;
    let tokens = [Some(m.token(1)), Some(m.token(2)), None];
    let mut sockets = Vec::new();
    for token in tokens {
        let mut socket = Follower::open(addr, &m.id, token).await;
        socket.state_at(0).await;
        sockets.push(socket);
    }
    for (ply, column) in ["4", "4", "3", "5"].into_iter().enumerate() {
        let seat = 1 + ply % 2;
        let (status, ack) = server.act(&m.id, m.token(seat), column, ply as u64).await;
        assert_eq!(status, 200, "{ack}");
        let mut views = Vec::new();
        for (socket, token) in sockets.iter_mut().zip(tokens) {
            let state = socket.state_at(ply as u64 + 1).await;
            assert_eq!(socket.push["type"], "delta", "{}", socket.push);
            assert_eq!(state, as_pushed(server.state(&m.id, token).await));
            views.push(state["view"].clone());
        }
        assert!(views.iter().all(|v| *v == views[0]), "{views:?}");
        assert_eq!(views[0]["plies"], ply + 1);
        // The seat to move next is offered moves, the other seat and the spectator none.
        let next = 1 + (ply + 1) % 2;
        for (i, socket) in sockets.iter().enumerate() {
            let legal = socket.held.as_ref().unwrap()["legal"]
                .as_array()
                .unwrap()
                .len();
            assert_eq!(legal > 0, i + 1 == next, "socket {i} after ply {ply}");
        }
    }
}
