"""The words for people, made from the engine's codes and data in one place: messages and
their English templates (messages/), the catalogues of the other languages (catalog.py) and
the wording of cells, units, numbers and lists in each language (i18n.py)."""
