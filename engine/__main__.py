"""Command line: python -m engine catalog | deal | solve | simulate | match | review (see --help)."""

from engine.cli import main

raise SystemExit(main())
