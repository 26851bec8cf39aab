"""Play in the browser: tables for friends and computer players, served by ``paiju serve``."""
