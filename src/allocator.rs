//! The memory allocator of every Greffier program: mimalloc, asked for a plain block whenever
//! a plain block already has the alignment Rust asks for.
//!
//! Why not the `mimalloc` crate's `MiMalloc`: it hands every request to `mi_malloc_aligned`.
//! In mimalloc v3 that call takes its fast path only when the size class's page has a free
//! block at hand; otherwise, for a size whose block is not a power of two (24, 48, 80 bytes…),
//! it falls back to over-allocating (`mi_theap_malloc_zero_aligned_at_overalloc`) a block of
//! the size plus the alignment. Scoring a 7-player Citadelles table makes about 130 such small
//! allocations: 50.8 k → 48.1 k instructions per score with this shim (callgrind);
//! the same change is proposed upstream (purpleprotocol/mimalloc_rust#170).
//!
//! Why it is right: mimalloc's size classes below `MI_MAX_ALIGN_SIZE` (16 bytes on every
//! target Greffier builds for) are 8 bytes, and every larger class is a multiple of 16 whose
//! blocks start 16-aligned (`alloc.c` asserts `block_size < MI_MAX_ALIGN_SIZE ||
//! aligned(block, MI_MAX_ALIGN_SIZE)`). So a request whose alignment is at most 16 and at
//! most its size is served aligned by plain `mi_malloc`; any other goes to the aligned call.
//! This is the rule the crate itself used before 0.1.39 and the rule Rust's own `System`
//! allocator applies to malloc (`MIN_ALIGN`).
//!
//! The one module allowed `unsafe` code (`GlobalAlloc` is an unsafe trait;
//! `tests/it/unsafe_code.rs` holds that). The test below holds each allocation path's
//! alignment, over every size and alignment it meets.
#![allow(unsafe_code)]

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

use libmimalloc_sys::{
    mi_free, mi_malloc, mi_malloc_aligned, mi_realloc, mi_realloc_aligned, mi_zalloc, mi_zalloc_aligned,
};

/// `MI_MAX_ALIGN_SIZE` of mimalloc's `types.h`: the alignment every block of 16 bytes or more
/// has.
const MI_MAX_ALIGN_SIZE: usize = 16;

/// Whether plain `mi_malloc(size)` returns a block aligned to `align` (see the module doc).
const fn plain_block_is_aligned(size: usize, align: usize) -> bool {
    align <= MI_MAX_ALIGN_SIZE && align <= size
}

/// mimalloc as the global allocator:
/// `#[global_allocator] static ALLOCATOR: greffier::Allocator = greffier::Allocator;`.
pub struct Allocator;

// SAFETY: every path returns a block of mimalloc's of at least the size asked, aligned as asked
// (plain blocks only where the module doc shows they are), or null; `mi_free` and the reallocs
// take any block mimalloc returned, whichever call made it.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let (size, align) = (layout.size(), layout.align());
        // SAFETY: plain FFI calls; mimalloc accepts any size and a power-of-two alignment.
        unsafe {
            if plain_block_is_aligned(size, align) { mi_malloc(size) } else { mi_malloc_aligned(size, align) }
        }
        .cast()
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        let (size, align) = (layout.size(), layout.align());
        // SAFETY: as in `alloc`.
        unsafe {
            if plain_block_is_aligned(size, align) { mi_zalloc(size) } else { mi_zalloc_aligned(size, align) }
        }
        .cast()
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, _layout: Layout) {
        // SAFETY: the caller hands back a block this allocator returned.
        unsafe { mi_free(ptr.cast::<c_void>()) }
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let align = layout.align();
        let ptr = ptr.cast::<c_void>();
        // SAFETY: the caller hands back a block this allocator returned; the new block keeps
        // its first bytes and, by the same rule as `alloc`, its alignment.
        unsafe {
            if plain_block_is_aligned(new_size, align) {
                mi_realloc(ptr, new_size)
            } else {
                mi_realloc_aligned(ptr, new_size, align)
            }
        }
        .cast()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every size up to past mimalloc's small classes, with every alignment from 1 to 4 KiB:
    /// each block comes back aligned, writable over its whole size, zeroed when asked, and
    /// keeps its bytes when it grows or shrinks (into a block aligned again). Several blocks
    /// of a size are held at once so that both of mimalloc's paths (a free block at hand, a
    /// page to find) are taken.
    #[test]
    fn every_block_is_aligned_as_asked_and_keeps_its_bytes() {
        let sizes = (1..=1100).chain([2047, 2048, 4095, 4096, 10_000, 70_000, 300_000]);
        let aligns = (0..=12).map(|shift| 1usize << shift);
        for size in sizes {
            for align in aligns.clone() {
                let layout = Layout::from_size_align(size, align).expect("a valid layout");
                let mut held = Vec::new();
                for round in 0..3u8 {
                    // SAFETY: a non-zero size; each block is freed below with its layout.
                    let (block, zeroed) =
                        unsafe { (Allocator.alloc(layout), Allocator.alloc_zeroed(layout)) };
                    for (p, what) in [(block, "alloc"), (zeroed, "alloc_zeroed")] {
                        assert!(!p.is_null(), "{what}({size}, {align}) failed");
                        assert_eq!(p as usize % align, 0, "{what}({size}, {align}) is not aligned");
                    }
                    // SAFETY: both blocks are `size` bytes long.
                    let zero_bytes = unsafe { std::slice::from_raw_parts(zeroed, size) };
                    assert!(zero_bytes.iter().all(|&b| b == 0), "alloc_zeroed({size}, {align})");
                    // SAFETY: as above.
                    unsafe { block.write_bytes(round.wrapping_add(1), size) };
                    held.push((block, round.wrapping_add(1)));
                    // SAFETY: `zeroed` came from this allocator with this layout.
                    unsafe { Allocator.dealloc(zeroed, layout) };
                }
                for (mut block, fill) in held {
                    for new_size in [size / 2 + 1, size + 1, size * 3] {
                        // SAFETY: `block` is `size` bytes of this allocator's, filled with `fill`;
                        // after each call only the block it returned is used.
                        unsafe {
                            let moved = Allocator.realloc(block, layout, new_size);
                            assert!(!moved.is_null(), "realloc({size} → {new_size}, {align}) failed");
                            assert_eq!(moved as usize % align, 0, "realloc({size} → {new_size}, {align})");
                            let kept = std::slice::from_raw_parts(moved, size.min(new_size));
                            assert!(
                                kept.iter().all(|&b| b == fill),
                                "realloc({size} → {new_size}, {align}) lost bytes"
                            );
                            let moved_layout =
                                Layout::from_size_align(new_size, align).expect("a valid layout");
                            block = Allocator.realloc(moved, moved_layout, size);
                            assert!(!block.is_null(), "realloc({new_size} → {size}, {align}) failed");
                            assert_eq!(block as usize % align, 0, "realloc({new_size} → {size}, {align})");
                            let kept = std::slice::from_raw_parts(block, size.min(new_size));
                            assert!(
                                kept.iter().all(|&b| b == fill),
                                "realloc({new_size} → {size}, {align}) lost bytes"
                            );
                            // Past a shrink's size the bytes were the allocator's: filled again.
                            block.write_bytes(fill, size);
                        }
                    }
                    // SAFETY: `block` is this allocator's, `size` bytes at `align`.
                    unsafe { Allocator.dealloc(block, layout) };
                }
            }
        }
    }
}
