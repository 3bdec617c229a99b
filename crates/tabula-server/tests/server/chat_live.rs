//! Chat over the match's WebSocket, on both stores: each message reaches at once the sockets
//! allowed to read its room and no other, a hidden message is withdrawn live, a blocked
//! author's messages reach neither the blocker's socket nor its `GET`, and the operator's
//! reports list (refused to anyone else; hide and dismiss take a message off it).

use crate::common;

use axum::http::StatusCode;
use common::browser::Browser;
use common::follower::Follower;
use common::{Created, TestServer};
use serde_json::{Value, json};
use std::net::SocketAddr;
use tabula_server::{AccountOptions, HubOptions, MatchStore};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

fn server_on(store: std::sync::Arc<dyn MatchStore>) -> TestServer {
    TestServer::with_options(
        store,
        HubOptions {
            accounts: AccountOptions {
                operator_token: Some("op-secret".into()),
                ..AccountOptions::default()
            },
            ..HubOptions::default()
        },
    )
}

async fn two_people(server: &TestServer) -> Created {
    server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await
}

async fn say(server: &TestServer, id: &str, body: Value) -> Value {
    let (status, sent) = server.post(&format!("/api/matches/{id}/chat"), body).await;
    assert_eq!(status, StatusCode::CREATED, "{sent}");
    sent
}

/// The next chat push of a socket (state pushes skipped).
async fn next_chat(socket: &mut Follower) -> Value {
    loop {
        let m = socket.next().await;
        if m["type"].as_str().is_some_and(|t| t.starts_with("chat")) {
            return m;
        }
    }
}

/// A socket opened with `browser`'s cookies, as a page of that browser opens it.
async fn socket_of(addr: SocketAddr, id: &str, token: &str, browser: &Browser) -> Follower {
    let url = format!("ws://{addr}/api/matches/{id}/ws?token={token}");
    let mut request = url.into_client_request().unwrap();
    let cookies: Vec<String> = (browser.cookies.iter())
        .map(|(k, v)| format!("{k}={v}"))
        .collect();
    request
        .headers_mut()
        .insert("cookie", cookies.join("; ").parse().unwrap());
    let (socket, _) = tokio_tungstenite::connect_async(request).await.unwrap();
    Follower {
        socket,
        held: None,
        push: Value::Null,
        bytes: 0,
    }
}

async fn account(server: &TestServer, name: &str) -> Browser {
    Browser::signed_up(server, name).await
}

