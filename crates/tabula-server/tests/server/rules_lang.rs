//! `GET /api/games/{name}/rules?lang=`: the rules for players in English, French or Czech;
//! English without the parameter, byte for byte as before it existed.

use crate::common;

use axum::http::StatusCode;
use common::TestServer;
use tabula_registry::LANGUAGES;

#[tokio::test]
async fn rules_come_in_each_language_and_in_english_by_default() {
    let server = TestServer::new();
    for name in [
        "toumai",
        "khan-tsin",
        "china-moon",
        "magical-circle",
        "connect-four",
    ] {
        let info = tabula_catalog::builtin().find(name).unwrap().info();
        let (status, page) = server.get(&format!("/api/games/{name}/rules")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(page.as_str(), Some(info.rules), "{name} without lang");
        for &lang in LANGUAGES {
            let uri = format!("/api/games/{name}/rules?lang={lang}");
            let (status, page) = server.get(&uri).await;
            assert_eq!(status, StatusCode::OK, "{uri}");
            assert_eq!(page.as_str(), info.rules_in(lang), "{uri}");
        }
        let (_, fr) = server
            .get(&format!("/api/games/{name}/rules?lang=fr"))
            .await;
        let (_, cs) = server
            .get(&format!("/api/games/{name}/rules?lang=cs"))
            .await;
        assert_ne!(fr, cs, "{name}: French and Czech differ");
        assert_ne!(
            fr.as_str(),
            Some(info.rules),
            "{name}: French is not English"
        );
    }
}

#[tokio::test]
async fn an_unknown_language_is_refused_naming_the_supported_ones() {
    let server = TestServer::new();
    for lang in ["de", "", "FR", "fr_FR"] {
        let (status, e) = server
            .get(&format!("/api/games/toumai/rules?lang={lang}"))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "lang={lang}");
        let message = e["error"].as_str().unwrap();
        assert!(message.contains("en, fr, cs"), "{message}");
        assert!(message.contains(&format!("`{lang}`")), "{message}");
    }
    let (status, e) = server.get("/api/games/toumai/rules?language=fr").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(e["error"].as_str().unwrap().contains("language"));
    let (status, e) = server.get("/api/games/chess/rules?lang=fr").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(e["error"].as_str().unwrap().contains("chess"));
}

#[tokio::test]
async fn a_game_without_translations_answers_english_only() {
    let server = TestServer::new();
    let (status, _) = server.get("/api/games/toy-race/rules?lang=en").await;
    assert_eq!(status, StatusCode::OK);
    let (status, e) = server.get("/api/games/toy-race/rules?lang=cs").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(e["error"].as_str().unwrap().contains("`cs`"), "{e}");
}
