"""The progress display of long calls (`progress=True`): a widget bar in a Jupyter kernel, a tqdm
bar elsewhere, a line on stderr when tqdm is missing.

The widget is built here from ipywidgets' own FloatProgress, HTML and HBox rather than through
tqdm's notebook bar, which needs ipywidgets 7 or later: Debian's python3-ipywidgets is 6, and
tqdm would fall back to text with a warning. These three widgets exist in every ipywidgets.
"""

import html
import sys
import time


class _WidgetBar:
    """A bar and a label in an HBox, displayed below the running cell."""

    def __init__(self, total: int, unit: str, widgets, display) -> None:
        self._total = total
        self._unit = unit
        self._start = time.monotonic()
        self._shown_at = 0.0
        self._bar = widgets.FloatProgress(min=0, max=total, value=0)
        self._label = widgets.HTML(value=self._text(0, ""))
        display(widgets.HBox([self._bar, self._label]))

    def _text(self, done: int, note: str) -> str:
        elapsed = time.monotonic() - self._start
        rate = f", {done / elapsed:,.0f} {self._unit}/s" if elapsed > 0 and done else ""
        text = f"{done:,} / {self._total:,} {self._unit} ({elapsed:.1f} s{rate})"
        return f"{text}; {html.escape(note)}" if note else text

    def update(self, done: int, note: str = "") -> None:
        # Each change is a message to the browser: a few a second are enough.
        now = time.monotonic()
        if done < self._total and now - self._shown_at < 0.2:
            return
        self._shown_at = now
        self._bar.value = done
        self._label.value = self._text(done, note)

    def close(self, done: int, note: str = "") -> None:
        self._bar.value = done
        self._label.value = self._text(done, note)
        self._bar.bar_style = "success" if done == self._total else "danger"


class _TqdmBar:
    def __init__(self, total: int, unit: str, tqdm) -> None:
        self._bar = tqdm(total=total, unit=unit)
        self._done = 0

    def update(self, done: int, note: str = "") -> None:
        self._bar.set_postfix_str(note, refresh=False)
        self._bar.update(done - self._done)
        self._done = done

    def close(self, done: int, note: str = "") -> None:
        self.update(done, note)
        self._bar.close()


class _LineBar:
    def __init__(self, total: int, unit: str) -> None:
        self._total = total
        self._unit = unit
        self._width = 0

    def update(self, done: int, note: str = "") -> None:
        text = f"nimkit: {done} / {self._total} {self._unit}" + (f"; {note}" if note else "")
        # A shorter line than the last is padded over it.
        sys.stderr.write("\r" + text.ljust(self._width))
        self._width = len(text)

    def close(self, done: int, note: str = "") -> None:
        self.update(done, note)
        sys.stderr.write("\n")


def _in_kernel() -> bool:
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    shell = ipython.get_ipython()
    return shell is not None and hasattr(shell, "kernel")


def open_bar(total: int, unit: str):
    """A display of `done` out of `total`: `update(done, note)` as work goes, `close(done, note)`
    once; the note, when not empty, says what the work is doing."""
    if _in_kernel():
        try:
            import ipywidgets
            from IPython.display import display
            return _WidgetBar(total, unit, ipywidgets, display)
        except ImportError:
            pass
    try:
        from tqdm import tqdm
        return _TqdmBar(total, unit, tqdm)
    except ImportError:
        return _LineBar(total, unit)
