//! The search's large allocations (trees, transposition tables), made fallibly: a request the
//! system refuses is an [`AiError::OutOfMemory`] for the host to answer, not an abort of the
//! process.

use crate::AiError;

/// The error for `count` elements of `T` that could not be allocated for `what`.
pub(crate) fn out_of_memory<T>(what: &str, count: usize) -> AiError {
    AiError::OutOfMemory {
        what: what.to_string(),
        bytes: (count as u128).saturating_mul(size_of::<T>() as u128),
    }
}

/// Makes room in `vec` for `additional` more elements (`what` names it in the error).
pub(crate) fn reserve<T>(vec: &mut Vec<T>, additional: usize, what: &str) -> Result<(), AiError> {
    vec.try_reserve(additional)
        .map_err(|_| out_of_memory::<T>(what, vec.len().saturating_add(additional)))
}

/// Like [`reserve`], for exactly `additional` more elements.
pub(crate) fn reserve_exact<T>(
    vec: &mut Vec<T>,
    additional: usize,
    what: &str,
) -> Result<(), AiError> {
    vec.try_reserve_exact(additional)
        .map_err(|_| out_of_memory::<T>(what, vec.len().saturating_add(additional)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_the_system_refuses_is_an_error_naming_its_size() {
        let mut vec: Vec<u64> = Vec::new();
        let err = reserve(&mut vec, usize::MAX / 2, "the search tree").unwrap_err();
        let bytes = (usize::MAX / 2) as u128 * 8;
        assert_eq!(
            err.to_string(),
            format!("could not allocate the search tree: {bytes} bytes")
        );
        // More than the address space, though its size in bytes is a valid layout.
        let mut vec: Vec<u64> = Vec::new();
        assert!(reserve_exact(&mut vec, 1 << 52, "a table").is_err());
        assert!(vec.capacity() == 0);
        assert!(reserve(&mut vec, 1000, "a table").is_ok());
    }
}
