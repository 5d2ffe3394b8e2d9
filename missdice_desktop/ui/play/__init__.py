"""Playing the game shown: the session, the play controller and its feature helpers."""
