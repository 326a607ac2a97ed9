//! Agora's web pages, mounted by `agora serve` beside the API.
