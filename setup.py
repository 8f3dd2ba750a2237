"""Builds the compiled part of the nimkit package (nimkit._core) with the project's CMake build,
for the interpreter running pip, and puts it in the package. Everything else is pyproject.toml.

The build is incremental: it reuses the clone's release build (`build/release`, what
scripts/run.sh and the presets make) when that was configured for this interpreter, else a build
folder of its own (`build/pip`) kept between installs."""

import os
import pathlib
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


def configured_for_this_python(build: pathlib.Path) -> bool:
    """Whether `build` is a configured CMake tree whose Python is the one running pip."""
    try:
        cache = (build / "CMakeCache.txt").read_text()
    except OSError:
        return False
    for line in cache.splitlines():
        if line.startswith("Python_EXECUTABLE:"):
            configured = pathlib.Path(line.split("=", 1)[1])
            return configured.exists() and os.path.samefile(configured, sys.executable)
    return False


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        target = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve()
        build = ROOT / "build" / "release"
        if not configured_for_this_python(build):
            build = ROOT / "build" / "pip"
            subprocess.run(
                ["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja",
                 "-DCMAKE_BUILD_TYPE=Release", f"-DPython_EXECUTABLE={sys.executable}",
                 "-DNIMKIT_BUILD_TESTS=OFF", "-DNIMKIT_BUILD_BENCH=OFF", "-DNIMKIT_MPI=OFF"],
                check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "nimkit_python"], check=True)
        built = next((build / "python" / "nimkit").glob("_core*.so"))
        target.parent.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), str(target))


setup(ext_modules=[Extension("nimkit._core", sources=[])], cmdclass={"build_ext": CMakeBuild})
