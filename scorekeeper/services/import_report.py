"""What an import did, as its page and its command tell it (in French)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class ImportReport:
    evenings_added: int = 0
    evenings_reused: int = 0
    games_added: list[str] = field(default_factory=list)
    games_skipped: list[str] = field(default_factory=list)  # already here, identical
    games_refused: list[list[str]] = field(default_factory=list)  # [id, why, in French]: not imported
    deals_added: int = 0
    concours_added: list[str] = field(default_factory=list)
    concours_skipped: list[str] = field(default_factory=list)  # already here, identical
    concours_refused: list[list[str]] = field(default_factory=list)  # [id, why, in French]: a game not imported

    def summary(self) -> str:
        """What was done, in French, in a few lines at most (the lists of ids are for the report page)."""
        parts = [
            f"{len(self.games_added)} partie(s) importée(s), {self.deals_added} donne(s)",
            f"{self.evenings_added} soirée(s) ajoutée(s)",
        ]
        if self.evenings_reused:
            parts.append(f"{self.evenings_reused} soirée(s) déjà présente(s)")
        text = ", ".join(parts) + "."
        if self.games_skipped:
            text += f" {len(self.games_skipped)} partie(s) déjà présente(s), identique(s), ignorée(s)"
            text += " : " + ", ".join(self.games_skipped) + "." if len(self.games_skipped) <= 10 else "."
        if self.games_refused:
            text += f" {len(self.games_refused)} partie(s) refusée(s), non importée(s)."
        return text + self._concours_summary()

    def _concours_summary(self) -> str:
        """Nothing for a file without concours: its report reads as it always did."""
        text = ""
        if self.concours_added:
            text += f" {len(self.concours_added)} concours importé(s)."
        if self.concours_skipped:
            text += f" {len(self.concours_skipped)} concours déjà présent(s), identique(s), ignoré(s)."
        if self.concours_refused:
            text += f" {len(self.concours_refused)} concours non importé(s)."
        return text
