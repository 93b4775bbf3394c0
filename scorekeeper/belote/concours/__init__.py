"""A concours's rules (CONCOURS.md), pure Python: the draw of a partie (`pairing`) and the ranking
with its byes (`standings`), data in and result out, for the concours service to call."""
