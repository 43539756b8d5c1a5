"""A real headless browser (QtWebEngine, Chromium) for the page's tests, in a child process.

The browser runs in a process of its own: QtWebEngine must be set up before
any QApplication exists, and the other view tests make theirs first. The
test process talks to it in JSON lines (:class:`Browser`); the child
(``python browser.py``) answers each command once it is done.

Networking is blocked: every request the page makes goes through a
``QWebEngineUrlRequestInterceptor`` that logs it and blocks everything but
the loaded file itself; ``requests`` returns that log. Remote URLs are let
through to the interceptor (``LocalContentCanAccessRemoteUrls``) so that a
request the page tried is logged rather than silently refused first.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: Most seconds one command may take (a 1,000-step trace compared in the page: ~1 s).
COMMAND_TIMEOUT_MS = 60_000


def webengine_available() -> bool:
    """Whether QtWebEngine (PySide6-Addons) is installed."""
    try:
        import importlib.util

        return importlib.util.find_spec("PySide6.QtWebEngineWidgets") is not None
    except (ImportError, ValueError):
        return False


def svg_to_client(field_selector: str) -> str:
    """JS: the client point of a plane's data point (x, y), from the dragged arrow itself."""
    return (
        f"var hit = document.querySelector({field_selector!r});"
        "var arrow = hit.parentNode, line = arrow.querySelector('line');"
        "var svg = hit.ownerSVGElement, m = svg.getScreenCTM();"
        "var o = [Number(line.getAttribute('x1')), Number(line.getAttribute('y1'))];"
        "var tip = [Number(hit.getAttribute('cx')), Number(hit.getAttribute('cy'))];"
        "function client(p) { var q = svg.createSVGPoint(); q.x = p[0]; q.y = p[1];"
        " q = q.matrixTransform(m); return [q.x, q.y]; }"
    )


class Browser:
    """The test side: start the child, send commands, read answers."""

    def __init__(self) -> None:
        if not webengine_available():
            raise RuntimeError(
                "QtWebEngine is missing: the page's tests need PySide6-Addons "
                "(pip install -e '.[test]' installs it)"
            )
        env = dict(os.environ)
        env["QT_QPA_PLATFORM"] = "offscreen"
        # Chromium refuses to run as root with its sandbox; tests run as root in CI.
        env["QTWEBENGINE_DISABLE_SANDBOX"] = "1"
        env["QTWEBENGINE_CHROMIUM_FLAGS"] = "--no-sandbox --disable-gpu --disable-logging"
        env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
        # Chromium's own messages go to a file, read back only if the browser dies.
        self._errors = tempfile.TemporaryFile(mode="w+", encoding="utf-8")
        self._process = subprocess.Popen(
            [sys.executable, __file__],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=self._errors,
            text=True,
            encoding="utf-8",
            env=env,
        )

    def command(self, **request: object) -> object:
        """Send one command; its answer (raises ``RuntimeError`` with the child's error)."""
        assert self._process.stdin is not None and self._process.stdout is not None
        self._process.stdin.write(json.dumps(request) + "\n")
        self._process.stdin.flush()
        line = self._process.stdout.readline()
        if not line:
            self._errors.seek(0)
            tail = self._errors.read()[-2000:]
            raise RuntimeError(f"the browser process ended:\n{tail}")
        answer = json.loads(line)
        if "error" in answer:
            raise RuntimeError(answer["error"])
        return answer["result"]

    def load(self, path: Path, width: int = 1024, height: int = 768) -> None:
        """Open ``path`` (file://) in a ``width`` × ``height`` view; wait until loaded."""
        self.command(cmd="load", path=str(path), width=width, height=height)

    def js(self, code: str) -> object:
        """The value of the JavaScript expression ``code`` (JSON-able), after it ran."""
        return json.loads(self.command(cmd="js", code=f"JSON.stringify((function(){{{code}}})())"))

    def screenshot(self, path: Path) -> None:
        self.command(cmd="shot", path=str(path))

    def requests(self) -> list[str]:
        """Every URL requested since the last ``load`` but the page itself."""
        return self.command(cmd="requests")  # type: ignore[return-value]

    def drag(self, points: list[tuple[float, float]]) -> None:
        """A real mouse drag through ``points`` (page pixels): Qt input events, not JS."""
        self.command(cmd="drag", points=points)

    def close(self) -> None:
        if self._process.poll() is None:
            try:
                self.command(cmd="quit")
            except (RuntimeError, OSError, ValueError):
                pass
            try:
                self._process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        for stream in (self._process.stdin, self._process.stdout, self._errors):
            if stream is not None:
                stream.close()


