//! Names and accounts through the API, on both stores where anything is stored: a guest's
//! nickname at the table, an account claiming the guest's seats and surviving a restart,
//! sessions ended here or everywhere, a deleted account's games kept anonymised, names
//! checked, sign-ins limited per address and per account, and the session cookie's flags.

use crate::common;

use axum::http::StatusCode;
use common::TestServer;
use common::backends::{Backend, TestDb};
use common::browser::Browser;
use serde_json::{Value, json};
use std::sync::Arc;
use tabula_server::{AccountOptions, CookieSecurity, HubOptions, MemoryStore};

/// A match of two people: seat 1 the creator's, seat 2 invited.
async fn two_people(server: &TestServer) -> common::Created {
    server
        .create(json!({ "game": "toy-nim", "seats": [{ "human": true }, { "human": true }] }))
        .await
}

async fn players(server: &TestServer, id: &str) -> Value {
    let (status, body) = server.get(&format!("/api/matches/{id}/players")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["players"].clone()
}

crate::both_backends! {
    async fn a_guest_names_a_seat_and_everyone_at_the_table_sees_it(db: TestDb) {
        let server = TestServer::with_store(db.open().await);
        let m = two_people(&server).await;
        let (mut ada, mut bea) = (Browser::default(), Browser::default());
        let uri = format!("/api/matches/{}/name", m.id);
        let (status, body) = ada.post(&server, &uri, json!({ "token": m.token(1), "name": " Ada " })).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body, json!({ "seat": 1, "name": "Ada", "account": false }));
        assert!(ada.cookies.iter().any(|(k, _)| k == "tabula_guest"), "a guest cookie is set");
        let (status, _) = bea.post(&server, &uri, json!({ "token": m.token(2), "name": "Bea" })).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(players(&server, &m.id).await, json!([
            { "seat": 1, "name": "Ada", "account": false },
            { "seat": 2, "name": "Bea", "account": false },
        ]));
        // Edited: the new name replaces the old one.
        let (status, _) = ada.post(&server, &uri, json!({ "token": m.token(1), "name": "Ada L" })).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(players(&server, &m.id).await[0]["name"], "Ada L");
        // Refused, naming why; nothing changes.
        for (name, why) in [("random", "bot"), ("<b>hi</b>", "character"), ("A", "2 to 24")] {
            let (status, body) = ada.post(&server, &uri, json!({ "token": m.token(1), "name": name })).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{name}: {body}");
            let error = body["error"].as_str().unwrap();
            assert!(error.starts_with("name: ") && error.contains(why), "{name}: {error}");
        }
        let (status, _) = ada.post(&server, &uri, json!({ "token": "0".repeat(32), "name": "Eve" })).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(players(&server, &m.id).await[0]["name"], "Ada L");
        assert_eq!(players(&server, &m.id).await.as_array().unwrap().len(), 2);
    }

    async fn an_account_claims_the_guests_seats_and_survives_a_restart(db: TestDb) {
        let server = TestServer::with_store(db.open().await);
        let m = two_people(&server).await;
        let mut ada = Browser::default();
        let uri = format!("/api/matches/{}/name", m.id);
        ada.post(&server, &uri, json!({ "token": m.token(1), "name": "guest ada" })).await;
        let (status, body) = ada.post(&server, "/api/account", json!({ "name": "Ada", "password": "correct horse" })).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert_eq!(body["name"], "Ada");
        assert_eq!(players(&server, &m.id).await[0], json!({ "seat": 1, "name": "Ada", "account": true }));
        // The password is stored as an Argon2id hash only.
        let stored = stored_password(&db).await;
        assert!(stored.starts_with("$argon2id$v=19$") && !stored.contains("correct horse"), "{stored}");

        drop(server);
        let server = TestServer::with_store(db.open().await);
        let (status, body) = ada.get(&server, "/api/account").await;
        assert_eq!((status, body["name"].clone()), (StatusCode::OK, json!("Ada")), "the session survives");
        let mut phone = Browser::default();
        let (status, _) = phone.post(&server, "/api/account/login", json!({ "name": "ADA", "password": "correct horse" })).await;
        assert_eq!(status, StatusCode::OK);
        let (status, page) = phone.get(&server, "/api/players/ada").await;
        assert_eq!(status, StatusCode::OK, "{page}");
        assert_eq!(page["name"], "Ada");
        assert_eq!(page["games"][0]["id"], json!(m.id));
        assert_eq!(page["games"][0]["game"], "toy-nim");
        assert_eq!(page["games"][0]["seat"], 1);
        let (status, _) = phone.get(&server, "/api/players/nobody").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }

    async fn sessions_end_here_or_everywhere(db: TestDb) {
        let server = TestServer::with_store(db.open().await);
        let credentials = json!({ "name": "Bea", "password": "a long password" });
        let (mut one, mut two, mut three) = (Browser::default(), Browser::default(), Browser::default());
        assert_eq!(one.post(&server, "/api/account", credentials.clone()).await.0, StatusCode::CREATED);
        assert_eq!(two.post(&server, "/api/account/login", credentials.clone()).await.0, StatusCode::OK);
        let stale_one = one.cookies.clone();
        let (status, body) = one.post(&server, "/api/account/logout", json!({})).await;
        assert_eq!((status, body), (StatusCode::OK, json!({ "ended": 1 })));
        assert!(one.last_set[0].contains("Max-Age=0"), "the cookie is cleared");
        one.cookies = stale_one;
        assert_eq!(one.get(&server, "/api/account").await.0, StatusCode::UNAUTHORIZED);
        assert_eq!(two.get(&server, "/api/account").await.0, StatusCode::OK);
        assert_eq!(three.post(&server, "/api/account/login", credentials).await.0, StatusCode::OK);
        let (status, body) = two.post(&server, "/api/account/logout-everywhere", json!({})).await;
        assert_eq!((status, body), (StatusCode::OK, json!({ "ended": 2 })));
        assert_eq!(three.get(&server, "/api/account").await.0, StatusCode::UNAUTHORIZED);
        assert_eq!(one.post(&server, "/api/account/logout", json!({})).await.0, StatusCode::UNAUTHORIZED);
    }

    async fn a_deleted_accounts_games_stay_anonymised(db: TestDb) {
        let server = TestServer::with_store(db.open().await);
        let m = two_people(&server).await;
        let mut cid = Browser::default();
        let credentials = json!({ "name": "Cid", "password": "a long password" });
        cid.post(&server, "/api/account", credentials.clone()).await;
        let (status, body) = cid.post(&server, &format!("/api/matches/{}/name", m.id), json!({ "token": m.token(2) })).await;
        assert_eq!((status, body["name"].clone()), (StatusCode::OK, json!("Cid")));
        let (status, body) = cid.post(&server, "/api/account/delete", json!({ "password": "wrong password" })).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(server.get("/api/players/cid").await.0, StatusCode::OK, "still there");
        let (status, _) = cid.post(&server, "/api/account/delete", json!({ "password": "a long password" })).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(server.get("/api/players/cid").await.0, StatusCode::NOT_FOUND);
        assert_eq!(players(&server, &m.id).await, json!([{ "seat": 2, "name": "anonymous", "account": false }]));
        assert_eq!(server.state(&m.id, None).await["seats"].as_array().unwrap().len(), 2, "the game stays");
        let mut other = Browser::default();
        assert_eq!(other.post(&server, "/api/account/login", credentials.clone()).await.0, StatusCode::UNAUTHORIZED);
        assert_eq!(other.post(&server, "/api/account", credentials).await.0, StatusCode::CREATED, "the name is free again");
    }

    async fn names_are_checked_and_taken_once(db: TestDb) {
        let server = TestServer::with_store(db.open().await);
        let mut b = Browser::default();
        for (name, password, why) in [
            ("Beginner", "a long password", "bot"),
            ("Admin", "a long password", "blocked"),
            ("Dee", "short", "password: at least 8"),
            (&"d".repeat(25) as &str, "a long password", "2 to 24"),
        ] {
            let (status, body) = b.post(&server, "/api/account", json!({ "name": name, "password": password })).await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{name}: {body}");
            assert!(body["error"].as_str().unwrap().contains(why), "{name}: {body}");
            assert!(b.cookies.is_empty(), "no session for a refused sign-up");
        }
        assert_eq!(b.post(&server, "/api/account", json!({ "name": "Dee", "password": "a long password" })).await.0, StatusCode::CREATED);
        let mut c = Browser::default();
        let (status, body) = c.post(&server, "/api/account", json!({ "name": "d.e.e", "password": "a long password" })).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(body["error"].as_str().unwrap().contains("taken"), "{body}");
        // A guest may not take an account's name.
        let m = two_people(&server).await;
        let (status, body) = c.post(&server, &format!("/api/matches/{}/name", m.id), json!({ "token": m.token(1), "name": "DEE" })).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(players(&server, &m.id).await, json!([]));
    }
}

