"""Run a probe script in a fresh Python process and read the report it prints.

For what one test process cannot show: start-up (this process has imported
everything long ago) or screens given to the offscreen platform.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def run_probe(
    script: str,
    folder: Path,
    args: list[str],
    env: dict[str, str] | None = None,
    timeout: float = 180,
) -> dict:
    """Run ``script`` (saved in ``folder``) with ``args``, offscreen, on this checkout.

    ``env`` adds to (or overrides) the environment, e.g. another
    ``QT_QPA_PLATFORM``. Returns the JSON object on the probe's last line of
    output; fails the test, with the probe's errors, if it exits otherwise than 0.
    """
    done = run_probe_process(script, folder, args, env, timeout)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def run_probe_process(
    script: str,
    folder: Path,
    args: list[str],
    env: dict[str, str] | None = None,
    timeout: float = 180,
) -> subprocess.CompletedProcess:
    """Run ``script`` as :func:`run_probe` does; return the finished process (its stderr too)."""
    child_env = dict(os.environ)
    child_env["QT_QPA_PLATFORM"] = "offscreen"
    child_env["PYTHONPATH"] = str(ROOT) + os.pathsep + child_env.get("PYTHONPATH", "")
    child_env.update(env or {})
    probe = folder / "probe.py"
    probe.write_text(script, encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(probe), *args],
        capture_output=True,
        text=True,
        env=child_env,
        timeout=timeout,
    )
