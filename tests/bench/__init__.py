"""Benchmarks: `python build.py bench` runs every module here as `python -m tests.bench.NAME`."""
