// One self-contained page (inline CSS, SVG and script; nothing fetched) with every machine's state
// graph: covered, uncovered and declared-unreachable transitions in their own colours, and a
// click on a transition (an edge, its label, or a ⟲ line inside a state) lists the generated
// paths that take it.
import type { PathsCoverage } from '../../src/testing/paths';
import { coverageOf, toDrawable, transitionLabel } from './graph';
import { FONT_SIZE, LABEL_LINE_HEIGHT, layoutMachine, type MachineLayout } from './layout';

const COLOURS = { covered: '#2e7d32', uncovered: '#d32f2f', unreachable: '#8a8a8a' } as const;

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function percent(covered: number, total: number): string {
  return total === 0 ? '-' : `${Math.round((covered / total) * 100)}%`;
}

function svgFor(machineIndex: number, layout: MachineLayout): string {
  const parts: string[] = [];
  parts.push(
    `<svg class="graph" width="${layout.width}" height="${layout.height}" viewBox="0 0 ${layout.width} ${layout.height}" xmlns="http://www.w3.org/2000/svg">`,
  );
  parts.push('<defs>');
  for (const [kind, colour] of Object.entries(COLOURS)) {
    parts.push(
      `<marker id="arrow-${kind}-${machineIndex}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="${colour}"/></marker>`,
    );
  }
  parts.push('</defs>');
  for (const box of layout.boxes) {
    const classes = ['state', box.coverage, box.compound ? 'compound' : 'atomic', box.type].join(' ');
    const title = box.type === 'parallel' ? `${box.label} (parallel)` : box.label;
    parts.push(`<g class="${classes}" data-state="${escapeHtml(box.name)}">`);
    parts.push(
      `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="${box.compound ? 8 : 14}" fill="${box.compound ? (box.depth % 2 ? '#f4f7fb' : '#ffffff') : '#fffbe8'}"/>`,
    );
    if (box.type === 'final') parts.push(`<rect class="final-ring" x="${box.x + 3}" y="${box.y + 3}" width="${box.w - 6}" height="${box.h - 6}" rx="11" fill="none"/>`);
    parts.push(`<text class="state-title" x="${box.x + 12}" y="${box.y + 16}">${escapeHtml(title)}</text>`);
    if (box.initial) parts.push(`<circle class="initial" cx="${box.x}" cy="${box.y}" r="5"><title>initial state</title></circle>`);
    for (const line of box.selfLines) {
      parts.push(
        `<text class="self transition ${line.coverage}" data-m="${machineIndex}" data-t="${line.transition}" x="${line.x}" y="${line.y}">${escapeHtml(line.label)}</text>`,
      );
    }
    parts.push('</g>');
  }
  // Arrows first, labels above them all.
  for (const edge of layout.edges) {
    const colour = COLOURS[edge.coverage];
    const first = edge.lines[0]!.transition;
    parts.push(`<g class="edge transition ${edge.coverage}" data-m="${machineIndex}" data-t="${first}" data-ts="${edge.lines.map((line) => line.transition).join(' ')}">`);
    parts.push(`<path class="hit" d="${edge.d}"/>`);
    parts.push(`<path class="line" d="${edge.d}" stroke="${colour}" marker-end="url(#arrow-${edge.coverage}-${machineIndex})"/>`);
    parts.push('</g>');
  }
  for (const edge of layout.edges) {
    const top = edge.labelY - (edge.lines.length * LABEL_LINE_HEIGHT) / 2 + LABEL_LINE_HEIGHT - 3;
    edge.lines.forEach((line, index) => {
      parts.push(
        `<text class="edge-label transition ${line.coverage}" data-m="${machineIndex}" data-t="${line.transition}" x="${edge.labelX.toFixed(1)}" y="${(top + index * LABEL_LINE_HEIGHT).toFixed(1)}" text-anchor="middle" fill="${COLOURS[line.coverage]}">${escapeHtml(line.text)}</text>`,
      );
    });
  }
  parts.push('</svg>');
  return parts.join('\n');
}

function transitionList(machineIndex: number, report: PathsCoverage): string {
  const rows = report.graph.transitions.map((transition, index) => {
    const coverage = coverageOf(transition);
    const takenBy = coverage === 'covered' ? `${transition.paths.length} path${transition.paths.length === 1 ? '' : 's'}` : coverage === 'unreachable' ? 'unreachable' : 'not reached';
    return `<li class="transition ${coverage}" data-m="${machineIndex}" data-t="${index}"><span class="dot"></span><code>${escapeHtml(transition.name)}</code> <span class="taken">${takenBy}</span></li>`;
  });
  return `<details><summary>All ${report.graph.transitions.length} transitions</summary><ul class="list">${rows.join('')}</ul></details>`;
}

