"""A user's long-term memory over HTTP: the request and response schemas of the
``/v1/users/{user_id}/...`` routes (``schemas``), the answer of a long-term write and its
idempotent replay (``writes``), the whole export document (``export``) and the whole erasure
(``erasure``), both of which gather what other areas hold about the user."""
