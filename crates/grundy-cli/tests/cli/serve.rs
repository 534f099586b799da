//! `grundy serve`: a real server on a free loopback port, answering as `--json` does.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Stdio};

use crate::json;

/// A running `grundy serve --port 0`, killed when dropped.
struct Server {
    child: Child,
    address: String,
}

impl Server {
    fn start() -> Server {
        Server::start_with(&[])
    }

    /// `grundy serve --port 0` with more flags.
    fn start_with(flags: &[&str]) -> Server {
        let bin = assert_cmd::cargo::cargo_bin("grundy");
        let mut child = std::process::Command::new(bin)
            .args(["serve", "--port", "0"])
            .args(flags)
            .stdout(Stdio::piped())
            .spawn()
            .expect("starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .expect("prints its address");
        let address = line
            .split("http://")
            .nth(1)
            .and_then(|rest| rest.split('/').next())
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_string();
        assert!(address.starts_with("127.0.0.1:"), "{address}");
        Server { child, address }
    }

    /// Sends one HTTP/1.1 request; the status code and the body.
    fn request(&self, method: &str, path: &str, body: &str) -> (u16, String) {
        request(&self.address, method, path, body)
    }
}

/// Sends one HTTP/1.1 request to `address`; the status code and the body.
fn request(address: &str, method: &str, path: &str, body: &str) -> (u16, String) {
    let mut stream = TcpStream::connect(address).expect("connects");
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: {address}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("reads");
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    (status, body.to_string())
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[test]
fn the_api_answers_exactly_as_the_cli_json() {
    let server = Server::start();
    let cases: [(&[&str], &str); 4] = [
        (&["3", "4", "5"], r#"{"game":"nim","position":[3,4,5]}"#),
        (
            &["--explain", "1", "2", "3"],
            r#"{"game":"nim","position":[1,2,3],"explain":true}"#,
        ),
        (
            &["--misere", "--explain", "--lang", "zh", "1", "1", "5"],
            r#"{"game":"nim","position":[1,1,5],"misere":true,"explain":true,"lang":"zh"}"#,
        ),
        (
            &["--max-moves", "2", "7", "7", "7"],
            r#"{"game":"nim","position":[7,7,7],"max_moves":2}"#,
        ),
    ];
    for (args, body) in cases {
        let mut full = vec!["nim", "--json"];
        full.extend_from_slice(args);
        let cli = json(&full);
        let (status, text) = server.request("POST", "/api/analyze", body);
        assert_eq!(status, 200, "{text}");
        let api: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(api, cli, "{args:?}");
    }
}

#[test]
fn the_other_rulesets_and_the_stone_game_answer_exactly_as_the_cli_json() {
    let server = Server::start();
    let cases: [(&[&str], &str, &str); 6] = [
        (
            &["staircase", "--json", "--explain", "0", "3", "5", "2", "5"],
            "/api/analyze",
            r#"{"game":"staircase","position":[0,3,5,2,5],"explain":true}"#,
        ),
        (
            &["grid", "--json", "--lang", "zh", "--explain", "5", "2", "7"],
            "/api/analyze",
            r#"{"game":"grid","position":[5,2,7],"explain":true,"lang":"zh"}"#,
        ),
        (
            &["coins", "--json", "--explain", "9", "1", "4"],
            "/api/analyze",
            r#"{"game":"coins","position":[9,1,4],"explain":true}"#,
        ),
        (
            &["nonincreasing", "--json", "--k", "2", "3", "4", "5"],
            "/api/analyze",
            r#"{"game":"nonincreasing","position":[3,4,5],"k":2}"#,
        ),
        (
            &[
                "stones",
                "ends",
                "--json",
                "--explain",
                "3",
                "9",
                "1",
                "2",
                "7",
                "4",
            ],
            "/api/stones",
            r#"{"piles":[3,9,1,2,7,4],"explain":true}"#,
        ),
        (
            &[
                "stones",
                "ends",
                "--json",
                "--lang",
                "zh",
                "--explain",
                "1",
                "5",
                "2",
            ],
            "/api/stones",
            r#"{"piles":[1,5,2],"explain":true,"lang":"zh"}"#,
        ),
    ];
    for (args, path, body) in cases {
        let cli = json(args);
        let (status, text) = server.request("POST", path, body);
        assert_eq!(status, 200, "{text}");
        let api: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(api, cli, "{args:?}");
    }
}

#[test]
fn the_server_refuses_bad_requests_and_keeps_serving() {
    let server = Server::start();
    let (status, text) = server.request("POST", "/api/analyze", "{not json");
    assert_eq!(status, 400);
    assert!(text.contains("\"error\""), "{text}");
    let (status, _) = server.request("POST", "/api/analyze", r#"{"game":"go","position":[1]}"#);
    assert_eq!(status, 400);
    let (status, page) = server.request("GET", "/", "");
    assert_eq!(status, 200);
    assert!(page.contains("<html"), "{page}");
}

#[test]
fn values_answer_exactly_as_the_cli_json_but_for_the_timing() {
    let server = Server::start();
    let cases: [(&[&str], &str); 3] = [
        (&["0.77", "--upto", "300"], r#"{"game":"0.77","upto":300}"#),
        (&["4!.0", "--upto", "100"], r#"{"game":"4!.0","upto":100}"#),
        (&["{1,2,4}"], r#"{"game":"{1,2,4}"}"#),
    ];
    let untimed = |mut v: serde_json::Value| {
        v["stats"]["seconds"] = serde_json::Value::Null;
        v["stats"]["values_per_second"] = serde_json::Value::Null;
        v
    };
    for (args, body) in cases {
        let mut full = vec!["values", "--json"];
        full.extend_from_slice(args);
        let cli = json(&full);
        let (status, text) = server.request("POST", "/api/values", body);
        assert_eq!(status, 200, "{text}");
        let api: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(untimed(api), untimed(cli), "{args:?}");
    }
}

#[cfg(unix)]
#[test]
fn sigterm_lets_the_request_in_flight_finish_and_exits_0() {
    let mut server = Server::start_with(&["--time-budget", "60000"]);
    let address = server.address.clone();
    // 0.8 (a move leaves three heaps) is computed by enumerating every split: a second or more.
    let slow = std::thread::spawn(move || {
        request(
            &address,
            "POST",
            "/api/values",
            r#"{"game":"0.8","upto":1500}"#,
        )
    });
    std::thread::sleep(std::time::Duration::from_millis(300));
    let pid = server.child.id().to_string();
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(killed.success());
    let (status, text) = slow.join().unwrap();
    assert_eq!(status, 200, "{text}");
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(v["values"].as_array().unwrap().len(), 1501);
    let exit = server.child.wait().unwrap();
    assert!(exit.success(), "{exit:?}");
    // It no longer listens.
    assert!(TcpStream::connect(&server.address).is_err());
}

#[test]
fn script_games_are_valued_as_grundy_script_within_max_script_states() {
    // The queen from [3, 4] reaches the 20 cells [x, y] with x ≤ 3, y ≤ 4.
    let server = Server::start_with(&["--max-script-states", "20"]);
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/scripts/queen.rhai"
    );
    let rules = std::fs::read_to_string(file).unwrap();
    for state in ["[3, 4]", "[2, 2]", "[0, 1]"] {
        let cli = json(&["script", file, state, "--json"]);
        let body = serde_json::json!({"game": "script", "script": rules, "state": state});
        let (status, text) = server.request("POST", "/api/analyze", &body.to_string());
        assert_eq!(status, 200, "{text}");
        let api: serde_json::Value = serde_json::from_str(&text).unwrap();
        for field in ["position", "outcome", "grundy", "winning_move_count"] {
            assert_eq!(api[field], cli[field], "{state} {field}");
        }
    }
    let body = serde_json::json!({"game": "script", "script": rules, "state": "[4, 4]"});
    let (status, text) = server.request("POST", "/api/analyze", &body.to_string());
    assert_eq!(status, 422, "{text}");
    assert!(text.contains("more than 20 states"), "{text}");
}
