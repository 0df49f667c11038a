"""Shared SQL plumbing: metadata with the naming convention (``metadata``), the one UTC column
type (``types``), engines and the unit of work (``engine``), run-once locks (``locks``), retry on
transient errors by code (``retry``) and its error tree (``errors``).

No domain words: it knows tables, transactions and locks, never what the rows mean. Every
package's tables build on it; it imports none of them (an import contract checks).
"""
