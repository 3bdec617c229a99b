//! E-mail notifications: "your turn" in a correspondence match, for accounts that asked for
//! them (`people/outbox.rs` keeps the addresses and the outbox).
//!
//! When a move makes it a seat's turn in a correspondence match, the match's actor queues a
//! row in the outbox before it answers the move ([`queue_turns`]); the row is durable in the
//! people's database, so an e-mail queued before a restart is sent after it. A worker
//! ([`run`]) sends the due rows through the configured relay (plain SMTP, `lettre`), marks
//! them sent, and gives a failed one another try later, the wait doubling from
//! [`MailOptions::retry_min`] up to [`MailOptions::retry_max`]. Where several instances
//! share a database, a row is claimed (for [`CLAIM`]) before it is sent, so that one
//! instance sends it.

use crate::live::Services;
use crate::store::MatchRecord;
use lettre::message::Mailbox;
use lettre::message::header::ContentType;
use lettre::transport::smtp::extension::ClientId;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use std::sync::Arc;
use std::time::Duration;
use tabula_core::SeatSet;

/// How long a row taken for sending is kept from the other instances.
pub const CLAIM: Duration = Duration::from_secs(120);

/// How often the outbox is read when nothing wakes the worker (rows queued by another
/// instance on the same database).
const POLL: Duration = Duration::from_secs(30);

/// The languages e-mails are written in (the account's choice when it set its address).
pub const LANGUAGES: [&str; 3] = ["en", "fr", "cs"];

/// Where and how e-mails are sent (`tabula serve --smtp --mail-from --public-url`).
#[derive(Clone, Debug)]
pub struct MailOptions {
    /// The relay's host name or address.
    pub host: String,
    /// The relay's port.
    pub port: u16,
    /// The sender's address (`From:`).
    pub from: Mailbox,
    /// The address players open the server at, without a trailing `/`
    /// (`https://tabula.example`): links in e-mails start with it.
    pub public_url: String,
    /// The wait before the second try of an e-mail that failed.
    pub retry_min: Duration,
    /// The longest wait between two tries.
    pub retry_max: Duration,
}

impl MailOptions {
    /// Options for the relay at `relay` (`host:port`), sending from `from`; a message naming
    /// what is wrong otherwise.
    pub fn new(relay: &str, from: &str, public_url: &str) -> Result<MailOptions, String> {
        let (host, port) = relay
            .rsplit_once(':')
            .ok_or_else(|| format!("--smtp `{relay}`: give host:port"))?;
        let port = port
            .parse::<u16>()
            .map_err(|_| format!("--smtp `{relay}`: `{port}` is not a port"))?;
        if host.is_empty() {
            return Err(format!("--smtp `{relay}`: the host is missing"));
        }
        let from = from
            .parse::<Mailbox>()
            .map_err(|e| format!("--mail-from `{from}`: {e}"))?;
        Ok(MailOptions {
            host: host
                .trim_start_matches('[')
                .trim_end_matches(']')
                .to_string(),
            port,
            from,
            public_url: public_url.trim_end_matches('/').to_string(),
            retry_min: Duration::from_secs(10),
            retry_max: Duration::from_secs(3600),
        })
    }

    /// The wait after the `attempts`-th failed try.
    fn backoff(&self, attempts: i64) -> Duration {
        let doubled = self
            .retry_min
            .saturating_mul(1 << attempts.clamp(0, 20) as u32);
        doubled.min(self.retry_max)
    }
}

/// Checks an e-mail address given by a player: the address, or a message naming what is
/// wrong.
pub fn check_address(email: &str) -> Result<String, String> {
    let email = email.trim();
    if email.len() > 254 {
        return Err("at most 254 characters".into());
    }
    email
        .parse::<lettre::Address>()
        .map(|a| a.to_string())
        .map_err(|e| format!("`{email}` is not an e-mail address ({e})"))
}

/// The "your turn" e-mail in each language: subject, then body (`{name}` is the player's).
fn turn_texts(lang: &str, title: &str, others: &str, days: u64, link: &str) -> (String, String) {
    match lang {
        "fr" => (
            format!("À vous de jouer : {title} (Tabula)"),
            format!(
                "Bonjour {{name}},\n\nC'est votre tour dans une partie par correspondance de \
                 {title} contre {others}.\nVous avez {days} jour(s) par coup.\n\n\
                 Ouvrir la partie : {link}\n\nCes e-mails se désactivent sur la page d'accueil, \
                 sous votre compte.\n"
            ),
        ),
        "cs" => (
            format!("Jste na tahu: {title} (Tabula)"),
            format!(
                "Dobrý den, {{name}},\n\nv korespondenční partii hry {title} proti {others} \
                 jste na tahu.\nNa každý tah máte {days} d.\n\nOtevřít partii: {link}\n\n\
                 Tyto e-maily můžete vypnout na úvodní stránce u svého účtu.\n"
            ),
        ),
        _ => (
            format!("Your turn: {title} (Tabula)"),
            format!(
                "Hello {{name}},\n\nIt is your turn in a correspondence game of {title} \
                 against {others}.\nYou have {days} day(s) per move.\n\n\
                 Open the match: {link}\n\nYou can switch these e-mails off on the home page, \
                 under your account.\n"
            ),
        ),
    }
}

