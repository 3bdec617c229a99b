//! The shared tree's arena memory: a slice allocated zeroed from the system allocator.
//!
//! The arena is sized for the bot's node cap (a million slots by default) and most searches
//! use a small part of it, so its pages must be mapped only when first written. The system
//! allocator (`calloc`) gets such large blocks straight from the kernel, already zero and
//! unmapped; a general-purpose global allocator may instead hand back memory it has freed
//! before and zero all of it with `memset` (mimalloc does), which makes every page resident
//! and, measured in `tabula bench connect-four` on 2 threads, cost more than the search
//! itself. Freeing goes back to the system allocator too.
//!
//! An arena the system cannot give is an error ([`AiError::OutOfMemory`]), not an abort.

use crate::AiError;
use crate::alloc::out_of_memory;
use std::alloc::{GlobalAlloc, Layout, System};
use std::ops::{Deref, DerefMut};
use std::ptr::NonNull;

/// `len` (at least 1) zeroed elements of `T`, owned, from the system allocator.
pub(super) struct Zeroed<T> {
    ptr: NonNull<T>,
    len: usize,
}

// `Zeroed` owns its elements as a `Box<[T]>` would.
unsafe impl<T: Send> Send for Zeroed<T> {}
unsafe impl<T: Sync> Sync for Zeroed<T> {}

impl<T> Zeroed<T> {
    /// Allocates `len` (at least 1) zeroed elements, or names the allocation (`what`) the
    /// system refused.
    ///
    /// # Safety
    /// All-zero bytes must be a valid `T`, and `T` not zero-sized.
    pub(super) unsafe fn try_new(len: usize, what: &str) -> Result<Self, AiError> {
        let len = len.max(1);
        let refused = || out_of_memory::<T>(what, len);
        let layout = Layout::array::<T>(len).map_err(|_| refused())?;
        let ptr = unsafe { System.alloc_zeroed(layout) } as *mut T;
        NonNull::new(ptr)
            .map(|ptr| Zeroed { ptr, len })
            .ok_or_else(refused)
    }

    fn layout(len: usize) -> Layout {
        // The layout `try_new` allocated with.
        Layout::array::<T>(len).expect("allocated with this layout")
    }
}

impl<T> Deref for Zeroed<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        // The block holds `len` initialised (zeroed, then written) elements.
        unsafe { std::slice::from_raw_parts(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> DerefMut for Zeroed<T> {
    fn deref_mut(&mut self) -> &mut [T] {
        unsafe { std::slice::from_raw_parts_mut(self.ptr.as_ptr(), self.len) }
    }
}

impl<T> Drop for Zeroed<T> {
    fn drop(&mut self) {
        unsafe {
            std::ptr::drop_in_place(std::ptr::slice_from_raw_parts_mut(
                self.ptr.as_ptr(),
                self.len,
            ));
            System.dealloc(self.ptr.as_ptr() as *mut u8, Self::layout(self.len));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Zeroed;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    #[test]
    fn an_arena_starts_zeroed_and_keeps_what_is_written() {
        let mut arena: Zeroed<AtomicU64> = unsafe { Zeroed::try_new(1 << 20, "arena") }.unwrap();
        assert_eq!(arena.len(), 1 << 20);
        assert!(arena.iter().step_by(4096).all(|v| v.load(Relaxed) == 0));
        arena[12345].store(7, Relaxed);
        *arena[99].get_mut() = 3;
        assert_eq!(arena[12345].load(Relaxed), 7);
        assert_eq!(arena[99].load(Relaxed), 3);
        let empty: Zeroed<AtomicU64> = unsafe { Zeroed::try_new(0, "arena") }.unwrap();
        assert_eq!(empty.len(), 1);
    }

    /// More than the address space (2^55 bytes), and more than a layout may hold: errors
    /// naming the size, not aborts.
    #[test]
    fn an_arena_the_system_refuses_is_an_error() {
        for len in [1usize << 52, usize::MAX / 2] {
            let refused = unsafe { Zeroed::<AtomicU64>::try_new(len, "the search tree") };
            let err = refused.err().expect("refused").to_string();
            let bytes = len as u128 * 8;
            assert_eq!(
                err,
                format!("could not allocate the search tree: {bytes} bytes")
            );
        }
    }
}
