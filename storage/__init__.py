"""Shared SQL plumbing: metadata with the naming convention, the one UTC column type, engines and
the unit of work, run-once locks. No domain words: every tier's tables build on it."""
