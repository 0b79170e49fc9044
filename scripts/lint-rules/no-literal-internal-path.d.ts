import type { ESLint, Rule } from 'eslint';

export declare const noLiteralInternalPath: Rule.RuleModule;
declare const plugin: ESLint.Plugin & { rules: { 'no-literal-internal-path': Rule.RuleModule } };
export default plugin;
