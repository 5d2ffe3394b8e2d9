"""The windows and dialogs the main window opens."""