async fn stored_password(db: &TestDb) -> String {
    let sql = "SELECT password FROM accounts";
    match db.backend {
        Backend::Sqlite => {
            let pool = sqlx::SqlitePool::connect(&format!("sqlite:{}", db.location))
                .await
                .unwrap();
            sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap()
        }
        Backend::Postgres => {
            let pool = sqlx::PgPool::connect(&db.location).await.unwrap();
            sqlx::query_scalar(sql).fetch_one(&pool).await.unwrap()
        }
    }
}

fn with_accounts(accounts: AccountOptions) -> TestServer {
    TestServer::with_options(
        Arc::new(MemoryStore::new()),
        HubOptions {
            accounts,
            ..HubOptions::default()
        },
    )
}

#[tokio::test]
async fn sign_ins_are_limited_per_account_and_per_address() {
    let server = with_accounts(AccountOptions {
        logins_per_minute_per_client: 5,
        logins_per_minute_per_account: 3,
        ..AccountOptions::default()
    });
    let mut b = Browser::default();
    let attempt = |name: &str| json!({ "name": name, "password": "not the password" });
    for _ in 0..3 {
        assert_eq!(
            b.post(&server, "/api/account/login", attempt("ada"))
                .await
                .0,
            StatusCode::UNAUTHORIZED
        );
    }
    let (status, body) = b.post(&server, "/api/account/login", attempt("Ada")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["error"].as_str().unwrap().contains("for this account"),
        "{body}"
    );
    assert_eq!(
        b.post(&server, "/api/account/login", attempt("bob"))
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    let (status, body) = b.post(&server, "/api/account/login", attempt("cid")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("from this address"),
        "{body}"
    );
    // Another address is counted apart (its own bucket), though the account's is empty.
    let mut other = Browser {
        peer: Some("10.0.0.2:4000".parse().unwrap()),
        ..Browser::default()
    };
    assert_eq!(
        other
            .post(&server, "/api/account/login", attempt("dee"))
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    let (status, body) = other
        .post(&server, "/api/account/login", attempt("ada"))
        .await;
    assert!(
        status == StatusCode::TOO_MANY_REQUESTS
            && body["error"].as_str().unwrap().contains("account"),
        "{body}"
    );
}

#[tokio::test]
async fn session_cookies_are_http_only_lax_and_secure_behind_tls() {
    let credentials = |n: &str| json!({ "name": n, "password": "a long password" });
    // Behind a TLS proxy on the same host: Secure.
    let server = with_accounts(AccountOptions::default());
    let mut proxied = Browser {
        peer: Some("127.0.0.1:5000".parse().unwrap()),
        forwarded_proto: Some("https"),
        ..Browser::default()
    };
    assert_eq!(
        proxied
            .post(&server, "/api/account", credentials("Eve"))
            .await
            .0,
        StatusCode::CREATED
    );
    let set = &proxied.last_set[0];
    assert!(
        set.starts_with("tabula_session=")
            && set.contains("; HttpOnly")
            && set.contains("; SameSite=Lax")
            && set.contains("; Secure"),
        "{set}"
    );
    // Plain HTTP, or a forwarded header from a peer that is not a trusted proxy: not Secure.
    let mut plain = Browser {
        peer: Some("127.0.0.1:5001".parse().unwrap()),
        ..Browser::default()
    };
    plain
        .post(&server, "/api/account", credentials("Fay"))
        .await;
    assert!(
        !plain.last_set[0].contains("Secure"),
        "{}",
        plain.last_set[0]
    );
    let mut spoofed = Browser {
        peer: Some("203.0.113.9:5002".parse().unwrap()),
        forwarded_proto: Some("https"),
        ..Browser::default()
    };
    spoofed
        .post(&server, "/api/account", credentials("Gus"))
        .await;
    assert!(
        !spoofed.last_set[0].contains("Secure"),
        "{}",
        spoofed.last_set[0]
    );
    // The operator says TLS always.
    let server = with_accounts(AccountOptions {
        secure_cookies: CookieSecurity::Always,
        ..AccountOptions::default()
    });
    let mut b = Browser::default();
    b.post(&server, "/api/account", credentials("Hal")).await;
    assert!(b.last_set[0].contains("; Secure"), "{}", b.last_set[0]);
}
