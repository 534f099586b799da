//! The API through the router, without a network: answers, and every kind of bad request.

use axum::body::{Body, to_bytes};
use axum::http::{Request, StatusCode, header};
use grundy_web::{ServerLimits, router};
use serde_json::{Value, json};
use tower::ServiceExt;

async fn call(limits: ServerLimits, method: &str, path: &str, body: &str) -> (StatusCode, String) {
    let request = Request::builder()
        .method(method)
        .uri(path)
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = router(limits).oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (status, String::from_utf8(bytes.to_vec()).unwrap())
}

async fn post(path: &str, body: Value) -> (StatusCode, Value) {
    let (status, text) = call(ServerLimits::default(), "POST", path, &body.to_string()).await;
    (
        status,
        serde_json::from_str(&text).expect("the answer is JSON"),
    )
}

/// Asserts a 4xx answer whose JSON error contains `needle`.
async fn refused(limits: ServerLimits, path: &str, body: &str, status: StatusCode, needle: &str) {
    let (got, text) = call(limits, "POST", path, body).await;
    assert_eq!(got, status, "{body}: {text}");
    let v: Value = serde_json::from_str(&text).expect("errors are JSON");
    let error = v["error"].as_str().expect("an error field");
    assert!(error.contains(needle), "{body}: {error:?} lacks {needle:?}");
    assert!(!error.contains('\n'), "{error:?}");
}

