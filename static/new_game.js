// The new-game form: the first dealer's buttons name the players as they are typed ("Joueur 1…4"
// for a name left empty, as the server writes them; without this script they keep its labels).
(function () {
  const labels = document.querySelectorAll("#f-dealer .options span");
  [0, 1, 2, 3].forEach(function (i) {
    const input = document.getElementById("player_" + i);
    if (!input || !labels[i]) return;
    function rename() {
      labels[i].textContent = input.value.trim() || "Joueur " + (i + 1);
    }
    input.addEventListener("input", rename);
    rename();
  });
})();

// The house rules: choosing a preset ticks its options in "Règles de la maison"; changing an option
// chooses the preset those options now are, or "Règles personnalisées" (which opens the options).
// Without this script the server does the same when the form is sent (GameForm.house_rules).
(function () {
  const house = document.getElementById("house");
  if (!house) return;
  const form = house.closest("form");
  const presets = JSON.parse(house.dataset.presets); // {preset: {option: value}}
  const custom = house.dataset.custom;
  const names = Object.keys(presets);
  const keys = Object.keys(presets[names[0]]);

  function radio(name, value) {
    return form.querySelector('input[name="' + name + '"][value="' + value + '"]');
  }
  function checked(name) {
    const input = form.querySelector('input[name="' + name + '"]:checked');
    return input ? input.value : null;
  }
  function tick(name, value) {
    const input = radio(name, value);
    if (input) input.checked = true;
  }

  form.addEventListener("change", function (event) {
    const input = event.target;
    if (input.name === "preset") {
      if (input.value === custom) {
        house.open = true;
        return;
      }
      keys.forEach(function (key) {
        tick(key, presets[input.value][key]);
      });
    } else if (keys.indexOf(input.name) !== -1) {
      const found = names.filter(function (name) {
        return keys.every(function (key) {
          return presets[name][key] === checked(key);
        });
      });
      tick("preset", found.length ? found[0] : custom);
    }
  });
})();
