"""docbuild: compile versioned library documentation into a static doctrove site."""

__version__ = "0.1.0"
