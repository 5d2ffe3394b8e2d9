"""The installer tests draw icons with Qt, on no screen."""

import os

os.environ["QT_QPA_PLATFORM"] = "offscreen"