crate::both_backends! {
    async fn each_message_reaches_at_once_the_sockets_of_its_room_only(db: TestDb) {
        let server = server_on(db.open().await);
        let addr = server.listen().await;
        let m = two_people(&server).await;
        let mut one = Follower::open(addr, &m.id, Some(m.token(1))).await;
        let mut two = Follower::open(addr, &m.id, Some(m.token(2))).await;
        let mut watcher = Follower::open(addr, &m.id, None).await;
        for s in [&mut one, &mut two, &mut watcher] {
            assert_eq!(s.next().await["type"], "state");
        }
        let script = "<script>alert(1)</script>";
        say(&server, &m.id, json!({ "token": m.token(1), "text": script })).await;
        let got = next_chat(&mut two).await;
        assert_eq!((got["type"].clone(), got["message"]["text"].clone(), got["message"]["room"].clone()), (json!("chat"), json!(script), json!("players")));
        assert_eq!(next_chat(&mut one).await["message"]["text"], script, "the author's own socket too");
        say(&server, &m.id, json!({ "token": m.token(2), "text": "gl" })).await;
        assert_eq!(next_chat(&mut one).await["message"]["text"], "gl");
        say(&server, &m.id, json!({ "name": "Onlooker", "text": "who wins?" })).await;
        // Pushed in order: the spectator's first chat push is the spectators' message, so
        // the players' two were never sent to it.
        let got = next_chat(&mut watcher).await;
        assert_eq!((got["message"]["text"].clone(), got["message"]["room"].clone()), (json!("who wins?"), json!("spectators")));
        // And the players do not get the spectators' room during the game: their next chat
        // push is the next players' message.
        say(&server, &m.id, json!({ "token": m.token(1), "text": "wp" })).await;
        assert_eq!(next_chat(&mut two).await["message"]["text"], "gl");
        assert_eq!(next_chat(&mut two).await["message"]["text"], "wp");
    }

    async fn a_hidden_message_is_withdrawn_live(db: TestDb) {
        let server = server_on(db.open().await);
        let addr = server.listen().await;
        let m = two_people(&server).await;
        let mut two = Follower::open(addr, &m.id, Some(m.token(2))).await;
        assert_eq!(two.next().await["type"], "state");
        let sent = say(&server, &m.id, json!({ "token": m.token(1), "text": "rude" })).await;
        let id = sent["id"].as_str().unwrap();
        assert_eq!(next_chat(&mut two).await["message"]["id"], id);
        let mut op = Browser { authorization: Some("Bearer op-secret"), ..Browser::default() };
        let (status, body) = op.post(&server, &format!("/api/matches/{}/chat/{id}/hide", m.id), json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(next_chat(&mut two).await, json!({ "type": "chat_hidden", "id": id }));
        let (_, read) = server.get(&format!("/api/matches/{}/chat?token={}", m.id, m.token(2))).await;
        assert_eq!(read["messages"], json!([]));
    }

    async fn a_blocked_authors_messages_reach_neither_the_socket_nor_the_reading(db: TestDb) {
        let server = server_on(db.open().await);
        let addr = server.listen().await;
        let m = two_people(&server).await;
        let (mut ada, mut bea) = (account(&server, "Ada").await, account(&server, "Bea").await);
        for (b, seat) in [(&mut ada, 1), (&mut bea, 2)] {
            let (status, body) = b.post(&server, &format!("/api/matches/{}/name", m.id), json!({ "token": m.token(seat) })).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, body) = bea.post(&server, "/api/me/blocks", json!({ "name": "ada" })).await;
        assert_eq!((status, body["blocked"].clone()), (StatusCode::CREATED, json!("Ada")));
        let mut socket = socket_of(addr, &m.id, m.token(2), &bea).await;
        assert_eq!(socket.next().await["type"], "state");
        say(&server, &m.id, json!({ "token": m.token(1), "text": "from Ada" })).await;
        say(&server, &m.id, json!({ "token": m.token(2), "text": "from Bea" })).await;
        assert_eq!(next_chat(&mut socket).await["message"]["text"], "from Bea", "Ada's message was not pushed");
        let read = format!("/api/matches/{}/chat?token={}", m.id, m.token(2));
        let texts = |v: Value| -> Vec<String> { v["messages"].as_array().unwrap().iter().map(|m| m["text"].as_str().unwrap().into()).collect() };
        assert_eq!(texts(bea.get(&server, &read).await.1), ["from Bea"]);
        assert_eq!(texts(server.get(&read).await.1), ["from Ada", "from Bea"], "only the blocker's reading");
        let (status, _) = bea.send(&server, "DELETE", "/api/me/blocks/Ada", None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(texts(bea.get(&server, &read).await.1), ["from Ada", "from Bea"]);
        say(&server, &m.id, json!({ "token": m.token(1), "text": "again" })).await;
        assert_eq!(next_chat(&mut socket).await["message"]["text"], "again");
    }

    async fn only_the_operator_reads_reports_and_hide_or_dismiss_take_them_off(db: TestDb) {
        let server = server_on(db.open().await);
        let m = two_people(&server).await;
        let a = say(&server, &m.id, json!({ "token": m.token(1), "text": "<img src=x onerror=alert(1)>" })).await;
        let b = say(&server, &m.id, json!({ "token": m.token(2), "text": "meh" })).await;
        for (i, (id, reason)) in [(&a["id"], "rude"), (&a["id"], "spam"), (&b["id"], "")].into_iter().enumerate() {
            let mut reporter = Browser { peer: Some(([10, 0, 0, i as u8 + 1], 1).into()), ..Browser::default() };
            let (status, _) = reporter.post(&server, &format!("/api/matches/{}/chat/{}/report", m.id, id.as_str().unwrap()), json!({ "reason": reason })).await;
            assert_eq!(status, StatusCode::OK);
        }
        let mut anyone = Browser::default();
        assert_eq!(anyone.get(&server, "/api/reports").await.0, StatusCode::UNAUTHORIZED);
        anyone.authorization = Some("Bearer wrong");
        assert_eq!(anyone.get(&server, "/api/reports").await.0, StatusCode::FORBIDDEN);
        let dismiss = format!("/api/reports/{}", b["id"].as_str().unwrap());
        assert_eq!(anyone.send(&server, "DELETE", &dismiss, None).await.0, StatusCode::FORBIDDEN);
        let mut op = Browser { authorization: Some("Bearer op-secret"), ..Browser::default() };
        let (status, list) = op.get(&server, "/api/reports").await;
        assert_eq!(status, StatusCode::OK, "{list}");
        let reports = list["reports"].as_array().unwrap();
        assert_eq!(reports.len(), 2, "{list}");
        let first = reports.iter().find(|r| r["id"] == a["id"]).unwrap();
        assert_eq!((first["match"].clone(), first["author"].clone(), first["text"].clone(), first["count"].clone(), first["reasons"].clone()),
            (json!(m.id), json!("Seat 1"), a["text"].clone(), json!(2), json!(["rude", "spam"])));
        let (status, _) = op.send(&server, "DELETE", &dismiss, None).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(op.send(&server, "DELETE", &dismiss, None).await.0, StatusCode::NOT_FOUND);
        let hide = format!("/api/matches/{}/chat/{}/hide", m.id, a["id"].as_str().unwrap());
        assert_eq!(op.post(&server, &hide, json!({})).await.0, StatusCode::OK);
        let (_, list) = op.get(&server, "/api/reports").await;
        assert_eq!(list["reports"], json!([]));
        let (_, read) = server.get(&format!("/api/matches/{}/chat?token={}", m.id, m.token(1))).await;
        assert_eq!(read["messages"].as_array().unwrap().len(), 1, "the dismissed message stays");
    }

    async fn blocks_are_listed_and_refused_naming_why(db: TestDb) {
        let server = server_on(db.open().await);
        let mut ada = account(&server, "Ada").await;
        account(&server, "Bea").await;
        account(&server, "Cy").await;
        let mut guest = Browser::default();
        assert_eq!(guest.get(&server, "/api/me/blocks").await.0, StatusCode::UNAUTHORIZED);
        assert_eq!(guest.post(&server, "/api/me/blocks", json!({ "name": "Bea" })).await.0, StatusCode::UNAUTHORIZED);
        for (body, status, why) in [
            (json!({ "name": "Ada" }), StatusCode::BAD_REQUEST, "yourself"),
            (json!({ "name": "Nobody" }), StatusCode::NOT_FOUND, "no account"),
            (json!({ "who": "Bea" }), StatusCode::BAD_REQUEST, ""),
        ] {
            let (got, answer) = ada.post(&server, "/api/me/blocks", body.clone()).await;
            assert_eq!(got, status, "{body} → {answer}");
            assert!(answer["error"].as_str().unwrap().contains(why), "{answer}");
        }
        for name in ["Bea", "cy", "Bea"] {
            assert_eq!(ada.post(&server, "/api/me/blocks", json!({ "name": name })).await.0, StatusCode::CREATED);
        }
        let (_, list) = ada.get(&server, "/api/me/blocks").await;
        let mut names: Vec<&str> = list["blocks"].as_array().unwrap().iter().map(|b| b["name"].as_str().unwrap()).collect();
        names.sort();
        assert_eq!(names, ["Bea", "Cy"]);
        assert_eq!(ada.send(&server, "DELETE", "/api/me/blocks/Cy", None).await.0, StatusCode::OK);
        assert_eq!(ada.send(&server, "DELETE", "/api/me/blocks/Cy", None).await.0, StatusCode::NOT_FOUND);
        let (_, list) = ada.get(&server, "/api/me/blocks").await;
        assert_eq!(list["blocks"].as_array().unwrap().len(), 1);
    }
}

/// An in-process instance on the PostgreSQL database at `location`, following the others.
async fn instance(location: &str) -> TestServer {
    let pg = tabula_server::PgStore::open(location).await.unwrap();
    let server = server_on(std::sync::Arc::new(pg.clone()));
    server.hub.join_cluster(pg).await.unwrap();
    server
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_message_written_on_one_instance_reaches_the_sockets_of_another() {
    use common::backends::{Backend, TestDb};
    let db = TestDb::new(Backend::Postgres, "chat_two_instances").await;
    let (one, two) = (instance(&db.location).await, instance(&db.location).await);
    let m = two_people(&one).await;
    let addr = two.listen().await;
    // The other instance loads the match when it is created (or at the socket's opening).
    let mut socket = Follower::open(addr, &m.id, Some(m.token(2))).await;
    assert_eq!(socket.next().await["type"], "state");
    let sent = say(
        &one,
        &m.id,
        json!({ "token": m.token(1), "text": "across" }),
    )
    .await;
    let got = next_chat(&mut socket).await;
    assert_eq!(
        (got["message"]["id"].clone(), got["message"]["text"].clone()),
        (sent["id"].clone(), json!("across"))
    );
    let mut op = Browser {
        authorization: Some("Bearer op-secret"),
        ..Browser::default()
    };
    let hide = format!(
        "/api/matches/{}/chat/{}/hide",
        m.id,
        sent["id"].as_str().unwrap()
    );
    assert_eq!(op.post(&one, &hide, json!({})).await.0, StatusCode::OK);
    assert_eq!(
        next_chat(&mut socket).await,
        json!({ "type": "chat_hidden", "id": sent["id"] })
    );
    // Written on the socket's own instance: pushed once, not again when its notice comes.
    say(&two, &m.id, json!({ "token": m.token(2), "text": "here" })).await;
    say(&one, &m.id, json!({ "token": m.token(1), "text": "there" })).await;
    assert_eq!(next_chat(&mut socket).await["message"]["text"], "here");
    assert_eq!(next_chat(&mut socket).await["message"]["text"], "there");
}
