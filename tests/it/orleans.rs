//! orleans integration tests.
