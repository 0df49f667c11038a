// tiermem inspector: fetches server-rendered fragments with the key kept in this tab's
// sessionStorage (sent as a bearer header, never in a URL), and calls the JSON API for the
// buttons. No inline script, no eval, no dependency.
"use strict";
(function () {
  const KEY = "tiermem.inspector.key";
  const $ = (id) => document.getElementById(id);
  let current = null; // {kind: "session"|"user", id}

  function key() { return sessionStorage.getItem(KEY); }
  function status(text, bad) {
    const el = $("status");
    el.textContent = text;
    el.className = bad ? "bad" : "muted";
  }
  function showKeyState() {
    $("key-state").textContent = key() ? "key kept in this tab" : "no key in this tab";
  }
  async function problemText(response) {
    try {
      const body = await response.json();
      return response.status + " " + (body.title || "") + ": " + (body.detail || "");
    } catch (e) {
      return response.status + " " + response.statusText;
    }
  }
  async function call(method, path) {
    if (!key()) { status("enter an API key first", true); return null; }
    return fetch(path, {
      method: method,
      headers: { "Authorization": "Bearer " + key(), "Accept": "application/json" },
      credentials: "omit",
      cache: "no-store",
    });
  }
  function sizeBar() {
    const bar = $("budget-bar");
    if (!bar) return;
    const usable = Number(bar.dataset.usable) || 1;
    let total = 0;
    for (const seg of bar.querySelectorAll(".seg")) { total += Number(seg.dataset.tokens) || 0; }
    const whole = Math.max(usable, total, 1);
    for (const seg of bar.querySelectorAll(".seg")) {
      seg.style.width = (100 * (Number(seg.dataset.tokens) || 0) / whole) + "%";
    }
  }
  async function open(kind, id) {
    if (!id) { status("enter a " + kind + " id", true); return; }
    current = { kind: kind, id: id };
    const path = "/ui/fragments/" + (kind === "session" ? "sessions/" : "users/") + encodeURIComponent(id);
    const response = await call("GET", path);
    if (response === null) return;
    if (!response.ok) { status(await problemText(response), true); return; }
    $("panel").innerHTML = await response.text(); // rendered and escaped by the server
    sizeBar();
    status(kind + " " + id + " loaded", false);
  }
  async function act(button) {
    const d = button.dataset;
    let response = null;
    if (d.action === "restore") {
      response = await call("POST", "/v1/sessions/" + encodeURIComponent(d.session) +
        "/summaries/" + encodeURIComponent(d.version) + "/restore");
    } else if (d.action === "delete-preference") {
      response = await call("DELETE", "/v1/users/" + encodeURIComponent(d.user) +
        "/preferences/" + encodeURIComponent(d.key));
    } else if (d.action === "erase") {
      if (!window.confirm("Erase everything about " + d.user + "? This cannot be undone.")) return;
      response = await call("DELETE", "/v1/users/" + encodeURIComponent(d.user) + "/memories");
      if (response !== null && response.ok) {
        const receipt = JSON.stringify(await response.json(), null, 2);
        await open(current.kind, current.id);
        const el = $("receipt");
        if (el) { el.textContent = receipt; el.hidden = false; }
        status("erased " + d.user + ": receipt below", false);
        return;
      }
    } else if (d.action === "open-user") {
      $("user-id").value = d.user;
      await open("user", d.user);
      return;
    }
    if (response === null) return;
    if (!response.ok) { status(await problemText(response), true); return; }
    const done = d.action + " done (" + response.status + ")";
    await open(current.kind, current.id);
    status(done, false);
  }
  document.addEventListener("DOMContentLoaded", function () {
    showKeyState();
    $("key-form").addEventListener("submit", function (event) {
      event.preventDefault();
      const value = $("key").value.trim();
      if (value) { sessionStorage.setItem(KEY, value); }
      $("key").value = "";
      showKeyState();
      if (current) { open(current.kind, current.id); }
    });
    $("forget-key").addEventListener("click", function () {
      sessionStorage.removeItem(KEY);
      showKeyState();
      $("panel").textContent = "";
    });
    $("open-form").addEventListener("submit", function (event) {
      event.preventDefault();
      const which = event.submitter ? event.submitter.dataset.open : "session";
      open(which, (which === "user" ? $("user-id") : $("session-id")).value.trim());
    });
    $("panel").addEventListener("click", function (event) {
      const button = event.target.closest("[data-action]");
      if (button) { event.preventDefault(); act(button); }
    });
  });
})();
