"""Storage wiring shared by every tier's tables: metadata naming convention, engines, migrations."""
