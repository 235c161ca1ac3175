"""Bohnanza and its variant Bohn Voyage, played in the terminal."""

__version__ = "0.1.0"
