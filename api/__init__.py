"""FastAPI service, CLI and storage wiring over both tiers."""
