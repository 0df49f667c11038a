"""Request and response bodies of the routes whose area has no package of its own (keys,
policy, consents, retention, health, jobs), apart from the routes so that the Python client
(``api.client``) reads them without importing the app, its dependencies or the database."""
