//! A local SMTP sink for the e-mail tests: a small TCP server speaking just enough SMTP
//! (220, EHLO/HELO 250, MAIL/RCPT 250, DATA 354, "." 250, QUIT 221) that keeps every message
//! it is given. Told to refuse, it answers MAIL with 451 (try again later) and counts it.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

/// A message the sink took.
#[derive(Clone, Debug)]
pub struct Mail {
    /// The envelope's recipients (`RCPT TO`).
    pub to: Vec<String>,
    /// The message as sent (headers and body), dot-stuffing undone.
    pub data: String,
}

/// The sink: its address, what it took, and whether it refuses.
#[derive(Clone, Default)]
pub struct SmtpSink {
    pub addr: Option<SocketAddr>,
    pub mails: Arc<Mutex<Vec<Mail>>>,
    pub refuse: Arc<AtomicBool>,
    pub refused: Arc<AtomicUsize>,
}

impl SmtpSink {
    /// A sink listening on a loopback port.
    pub async fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let sink = SmtpSink {
            addr: Some(listener.local_addr().expect("an address")),
            ..SmtpSink::default()
        };
        let serving = sink.clone();
        tokio::spawn(async move {
            while let Ok((tcp, _)) = listener.accept().await {
                let sink = serving.clone();
                tokio::spawn(async move {
                    let _ = sink.session(tcp).await;
                });
            }
        });
        sink
    }

    /// `host:port`, as `--smtp` takes it.
    pub fn relay(&self) -> String {
        self.addr.expect("a started sink").to_string()
    }

    /// The messages taken so far.
    pub fn taken(&self) -> Vec<Mail> {
        self.mails.lock().unwrap().clone()
    }

    /// Waits until `done` holds of the messages taken (at most `secs` seconds).
    pub async fn wait_for(&self, secs: u64, done: impl Fn(&[Mail]) -> bool) -> Vec<Mail> {
        let start = Instant::now();
        loop {
            let taken = self.taken();
            if done(&taken) {
                return taken;
            }
            assert!(
                start.elapsed() < Duration::from_secs(secs),
                "the sink did not get there in {secs} s; it has {taken:?}"
            );
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
    }

    async fn session(&self, tcp: TcpStream) -> std::io::Result<()> {
        let (read, mut write) = tcp.into_split();
        let mut lines = BufReader::new(read).lines();
        write.write_all(b"220 sink ESMTP\r\n").await?;
        let mut to = Vec::new();
        while let Some(line) = lines.next_line().await? {
            let verb = line.get(..4).unwrap_or(&line).to_ascii_uppercase();
            let reply: &[u8] = match verb.as_str() {
                "EHLO" => b"250-sink\r\n250 8BITMIME\r\n",
                "HELO" | "RSET" | "NOOP" => b"250 OK\r\n",
                "MAIL" if self.refuse.load(Ordering::SeqCst) => {
                    self.refused.fetch_add(1, Ordering::SeqCst);
                    b"451 try again later\r\n"
                }
                "MAIL" => {
                    to.clear();
                    b"250 OK\r\n"
                }
                "RCPT" => {
                    let addr = line.split(':').nth(1).unwrap_or("").trim();
                    to.push(addr.trim_matches(['<', '>']).to_string());
                    b"250 OK\r\n"
                }
                "DATA" => {
                    write.write_all(b"354 go on\r\n").await?;
                    let mut data = String::new();
                    while let Some(l) = lines.next_line().await? {
                        if l == "." {
                            break;
                        }
                        data.push_str(l.strip_prefix('.').unwrap_or(&l));
                        data.push('\n');
                    }
                    self.mails.lock().unwrap().push(Mail {
                        to: std::mem::take(&mut to),
                        data,
                    });
                    b"250 OK taken\r\n"
                }
                "QUIT" => {
                    write.write_all(b"221 bye\r\n").await?;
                    return Ok(());
                }
                _ => b"502 not here\r\n",
            };
            write.write_all(reply).await?;
        }
        Ok(())
    }
}
