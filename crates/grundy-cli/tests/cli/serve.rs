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
        let bin = assert_cmd::cargo::cargo_bin("grundy");
        let mut child = std::process::Command::new(bin)
            .args(["serve", "--port", "0"])
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
        let mut stream = TcpStream::connect(&self.address).expect("connects");
        write!(
            stream,
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
            self.address,
            body.len()
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).expect("reads");
        let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        (status, body.to_string())
    }
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
