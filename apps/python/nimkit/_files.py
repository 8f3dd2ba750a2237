"""Files the module writes for a long computation (a misère quotient's checkpoints)."""

import os


def write_atomically(path: str, data: bytes) -> None:
    """Writes `data` to `path` through a temporary file beside it, renamed over `path` once
    complete: an interrupted write never leaves a truncated file where a whole one was."""
    temporary = f"{path}.tmp{os.getpid()}"
    try:
        with open(temporary, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, path)
    except BaseException as error:
        try:
            os.remove(temporary)
        except OSError:
            pass
        if isinstance(error, OSError) and error.errno is not None:
            # Named by the path asked for, not the temporary one beside it.
            raise type(error)(error.errno, error.strerror, path) from None
        raise
