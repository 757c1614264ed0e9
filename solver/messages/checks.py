"""Rule conflicts, diagnoses, typo fixes and parse errors (grid, diagnose, typos, parse, formats, sources)."""
from ..i18n import register

register({
})
