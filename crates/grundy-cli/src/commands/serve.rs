//! `grundy serve`: the playground and the JSON API on a local web server.

use std::io::Write;
use std::net::IpAddr;

use anyhow::Context;
use grundy_web::Limits;

/// Serve the playground: a page that animates the Nim proof and plays against you, and a JSON API.
///
/// `POST /api/analyze` with `{"game": "nim", "position": [3, 4, 5]}` (and optionally
/// `"misere": true`, `"explain": true`, `"lang": "zh"`, `"max_moves": N`) answers with the same
/// JSON as `grundy nim --json`. `POST /api/move` (with `"move": "1 2"`) checks a move and gives
/// the position after it; `POST /api/computer` gives the computer's move; `GET /api/games` lists
/// the playable games. Errors are a 4xx status with `{"error": "..."}`.
///
/// Examples: `grundy serve --open`, `grundy serve --port 0` (any free port; the address is printed).
#[derive(clap::Args)]
pub struct Args {
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// Address to listen on; the default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// Most components (piles) a request's position may have.
    #[arg(long, default_value_t = Limits::default().max_components, value_name = "N")]
    max_components: usize,
    /// Largest number a request's position may hold (default: 2^53 - 1, exact in JavaScript).
    #[arg(long, default_value_t = Limits::default().max_value, value_name = "N")]
    max_value: u64,
    /// Time one request may take, in milliseconds.
    #[arg(long, default_value_t = 2000, value_name = "MS")]
    time_budget: u64,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let limits = Limits {
        max_components: args.max_components,
        max_value: args.max_value,
        time_budget: std::time::Duration::from_millis(args.time_budget),
        ..Limits::default()
    };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the server's runtime")?;
    runtime.block_on(async {
        let listener = tokio::net::TcpListener::bind((args.host, args.port))
            .await
            .with_context(|| format!("cannot listen on {}:{}", args.host, args.port))?;
        let url = format!("http://{}/", listener.local_addr()?);
        writeln!(out, "grundy playground at {url} (Ctrl-C stops it)")?;
        out.flush()?;
        if args.open {
            open_browser(&url);
        }
        let stop = async {
            // If the signal cannot be watched, serve until the process is killed.
            if tokio::signal::ctrl_c().await.is_err() {
                std::future::pending::<()>().await;
            }
        };
        grundy_web::serve(listener, limits, stop)
            .await
            .context("the server stopped")
    })
}

fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else {
        "xdg-open"
    };
    if let Err(e) = std::process::Command::new(opener).arg(url).spawn() {
        eprintln!("grundy: cannot open a browser ({opener}: {e}); open {url} yourself");
    }
}
