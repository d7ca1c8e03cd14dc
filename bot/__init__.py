"""Start-up, settings, wiring and the ``umpire`` command line."""
