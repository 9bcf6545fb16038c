//! `greffier serve`: the operations over local HTTP (written next).
