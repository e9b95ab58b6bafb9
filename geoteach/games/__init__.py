"""The five games as pure, seeded, deterministic state machines (see ``base.Game``)."""
