//! A tiny HTTP client over std's TcpStream for the server's tests and
//! bench (only ever to 127.0.0.1): one request per connection, and an event
//! stream read line by line.
#![allow(dead_code)]

pub mod cli;
pub mod figures;
pub mod served;
pub mod table;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// Generous: only catches a hang, never times a loaded machine.
pub const TIMEOUT: Duration = Duration::from_secs(30);

pub struct Reply {
    pub status: u16,
    pub head: String,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<String> {
        self.head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_string())
        })
    }
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).expect("a JSON body")
    }
}

/// The address and path of a link `http://IP:PORT/t/TOKEN/`.
pub fn split_link(link: &str) -> (SocketAddr, String) {
    let rest = link.strip_prefix("http://").expect("an http link");
    let i = rest.find('/').expect("a path");
    (rest[..i].parse().expect("IP:PORT"), rest[i..].to_string())
}

fn connect(addr: SocketAddr) -> TcpStream {
    assert!(addr.ip().is_loopback(), "tests only talk to loopback");
    let s = TcpStream::connect_timeout(&addr, TIMEOUT).expect("connect");
    s.set_read_timeout(Some(TIMEOUT)).expect("timeout");
    s.set_write_timeout(Some(TIMEOUT)).expect("timeout");
    s
}

/// Send `raw` (a whole request) and read the reply: by its length, its
/// chunks, or to the end (some servers keep the connection open).
pub fn raw(addr: SocketAddr, raw: &[u8]) -> Reply {
    let mut s = connect(addr);
    // The server may answer and close before taking all of a refused request.
    let _ = s.write_all(raw);
    let mut r = BufReader::new(s);
    let mut head = String::new();
    loop {
        let mut line = String::new();
        match r.read_line(&mut line) {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if line == "\r\n" {
            break;
        }
        head.push_str(&line);
    }
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    let mut reply = Reply {
        status,
        head,
        body: Vec::new(),
    };
    if let Some(n) = reply
        .header("content-length")
        .and_then(|v| v.parse::<usize>().ok())
    {
        let mut body = vec![0; n];
        let _ = r.read_exact(&mut body);
        reply.body = body;
    } else if reply
        .header("transfer-encoding")
        .is_some_and(|v| v.eq_ignore_ascii_case("chunked"))
    {
        loop {
            let mut size = String::new();
            if r.read_line(&mut size).unwrap_or(0) == 0 {
                break;
            }
            let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
                break;
            };
            if n == 0 {
                break;
            }
            let mut chunk = vec![0; n + 2];
            if r.read_exact(&mut chunk).is_err() {
                break;
            }
            reply.body.extend_from_slice(&chunk[..n]);
        }
    } else {
        let _ = r.read_to_end(&mut reply.body);
    }
    reply
}

pub fn get(addr: SocketAddr, path: &str) -> Reply {
    raw(
        addr,
        format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").as_bytes(),
    )
}

/// POST a JSON body (issue 26's `act`, `undo`, `price`, `confirm`).
pub fn post(addr: SocketAddr, path: &str, body: &str) -> Reply {
    raw(
        addr,
        format!(
            "POST {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
             Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        )
        .as_bytes(),
    )
}

/// An open event stream.
pub struct Events {
    pub reader: BufReader<TcpStream>,
    pub head: String,
}

impl Events {
    pub fn open(addr: SocketAddr, path: &str) -> Events {
        let mut s = connect(addr);
        s.write_all(
            format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept: text/event-stream\r\n\r\n")
                .as_bytes(),
        )
        .expect("send");
        let mut reader = BufReader::new(s);
        let mut head = String::new();
        loop {
            let mut line = String::new();
            reader.read_line(&mut line).expect("head");
            if line == "\r\n" || line.is_empty() {
                break;
            }
            head.push_str(&line);
        }
        Events { reader, head }
    }

    /// The next event's data (keep-alive comments and issue 35's `beat`
    /// events skipped); `None` at the end of the stream.
    pub fn next(&mut self) -> Option<String> {
        loop {
            let (kind, data) = self.next_any()?;
            if kind != "beat" {
                return Some(data);
            }
        }
    }

    /// The next event of any kind: its name ("" for a state) and data.
    pub fn next_any(&mut self) -> Option<(String, String)> {
        let mut data = String::new();
        let mut kind = String::new();
        loop {
            let mut line = String::new();
            match self.reader.read_line(&mut line) {
                Ok(0) | Err(_) => return None,
                Ok(_) => {}
            }
            // Chunked framing: size lines and empty lines between chunks
            // carry no "data:"; an event ends with an empty line after data.
            let l = line.trim_end_matches(['\r', '\n']);
            if let Some(d) = l.strip_prefix("data:") {
                data.push_str(d.strip_prefix(' ').unwrap_or(d));
            } else if let Some(k) = l.strip_prefix("event:") {
                kind = k.trim().to_string();
            } else if l.is_empty() && !data.is_empty() {
                return Some((kind, data));
            } else if l == "0" && data.is_empty() {
                // The last chunk: the stream ended.
                let mut rest = String::new();
                let _ = self.reader.read_line(&mut rest);
                return None;
            }
        }
    }

    pub fn next_json(&mut self) -> Option<serde_json::Value> {
        self.next()
            .map(|d| serde_json::from_str(&d).expect("an event is JSON"))
    }
}