export function renderCoverageHtml(reports: PathsCoverage[]): string {
  const data = reports.map((report) => ({
    name: report.name,
    paths: report.graph.paths,
    transitions: report.graph.transitions.map((transition) => ({
      name: transition.name,
      label: transitionLabel(transition),
      coverage: coverageOf(transition),
      reason: transition.unreachable ?? null,
      paths: transition.paths,
    })),
  }));
  const sections = reports.map((report, index) => {
    const layout = layoutMachine(toDrawable(report.graph), report.graph.transitions);
    const reachable = report.transitions.total - report.transitions.unreachable.length;
    const reachableStates = report.states.total - report.states.unreachable.length;
    const unreachable = report.transitions.unreachable.length + report.states.unreachable.length;
    return `<section class="machine" id="machine-${escapeHtml(report.name)}">
<h2>${escapeHtml(report.name)}</h2>
<p class="summary">${report.paths} generated paths · states ${report.states.covered}/${reachableStates} (${percent(report.states.covered, reachableStates)}) · transitions ${report.transitions.covered}/${reachable} (${percent(report.transitions.covered, reachable)})${unreachable ? ` · ${unreachable} declared unreachable` : ''}</p>
<div class="scroll">${svgFor(index, layout)}</div>
${transitionList(index, report)}
</section>`;
  });
  const nav = reports.map((report) => {
    const reachable = report.transitions.total - report.transitions.unreachable.length;
    const complete = report.transitions.covered === reachable && report.states.missing.length === 0;
    return `<li><a href="#machine-${escapeHtml(report.name)}" class="${complete ? 'complete' : 'incomplete'}">${escapeHtml(report.name)} <span>${report.transitions.covered}/${reachable}</span></a></li>`;
  });
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Path coverage — state graphs</title>
<style>
body { margin: 0; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; color: #1f2328; display: grid; grid-template-columns: 210px 1fr 380px; height: 100vh; }
nav { overflow: auto; border-right: 1px solid #d0d7de; padding: 12px; background: #f6f8fa; }
nav h1 { font-size: 15px; margin: 0 0 8px; }
nav ul { list-style: none; padding: 0; margin: 0; }
nav a { display: flex; justify-content: space-between; padding: 3px 6px; border-radius: 4px; text-decoration: none; color: inherit; }
nav a:hover { background: #e7ecf0; }
nav a.incomplete span { color: ${COLOURS.uncovered}; font-weight: 600; }
nav a.complete span { color: ${COLOURS.covered}; }
main { overflow: auto; padding: 0 16px 40px; }
.legend { position: sticky; top: 0; background: #fff; padding: 8px 0; border-bottom: 1px solid #d0d7de; z-index: 1; display: flex; gap: 18px; flex-wrap: wrap; align-items: center; }
.legend .key { display: inline-flex; gap: 6px; align-items: center; }
.legend svg { vertical-align: middle; }
.machine h2 { margin: 18px 0 2px; font-size: 18px; }
.summary { margin: 0 0 6px; color: #57606a; }
.scroll { overflow: auto; border: 1px solid #e1e4e8; border-radius: 6px; }
svg.graph { font: ${FONT_SIZE}px ui-monospace, SFMono-Regular, Menlo, monospace; display: block; }
.state rect { stroke: #57606a; stroke-width: 1.2; }
.state.compound > rect { stroke: #8c959f; }
.state.uncovered > rect { stroke: ${COLOURS.uncovered}; stroke-width: 2; stroke-dasharray: 5 3; }
.state.unreachable > rect { stroke: ${COLOURS.unreachable}; stroke-dasharray: 2 3; }
.final-ring { stroke: #57606a; }
.state-title { font-weight: 700; fill: #1f2328; }
.initial { fill: #1f2328; }
.edge .line { fill: none; stroke-width: 1.6; }
.edge.uncovered .line { stroke-dasharray: 6 4; stroke-width: 2.2; }
.edge.unreachable .line { stroke-dasharray: 2 4; }
.edge .hit { fill: none; stroke: transparent; stroke-width: 12; }
.edge-label { paint-order: stroke; stroke: #fff; stroke-width: 4px; stroke-linejoin: round; font-size: 11px; }
.transition { cursor: pointer; }
.self { paint-order: stroke; stroke: #fffbe8; stroke-width: 4px; stroke-linejoin: round; }
.self.covered { fill: ${COLOURS.covered}; }
.self.uncovered { fill: ${COLOURS.uncovered}; font-weight: 700; }
.self.unreachable { fill: ${COLOURS.unreachable}; }
.transition.selected .line, .edge.has-selected .line { stroke-width: 4; }
.edge-label.uncovered { font-weight: 700; }
.transition.selected .edge-label, text.transition.selected { font-weight: 700; text-decoration: underline; }
.edge:hover .line { stroke-width: 3; }
ul.list { list-style: none; padding-left: 4px; font-size: 13px; }
ul.list li { padding: 1px 0; }
ul.list .dot { display: inline-block; width: 9px; height: 9px; border-radius: 50%; margin-right: 6px; }
li.covered .dot { background: ${COLOURS.covered}; } li.uncovered .dot { background: ${COLOURS.uncovered}; } li.unreachable .dot { background: ${COLOURS.unreachable}; }
li.uncovered code { color: ${COLOURS.uncovered}; }
.taken { color: #57606a; }
aside { overflow: auto; border-left: 1px solid #d0d7de; padding: 12px; background: #fbfcfd; }
aside h3 { margin: 0 0 6px; font-size: 15px; }
aside code { word-break: break-all; }
aside ol { padding-left: 22px; font: 12px/1.5 ui-monospace, monospace; }
aside li { margin-bottom: 4px; word-break: break-word; }
.badge { display: inline-block; padding: 1px 8px; border-radius: 10px; color: #fff; font-size: 12px; }
.badge.covered { background: ${COLOURS.covered}; } .badge.uncovered { background: ${COLOURS.uncovered}; } .badge.unreachable { background: ${COLOURS.unreachable}; }
</style>
</head>
<body>
<nav><h1>Machines</h1><ul>${nav.join('')}</ul></nav>
<main>
<div class="legend">
<strong>Transitions:</strong>
<span class="key"><svg width="34" height="10"><line x1="0" y1="5" x2="34" y2="5" stroke="${COLOURS.covered}" stroke-width="2"/></svg> covered by a generated path</span>
<span class="key"><svg width="34" height="10"><line x1="0" y1="5" x2="34" y2="5" stroke="${COLOURS.uncovered}" stroke-width="2.2" stroke-dasharray="6 4"/></svg> not covered</span>
<span class="key"><svg width="34" height="10"><line x1="0" y1="5" x2="34" y2="5" stroke="${COLOURS.unreachable}" stroke-width="2" stroke-dasharray="2 4"/></svg> declared unreachable</span>
<span class="key">⟲ stays in its state · ● initial · click a transition for its paths</span>
</div>
${sections.join('\n')}
</main>
<aside id="details"><h3>Transition</h3><p>Click a transition (an arrow, its label, a ⟲ line or a row of a list) to see the generated paths that take it.</p></aside>
<script type="application/json" id="coverage-data">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>
<script>
(function () {
  var data = JSON.parse(document.getElementById('coverage-data').textContent);
  var panel = document.getElementById('details');
  function esc(text) { var div = document.createElement('div'); div.textContent = text; return div.innerHTML; }
  function show(m, t) {
    var machine = data[m], transition = machine.transitions[t];
    document.querySelectorAll('.transition.selected').forEach(function (el) { el.classList.remove('selected'); });
    document.querySelectorAll('.transition[data-m="' + m + '"][data-t="' + t + '"]').forEach(function (el) { el.classList.add('selected'); });
    document.querySelectorAll('.edge.has-selected').forEach(function (el) { el.classList.remove('has-selected'); });
    document.querySelectorAll('.edge[data-m="' + m + '"]').forEach(function (el) {
      if ((' ' + el.getAttribute('data-ts') + ' ').indexOf(' ' + t + ' ') >= 0) el.classList.add('has-selected');
    });
    var status = { covered: 'covered', uncovered: 'not covered', unreachable: 'declared unreachable' }[transition.coverage];
    var html = '<h3>' + esc(machine.name) + '</h3><p><code>' + esc(transition.name) + '</code></p>' +
      '<p><span class="badge ' + transition.coverage + '">' + status + '</span></p>';
    if (transition.reason) html += '<p><strong>Why:</strong> ' + esc(transition.reason) + '</p>';
    if (transition.paths.length) {
      var shown = transition.paths.slice(0, 200);
      html += '<p>' + transition.paths.length + ' generated path' + (transition.paths.length === 1 ? '' : 's') + ' take it (event sequences):</p><ol class="paths">' +
        shown.map(function (p) { return '<li>' + esc(machine.paths[p]) + '</li>'; }).join('') + '</ol>';
      if (transition.paths.length > shown.length) html += '<p>… and ' + (transition.paths.length - shown.length) + ' more.</p>';
    } else if (transition.coverage === 'uncovered') {
      html += '<p>No generated path takes it.</p>';
    }
    panel.innerHTML = html;
  }
  document.addEventListener('click', function (event) {
    var el = event.target.closest('.transition');
    if (el) show(Number(el.getAttribute('data-m')), Number(el.getAttribute('data-t')));
  });
})();
</script>
</body>
</html>
`;
}
