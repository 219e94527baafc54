"""``python -m payphone normalize IN OUT --column phone [--region-column
country | --region GB]``: see :mod:`payphone.files`."""

import sys

from .files import main

sys.exit(main())
