"""The coach: optimal play for the scoresheet games, computed by backward induction.

Pure Python and numpy: no Qt, no OpenCV.
"""
