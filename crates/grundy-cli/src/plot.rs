//! `--plot FILE.svg|FILE.png` of `grundy values` and `grundy explore`: G(n) against n, the
//! periodic part shaded.
//!
//! Each pixel column shows the least and the largest value of the n it covers, so a million points
//! stay readable. Labels use a TrueType font found on the system (DejaVu Sans or Liberation Sans).

use std::path::Path;

use anyhow::{Context, anyhow, bail};
use grundy::period::Period;
use plotters::coord::Shift;
use plotters::prelude::*;

const SIZE: (u32, u32) = (1200, 600);
/// Where a font for the labels may be.
const FONTS: &[&str] = &[
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/TTF/DejaVuSans.ttf",
    "/usr/share/fonts/dejavu/DejaVuSans.ttf",
    "/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf",
    "/usr/share/fonts/liberation/LiberationSans-Regular.ttf",
    "/Library/Fonts/Arial.ttf",
    "C:\\Windows\\Fonts\\arial.ttf",
];

/// Draws `values` (G(0), G(1), …) to `path` (.svg or .png) under `title`, with `period` shaded.
pub fn draw<T: Copy + Into<u64>>(
    path: &Path,
    title: &str,
    values: &[T],
    period: Option<Period>,
) -> anyhow::Result<()> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    register_font()?;
    // Drawn to a temporary file, then renamed over `path`: a failure leaves the old plot whole.
    let draw_to = |temporary: &Path| -> anyhow::Result<()> {
        match ext.as_deref() {
            Some("svg") => {
                let root = SVGBackend::new(temporary, SIZE).into_drawing_area();
                render(&root, title, values, period).map_err(|e| anyhow!(e))?;
                root.present().map_err(|e| anyhow!("{e}"))
            }
            _ => {
                let root = BitMapBackend::new(temporary, SIZE).into_drawing_area();
                render(&root, title, values, period).map_err(|e| anyhow!(e))?;
                root.present().map_err(|e| anyhow!("{e}"))
            }
        }
    };
    match ext.as_deref() {
        Some("svg" | "png") => crate::output::replace_with(path, draw_to),
        _ => bail!(
            "bad plot file '{}': its name must end in .svg or .png",
            path.display()
        ),
    }
}

fn register_font() -> anyhow::Result<()> {
    let bytes = FONTS
        .iter()
        .find_map(|p| std::fs::read(p).ok())
        .with_context(|| {
            format!(
                "no font for the plot's labels: install DejaVu Sans (Debian: fonts-dejavu-core); looked in {}",
                FONTS.join(", ")
            )
        })?;
    // plotters keeps fonts for the life of the process.
    let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
    plotters::style::register_font("sans-serif", FontStyle::Normal, bytes)
        .map_err(|_| anyhow!("the font for the plot's labels is unreadable"))
}

fn render<DB: DrawingBackend, T: Copy + Into<u64>>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    values: &[T],
    period: Option<Period>,
) -> Result<(), String> {
    let len = values.len();
    let at = |n: usize| -> u64 { values[n].into() };
    let top = values.iter().map(|&v| v.into()).max().unwrap_or(0) as f64 + 1.0;
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 24))
        .margin(15)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(0f64..len as f64, 0f64..top)
        .map_err(|e| e.to_string())?;
    chart
        .configure_mesh()
        .x_desc("n")
        .x_label_formatter(&|x| format!("{x:.0}"))
        .y_label_formatter(&|y| format!("{y:.0}"))
        .y_desc("G(n)")
        .label_style(("sans-serif", 16))
        .axis_desc_style(("sans-serif", 18))
        .light_line_style(WHITE)
        .draw()
        .map_err(|e| e.to_string())?;
    if let Some(p) = period {
        let label = match (p.saltus, p.proved) {
            (0, true) => format!("period {} from n = {} (proved)", p.period, p.preperiod),
            (0, false) => format!("period {} from n = {} (seen)", p.period, p.preperiod),
            (s, _) => format!("period {} saltus {s} from n = {}", p.period, p.preperiod),
        };
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(p.preperiod as f64, 0.0), (len as f64, top)],
                RGBColor(255, 200, 120).mix(0.35).filled(),
            )))
            .map_err(|e| e.to_string())?
            .label(label)
            .legend(|(x, y)| {
                Rectangle::new(
                    [(x, y - 6), (x + 16, y + 6)],
                    RGBColor(255, 200, 120).mix(0.6).filled(),
                )
            });
    }
    let columns = SIZE.0 as usize - 90;
    let line = RGBColor(30, 80, 160);
    if len <= columns {
        chart
            .draw_series(LineSeries::new(
                (0..len).map(|n| (n as f64, at(n) as f64)),
                line.stroke_width(1),
            ))
            .map_err(|e| e.to_string())?;
        chart
            .draw_series((0..len).map(|n| Circle::new((n as f64, at(n) as f64), 2, line.filled())))
            .map_err(|e| e.to_string())?;
    } else {
        // One bar per pixel column, from the least to the largest value it covers.
        let per = len.div_ceil(columns);
        let bars = (0..len).step_by(per).map(|start| {
            let range = start..(start + per).min(len);
            let (lo, hi) = range
                .clone()
                .map(at)
                .fold((u64::MAX, 0), |(lo, hi), v| (lo.min(v), hi.max(v)));
            let x = (range.start + range.end) as f64 / 2.0;
            PathElement::new(
                vec![(x, lo as f64 - 0.3), (x, hi as f64 + 0.3)],
                // Two pixels wide, so that rounding leaves no gaps between columns.
                line.stroke_width(2),
            )
        });
        chart.draw_series(bars).map_err(|e| e.to_string())?;
    }
    if period.is_some() {
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .label_font(("sans-serif", 16))
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(|e| e.to_string())?;
    }
    Ok(())
}
