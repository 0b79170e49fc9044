/**
 * Typed links: an internal path in a link or a navigation is built from the route table
 * (`paths.<page>(…)`, src/shared/client-paths.ts), never written by hand, so a renamed page or a
 * missing parameter fails the type checker instead of a visitor. Reported: a string or template
 * literal starting with '/' as the `to` or `href` of any JSX element (Link, NavLink, Navigate, a),
 * as a `to`/`href` property of an object (link lists), or as the first argument of `navigate()`,
 * also as a branch of `?:`, `??`, `||` and `&&`. Fine: external URLs (also `//host`), `mailto:`,
 * `#anchor`, `?query`, API paths (/api/…) and files (a last segment with an extension: assets).
 */

const positions = new Set(['to', 'href']);

/** the path a literal starts with, when it is one written by hand for a page */
function internalPath(text) {
  if (!text.startsWith('/') || text.startsWith('//')) return undefined;
  const pathname = text.split(/[?#]/)[0];
  if (pathname === '/api' || pathname.startsWith('/api/')) return undefined;
  const last = pathname.slice(pathname.lastIndexOf('/') + 1);
  if (/\.\w+$/.test(last)) return undefined;
  return text;
}

/** the hand-written paths an expression can evaluate to */
function literalPaths(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
      return typeof node.value === 'string' && internalPath(node.value) ? [node] : [];
    case 'TemplateLiteral': {
      const head = node.quasis[0]?.value.cooked ?? '';
      // `/checkout?orderId=${id}`; `${base}/x` starts with something built, not with a literal
      return internalPath(node.expressions.length > 0 && head === '/' ? '/x' : head) ? [node] : [];
    }
    case 'ConditionalExpression':
      return [...literalPaths(node.consequent), ...literalPaths(node.alternate)];
    case 'LogicalExpression':
      return [...literalPaths(node.left), ...literalPaths(node.right)];
    case 'JSXExpressionContainer':
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
    case 'TSNonNullExpression':
      return literalPaths(node.expression);
    default:
      return [];
  }
}

const propertyName = (key) => (key.type === 'Identifier' ? key.name : key.type === 'Literal' ? String(key.value) : undefined);

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralInternalPath = {
  meta: {
    type: 'problem',
    docs: { description: 'Internal links are built from the route table (paths in @shared/client-paths), not written as literal paths.' },
    messages: {
      literal: "'{{path}}' is an internal path written by hand: build it from the route table (paths.<page>(…) in @shared/client-paths).",
    },
    schema: [],
  },
  create(context) {
    const report = (nodes) => {
      for (const node of nodes) context.report({ node, messageId: 'literal', data: { path: context.sourceCode.getText(node).replace(/^['"`]|['"`]$/g, '') } });
    };
    return {
      JSXAttribute(node) {
        if (node.name.type === 'JSXIdentifier' && positions.has(node.name.name)) report(literalPaths(node.value));
      },
      Property(node) {
        if (!node.computed && positions.has(propertyName(node.key))) report(literalPaths(node.value));
      },
      CallExpression(node) {
        if (node.callee.type === 'Identifier' && node.callee.name === 'navigate') report(literalPaths(node.arguments[0]));
      },
    };
  },
};

export default { rules: { 'no-literal-internal-path': noLiteralInternalPath } };
