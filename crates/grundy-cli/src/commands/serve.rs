//! `grundy serve`: the playground and the JSON API on a local web server.

use std::io::Write;
use std::net::IpAddr;

use anyhow::Context;
use grundy_web::ServerLimits;

/// Serve the playground: a page that animates the Nim proof and plays against you, and a JSON API.
///
/// `POST /api/analyze` with `{"game": "nim", "position": [3, 4, 5]}` (and optionally
/// `"misere": true`, `"explain": true`, `"lang": "zh"`, `"max_moves": N`) answers with the same
/// JSON as `grundy nim --json`. `POST /api/move` (with `"move": "1 2"`) checks a move and gives
/// the position after it; `POST /api/computer` gives the computer's move; `POST /api/values`
/// with `{"game": "0.77", "upto": 500}` answers as `grundy values 0.77 --upto 500 --json`;
/// `GET /api/games` lists the playable games and the limits. A script game (`"game": "script"`)
/// takes its rules as `"script"` (Rhai source) and its position as `"state"` (`"[2, 3]"`); every
/// script request compiles the script and lists the states reachable from the position, within
/// the time budget and --max-script-states, and takes a heavy slot. Errors are a 4xx status with
/// `{"error": "..."}`: 413 for a body over --max-body, 422 for a request over a limit or over the
/// time budget (the computation is stopped there), 429 with Retry-After when all --max-heavy
/// slots for heavy requests (values, the computer's move, the Stone Game, script games) stay
/// taken for a second. Ctrl-C or SIGTERM stops the server after answering the requests in flight.
///
/// Examples: `grundy serve --open`, `grundy serve --port 0` (any free port; the address is printed).
#[derive(clap::Args)]
pub struct Args {
    /// Port to listen on (0: any free port).
    #[arg(long, default_value_t = 8080, value_parser = crate::input::count::<u16>)]
    port: u16,
    /// Address to listen on; the default serves this machine only.
    #[arg(long, default_value = "127.0.0.1")]
    host: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// Most components (piles) a request's position may have.
    #[arg(long, default_value_t = ServerLimits::default().max_components, value_name = "N", value_parser = crate::input::count::<usize>)]
    max_components: usize,
    /// Largest number a request's position may hold (default: 2^53 - 1, exact in JavaScript).
    #[arg(long, default_value_t = ServerLimits::default().max_value, value_name = "N", value_parser = crate::input::count::<u64>)]
    max_value: u64,
    /// Time one request may take, in milliseconds; the computation stops there.
    #[arg(long, default_value_t = 2000, value_name = "MS", value_parser = crate::input::count::<u64>)]
    time_budget: u64,
    /// Largest `upto` of POST /api/values.
    #[arg(long, default_value_t = ServerLimits::default().max_upto, value_name = "N", value_parser = crate::input::count::<u64>)]
    max_upto: u64,
    /// Most heavy requests computing at once (default: the number of cores).
    #[arg(long, default_value_t = ServerLimits::default().max_heavy, value_name = "N", value_parser = crate::input::count::<usize>)]
    max_heavy: usize,
    /// Largest request body, in bytes.
    #[arg(long, default_value_t = ServerLimits::default().max_body, value_name = "BYTES", value_parser = crate::input::count::<usize>)]
    max_body: usize,
    /// Most states a script game may reach from the position of a request (each request lists
    /// them all).
    #[arg(long, default_value_t = ServerLimits::default().max_script_states, value_name = "N", value_parser = crate::input::count::<usize>)]
    max_script_states: usize,
}

pub fn run(args: Args, out: &mut dyn Write) -> anyhow::Result<()> {
    let limits = ServerLimits {
        max_components: args.max_components,
        max_value: args.max_value,
        time_budget: std::time::Duration::from_millis(args.time_budget),
        max_upto: args.max_upto,
        max_heavy: args.max_heavy,
        max_body: args.max_body,
        max_script_states: args.max_script_states,
        ..ServerLimits::default()
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
            tokio::select! {
                () = signal(Signal::Interrupt) => {}
                () = signal(Signal::Terminate) => {}
            }
        };
        grundy_web::serve(listener, limits, stop)
            .await
            .context("the server stopped")
    })
}

enum Signal {
    Interrupt,
    Terminate,
}

/// Completes when the process receives `which` (never, if it cannot be watched: then the
/// server runs until it is killed).
async fn signal(which: Signal) {
    let watched = match which {
        Signal::Interrupt => tokio::signal::ctrl_c().await.is_ok(),
        #[cfg(unix)]
        Signal::Terminate => {
            use tokio::signal::unix::{SignalKind, signal};
            match signal(SignalKind::terminate()) {
                Ok(mut stream) => stream.recv().await.is_some(),
                Err(_) => false,
            }
        }
        #[cfg(not(unix))]
        Signal::Terminate => false,
    };
    if !watched {
        std::future::pending::<()>().await;
    }
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
