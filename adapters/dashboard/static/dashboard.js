// Progressive enhancement only: every page works without it.
(function () {
  function openDialogs(root) {
    root.querySelectorAll('dialog[data-open]').forEach(function (d) {
      if (!d.open) { if (d.showModal) d.showModal(); else d.setAttribute('open', ''); }
    });
  }
  function drawCharts(root) {
    if (typeof uPlot === 'undefined') return;
    root.querySelectorAll('[data-chart]').forEach(function (el) {
      if (el.dataset.drawn) return;
      el.dataset.drawn = '1';
      var spec = JSON.parse(el.querySelector('script[type="application/json"]').textContent);
      var width = Math.max(280, el.clientWidth || 600);
      var series = [{}].concat(spec.series.map(function (s, i) {
        return { label: s, stroke: ['#1d4ed8', '#b42318', '#067647', '#7a2e9e'][i % 4], width: 2 };
      }));
      new uPlot({ width: width, height: 220, series: series, axes: [{}, {}], scales: { x: { time: true } } }, spec.data, el.querySelector('.plot'));
    });
  }
  function enhance(root) { openDialogs(root); drawCharts(root); }
  document.addEventListener('DOMContentLoaded', function () { enhance(document); });
  document.addEventListener('htmx:afterSwap', function (e) { enhance(e.target); });
  // A destructive form asks first: its question (an `ask-first` field) in the browser, then the form goes
  // confirmed; without this script the server asks on a page of its own.
  document.addEventListener('submit', function (e) {
    var form = e.target;
    var ask = form.querySelector && form.querySelector('input[name="ask-first"]');
    if (ask) {
      if (form.querySelector('input[name="confirmed"]')) return;
      if (!window.confirm(ask.value)) { e.preventDefault(); return; }
      var confirmed = document.createElement('input');
      confirmed.type = 'hidden'; confirmed.name = 'confirmed'; confirmed.value = 'yes';
      form.appendChild(confirmed);
      return;
    }
    // Other destructive buttons ask too. Steps the server asks about itself (a dialog page) are marked data-asks-first.
    var button = e.submitter;
    if (!button || !button.classList.contains('danger') || button.hasAttribute('data-asks-first') || button.closest('dialog')) return;
    var what = button.getAttribute('aria-label') || button.textContent.trim();
    if (!window.confirm(what + '?')) e.preventDefault();
  });
  document.addEventListener('click', function (e) {
    var t = e.target.closest && e.target.closest('[data-copy]');
    if (t && navigator.clipboard) { navigator.clipboard.writeText(t.getAttribute('data-copy')); t.textContent = 'Copied'; }
    var close = e.target.closest && e.target.closest('[data-close-dialog]');
    if (close) { var d = close.closest('dialog'); if (d) d.close(); }
  });
})();
