"""HTTP glue of the long-term tier: request/response schemas and route helpers for
``api.routes.users`` and ``api.routes.audit``."""
