"""The Qt desktop window: views, Qt models over the engine, and their controllers."""
