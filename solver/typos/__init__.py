"""Finding the typo: the search for the slips that explain a grid without one solution
(search.py), how likely each slip is (prior.py), the results as data (results.py) and their
words (words.py)."""