def _serve() -> None:  # pragma: no cover - runs in the child process
    from PySide6 import QtCore, QtWidgets
    from PySide6.QtWebEngineCore import (
        QWebEnginePage,
        QWebEngineProfile,
        QWebEngineSettings,
        QWebEngineUrlRequestInterceptor,
    )
    from PySide6.QtWebEngineWidgets import QWebEngineView

    app = QtWidgets.QApplication([sys.argv[0]])
    state: dict = {"page_url": None, "log": [], "console": []}

    class Interceptor(QWebEngineUrlRequestInterceptor):
        def interceptRequest(self, info) -> None:
            url = info.requestUrl().toString()
            if url != state["page_url"]:
                state["log"].append(url)
                info.block(True)

    class Page(QWebEnginePage):
        def javaScriptConsoleMessage(self, level, message, line, source) -> None:
            state["console"].append(f"{message} ({line})")

    profile = QWebEngineProfile()  # off the record: no cache, nothing kept on disk
    interceptor = Interceptor()
    profile.setUrlRequestInterceptor(interceptor)
    view = QWebEngineView()
    page = Page(profile, view)
    page.settings().setAttribute(
        QWebEngineSettings.WebAttribute.LocalContentCanAccessRemoteUrls, True
    )
    view.setPage(page)

    def wait(start) -> object:
        """Run the event loop until ``start(done)`` calls ``done(value)``; the value."""
        loop = QtCore.QEventLoop()
        box: dict = {}

        def done(value=None) -> None:
            box["value"] = value
            loop.quit()

        timer = QtCore.QTimer()
        timer.setSingleShot(True)
        timer.timeout.connect(loop.quit)
        timer.start(COMMAND_TIMEOUT_MS)
        start(done)
        if "value" not in box:
            loop.exec()
        if "value" not in box:
            raise TimeoutError("the browser did not answer in time")
        return box["value"]

    def settle(ms: int = 50) -> None:
        loop = QtCore.QEventLoop()
        QtCore.QTimer.singleShot(ms, loop.quit)
        loop.exec()

    def frames(count: int = 2) -> None:
        """Wait until the page has drawn ``count`` animation frames (layout done, painted)."""
        run_js(
            "window.__frames = 0; (function f() { requestAnimationFrame(function () {"
            f" if (++window.__frames < {count}) f(); }}); }})(); true"
        )
        for _ in range(500):
            if run_js(f"window.__frames >= {count}"):
                return
            settle(10)
        raise TimeoutError("the page drew no frame")

    def run_js(code: str) -> object:
        return wait(lambda done: page.runJavaScript(code, 0, done))

    def load(request: dict) -> None:
        url = QtCore.QUrl.fromLocalFile(request["path"])
        state["page_url"] = url.toString()
        state["log"] = []
        state["console"] = []
        view.resize(request["width"], request["height"])
        view.show()

        def start(done) -> None:
            def finished(ok: bool) -> None:
                page.loadFinished.disconnect(finished)
                done(ok)

            page.loadFinished.connect(finished)
            page.load(url)

        if not wait(start):
            raise RuntimeError(f"could not load {request['path']}")
        frames()
        errors = [m for m in state["console"] if "Error" in m]
        if errors:
            raise RuntimeError("the page reported: " + "; ".join(errors))

    def drag(points: list) -> None:
        from PySide6.QtCore import QEvent, QPointF, Qt
        from PySide6.QtGui import QMouseEvent

        target = view.focusProxy() or view
        kinds = [QEvent.Type.MouseButtonPress] + [QEvent.Type.MouseMove] * (len(points) - 2)
        kinds.append(QEvent.Type.MouseButtonRelease)
        for kind, (x, y) in zip(kinds, points):
            local = QPointF(x, y)
            moving = kind == QEvent.Type.MouseMove
            released = kind == QEvent.Type.MouseButtonRelease
            left, none = Qt.MouseButton.LeftButton, Qt.MouseButton.NoButton
            event = QMouseEvent(
                kind,
                local,
                target.mapToGlobal(local),
                none if moving else left,  # the button that changed
                none if released else left,  # the buttons held
                Qt.KeyboardModifier.NoModifier,
            )
            QtWidgets.QApplication.sendEvent(target, event)
            frames(1)

    for line in sys.stdin:
        request = json.loads(line)
        try:
            command = request["cmd"]
            if command == "quit":
                print(json.dumps({"result": None}), flush=True)
                break
            if command == "load":
                load(request)
                result: object = None
            elif command == "js":
                result = run_js(request["code"])
                if result is None:
                    raise RuntimeError("the script failed: " + "; ".join(state["console"][-3:]))
            elif command == "shot":
                # The view's picture arrives from Chromium's compositor after the frame is
                # drawn: a grab right after the frame can still hold the one before.
                frames(2)
                settle(400)
                view.grab().save(request["path"])
                result = None
            elif command == "requests":
                frames()  # anything the page started while drawing is logged by now
                result = list(state["log"])
            elif command == "drag":
                drag(request["points"])
                result = None
            else:
                raise ValueError(f"unknown command {command!r}")
            print(json.dumps({"result": result}), flush=True)
        except Exception as error:
            print(json.dumps({"error": f"{type(error).__name__}: {error}"}), flush=True)
    view.close()
    app.processEvents()


if __name__ == "__main__":
    _serve()
