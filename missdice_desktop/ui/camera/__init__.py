"""The camera at the table: the panel, its reading thread, the learned dice and the bench."""
