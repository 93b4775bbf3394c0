"""The concours's pages for the room: the screen on the wall (a TV or a projector, read from across
the room, no click) and « Quelle table ? », the phone page its QR code opens."""

from scorekeeper.web.concours_screen.routes import bp

__all__ = ["bp"]
