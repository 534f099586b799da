//! `--plot FILE.svg|FILE.png` of `grundy values` and `grundy explore`: G(n) against n, the
//! periodic part shaded; and of `grundy nimber --table`: a table of values as a coloured grid.
//!
//! With at most one n per pixel column each value is a point. A longer sequence is drawn as a
//! density: each pixel column covers several n, and each value taken there is a mark whose
//! opacity grows with how many of those n take it, so the bands of common values stand apart from
//! the rare ones. Labels use DejaVu Sans, built into the binary (`assets/fonts/`, with its licence).

use std::path::Path;
use std::sync::Once;

use anyhow::{anyhow, bail};
use grundy::period::Period;
use plotters::coord::Shift;
use plotters::coord::types::RangedCoordf64;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

const SIZE: (u32, u32) = (1200, 600);
/// DejaVu Sans; its licence is `assets/fonts/LICENSE-DejaVu.txt`.
const FONT: &[u8] = include_bytes!("../assets/fonts/DejaVuSans.ttf");
const INK: RGBColor = RGBColor(30, 80, 160);
const PERIOD_SHADE: RGBColor = RGBColor(255, 200, 120);
/// Sequences up to this length also join their points by a line.
const JOINED: usize = 200;

/// Where the chart puts a point (n, G(n)): the data coordinates of the plotting area.
type Coordinates = Cartesian2d<RangedCoordf64, RangedCoordf64>;

/// Draws `values` (G(0), G(1), …) to `path` (.svg or .png) under `title`, with `period` shaded.
///
/// # Errors
/// A name without .svg or .png; `cannot write PATH: why` when the file cannot be written.
pub fn draw<T: Copy + Into<u64>>(
    path: &Path,
    title: &str,
    values: &[T],
    period: Option<Period>,
) -> anyhow::Result<()> {
    save(
        path,
        SIZE,
        &|root: Area<'_, '_>| render(root, title, values, period).map(|_| ()),
        &|root: PngArea<'_, '_>| render(root, title, values, period).map(|_| ()),
    )
}

/// Draws `cells` (rows of a square table of values) to `path` (.svg or .png) under `title` as a
/// grid, row a from the top and column b from the left, each cell coloured by its value (0 light
/// grey, then hues around the colour wheel up to the largest value); the numbers are written in
/// the cells of a table of at most 16 rows and along the edges of one of at most 32.
///
/// # Errors
/// As [`draw`].
pub fn draw_grid(path: &Path, title: &str, cells: &[Vec<u64>]) -> anyhow::Result<()> {
    let n = cells.len().max(1) as u32;
    let cell = (960 / n).clamp(3, 60);
    let side = MARGIN * 2 + cell * n;
    let size = (side, side + TITLE_ROOM);
    save(
        path,
        size,
        &|root: Area<'_, '_>| render_grid(root, title, cells, cell),
        &|root: PngArea<'_, '_>| render_grid(root, title, cells, cell),
    )
}

type Area<'a, 'b> = &'a DrawingArea<SVGBackend<'b>, Shift>;
type PngArea<'a, 'b> = &'a DrawingArea<BitMapBackend<'b>, Shift>;

/// Draws with `svg` or `png` (the same picture on either backend), as `path`'s extension says.
fn save(
    path: &Path,
    size: (u32, u32),
    svg: &dyn Fn(Area<'_, '_>) -> Result<(), String>,
    png: &dyn Fn(PngArea<'_, '_>) -> Result<(), String>,
) -> anyhow::Result<()> {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    let is_svg = match ext.as_deref() {
        Some("svg") => true,
        Some("png") => false,
        _ => bail!(
            "bad plot file '{}': its name must end in .svg or .png",
            path.display()
        ),
    };
    register_font()?;
    // Drawn to a temporary file, then renamed over `path`: a failure leaves the old plot whole.
    crate::output::replace_with(path, |temporary| {
        // Creating the file first reports an unwritable place in the system's words, not in the
        // drawing backend's.
        std::fs::File::create(temporary)?;
        if is_svg {
            let root = SVGBackend::new(temporary, size).into_drawing_area();
            svg(&root).map_err(|e| anyhow!(e))?;
            root.present().map_err(|e| anyhow!("{e}"))
        } else {
            let root = BitMapBackend::new(temporary, size).into_drawing_area();
            png(&root).map_err(|e| anyhow!(e))?;
            root.present().map_err(|e| anyhow!("{e}"))
        }
    })
}