#[tokio::test]
async fn analyze_answers_with_the_json_contract() {
    let (status, v) = post(
        "/api/analyze",
        json!({"game": "nim", "position": [3, 4, 5]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["game"], "nim");
    assert_eq!(v["position"], json!([3, 4, 5]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["grundy"], 2);
    assert_eq!(v["winning_move_count"], 1);
    assert_eq!(v["winning_moves"][0]["position"], json!([1, 4, 5]));
    assert!(v.get("explanation").is_none());

    let (_, v) = post(
        "/api/analyze",
        json!({"game": "nim", "position": [1, 1, 1], "misere": true, "explain": true, "lang": "zh"}),
    )
    .await;
    assert_eq!(v["play"], "misere");
    assert_eq!(v["outcome"], "P");
    assert_eq!(v["grundy"], Value::Null);
    let texts: Vec<&str> = v["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["text"].as_str().unwrap())
        .collect();
    assert!(texts.iter().any(|t| t.contains("反 Nim")), "{texts:?}");

    let (_, v) = post(
        "/api/analyze",
        json!({"game": "nim", "position": [7, 7, 7], "max_moves": 1}),
    )
    .await;
    assert_eq!(v["winning_moves"].as_array().unwrap().len(), 1);
    assert_eq!(v["winning_move_count"], 3);
}

#[tokio::test]
async fn move_checks_and_applies_a_move() {
    let (status, v) = post(
        "/api/move",
        json!({"game": "nim", "position": [3, 4, 5], "move": "1 2"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["position"], json!([1, 4, 5]));
    assert_eq!(v["move"], "1 2");
    assert_eq!(v["over"], false);
    let (_, v) = post(
        "/api/move",
        json!({"game": "nim", "position": [0, 2], "move": "2 2"}),
    )
    .await;
    assert_eq!(v["over"], true);
    let body = r#"{"game": "nim", "position": [3, 4, 5], "move": "2 9"}"#;
    refused(
        ServerLimits::default(),
        "/api/move",
        body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "pile 2 has 4 stones; you cannot take 9",
    )
    .await;
    let body = r#"{"game": "nim", "position": [3, 4, 5], "move": "2 9", "lang": "zh"}"#;
    refused(
        ServerLimits::default(),
        "/api/move",
        body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "第 2 堆只有 4 个石子",
    )
    .await;
    let body = r#"{"game": "nim", "position": [3, 4, 5]}"#;
    refused(
        ServerLimits::default(),
        "/api/move",
        body,
        StatusCode::BAD_REQUEST,
        "no 'move'",
    )
    .await;
}

#[tokio::test]
async fn computer_plays_the_fastest_win() {
    let (status, v) = post(
        "/api/computer",
        json!({"game": "nim", "position": [3, 4, 5]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["move"], "1 2");
    assert_eq!(v["winning"], true);
    assert!(v["remoteness"].is_u64());
    // Too large to search: the closed form's move, still winning.
    let (_, v) = post(
        "/api/computer",
        json!({"game": "nim", "position": [1_000_000_000_000u64, 3, 5]}),
    )
    .await;
    assert_eq!(v["remoteness"], Value::Null);
    assert_eq!(v["position"], json!([6, 3, 5]));
    let body = r#"{"game": "nim", "position": [0, 0]}"#;
    refused(
        ServerLimits::default(),
        "/api/computer",
        body,
        StatusCode::UNPROCESSABLE_ENTITY,
        "the game is over",
    )
    .await;
}

#[tokio::test]
async fn bad_requests_are_4xx_with_a_json_error() {
    let d = ServerLimits::default();
    let bad = StatusCode::BAD_REQUEST;
    let over = StatusCode::UNPROCESSABLE_ENTITY;
    for (body, status, needle) in [
        ("", bad, "bad JSON request"),
        ("{", bad, "bad JSON request"),
        ("[1, 2]", bad, "bad JSON request"),
        (r#"{"position": [1]}"#, bad, "missing field `game`"),
        (r#"{"game": "nim"}"#, bad, "the request has no 'position'"),
        (
            r#"{"game": "nim", "position": "3 4"}"#,
            bad,
            "bad JSON request",
        ),
        (
            r#"{"game": "chess", "position": [1]}"#,
            bad,
            "unknown game 'chess'; playable games: nim",
        ),
        (r#"{"game": "nim", "position": []}"#, bad, "no piles"),
        (
            r#"{"game": "nim", "position": [1], "k": 3}"#,
            bad,
            "parameter 'k'",
        ),
        (
            r#"{"game": "nim", "position": [1], "lang": "fr"}"#,
            bad,
            "unknown variant `fr`",
        ),
        (
            r#"{"game": "nim", "position": [1, -2]}"#,
            over,
            "position[1]: '-2' is negative",
        ),
        (
            r#"{"game": "nim", "position": [1.5]}"#,
            over,
            "position[0]: '1.5' is not a whole number",
        ),
        (
            r#"{"game": "nim", "position": ["3"]}"#,
            over,
            "position[0]: '\"3\"' is not a number",
        ),
        (
            r#"{"game": "nim", "position": [9007199254740992]}"#,
            over,
            "above this server's limit 9007199254740991",
        ),
        (
            r#"{"game": "nim", "position": [18446744073709551616]}"#,
            over,
            "position[0] is too large: above this server's limit 9007199254740991",
        ),
        (
            r#"{"game": "nim", "position": [-18446744073709551616]}"#,
            over,
            "is negative",
        ),
        (
            r#"{"game": "nim", "position": [1], "max_moves": 18446744073709551616}"#,
            StatusCode::BAD_REQUEST,
            "too large: above 18446744073709551615 (2^64 - 1)",
        ),
        (
            r#"{"game": "nonincreasing", "position": [1], "k": 18446744073709551616}"#,
            over,
            "parameter 'k' is too large: above 18446744073709551615 (2^64 - 1)",
        ),
    ] {
        refused(d, "/api/analyze", body, status, needle).await;
    }
    let small = ServerLimits {
        max_components: 3,
        max_body: 64,
        ..d
    };
    refused(
        small,
        "/api/analyze",
        r#"{"game": "nim", "position": [1, 2, 3, 4]}"#,
        over,
        "4 components; this server takes at most 3",
    )
    .await;
    let long = format!(
        r#"{{"game": "nim", "position": [{}]}}"#,
        "1, ".repeat(40) + "1"
    );
    refused(
        small,
        "/api/analyze",
        &long,
        StatusCode::PAYLOAD_TOO_LARGE,
        "over this server's limit of",
    )
    .await;
}

#[tokio::test]
async fn unknown_addresses_and_methods_answer_in_json() {
    let (status, text) = call(ServerLimits::default(), "GET", "/api/nothing", "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(text.contains("\"error\""));
    let (status, text) = call(ServerLimits::default(), "GET", "/api/analyze", "").await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    assert!(text.contains("POST"));
}

#[tokio::test]
async fn the_page_and_the_game_list_are_served() {
    let request = Request::builder().uri("/").body(Body::empty()).unwrap();
    let response = router(ServerLimits::default())
        .oneshot(request)
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        response.headers()[header::CONTENT_TYPE]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let page = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    let page = String::from_utf8(page.to_vec()).unwrap();
    for asset in ["/app.js", "/style.css"] {
        assert!(page.contains(asset), "the page links {asset}");
        let (status, text) = call(ServerLimits::default(), "GET", asset, "").await;
        assert_eq!(status, StatusCode::OK);
        assert!(!text.is_empty());
    }
    let (status, text) = call(ServerLimits::default(), "GET", "/api/games", "").await;
    assert_eq!(status, StatusCode::OK);
    let v: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["games"][0]["game"], "nim");
    assert_eq!(v["games"][0]["notation"]["example"], "1 2");
    assert_eq!(v["limits"]["max_value"], 9007199254740991u64);
}

/// GETs `path`: its status, content type and text.
async fn get(path: &str) -> (StatusCode, String, String) {
    let request = Request::builder().uri(path).body(Body::empty()).unwrap();
    let response = router(ServerLimits::default())
        .oneshot(request)
        .await
        .unwrap();
    let status = response.status();
    let content_type = response
        .headers()
        .get(header::CONTENT_TYPE)
        .map_or(String::new(), |v| v.to_str().unwrap().to_string());
    let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    (
        status,
        content_type,
        String::from_utf8(bytes.to_vec()).unwrap(),
    )
}

/// The address of module `from` (`./NAME`, `../NAME`) imported by the module at `path`.
fn resolve_import(path: &str, from: &str) -> String {
    assert!(
        from.starts_with("./") || from.starts_with("../"),
        "{path}: imports are relative: {from}"
    );
    let mut parts: Vec<&str> = path.split('/').collect();
    parts.pop();
    for part in from.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop();
            }
            _ => parts.push(part),
        }
    }
    parts.join("/")
}

#[tokio::test]
async fn the_page_loads_its_modules_and_every_module_is_served() {
    let (_, _, page) = get("/").await;
    assert!(page.contains(r#"<script type="module" src="/app.js">"#));
    // Every module the page reaches through its imports, as the browser resolves them, from
    // /app.js and from the board of each ruleset of the game list, which the Play tab loads by
    // its name from /js/boards/.
    let (_, _, games) = get("/api/games").await;
    let games: Value = serde_json::from_str(&games).unwrap();
    let mut to_load = vec!["/app.js".to_string()];
    for g in games["games"].as_array().unwrap() {
        let board = g["board"].as_str().expect("every ruleset names its board");
        to_load.push(format!("/js/boards/{board}.js"));
    }
    let mut reached = std::collections::BTreeSet::new();
    while let Some(path) = to_load.pop() {
        if !reached.insert(path.clone()) {
            continue;
        }
        let (status, content_type, text) = get(&path).await;
        assert_eq!(status, StatusCode::OK, "{path}");
        assert_eq!(content_type, "text/javascript; charset=utf-8", "{path}");
        for line in text.lines().filter(|l| l.starts_with("import ")) {
            let from = line.split('\'').nth(1).expect("an import names its module");
            to_load.push(resolve_import(&path, from));
        }
    }
    // Every file of assets/js and its folders is one of them: none is left out of the served
    // assets, and no board is one no ruleset names.
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut dirs = vec![assets.join("js")];
    while let Some(dir) = dirs.pop() {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                dirs.push(path);
                continue;
            }
            let name = path.strip_prefix(&assets).unwrap().to_str().unwrap();
            assert!(
                reached.contains(&format!("/{name}")),
                "/{name} is not reached from /app.js or a ruleset's board"
            );
        }
    }
}

#[tokio::test]
async fn parameters_are_fields_or_a_params_object_and_null_is_left_out() {
    let with_cap = |v: &Value| v["winning_moves"].clone();
    let (status, as_field) = post(
        "/api/analyze",
        json!({"game": "nonincreasing", "position": [3, 4, 5], "k": 1}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{as_field}");
    assert_eq!(as_field["position"], json!({"piles": [3, 4, 5], "k": 1}));
    let (status, in_object) = post(
        "/api/analyze",
        json!({"game": "nonincreasing", "position": [3, 4, 5], "params": {"k": 1}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{in_object}");
    assert_eq!(in_object, as_field);
    // The same value both ways is one parameter.
    let (status, both) = post(
        "/api/analyze",
        json!({"game": "nonincreasing", "position": [3, 4, 5], "k": 1, "params": {"k": "1"}}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{both}");
    assert_eq!(with_cap(&both), with_cap(&as_field));
    // A null parameter is one left out: no cap, as without `k`.
    let (status, null) = post(
        "/api/analyze",
        json!({"game": "nonincreasing", "position": [3, 4, 5], "k": null}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{null}");
    assert_eq!(null["position"]["k"], Value::Null);
    let (_, left_out) = post(
        "/api/analyze",
        json!({"game": "nonincreasing", "position": [3, 4, 5], "params": {"k": null}}),
    )
    .await;
    assert_eq!(left_out, null);
    assert_ne!(with_cap(&null), with_cap(&as_field));
    refused(
        ServerLimits::default(),
        "/api/analyze",
        r#"{"game": "nonincreasing", "position": [3], "k": 1, "params": {"k": 2}}"#,
        StatusCode::BAD_REQUEST,
        "parameter 'k' is given twice, as '1' and in 'params' as '2'",
    )
    .await;
    refused(
        ServerLimits::default(),
        "/api/analyze",
        r#"{"game": "nonincreasing", "position": [3], "params": {"k": 18446744073709551616}}"#,
        StatusCode::UNPROCESSABLE_ENTITY,
        "parameter 'k' is too large",
    )
    .await;
}

#[tokio::test]
async fn the_game_list_gives_each_rulesets_parameters_conventions_and_board() {
    let (_, _, text) = get("/api/games").await;
    let v: Value = serde_json::from_str(&text).unwrap();
    let games = v["games"].as_array().unwrap();
    let entry = |name: &str| {
        games
            .iter()
            .find(|g| g["game"] == name)
            .unwrap_or_else(|| panic!("{name} is listed"))
            .clone()
    };
    // Every ruleset is played under both conventions, by its own theorem or ruleset::Misere.
    for name in ["nim", "octal", "staircase", "coins", "wythoff"] {
        assert_eq!(
            entry(name)["conventions"],
            json!(["normal", "misere"]),
            "{name}"
        );
    }
    // Rulesets whose positions are sums of piles are played under the Every-SG rule too.
    for (name, every) in [
        ("nim", true),
        ("lasker", true),
        ("sum", true),
        ("wythoff", false),
    ] {
        assert_eq!(entry(name)["every"], every, "{name}");
        // How a move of that play is written, for the page's move line, where it is offered.
        let example = &entry(name)["every_notation"]["example"];
        assert_eq!(example.is_string(), every, "{name}: {example}");
    }
    // One stone on step 1 goes to the ground: the last move, which loses under misère play.
    let (_, v) = post(
        "/api/analyze",
        json!({"game": "staircase", "position": [1], "misere": true}),
    )
    .await;
    assert_eq!(v["play"], "misere");
    assert_eq!(v["outcome"], "P");
    for (name, board) in [
        ("nim", "piles"),
        ("staircase", "stairs"),
        ("grid", "grid"),
        ("coins", "coins"),
        ("octal", "piles"),
        ("cutting", "pieces"),
        ("script", "script"),
    ] {
        assert_eq!(entry(name)["board"], board, "{name}");
    }
    // A parameter's default is its value when left out, or null when leaving it out means
    // something of its own (no cap): never a sentinel number.
    let k = &entry("nonincreasing")["params"][0];
    assert_eq!(k["name"], "k");
    assert_eq!(k["default"], Value::Null);
    assert!(k["zh"].as_str().unwrap().contains("第一步"));
    assert_eq!(entry("subtraction")["params"][0]["default"], "1,3,4");
    assert_eq!(entry("octal")["params"][0]["default"], "0.77");
    assert_eq!(entry("nim")["params"], json!([]));
}

#[tokio::test]
async fn each_winning_move_is_written_as_the_move_that_reaches_its_position() {
    for request in [
        json!({"game": "nim", "position": [3, 4, 5, 9]}),
        json!({"game": "nim", "position": [1, 1, 3], "misere": true}),
        json!({"game": "staircase", "position": [3, 1, 2, 6]}),
        json!({"game": "grid", "position": [5, 2, 7]}),
        json!({"game": "coins", "position": [2, 5, 9, 11]}),
        json!({"game": "nonincreasing", "position": [3, 4, 6], "k": 3}),
        json!({"game": "subtraction", "position": [7, 9, 4], "set": [1, 3, 4]}),
        json!({"game": "wythoff", "position": [4, 6]}),
        json!({"game": "lasker", "position": [2, 5, 7]}),
        json!({"game": "octal", "position": [5, 7, 10], "code": "0.77"}),
        json!({"game": "octal", "position": [7, 9], "code": "grundy"}),
    ] {
        // Asked for: without `notation` the answer is the JSON of `--json`, which has no `move`.
        let (_, plain) = post("/api/analyze", request.clone()).await;
        assert!(plain["winning_moves"][0].get("move").is_none(), "{plain}");
        let mut written = request.clone();
        written["notation"] = json!(true);
        let (status, analysis) = post("/api/analyze", written).await;
        assert_eq!(status, StatusCode::OK, "{request}: {analysis}");
        let moves = analysis["winning_moves"].as_array().unwrap();
        assert!(!moves.is_empty(), "{request}: a won position");
        for m in moves {
            let mut typed = request.clone();
            typed["move"] = m["move"].clone();
            let (status, after) = post("/api/move", typed.clone()).await;
            assert_eq!(status, StatusCode::OK, "{typed}: {after}");
            assert_eq!(after["position"], m["position"], "{typed}");
            assert_eq!(after["move"], m["move"], "{typed}");
        }
    }
}

#[tokio::test]
async fn the_other_rulesets_are_analysed_moved_and_played() {
    // Staircase: odd steps 3 and 2 XOR to 1; the explanation names the even-step reply.
    let (status, v) = post(
        "/api/analyze",
        json!({"game": "staircase", "position": [3, 1, 2], "explain": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["grundy"], 1);
    let steps: Vec<&str> = v["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["step"].as_str().unwrap())
        .collect();
    assert_eq!(steps[..2], ["odd_steps", "even_steps_do_not_count"]);
    assert_eq!(v["explanation"][1]["example"], 2);
    // Coins: the move names the coin; the answer shows the row.
    let (_, v) = post(
        "/api/move",
        json!({"game": "coins", "position": [5, 2, 9], "move": "3 6"}),
    )
    .await;
    assert_eq!(v["position"], json!([5, 2, 6]));
    assert_eq!(v["shown"], "5 2 6");
    assert_eq!(v["resume"], json!({"position": [5, 2, 6]}));
    assert_eq!(v["description"], "slide coin 3 from cell 9 to cell 6");
    // The shrinking cap travels with the position: the next request sends `resume` back.
    let (_, v) = post(
        "/api/move",
        json!({"game": "nonincreasing", "position": [3, 4, 5], "k": 2, "move": "3 1"}),
    )
    .await;
    assert_eq!(v["position"], json!({"piles": [3, 4, 4], "k": 1}));
    assert_eq!(v["shown"], "3 4 4 (k = 1)");
    let mut next = v["resume"].clone();
    assert_eq!(next, json!({"position": [3, 4, 4], "k": "1"}));
    next["game"] = json!("nonincreasing");
    next["move"] = json!("1 2");
    let (status, v) = post("/api/move", next).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(v["error"].as_str().unwrap().contains("at most 1 stone"));
    // The computer plays a grid to its fastest win.
    let (_, v) = post(
        "/api/computer",
        json!({"game": "grid", "position": [5, 2, 7]}),
    )
    .await;
    assert_eq!(v["move"], "2 2");
    assert_eq!(v["winning"], true);
    for (body, needle) in [
        (
            r#"{"game": "coins", "position": [3, 3]}"#,
            "bad position: value 2 ('3') is the cell of value 1 already",
        ),
        (
            r#"{"game": "nonincreasing", "position": [1], "k": 0}"#,
            "parameter 'k'",
        ),
    ] {
        refused(
            ServerLimits::default(),
            "/api/analyze",
            body,
            StatusCode::BAD_REQUEST,
            needle,
        )
        .await;
    }
    let (_, text) = call(ServerLimits::default(), "GET", "/api/games", "").await;
    let games: Value = serde_json::from_str(&text).unwrap();
    let names: Vec<&str> = games["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["game"].as_str().unwrap())
        .collect();
    // The rulesets of `grundy play`, then script games.
    assert_eq!(names[..names.len() - 1], *grundy::registry::RULESETS);
    assert_eq!(names.last(), Some(&"script"));
    assert_eq!(games["games"][4]["params"][0]["name"], "k");
    assert_eq!(games["games"][5]["params"][0]["name"], "set");
    assert_eq!(
        games["games"][6]["notation"]["en"],
        "PILE COUNT or both COUNT"
    );
    assert_eq!(games["games"][0]["params"], json!([]));
}

#[tokio::test]
async fn take_and_break_games_travel_with_their_code_and_break_piles() {
    // Kayles 5 7 10: take 1 from the 5 and leave 2 and 2.
    let (status, v) = post(
        "/api/analyze",
        json!({"game": "octal", "code": "kayles", "position": [5, 7, 10]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["grundy"], 4);
    assert_eq!(
        v["winning_moves"][0]["change"],
        json!({"kind": "break", "pile": 0, "from": 5, "into": [2, 2]})
    );
    let (status, v) = post(
        "/api/move",
        json!({"game": "octal", "code": "kayles", "position": [5, 7, 10], "move": "1 1 2 2"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(
        v["resume"],
        json!({"position": [2, 2, 7, 10], "code": "kayles"})
    );
    // Dawson's Kayles (0.07) takes exactly 2: from 3 the computer leaves 1, worth G(1) = 0.
    let (status, v) = post(
        "/api/computer",
        json!({"game": "octal", "code": "0.07", "position": [3]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["move"], "1 2");
    assert_eq!(v["winning"], true);
    let (status, v) = post(
        "/api/move",
        json!({"game": "octal", "code": "0.07", "position": [3], "move": "1 1"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        v["error"],
        "the code 0.07 has no move that takes 1 from a pile of 3 and leaves 2"
    );
}

#[tokio::test]
async fn subtraction_wythoff_and_lasker_are_analysed_moved_and_played() {
    // The set travels with the position, as the `set` field.
    let (status, v) = post(
        "/api/move",
        json!({"game": "subtraction", "position": [7, 9], "set": "1,3,4", "move": "2 3"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["resume"], json!({"position": [7, 6], "set": "1,3,4"}));
    let mut next = v["resume"].clone();
    next["game"] = json!("subtraction");
    next["move"] = json!("1 2");
    let (status, v) = post("/api/move", next).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(v["error"], "the set 1,3,4 does not allow taking 2");
    // G(7) = 0 and G(6) = 2 for {1, 3, 4}: the computer takes 4 from the 6.
    let (_, v) = post(
        "/api/computer",
        json!({"game": "subtraction", "position": [7, 6], "set": [1, 3, 4]}),
    )
    .await;
    assert_eq!(v["move"], "2 4");
    assert_eq!(v["winning"], true);
    // Wythoff: the same from both piles, written `both COUNT`.
    let (_, v) = post(
        "/api/move",
        json!({"game": "wythoff", "position": [4, 6], "move": "both 1"}),
    )
    .await;
    assert_eq!(v["position"], json!([3, 5]));
    assert_eq!(v["change"]["kind"], "take_both");
    let (_, v) = post(
        "/api/analyze",
        json!({"game": "wythoff", "position": [3, 5]}),
    )
    .await;
    assert_eq!(v["outcome"], "P");
    // Lasker: a split inserts the second part after the first.
    let (_, v) = post(
        "/api/move",
        json!({"game": "lasker", "position": [3, 3], "move": "split 1 1"}),
    )
    .await;
    assert_eq!(v["shown"], "1 2 3");
    let (_, v) = post(
        "/api/computer",
        json!({"game": "lasker", "position": [1, 2, 3]}),
    )
    .await;
    assert_eq!(v["winning"], true);
    assert_eq!(v["move"], "split 3 1");
    for (body, needle) in [
        (
            r#"{"game": "wythoff", "position": [1, 2, 3]}"#,
            "exactly two piles",
        ),
        (
            r#"{"game": "subtraction", "position": [1], "set": "1,,2"}"#,
            "parameter 'set'",
        ),
    ] {
        refused(
            ServerLimits::default(),
            "/api/analyze",
            body,
            StatusCode::BAD_REQUEST,
            needle,
        )
        .await;
    }
}

#[tokio::test]
async fn stones_answers_the_two_ends_game_with_the_parity_play_out() {
    let (status, v) = post(
        "/api/stones",
        json!({"piles": [5, 3, 4, 5], "explain": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["game"], "stones ends");
    assert_eq!(v["totals"], json!({"first": 9, "second": 8}));
    assert_eq!(v["parity"]["class"], "odd");
    assert_eq!(
        v["parity"]["against_greedy"]["totals"],
        json!({"first": 9, "second": 8})
    );
    assert_eq!(
        v["parity"]["against_greedy"]["moves"]
            .as_array()
            .unwrap()
            .len(),
        4
    );
    // An odd row: no parity strategy; the DP table is in the explanation.
    let (_, v) = post(
        "/api/stones",
        json!({"piles": [1, 5, 2], "explain": true, "lang": "zh"}),
    )
    .await;
    assert_eq!(v["winner"], "second");
    assert!(v.get("parity").is_none());
    let table = v["explanation"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["step"] == "table")
        .expect("the DP table");
    assert_eq!(table["rows"][0], json!([1, 4, -2]));
    assert!(table["text"].as_str().unwrap().contains("表 d[i][j]"));
    let over = StatusCode::UNPROCESSABLE_ENTITY;
    for (body, status, needle) in [
        (r#"{"piles": [1, -2]}"#, over, "piles[1]: '-2' is negative"),
        (
            r#"{"position": [1]}"#,
            StatusCode::BAD_REQUEST,
            "unknown field `position`",
        ),
        (r#"{}"#, StatusCode::BAD_REQUEST, "missing field `piles`"),
    ] {
        refused(ServerLimits::default(), "/api/stones", body, status, needle).await;
    }
    let small = ServerLimits {
        max_components: 3,
        ..ServerLimits::default()
    };
    refused(
        small,
        "/api/stones",
        r#"{"piles": [1, 2, 3, 4]}"#,
        over,
        "'piles' has 4 components",
    )
    .await;
}

/// Sends `body` to `path` of `app` (one router, so its state is shared between calls): the
/// status, the `Retry-After` header and the JSON answer.
async fn send(app: &axum::Router, path: &str, body: &str) -> (StatusCode, Option<String>, Value) {
    let request = Request::builder()
        .method("POST")
        .uri(path)
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let retry = response
        .headers()
        .get(header::RETRY_AFTER)
        .map(|v| v.to_str().unwrap().to_string());
    let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    let v = serde_json::from_slice(&bytes).expect("the answer is JSON");
    (status, retry, v)
}

#[tokio::test]
async fn values_are_the_library_values_with_their_period() {
    for (game, upto) in [("0.77", 500), ("0.07", 300), ("4!.0", 200), ("1,2,4", 50)] {
        let (status, v) = post("/api/values", json!({"game": game, "upto": upto})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let mut sequence = grundy::values::Sequence::new(game.parse().unwrap());
        sequence.extend_to(upto + 1);
        let expected: Vec<u32> = sequence.values().to_vec()[..=upto].to_vec();
        assert_eq!(v["values"], json!(expected), "{game}");
        assert_eq!(v["game"], game);
        assert_eq!(v["code"], sequence.rules().to_string());
        assert_eq!(v["stats"]["count"], upto + 1);
        let found = sequence.period_in(upto + 1);
        match found {
            Some(f) => {
                assert_eq!(v["period"]["period"], f.period.period, "{game}");
                assert_eq!(v["period"]["preperiod"], f.period.preperiod, "{game}");
                assert_eq!(v["period"]["proved"], f.period.proved, "{game}");
                assert_eq!(v["period"]["theorem"], json!(f.theorem), "{game}");
            }
            None => assert_eq!(v["period"], Value::Null, "{game}"),
        }
    }
    // Kayles: period 12 from n = 71, proved by the octal periodicity theorem once the values
    // reach 2·71 + 12 + 2.
    let (_, v) = post("/api/values", json!({"game": "0.77", "upto": 500})).await;
    assert_eq!(v["period"]["period"], 12);
    assert_eq!(v["period"]["preperiod"], 71);
    assert_eq!(v["period"]["proved"], true);
    let (_, v) = post("/api/values", json!({"game": "0.77", "upto": 150})).await;
    assert_eq!(v["period"]["period"], 12);
    assert_eq!(v["period"]["proved"], false);
    // Without upto: G(0..=100), as the CLI.
    let (_, v) = post("/api/values", json!({"game": "0.07"})).await;
    assert_eq!(v["values"].as_array().unwrap().len(), 101);
}

#[tokio::test]
async fn values_refuse_bad_codes_and_lengths_over_the_limit() {
    let limits = ServerLimits::default;
    let max = limits().max_upto;
    refused(
        limits(),
        "/api/values",
        &json!({"game": "0.77", "upto": max + 1}).to_string(),
        StatusCode::UNPROCESSABLE_ENTITY,
        &format!("limit {max}"),
    )
    .await;
    refused(
        limits(),
        "/api/values",
        r#"{"game": "0.7x", "upto": 10}"#,
        StatusCode::BAD_REQUEST,
        "unexpected 'x' at column 4",
    )
    .await;
    refused(
        limits(),
        "/api/values",
        r#"{"game": "0.77", "upto": -1}"#,
        StatusCode::BAD_REQUEST,
        "bad JSON request",
    )
    .await;
    refused(
        limits(),
        "/api/values",
        r#"{"game": "0.77", "up_to": 10}"#,
        StatusCode::BAD_REQUEST,
        "unknown field `up_to`",
    )
    .await;
    refused(
        limits(),
        "/api/values",
        r#"{"game": "#,
        StatusCode::BAD_REQUEST,
        "bad JSON request",
    )
    .await;
}

#[tokio::test]
async fn a_body_over_the_limit_is_413_in_json() {
    let limits = ServerLimits {
        max_body: 100,
        ..ServerLimits::default()
    };
    let big = json!({"game": "nim", "position": vec![1; 60]}).to_string();
    assert!(big.len() > 100);
    for path in [
        "/api/analyze",
        "/api/values",
        "/api/stones",
        "/api/computer",
    ] {
        refused(
            limits,
            path,
            &big,
            StatusCode::PAYLOAD_TOO_LARGE,
            "limit of 100 bytes",
        )
        .await;
    }
}

#[tokio::test]
async fn a_request_over_the_time_budget_is_stopped_and_frees_its_slot() {
    // One slot, no waiting: a heavy request finds the slot free only once the computation
    // before it has really ended, not merely been answered.
    let app = router(ServerLimits {
        time_budget: std::time::Duration::from_millis(300),
        max_heavy: 1,
        queue_wait: std::time::Duration::ZERO,
        ..ServerLimits::default()
    });
    // 0.8 leaves three heaps and has no proved period: G(0..=100000) would take hours.
    let (status, _, v) = send(&app, "/api/values", r#"{"game": "0.8", "upto": 100000}"#).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("over the time budget"),
        "{v}"
    );
    let (status, _, v) = send(&app, "/api/values", r#"{"game": "0.77", "upto": 200}"#).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["values"][5], 4);
}

#[tokio::test]
async fn heavy_requests_beyond_the_cap_get_429_while_light_ones_are_answered() {
    let app = router(ServerLimits {
        time_budget: std::time::Duration::from_secs(3),
        max_heavy: 1,
        queue_wait: std::time::Duration::ZERO,
        ..ServerLimits::default()
    });
    let start_slow = || {
        let app = app.clone();
        tokio::spawn(async move {
            send(&app, "/api/values", r#"{"game": "0.8", "upto": 100000}"#).await
        })
    };
    let mut slow = start_slow();
    // Wait (without a clock) until the slow request holds the only slot. The probes are heavy
    // too: one may hold the slot just when the slow request asks, which then gets a 429 of its
    // own and is sent again.
    let mut busy = None;
    for _ in 0..500 {
        if slow.is_finished() {
            slow = start_slow();
        }
        let answer = send(&app, "/api/values", r#"{"game": "0.77", "upto": 10}"#).await;
        if answer.0 == StatusCode::TOO_MANY_REQUESTS {
            busy = Some(answer);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(5)).await;
    }
    let (_, retry, v) = busy.expect("the slow request takes the slot");
    assert_eq!(retry.as_deref(), Some("1"));
    assert!(v["error"].as_str().unwrap().contains("busy"), "{v}");
    // The computer's move is heavy too; the analysis is not.
    let (status, _, _) = send(
        &app,
        "/api/computer",
        r#"{"game": "nim", "position": [3, 4, 5]}"#,
    )
    .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    let (status, _, v) = send(
        &app,
        "/api/analyze",
        r#"{"game": "nim", "position": [3, 4, 5]}"#,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["grundy"], 2);
    let (status, _, _) = slow.await.unwrap();
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    let (status, _, _) = send(&app, "/api/values", r#"{"game": "0.77", "upto": 10}"#).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn an_error_that_echoes_a_newline_stays_on_one_line() {
    // Found by the fuzz target `api`: an unknown game name with a newline in it was echoed as it
    // was, so the error took two lines.
    refused(
        ServerLimits::default(),
        "/api/analyze",
        r#"{"game": "coi\ns", "position": [1]}"#,
        StatusCode::BAD_REQUEST,
        r"unknown game 'coi\ns'",
    )
    .await;
}

/// The rules of an example script.
fn example(name: &str) -> String {
    std::fs::read_to_string(format!(
        "{}/../../examples/scripts/{name}.rhai",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

/// Plays a whole game of `rules` from `start` through the API, the human taking the hint
/// (else the first option) and the computer replying, and checks every position against the
/// library: its value by `grundy script`'s engine, its options as the script lists them, the
/// computer's winning replies. Returns the last mover.
async fn play_script(rules: &str, start: &str) -> &'static str {
    let library =
        grundy_script::Script::compile(rules, grundy_script::ScriptLimits::default()).unwrap();
    let app = router(ServerLimits::default());
    let request = |state: &str, extra: Value| {
        let mut body = json!({"game": "script", "script": rules, "state": state});
        body.as_object_mut()
            .unwrap()
            .extend(extra.as_object().unwrap().clone());
        body.to_string()
    };
    let mut state = start.to_string();
    for turn in 0.. {
        assert!(turn < 200, "the game ends");
        let (status, _, a) = send(&app, "/api/analyze", &request(&state, json!({}))).await;
        assert_eq!(status, StatusCode::OK, "{a}");
        let parsed = library.parse_state(&state, 1).unwrap();
        let value = library.grundy(&parsed).unwrap().value();
        assert_eq!(a["grundy"], value, "{state}");
        assert_eq!(a["state"], parsed.to_string());
        let mut options: Vec<String> = Vec::new();
        for o in library.options_of(&parsed).unwrap() {
            if !options.contains(&o.to_string()) {
                options.push(o.to_string());
            }
        }
        assert_eq!(a["options"], json!(options), "{state}");
        assert_eq!(a["option_count"], options.len());
        let winning: Vec<String> = options
            .iter()
            .filter(|o| {
                let o = library.parse_state(o, 1).unwrap();
                library.grundy(&o).unwrap().value() == 0
            })
            .cloned()
            .collect();
        assert_eq!(a["winning_move_count"], winning.len(), "{state}");
        if options.is_empty() {
            return if turn % 2 == 0 { "computer" } else { "human" };
        }
        let (status, _, m) = if turn % 2 == 0 {
            let choice = winning.first().unwrap_or(&options[0]);
            send(&app, "/api/move", &request(&state, json!({"move": choice}))).await
        } else {
            let (status, retry, m) = send(&app, "/api/computer", &request(&state, json!({}))).await;
            assert_eq!(m["winning"], value != 0, "{state}");
            if value != 0 {
                assert!(
                    winning.contains(&m["state"].as_str().unwrap().to_string()),
                    "{m}"
                );
            }
            (status, retry, m)
        };
        assert_eq!(status, StatusCode::OK, "{m}");
        assert!(options.contains(&m["move"].as_str().unwrap().to_string()));
        assert_eq!(m["state"], m["shown"]);
        assert_eq!(m["resume"], json!({"state": m["state"]}));
        assert_eq!(m["change"]["kind"], "reach");
        state = m["state"].as_str().unwrap().to_string();
    }
    unreachable!()
}

#[tokio::test]
async fn a_script_game_is_played_to_the_end_as_the_library_values_it() {
    // 20 is a first-player win in take-1-2-4 (20 mod 3 = 2): the human, taking the hints, wins.
    assert_eq!(play_script(&example("take-1-2-4"), "20").await, "human");
    // [3, 5] is a P-position of Wythoff's game: the computer wins.
    assert_eq!(play_script(&example("queen"), "[3, 5]").await, "computer");
    play_script(&example("shrinking-cap-nim"), "#{piles: [2, 3], cap: 3}").await;
    // The position as numbers, as for the other rulesets; maps as states.
    let rules = example("take-1-2-4");
    let (status, v) = post(
        "/api/analyze",
        json!({"game": "script", "script": rules, "position": [20]}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(
        (v["state"].clone(), v["grundy"].clone()),
        (json!("20"), json!(2))
    );
    let (_, v) = post(
        "/api/move",
        json!({"game": "script", "script": example("shrinking-cap-nim"),
               "state": "#{piles: [3, 5], cap: 2}", "move": "#{piles: [3, 3], cap: 2}"}),
    )
    .await;
    assert_eq!(v["state"], "#{cap: 2, piles: [3, 3]}", "{v}");
    assert_eq!(v["position"], json!({"cap": 2, "piles": [3, 3]}));
}

#[tokio::test]
async fn the_game_list_offers_script_games_with_examples_that_play() {
    let (_, text) = call(ServerLimits::default(), "GET", "/api/games", "").await;
    let v: Value = serde_json::from_str(&text).unwrap();
    let games = v["games"].as_array().unwrap();
    let script = games.iter().find(|g| g["game"] == "script").unwrap();
    assert_eq!(script["conventions"], json!(["normal"]));
    assert_eq!(script["notation"]["en"], "STATE");
    let examples = script["examples"].as_array().unwrap();
    assert!(examples.len() >= 5);
    for e in examples {
        let name = e["name"].as_str().unwrap();
        assert_eq!(e["script"], example(name));
        let (status, a) = post(
            "/api/analyze",
            json!({"game": "script", "script": e["script"], "state": e["state"]}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{name}: {a}");
        assert!(a["option_count"].as_u64().unwrap() > 0, "{name}");
    }
}

#[tokio::test]
async fn a_script_game_without_a_state_starts_from_a_random_state_of_its_start() {
    // take-1-2-4 starts from 0..=12; the queen from a list of states.
    let take = example("take-1-2-4");
    let mut seen = std::collections::BTreeSet::new();
    for _ in 0..60 {
        let (status, v) = post("/api/analyze", json!({"game": "script", "script": take})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        let n: i64 = v["state"].as_str().unwrap().parse().unwrap();
        assert!((0..=12).contains(&n), "{v}");
        assert_eq!(v["grundy"], json!(n % 3), "{v}");
        seen.insert(n);
    }
    // Random, not always the same state (60 draws of 13: all equal with probability 13^-59).
    assert!(seen.len() > 1, "{seen:?}");
    let listed = "fn options(s) { if s == [1] { [[0]] } else { [] } }\nfn start() { [[1], [0]] }";
    for _ in 0..20 {
        let (status, v) = post("/api/analyze", json!({"game": "script", "script": listed})).await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert!(
            ["[1]", "[0]"].contains(&v["state"].as_str().unwrap()),
            "{v}"
        );
    }
}

#[tokio::test]
async fn script_errors_are_4xx_with_their_line_and_column() {
    let d = ServerLimits::default();
    let bad = StatusCode::BAD_REQUEST;
    let over = StatusCode::UNPROCESSABLE_ENTITY;
    let take = example("take-1-2-4");
    let cases = [
        (
            json!({"game": "script", "script": "fn options(n) {\n  [n - 1,, ]\n}", "state": "3"}),
            bad,
            "line 2, column 10: syntax error",
        ),
        (
            json!({"game": "script", "script": "fn moves() { [1] }", "state": "3"}),
            bad,
            "defines no `fn options(state)`",
        ),
        (
            json!({"game": "script", "script": take, "state": "[1, "}),
            bad,
            "bad state '[1, '",
        ),
        (
            json!({"game": "script", "script": "fn options(n) { [] }"}),
            bad,
            "no 'state' (the position as a script writes it, e.g. \"[2, 3]\"), and the script has no fn start()",
        ),
        (
            json!({"game": "script", "script": "fn options(n) { [] }\nfn start() { 5..5 }"}),
            bad,
            "fn start() gives no state to choose from",
        ),
        (
            json!({"game": "script", "script": "fn options(n) { [] }\nfn start() { [] }"}),
            bad,
            "fn start() gives no state to choose from",
        ),
        (
            json!({"game": "script", "script": take, "state": "3", "position": [3]}),
            bad,
            "not both",
        ),
        (
            json!({"game": "script", "state": "3"}),
            bad,
            "needs 'script'",
        ),
        (
            json!({"game": "script", "script": take, "state": "3", "misere": true}),
            bad,
            "normal play",
        ),
        (
            json!({"game": "nim", "position": [3], "state": "3"}),
            bad,
            "parameter 'state'",
        ),
        (
            json!({"game": "script", "script": "fn options(n) {\n  [n / 0]\n}", "state": "3"}),
            over,
            "line 2, column",
        ),
        (
            json!({"game": "script", "script": "fn options(n) { [1 - n] }", "state": "0"}),
            over,
            "the game has a cycle (0 -> 1 -> 0)",
        ),
        (
            json!({"game": "script", "script": "fn options(n) { [n + 0.5] }", "state": "0"}),
            over,
            "cannot be a state",
        ),
        (
            json!({"game": "script", "script": take, "state": "3", "move": "7"}),
            over,
            "'7' is not one move away",
        ),
    ];
    for (body, status, needle) in cases {
        let path = if body.get("move").is_some() {
            "/api/move"
        } else {
            "/api/analyze"
        };
        refused(d, path, &body.to_string(), status, needle).await;
    }
    let small = ServerLimits {
        max_script_states: 50,
        ..d
    };
    refused(
        small,
        "/api/computer",
        &json!({"game": "script", "script": take, "state": "100"}).to_string(),
        over,
        "more than 50 states can be reached",
    )
    .await;
    let body = json!({"game": "script", "script": take, "state": "40"}).to_string();
    let (status, text) = call(small, "POST", "/api/analyze", &body).await;
    assert_eq!(status, StatusCode::OK, "41 states are within 50: {text}");
}

#[tokio::test]
async fn a_script_that_never_ends_is_stopped_at_the_budget_and_frees_its_slot() {
    let app = router(ServerLimits {
        time_budget: std::time::Duration::from_millis(300),
        max_heavy: 1,
        queue_wait: std::time::Duration::ZERO,
        ..ServerLimits::default()
    });
    for rules in [
        "fn options(n) {\n  loop { n += 1; }\n}",
        "fn options(n) { if n > 0 { [n - 1] } else { [] } }\nlet x = 0;\nwhile true { x += 1; }",
    ] {
        let body = json!({"game": "script", "script": rules, "state": "5"}).to_string();
        let (status, _, v) = send(&app, "/api/analyze", &body).await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
        let error = v["error"].as_str().unwrap();
        assert!(error.starts_with("line "), "{error}");
        assert!(
            error.contains("over the time budget") || error.contains("operations"),
            "{error}"
        );
        // The only slot is free again: the script stopped, it was not merely answered.
        let (status, _, v) = send(
            &app,
            "/api/computer",
            &json!({"game": "script", "script": example("take-1-2-4"), "state": "10"}).to_string(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{v}");
        assert_eq!(v["winning"], true, "{v}");
    }
}

/// Every number an answer sends is exact in JavaScript: no cap is `null`, and a whole number
/// beyond 2^53 − 1 is a decimal string.
#[tokio::test]
async fn every_number_sent_is_exact_in_javascript() {
    fn numbers_exact(v: &Value) -> bool {
        const MAX: u64 = (1 << 53) - 1;
        match v {
            Value::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => u <= MAX,
                (None, Some(i)) => i.unsigned_abs() <= MAX,
                (None, None) => true,
            },
            Value::Array(items) => items.iter().all(numbers_exact),
            Value::Object(fields) => fields.values().all(numbers_exact),
            _ => true,
        }
    }
    fn caps(v: &Value, out: &mut Vec<Value>) {
        match v {
            Value::Array(items) => items.iter().for_each(|i| caps(i, out)),
            Value::Object(fields) => {
                for (name, field) in fields {
                    if name == "cap" {
                        out.push(field.clone());
                    }
                    caps(field, out);
                }
            }
            _ => {}
        }
    }
    let (status, v) = post(
        "/api/analyze",
        json!({"game": "nonincreasing", "position": [3, 4, 6], "explain": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(numbers_exact(&v), "{v}");
    let mut found = Vec::new();
    caps(&v, &mut found);
    assert!(!found.is_empty() && found.iter().all(Value::is_null), "{v}");

    let (_, v) = post(
        "/api/move",
        json!({"game": "nonincreasing", "position": [3, 4, 6], "move": "3 1"}),
    )
    .await;
    assert!(numbers_exact(&v), "{v}");

    // Lasker's Nim: a pile 4k + 3 is worth 4k + 4, here 2^53.
    let (status, v) = post(
        "/api/analyze",
        json!({"game": "lasker", "position": [9_007_199_254_740_991_u64], "explain": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(numbers_exact(&v), "{v}");
    assert_eq!(v["grundy"], "9007199254740992");

    // The two-ends stone game: two piles of 2^53 - 1, the first player takes one of them and the
    // totals are exact; three make a total past 2^53 - 1, sent as a string.
    let max = 9_007_199_254_740_991_u64;
    let (status, v) = post("/api/stones", json!({"piles": [max, max, max, 1]})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert!(numbers_exact(&v), "{v}");
    assert_eq!(v["totals"]["first"], "18014398509481982");
}

/// A huge value in a request is named in a short error: its start and its length.
#[tokio::test]
async fn a_huge_value_is_named_short() {
    let digits = "7".repeat(500_000);
    for (body, needle) in [
        (
            format!(r#"{{"game": "nim", "position": ["{digits}"]}}"#),
            "(500002 bytes)",
        ),
        (
            format!(r#"{{"game": "{digits}", "position": [1]}}"#),
            "(500000 digits)",
        ),
        (
            format!(r#"{{"game": "nonincreasing", "position": [1], "k": "{digits}"}}"#),
            "(500000 digits)",
        ),
    ] {
        let (status, text) = call(ServerLimits::default(), "POST", "/api/analyze", &body).await;
        assert!(status.is_client_error(), "{status}");
        assert!(text.len() < 400, "{} bytes", text.len());
        assert!(text.contains(needle), "{text}");
    }
    let (status, text) = call(
        ServerLimits::default(),
        "POST",
        "/api/values",
        &format!(r#"{{"game": "0.{digits}x", "upto": 10}}"#),
    )
    .await;
    assert!(status.is_client_error(), "{status}");
    assert!(
        text.len() < 400 && text.contains("(500003 bytes)"),
        "{text}"
    );
}

#[tokio::test]
async fn every_refused_method_answers_405_in_json_naming_the_method_to_use() {
    for (method, path, allowed) in [
        ("POST", "/api/games", "GET"),
        ("GET", "/api/analyze", "POST"),
        ("DELETE", "/api/values", "POST"),
        ("PUT", "/", "GET"),
        ("POST", "/favicon.svg", "GET"),
    ] {
        let request = Request::builder()
            .method(method)
            .uri(path)
            .body(Body::empty())
            .unwrap();
        let response = router(ServerLimits::default())
            .oneshot(request)
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
        assert_eq!(
            response.headers()[header::ALLOW],
            allowed,
            "{method} {path}"
        );
        let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
        let v: Value = serde_json::from_slice(&bytes).expect("a JSON body");
        let error = v["error"].as_str().expect("an error field");
        assert!(error.contains(allowed), "{method} {path}: {error}");
    }
}

#[tokio::test]
async fn the_favicon_is_served() {
    let request = Request::builder()
        .uri("/favicon.svg")
        .body(Body::empty())
        .unwrap();
    let response = router(ServerLimits::default())
        .oneshot(request)
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/svg+xml");
    let bytes = to_bytes(response.into_body(), usize::MAX).await.unwrap();
    assert!(bytes.starts_with(b"<svg"));
}

#[tokio::test]
async fn every_sg_play_is_analysed_moved_and_played() {
    // Lasker heaps 2 and 3 both have count 1 (each option but the empty heap has count 1):
    // emptying both is the one move that leaves an even largest count.
    let (status, v) = post(
        "/api/analyze",
        json!({"game": "lasker", "position": [2, 3], "every": true, "notation": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(v["every"], true);
    assert_eq!(v["counts"], json!([1, 1]));
    assert_eq!(v["outcome"], "N");
    assert_eq!(v["winning_moves"][0]["move"], "1 2; 2 3");
    let (status, v) = post(
        "/api/move",
        json!({"game": "lasker", "position": [2, 3], "every": true, "move": "2 3; 1 2"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["move"], "1 2; 2 3");
    assert_eq!(v["over"], true);
    let (status, v) = post(
        "/api/move",
        json!({"game": "lasker", "position": [2, 3], "every": true, "move": "1 2"}),
    )
    .await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{v}");
    assert!(
        v["error"].as_str().unwrap().contains("pile 2 can move"),
        "{v}"
    );
    let (_, v) = post(
        "/api/computer",
        json!({"game": "lasker", "position": [2, 3], "every": true}),
    )
    .await;
    assert_eq!(v["over"], true, "{v}");
    let (status, v) = post(
        "/api/analyze",
        json!({"game": "wythoff", "position": [2, 3], "every": true}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{v}");
    assert!(v["error"].as_str().unwrap().contains("not sums"), "{v}");
}

#[tokio::test]
async fn explore_gives_the_values_of_a_rulesets_family() {
    let (status, v) = post("/api/explore", json!({"game": "lasker", "to": 12})).await;
    assert_eq!(status, StatusCode::OK, "{v}");
    assert_eq!(v["game"], "explore");
    assert_eq!(v["values"], json!([0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 10, 12]));
    // Beside a fixed heap, in Chinese, with a parameter: a subtraction set's period is proved.
    let (_, v) = post(
        "/api/explore",
        json!({"game": "subtraction", "set": [1, 2], "fixed": [1], "to": 30, "lang": "zh"}),
    )
    .await;
    assert_eq!(v["values"][0], 1);
    assert!(v["family"].as_str().unwrap().contains("局面 [1, n]"), "{v}");
    let (_, v) = post(
        "/api/explore",
        json!({"game": "octal", "code": "0.77", "to": 200}),
    )
    .await;
    assert_eq!(v["period"]["period"], 12);
    assert_eq!(v["period"]["proved"], true);
    for (body, status, message) in [
        (
            json!({"game": "lasker", "to": 10_000_000}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "over this server's limit",
        ),
        (
            json!({"game": "lasker", "from": 5, "to": 5}),
            StatusCode::UNPROCESSABLE_ENTITY,
            "range 5..5 is empty",
        ),
        (
            json!({"game": "wythoff", "fixed": [3]}),
            StatusCode::BAD_REQUEST,
            "no Grundy value",
        ),
        (
            json!({"game": "chess"}),
            StatusCode::BAD_REQUEST,
            "unknown game",
        ),
    ] {
        let (got, v) = post("/api/explore", body.clone()).await;
        assert_eq!(got, status, "{body} {v}");
        assert!(v["error"].as_str().unwrap().contains(message), "{body} {v}");
    }
}
