// loo serve: put each part of the table in place as the server sends it (server-sent
// events). Without this script the page reloads itself every few seconds (<noscript>).
"use strict";
(function () {
  if (!window.EventSource) {
    return;
  }
  var status = document.getElementById("status");
  var say = function (text) {  // a status region: only a change is read out
    if (status.textContent !== text) {
      status.textContent = text;
    }
  };
  var shown = {};
  var version = document.body.getAttribute("data-version");
  var source = new EventSource("events");
  source.addEventListener("table", function (e) {
    var data = JSON.parse(e.data);
    var first = Object.keys(shown).length === 0;
    Object.keys(data.parts).forEach(function (id) {
      var html = data.parts[id];
      var el = document.getElementById(id);
      // the page already shows this version: remember it, do not read the hand out again
      if (el && shown[id] !== html && !(first && data.version === version)) {
        el.innerHTML = html;
      }
      shown[id] = html;
    });
    version = data.version;
    document.body.setAttribute("data-version", version);
    document.body.setAttribute("data-hands", String(data.hands));
    document.title = data.title;
    say("Live.");
  });
  source.addEventListener("open", function () {
    say("Live.");
  });
  source.addEventListener("error", function () {
    say("Connection lost: trying again.");
  });
})();
