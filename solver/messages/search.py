"""The visible search and its counts (backtrack, work, search)."""
from ..i18n import register

register({
})
