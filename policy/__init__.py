"""Policy gate: Casbin decides what may be written into long-term memory."""
