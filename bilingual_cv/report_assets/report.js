/* bilingual-cv review report: sort the committee table by a header (the cards follow its
   order), filter its rows, recount the "CCF since" column from another year, show the
   stray-line notices on the cards.
   Opened as report.html#selftest&sort=KEY[,KEY...]&filter=TEXT&min_a=N&hide_failed=1
   &since=YEAR&show_info=1, the page performs those clicks and inputs itself and records the
   outcome in #selftest, so a headless browser's --dump-dom shows what a user would see (the
   tests use this). */
(function () {
  "use strict";
  var table = document.getElementById("committee");
  if (!table) { return; }
  var body = table.tBodies[0];
  var headers = Array.prototype.slice.call(table.tHead.rows[0].cells);
  var filter = document.getElementById("filter");
  var minA = document.getElementById("min-a");
  var hideFailed = document.getElementById("hide-failed");
  var since = document.getElementById("since");
  var sinceYear = document.getElementById("since-year");
  var showInfo = document.getElementById("show-info");
  var cards = document.getElementById("cards");
  var shown = document.getElementById("shown");
  var collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

  function rows() { return Array.prototype.slice.call(body.rows); }

  function sortValue(row, column, type) {
    var value = row.cells[column].getAttribute("data-sort") || "";
    return type === "num" ? Number(value) : value;
  }

  function sortBy(th) {
    var type = th.getAttribute("data-type");
    var current = th.getAttribute("aria-sort");
    var direction;
    if (current === "descending") { direction = "ascending"; }
    else if (current === "ascending") { direction = "descending"; }
    else { direction = type === "num" && th.getAttribute("data-key") !== "index" ? "descending" : "ascending"; }
    headers.forEach(function (h) { h.removeAttribute("aria-sort"); });
    th.setAttribute("aria-sort", direction);
    arrange(th, direction);
  }

  // the rows in the order of one column, then the cards in the rows' order
  function arrange(th, direction) {
    var type = th.getAttribute("data-type");
    var sign = direction === "ascending" ? 1 : -1;
    var column = th.cellIndex;
    // failed inputs stay below the CVs, except in the batch's own order (#)
    var byIndex = th.getAttribute("data-key") === "index";
    function failedRank(row) { return !byIndex && row.classList.contains("failed") ? 1 : 0; }
    rows()
      .map(function (row) { return [row, sortValue(row, column, type), failedRank(row)]; })
      .sort(function (x, y) {
        var order = type === "num" ? x[1] - y[1] : collator.compare(x[1], y[1]);
        // ties keep the batch's order, whatever the direction
        return x[2] - y[2] || order * sign || Number(x[0].cells[0].getAttribute("data-sort")) -
          Number(y[0].cells[0].getAttribute("data-sort"));
      })
      .forEach(function (pair) { body.appendChild(pair[0]); });
    rows().forEach(function (row) {
      var card = document.getElementById(row.getAttribute("data-card"));
      if (card && cards) { cards.appendChild(card); }
    });
  }

  // the "CCF since" column counted again from the year in the Since box
  function recount() {
    var year = Math.round(Number(since.value));
    if (!year) { return; }
    sinceYear.textContent = String(year);
    rows().forEach(function (row) {
      var cell = row.querySelector("td.recent");
      if (!cell || row.classList.contains("failed")) { return; }
      var years = JSON.parse(cell.getAttribute("data-years") || "{}");
      var counts = [0, 0, 0];
      Object.keys(years).forEach(function (y) {
        if (Number(y) >= year) {
          for (var i = 0; i < 3; i += 1) { counts[i] += years[y][i]; }
        }
      });
      cell.textContent = counts.join("/");
      cell.setAttribute("data-sort", String(counts[0]));
      cell.classList.toggle("zero", counts[0] + counts[1] + counts[2] === 0);
    });
    var sorted = headers.filter(function (h) { return h.getAttribute("data-key") === "recent" && h.hasAttribute("aria-sort"); });
    if (sorted.length) { arrange(sorted[0], sorted[0].getAttribute("aria-sort")); }
  }

  function applyInfo() {
    Array.prototype.forEach.call(document.querySelectorAll("ul.warnings li.sev-info"), function (li) {
      li.hidden = !showInfo.checked;
    });
    Array.prototype.forEach.call(document.querySelectorAll("p.info-note"), function (note) {
      note.hidden = showInfo.checked;
    });
  }

  function applyFilter() {
    var words = filter.value.toLowerCase().split(/\s+/).filter(Boolean);
    var least = Number(minA.value) || 0;
    var visible = 0;
    rows().forEach(function (row) {
      var text = row.getAttribute("data-search") || "";
      var failed = row.classList.contains("failed");
      var show = words.every(function (w) { return text.indexOf(w) !== -1; }) &&
        (least <= 0 || Number(row.getAttribute("data-ccf-a")) >= least) &&
        !(failed && hideFailed.checked);
      row.hidden = !show;
      var card = document.getElementById(row.getAttribute("data-card"));
      if (card) { card.hidden = !show; }
      visible += show ? 1 : 0;
    });
    shown.textContent = visible + " of " + body.rows.length + " shown";
  }

  headers.forEach(function (th) {
    var button = th.querySelector("button");
    if (button) { button.addEventListener("click", function () { sortBy(th); }); }
  });
  [filter, minA, hideFailed].forEach(function (input) {
    input.addEventListener("input", applyFilter);
    input.addEventListener("change", applyFilter);
  });
  since.addEventListener("input", recount);
  since.addEventListener("change", recount);
  showInfo.addEventListener("change", applyInfo);
  applyFilter();

  function selfTest(hash) {
    var params = {};
    hash.split("&").slice(1).forEach(function (pair) {
      var cut = pair.indexOf("=");
      if (cut > 0) { params[pair.slice(0, cut)] = decodeURIComponent(pair.slice(cut + 1)); }
    });
    (params.sort ? params.sort.split(",") : []).forEach(function (key) {
      var th = table.querySelector('th[data-key="' + key + '"] button');
      if (th) { th.click(); }
    });
    if (params.filter !== undefined) { filter.value = params.filter; }
    if (params.min_a !== undefined) { minA.value = params.min_a; }
    if (params.hide_failed) { hideFailed.checked = true; }
    if (params.since !== undefined) { since.value = params.since; since.dispatchEvent(new Event("change")); }
    if (params.show_info) { showInfo.checked = true; showInfo.dispatchEvent(new Event("change")); }
    filter.dispatchEvent(new Event("input"));
    var out = document.getElementById("selftest");
    out.textContent = JSON.stringify({
      order: rows().map(function (row) { return row.id; }),
      visible: rows().filter(function (row) { return !row.hidden; }).map(function (row) { return row.id; }),
      cards: Array.prototype.map.call(cards.children, function (card) { return card.id; }),
      recent: rows().map(function (row) {
        var cell = row.querySelector("td.recent");
        return cell ? cell.textContent : "";
      }),
      since: sinceYear.textContent,
      info_shown: Array.prototype.filter.call(document.querySelectorAll("ul.warnings li.sev-info"), function (li) { return !li.hidden; }).length,
      sorted: headers.filter(function (h) { return h.hasAttribute("aria-sort"); }).map(function (h) {
        return h.getAttribute("data-key") + " " + h.getAttribute("aria-sort");
      }),
      shown: shown.textContent
    });
    out.setAttribute("data-done", "yes");
  }
  if (location.hash.indexOf("#selftest") === 0) { selfTest(location.hash); }
}());
