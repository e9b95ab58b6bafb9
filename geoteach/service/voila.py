"""The stand-alone Voilà server of ``python3 tasks.py voila``, with the class service in it.

Voilà's own server loads no Jupyter server extension, so this is Voilà with the service's two
routes added (``geoteach.service``). Its kernels are never the teacher's: the teacher's page
carries the teacher link's secret (``?teacher=…``), which ``tasks.py voila`` prints.
Run as ``python -m geoteach.service.voila`` with Voilà's own arguments.
"""

from __future__ import annotations

from typing import Any

from voila.app import Voila

from geoteach.service import claim_address, start


class VoilaWithService(Voila):
    """Voilà, and the class service in the same server (the same port and base URL)."""

    def init_settings(self) -> dict[str, Any]:
        # Before the kernel manager: kernels made ready before the class arrives start as soon
        # as it exists, and they must know the service's address too.
        claim_address(self.port, self.base_url)
        settings: dict[str, Any] = super().init_settings()
        return settings

    def init_handlers(self) -> list[Any]:
        found: list[Any] = super().init_handlers()
        self.referee = start(self.app, self.port, self.base_url, teacher_kernels=False)
        return found


main = VoilaWithService.launch_instance

if __name__ == "__main__":
    main()
