//! Tyrus.
