"""geoteach on JupyterHub: every student gets the kit and lands on the game apps.

The classroom part of a JupyterHub configuration, shared by The Littlest JupyterHub (link this file
into /opt/tljh/config/jupyterhub_config.d/, see deploy/README.md) and by the load test
(tests/e2e/test_classroom_hub.py), which adds a test login and the local process spawner. It sets
nothing about logins, spawners or the proxy: those belong to the hub it is added to.

- Each student's server starts through deploy/start_student.py, which gives them their own copy of
  the lessons (saves are written next to the lesson) and then runs jupyterhub-singleuser.
- They land on the list of game apps (Voilà, no code shown); JupyterLab stays one address away.
- Servers idle for GEOTEACH_IDLE_SECONDS (default an hour) are stopped by jupyterhub-idle-culler;
  The Littlest JupyterHub runs its own (`tljh-config set services.cull.timeout 3600`). Voilà
  itself shuts a closed page's kernel down (jupyter/README.md).
"""

import importlib.util
import os
import sys
from pathlib import Path

KIT = Path(__file__).resolve().parents[1]

#: Where a student arrives: the five game apps. A link to one game for the whole class:
#: https://<hub>/hub/user-redirect/voila/render/notebooks/play/geotriple.ipynb
c.Spawner.default_url = "/voila/tree/notebooks/play"

# `python3` is the students' Python: the user environment's on The Littlest JupyterHub (its
# bin/ comes first on their PATH), the image's on Kubernetes, the test's own environment here.
c.Spawner.cmd = ["python3", str(KIT / "deploy" / "start_student.py")]

IDLE_SECONDS = int(os.environ.get("GEOTEACH_IDLE_SECONDS", "3600"))
# The Littlest JupyterHub runs a culler of its own (and loads this file as a sub-config, which
# cannot see its settings): there, set its timeout with `tljh-config set services.cull.timeout`.
if importlib.util.find_spec("tljh") is None:
    c.JupyterHub.services.append(
        {
            "name": "idle-culler",
            "command": [
                sys.executable,
                "-m",
                "jupyterhub_idle_culler",
                f"--timeout={IDLE_SECONDS}",
                f"--cull-every={max(5, min(IDLE_SECONDS // 4, 300))}",
            ],
        }
    )
    c.JupyterHub.load_roles.append(
        {
            "name": "idle-culler",
            "description": "stop the servers of students who have left",
            "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
            "services": ["idle-culler"],
        }
    )

# The class service (geoteach/service/hub.py): one referee for the whole hub, so the teams'
# devices of a class game meet in one room. It holds every room's game and the class games'
# lesson record in its own folder, and runs as a Unix user of its own where the hub runs as
# root (GEOTEACH_SERVICE_USER, e.g. a system user "geoteach" made for it): no student's server
# can open its files. Teachers are the hub's "teachers" group (GEOTEACH_TEACHERS_GROUP).
SERVICE_PORT = int(os.environ.get("GEOTEACH_SERVICE_PORT", "10202"))
SERVICE = {
    "name": "geoteach",
    "url": f"http://127.0.0.1:{SERVICE_PORT}",
    "command": [sys.executable, "-m", "geoteach.service.hub"],
    "environment": {
        key: os.environ[key]
        for key in (
            "GEOTEACH_SERVICE_DIR",
            "GEOTEACH_ROOMS",
            "GEOTEACH_TEACHERS_GROUP",
            "GEOTEACH_LESSON_RECORD",
        )
        if key in os.environ
    },
}
if os.environ.get("GEOTEACH_SERVICE_USER"):
    SERVICE["user"] = os.environ["GEOTEACH_SERVICE_USER"]
c.JupyterHub.services.append(SERVICE)
c.JupyterHub.load_roles.append(
    {
        "name": "geoteach-class-service",
        "description": "tell which logins are teachers",
        "scopes": ["read:users:groups", "read:users:name"],
        "services": ["geoteach"],
    }
)
# Every student's server uses that service (and starts none of its own).
c.Spawner.environment.update(
    {"GEOTEACH_SERVICE": f"http://127.0.0.1:{SERVICE_PORT}/services/geoteach/geoteach/api"}
)
