//! Rust's textwrap 0.16 as a peer for chatform-bench's bulk wrap: the same corpus, the same
//! width, first-fit, break opportunities from UAX #14 (`WordSeparator::UnicodeBreakProperties`),
//! widths from unicode-width. Prints one line: `<mb_per_s> <lines> <megabytes>` (the median of
//! `runs` timed runs after one warm-up).
//!
//! Usage: textwrap-peer FILE WIDTH [RUNS]
use std::time::Instant;
use textwrap::{wrap, Options, WordSeparator, WrapAlgorithm, WordSplitter};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 3 {
        eprintln!("usage: textwrap-peer FILE WIDTH [RUNS]");
        std::process::exit(2);
    }
    let text = std::fs::read_to_string(&args[1]).expect("a readable UTF-8 file");
    let width: usize = args[2].parse().expect("a width");
    let runs: usize = args.get(3).map(|r| r.parse().expect("a run count")).unwrap_or(5);
    let options = Options::new(width)
        .word_separator(WordSeparator::UnicodeBreakProperties)
        .wrap_algorithm(WrapAlgorithm::FirstFit)
        .word_splitter(WordSplitter::NoHyphenation)
        .break_words(true);
    let megabytes = text.len() as f64 / 1e6;
    let mut rates = Vec::new();
    let mut lines = 0;
    for run in 0..=runs {
        let start = Instant::now();
        // Paragraph by paragraph, as the engine wraps (textwrap also splits on '\n' itself).
        lines = 0;
        for paragraph in text.split('\n') {
            lines += wrap(paragraph, &options).len();
        }
        let seconds = start.elapsed().as_secs_f64();
        if run > 0 {
            rates.push(megabytes / seconds);
        }
    }
    rates.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!("{} {} {}", rates[rates.len() / 2], lines, megabytes);
}
