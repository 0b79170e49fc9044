import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import internalLinks from './no-literal-internal-path.js';

/**
 * Typed links, proven on probes linted as if they stood in src/client with the repo's
 * own eslint.config.js: a literal internal path in a link or a navigation is reported, a path
 * from the route table and the links that are not internal paths are not.
 */
const eslint = new ESLint({ cwd: process.cwd() });
const rule = 'internal-links/no-literal-internal-path';

async function rulesBroken(code: string, filePath = 'src/client/features/orders/probe.tsx'): Promise<string[]> {
  const header = "import { Link, Navigate, NavLink, useNavigate } from '@client/lib/router';\nimport { paths } from '@shared/client-paths';\n";
  const [result] = await eslint.lintText(`${header}${code}\n`, { filePath: path.resolve(filePath) });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}

const component = (jsx: string) => `export function Probe({ id }: { id: string }) {\n  void id;\n  return ${jsx};\n}`;
const navigation = (call: string) => `export function useProbe(id: string) {\n  const navigate = useNavigate();\n  return () => ${call};\n}`;

describe('no literal internal paths in links', () => {
  it.each([
    ['Link to="/…"', component('<Link to="/dashboard">x</Link>')],
    ['NavLink to={"/…"}', component("<NavLink to={'/admin/orders'}>x</NavLink>")],
    ['Navigate to a template literal', component('<Navigate to={`/checkout?orderId=${id}`} replace />')],
    ['a plain anchor to the home page', component('<a href="/">x</a>')],
    ['a hash on another page', component('<a href="/#faq">x</a>')],
    ['one branch of a condition', component("<Link to={id ? paths.dashboard() : '/order'}>x</Link>")],
    ['navigate() with a literal', navigation("void navigate('/login', { replace: true })")],
    ['navigate() with a fallback literal', navigation("void navigate(id || '/dashboard')")],
    ['a link list entry', "export const links = [{ to: '/terms', label: 'terms' }];"],
  ])('refuses %s', async (_case, code) => {
    expect(await rulesBroken(code)).toContain(rule);
  });

  it.each([
    ['a builder of the route table', component('<Link to={paths.orderConfirm({ orderId: id })}>x</Link>')],
    ['navigate() with a builder, or Back', navigation('void (id ? navigate(paths.adminOrder({ id })) : navigate(-1))')],
    [
      'an external link, mailto: and an anchor on this page',
      component('<p><a href="https://example.com/x">x</a><a href="mailto:help@example.com">m</a><a href="#main">s</a></p>'),
    ],
    ['a protocol-relative URL and a query on this page', component('<p><a href="//cdn.example.com/x">x</a><Link to="?q=1">q</Link></p>')],
    ['an asset and an API download', component('<p><a href="/images/card.svg">i</a><a href={`/api/orders/${id}/receipt`} download>r</a></p>')],
    ['a literal path that is not a link', "export const route = { path: '/order' };"],
  ])('allows %s', async (_case, code) => {
    expect(await rulesBroken(code)).not.toContain(rule);
  });

  it('leaves tests and the router itself alone', async () => {
    expect(await rulesBroken(component('<Link to="/order">x</Link>'), 'src/client/features/orders/probe.test.tsx')).not.toContain(rule);
    expect(await rulesBroken(component('<Link to="/order">x</Link>'), 'src/client/lib/router/probe.tsx')).not.toContain(rule);
  });

  it('holds across src/client today', async () => {
    // this rule alone (npm run lint runs every rule): the full set takes half a minute here
    const alone = new ESLint({
      cwd: process.cwd(),
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser }, plugins: { 'internal-links': internalLinks }, rules: { [rule]: 'error' } },
        { ignores: ['src/client/**/*.test.{ts,tsx}', 'src/client/lib/router/**'] },
      ],
    });
    const results = await alone.lintFiles(['src/client']);
    const found = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === rule)
        .map((message) => `${path.relative(process.cwd(), result.filePath)}:${message.line} ${message.message}`),
    );
    expect(found).toEqual([]);
  });
});
