"""The coach in the window and the computer players."""
