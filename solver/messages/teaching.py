"""Hints, the logical path, the difficulty card and the generator (hint, path, rating, generate)."""
from ..i18n import register

register({
})
