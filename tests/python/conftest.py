"""Shared by the Python tests: the module under test comes from PYTHONPATH (CTest sets it to the
build's python/ directory); NIMKIT_TIME_FACTOR scales wall-clock bounds as in the C++ tests."""

import os

TIME_FACTOR = float(os.environ.get("NIMKIT_TIME_FACTOR", "1"))


def load_factor():
    """Runnable jobs per core over the last minute, at least 1: how much longer than alone a
    wall-clock interval takes on a machine shared with other jobs."""
    return max(1.0, os.getloadavg()[0] / (os.cpu_count() or 1))
