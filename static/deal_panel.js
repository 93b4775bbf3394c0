// The deal form opened in place on the sheet: a fresh copy of the page's <template
// id="deal-form-template"> (the deal form page's own markup, templates/sheet/_deal_form.html) for
// each deal, headed with its number, its dealer and the totals; the sheet is hidden meanwhile. An
// edit fills the copy from the deal's input. "Enregistrer" hands the save to `onSave`; nothing
// here talks to the network.

import { create as createFields } from "./deal_fields.js";
import { enhance } from "./deal_form.js";
import { attach as attachDisputes } from "./disputes.js";
import { element } from "./dom.js";
import vocabulary from "./vocabulary.js";

let panel = null;

export function isOpen() {
  return !!panel;
}

// Closed: the sheet again, its view as `hidden` left it.
export function close() {
  if (!panel) return;
  panel.remove();
  panel = null;
  document.querySelectorAll("[data-hidden-by-panel]").forEach(function (node) {
    node.hidden = false;
    delete node.dataset.hiddenByPanel;
  });
}

// options: {title: "Donne 7" or "Modifier la donne 3", meta: "Chloé distribue · Nous 120 · Eux 40",
// edit: {number, version, input} or null, number(): a new deal's number, onSave(entry, result)}.
export function open(options) {
  close();
  const template = document.getElementById("deal-form-template");
  const fragment = template.content.cloneNode(true);
  const form = fragment.querySelector("form");
  panel = element("section", "deal-panel");
  panel.id = "deal-panel";
  panel.setAttribute("aria-labelledby", "panel-title");
  const head = element("div", "panel-head");
  const title = element("h2", "", options.title);
  title.id = "panel-title";
  title.tabIndex = -1;
  const shut = element("button", "secondary", "Fermer");
  shut.type = "button";
  shut.id = "close-panel";
  shut.addEventListener("click", function () {
    close();
    if (options.onClose) options.onClose();
  });
  head.appendChild(title);
  head.appendChild(shut);
  panel.appendChild(head);
  panel.appendChild(element("p", "panel-meta", options.meta));
  panel.appendChild(fragment);
  ["sheet", "rejoindre"].forEach(function (id) {
    const node = document.getElementById(id);
    if (node && !node.hidden) {
      node.hidden = true;
      node.dataset.hiddenByPanel = "1";
    }
  });
  const main = document.querySelector("main");
  main.insertBefore(panel, main.firstChild);
  if (options.edit) {
    createFields(form, vocabulary).fill(options.edit.input);
    form.querySelector("#f-best_meld").hidden = !options.edit.input.best_meld;
    form.elements.version.value = options.edit.version;
  }
  enhance(form, { editing: options.edit?.number, number: options.number, onSave: options.onSave });
  attachDisputes(form);
  window.scrollTo(0, 0);
  title.focus({ preventScroll: true });
  return form;
}
