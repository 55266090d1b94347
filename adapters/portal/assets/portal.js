// The portal's only script: copy buttons and the activity chart (uPlot, served locally).
(function () {
  'use strict';

  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('button[data-copy]');
    if (!button) return;
    var input = document.getElementById(button.getAttribute('data-copy'));
    if (!input) return;
    var done = function () {
      var label = button.textContent;
      button.textContent = 'Copied';
      setTimeout(function () { button.textContent = label; }, 1500);
    };
    var selectAndCopy = function () {
      input.select();
      try { if (document.execCommand('copy')) done(); } catch (e) { /* the text stays selected for the user */ }
    };
    // The clipboard API may refuse (no permission, page not focused): fall back to the selection.
    if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(input.value).then(done, selectAndCopy);
    else selectAndCopy();
  });

  var box = document.getElementById('activity-chart');
  var data = document.getElementById('activity-data');
  if (!box || !data || typeof uPlot === 'undefined') return;
  var parsed = JSON.parse(data.textContent || '{}');
  var days = parsed.days || [];
  var currencies = parsed.currencies || [];
  var xs = days.map(function (d) { return Date.parse(d.day + 'T00:00:00Z') / 1000; });
  var series = [{}, { label: 'Clicks', stroke: '#1d4ed8', width: 2 }, { label: 'Conversions', stroke: '#166534', width: 2 }];
  var columns = [xs, days.map(function (d) { return d.clicks; }), days.map(function (d) { return d.conversions; })];
  var palette = ['#92400e', '#7c3aed', '#be185d', '#0f766e'];
  currencies.forEach(function (currency, i) {
    series.push({ label: 'Commission ' + currency.toUpperCase(), stroke: palette[i % palette.length], width: 2, scale: 'money' });
    columns.push(days.map(function (d) { return d.commissions[currency] ? Number(d.commissions[currency]) : 0; }));
  });
  var axes = [{}, { label: 'count' }];
  if (currencies.length) axes.push({ side: 1, scale: 'money', label: 'commission', grid: { show: false } });
  var width = function () { return Math.max(280, box.clientWidth); };
  var plot = new uPlot({ width: width(), height: 240, series: series, axes: axes, scales: { x: { time: true } } }, columns, box);
  window.addEventListener('resize', function () { plot.setSize({ width: width(), height: 240 }); });
})();