/// Room around the grid (for the numbers along its edges), and above it for the title.
const MARGIN: u32 = 40;
const TITLE_ROOM: u32 = 40;

fn render_grid<DB: DrawingBackend>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    cells: &[Vec<u64>],
    cell: u32,
) -> Result<(), String> {
    let err = |e: DrawingAreaErrorKind<DB::ErrorType>| e.to_string();
    root.fill(&WHITE).map_err(err)?;
    root.draw(&Text::new(
        title,
        (MARGIN as i32, 10),
        ("sans-serif", 22).into_font(),
    ))
    .map_err(err)?;
    let n = cells.len();
    let top = cells.iter().flatten().copied().max().unwrap_or(0).max(1) as f64;
    let (cell, left, upper) = (cell as i32, MARGIN as i32, (MARGIN + TITLE_ROOM) as i32);
    let corner =
        |row: usize, column: usize| (left + column as i32 * cell, upper + row as i32 * cell);
    let label_size = (cell as f64 * 0.45).clamp(9.0, 16.0);
    let centred = TextStyle::from(("sans-serif", label_size).into_font())
        .pos(Pos::new(HPos::Center, VPos::Center));
    for (a, row) in cells.iter().enumerate() {
        for (b, &v) in row.iter().enumerate() {
            let colour = if v == 0 {
                RGBColor(235, 235, 235).to_rgba()
            } else {
                HSLColor(0.8 * v as f64 / top, 0.65, 0.55).to_rgba()
            };
            let (x, y) = corner(a, b);
            root.draw(&Rectangle::new(
                [(x, y), (x + cell, y + cell)],
                colour.filled(),
            ))
            .map_err(err)?;
            if n <= 16 {
                root.draw(&Text::new(
                    v.to_string(),
                    (x + cell / 2, y + cell / 2),
                    &centred,
                ))
                .map_err(err)?;
            }
        }
    }
    if n <= 32 {
        for i in 0..n {
            let (x, y) = corner(i, i);
            root.draw(&Text::new(
                i.to_string(),
                (x + cell / 2, upper - 12),
                &centred,
            ))
            .map_err(err)?;
            root.draw(&Text::new(
                i.to_string(),
                (left - 14, y + cell / 2),
                &centred,
            ))
            .map_err(err)?;
        }
    }
    Ok(())
}

fn register_font() -> anyhow::Result<()> {
    static REGISTER: Once = Once::new();
    let mut registered = Ok(());
    REGISTER.call_once(|| {
        registered = plotters::style::register_font("sans-serif", FontStyle::Normal, FONT)
            .map_err(|_| anyhow!("the built-in font for the plot's labels is unreadable"));
    });
    registered
}

/// Draws the chart on `root` and gives back where it put the data.
fn render<DB: DrawingBackend, T: Copy + Into<u64>>(
    root: &DrawingArea<DB, Shift>,
    title: &str,
    values: &[T],
    period: Option<Period>,
) -> Result<Coordinates, String> {
    let len = values.len();
    let at = |n: usize| -> u64 { values[n].into() };
    let top = values.iter().map(|&v| v.into()).max().unwrap_or(0) as f64 + 1.0;
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let mut chart = ChartBuilder::on(root)
        .caption(title, ("sans-serif", 24))
        .margin(15)
        // Room for the right half of the last label of the n axis (up to 10 digits).
        .margin_right(60)
        .x_label_area_size(45)
        .y_label_area_size(60)
        .build_cartesian_2d(-0.5f64..len as f64 - 0.5, -0.5f64..top)
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
                [(p.preperiod as f64 - 0.5, -0.5), (len as f64 - 0.5, top)],
                PERIOD_SHADE.mix(0.35).filled(),
            )))
            .map_err(|e| e.to_string())?
            .label(label)
            .legend(|(x, y)| {
                Rectangle::new(
                    [(x, y - 6), (x + 16, y + 6)],
                    PERIOD_SHADE.mix(0.6).filled(),
                )
            });
    }
    let (columns, rows) = chart.plotting_area().dim_in_pixel();
    let point = |n: usize| (n as f64, at(n) as f64);
    if len <= columns as usize {
        if len <= JOINED {
            chart
                .draw_series(LineSeries::new((0..len).map(point), INK.stroke_width(1)))
                .map_err(|e| e.to_string())?;
        }
        chart
            .draw_series((0..len).map(|n| Circle::new(point(n), 2, INK.mix(0.7).filled())))
            .map_err(|e| e.to_string())?;
    } else {
        chart
            .draw_series(density(&at, len, columns as usize, rows as usize, top))
            .map_err(|e| e.to_string())?;
    }
    if period.is_some() {
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .label_font(("sans-serif", 16))
            .position(SeriesLabelPosition::UpperRight)
            .draw()
            .map_err(|e| e.to_string())?;
    }
    Ok(chart.as_coord_spec().clone())
}

