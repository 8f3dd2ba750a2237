"""Shared by the Python tests: the module under test comes from PYTHONPATH (CTest sets it to the
build's python/ directory); NIMKIT_TIME_FACTOR scales wall-clock bounds as in the C++ tests."""

import os

TIME_FACTOR = float(os.environ.get("NIMKIT_TIME_FACTOR", "1"))
