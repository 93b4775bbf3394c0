// tests/test_offline_worker.py's runner: the service worker's text (templates/offline/sw.js as
// /sw.js serves it) run in a context that stands for the browser's: its events, an in-memory
// Cache Storage and a network that answers from a table or is down. Reads JSON on stdin:
//   {"source": the worker's text, "origin": "http://phone.test",
//    "network": {"/path?query": {"status", "body", "headers", "redirected"}, …} (else a 404),
//    "steps": [{"install": true} | {"activate": true} | {"online": bool}
//              | {"navigate": "/path?query"} | {"message": data}
//              | {"plant": [cache name, path, body]} (a copy an older worker kept), …],
//    "pageCache": the name of the pages' cache}
// writes, for each step, {"kept": {path: body} of the pages' cache, "fetched": [urls asked of the
// network during the step], and for a navigation "status" and "body" of the page answered}.
"use strict";
var vm = require("vm");

var chunks = [];
process.stdin.on("data", function (chunk) { chunks.push(chunk); });
process.stdin.on("end", function () {
  run(JSON.parse(Buffer.concat(chunks).toString("utf8"))).then(function (answers) {
    process.stdout.write(JSON.stringify(answers));
  }, function (error) {
    process.stderr.write(String(error && error.stack || error));
    process.exit(1);
  });
});

async function run(input) {
  var origin = input.origin;
  var online = true;
  var fetched = [];
  var listeners = {};
  var stores = new Map();

  function href(request) {
    return new URL(typeof request === "string" ? request : request.url, origin).href;
  }

  // A Request as the worker builds one (the worker's addresses are relative to its origin).
  function FakeRequest(url, init) {
    this.url = href(url);
    this.method = (init && init.method) || "GET";
    this.mode = (init && init.mode) || "cors";
  }

  function Cache() { this.entries = new Map(); }
  Cache.prototype.put = function (request, response) {
    this.entries.set(href(request), response);
    return Promise.resolve();
  };
  Cache.prototype.match = function (request, options) {
    var wanted = new URL(href(request));
    var found;
    this.entries.forEach(function (response, key) {
      var url = new URL(key);
      if (options && options.ignoreSearch) { url.search = ""; wanted.search = ""; }
      if (!found && url.href === wanted.href) found = response;
    });
    return Promise.resolve(found ? found.clone() : undefined);
  };
  Cache.prototype.addAll = function (requests) {
    var cache = this;
    return Promise.all(requests.map(function (request) {
      return fakeFetch(request).then(function (response) {
        if (!response.ok) throw new TypeError("addAll: " + response.status);
        return cache.put(request, response);
      });
    }));
  };

  var caches = {
    open: function (name) {
      if (!stores.has(name)) stores.set(name, new Cache());
      return Promise.resolve(stores.get(name));
    },
    keys: function () { return Promise.resolve(Array.from(stores.keys())); },
    delete: function (name) { return Promise.resolve(stores.delete(name)); },
    match: function (request, options) {
      return Array.from(stores.values()).reduce(function (found, cache) {
        return found.then(function (hit) { return hit || cache.match(request, options); });
      }, Promise.resolve(undefined));
    }
  };

  function fakeFetch(request) {
    var url = new URL(href(request));
    var address = url.pathname + url.search;
    fetched.push(address);
    if (!online) return Promise.reject(new TypeError("Failed to fetch"));
    var answer = input.network[address];
    if (!answer && url.pathname.indexOf("/static/") === 0) answer = { status: 200, body: "/* " + address + " */" };
    answer = answer || { status: 404, body: "not found" };
    var response = new Response(answer.body, { status: answer.status, headers: answer.headers || {} });
    if (answer.redirected) Object.defineProperty(response, "redirected", { value: true });
    return Promise.resolve(response);
  }

  var self = {
    location: new URL("/sw.js", origin),
    addEventListener: function (type, listener) { (listeners[type] = listeners[type] || []).push(listener); },
    skipWaiting: function () { return Promise.resolve(); },
    clients: { claim: function () { return Promise.resolve(); } }
  };
  var context = { self: self, caches: caches, fetch: fakeFetch, Request: FakeRequest, Response: Response, URL: URL };
  vm.runInNewContext(input.source, context);

  // An event given to the worker's listeners; its waitUntil promises (a promise added while
  // one runs counts too) and its respondWith answer awaited.
  async function dispatch(type, fields) {
    var waits = [];
    var answer = null;
    var event = Object.assign({
      waitUntil: function (promise) { waits.push(promise); },
      respondWith: function (promise) { answer = promise; }
    }, fields);
    (listeners[type] || []).forEach(function (listener) { listener(event); });
    var response = answer ? await answer : null;
    for (var i = 0; i < waits.length; i++) await waits[i];
    return response;
  }

  async function kept() {
    var pages = {};
    var cache = stores.get(input.pageCache);
    if (!cache) return pages;
    for (var [key, response] of cache.entries) pages[new URL(key).pathname + new URL(key).search] = await response.clone().text();
    return pages;
  }

  var answers = [];
  for (var step of input.steps) {
    fetched = [];
    var answer = {};
    if ("online" in step) online = step.online;
    if (step.plant) await (await caches.open(step.plant[0])).put(step.plant[1], new Response(step.plant[2]));
    if (step.install) await dispatch("install", {});
    if (step.activate) await dispatch("activate", {});
    if (step.message) await dispatch("message", { data: step.message });
    if (step.navigate) {
      var request = new FakeRequest(step.navigate, { mode: "navigate" });
      var response = await dispatch("fetch", { request: request });
      answer.status = response ? response.status : null;
      answer.body = response ? await response.text() : null;
    }
    answer.kept = await kept();
    answer.fetched = fetched;
    answer.caches = Array.from(stores.keys());
    answers.push(answer);
  }
  return answers;
}
