"""Frozen entry point for PyInstaller (build_exe.spec): start the app's main()."""
from app.__main__ import main

raise SystemExit(main())
