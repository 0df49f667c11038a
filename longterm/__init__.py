"""Long-term tier: structured preferences and an event timeline, tenant-scoped."""
