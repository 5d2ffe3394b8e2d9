"""The bundle's entry point: the `missdice` command, as `missdice_desktop.cli` defines it."""

import sys

from missdice_desktop.cli import main

sys.exit(main())
