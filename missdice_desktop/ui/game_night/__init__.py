"""Game night: print and PDF, the scoreboard for the room, notes, charts and exports."""
