"""`tiermem eval`: replay transcripts as an agent would and measure the acceptance metrics."""
