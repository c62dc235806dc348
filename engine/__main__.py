"""Command line: python -m engine catalog | deal | solve | simulate | match (see --help)."""

from engine.cli import main

raise SystemExit(main())
