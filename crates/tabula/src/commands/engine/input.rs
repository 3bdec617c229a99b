//! Reading the engine's command lines from bytes: a line longer than [`MAX_LINE`] is skipped
//! in bounded chunks (never held whole), and a line that is not UTF-8 is reported, so that no
//! input can end the engine or take more memory than one line's worth.

use std::io::{self, BufRead};

/// The longest command line, in bytes (its newline apart): 64 KiB, room for a `position`
/// with thousands of moves.
pub const MAX_LINE: usize = 64 * 1024;

/// One line of input.
#[derive(Debug, PartialEq, Eq)]
pub enum Line {
    /// A line of text, without its line ending (`\n` or `\r\n`).
    Text(String),
    /// A line holding bytes that are not UTF-8.
    NotUtf8,
    /// A line longer than the limit, skipped up to its newline.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads the next line of `input` into `buf` (cleared first; at most `max` bytes kept).
pub fn read_line(input: &mut impl BufRead, max: usize, buf: &mut Vec<u8>) -> io::Result<Line> {
    buf.clear();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let available = match input.fill_buf() {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if available.is_empty() {
            if !read_any {
                return Ok(Line::End);
            }
            // A last line without its newline.
            break;
        }
        read_any = true;
        let newline = available.iter().position(|&b| b == b'\n');
        let chunk = &available[..newline.unwrap_or(available.len())];
        if !too_long {
            if buf.len() + chunk.len() > max {
                too_long = true;
                *buf = Vec::new();
            } else {
                buf.extend_from_slice(chunk);
            }
        }
        let used = chunk.len() + usize::from(newline.is_some());
        input.consume(used);
        if newline.is_some() {
            break;
        }
    }
    if too_long {
        return Ok(Line::TooLong);
    }
    if buf.last() == Some(&b'\r') {
        buf.pop();
    }
    Ok(match std::str::from_utf8(buf) {
        Ok(text) => Line::Text(text.to_string()),
        Err(_) => Line::NotUtf8,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::{BufReader, Read};

    fn lines(bytes: &[u8], max: usize, capacity: usize) -> Vec<Line> {
        let mut input = BufReader::with_capacity(capacity, bytes);
        let mut buf = Vec::new();
        let mut out = Vec::new();
        loop {
            let line = read_line(&mut input, max, &mut buf).unwrap();
            let end = line == Line::End;
            out.push(line);
            if end {
                return out;
            }
        }
    }

    fn text(s: &str) -> Line {
        Line::Text(s.to_string())
    }

    #[test]
    fn lines_end_at_newlines_with_or_without_a_carriage_return_and_the_last_may_lack_one() {
        let got = lines(b"isready\r\ngo depth 2\n\nquit", 100, 4);
        assert_eq!(
            got,
            [
                text("isready"),
                text("go depth 2"),
                text(""),
                text("quit"),
                Line::End
            ]
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_spoil_their_line_only() {
        let got = lines(b"is\xffready\nisready\n", 100, 3);
        assert_eq!(got, [Line::NotUtf8, text("isready"), Line::End]);
    }

    #[test]
    fn a_line_over_the_limit_is_skipped_whole_and_the_next_one_read() {
        let mut bytes = vec![b'x'; 1000];
        bytes.extend_from_slice(b"\nisready\n");
        let got = lines(&bytes, 100, 16);
        assert_eq!(got, [Line::TooLong, text("isready"), Line::End]);
        // Exactly the limit is a line; one more byte is not.
        let got = lines(b"12345\n123456", 5, 2);
        assert_eq!(got, [text("12345"), Line::TooLong, Line::End]);
    }

    /// An endless line without a newline: the reader must keep no more than the limit.
    #[test]
    fn an_endless_line_is_read_in_bounded_memory() {
        let endless = io::repeat(b'y').take(50 * 1024 * 1024);
        let mut input = BufReader::with_capacity(8192, endless.chain(&b"\nquit\n"[..]));
        let mut buf = Vec::new();
        assert_eq!(
            read_line(&mut input, MAX_LINE, &mut buf).unwrap(),
            Line::TooLong
        );
        assert!(buf.capacity() <= MAX_LINE + 8192, "{}", buf.capacity());
        assert_eq!(
            read_line(&mut input, MAX_LINE, &mut buf).unwrap(),
            text("quit")
        );
    }
}
