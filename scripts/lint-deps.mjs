// `npm run lint:deps` (part of `npm run lint`): the layers of docs/architecture.md, checked on the
// imports of apps/api/src and apps/web/src.
//
// dependency-cruiser reads every import (type-only ones too) and checks the file-level rules of
// .dependency-cruiser.cjs: no file cycle, the API's core knows no module, plugins reach a module
// only through its index.ts, features never import admin modules, web features never import app/.
// This script adds the module-level rule that dependency-cruiser has no exact form for: the files
// of each module (an API `modules/<x>`, `plugins`, `lib`, …; a web `features/<x>`,
// `admin/features/<area>`, `admin/app`, `app`, `components`, …) taken together never import in a circle with
// another module's, even when no two single files do.
//
// scripts/layers-known-exceptions.js lists what is let through, each with its reason; an entry
// that no longer excuses anything fails the run, so the list only shrinks.
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { knownExceptions } from './layers-known-exceptions.js';
import { root } from './lib.mjs';

const roots = ['apps/api/src', 'apps/web/src'];

/** The module a file belongs to, or null outside the two apps' sources. */
export function moduleOf(file) {
  let m = /^apps\/api\/src\/(modules\/[^/]+|[^/]+?)(?:\.ts)?(?:\/|$)/.exec(file);
  if (m) return `api/${m[1]}`;
  m = /^apps\/web\/src\/(admin\/features\/[^/]+?|admin\/[^/]+?|features\/[^/]+?|[^/]+?)(?:\.tsx?)?(?:\/|$)/.exec(file);
  if (m) return `web/${m[1]}`;
  return null;
}

/** Strongly connected parts of a graph (Tarjan): each a set of nodes that reach one another. */
function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const parts = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const part = new Set();
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        part.add(w);
      } while (w !== v);
      if (part.size > 1) parts.push(part);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return parts;
}

/** Module-level cycles: every import between two modules that lie on one circle. */
function moduleCycleViolations(modules) {
  const graph = new Map();
  for (const mod of modules) {
    const from = moduleOf(mod.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const dep of mod.dependencies) {
      const to = moduleOf(dep.resolved);
      if (!to || to === from) continue;
      const edges = graph.get(from);
      if (!edges.has(to)) edges.set(to, []);
      edges.get(to).push(`${mod.source} → ${dep.resolved}`);
    }
  }
  const found = [];
  for (const part of cycles(graph)) {
    for (const from of part) {
      for (const [to, imports] of graph.get(from)) {
        if (part.has(to)) found.push({ rule: 'no-module-cycle', from, to, detail: [...imports.slice(0, 3), ...(imports.length > 3 ? [`… ${imports.length - 3} more`] : [])], circle: [...part] });
      }
    }
  }
  return found;
}

const excuses = (exception, violation) => {
  if (exception.rule !== violation.rule) return false;
  if (exception.between) {
    const set = new Set(exception.between);
    return set.has(violation.from) && set.has(violation.to);
  }
  return exception.from === violation.from && exception.to === violation.to;
};

const started = Date.now();
const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
const tsConfig = options.tsConfig?.fileName ? extractTSConfig(options.tsConfig.fileName) : undefined;
process.chdir(root);
const { output: result } = await cruise(roots, options, {}, { tsConfig });

const violations = [
  ...result.summary.violations.map((v) => ({
    rule: v.rule.name,
    from: v.from,
    to: v.to,
    detail: v.cycle ? [`${v.from} → ${v.cycle.map((c) => c.name).join(' → ')}`] : [],
  })),
  ...moduleCycleViolations(result.modules),
];

const used = new Set();
const failures = violations.filter((v) => {
  const exception = knownExceptions.find((e) => excuses(e, v));
  if (exception) used.add(exception);
  return !exception;
});
const stale = knownExceptions.filter((e) => !used.has(e));

const comments = new Map(options.ruleSet.forbidden.map((r) => [r.name, r.comment]));
comments.set('no-module-cycle', 'Two modules import each other, through any of their files: neither is a layer below the other. Move what both need one layer down, or let the lower one be told (a port, a hook, an argument).');
for (const v of failures) {
  console.log(`  error ${v.rule}: ${v.from} → ${v.to}`);
  for (const line of v.detail) console.log(`      ${line}`);
}
for (const rule of new Set(failures.map((v) => v.rule))) console.log(`\n  ${rule}: ${comments.get(rule) ?? ''}`);
for (const e of stale) console.log(`  error stale-exception: ${e.rule} ${e.between ? e.between.join(' ↔ ') : `${e.from} → ${e.to}`} excuses nothing now: remove it from scripts/layers-known-exceptions.js`);

const seconds = ((Date.now() - started) / 1000).toFixed(1);
const summary = `${result.summary.totalCruised} files, ${result.summary.totalDependenciesCruised} imports in ${seconds} s; ${used.size} known exception(s)`;
if (failures.length > 0 || stale.length > 0) {
  console.log(`\n✘ ${failures.length} layer violation(s), ${stale.length} stale exception(s) (${summary}). The layers: docs/architecture.md.`);
  process.exitCode = 1;
} else {
  console.log(`✔ layers: no violation (${summary})`);
}