/// The marks of the density view: the n are split into `columns` runs and the values into bands
/// of one value, or of several when there are more values than `rows` of pixels; each band a run
/// reaches is a rectangle whose opacity grows with the logarithm of how many n of the run fall
/// in it (one n is faint, the densest cell of the whole plot opaque).
fn density(
    at: &dyn Fn(usize) -> u64,
    len: usize,
    columns: usize,
    rows: usize,
    top: f64,
) -> Vec<Rectangle<(f64, f64)>> {
    let per_column = len.div_ceil(columns);
    let band = (top as u64).div_ceil(rows.max(1) as u64).max(1);
    let mut cells = Vec::new();
    let mut bands = Vec::with_capacity(per_column);
    for start in (0..len).step_by(per_column) {
        let end = (start + per_column).min(len);
        bands.clear();
        bands.extend((start..end).map(|n| at(n) / band));
        bands.sort_unstable();
        for run in bands.chunk_by(|a, b| a == b) {
            cells.push((start, end, run[0], run.len()));
        }
    }
    let densest = cells.iter().map(|c| c.3).max().unwrap_or(1) as f64;
    cells
        .into_iter()
        .map(|(start, end, b, count)| {
            let opacity = 0.12 + 0.88 * (count as f64).ln_1p() / densest.ln_1p();
            let low = (b * band) as f64 - 0.5;
            Rectangle::new(
                [
                    (start as f64 - 0.5, low),
                    (end as f64 - 0.5, low + band as f64),
                ],
                INK.mix(opacity).filled(),
            )
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The picture of `values` as RGB rows, and where it put the data.
    fn picture(values: &[u32], period: Option<Period>) -> (Vec<u8>, Coordinates) {
        register_font().unwrap();
        let mut pixels = vec![0u8; (SIZE.0 * SIZE.1 * 3) as usize];
        let coordinates = {
            let root = BitMapBackend::with_buffer(&mut pixels, SIZE).into_drawing_area();
            let c = render(&root, "G(n) of a test", values, period).unwrap();
            root.present().unwrap();
            c
        };
        (pixels, coordinates)
    }

    fn pixel(pixels: &[u8], (x, y): (i32, i32)) -> [u8; 3] {
        let i = 3 * (y as usize * SIZE.0 as usize + x as usize);
        [pixels[i], pixels[i + 1], pixels[i + 2]]
    }

    const WHITE_PIXEL: [u8; 3] = [255, 255, 255];

    #[test]
    fn the_last_label_of_the_n_axis_is_inside_the_picture() {
        for len in [1_001, 100_001, 2_097_152] {
            let values: Vec<u32> = (0..len).map(|n| n % 7).collect();
            let (pixels, _) = picture(&values, None);
            let right_edge = (0..SIZE.1 as i32).map(|y| pixel(&pixels, (SIZE.0 as i32 - 1, y)));
            assert!(
                right_edge.clone().all(|p| p == WHITE_PIXEL),
                "len {len}: ink on the right edge"
            );
        }
    }

    #[test]
    fn dense_sequences_show_their_bands_not_a_block() {
        // In every stretch of 100 n: value 9 once, value 0 the other 99 times, nothing between.
        let values: Vec<u32> = (0..100_000)
            .map(|n| if n % 100 == 0 { 9 } else { 0 })
            .collect();
        let (pixels, at) = picture(&values, None);
        let (left, right) = (
            at.translate(&(0.0, 0.0)).0,
            at.translate(&(99_999.0, 0.0)).0,
        );
        let middle = (left + right) / 2;
        let y = |v: f64| at.translate(&(0.0, v)).1;
        // The ink is blue over white and the grid grey: how much blue exceeds red measures ink.
        let ink = |v: f64| {
            let [r, _, b] = pixel(&pixels, (middle, y(v)));
            i32::from(b) - i32::from(r)
        };
        let (common, rare) = (ink(0.0), ink(9.0));
        assert!(common > rare && rare > 10, "common {common}, rare {rare}");
        for v in 1..9 {
            assert!(ink(f64::from(v)) < 5, "value {v} is never taken but drawn");
        }
    }
}
