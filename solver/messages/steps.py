"""Logical steps: every technique's finding and conclusion (techniques/)."""
from ..i18n import register

register({
})
