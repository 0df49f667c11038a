"""The HTTP routes, one module per area, each defining ``router: fastapi.APIRouter`` with its
own ``/v1/...`` prefix and tags. ``api.app.create_app`` imports and includes every router (a
new area adds its router there); routes import services and ``api.deps``, never each other."""
