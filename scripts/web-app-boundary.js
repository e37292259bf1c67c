import path from 'node:path';

const SRC = path.join(import.meta.dirname, '..', 'apps', 'web', 'src');
const PANEL = path.join(SRC, 'admin');

/**
 * What of the site's app (src/app, src/features) the operators' panel (src/admin) may still read:
 * the session, and two parts not yet moved to components/ (docs/decisions/0032). Test helpers too.
 */
const PANEL_MAY_READ = [/^features\/auth(\/index)?$/, /^features\/account\/components\/notification-item$/, /^app\/layout\/toaster$/, /^features\/premium\/test\//];

/**
 * ESLint rule: the site and the operators' panel are two apps of apps/web (decision 32). The
 * panel reads the site's theme/, lib/, config/ and components/, not its app or features (but the
 * list above); the site reads nothing of the panel's. Relative imports are resolved against the
 * importing file, so `../features/…` means the panel's own features inside src/admin.
 */
export const appBoundary = {
  meta: {
    type: 'problem',
    messages: {
      panelReadsSite: "The panel is an app of its own: share '{{target}}' through theme/, lib/, config/ or components/, not the site's app or features.",
      siteReadsPanel: "The site does not import the panel's code ('{{target}}'); link to the panel with <a href>.",
    },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    if (!file.startsWith(SRC + path.sep)) return {};
    const inPanel = file.startsWith(PANEL + path.sep);
    const check = (node) => {
      const spec = node.source && node.source.type === 'Literal' ? node.source.value : null;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.relative(SRC, path.resolve(path.dirname(file), spec)).split(path.sep).join('/');
      if (inPanel) {
        if (/^(app|features)\//.test(target) && !PANEL_MAY_READ.some((re) => re.test(target))) context.report({ node, messageId: 'panelReadsSite', data: { target } });
      } else if (target === 'admin' || target.startsWith('admin/')) {
        context.report({ node, messageId: 'siteReadsPanel', data: { target } });
      }
    };
    return { ImportDeclaration: check, ImportExpression: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};
