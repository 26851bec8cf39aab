"""Playing hands and sessions between computer players."""
