"""`python -m missdice_desktop` is the same as the `missdice` command."""

import sys

from missdice_desktop.cli import main

sys.exit(main())
