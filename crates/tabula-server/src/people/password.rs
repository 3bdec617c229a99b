//! Passwords: Argon2id (RFC 9106) with the `argon2` crate's default cost (19 MiB, 2 passes,
//! one lane), stored in the PHC string form (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`),
//! with a fresh random 16-byte salt each.

use crate::ApiError;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::{Algorithm, Argon2, Params, Version};
use std::sync::OnceLock;

fn hasher() -> Argon2<'static> {
    Argon2::new(Algorithm::Argon2id, Version::V0x13, Params::default())
}

/// The PHC string of `password`'s Argon2id hash.
pub fn hash(password: &str) -> Result<String, ApiError> {
    let salt_bytes: [u8; 16] = rand::random();
    let salt = SaltString::encode_b64(&salt_bytes)
        .map_err(|e| ApiError::internal(format!("hashing the password failed: {e}")))?;
    hasher()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| ApiError::internal(format!("hashing the password failed: {e}")))
}

/// A hash of no one's password, checked when there is no account, so that an unknown name
/// costs the same time as a wrong password.
fn decoy() -> &'static str {
    static DECOY: OnceLock<String> = OnceLock::new();
    DECOY.get_or_init(|| hash("no account has this password").unwrap_or_default())
}

/// Whether `password` matches the stored `hash` (`None`: there is no account; always false).
pub fn verify(password: &str, hash: Option<&str>) -> bool {
    let stored = hash.unwrap_or_else(|| decoy());
    let Ok(parsed) = PasswordHash::new(stored) else {
        return false;
    };
    hasher()
        .verify_password(password.as_bytes(), &parsed)
        .is_ok()
        && hash.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_password_hash_is_argon2id_salted_and_verifies_only_its_password() {
        let a = hash("correct horse").unwrap();
        let b = hash("correct horse").unwrap();
        assert!(a.starts_with("$argon2id$v=19$"), "{a}");
        assert_ne!(a, b, "each hash has its own salt");
        assert!(verify("correct horse", Some(&a)));
        assert!(!verify("correct hors", Some(&a)));
        assert!(!verify("correct horse", None));
        assert!(!verify("correct horse", Some("not a hash")));
    }
}
