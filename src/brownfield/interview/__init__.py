"""The interview: an engine, its planners, resumable state and the compiled artifacts."""
