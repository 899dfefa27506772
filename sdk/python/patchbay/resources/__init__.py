"""The client's resources, one module each, mirroring the JavaScript client."""
