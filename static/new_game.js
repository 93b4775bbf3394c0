// The new-game form: the first dealer's buttons name the players as they are typed ("Joueur 1…4"
// for a name left empty, as the server writes them; without this script they keep its labels).
(function () {
  "use strict";
  var labels = document.querySelectorAll("#f-dealer .options span");
  [0, 1, 2, 3].forEach(function (i) {
    var input = document.getElementById("player_" + i);
    if (!input || !labels[i]) return;
    function rename() { labels[i].textContent = input.value.trim() || "Joueur " + (i + 1); }
    input.addEventListener("input", rename);
    rename();
  });
})();
