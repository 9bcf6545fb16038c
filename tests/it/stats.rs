//! stats integration tests.
