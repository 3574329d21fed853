"""`python -m webdistill`: the same command line as the `webdistill` console script."""

import sys

from webdistill.doors.cli.main import main

sys.exit(main())
