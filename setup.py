"""Builds the compiled part of the nimkit package (nimkit._core) with the project's CMake build,
for the interpreter running pip, and puts it in the package. Everything else is pyproject.toml."""

import os
import pathlib
import subprocess
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = pathlib.Path(__file__).resolve().parent


class CMakeBuild(build_ext):
    def build_extension(self, ext: Extension) -> None:
        build = pathlib.Path(self.build_temp).resolve() / "cmake"
        target = pathlib.Path(self.get_ext_fullpath(ext.name)).resolve()
        subprocess.run(
            ["cmake", "-S", str(ROOT), "-B", str(build), "-G", "Ninja", "-DCMAKE_BUILD_TYPE=Release",
             f"-DPython_EXECUTABLE={sys.executable}", "-DNIMKIT_BUILD_TESTS=OFF",
             "-DNIMKIT_BUILD_BENCH=OFF", "-DNIMKIT_MPI=OFF"],
            check=True)
        subprocess.run(["cmake", "--build", str(build), "--target", "nimkit_python"], check=True)
        built = next((build / "python" / "nimkit").glob("_core*.so"))
        target.parent.mkdir(parents=True, exist_ok=True)
        self.copy_file(str(built), str(target))


setup(ext_modules=[Extension("nimkit._core", sources=[])], cmdclass={"build_ext": CMakeBuild})