/// Queues a "your turn" e-mail for each seat of `seats` held by an account that wants one
/// (at most one pending per match and seat), and wakes the worker. Failures are logged:
/// the move they follow is stored already.
pub(crate) async fn queue_turns(
    services: &Services,
    record: &MatchRecord,
    title: &str,
    days: u64,
    seats: SeatSet,
) {
    let Some(options) = &services.options.mail else {
        return;
    };
    let people = match services.people().await {
        Ok(p) => p,
        Err(e) => {
            tracing::warn!("match {}: no turn e-mail queued: {}", record.id, e.message);
            return;
        }
    };
    let named = match people.pool.seats_of_match(&record.id).await {
        Ok(named) => named,
        Err(e) => {
            tracing::warn!("match {}: no turn e-mail queued: {e}", record.id);
            return;
        }
    };
    let link = format!("{}/match/{}", options.public_url, record.id);
    let mut queued = false;
    for seat in seats.iter() {
        let number = seat.number() as i64;
        let others: Vec<&str> = (named.iter())
            .filter(|p| p.seat != number)
            .map(|p| p.name.as_str())
            .collect();
        let others = if others.is_empty() {
            "?".to_string()
        } else {
            others.join(", ")
        };
        let texts: Vec<(String, String)> = LANGUAGES
            .iter()
            .map(|lang| turn_texts(lang, title, &others, days, &link))
            .collect();
        let now = crate::people::now_ms();
        match people
            .pool
            .queue_turn_mail(&record.id, number, &texts, now)
            .await
        {
            Ok(q) => queued |= q,
            Err(e) => tracing::warn!("match {}: no turn e-mail queued: {e}", record.id),
        }
    }
    if queued {
        services.mail_queued.notify_one();
    }
}

impl crate::live::Hub {
    /// Starts sending the outbox's e-mails, when the server sends e-mails
    /// ([`HubOptions::mail`](crate::HubOptions::mail)); once per hub (later calls do nothing).
    pub fn start_mailer(&self) {
        let Some(options) = self.services.options.mail.clone() else {
            return;
        };
        if self.services.mailer_started.set(()).is_ok() {
            tokio::spawn(run(self.services.clone(), options));
        }
    }
}

/// Sends the outbox's due e-mails for as long as the server runs (see the module
/// documentation).
async fn run(services: Arc<Services>, options: MailOptions) {
    let transport = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(&options.host)
        .port(options.port)
        .hello_name(ClientId::Domain("tabula".into()))
        .timeout(Some(Duration::from_secs(30)))
        .build();
    loop {
        let wait = match send_due(&services, &options, &transport).await {
            Ok(Some(next_at)) => {
                let left = next_at.saturating_sub(crate::people::now_ms()).max(0) as u64;
                Duration::from_millis(left).min(POLL)
            }
            Ok(None) => POLL,
            Err(e) => {
                tracing::warn!("the outbox could not be read: {e}");
                options.retry_min.min(POLL)
            }
        };
        if wait.is_zero() {
            continue;
        }
        tokio::select! {
            _ = services.mail_queued.notified() => {}
            _ = tokio::time::sleep(wait) => {}
        }
    }
}

/// Sends the e-mails due now; when the next one is due.
async fn send_due(
    services: &Services,
    options: &MailOptions,
    transport: &AsyncSmtpTransport<Tokio1Executor>,
) -> Result<Option<i64>, String> {
    let people = services.people().await.map_err(|e| e.message)?;
    let pool = &people.pool;
    let now = crate::people::now_ms();
    for mail in pool.due_mail(now, 50).await.map_err(|e| e.to_string())? {
        let claim = now + CLAIM.as_millis() as i64;
        if !(pool.claim_mail(&mail.id, mail.next_at, claim).await).map_err(|e| e.to_string())? {
            continue;
        }
        let sent = match build(options, &mail.email, &mail.subject, &mail.body) {
            Ok(message) => transport.send(message).await.map_err(|e| e.to_string()),
            Err(e) => Err(e),
        };
        let now = crate::people::now_ms();
        let outcome = match &sent {
            Ok(_) => None,
            Err(e) => {
                let retry = now + options.backoff(mail.attempts).as_millis() as i64;
                tracing::warn!("e-mail {} not sent (tried again later): {e}", mail.id);
                Some((e.as_str(), retry))
            }
        };
        pool.mail_tried(&mail.id, now, outcome)
            .await
            .map_err(|e| e.to_string())?;
    }
    pool.next_mail_at().await.map_err(|e| e.to_string())
}

fn build(options: &MailOptions, to: &str, subject: &str, body: &str) -> Result<Message, String> {
    let to: Mailbox = to.parse().map_err(|e| format!("to `{to}`: {e}"))?;
    Message::builder()
        .from(options.from.clone())
        .to(to)
        .subject(subject)
        .header(ContentType::TEXT_PLAIN)
        .body(body.to_string())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_and_addresses_are_checked() {
        let o =
            MailOptions::new("127.0.0.1:2525", "Tabula <tabula@example.org>", "http://x/").unwrap();
        assert_eq!((o.host.as_str(), o.port), ("127.0.0.1", 2525));
        assert_eq!(o.public_url, "http://x");
        assert!(MailOptions::new("localhost", "a@b.c", "http://x").is_err());
        assert!(MailOptions::new("localhost:x", "a@b.c", "http://x").is_err());
        assert!(MailOptions::new("localhost:25", "nobody", "http://x").is_err());
        assert_eq!(
            check_address(" ann@example.org ").unwrap(),
            "ann@example.org"
        );
        assert!(check_address("ann").is_err());
        assert!(check_address("ann@").is_err());
    }

    #[test]
    fn the_wait_doubles_up_to_the_most() {
        let mut o = MailOptions::new("h:25", "a@b.c", "http://x").unwrap();
        o.retry_min = Duration::from_secs(1);
        o.retry_max = Duration::from_secs(5);
        let waits: Vec<u64> = (0..5).map(|n| o.backoff(n).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 5, 5]);
    }
}
