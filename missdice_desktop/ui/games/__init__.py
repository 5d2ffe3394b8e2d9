"""Each game's own central view (the Yahtzee family's is the scoresheet, `ui/sheet_view.py`)."""
