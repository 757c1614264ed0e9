"""Puzzles on paper: a printable page of a grid (page.py) and worksheets of many (worksheet.py)."""
