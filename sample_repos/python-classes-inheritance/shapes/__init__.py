"""Geometric shapes."""
