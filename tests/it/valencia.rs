//! valencia integration tests.
