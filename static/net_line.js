// What the phone knows of the network, in one line for the sheet (#net-status): empty while the
// server answers and nothing waits.
// server: "up", "down", "strange", "offline" or "unknown" (static/server_watch.js); status: the
// outbox's ({reachable, message, locked}); waiting: how many saves wait; secure: window.isSecureContext.
export function netLine(server, status, waiting, secure) {
  let line = "";
  let saysWhen = false; // the outbox's "Serveur injoignable" says already when the saves leave
  if (server === "offline" || navigator.onLine === false) {
    line = "Ce téléphone n'a plus de réseau (Wi-Fi coupé ?) : les donnes saisies ici y sont gardées.";
  } else if (server === "strange") {
    line =
      "Le réseau répond autre chose que le serveur (page de connexion du Wi-Fi ?) : rien n'est perdu, " +
      "les donnes saisies ici sont gardées.";
  } else if (server === "down" || status.reachable === false) {
    saysWhen = !!status.message;
    line =
      status.message ||
      "Serveur injoignable : la feuille montre ce que ce téléphone sait ; " +
        "les donnes saisies ici partiront dès qu'il répondra.";
  } else if (status.message) {
    line = status.message;
  }
  if (waiting && status.locked) {
    line += " Les donnes saisies ici sont gardées : elles partiront une fois le mot de passe entré.";
    saysWhen = true;
  }
  if (waiting && line && !saysWhen) line += " Elles partiront d'elles-mêmes, dans l'ordre.";
  if (waiting && !secure)
    line +=
      (line ? " " : "") +
      "Restez sur cette feuille jusqu'à l'envoi : hors réseau, " +
      "une autre page ne s'ouvrirait pas.";
  return line;
}
