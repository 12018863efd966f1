"""Muster's benchmarks and load runs against a real gunicorn on 127.0.0.1 (`make bench`)."""
